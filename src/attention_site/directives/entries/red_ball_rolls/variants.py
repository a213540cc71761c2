"""Variants people confuse: the same red-ball-rolls head with no mask (an encoder on unpadded rows, a ViT) against
the causal one.

The padding-mask example of beyond/variants.md is at the end of this module.
"""

from __future__ import annotations

from functools import cache

from attention_core import AttentionResult, padding_mask, scaled_dot_product_attention
from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS as EX

from ....figures import mask_grid_svg
from ...registry import figure, grid, scalar
from ...shown import Figure, Grid, Scalar
from ...subjects import joined
from ..common import checked_weights, count, labels, make_grid, style_of, weights_figure

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens


@cache
def unmasked() -> AttentionResult:
    """Head 1 of red ball rolls with every key allowed: no causal mask (as in an encoder) and no padding."""
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
    return weights_figure(
        unmasked().weights, TOKENS, STYLE, title="Attention weights for red ball rolls without a mask",
        caption="Without a mask every token, even red, may use every other token, later ones included.",
        id_prefix="rbr-unmasked-weights",
    )


# The padding example: the positions of red ball rolls flagged False in EX.padding_real are treated as padding,
# as if the sentence had fewer real tokens and was padded to the batch's length. What a padding row holds does
# not matter.
REAL = EX.padding_real
PADDED_TOKENS = EX.padded_tokens


@cache
def padded(with_mask: bool) -> AttentionResult:
    """Head 1 with no causal mask, the third position padding, with or without the padding mask."""
    head = EX.head
    return scaled_dot_product_attention(head.Q, head.K, head.V, mask=padding_mask(REAL) if with_mask else None)


def real_tokens() -> list[str]:
    """The tokens of the padding example that are not padding."""
    return [token for token, real in zip(TOKENS, REAL, strict=True) if real]


def padded_phrase() -> str:
    """The padded sequence in words: `red, ball and one padding position`."""
    pads = REAL.count(False)
    return joined([*real_tokens(), f"{pads} padding position{'s' if pads != 1 else ''}"]) if pads else joined(TOKENS)


@scalar(NAME, "real-tokens", "How many tokens of the padding example are real (not padding).")
def real_token_count() -> Scalar:
    return count(len(real_tokens()))


@grid(NAME, "padding-mask", f"The padding mask for ({', '.join(PADDED_TOKENS)}): 1 where a query may use the key, "
      "else 0.")
def padding_mask_grid() -> Grid:
    return make_grid(padding_mask(REAL).astype(float), PADDED_TOKENS, PADDED_TOKENS, STYLE, "query \\ key")


@grid(NAME, "padded-weights", "Weights of (red, ball, [pad]) with no mask at all: the padding takes a share.")
def padded_weights() -> Grid:
    return make_grid(checked_weights(padded(False).weights), PADDED_TOKENS, PADDED_TOKENS, STYLE, "query \\ key")


@grid(NAME, "padding-masked-weights", f"Weights of ({', '.join(PADDED_TOKENS)}) with the padding mask: padding "
      "gets 0.")
def padding_masked_weights() -> Grid:
    mask = padding_mask(REAL)
    return make_grid(checked_weights(padded(True).weights, mask), PADDED_TOKENS, PADDED_TOKENS, STYLE,
                     "query \\ key")


@figure(NAME, "padding-mask-grid", "The padding mask for (red, ball, [pad]) as a grid: the padding column hatched.")
def padding_mask_figure() -> Figure:
    svg = mask_grid_svg(
        padding_mask(REAL).tolist(), PADDED_TOKENS, title=f"Padding mask for {padded_phrase()}",
        desc=f"Rows are queries, columns are keys. Every query may use {joined(real_tokens())}; the column of "
             f"each padding position is hatched for every query.",
        id_prefix="rbr-padding-mask",
    )
    return Figure(svg, "A padding mask closes whole columns; a causal mask closes the triangle above the diagonal.")
