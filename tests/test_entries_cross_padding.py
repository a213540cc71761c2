"""Tests for the cross-padding entries (entries/cross_padding.py): a 2 x 3 cross-attention, then padding masks."""

from __future__ import annotations

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError


def test_cross_weights_table() -> None:
    """Assert the 2 x 3 weights: la (1/4, 1/2, 1/4), balle (1/6, 2/3, 1/6)."""
    assert expand("<!-- attn:table cross-padding cross-weights -->") == "\n" + dedented("""
        | query \\ key | red | ball | rolls |
        |:---|---:|---:|---:|
        | la | 1/4 | 1/2 | 1/4 |
        | balle | 1/6 | 2/3 | 1/6 |
        """) + "\n"


def test_cross_words_and_output() -> None:
    """Assert the score matrix is 2 × 3, la looks hardest at ball, and balle's output is (1/3, 3/2)."""
    page = ("<!-- attn:word cross-padding cross-scores pick=shape --> "
            "<!-- attn:word cross-padding cross-weights row=la pick=largest --> "
            "<!-- attn:value cross-padding cross-output row=balle -->")
    assert expand(page) == "2 × 3 ball (1/3, 3/2)"


def test_right_padding() -> None:
    """Assert the combined mask's [pad] row (1, 1, 0) and its weights (1/3, 2/3, 0); the [pad] column is 0."""
    page = ("<!-- attn:value cross-padding right-combined row=[pad] --> "
            "<!-- attn:value cross-padding right-weights row=[pad] -->"
            "<!-- attn:check cross-padding right-weights col=[pad] nonzero=none -->")
    assert expand(page) == "(1, 1, 0) (1/3, 2/3, 0)"


def test_left_padding() -> None:
    """Assert ([pad], red, ball) leaves [pad] 0 keys and 3 NaN weights, and −1e9 gives it 1/3 each."""
    page = ("<!-- attn:word cross-padding left-allowed col=keys pick=smallest --> "
            "<!-- attn:value cross-padding left-allowed col=keys --> "
            "<!-- attn:value cross-padding left-nan col=NaN --> "
            "<!-- attn:value cross-padding left-finite-weights row=[pad] --> "
            "<!-- attn:value cross-padding finite-fill -->")
    assert expand(page) == "[pad] (0, 1, 2) (3, 0, 0) (1/3, 1/3, 1/3) −1,000,000,000"


def test_nan_gradients_with_an_additive_mask_and_none_with_where() -> None:
    """Assert the table of NaN entries: additive 3 in dL/dS and 3 in dL/dW_Q, where 0 and 0, and the page's claims."""
    assert expand("<!-- attn:table cross-padding nan-gradients -->") == "\n" + dedented("""
        | NaN entries in | dS | dW_Q |
        |:---|---:|---:|
        | additive | 3 | 3 |
        | where | 0 | 0 |
        """) + "\n"
    page = ("<!-- attn:check cross-padding nan-gradients row=additive nonzero=dS,dW_Q -->"
            "<!-- attn:check cross-padding nan-gradients row=where zero=all -->")
    assert expand(page) == ""


def test_a_wrong_claim_stops_the_build() -> None:
    """Assert claiming red may use no key stops the build with page and line."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: "):
        expand("<!-- attn:check cross-padding left-allowed row=red sign=zero -->")


def test_lengths_in_words() -> None:
    """Assert two real tokens padded to three, on the right and on the left."""
    page = ("<!-- attn:word cross-padding lengths row=right col=real pick=words --> "
            "<!-- attn:word cross-padding lengths row=left col=n pick=words -->")
    assert expand(page) == "two three"
