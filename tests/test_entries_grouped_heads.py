"""Tests for the grouped-heads entries (entries/grouped_heads.py): 4 query heads over 4, 2 or 1 K/V heads."""

from __future__ import annotations

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError


def test_sharing_table() -> None:
    """Assert which K/V head each query head reads: own, pairs (kv1 kv1 kv2 kv2), all kv1."""
    assert expand("<!-- attn:table grouped-heads sharing -->") == "\n" + dedented("""
        | query head | 4 K/V heads (multi-head) | 2 K/V heads (grouped-query) | 1 K/V head (multi-query) |
        |:---|:---|:---|:---|
        | q1 | kv1 | kv1 | kv1 |
        | q2 | kv2 | kv1 | kv1 |
        | q3 | kv3 | kv2 | kv1 |
        | q4 | kv4 | kv2 | kv1 |
        """) + "\n"


def test_cache_sizes() -> None:
    """Assert 24, 12 and 6 numbers cached (48, 24, 12 bytes at 2 per number) for 4, 2 and 1 K/V heads."""
    table = expand("<!-- attn:table grouped-heads cache-size -->")
    assert "bytes at 2 per number |" in table.split("\n")[1]
    assert "| multi-head | 4 | 2 × 4 × 1 × 3 = 24 | 48 |" in table
    assert "| multi-query | 1 | 2 × 1 × 1 × 3 = 6 | 12 |" in table
    assert expand("<!-- attn:value grouped-heads cache-entries -->") == "(24, 12, 6)"


def test_rolls_weights_per_head() -> None:
    """Assert q2's weights for rolls: (2/3, 1/6, 1/6) with its own K/V head, (1/6, 2/3, 1/6) sharing kv1."""
    assert expand("<!-- attn:value grouped-heads weights g=4 row=q2 -->") == "(2/3, 1/6, 1/6)"
    assert expand("<!-- attn:value grouped-heads weights g=2 row=q2 -->") == "(1/6, 2/3, 1/6)"
    assert expand("<!-- attn:check grouped-heads weights g=1 col=ball equal=q1,q3,q4 -->") == ""


def test_readers_and_cache_columns() -> None:
    """Assert each of 2 K/V heads has 2 readers, and the cache of g=1 holds keys (0, ln 2, 0) and values (1, 0, 0)."""
    assert expand("<!-- attn:value grouped-heads readers g=2 -->") == "(2, 2)"
    assert expand("<!-- attn:value grouped-heads cache g=1 col=k1 -->") == "(0, ln 2, 0)"
    assert expand("<!-- attn:value grouped-heads cache g=1 col=v1 -->") == "(1, 0, 0)"


def test_unknown_arrangement_is_refused() -> None:
    """Assert g=3 is refused with the arrangements there are."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: .*g=3 is not an arrangement.*4, 2, 1"):
        expand("<!-- attn:table grouped-heads cache g=3 -->")
