"""Words bound to the numbers: attn:word computes them, attn:check guards the prose and fails with page:line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pages import expand

from attention_site.directives import DirectiveError
from attention_site.directives.claims import check_one
from attention_site.directives.questions import extreme
from attention_site.directives.shown import Grid
from attention_site.directives.subjects import Subject, joined


def fails(page: str) -> str:
    """The message of the DirectiveError a page raises."""
    with pytest.raises(DirectiveError) as caught:
        expand(page)
    return str(caught.value)


@pytest.mark.parametrize(("directive", "word"), [
    ("<!-- attn:word bus-is-late scores row=late pick=largest -->", "bus"),
    ("<!-- attn:word bus-is-late scores row=late pick=smallest -->", "is"),
    ("<!-- attn:word red-ball-rolls scores row=red pick=tied -->", "red, ball and rolls"),
    ("<!-- attn:word red-ball-rolls scores row=rolls pick=tied -->", "none"),
    ("<!-- attn:word red-ball-rolls w-o pick=shape -->", "4 × 3"),
    ("<!-- attn:word red-ball-rolls w-q pick=cols -->", "1"),
    ("<!-- attn:word red-ball-rolls w-v pick=rows -->", "3"),
    ("<!-- attn:word red-ball-rolls weights row=rolls col=ball pick=words -->", "one half"),
    ("<!-- attn:word red-ball-rolls weights row=rolls col=red pick=words -->", "one quarter"),
    ("<!-- attn:word red-ball-rolls weights row=rolls pick=nonzero -->", "red, ball and rolls"),
    ("<!-- attn:word red-ball-rolls weights row=red pick=nonzero -->", "red"),
    ("<!-- attn:word red-ball-rolls w-o row=h2-o2 col=u1 pick=sign -->", "negative"),
], ids=lambda text: text if "attn" not in text else text.split("attn:word ")[1][:-4])
def test_words_are_what_the_numbers_give(directive: str, word: str) -> None:
    """Assert each question of attn:word answers with the worked example's numbers (bus 2, is 0, late 1 ...)."""
    assert expand(f"It is {directive}.") == f"It is {word}."


def test_a_true_check_renders_nothing() -> None:
    """Assert checks that hold leave the sentence exactly as written."""
    page = ("Bus scores highest, then late.<!-- attn:check bus-is-late scores row=late largest=bus "
            "greater=bus,late,is -->")
    assert expand(page) == "Bus scores highest, then late."


@pytest.mark.parametrize(("check", "message"), [
    ("bus-is-late scores row=late largest=late",
     "docs/x.md:3: the page says that in 'bus-is-late scores' (row late) the largest entry is late; "
     "with these inputs it is bus (bus 2, is 0, late 1)"),
    ("bus-is-late scores row=late greater=late,bus",
     "late is larger than bus; with these inputs late is 1 and bus is 2"),
    ("red-ball-rolls scores row=red largest=red",
     "the largest entry is red; with these inputs it is red, ball and rolls"),
    ("red-ball-rolls scores row=rolls tied=red,ball",
     "the tie for the largest entry is red and ball; with these inputs it is none"),
    ("red-ball-rolls w-o shape=3x4", "the shape is 3 × 4; with these inputs it is 4 × 3"),
    ("red-ball-rolls w-o row=h2-o2 col=u1 sign=positive", "the sign is positive; with these inputs it is negative"),
    ("red-ball-rolls weights row=rolls col=ball words=one-third",
     "the value in words is one third; with these inputs it is one half"),
    ("red-ball-layer y fractions=simple", "every entry is a simple fraction; with these inputs 1.089 is not"),
    ("red-ball-rolls scores row=rolls equal=red,ball", "red and ball are equal; with these inputs they differ"),
    ("red-ball-rolls weights row=rolls nonzero=ball",
     "the set of non-zero entries is ball; with these inputs it is red, ball and rolls"),
    ("red-ball-rolls keys-head2-minus-head1 zero=all", "every entry is 0; with these inputs ln 2 is not"),
    ("red-ball-rolls queries-head2-minus-head1 zero=not-all",
     "some entry is not 0; with these inputs every entry is 0"),
    ("head-width spreads col=raw close=1 within=0.1", "the entries are within 0.1 of 1; with these inputs 4 is 1.986"),
    ("head-width spreads col=scaled close=1 within=0.1%", "the entries are within 0.1% of 1; with these inputs 1 is"),
    ("scaling raw-scores ratio=3 within=0.1", "the first entry is 3 times the second (within 0.1); with these "
     "inputs it is 2 times (k1 4, k2 2)"),
    ("head-width spreads col=raw slope=1 axes=log within=0.05", "the slope on log axes is 1 (within 0.05); with "
     "these inputs it is 0.5"),
    ("red-ball-rolls weights size=many-zeros", "the entries are many-zeros (at least half the entries are 0); "
     "with these inputs the share of zeros is 0.333"),
    ("rotary frequencies row=0 col=theta size=slow", "with these inputs an entry is 1"),
    ("exercises output same=red-ball-rolls:output other-row=red", "the numbers are the same as in "
     "'red-ball-rolls output' (row red); with these inputs that has o1 1, o2 0"),
], ids=lambda text: text.split()[1] + " " + text.split()[-1] if text.count(" ") < 6 else "")
def test_a_false_check_stops_the_build_saying_both_sides(check: str, message: str) -> None:
    """Assert a claim the numbers do not support fails at the page's line with what the page and the numbers say."""
    assert message in fails(f"One.\n\nTwo.<!-- attn:check {check} -->")


@pytest.mark.parametrize(("page", "message"), [
    ("<!-- attn:check bus-is-late scores row=late -->", "attn:check needs a claim: one or more of largest="),
    ("<!-- attn:check bus-is-late scores row=late largest=car -->", "'car' is not a label of"),
    ("<!-- attn:check bus-is-late scores row=late sign=negative -->", "'sign' is about one number"),
    ("<!-- attn:check red-ball-rolls scores largest=bus -->", "compares the entries of one row or column"),
    ("<!-- attn:check red-ball-rolls w-o shape=four -->", "option shape=four is not a shape; accepted: ROWSxCOLUMNS"),
    ("<!-- attn:word bus-is-late scores row=late pick=biggest -->", "did you mean 'largest'"),
    ("<!-- attn:word red-ball-rolls scores row=red pick=largest -->", "is not unique: red, ball and rolls tie"),
    ("<!-- attn:word red-ball-layer y row=red col=y1 pick=words -->", "which has no short name in words"),
    ("<!-- attn:check bus-is-late weights-heatmap largest=bus -->", "cannot be shown by attn:check"),
    ("<!-- attn:check rotary base size=huge -->",
     "example 'rotary' declares no size word 'huge'; expected one of 'slow'"),
    ("<!-- attn:check bus-is-late scores size=large -->", "it declares none (its dataclass' magnitudes)"),
    ("<!-- attn:check bus-is-late scores row=late largest=bus within=0.1 -->",
     "within= qualifies close=, differs=, ratio="),
    ("<!-- attn:check rotary base published=shift -->", "'shift' of 'rotary' declares no source"),
    ("<!-- attn:check rotary base close=ten -->", "'ten' is not a number; accepted: 1, -2, 0.2, 1/2 or -1e9"),
    ("<!-- attn:check rotary base close=1 within=-1 -->", "within=-1 is negative"),
    ("<!-- attn:check bus-is-late scores row=late ratio=2 -->", "ratio= compares two entries"),
    ("<!-- attn:check red-ball-rolls scores row=rolls slope=1 -->", "slope= needs labels that are numbers"),
    ("<!-- attn:check exercises output same=red-ball-rolls:outptu -->", "did you mean 'output'"),
])
def test_a_malformed_claim_says_what_is_accepted(page: str, message: str) -> None:
    """Assert a wrong claim directive names the page and line and what would be accepted."""
    error = fails(page)
    assert error.startswith("docs/x.md:1: ") and message in error


def subject(values: list[float]) -> Subject:
    """A row of labelled numbers, as a claim sees one."""
    labels = tuple(f"t{i}" for i in range(len(values)))
    return Subject("row", labels, tuple(values), (1, len(values)), tuple(map(str, values)))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=2, max_size=6))
def test_largest_agrees_with_a_naive_scan(values: list[int]) -> None:
    """Assert `largest` names exactly the labels whose entry no other entry exceeds, ties included."""
    naive = [f"t{i}" for i, x in enumerate(values) if all(x >= y for y in values)]
    assert extreme(subject([float(x) for x in values]), "largest") == naive


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=2, max_size=6, unique=True))
def test_greater_holds_exactly_for_the_sorted_order(values: list[int]) -> None:
    """Assert greater= accepts the labels in decreasing order of their entries and refuses any swap."""
    row = subject([float(x) for x in values])
    order = tuple(f"t{i}" for i in sorted(range(len(values)), key=lambda i: -values[i]))
    check_one(row, "greater", order)
    with pytest.raises(DirectiveError):
        check_one(row, "greater", order[::-1])


def test_joined_reads_as_prose() -> None:
    """Assert labels join as a sentence does: one, two with 'and', three with a comma and 'and'."""
    assert [joined(["a"]), joined(["a", "b"]), joined(["a", "b", "c"])] == ["a", "a and b", "a, b and c"]


def test_nearly_equal_entries_are_a_tie() -> None:
    """Assert entries equal up to rounding (exact examples computed in floating point) count as a tie."""
    grid = Grid(((0.1 + 0.2, 0.3),), ("q",), ("a", "b"), style=None)  # type: ignore[arg-type]
    assert extreme(Subject("g", grid.col_labels, grid.values[0], (1, 2), ("0.3", "0.3")), "largest") == ["a", "b"]


def test_the_checks_page_says_the_heads_differ_in_their_keys_only() -> None:
    """Assert the checks page no longer says head 2's queries differ (its W_Q is head 1's), and that both halves of
    what it says now, queries the same and keys not, are checked beside the sentence."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs/beyond/checks.md").read_text(encoding="utf-8")
    assert "queries and keys differ" not in text
    assert "because\n        their keys differ.<!-- attn:check" in text
    assert "queries-head2-minus-head1 zero=all" in text and "keys-head2-minus-head1 zero=not-all" in text


def test_the_guide_holds_the_table_of_claims_and_each_example_holds() -> None:
    """Assert CONTRIBUTING.md's table of claims is `claims_table()` word for word, and every sample check in it
    renders nothing with today's inputs (an example in the guide is a check that passes)."""
    from pathlib import Path

    from attention_site.directives.claims import CLAIMS, claims_table

    guide = (Path(__file__).resolve().parent.parent / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert claims_table() in guide, "CONTRIBUTING.md's table of claims is stale; paste this one:\n" + claims_table()
    for claim in CLAIMS.values():
        assert expand(f"<!-- attn:check {claim.sample} -->") == "", claim.sample


def test_every_module_of_src_stays_within_400_lines() -> None:
    """Assert no module of either package (entries, figures and the core included) is over 400 lines, the project's
    rule: the claims were one 565-line module, now one per family (subjects, questions, relations, measures) and
    their records; the lesson's entries were one 442-line module, now a package of families."""
    from pathlib import Path

    src = Path(__file__).resolve().parent.parent / "src"
    modules = sorted(src.rglob("*.py"))
    assert len(modules) > 100, f"found only {len(modules)} modules under {src}"
    long = {str(path.relative_to(src)): n for path in modules if (n := len(path.read_text().splitlines())) > 400}
    assert long == {}
