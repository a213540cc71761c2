"""Tests for the tiled-attention entries (entries/tiled_attention.py)."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_trace_of_t3() -> None:
    """Assert t3's running max rises from 1 to 2 and the running sum is corrected, then acc / l."""
    assert expand("<!-- attn:table tiled-attention trace query=t3 -->") == textwrap.dedent("""
        | block: keys | scores in the block | running max m | running sum l | running output acc |
        |:---|---:|---:|---:|---:|
        | 1: t1, t2 | (1.000, 1.000) | 1.000 | 2.000 | (1.000, 1.000) |
        | 2: t3, t4 | (2.000, −1.000) | 2.000 | 1.786 | (1.467, 1.368) |
        | output = acc / l |  |  |  | (0.822, 0.766) |
        """)


def test_tiled_equals_naive() -> None:
    """Assert the tiled output equals the naive one to ten places."""
    assert expand("<!-- attn:value tiled-attention max-difference digits=10 -->") == "0.0000000000"
    assert expand("<!-- attn:table tiled-attention tiled-output -->") == expand(
        "<!-- attn:table tiled-attention naive-output -->")


def test_unknown_query_is_refused() -> None:
    """Assert a query that is not one of the four tokens is refused with a suggestion."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: option query=t5 is not accepted"):
        expand("<!-- attn:table tiled-attention trace query=t5 -->")


def test_running_statistics_for_sentences() -> None:
    """Assert t3's maximum rises from 1 to 2 over two blocks of two, t1's stays 1; no scaling."""
    assert expand("<!-- attn:table tiled-attention running query=t3 -->") == textwrap.dedent("""
        | after block, query t3 | block-max | max | sum | acc1 | acc2 |
        |:---|---:|---:|---:|---:|---:|
        | block-1 | 1.000 | 1.000 | 2.000 | 1.000 | 1.000 |
        | block-2 | 2.000 | 2.000 | 1.786 | 1.467 | 1.368 |
        """)
    page = "<!-- attn:check tiled-attention running query=t1 col=max equal=block-1,block-2 -->"
    page += "<!-- attn:word tiled-attention block-size pick=words -->"
    page += " <!-- attn:word tiled-attention scale pick=words -->"
    assert expand(page) == "two one"
