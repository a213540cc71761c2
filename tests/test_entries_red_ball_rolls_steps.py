"""Tests for the walk-through's views of red ball rolls (entries/red_ball_rolls/steps.py)."""

from __future__ import annotations

import textwrap
from dataclasses import replace

import pytest
from pages import expand

from attention_site.directives import DirectiveError
from attention_site.directives.entries.red_ball_rolls import head

TIMES = "\N{NO-BREAK SPACE}×\N{NO-BREAK SPACE}"



def test_dimensions_table_gives_the_defining_sizes() -> None:
    """Assert the sizes table reads n = 3, d_model = 3, d_k = 1, d_v = 2, each symbol in math."""
    assert expand("<!-- attn:table red-ball-rolls dimensions -->") == textwrap.dedent("""
        | symbol | worked value | meaning |
        |:---|---:|:---|
        | $n$ | 3 | token positions in the window |
        | $d_{model}$ | 3 | entries in each input row |
        | $d_k$ | 1 | entries in each query and each key |
        | $d_v$ | 2 | entries in each value (and each output row) |
        """)


def test_shapes_table_has_symbols_and_worked_sizes() -> None:
    """Assert the table of symbols gives W_Q to W_O, the rows and the entries, each shape computed (W_O 4 × 3)."""
    table = expand("<!-- attn:table red-ball-rolls shapes -->").replace(TIMES, " × ").replace(
        "all $h$ heads' outputs side by side, back to $d_{model}$", "W_O_MEANING")
    assert table == textwrap.dedent(r"""
        | symbol | meaning | shape | in red ball rolls |
        |:---|:---|:---|:---|
        | $X$ | the input rows, one per token | $n \times d_{model}$ | 3 × 3 |
        | $W_Q$ | a head's query projection | $d_{model} \times d_k$ | 3 × 1 |
        | $W_K$ | a head's key projection | $d_{model} \times d_k$ | 3 × 1 |
        | $W_V$ | a head's value projection | $d_{model} \times d_v$ | 3 × 2 |
        | $Q$ | the queries $X W_Q$, one row per token | $n \times d_k$ | 3 × 1 |
        | $K$ | the keys $X W_K$, one row per token | $n \times d_k$ | 3 × 1 |
        | $V$ | the values $X W_V$, one row per token | $n \times d_v$ | 3 × 2 |
        | $q_i$, $k_j$ | the query of token $i$ (row $i$ of $Q$), the key of token $j$ | $1 \times d_k$ | 1 × 1 |
        | $v_j$ | the value of token $j$ (row $j$ of $V$) | $1 \times d_v$ | 1 × 2 |
        | $S$ | the scores $Q K^\top / \sqrt{d_k}$ | $n \times n$ | 3 × 3 |
        | $s_{ij}$ | the score of query $i$ for key $j$ (row $i$, column $j$ of $S$) | one number | one number |
        | $M$ | the scores after the causal mask | $n \times n$ | 3 × 3 |
        | $A$ | the weights: row $i$ shares out the attention of token $i$ | $n \times n$ | 3 × 3 |
        | $a_{ij}$ | the weight query $i$ gives key $j$; each row of $A$ sums to 1 | one number | one number |
        | $O$ | one head's output rows $A V$ | $n \times d_v$ | 3 × 2 |
        | $o_i$ | the output of token $i$ (row $i$ of $O$) | $1 \times d_v$ | 1 × 2 |
        | $W_O$ | the output projection: W_O_MEANING | $h d_v \times d_{model}$ | 4 × 3 |
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


def test_keys_are_k_not_w_k() -> None:
    """Assert K = X W_K is its own entry: (0, ln 2, 0) as a column, ln 2 for ball, 3 × 1."""
    page = """
        $K = <!-- attn:tex red-ball-rolls keys -->$, ball <!-- attn:value red-ball-rolls keys row=ball -->,
        <!-- attn:word red-ball-rolls keys pick=shape -->
        """
    assert expand(page) == textwrap.dedent(r"""
        $K = \begin{pmatrix} 0 \\ \ln 2 \\ 0 \end{pmatrix}$, ball ln 2,
        3 × 1""").strip("\n")


def test_projections_table_shows_the_rows_of_q_k_v() -> None:
    """Assert each token's query, key (from K, ln 2 for ball) and value, and the W_Q header with a capital."""
    assert expand("<!-- attn:table red-ball-rolls projections -->") == textwrap.dedent("""
        | token | query q | key k | value v |
        |:---|---:|---:|---:|
        | red | 0 | 0 | (1, 0) |
        | ball | 0 | ln 2 | (0, 2) |
        | rolls | 1 | 0 | (1, 1) |
        """)
    assert "| row of $W_Q$ | q |" in expand("<!-- attn:table red-ball-rolls w-q -->")


def test_unknown_name_suggests_the_nearest() -> None:
    """Assert a misspelt entry stops with page:line and the nearest name."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:2: unknown table 'dimension' .*dimensions"):
        expand("text\n<!-- attn:table red-ball-rolls dimension -->")


def test_hard_choice_refuses_a_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert that with every key 0 (rolls scores 0, 0, 0) the hard choice stops instead of picking red."""
    monkeypatch.setattr(head, "EX", replace(head.EX, W_k_text=(("0",), ("0",), ("0",))))
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: .*red, ball and rolls share the largest score of rolls"):
        expand("<!-- attn:value red-ball-rolls hard-choice -->")


def test_the_reference_page_renders_an_entry_that_refuses_its_inputs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert the made reference page of red ball rolls still renders when an entry refuses valid inputs (every key
    0: the hard choice has no single best key), saying so beside the entry, while a page showing it stops."""
    monkeypatch.setattr(head, "EX", replace(head.EX, W_k_text=(("0",), ("0",), ("0",))))
    page = expand("<!-- attn:block reference directives example=red-ball-rolls -->")
    section = page[page.index("## `hard-choice`"):]
    section = section[:section.index("\n## ", 1)]
    assert "stops the build" in section and "red, ball and rolls share the largest score of rolls" in section
    with pytest.raises(DirectiveError, match="share the largest score"):
        expand("<!-- attn:value red-ball-rolls hard-choice -->")
