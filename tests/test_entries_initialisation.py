"""Tests for the seed-9 initialisation entries (entries/initialisation.py)."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_standard_deviations() -> None:
    """Assert sqrt(2/(rows+cols)) for each kind of matrix of the two-head example."""
    assert expand("<!-- attn:table initialisation sd -->") == textwrap.dedent("""
        | matrix | shape | standard deviation |
        |:---|:---|---:|
        | $W_Q$ | 3×1 | 0.707 |
        | $W_K$ | 3×1 | 0.707 |
        | $W_V$ | 3×2 | 0.632 |
        | $W_O$ | 4×3 | 0.535 |
        """)


def test_seed_9_draws_head_2_query() -> None:
    """Assert the second query matrix drawn from default_rng(9), in the deck's call order, to four places."""
    assert expand("<!-- attn:table initialisation w-q head=2 digits=4 -->") == textwrap.dedent("""
        | $W_Q$, head 2 | q |
        |:---|---:|
        | x1 | 0.4639 |
        | x2 | 0.8085 |
        | x3 | −0.3200 |
        """)


def test_head_out_of_range() -> None:
    """Assert head=3 is refused for a two-head example, naming the accepted range."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: .*head=3 is out of range; accepted: .* from 1 to 2"):
        expand("<!-- attn:table initialisation w-v head=3 -->")


def test_sizes_and_smallest_deviation_for_sentences() -> None:
    """Assert the sizes read d_model 3, d_k 1, d_v 2, h 2, and W_O has the smallest deviation, W_Q's above it."""
    page = "<!-- attn:value initialisation sizes col=d_model --> <!-- attn:value initialisation sizes col=d_k -->"
    page += " <!-- attn:value initialisation sizes col=d_v --> <!-- attn:value initialisation sizes col=h -->"
    page += " <!-- attn:word initialisation standard-deviations col=sd pick=smallest -->"
    page += "<!-- attn:check initialisation standard-deviations col=sd greater=W_Q,W_V,W_O -->"
    assert expand(page) == "3 1 2 2 W_O"
