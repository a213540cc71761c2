"""All three tokens at once: S = Q K^T, A = softmax(S) and O = A V, and A as a heat map."""

from __future__ import annotations

from attention_core.examples.bus_is_late import BUS_IS_LATE as EX

from ...registry import figure, grid
from ...shown import Figure, Grid
from ..common import checked_weights, labels, make_grid, weights_figure
from .lesson import NAME, OUTPUT, TOKENS, WEIGHTS, score_style


@grid(NAME, "all-scores", "All three queries against all three keys: S = Q K^T (3x3), no scaling.")
def all_scores() -> Grid:
    return make_grid(EX.all_tokens.scaled, TOKENS, TOKENS, score_style(EX.all_tokens.scaled), "query \\ key")


@grid(NAME, "all-weights", "The weight matrix A = softmax(S), one row per query (3x3), 3 places.")
def all_weights() -> Grid:
    return make_grid(checked_weights(EX.all_tokens.weights), TOKENS, TOKENS, WEIGHTS, "query \\ key")


@grid(NAME, "all-output", "The outputs O = A V, one new vector per token (3x2), 2 places.")
def all_output() -> Grid:
    return make_grid(EX.all_tokens.output, TOKENS, labels("o", EX.all_tokens.d_v), OUTPUT, "token")


@figure(NAME, "weights-heatmap", "The all-tokens weight matrix A as a heat map, 3 places in each cell.")
def weights_heatmap() -> Figure:
    return weights_figure(
        EX.all_tokens.weights, TOKENS, WEIGHTS, title="Attention weights A for the bus is late",
        caption="Each row is one token's query sharing out its attention; the more strongly coloured a cell, "
                "the more weight it gets.",
        id_prefix="bil-weights",
    )
