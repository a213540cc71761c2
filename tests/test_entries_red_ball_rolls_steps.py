"""Tests for the walk-through's views of red ball rolls (entries/red_ball_rolls_steps.py)."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError

TIMES = "\N{NO-BREAK SPACE}×\N{NO-BREAK SPACE}"



def test_dimensions_table_gives_the_defining_sizes() -> None:
    """Assert the sizes table reads n = 3, d_model = 3, d_k = 1, d_v = 2."""
    assert expand("<!-- attn:table red-ball-rolls dimensions -->") == textwrap.dedent("""
        | symbol | worked value | meaning |
        |:---|---:|:---|
        | n | 3 | token positions in the window |
        | d_model | 3 | entries in each input row |
        | d_k | 1 | entries in each query and each key |
        | d_v | 2 | entries in each value (and each output row) |
        """)


def test_shapes_table_has_symbols_and_worked_sizes() -> None:
    """Assert the notation table gives every array's shape in symbols and for the worked example."""
    table = expand("<!-- attn:table red-ball-rolls shapes -->").replace(TIMES, " × ")
    assert table == textwrap.dedent("""
        | array | shape | red ball rolls | meaning |
        |:---|:---|:---|:---|
        | X | n × d_model | 3 × 3 | one input row per token |
        | Q | n × d_k | 3 × 1 | one query row per token |
        | K | n × d_k | 3 × 1 | one key row per token |
        | V | n × d_v | 3 × 2 | one value row per token |
        | S | n × n | 3 × 3 | a score for every (query, key) pair |
        | M | n × n | 3 × 3 | the scores after the causal mask |
        | A | n × n | 3 × 3 | a weight for every (query, key) pair |
        | O | n × d_v | 3 × 2 | one output row per token |
        """)


def test_rolls_scores_are_one_product_each() -> None:
    """Assert the query of rolls (1) times each key gives 0, ln 2, 0."""
    assert expand("<!-- attn:table red-ball-rolls rolls-scores -->") == textwrap.dedent("""
        | key token | query of rolls | key | score q × k |
        |:---|---:|---:|---:|
        | red | 1 | 0 | 0 |
        | ball | 1 | ln 2 | ln 2 |
        | rolls | 1 | 0 | 0 |
        """)


def test_inline_values_for_the_prose() -> None:
    """Assert the divisor is 1, ln 2 is 0.693, rolls' total is 4 and its output reads (0.50, 1.25)."""
    page = """
        d <!-- attn:value red-ball-rolls divisor -->, $<!-- attn:tex red-ball-rolls divisor -->$,
        ln 2 <!-- attn:value red-ball-rolls ball-key-decimal -->,
        total <!-- attn:value red-ball-rolls totals row=rolls -->,
        o <!-- attn:value red-ball-rolls output-decimals row=rolls digits=2 -->
        """
    assert expand(page) == textwrap.dedent("""
        d 1, $1$,
        ln 2 0.693,
        total 4,
        o (0.50, 1.25)""").strip("\n")


def test_unknown_name_suggests_the_nearest() -> None:
    """Assert a misspelt entry stops with page:line and the nearest name."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:2: unknown table 'dimension' .*dimensions"):
        expand("text\n<!-- attn:table red-ball-rolls dimension -->")
