"""Tests for the exercise entries (entries/exercises.py): the deck's four answers, computed."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_exercise_1_causal_columns() -> None:
    """Assert the query at position 2 may use columns 1 and 2 only."""
    assert expand("<!-- attn:value exercises permitted-columns -->") == "(1, 2)"


def test_exercise_2_softmax() -> None:
    """Assert softmax of (0, ln 2, 0): e^s = (1, 2, 1), total 4, weights (1/4, 1/2, 1/4)."""
    assert expand("<!-- attn:table exercises softmax -->") == textwrap.dedent("""
        | key | score s | eˢ | weight |
        |:---|---:|---:|---:|
        | key 1 | 0 | 1 | 1/4 |
        | key 2 | ln 2 | 2 | 1/2 |
        | key 3 | 0 | 1 | 1/4 |
        | total |  | 4 | 1 |
        """)


def test_exercise_2_blanks_carry_answers() -> None:
    """Assert blanks=weight leaves boxes that carry the exact answers for the checker."""
    table = expand("<!-- attn:table exercises softmax blanks=weight -->")
    assert 'data-answer="0.5"' in table and 'data-display="1/2"' in table


def test_exercise_3_weighted_sum() -> None:
    """Assert (1/4, 0) + (0, 1) + (1/4, 1/4) = (1/2, 5/4)."""
    assert expand("<!-- attn:value exercises output -->") == "(1/2, 5/4)"
    assert "| sum |  |  | (1/2, 5/4) |" in expand("<!-- attn:table exercises weighted-sum -->")


def test_exercise_4_shapes() -> None:
    """Assert n=5, d_k=2, d_v=3 gives a 5×5 score matrix and a 5×3 output."""
    page = "<!-- attn:value exercises shape row=S --> and <!-- attn:value exercises shape row=O -->"
    assert expand(page) == "5×5 and 5×3"


def test_shapes_size_limit() -> None:
    """Assert an enormous n is refused with the accepted range."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: option n=1000000 is out of range"):
        expand("<!-- attn:table exercises shapes n=1000000 -->")


def test_givens_of_exercises_1_and_4() -> None:
    """Assert exercise 1 gives 3 tokens and the query in position 2, exercise 4 gives n = 5, d_k = 2, d_v = 3."""
    page = "<!-- attn:value exercises causal-givens col=n --> <!-- attn:value exercises causal-givens col=query -->"
    page += " <!-- attn:value exercises shape-givens row=given -->"
    assert expand(page) == "3 2 (5, 2, 3)"


def test_new_projection_and_scores_inputs_give_new_answers() -> None:
    """Assert the chapters' exercises use inputs no chapter shows: x = (1, 0, 2) times the new W_Q is (3, 2), and
    the query (1, 0, 2, 1) against the three new keys, divided by √4, scores (1/2, 3/2, 2)."""
    page = ("<!-- attn:value exercises projection-x --> <!-- attn:value exercises projection-q -->\n"
            "<!-- attn:value exercises scores-query --> <!-- attn:word exercises scores-keys pick=cols --> "
            "<!-- attn:value exercises scores-scaled -->")
    assert expand(page) == "(1, 0, 2) (3, 2)\n(1, 0, 2, 1) 4 (1/2, 3/2, 2)"


def test_the_mask_exercise_masks_the_keys_after_its_query() -> None:
    """Assert the query in position 3 of 4 keeps the raw scores ln 2, 0, ln 2 and loses the fourth key to −∞:
    e^s = (2, 1, 2, 0), weights (2/5, 1/5, 2/5, 0)."""
    assert expand("<!-- attn:table exercises mask-softmax -->") == textwrap.dedent("""
        | key | masked score | eˢ | weight |
        |:---|---:|---:|---:|
        | key 1 | ln 2 | 2 | 2/5 |
        | key 2 | 0 | 1 | 1/5 |
        | key 3 | ln 2 | 2 | 2/5 |
        | key 4 | −∞ | 0 | 0 |
        | total |  | 5 | 1 |
        """)
    assert expand("<!-- attn:value exercises mask-givens row=given -->") == "(4, 3)"


def test_the_new_softmax_feeds_the_new_weighted_sum() -> None:
    """Assert softmax of (ln 2, 0, ln 5) is (1/4, 1/8, 5/8), and those weights mix (4, 0), (0, 8), (8, 8) into
    (1, 0) + (0, 1) + (5, 5) = (6, 6)."""
    assert expand("<!-- attn:value exercises new-weights -->") == "(1/4, 1/8, 5/8)"
    table = expand("<!-- attn:table exercises new-weighted-sum -->")
    assert "| row 3 | 5/8 | (8, 8) | (5, 5) |" in table and "| sum |  |  | (6, 6) |" in table
    assert 'data-display="5/8"' in expand("<!-- attn:table exercises new-softmax blanks=weight -->")


@pytest.mark.parametrize(("field", "value", "message"), [
    ("new_W_q_text", (("1", "0"), ("0", "1")), "2 rows for an input row of 3 entries"),
    ("new_keys_text", (("1", "1"),), "keys as wide as the query"),
    ("new_values_text", (("4", "0"),), "1 value rows for 3 scores"),
    ("masked_position", 5, r"5 is out of range; accepted: the 1-based position .* from 1 to 4"),
])
def test_new_inputs_that_do_not_fit_together_stop_at_their_field(field: str, value: object, message: str) -> None:
    """Assert a W_Q that does not fit x, keys narrower than the query, a value row short, or a query position past
    the row stop where the example is made, naming the field."""
    from dataclasses import replace

    from attention_core import ExampleInputError
    from attention_core.examples.exercises import EXERCISES

    with pytest.raises(ExampleInputError, match=rf"Exercises\.{field}: {message}"):
        replace(EXERCISES, **{field: value})


def test_at_least_five_chapter_exercises_ask_about_inputs_no_chapter_shows() -> None:
    """Assert at least five of the exercises one per chapter pose their question with this page's own example
    (new inputs, answers computed) rather than asking again for a number of the chapter's worked example."""
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "walkthrough" / "exercises.md").read_text("utf-8")
    chapters = page[page.index("## One per chapter") :].split("\n### ")[1:]
    questions = [chapter.split('??? success "Answer"')[0] for chapter in chapters]
    new = [q.split("\n")[0] for q in questions if re.search(r"<!-- attn:\w+ exercises ", q)]
    assert len(new) >= 5, new
