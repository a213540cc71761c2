"""Tests for the KV-cache entries (entries/kv_cache.py) and the count formatting (entries/counts.py)."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_cache_grows_one_row_per_step() -> None:
    """Assert each step shows the newest query, appends one key and one value row, and the last step gives rolls
    (1/2, 5/4); a key row is a row (whatever d_k), not one column read across."""
    nb = "\N{NO-BREAK SPACE}"  # a row stays whole in a narrow column: rows break between them, not inside
    assert expand("<!-- attn:table kv-cache steps -->") == textwrap.dedent(f"""
        | step: newest token | newest query | cached key rows | cached value rows | newest weights | newest output |
        |:---|---:|---:|---:|---:|---:|
        | 1: red | (0) | (0) | (1,{nb}0) | (1) | (1, 0) |
        | 2: ball | (0) | (0) (ln{nb}2) | (1,{nb}0) (0,{nb}2) | (1/2, 1/2) | (1/2, 1) |
        | 3: rolls | (1) | (0) (ln{nb}2) (0) | (1,{nb}0) (0,{nb}2) (1,{nb}1) | (1/4, 1/2, 1/4) | (1/2, 5/4) |
        """)


def test_cache_matches_full_causal_attention() -> None:
    """Assert the cached outputs equal full causal attention exactly."""
    assert expand("<!-- attn:value kv-cache max-difference -->") == "0"
    assert "| 3: rolls | (1/2, 5/4) | (1/2, 5/4) |" in expand("<!-- attn:table kv-cache compare -->")


def test_counts_for_three_and_a_thousand_tokens() -> None:
    """Assert 6 against 14 score entries for red ball rolls, and n(n+1)/2 against n(n+1)(2n+1)/6 for n = 1000."""
    assert "| total | 6 | 14 |" in expand("<!-- attn:table kv-cache counts -->")
    page = "<!-- attn:value kv-cache total-with-cache n=1000 --> / "
    page += "<!-- attn:value kv-cache total-without-cache n=1000 -->"
    assert expand(page) == "500,500 / 333,833,500"


def test_n_above_the_limit_is_refused() -> None:
    """Assert n = 10^9 stops the build instead of counting for ever."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: option n=1000000000 is out of range"):
        expand("<!-- attn:table kv-cache counts n=1000000000 -->")
