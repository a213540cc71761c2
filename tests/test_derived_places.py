"""Rows, columns and tabs a page names by their place in the data, not typed (#31 item 6).

A sentence such as "the last pairs turn very slowly: here pair 1" is half true once the data has a third pair: the
row is picked by its place (`row=@last`) and its name computed (`pick=label`). Each test changes an example as the
mutation test does (in a fresh process, `tests/mutations.py`) and reads the page a reader gets.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
DOCS = TESTS.parent / "docs"
RE_PINNED_NUMBER = re.compile(r"<!--\s*attn:\w+ ([\w-]+) [^>]*?\b(?:other-)?(?:row|col)=(\d[^\s>]*)")
# Numbers a page may still pin, each with the reason the pin is the sentence's own binding.
JUSTIFIED = {
    ("docs/beyond/inference-economics.md", "inference", "1"):
        "'One sequence alone' names the batch of one: the pin stops the build if the batches lose it",
}
READER = """
import json, sys
sys.path.insert(0, {tests!r})
import mutations
example, changes, page = json.loads(sys.argv[1])
given = {{field: mutations.as_tuples(value) for field, value in changes.items()}}  # OTHER:field for a built-on one
field, new = next(iter(given.items()))
engine = mutations.fresh_engine(mutations.swapped_examples(mutations.EXAMPLES[example], field, new, given))
error, text = mutations.expanded(engine, mutations.DOCS / page)
print(json.dumps([error, text]))
"""


def read_page(example: str, changes: dict[str, object], page: str) -> tuple[str | None, str]:
    """(the error, or None; the Markdown a reader gets, on one line) of one page once an example's inputs are
    changed together (and so are the examples built on this one)."""
    script = READER.format(tests=str(TESTS))
    done = subprocess.run([sys.executable, "-c", script, json.dumps([example, changes, page])],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    error, text = json.loads(done.stdout)
    return error, " ".join((text or "").split())


def test_the_last_pair_is_the_data_s_last_when_the_rows_are_wider() -> None:
    """Assert rows six wide make the frequencies' sentence name pair 2, the last, with its own theta."""
    six = [["1", "0", "1", "0", "0", "1"], ["0", "1", "0", "1", "1", "0"], ["1", "1", "0", "0", "0", "0"]]
    error, text = read_page("rotary", {"Q_text": six, "K_text": six}, "beyond/rotary-and-alibi.md")
    assert error is None
    assert "The last pairs turn very slowly: here pair 2 turns only 0.002 radians" in text


def test_other_context_lengths_are_named_from_the_data() -> None:
    """Assert other context lengths build, and the page names them and its longest (no 4K, 32K or 128K left)."""
    error, text = read_page("kv-memory", {"contexts": [2048, 16384, 65536]}, "beyond/kv-cache-memory.md")
    assert error is None
    assert "context lengths: 2K is 2,048 tokens, 16K is 16,384 and 64K is 65,536." in text
    assert "At 64K tokens Llama 2 7B needs" in text and "one text of 16K tokens" in text
    assert not re.search(r"\b(?:4|32|128)K\b", text)


def line_of(page: str, text: str) -> int:
    """The number of the only line of docs/PAGE holding `text`: where the build's message should point."""
    found = [number for number, line in enumerate((DOCS / page).read_text("utf-8").split("\n"), 1) if text in line]
    assert len(found) == 1, (page, text, found)
    return found[0]


def test_a_fourth_context_stops_at_the_sentence_that_names_three() -> None:
    """Assert a fourth context length stops the build at the sentence that lists three."""
    error, _ = read_page("kv-memory", {"contexts": [4096, 8192, 32768, 131072]}, "beyond/kv-cache-memory.md")
    at = line_of("beyond/kv-cache-memory.md", "attn:check kv-memory contexts cols=3")
    assert error is not None and error.startswith(f"docs/beyond/kv-cache-memory.md:{at}: ")


def test_another_focus_stops_at_the_sentence_that_chooses_it() -> None:
    """Assert the training step's focus, changed to ball, stops the build at the sentence that says the loss is
    rolls' (the one-row tables are picked by place, so that sentence is where the choice is bound)."""
    error, _ = read_page("training-step", {"focus": "ball"}, "beyond/one-training-step.md")
    assert error is not None
    at = line_of("beyond/one-training-step.md", "attn:check training-step error labels=rolls")
    assert any(line.startswith(f"docs/beyond/one-training-step.md:{at}: ") and "labels" in line
               for line in error.split("\n"))


def test_a_third_head_stops_at_the_tabs_of_two() -> None:
    """Assert three heads stop the build at the sentence that introduces one tab per head (two tabs)."""
    error, _ = read_page("initialisation", {"h": 3}, "walkthrough/initialisation.md")
    assert error is not None and "docs/walkthrough/initialisation.md:63: " in error


@pytest.mark.parametrize("page", sorted(DOCS.rglob("*.md")), ids=lambda path: path.relative_to(DOCS).as_posix())
def test_no_page_pins_a_row_or_column_by_a_number(page: Path) -> None:
    """Assert no directive picks a row or column by a number label (`row=1`, `col=128K`) unless its pin is the
    sentence's binding, said in JUSTIFIED; a place (`row=@last`) or a computed label follows the data."""
    name = page.relative_to(DOCS.parent).as_posix()
    pinned = [(name, example, label) for example, label in RE_PINNED_NUMBER.findall(page.read_text("utf-8"))]
    assert [pin for pin in pinned if pin not in JUSTIFIED] == []


def test_nine_heads_stop_at_the_formula_they_break() -> None:
    """Assert nine ALiBi heads (not a power of two, whose slopes the formula 2^(-8r/h) does not give) stop the build
    at the sentence under the formula, which checks it against the slopes (tests/mutations_read.md, alibi heads 9)."""
    error, _ = read_page("alibi", {"heads": 9}, "beyond/rotary-and-alibi.md")
    source = (DOCS / "beyond/rotary-and-alibi.md").read_text(encoding="utf-8").split("\n")
    under = next(number for number, text in enumerate(source, 1) if "formula-slopes" in text)  # the formula's check
    assert error is not None and f"docs/beyond/rotary-and-alibi.md:{under}: " in error and "formula-slopes" in error
    for heads in (4, 16):
        assert read_page("alibi", {"heads": heads}, "beyond/rotary-and-alibi.md")[0] is None


def test_the_hand_reading_leaves_nothing_false() -> None:
    """Assert the record of mutations read by hand lists nothing left as found (#31: the list must be empty)."""
    record = (TESTS / "mutations_read.md").read_text(encoding="utf-8")
    assert "Left as found (not fixed" not in record


def test_twice_the_query_of_late_stops_when_late_s_query_changes() -> None:
    """Assert the lesson's "(2, 0), twice the query of late" stops the build at its line once late's query is
    (0, 1) (its checks state late's query, (1, 0), with claims live.js mirrors, so the page stays live), beside the
    other stale lines of the lesson."""
    error, _ = read_page("bus-is-late", {"query_text": ["0", "1"],
                                         "queries_text": [["0", "1"], ["1", "1"], ["0", "1"]]}, "lesson/index.md")
    assert error is not None
    source = (DOCS / "lesson/index.md").read_text(encoding="utf-8").split("\n")
    twice = next(number for number, text in enumerate(source, 1)  # the line of the sentence's check
                 if "<!-- attn:check bus-is-late query col=q1 words=one -->" in text)
    lines = [line for line in error.split("\n") if line.startswith(f"docs/lesson/index.md:{twice}: ")]
    assert lines and "in 'bus-is-late query' (col q1) the value in words is one; with these inputs it is zero" in \
        lines[0]


@pytest.mark.parametrize("page", ["lesson/index.md", "walkthrough/softmax.md", "walkthrough/code.md",
                                  "walkthrough/history.md", "walkthrough/causal-mask.md", "beyond/checks.md",
                                  "walkthrough/interpretation.md"])
def test_pages_bound_by_places_and_checks_stay_live(page: str) -> None:
    """Assert the live pages whose rows these changes pick by place, or whose sentences they check, stay live:
    every computed directive is one live.js recomputes (a check with a claim it does not mirror, such as
    ratio=, would leave the whole page static)."""
    from attention_site.live import computed_places, is_live

    text = (DOCS / page).read_text(encoding="utf-8")
    head = re.match(r"\A---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*\n", text, re.DOTALL)
    places = list(computed_places(text[head.end():] if head else text))
    assert places and [place.found.line for place in places if not is_live(place.found)] == []
