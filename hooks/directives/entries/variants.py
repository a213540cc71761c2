"""Variants people confuse: the same red-ball-rolls head with no mask (an encoder, a ViT) against the causal one.

The padding-mask example of beyond/variants.md is at the end of this module.
"""

from __future__ import annotations

from functools import cache

from attention_core import RED_BALL_ROLLS as EX
from attention_core import AttentionResult, scaled_dot_product_attention
from figures import heatmap_svg

from ..formatting import format_number
from ..registry import figure, grid
from ..shown import Figure, Grid
from .common import checked_weights, labels, style_of
from .common import grid as make_grid

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens


@cache
def unmasked() -> AttentionResult:
    """Head 1 of red ball rolls with every key allowed, as in an encoder or a Vision Transformer."""
    head = EX.head
    return scaled_dot_product_attention(head.Q, head.K, head.V)


@grid(NAME, "unmasked-weights", "Head 1's weights with no mask: every query may use every key.")
def unmasked_weights() -> Grid:
    return make_grid(checked_weights(unmasked().weights), TOKENS, TOKENS, STYLE, "query \\ key")


@grid(NAME, "unmasked-output", "Head 1's output rows with no mask (3x2).")
def unmasked_output() -> Grid:
    return make_grid(unmasked().output, TOKENS, labels("o", unmasked().d_v), STYLE, "token")


@figure(NAME, "unmasked-heatmap", "Head 1's weights with no mask, as a heat map: no hatched cells.")
def unmasked_heatmap() -> Figure:
    A = checked_weights(unmasked().weights)
    text = [[format_number(float(a), STYLE) for a in row] for row in A]
    svg = heatmap_svg(
        A.tolist(), TOKENS, TOKENS, title="Attention weights for red ball rolls without a mask",
        desc="One row per query, one column per key; nothing is masked. "
             + " ".join(f"{token}: " + ", ".join(row) + "." for token, row in zip(TOKENS, text, strict=True)),
        cell_text=text, id_prefix="rbr-unmasked-weights",
    )
    return Figure(svg, "Without a mask every token, even red, may use every other token, later ones included.")
