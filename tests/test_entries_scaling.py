"""Tests for the scaling chapter's entries (entries/scaling.py): the 4-and-2 example and the spread by width."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_comparison_table_reads_the_seed_weights() -> None:
    """Assert raw 4 and 2 give (0.881, 0.119) and, divided by sqrt 4 = 2, (0.731, 0.269)."""
    assert expand("<!-- attn:table scaling comparison -->") == textwrap.dedent("""
        | calculation | score for $k_{1}$ | score for $k_{2}$ | softmax weights |
        |:---|---:|---:|---:|
        | raw dot products | 4 | 2 | (0.881, 0.119) |
        | divided by $\\sqrt{d_k}$ = 2 | 2 | 1 | (0.731, 0.269) |
        """)


def test_illustrative_vectors_and_inline_numbers() -> None:
    """Assert the illustrative q and keys as LaTeX, d_k = 4, the divisor 2 and both score and weight rows."""
    page = """
        $<!-- attn:tex scaling query -->$ $<!-- attn:tex scaling keys -->$
        <!-- attn:value scaling d-k --> <!-- attn:value scaling divisor -->
        <!-- attn:value scaling raw-scores --> <!-- attn:value scaling scaled-scores -->
        <!-- attn:value scaling raw-weights --> <!-- attn:value scaling scaled-weights -->
        """
    assert expand(page) == textwrap.dedent(r"""
        $\begin{pmatrix} 1 & 1 & 1 & 1 \end{pmatrix}$ $\begin{pmatrix} 1 & 1 & 1 & 1 \\ 1 & 1 & 0 & 0 \end{pmatrix}$
        4 2
        (4, 2) (2, 1)
        (0.881, 0.119) (0.731, 0.269)""").strip("\n")


def test_spread_table_grows_like_the_square_root() -> None:
    """Assert the spread table lists each width, its square root and spreads near sqrt(d_k) and near 1."""
    table = expand("<!-- attn:table head-width spread -->")
    lines = table.strip("\n").split("\n")
    assert lines[0] == (
        "| head width $d_k$ | square root $\\sqrt{d_k}$ | spread of $q \\cdot k$ "
        "| spread of $q \\cdot k / \\sqrt{d_k}$ |"
    )
    widths = [line.split("|")[1].strip() for line in lines[2:]]
    roots = [line.split("|")[2].strip() for line in lines[2:]]
    assert widths == ["1", "4", "16", "64", "256"] and roots == ["1", "2", "4", "8", "16"]
    for line in lines[2:]:
        _, _, root, raw, scaled, _ = (cell.strip() for cell in line.split("|"))
        assert abs(float(raw) / float(root) - 1) < 0.05 and abs(float(scaled) - 1) < 0.05


def test_samples_count_inline() -> None:
    """Assert the number of random pairs per width is shown whole."""
    assert expand("<!-- attn:value head-width samples -->") == "4,000"


def test_both_weight_rows_with_key_labels() -> None:
    """Assert the weights grid has rows raw and scaled and columns k1, k2: k2's share grows from 0.119 to 0.269."""
    page = """
        <!-- attn:value scaling weights row=raw col=k2 --> <!-- attn:value scaling weights row=scaled col=k2 -->
        <!-- attn:word scaling raw-weights pick=largest --><!-- attn:check scaling weights col=k2 greater=scaled,raw -->
        """
    assert expand(page) == "0.119 0.269\nk1"


def test_spreads_grid_rows_are_widths() -> None:
    """Assert the spreads grid has one row per width (row=16 reads 3.992 raw, 0.998 scaled), raw spreads rising."""
    page = """
        <!-- attn:value head-width spreads row=16 -->
        <!-- attn:check head-width spreads col=raw greater=256,64,16,4,1 -->
        """
    assert expand(page) == "(3.992, 0.998)\n"


def test_rnn_path_length_and_updates() -> None:
    """Assert the RNN comparison has 6 tokens (six) and 5 updates (five), for prose and math."""
    page = """
        <!-- attn:value rnn-path tokens --> <!-- attn:word rnn-path tokens pick=words -->
        $<!-- attn:tex rnn-path tokens -->$ <!-- attn:word rnn-path updates pick=words -->
        """
    assert expand(page) == "6 six\n$6$ five"


def test_row_option_on_a_table_entry_is_refused() -> None:
    """Assert asking the comparison table for a single value stops with page:line."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: 'scaling comparison' cannot be shown by attn:value"):
        expand("<!-- attn:value scaling comparison -->")
