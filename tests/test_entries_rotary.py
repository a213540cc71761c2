"""Tests for the rotary entries (entries/rotary.py): red ball rolls turned by position, d = 4."""

from __future__ import annotations

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError


def test_frequencies_table() -> None:
    """Assert pair 0 has exponent 0 and theta 1, pair 1 exponent −1/2 and theta 0.010 (base 10000, d = 4)."""
    assert expand("<!-- attn:table rotary frequencies -->") == "\n" + dedented("""
        | pair $i$ | exponent | theta |
        |:---|---:|---:|
        | 0 | 0 | 1 |
        | 1 | −1/2 | 0.010 |
        """) + "\n"


def test_sizes_as_words() -> None:
    """Assert d = 4 and 2 pairs, computed from the entries."""
    page = "d = <!-- attn:word rotary queries pick=cols -->, <!-- attn:word rotary frequencies pick=rows --> pairs"
    assert expand(page) == "d = 4, 2 pairs"


def test_rotated_rows_and_scores() -> None:
    """Assert rolls' turned query (−1.325, 0.493, 0.000, 0.000) and the scores red-ball 1.540, rolls-red −1.325."""
    assert expand("<!-- attn:value rotary rotated-queries row=rolls -->") == "(−1.325, 0.493, 0.000, 0.000)"
    page = "<!-- attn:value rotary scores row=red col=ball --> <!-- attn:value rotary scores row=rolls col=red -->"
    assert expand(page) == "1.540 −1.325"


def test_shift_leaves_scores_unchanged() -> None:
    """Assert the shift is 5, the positions become (5, 6, 7), and the largest change is 0.000 and checked zero."""
    page = ("<!-- attn:value rotary shift --> <!-- attn:value rotary shifted-positions col=p --> "
            "<!-- attn:value rotary offset-difference --><!-- attn:check rotary offset-difference sign=zero -->")
    assert expand(page) == "5 (5, 6, 7) 0.000"


def test_moved_pair_scores_are_equal() -> None:
    """Assert red's query and rolls' key two apart score 0.091 at positions 0-2, 3-5 and 10-12, and 1 unrotated."""
    assert expand("<!-- attn:value rotary moved-pair col=score -->") == "(0.091, 0.091, 0.091)"
    assert expand("<!-- attn:check rotary moved-pair equal=all --><!-- attn:value rotary unrotated-pair -->") == "1"
    assert expand("<!-- attn:word rotary offset pick=words -->") == "two"


def test_a_wrong_claim_stops_the_build() -> None:
    """Assert claiming the rotary scores of red favour rolls stops with page and line."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: .*largest entry.*is rolls.*it is ball"):
        expand("<!-- attn:check rotary scores row=red largest=rolls -->")
