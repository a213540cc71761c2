"""Mutation test: change any input of any example, and the site either says the new truth or stops at each stale
sentence with page:line. Never a crash, never a quiet build of old words.

tests/mutations.py does the work in a fresh process (it swaps examples and re-imports the engine); this file
reads its report. The counts are printed (`pytest -s` or the summary of `make test`).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import change_ball_key, mkdocs

# One worker runs these together under `pytest -n`, so the shared fixture is made once.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("mutations")]

RUNNER = Path(__file__).resolve().parent / "mutations.py"
RE_PLACED = re.compile(r"^docs/[\w/.-]+\.md:\d+: \S")
RE_FIELD = re.compile(r"^[A-Z]\w+\.\w+: \S")  # `Positions.a_K_text: ...`, which the build places at that field's line


def reports(runs: list[subprocess.Popen[str]]) -> list[dict[str, object]]:
    """The reports of runner processes started together, one per mutation, once all have finished."""
    outputs = [run.communicate(timeout=1800) for run in runs]
    for run, (_, errors) in zip(runs, outputs, strict=True):
        assert run.returncode == 0, errors[-3000:]
    return [json.loads(line) for stdout, _ in outputs for line in stdout.splitlines()]


def start(*args: str) -> subprocess.Popen[str]:
    """Start the runner with `args`."""
    return subprocess.Popen([sys.executable, str(RUNNER), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def run(*args: str) -> list[dict[str, object]]:
    """The runner's reports, one per mutation."""
    return reports([start(*args)])


@pytest.fixture(scope="module")
def every_mutation() -> list[dict[str, object]]:
    """Every seeded random and targeted mutation of every input field of every example, shared among as many
    runner processes as the machine has cores."""
    shares = os.cpu_count() or 1
    return reports([start(f"{share}/{shares}") for share in range(shares)])


def errors_of(report: dict[str, object]) -> list[str]:
    """The stale claims and other failures one mutation caused, one `page:line: message` each."""
    return [line for error in report["errors"] for line in str(error).split("\n")]  # type: ignore[union-attr]


def test_every_mutation_builds_or_stops_at_page_and_line(every_mutation: list[dict[str, object]]) -> None:
    """Assert no mutation crashes the engine, and every failure names a page and a line."""
    assert len(every_mutation) >= 200
    crashes = [f"{r['example']} {r['field']} {r['kind']}: {r['crash']}" for r in every_mutation if r["crash"]]
    assert crashes == []
    unplaced = [line for report in every_mutation for line in errors_of(report) if not RE_PLACED.match(line)]
    assert unplaced == []
    refused = [r for r in every_mutation if r["outcome"] == "refused"]
    assert all(RE_FIELD.match(str(r["refused"])) for r in refused), refused  # named by its class and field
    stopped = [r for r in every_mutation if r["outcome"] == "stopped"]
    built = [r for r in every_mutation if r["outcome"] == "built"]
    kinds = Counter(str(r["kind"]) for r in every_mutation)
    print(f"\n{len(every_mutation)} mutations ({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))}): "
          f"{len(built)} rebuilt with their words computed or checked, {len(stopped)} stopped the build, naming "
          f"{sum(len(errors_of(r)) for r in stopped)} stale claims or listings, {len(refused)} refused at the "
          "example's field (out of its declared range)")
    for report in stopped[:10]:
        print(f"  {report['example']} {report['field']} ({report['kind']}): {len(errors_of(report))} caught")


def test_no_mutation_leaves_every_page_as_it_was(every_mutation: list[dict[str, object]]) -> None:
    """Assert every mutation changes what some page shows or stops the build: a change that reaches no page is an
    input the pages do not show, or an example the engine does not read from where the test changed it."""
    inert = [f"{r['example']} {r['field']} ({r['kind']}) = {r['value']}" for r in every_mutation
             if r["outcome"] == "inert" and r["kind"] != "rename"]  # a token no page shows cannot go stale
    assert inert == []


def test_every_example_input_is_mutated(every_mutation: list[dict[str, object]]) -> None:
    """Assert every example the runner finds in attention_core/examples has its inputs mutated, each at least once,
    and that it found every registered example (and one more than the first nineteen: rnn-path)."""
    from attention_core import EXAMPLES

    mutated = {(str(r["example"]), str(r["field"])) for r in every_mutation}
    assert {name for name, _ in mutated} == set(EXAMPLES)
    assert ("bus-is-late", "keys_text") in mutated and ("red-ball-rolls", "W_v_text") in mutated
    assert ("rnn-path", "length") in mutated and ("red-ball-rolls", "calculator_places") in mutated


def test_every_example_module_defines_is_registered() -> None:
    """Assert the runner finds no example that is missing from EXAMPLES."""
    assert json.loads(subprocess.run([sys.executable, str(RUNNER), "--unreachable"], capture_output=True,
                                     text=True, check=True).stdout) == []


def test_an_example_the_registry_lacks_is_named_not_skipped() -> None:
    """Assert an example defined in a module but not registered is reported by its module and name, instead of
    being skipped (or crashing with a bare StopIteration, as before)."""
    import dataclasses

    import mutations

    from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS

    stray = mutations.Found("attention_core.examples.stray", "STRAY", dataclasses.replace(RED_BALL_ROLLS, name="stray"))
    problems = mutations.unreachable([stray])
    assert len(problems) == 1
    assert problems[0].startswith("attention_core.examples.stray.STRAY ('stray') is not in attention_core.EXAMPLES")


@pytest.mark.parametrize(("example", "field", "value", "page"), [
    ("bus-is-late", "keys_text", [["0", "1"], ["0", "2"], ["1", "1"]], "docs/lesson/index.md"),
    ("red-ball-rolls", "W_v_text", [["1", "0"], ["0", "2"], ["2", "1"]], "docs/walkthrough/code.md"),
    ("red-ball-rolls", "W_q2_text", [["1"], ["0"], ["1"]], "docs/beyond/checks.md"),
    ("rotary", "base", 500, "docs/beyond/rotary-and-alibi.md"),
    ("exercises", "W_k_text", [["0"], ["ln 2"], ["1"]], "docs/walkthrough/exercises.md"),
    ("head-width", "samples", 8, "docs/walkthrough/scaling.md"),
    ("cross-padding", "finite_fill", -2.0, "docs/beyond/cross-attention-and-padding.md"),
], ids=["bus key (0, 1)", "rolls value (2, 1)", "head 2's own W_Q (zero=)", "rotary base not RoFormer's (published=)",
        "exercise keys not the deck's (same=)", "eight samples: not close to 1 (close=)",
        "fill -2: not large (size=, same=)"])
def test_the_reported_mutations_stop_at_the_stale_pages(example: str, field: str, value: list, page: str) -> None:
    """Assert the user's two changes (bus key (0, 1), rolls value (2, 1)) stop the build at the pages they stale."""
    (report,) = run(example, field, json.dumps(value))
    assert report["crash"] is None
    assert any(line.startswith(page + ":") for line in errors_of(report)), errors_of(report)


# messages of an entry or the core that assumed a size, not of a claim that no longer holds
ENGINE_ERRORS = re.compile(r"cannot take \d+x\d+ labels|this side-by-side view needs|has d_k=\d+ but|core's limit|"
                           r"must be d_v=")
D_K_2 = {"W_q_text": [["0", "1"], ["0", "0"], ["1", "0"]], "W_k_text": [["0", "0"], ["ln 2", "0"], ["0", "1"]]}


@pytest.mark.parametrize(("example", "changes", "refused"), [
    ("red-ball-rolls", {**D_K_2, "cross-padding:W_q_dec_text": [["1", "0"], ["2", "1"], ["0", "0"]]}, None),
    ("red-ball-rolls", {"W_q2_text": D_K_2["W_q_text"], "W_k2_text": D_K_2["W_k_text"]}, None),
    ("red-ball-rolls", D_K_2, "CrossPadding.W_q_dec_text: has rows of 1 but the keys of red ball rolls have d_k = 2"),
    ("red-ball-rolls", {"W_q_text": D_K_2["W_q_text"]}, "RedBallRolls.W_k_text: "),
    ("red-ball-rolls", {"W_v_text": [["1"], ["0"], ["1"]], "W_v2_text": [["1"], ["0"], ["1"]],
                        "W_o_text": [["1", "0", "1/2"], ["0", "1", "0"]]}, "TrainingStep.target_text: 2 entries"),
    ("red-ball-rolls", {"W_v_text": [["1"], ["0"], ["1"]], "W_v2_text": [["1"], ["0"], ["1"]],
                        "W_o_text": [["1", "0", "1/2"], ["0", "1", "0"]], "training-step:target_text": ["2"]}, None),
    ("exercises", {"shape_n": 8192}, None),
    ("exercises", {"shape_n": 8193}, "Exercises.shape_n: 8193 is out of range"),
    ("kv-memory", {"contexts": [4096, 32768, 1_000_000]}, None),
    ("kv-memory", {"contexts": [4096, 32768, 1_000_001]}, "KVMemory.contexts: 1000001 is out of range"),
    ("head-width", {"widths": [1, 512]}, None),
    ("head-width", {"widths": [512]}, "HeadWidth.widths: (512,) is one width"),
    ("rotary", {"offset_starts": [0, 8192]}, None),
    ("rotary", {"offset_starts": [0]}, "Rotary.offset_starts: (0,) moves the pair to one place"),
    ("bus-is-late", {"scale_text": "0"}, "BusIsLate.scale_text: “0” is not above 0; accepted: the scale"),
    ("tiled-attention", {"scale_text": "-1"}, "TiledAttention.scale_text: “-1” is not above 0; accepted: the scale"),
    ("cross-padding", {"left_real": [False, True, 2]},
     "CrossPadding.left_real: (False, True, 2) holds more than flags"),
    ("positions", {"other_tokens": ["man", "bites", "cat"]}, "Positions.other_tokens: ('man', 'bites', 'cat') is not"),
], ids=["head 1 d_k = 2 (and the decoder's W_Q)", "head 2 d_k = 2", "head 1 d_k = 2: the decoder's W_Q no longer fits",
        "W_Q wider than W_K", "d_v = 1: the target no longer fits", "d_v = 1 (and the target)",
        "exercise 4 at the core's MAX_TOKENS", "exercise 4 one token more", "a context at MAX_COUNTED_TOKENS",
        "a context one token more", "two widths at the range's ends", "one width: no slope",
        "two offsets at the range's ends", "one offset: nothing to compare", "scale 0", "a negative scale",
        "a flag 2", "a second sentence of other tokens"])
def test_a_valid_input_of_another_width_renders_or_names_its_claims(example: str, changes: dict, refused: str | None
                                                                      ) -> None:
    """Assert an input of another width (d_k = 2 where the deck has 1) builds or stops at the page lines whose claims
    no longer hold, never at an entry that assumed the deck's width (`a 3x2 matrix cannot take 3x1 labels`); and an
    input that cannot go with the others is refused at its example's field."""
    (report,) = run(example, *(item for field, value in changes.items() for item in (field, json.dumps(value))))
    assert report["crash"] is None, report["crash"]
    if refused:
        assert report["outcome"] == "refused" and str(report["refused"]).startswith(refused), report
        return
    assert report["outcome"] in ("built", "stopped"), report
    assert [line for line in errors_of(report) if ENGINE_ERRORS.search(line) or not RE_PLACED.match(line)] == []


def lines_writing(page: Path, word: str) -> set[int]:
    """The lines of a page (from 1, front matter counted) that write `word` in italics or as a tab's title,
    outside fenced code, inline code and directives."""
    italic = re.compile(rf"(?<![*\w])\*{re.escape(word)}\*(?![*\w])|^\s*=== \"[^\"]*\b{re.escape(word)}\b",
                        re.IGNORECASE)
    written, fenced = set(), False
    for number, line in enumerate(page.read_text(encoding="utf-8").split("\n"), start=1):
        if re.match(r"\s*(```|~~~)", line):
            fenced = not fenced
        elif not fenced and italic.search(re.sub(r"`[^`]*`|<!--.*?-->", "", line)):
            written.add(number)
    return written


@pytest.mark.parametrize(("example", "old", "tokens"), [
    ("red-ball-rolls", "rolls", ["red", "ball", "glides"]),
    ("red-ball-rolls", "red", ["crimson", "ball", "rolls"]),
    ("bus-is-late", "late", ["bus", "is", "tardy"]),
    ("rotary", "rolls", ["red", "ball", "glides"]),
    ("positions", "man", ["dog", "bites", "cat"]),
    ("training-step", "rolls", ["red", "ball", "glides"]),
], ids=["rolls", "red", "late, the focus", "rotary's rolls", "man, in tab titles", "training-step's rolls"])
def test_a_renamed_token_stops_the_build_at_every_line_that_writes_it(example: str, old: str, tokens: list) -> None:
    """Assert renaming a token in an example's data stops the build, and on each page it stops names every line that
    writes the old name (in italics or a tab title), not only the directives that pin it; titles computed with
    pick=sequence follow the new name instead."""
    (report,) = run(example, "tokens", json.dumps(tokens))
    assert report["crash"] is None and report["outcome"] == "stopped", report
    named = {(page, int(line)) for page, line, _ in (error.split(":", 2) for error in errors_of(report))}
    root = Path(__file__).resolve().parent.parent
    missed = [f"{page}:{line}" for page in {page for page, _ in named}
              for line in sorted(lines_writing(root / page, old)) if (page, line) not in named]
    assert missed == []


def test_a_full_build_stops_at_each_stale_sentence_without_a_traceback(project_copy: Path) -> None:
    """Assert one strict MkDocs build with ball's key changed stops naming page:line, and prints no traceback."""
    change_ball_key(project_copy, program_too=False)
    bus = project_copy / "src/attention_core/examples/bus_is_late.py"
    bus.write_text(bus.read_text().replace('keys_text: Rows = (("2", "1"),', 'keys_text: Rows = (("0", "1"),'))
    result = mkdocs(project_copy, "build", "--strict", "--site-dir", str(project_copy / "out"))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert re.search(r"^ERROR\s+-\s+docs/", result.stderr, re.MULTILINE), result.stderr[-2000:]
    # every problem of the build in one report, a line each: the lesson's among them, and the count at the end
    assert re.search(r"^(ERROR\s+-\s+)?docs/lesson/index\.md:\d+: ", result.stderr, re.MULTILINE), result.stderr[-2000:]
    assert re.search(r"^\d+ problems on \d+ pages; fix each line named above", result.stderr, re.MULTILINE)
