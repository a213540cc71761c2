"""Tests for the variant entries (entries/red_ball_rolls/variants.py): head 1 without a mask, padding masks."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_unmasked_weights() -> None:
    """Assert that without a mask red and ball spread evenly over all three keys and rolls is unchanged."""
    assert expand("<!-- attn:table red-ball-rolls unmasked-weights -->") == textwrap.dedent("""
        | query \\ key | red | ball | rolls |
        |:---|---:|---:|---:|
        | red | 1/3 | 1/3 | 1/3 |
        | ball | 1/3 | 1/3 | 1/3 |
        | rolls | 1/4 | 1/2 | 1/4 |
        """)


def test_unmasked_output_of_red() -> None:
    """Assert red's output without a mask reads (2/3, 1)."""
    assert expand("<!-- attn:value red-ball-rolls unmasked-output row=red -->") == "(2/3, 1)"


def test_unknown_row_is_refused() -> None:
    """Assert a row label that is not a token stops the build with the page and line."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: "):
        expand("<!-- attn:value red-ball-rolls unmasked-output row=blue -->")


def test_padding_mask_zeroes_the_padding_column() -> None:
    """Assert that with the padding mask red and ball share their weight and the padding gets exactly 0."""
    assert expand("<!-- attn:table red-ball-rolls padding-masked-weights -->") == textwrap.dedent("""
        | query \\ key | red | ball | [pad] |
        |:---|---:|---:|---:|
        | red | 1/2 | 1/2 | 0 |
        | ball | 1/2 | 1/2 | 0 |
        | [pad] | 1/3 | 2/3 | 0 |
        """)
    assert expand("<!-- attn:value red-ball-rolls padded-weights row=red -->") == "(1/3, 1/3, 1/3)"


def test_post_and_pre_norm_differ() -> None:
    """Assert the rolls row of Y under post-norm and pre-norm, same weights."""
    assert "| Y | (−0.488, −0.906, 1.393) | (1.724, 0.972, 1.017) |" in expand(
        "<!-- attn:table red-ball-layer norms -->")


def test_a_pre_norm_stack_ends_with_a_layer_norm() -> None:
    """Assert a one-layer stack's output: post-norm's Y unchanged, pre-norm's Y after one more LayerNorm."""
    assert ("| output of a one-layer stack | (−0.488, −0.906, 1.393) | (1.412, −0.770, −0.642) |"
            in expand("<!-- attn:table red-ball-layer norms -->"))
