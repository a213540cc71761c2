"""Live pages, the build's side: each live directive marked where it lands, and the page's live.json naming it."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from dataclasses import fields, replace
from pathlib import Path

import pytest
from mutations import takes

from attention_core import EXAMPLES
from attention_core.examples.base import Example
from attention_site import live, live_inputs
from attention_site.directives.claims import CLAIMS
from attention_site.directives.mirror import Mirror, mirror_of, mirrors
from attention_site.live import (
    MANIFEST,
    MIRRORED_CLAIMS,
    expand_live,
    math_spans,
    page_manifest,
    with_manifest,
)
from attention_site.mathml import tex_to_mathml

PAGE = "\n".join([
    "Late's query is <!-- attn:value bus-is-late query -->."
    "<!-- attn:check bus-is-late keys rows=3 -->",
    "With $d_k = <!-- attn:word bus-is-late keys pick=cols -->$ and the key of rolls "
    "<!-- attn:value red-ball-rolls keys row=rolls -->.",
    "",
    "<!-- attn:table bus-is-late all-weights -->",
    "",
    "$$",
    "K = <!-- attn:tex bus-is-late keys -->",
    "$$",
    "",
    "<!-- attn:figure bus-is-late weights-heatmap -->",
    "",
    "<!-- attn:block bus-is-late calculator -->",
    "",
    "```",
    "<!-- attn:value bus-is-late query -->",
    "```",
])


def test_each_live_directive_is_marked_where_it_lands_and_nothing_else() -> None:
    """Assert an inline value and a check get a span, a word in a formula and a matrix in a display block a
    \\class, a table a span in its first header cell, a figure an attribute; a block and code not."""
    lines = expand_live(PAGE).split("\n")
    assert lines[0] == ('Late\'s query is <span class="attn-live" data-live="0">(1, 0)</span>.'
                        '<span class="attn-live" data-live="1"></span>')
    assert lines[1] == (r"With $d_k = \class{attn-live-2}{2}$ and the key of rolls "
                        '<span class="attn-live" data-live="3">0</span>.')
    table = next(line for line in lines if line.startswith("| "))
    assert table.startswith('| <span class="attn-live" data-live="4"></span>query \\ key | bus |')
    matrix = next(line for line in lines if line.startswith("K = "))
    assert matrix.startswith(r"K = \class{attn-live-5}{\begin{pmatrix}")
    assert sum('<figure class="attn-figure" data-live="6"' in line for line in lines) == 1
    calculator = next(line for line in lines if "attention-calculator" in line)
    assert "attn-live" not in calculator
    assert lines[-2] == "<!-- attn:value bus-is-late query -->"


def test_the_manifest_names_every_marked_directive_and_the_examples_inputs() -> None:
    """Assert live.json lists the marked directives by their numbers, with kind, example, name and options, and the
    example's authored inputs, what a reader may change and within which range."""
    manifest = json.loads(page_manifest(PAGE))
    assert [(d["id"], d["kind"], d["name"]) for d in manifest["directives"]] == [
        (0, "value", "query"), (1, "check", "keys"), (2, "word", "keys"), (3, "value", "keys"),
        (4, "table", "all-weights"),
        (5, "tex", "keys"), (6, "figure", "weights-heatmap")]
    assert manifest["directives"][1]["options"] == {"rows": "3"}
    example = manifest["examples"]["bus-is-late"]
    assert example["inputs"]["keys"] == [["2", "1"], ["0", "2"], ["1", "1"]]
    assert example["editable"] == ["queries", "keys", "values", "scale"] and "range" not in example
    assert example["ranges"] == {**{key: {"entry": 40} for key in ("queries", "keys", "values")}, "scale": {
        "entry": 40, "says": "the scale of the scores (1: none)", "above": 0, "at_most": None, "rising": False}}
    assert example["causal"] is False and example["settings"] == {}
    with pytest.MonkeyPatch.context() as patched:
        without_mirrors(patched, "cross-padding")
        assert page_manifest("Nothing live.js mirrors: <!-- attn:table cross-padding cross-weights -->") == ""


def without_mirrors(monkeypatch: pytest.MonkeyPatch, *unmirrored: str) -> None:
    """Make live.py see the browser mirror none of `unmirrored` (`EXAMPLE NAME`, or `EXAMPLE` for all its entries),
    whatever live/ mirrors today: a page naming one must be static."""
    def mirror(example: str) -> Mirror:
        own = mirror_of(example)
        if example in unmirrored:
            return Mirror(frozenset())
        return replace(own, entries=own.entries - {name for name in own.entries if f"{example} {name}" in unmirrored})

    monkeypatch.setattr(live, "mirror_of", mirror)


def test_a_check_live_js_cannot_evaluate_keeps_its_page_static(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert a page with a check comparing with an entry the browser does not mirror has no live.json, while one
    comparing with a mirrored entry of another example is live, that example's inputs carried too (a reader changing
    either sees the claim follow), and the same entry with a claim about itself makes it live, its example's declared
    size words and settings listed; and that live.js evaluates every kind of claim a check may state."""
    assert set(CLAIMS) == MIRRORED_CLAIMS
    compared = "<!-- attn:check red-ball-rolls output row=rolls same=bus-is-late:output other-row=late -->"
    both = json.loads(page_manifest(compared))
    assert sorted(both["examples"]) == ["bus-is-late", "red-ball-rolls"]
    assert both["examples"]["bus-is-late"]["editable"] == ["queries", "keys", "values", "scale"]
    with monkeypatch.context() as patched:
        without_mirrors(patched, "bus-is-late output")
        assert page_manifest(compared) == ""
    manifest = json.loads(page_manifest("<!-- attn:check red-ball-rolls w-o size=many-zeros -->"))
    example = manifest["examples"]["red-ball-rolls"]
    assert example["magnitudes"] == [{"word": "many-zeros", "of": "share-zero", "meaning": "at least half the entries "
                                      "are 0", "low": 0.5, "high": None}]
    assert example["settings"] == {"calculator_places": 4, "causal": True, "focus": "rolls"}
    assert example["causal"] is True
    assert "calculator_places" not in example["editable"]  # nothing on this page reads it


def test_a_ranged_input_is_editable_where_the_page_shows_it_with_the_range_its_example_declares() -> None:
    """Assert red ball rolls' calculator places, declared from 1 to 10, is offered on a page that shows it, with its
    bounds and meaning (live.js says what is accepted from them, as base.py does), and its value among the inputs."""
    manifest = json.loads(page_manifest("In <!-- attn:word red-ball-rolls calculator-places pick=words --> places."))
    example = manifest["examples"]["red-ball-rolls"]
    assert example["editable"] == ["X", "W_q", "W_k", "W_v", "calculator_places"]
    assert example["inputs"]["calculator_places"] == 4
    assert example["ranges"]["calculator_places"] == {
        "low": 1, "high": 10, "meaning": "decimal places of the keys the calculator is given (ln 2 as 0.6931)",
        "divides": None, "rising": False, "bounds": {}}
    assert example["ranges"]["W_k"] == {"entry": 40}


def test_a_word_inside_text_in_a_formula_is_marked_around_its_text() -> None:
    """Assert a directive filling a \\text{…} in a formula gets its mark around a \\text of its own (a \\class
    cannot stand inside \\text), and the formula still converts to MathML with the word in the mark."""
    line = expand_live(r"$v_{\text{<!-- attn:word red-ball-rolls masked-scores row=rolls pick=largest -->}} = 1$")
    assert line == r"$v_{\text{}\class{attn-live-0}{\text{ball}}\text{}} = 1$"
    assert '<mrow class="attn-live-0"><mtext>ball</mtext></mrow>' in tex_to_mathml(line.strip("$"))


def test_a_directive_in_a_formula_opened_on_the_line_above_is_marked_as_math() -> None:
    """Assert a directive standing in an inline formula that opened on the line above (as Markdown lets a paragraph
    wrap inside one) is marked as math, `\\class{…}`, and converts to MathML with its value in the mark, where it got
    the HTML span of running text, which the formula then showed as stray tokens; a new paragraph closes the formula."""
    page = ("One ($d_{\\text{model}} =\n<!-- attn:word red-ball-rolls w-q pick=rows -->$, and\n\n"
            "<!-- attn:word red-ball-rolls w-q pick=rows --> rows.")
    lines = expand_live(page).split("\n")
    assert lines[1] == r"\class{attn-live-0}{3}$, and"
    assert lines[3] == '<span class="attn-live" data-live="1">3</span> rows.'
    mathml = tex_to_mathml(lines[0].split("$")[1] + " " + lines[1].split("$")[0])
    assert '<mo>=</mo><mrow class="attn-live-0"><mn>3</mn></mrow>' in mathml and "span" not in mathml


def test_formulas_are_found_on_their_line() -> None:
    """Assert inline, display and escaped-parenthesis formulas are found, and an escaped dollar opens none."""
    line = r"a $x$ b $$y$$ c \(z\) costs \$5"
    assert [line[a:b] for a, b in math_spans(line)] == ["x", "y", "z"]


def test_the_manifest_is_a_file_beside_the_page_or_offline_a_data_block(tmp_path: Path) -> None:
    """Assert the hosted page gets live.json beside it and is unchanged; the offline page holds it as a JSON data
    block that no `</script>` in the data can close."""
    page = tmp_path / "lesson" / "index.html"
    assert with_manifest("<body></body>", '{"a":"b"}', page, embedded=False) == "<body></body>"  # no title
    assert (page.parent / MANIFEST).read_text(encoding="utf-8") == '{"a":"b"}'
    embedded = with_manifest("<body></body>", '{"a":"</script>"}', tmp_path / "x.html", embedded=True)
    block = '<script type="application/json" id="attn-live-data">{"a":"\\u003c/script>"}</script>'
    assert embedded == f"<body>{block}</body>"
    assert with_manifest("<body></body>", "", page, embedded=True) == "<body></body>"


def test_a_live_page_s_own_title_is_marked_for_the_button_s_room(tmp_path: Path) -> None:
    """Assert a live page's title in its article gets `attn-live-title` (reader.css keeps the room of "Change the
    numbers" under it), hosted and offline; a title outside the article, a second h1 and a static page do not."""
    page = '<div class="md-header"><h1>Site</h1></div><article class="md-content__inner"><h1 id="t">T</h1><h1>U</h1>'
    marked = page.replace('<h1 id="t">', '<h1 class="attn-live-title" id="t">')
    assert with_manifest(page, '{"a":"b"}', tmp_path / "p" / "index.html", embedded=False) == marked
    assert with_manifest(page + "</body>", '{"a":"b"}', tmp_path / "x.html", embedded=True).startswith(marked)
    assert with_manifest(page, "", tmp_path / "q" / "index.html", embedded=False) == page


def test_a_page_naming_an_entry_live_js_does_not_mirror_is_not_live_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert a page with one entry or claim that live.js cannot recompute (of a live example, or of another example,
    which may be built on a live one) gets no mark and no live.json: half recomputed, its other sentences could look
    true when they are not."""
    without_mirrors(monkeypatch, "red-ball-rolls weights", "cross-padding", "whole-model d-model")
    for extra in ("One: <!-- attn:check bus-is-late all-scores row=late col=late same=red-ball-rolls:weights "
                  "other-row=red other-col=red -->",
                  "Cross weight: <!-- attn:value cross-padding cross-weights row=@first col=@first -->",
                  "Width: <!-- attn:value whole-model d-model -->"):
        page = f"{PAGE}\n{extra}"
        assert "attn-live" not in expand_live(page) and "data-live" not in expand_live(page)
        assert page_manifest(page) == ""


def test_the_calculator_computes_nothing_itself() -> None:
    """Assert calculator.js draws the calculator and leaves every number to live.js (one mirror of the core, one
    number policy, one reading of an entry): no arithmetic, rounding or number reading of its own."""
    script = (Path(__file__).resolve().parent.parent / "docs" / "javascripts" / "calculator.js").read_text("utf-8")
    assert re.findall(r"Math\.\w+|\.reduce\(|toFixed|toExponential|parseFloat|Number\(|formatFixed", script) == []
    assert "abh.live" in script


def test_the_cost_example_is_live_and_offers_its_lengths_where_a_table_reads_them() -> None:
    """Assert a page of the n² cost is live, offering the sequence lengths (each a whole number from 1 to 1,000,000)
    where a table reads them, and not where only a fixed n is counted."""
    example = json.loads(page_manifest("<!-- attn:table cost scores -->"))["examples"]["cost"]
    assert example["editable"] == ["lengths"] and example["inputs"]["lengths"] == [4, 8, 128, 1024]
    assert example["ranges"]["lengths"]["low"] == 1 and example["ranges"]["lengths"]["high"] == 1_000_000
    counted = json.loads(page_manifest("<!-- attn:value cost score-count n=1024 -->"))["examples"]["cost"]
    assert counted["editable"] == [] and counted["settings"]["d_k"] == 64


def test_the_kv_cache_example_is_live_and_offers_its_authored_matrices() -> None:
    """Assert a page of the KV cache is live, offering the four matrices the example authors (X, W_q, W_k, W_v) and
    nothing for its counts, whose n is the directive's."""
    example = json.loads(page_manifest("<!-- attn:table kv-cache steps -->"))["examples"]["kv-cache"]
    assert example["editable"] == ["X", "W_q", "W_k", "W_v"] and example["inputs"]["W_k"] == [["0"], ["ln 2"], ["0"]]
    assert json.loads(page_manifest("<!-- attn:value kv-cache total-with-cache n=1000 -->"))["directives"] == [
        {"id": 0, "kind": "value", "example": "kv-cache", "name": "total-with-cache", "options": {"n": "1000"}}]


def test_the_rnn_path_example_is_live_and_offers_its_length() -> None:
    """Assert the page comparing an RNN's path with attention's is live, offering the sentence's length, a whole number
    the example declares from 2 to 12 (the diagram draws each token)."""
    example = json.loads(page_manifest("<!-- attn:figure rnn-path paths -->"))["examples"]["rnn-path"]
    assert example["editable"] == ["length"] and example["inputs"]["length"] == 6
    assert (example["ranges"]["length"]["low"], example["ranges"]["length"]["high"]) == (2, 12)


def test_an_example_built_on_another_brings_its_inputs_to_the_page() -> None:
    """Assert a page of red ball layer alone is live with red ball rolls' inputs too (its heads and W_O), which a
    reader may change there as well as the layer's W_1, W_2 and W_vocab, its biases (one row each) and where it
    normalises (a choice: post or pre); the rolls' calculator places, focus and mask, which no entry of the page
    reads, are not offered."""
    manifest = json.loads(page_manifest("<!-- attn:table red-ball-layer y -->"))
    layer, rolls = manifest["examples"]["red-ball-layer"], manifest["examples"]["red-ball-rolls"]
    assert layer["built_on"] == {"heads": "red-ball-rolls"}
    assert layer["editable"] == ["W_1", "b_1", "W_2", "b_2", "W_vocab", "norm"] and layer["inputs"]["norm"] == "post"
    assert layer["ranges"]["norm"] == {"choices": ["post", "pre"], "title": "where each sublayer's layer normalisation "
                                       "stands: after it (post) or before"}
    assert layer["inputs"]["b_2"] == ["0", "0", "0"]
    assert layer["vocabulary"] == ["red", "ball", "rolls", "away", "stops"]
    assert rolls["editable"] == ["X", "W_q", "W_k", "W_v"] and rolls["inputs"]["W_k"] == [["0"], ["ln 2"], ["0"]]


def test_the_padding_example_is_live_with_its_flags() -> None:
    """Assert a page of red ball rolls' padding example is live, its flags and labels in live.json (which no reader
    changes: the weights follow the inputs, the padding stays where the example puts it)."""
    manifest = json.loads(page_manifest("<!-- attn:table red-ball-rolls padded-weights -->"))
    assert manifest["examples"]["red-ball-rolls"]["padding"] == {"real": [True, True, False],
                                                                 "tokens": ["red", "ball", "[pad]"]}


def test_a_check_choosing_its_entry_by_an_option_is_live(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert a check that hands its entry an option (tiled attention's query=t3) is live: the option chooses what the
    claim is about and is no claim live.js would have to evaluate; comparing with an entry the browser does not
    mirror still keeps it static."""
    assert page_manifest("Blocks.<!-- attn:check tiled-attention running query=t3 rows=2 -->") != ""
    compared = "Other.<!-- attn:check tiled-attention running query=t3 same=bus-is-late:scores -->"
    assert sorted(json.loads(page_manifest(compared))["examples"]) == ["bus-is-late", "tiled-attention"]
    without_mirrors(monkeypatch, "bus-is-late scores")
    assert page_manifest(compared) == ""


CLAIMS_WITH_A_TOLERANCE = (
    "<!-- attn:check bus-is-late weights row=late col=bus close=2/3 within=0.01 -->",
    "<!-- attn:check cost head-widths ratio=1 within=5% -->",
    "<!-- attn:check bus-is-late all-scores row=bus ratio=2 of=all-weights other-row=is -->",
    "<!-- attn:check rnn-path tokens slope=2 axes=log within=0.01 -->",
    "<!-- attn:check red-ball-rolls output same=unmasked-output within=0.5 -->")


def test_claims_with_a_tolerance_are_live_with_what_qualifies_them() -> None:
    """Assert checks stating close=, ratio= (of two entries, or of= another entry of the example), slope= (on log
    axes) and same= within a tolerance keep their page live, each with its within=, of= and axes= in live.json; a
    ratio= of= an entry of another example is live too, that example's inputs carried."""
    manifest = json.loads(page_manifest("\n".join(CLAIMS_WITH_A_TOLERANCE)))
    assert [d["options"] for d in manifest["directives"]] == [
        {"row": "late", "col": "bus", "close": "2/3", "within": "0.01"},
        {"ratio": "1", "within": "5%"},
        {"row": "bus", "ratio": "2", "of": "all-weights", "other-row": "is"},
        {"slope": "2", "axes": "log", "within": "0.01"},
        {"same": "unmasked-output", "within": "0.5"}]
    other = json.loads(page_manifest("<!-- attn:check bus-is-late scores ratio=2 of=red-ball-rolls:scores -->"))
    assert sorted(other["examples"]) == ["bus-is-late", "red-ball-rolls"]


def test_a_page_loads_the_parts_of_live_js_it_needs_and_no_other() -> None:
    """Assert live.json names the parts of live.js a page needs: the claims with a tolerance where a check states
    close=, ratio= or slope= (not same= within=, which live.js evaluates itself), the line charts, heat maps drawn
    whole and NumPy's draws where an example's MIRROR asks for them (head width's charts and draws, the trained head's
    charts, maps and draws), none on a page needing none; and that a MIRROR naming a part live.js does not have is
    refused."""
    def parts(markdown: str) -> list[str]:
        return json.loads(page_manifest(markdown))["parts"]

    assert [parts(line) for line in CLAIMS_WITH_A_TOLERANCE] == [["measures"]] * 4 + [[]]
    assert parts("<!-- attn:table head-width spread -->") == ["charts", "random"]
    assert parts("<!-- attn:value trained-head seed -->\n<!-- attn:check head-width spreads col=scaled close=1 "
                 "within=0.1 -->") == ["charts", "grids", "measures", "random"]
    assert parts("<!-- attn:table bus-is-late scores -->") == []
    refused = "Mirror(parts=...) names plots; the parts of live.js are calculator, charts, grids, measures, random"
    with pytest.raises(ValueError, match=re.escape(refused)):
        Mirror(frozenset({"x"}), parts=("plots",))


def test_a_program_kept_as_built_has_the_place_of_a_note_under_it_on_a_live_page_only() -> None:
    """Assert a block that shows its example's own numbers and stays as built (MIRROR's blocks: the lesson's
    programs) is followed on a live page by the empty, hidden place where live.js says so once a reader's numbers
    differ, naming its example; a calculator (which follows the numbers) is not, nor is a program on a static page."""
    program = "<!-- attn:block bus-is-late one-token-program -->"
    note = '<p class="attn-live-block" data-live-block="bus-is-late" hidden></p>'
    assert expand_live(f"<!-- attn:table bus-is-late scores -->\n\n{program}\n").rstrip().endswith(note)
    calculator = "<!-- attn:block bus-is-late calculator -->"
    assert note not in expand_live(f"<!-- attn:table bus-is-late scores -->\n\n{calculator}\n")
    assert note not in expand_live(f"{program}\n")


def test_the_meaning_example_is_live_and_offers_its_keys_and_its_one_row_query() -> None:
    """Assert a page of the meaning example is live, offering the keys (a row per word) and the query of it, one row
    of entries as authored, with the features and the word whose query it is that the fields are named by."""
    example = json.loads(page_manifest("<!-- attn:table meaning score-to-weight -->"))["examples"]["meaning"]
    assert example["editable"] == ["keys", "query"] and example["inputs"]["query"] == ["3", "3", "0", "0"]
    assert example["ranges"]["query"] == {"entry": 40}
    assert example["focus"] == "it" and example["features"] == ["noun", "breakable", "furniture", "action"]


def test_the_kv_cache_memory_examples_are_live_with_their_published_models() -> None:
    """Assert KV-cache memory's page is live: kv-memory offers its context lengths and bytes per number, its models'
    published sizes in live.json (which no reader changes, so published= holds in live.js as in the build), and
    grouped heads offers its inputs, its K/V heads, which must divide the 4 query heads, and its own bytes per
    number (each example's fields under its title, live.json's)."""
    page = "<!-- attn:table kv-memory memory -->\n<!-- attn:check kv-memory sizes published=models -->\n" \
           "<!-- attn:table grouped-heads cache-size -->"
    examples = json.loads(page_manifest(page))["examples"]
    memory, grouped = examples["kv-memory"], examples["grouped-heads"]
    assert memory["editable"] == ["contexts", "bytes_per_value"]
    assert memory["inputs"]["contexts"] == [4096, 32768, 131072]
    assert [m["name"] for m in memory["published"]["models"]] == ["Llama 2 7B", "Llama 2 70B", "Falcon-7B"]
    assert memory["published"]["models"][1]["kv_heads"] == 8
    assert grouped["editable"] == ["X", "W_q", "W_k", "W_v", "kv_heads", "bytes_per_value"]
    assert grouped["published"] == {} and grouped["title"] == "red ball rolls, query heads sharing K/V heads"
    assert grouped["inputs"]["kv_heads"] == [4, 2, 1]
    assert grouped["ranges"]["kv_heads"] == {
        "low": 1, "high": 4, "meaning": "K/V heads of each arrangement", "divides": 4, "rising": False, "bounds": {}}


def test_no_input_a_reader_may_change_is_published() -> None:
    """Assert no editable input of any example is one it says is published: live.js takes published= as holding,
    which is true only while no reader can change what it names."""
    from attention_core import EXAMPLES

    for name, mirror in mirrors().items():
        assert not set(mirror.editable) & set(EXAMPLES[name].sources()), name


def test_the_batched_heads_example_is_live_with_its_sequences_and_heads() -> None:
    """Assert the engineer's path is live, offering the batch X, the four full-width projections and the number of
    heads, which must divide d_model (4), with the sequences its rows are split into."""
    example = json.loads(page_manifest("<!-- attn:figure batched-heads head-split -->"))["examples"]["batched-heads"]
    assert example["editable"] == ["X", "W_q", "W_k", "W_v", "W_o", "h"] and example["settings"] == {"h": 2}
    assert example["ranges"]["h"] == {"low": 1, "high": 4, "meaning": "heads (each d_model / h wide)", "divides": 4,
                                      "rising": False, "bounds": {}}
    assert example["sequences"] == [["red", "ball", "rolls"], ["bus", "is", "late"]]


def test_a_bound_naming_an_offered_input_is_given_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert ALiBi's head shown, from 1 to the number of heads, carries its high bound by name where the heads are
    offered too (live.js reads it among the reader's inputs), and that offering the heads without the head they bound
    stops the build, naming both: a reader could otherwise leave the page's head beyond the heads."""
    ranges = json.loads(page_manifest("<!-- attn:table alibi slope-table -->"))["examples"]["alibi"]["ranges"]
    assert ranges["head"] == {"low": 1, "high": 8, "meaning": "the head shown, from 1", "divides": None,
                              "rising": False, "bounds": {"high": ["heads", 0]}}
    assert ranges["heads"]["bounds"] == {}
    own = mirror_of("alibi")
    monkeypatch.setattr(live_inputs, "mirror_of", lambda example: replace(own, editable=("scores", "heads"))
                        if example == "alibi" else mirror_of(example))
    with pytest.raises(ValueError, match=r"Alibi\.head's range names heads, which a reader may change here: offer "
                                         r"head too"):
        page_manifest("<!-- attn:table alibi slope-table -->")


# In a fresh process (the engine imported anew, as the mutation test does): the text of each directive of an example
# on every live page, with the page's options (its blocks, or every directive showing computed numbers), as given and
# with each change in turn (one the example refuses with its other inputs is skipped); the entries whose text changed.
CHANGED_PROBE = """
import json, sys
sys.path.insert(0, {tests!r})
import mutations, live_parity
from attention_site import live
from attention_site.directives.syntax import directives_in_line, outside_code
example, blocks, changes = json.loads(sys.argv[1])
own = mutations.EXAMPLES[example]
bodies = [live_parity.body(page.relative_to(mutations.DOCS).as_posix()) for page in mutations.pages_using({{example}})]
wanted = (lambda found: found.directive.kind == "block") if blocks else live.computed
found = [found.directive for body in bodies if live.live_places(body)
         for index, line in outside_code(body.split("\\n")) for found in directives_in_line(line, index + 1)
         if found.directive.words[0] == example and wanted(found)]

def texts(examples):
    mutations.fresh_engine(examples)
    from attention_site.directives import engine
    def text(directive):
        try:
            return engine.render(directive)
        except engine.DirectiveError as error:  # a program that no longer matches its example: it changed too
            return error.message
    return [text(directive) for directive in found]

before, changed = texts({{mutations.constant_of(own): own}}), set()
for field, value in changes:
    try:
        examples = mutations.swapped_examples(own, field, mutations.as_tuples(value))
    except mutations.ExampleInputError:
        continue
    changed |= {{directive.words[1] for directive, was, now in zip(found, before, texts(examples)) if now != was}}
print(json.dumps(sorted(changed)))
"""


def entries_changed(example: str, changes: list[tuple[str, object]], blocks: bool = False) -> set[str]:
    """The entries of `example` whose directives (its blocks, with `blocks`) on some live page change with any of
    `changes` ((field, value) each)."""
    script = CHANGED_PROBE.format(tests=str(Path(__file__).resolve().parent))
    done = subprocess.run([sys.executable, "-c", script, json.dumps([example, blocks, changes])],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return set(json.loads(done.stdout))


def changed_everywhere(own: Example, field: str, flipped: bool = False) -> tuple[str, object] | None:
    """`field` of `own` changed as much as it may be, so that every entry reading it changes: an authored matrix or
    row filled with 2 and -1 in turn (-1 first when `flipped`; one authored number made 2), a
    whole number moved to the other end of its range (or as near it as the example takes with its other inputs:
    positions' tables no longer than their heat map), a tuple of them each doubled (or halved, where doubling leaves
    the range); None for a number no other value of which the example takes alone (positions' clip, which a reader
    changes with the relative tables: test_a_new_clip_resizes_... in the browser)."""
    if field in own.authored:
        value, turn = own.authored[field], lambda k: "2" if (k + flipped) % 2 == 0 else "-1"
        if isinstance(value, str):
            return f"{field}_text", "2"
        if isinstance(value[0], str):  # one row
            return f"{field}_text", [turn(j) for j in range(len(value))]
        return f"{field}_text", [[turn(i + j) for j in range(len(value[0]))] for i in range(len(value))]
    choice = {item.name: item.metadata.get("choice") for item in fields(own)}.get(field)
    if choice:  # another choice: the focus moved to ball (to red, flipped), the mask or the norm flipped
        return field, [x for x in choice.options(own) if x != getattr(own, field)][-1 if not flipped else 0]
    low, high = own.range_of(field)
    value = getattr(own, field)
    if isinstance(value, tuple):
        doubled = [2 * x for x in value]
        return field, doubled if max(doubled) <= high else [max(low, x // 2) for x in value]
    far = (high, low) if value != high else (low,)
    taken = (x for x in itertools.chain(far, range(high - 1, low, -1)) if x != value and takes(own, {field: x}))
    return next(((field, x) for x in taken), None)


READ_BY = [(example, field) for example, mirror in sorted(mirrors().items()) for field in sorted(mirror.read_by)]


@pytest.mark.slow
@pytest.mark.parametrize(("example", "field"), READ_BY, ids=[f"{e} {f}" for e, f in READ_BY])
def test_an_input_offered_only_beside_its_readers_names_every_entry_it_changes(example: str, field: str) -> None:
    """Assert each `read_by` of a MIRROR (an input offered only on a page showing an entry that reads it) names
    every entry whose directive, on any page of the site, changes with that input: one it left out would hide the
    field on a page the input changes."""
    change = changed_everywhere(EXAMPLES[example], field)
    assert change, f"{example}'s {field} takes no other value alone"
    changed = entries_changed(example, [change])
    assert changed and changed <= set(mirror_of(example).read_by[field])


MIRRORED = sorted(mirrors())


@pytest.mark.slow
@pytest.mark.parametrize("example", MIRRORED)
def test_every_block_that_keeps_its_numbers_is_noted_as_such(example: str) -> None:
    """Assert a MIRROR's blocks are the blocks of its example whose text changes with an input a reader may change
    (each changed as much as it may be), calculators apart (they follow the reader's numbers): a program or printout
    left out would keep the page's own numbers with no word of it."""
    own, mirror = EXAMPLES[example], mirror_of(example)
    changes = [changed for field in mirror.editable for flipped in (False, True)
               if (changed := changed_everywhere(own, field, flipped))]
    assert entries_changed(example, changes, blocks=True) - {"calculator"} == set(mirror.blocks)

