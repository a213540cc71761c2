"""Tests for the second head, concatenation, W_O and residual entries of red-ball-rolls (entries/multi_head.py)."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_head2_weighted_sum_table() -> None:
    """Assert head 2's weighted sum for rolls reads (1/2, 1/4, 1/4) and totals (3/4, 3/4), as the deck says."""
    assert expand("<!-- attn:table red-ball-rolls head2-weighted-sum -->") == textwrap.dedent("""
        | source token | head 2 weight | value | weighted contribution |
        |:---|---:|---:|---:|
        | red | 1/2 | (1, 0) | (1/2, 0) |
        | ball | 1/4 | (0, 2) | (0, 1/2) |
        | rolls | 1/4 | (1, 1) | (1/4, 1/4) |
        | output |  |  | (3/4, 3/4) |
        """)


def test_concatenation_inline_and_tex() -> None:
    """Assert the concatenated row of rolls is (1/2, 5/4, 3/4, 3/4) in prose and in LaTeX."""
    page = """
        Concat: <!-- attn:value red-ball-rolls concat row=rolls -->.
        $c = <!-- attn:tex red-ball-rolls concat row=rolls -->$
        """
    assert expand(page) == textwrap.dedent("""
        Concat: (1/2, 5/4, 3/4, 3/4).
        $c = \\left(\\tfrac{1}{2}, \\tfrac{5}{4}, \\tfrac{3}{4}, \\tfrac{3}{4}\\right)$""").strip("\n")


def test_w_o_u_and_residual_for_rolls() -> None:
    """Assert W_O is shown as authored, U for rolls is (-1/4, 5/4, 1) and the residual adds x = (0, 0, 1)."""
    assert expand("<!-- attn:table red-ball-rolls w-o -->") == textwrap.dedent("""
        | row of $W_O$ | u1 | u2 | u3 |
        |:---|---:|---:|---:|
        | h1 o1 | 1 | 0 | 1/2 |
        | h1 o2 | 0 | 1 | 0 |
        | h2 o1 | 0 | 0 | 1 |
        | h2 o2 | -1 | 0 | 0 |
        """)
    page = "<!-- attn:value red-ball-rolls x row=rolls --> + <!-- attn:value red-ball-rolls u row=rolls -->"
    page += " = <!-- attn:value red-ball-rolls residual row=rolls -->"
    assert expand(page) == "(0, 0, 1) + (-1/4, 5/4, 1) = (-1/4, 5/4, 2)"


def test_heads_side_by_side() -> None:
    """Assert the two heads' weight rows and outputs for rolls sit in one table."""
    assert expand("<!-- attn:table red-ball-rolls heads-side-by-side -->") == textwrap.dedent("""
        | head | weights over red, ball, rolls | output for rolls |
        |:---|---:|---:|
        | head 1 | (1/4, 1/2, 1/4) | (1/2, 5/4) |
        | head 2 | (1/2, 1/4, 1/4) | (3/4, 3/4) |
        """)


def test_unknown_name_suggests_the_nearest() -> None:
    """Assert a misspelt head-2 name stops with page:line and a suggestion."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:2: unknown table 'head2-weight' .*head2-weights"):
        expand("intro\n<!-- attn:table red-ball-rolls head2-weight -->")


def test_head2_heatmap_is_labelled() -> None:
    """Assert head 2's heat map is an SVG figure whose text alternative lists the rolls row."""
    html = expand("<!-- attn:figure red-ball-rolls head2-heatmap -->")
    assert html.startswith('\n<figure class="attn-figure" markdown="0">\n<svg')
    assert "rolls: 1/2, 1/4, 1/4." in html


def test_contributions_by_source() -> None:
    """Assert the interpretation table gives each source token's weight and contribution in both heads."""
    assert expand("<!-- attn:table red-ball-rolls rolls-by-source -->") == textwrap.dedent("""
        | source token | head 1 weight | head 1 contribution | head 2 weight | head 2 contribution |
        |:---|---:|---:|---:|---:|
        | red | 1/4 | (1/4, 0) | 1/2 | (1/2, 0) |
        | ball | 1/2 | (0, 1) | 1/4 | (0, 1/2) |
        | rolls | 1/4 | (1/4, 1/4) | 1/4 | (1/4, 1/4) |
        """)
