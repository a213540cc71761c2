"""Tests for the position entries (entries/positions.py): dog bites man against man bites dog."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_without_positions_each_token_keeps_its_row() -> None:
    """Assert that without positions dog, bites and man get the same output in both sentences."""
    assert expand("<!-- attn:table positions outputs method=none -->") == textwrap.dedent("""
        | token | in “dog bites man” | in “man bites dog” |
        |:---|---:|---:|
        | dog | (1.723, 1.768) | (1.723, 1.768) |
        | bites | (0.277, 1.045) | (0.277, 1.045) |
        | man | (1.000, 1.333) | (1.000, 1.333) |
        """)


def test_every_method_breaks_the_symmetry() -> None:
    """Assert the equivariance summary: zero difference without positions, a clear one with each method."""
    assert expand("<!-- attn:table positions equivariance -->") == textwrap.dedent("""
        | positions | largest difference | same rows, only reordered? |
        |:---|---:|:---|
        | none | 0.000 | yes |
        | sinusoidal | 1.847 | no |
        | learned | 0.761 | no |
        | relative | 0.955 | no |
        """)


def test_relative_score_by_hand() -> None:
    """Assert man's query against dog's key: q (k + a^K_man,dog) = 1 with a^K_man,dog = w^K_-1 = (−1, 0), else 2."""
    page = "<!-- attn:value positions relative-scores row=man col=dog --> vs "
    page += "<!-- attn:value positions plain-scores row=man col=dog -->;"
    page += " $<!-- attn:tex positions pair-keys row=man-dog -->$ = $<!-- attn:tex positions key-table row=-1 -->$,"
    page += " d = <!-- attn:value positions distances row=man col=dog -->"
    assert expand(page) == "1 vs 2; $\\left(-1, 0\\right)$ = $\\left(-1, 0\\right)$, d = −1"


def test_relative_tables_and_clip() -> None:
    """Assert k = 1 and the key table w^K has one row per distance −1, 0, 1, its columns counted from 0."""
    assert expand("k = <!-- attn:value positions clip -->") == "k = 1"
    assert expand("<!-- attn:table positions key-table -->") == textwrap.dedent("""
        | distance $d$ | k0 | k1 |
        |:---|---:|---:|
        | −1 | −1 | 0 |
        | 0 | 0 | 0 |
        | 1 | 1 | 0 |
        """)


def test_columns_count_from_zero() -> None:
    """Assert the embeddings and position tables label their columns from 0, as the sinusoidal formula counts."""
    assert expand("<!-- attn:table positions embeddings -->").split("\n")[1] == "| token | e0 | e1 | e2 | e3 |"
    table = expand("<!-- attn:table positions position-table table=sinusoidal -->")
    assert "| position | p0 | p1 | p2 | p3 |" in table


def test_sinusoidal_first_rows() -> None:
    """Assert position 1 of the sinusoidal table is (sin 1, cos 1, sin 0.01, cos 0.01) to three places."""
    table = expand("<!-- attn:table positions position-table table=sinusoidal -->")
    assert "| pos 1 | 0.841 | 0.540 | 0.010 | 1.000 |" in table


def test_unknown_method_is_refused() -> None:
    """Assert method=rotary is refused with the accepted names."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: .*method=rotary is not accepted"):
        expand("<!-- attn:table positions outputs method=rotary -->")


def test_the_chapter_prints_the_heads_projections_as_authored() -> None:
    """Assert W_Q, W_K and W_V render as the example authors them and the positions chapter shows all three, so a
    reader can recompute its outputs (#33 correction 8)."""
    assert expand("<!-- attn:tex positions w-q -->") == (
        "\\begin{pmatrix} 0 & 1 \\\\ 1 & 0 \\\\ 0 & 1 \\\\ 1 & 0 \\end{pmatrix}")
    assert expand("<!-- attn:value positions w-v row=e1 --> <!-- attn:word positions w-k pick=shape -->") == (
        "(1.000, 1.000) 4 × 2")
    chapter = (Path(__file__).resolve().parent.parent / "docs" / "walkthrough" / "positions.md").read_text("utf-8")
    assert all(f"<!-- attn:tex positions {name} -->" in chapter for name in ("w-q", "w-k", "w-v"))
