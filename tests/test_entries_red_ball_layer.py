"""Tests for the Transformer-layer entries of red-ball-layer (entries/red_ball_layer.py)."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_rolls_through_the_four_steps() -> None:
    """Assert the rolls row after U, R, F and Y, in three decimals, as the layer page shows it."""
    assert expand("<!-- attn:table red-ball-layer rolls-steps -->") == textwrap.dedent("""
        | step | array | row of rolls |
        |:---|:---|---:|
        | input | X | (0.000, 0.000, 1.000) |
        | 1 | U = MultiHead(X) | (−0.250, 1.250, 1.000) |
        | 2 | R = LayerNorm(X + U) | (−1.336, 0.267, 1.069) |
        | 3 | F = FFN(R) | (1.069, −1.069, 1.069) |
        | 4 | Y = LayerNorm(R + F) | (−0.488, −0.906, 1.393) |
        """)


def test_relu_and_mean_inline() -> None:
    """Assert the ReLU zeroes the negative entries of rolls and the mean of X + U for rolls is 1."""
    page = """
        <!-- attn:value red-ball-layer ffn-pre row=rolls digits=2 --> ->
        <!-- attn:value red-ball-layer ffn-hidden row=rolls digits=2 -->, mean
        <!-- attn:value red-ball-layer norm-1-mean row=rolls digits=1 -->"""
    assert expand(page) == "(−1.34, −0.23, 1.07, 2.14) ->\n(0.00, 0.00, 1.07, 2.14), mean\n1.0"


def test_next_token_table() -> None:
    """Assert the newest row picks the word with the largest logit."""
    assert expand("<!-- attn:table red-ball-layer next-token -->") == textwrap.dedent("""
        | newest row | largest logit | next token |
        |:---|---:|:---|
        | rolls | 2.299 | away |
        """)


def test_feed_forward_weights_shown_as_authored() -> None:
    """Assert the illustrative W_2 keeps its fractions as written."""
    assert "| h4 | 1/2 | −1/2 | 0 |" in expand("<!-- attn:table red-ball-layer w-2 -->")


def test_digits_out_of_range_is_refused() -> None:
    """Assert digits=11 stops the build naming the accepted range."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: .*digits=11.*0 to 10"):
        expand("<!-- attn:table red-ball-layer y digits=11 -->")


def test_epsilon_and_feed_forward_width() -> None:
    """Assert epsilon reads 10^{-5} in LaTeX and d_ff = 4, d_model = 3 from the shape of W_1."""
    page = "$<!-- attn:tex red-ball-layer epsilon -->$ <!-- attn:word red-ball-layer w-1 pick=cols -->"
    page += " <!-- attn:word red-ball-layer w-1 pick=rows -->"
    assert expand(page) == "$10^{-5}$ 4 3"
