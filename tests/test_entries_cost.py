"""Tests for the n² cost entries (entries/cost.py)."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_the_decks_table() -> None:
    """Assert n² for 4, 8, 128 and 1024: 16; 64; 16,384; 1,048,576."""
    assert expand("<!-- attn:table cost scores -->") == textwrap.dedent("""
        | tokens n | scores per head n² |
        |---:|---:|
        | 4 | 16 |
        | 8 | 64 |
        | 128 | 16,384 |
        | 1,024 | 1,048,576 |
        """)


def test_bytes_and_multiply_adds() -> None:
    """Assert 1024 tokens: 4,194,304 bytes in float32, 2,097,152 in float16, 67,108,864 multiply-adds each."""
    row = "| 1,024 | 1,048,576 | 4,194,304 | 2,097,152 | 67,108,864 | 67,108,864 |"
    assert expand("<!-- attn:table cost table n=1024 -->").strip().endswith(row)


def test_doubling_quadruples() -> None:
    """Assert the inline count for 512 and 1024 tokens."""
    page = "<!-- attn:value cost score-count n=512 --> -> <!-- attn:value cost score-count n=1024 -->"
    assert expand(page) == "262,144 -> 1,048,576"


def test_a_billion_tokens_is_refused() -> None:
    """Assert n = 10^9 is refused with the stated limit instead of hanging the build."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: option n=1000000000 is out of range; .*1,000,000"):
        expand("<!-- attn:table cost table n=1000000000 -->")


def test_head_widths() -> None:
    """Assert the illustrative head widths d_k = d_v = 64."""
    page = "<!-- attn:value cost head-widths col=d_k -->, <!-- attn:value cost head-widths col=d_v -->"
    assert expand(page) == "64, 64"
