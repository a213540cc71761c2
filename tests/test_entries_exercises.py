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
