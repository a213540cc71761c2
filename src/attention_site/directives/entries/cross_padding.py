"""Cross-attention and padding (example "cross-padding"): a 2 x 3 score matrix, then causal AND padding masks.

Everything is computed by attention_core.cross. Keys and values are red ball rolls' head 1; masks are shown
as 1 (may attend) and 0 (masked). A weight row that would be NaN is never shown: its entries are counted.
"""

from __future__ import annotations

import numpy as np

from attention_core.cross import MASKINGS
from attention_core.examples.cross_padding import CROSS_PADDING as EX

from ..mirror import Mirror
from ..registry import grid, scalar
from ..shown import Grid, Scalar
from .common import EXACT, authored_grid, checked_weights, labels, make_grid, shape_of, width_labels

NAME = EX.name
CORNER = "query \\ key"
RIGHT, LEFT = EX.right_real, EX.left_real


def mask_grid(mask: np.ndarray, real: tuple[bool, ...]) -> Grid:
    """A boolean mask of a padded sequence as 1 and 0."""
    tokens = EX.padded_tokens(real)
    return make_grid(np.asarray(mask, dtype=np.float64), tokens, tokens, EXACT, CORNER)


@grid(NAME, "decoder-inputs", "The illustrative input rows of the two decoder tokens.")
def decoder_inputs() -> Grid:
    return authored_grid(EX.X_dec_text, EX.tokens, labels("x", len(EX.X_dec_text[0])), EXACT, "token")


@grid(NAME, "w-q-decoder", f"The illustrative query projection of the decoder, W_Q ({shape_of(EX.W_q_dec_text)}).")
def w_q_decoder() -> Grid:
    return authored_grid(EX.W_q_dec_text, labels("x", len(EX.W_q_dec_text)), width_labels("q", EX.cross.d_k), EXACT,
                         "row of $W_Q$")


@grid(NAME, "decoder-queries", "The decoder's queries Q = X_dec W_Q, one row per decoder token.")
def decoder_queries() -> Grid:
    return make_grid(EX.cross.Q, EX.tokens, width_labels("q", EX.cross.d_k), EXACT, "token")


@grid(NAME, "cross-scores", "The cross-attention scores Q K^T / sqrt(d_k): decoder queries by encoder keys.")
def cross_scores() -> Grid:
    return make_grid(EX.cross.scaled, EX.tokens, EX.encoder_tokens, EXACT, CORNER)


@grid(NAME, "cross-weights", "The cross-attention weights: each decoder row shares 1 among the encoder tokens.")
def cross_weights() -> Grid:
    return make_grid(checked_weights(EX.cross.weights), EX.tokens, EX.encoder_tokens, EXACT, CORNER)


@grid(NAME, "cross-output", "The decoder tokens' outputs: weighted sums of the encoder's value rows.")
def cross_output() -> Grid:
    return make_grid(EX.cross.output, EX.tokens, labels("o", EX.cross.d_v), EXACT, "token")


@grid(NAME, "right-causal", "The causal mask of (red, ball, [pad]).")
def right_causal() -> Grid:
    return mask_grid(EX.causal_mask_of(RIGHT), RIGHT)


@grid(NAME, "right-padding", "The padding mask of (red, ball, [pad]): the [pad] column is 0.")
def right_padding() -> Grid:
    return mask_grid(EX.padding(RIGHT), RIGHT)


@grid(NAME, "right-combined", "Causal AND padding for (red, ball, [pad]).")
def right_combined() -> Grid:
    return mask_grid(EX.combined(RIGHT), RIGHT)


@grid(NAME, "right-weights", "Head 1's weights on (red, ball, [pad]) under causal AND padding.")
def right_weights() -> Grid:
    mask = EX.combined(RIGHT)
    tokens = EX.padded_tokens(RIGHT)
    return make_grid(checked_weights(EX.right.weights, mask), tokens, tokens, EXACT, CORNER)


@grid(NAME, "left-combined", "Causal AND padding for ([pad], red, ball): the [pad] row allows no key.")
def left_combined() -> Grid:
    return mask_grid(EX.combined(LEFT), LEFT)


@grid(NAME, "left-allowed", "How many keys each query of ([pad], red, ball) may use under causal AND padding.")
def left_allowed() -> Grid:
    counts = EX.allowed_keys(LEFT).astype(np.float64)  # (n,)
    return make_grid(counts[:, None], EX.padded_tokens(LEFT), ("keys",), EXACT, "query")


@scalar(NAME, "left-empty-rows", "The number of queries of ([pad], red, ball) that may use no key.")
def left_empty_rows() -> Scalar:
    return Scalar(float(EX.empty_row_count(LEFT)), EXACT)


@grid(NAME, "left-nan", "With masked scores set to -inf: how many weights of each row are NaN (0/0).")
def left_nan() -> Grid:
    return make_grid(EX.left_nan_counts.astype(np.float64)[:, None], EX.padded_tokens(LEFT), ("NaN",), EXACT, "query")


@grid(NAME, "left-finite-weights", "With masked scores set to the finite fill: weights of ([pad], red, ball).")
def left_finite_weights() -> Grid:
    tokens = EX.padded_tokens(LEFT)
    return make_grid(checked_weights(EX.left_finite), tokens, tokens, EXACT, CORNER)


@grid(NAME, "left-infinite-weights", "With masked scores set to -inf: the weights of the rows of ([pad], red, ball) "
       "that may use a key (the others are NaN).")
def left_infinite_weights() -> Grid:
    tokens = EX.padded_tokens(LEFT)
    kept = list(EX.left_rows_with_keys)
    return make_grid(EX.left_infinite[kept], tuple(tokens[i] for i in kept), tokens, EXACT, CORNER)


@grid(NAME, "nan-gradients", "NaN entries of dL/dS and dL/dW_Q for ([pad], red, ball) when softmax over -inf has "
      "its NaN weights replaced by 0: row additive (S + B), row where (where/masked_fill); L sums the real outputs.")
def nan_gradients() -> Grid:
    return make_grid(EX.nan_gradients, MASKINGS, ("dS", "dW_Q"), EXACT, "NaN entries in")


@scalar(NAME, "finite-fill", "The finite number masked scores are set to instead of -inf.")
def finite_fill() -> Scalar:
    return Scalar(EX.finite_fill, EXACT)


@grid(NAME, "lengths", "Real tokens and length n of the right-padded (row right) and left-padded (row left) sequence.")
def lengths() -> Grid:
    return make_grid(EX.lengths.astype(np.float64), ("right", "left"), ("real", "n"), EXACT, "padding")


# What docs/javascripts/live/cross-padding.js mirrors (directives/mirror.py): the reader's inputs and the entries.
MIRROR = Mirror(
    entries=frozenset({
        "cross-output", "cross-scores", "cross-weights", "decoder-inputs", "decoder-queries", "finite-fill",
        "left-allowed", "left-combined", "left-empty-rows", "left-finite-weights", "left-infinite-weights",
        "left-nan", "lengths", "nan-gradients", "right-causal", "right-combined", "right-padding", "right-weights",
        "w-q-decoder"}),
    editable=("X_dec", "W_q_dec"))
