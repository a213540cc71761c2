"""Why scores are divided by sqrt(d_k): the deck's two raw scores, and the spread of scores by head width.

The query and keys behind 4 and 2 are illustrative (the deck gives only the scores); the spreads come from
a seeded generator, so their last digits are illustrative too.
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.head_width import HEAD_WIDTH
from attention_core.examples.scaling import SCALING

from ..formatting import format_number
from ..mirror import Mirror
from ..registry import grid, scalar, table
from ..shown import Cell, Column, Grid, Number, Scalar, Table, Vector
from .common import EXACT, as_rows, checked_weights, make_grid, style_of

STYLE = style_of(SCALING)
WIDTH_STYLE = style_of(HEAD_WIDTH)
WHOLE = EXACT  # scores, widths and divisors here are whole numbers: show 4, not 4.000
KEYS = tuple(f"k{j + 1}" for j in range(len(SCALING.tokens)))  # labels a directive can name: col=k2


@table(SCALING.name, "comparison", "Raw scores and their softmax, then the same scores divided by sqrt(d_k).")
def comparison() -> Table:
    divisor = format_number(SCALING.divisor, WHOLE)
    rows: tuple[tuple[Cell, ...], ...] = (
        ("raw dot products", *(Number(float(s), WHOLE) for s in SCALING.raw_scores),
         Vector(as_rows(checked_weights(SCALING.raw_weights))[0], STYLE)),
        (f"divided by $\\sqrt{{d_k}}$ = {divisor}", *(Number(float(s), WHOLE) for s in SCALING.scaled_scores),
         Vector(as_rows(checked_weights(SCALING.scaled_weights))[0], STYLE)),
    )
    keys = tuple(Column(f"key{j + 1}", f"score for $k_{{{j + 1}}}$") for j in range(len(SCALING.tokens)))
    return Table((Column("calculation", "calculation", False), *keys, Column("weights", "softmax weights")), rows)


@grid(SCALING.name, "query", f"The illustrative query q (d_k = {SCALING.d_k}).")
def query() -> Grid:
    return make_grid(SCALING.q, ("q",), tuple(f"{k + 1}" for k in range(SCALING.d_k)), WHOLE, "vector",
                     authored=(SCALING.query_text,))


@grid(SCALING.name, "keys", "The two illustrative keys, one row each (2 x d_k).")
def keys() -> Grid:
    return make_grid(SCALING.K, KEYS, tuple(f"{k + 1}" for k in range(SCALING.d_k)), WHOLE, "key",
                     authored=SCALING.keys_text)


@scalar(SCALING.name, "d-k", "The width d_k of the illustrative query and keys.")
def d_k() -> Scalar:
    return Scalar(float(SCALING.d_k), WHOLE)


@scalar(SCALING.name, "divisor", "sqrt(d_k) for the illustrative query and keys.")
def divisor() -> Scalar:
    return Scalar(SCALING.divisor, WHOLE)


@grid(SCALING.name, "raw-scores", "The raw scores q·k of the two keys.")
def raw_scores() -> Grid:
    return make_grid(SCALING.raw_scores, ("raw",), KEYS, WHOLE, "scores")


@grid(SCALING.name, "scaled-scores", "The scores divided by sqrt(d_k).")
def scaled_scores() -> Grid:
    return make_grid(SCALING.scaled_scores, ("scaled",), KEYS, WHOLE, "scores")


@grid(SCALING.name, "raw-weights", "Softmax of the raw scores.")
def raw_weights() -> Grid:
    return make_grid(checked_weights(SCALING.raw_weights), ("raw",), KEYS, STYLE, "weights")


@grid(SCALING.name, "scaled-weights", "Softmax of the scores divided by sqrt(d_k).")
def scaled_weights() -> Grid:
    return make_grid(checked_weights(SCALING.scaled_weights), ("scaled",), KEYS, STYLE, "weights")


@grid(SCALING.name, "weights", "Softmax of the raw scores (row raw) and of the scaled scores (row scaled).")
def weights() -> Grid:
    both = checked_weights(np.vstack([SCALING.raw_weights, SCALING.scaled_weights]))  # (2, keys)
    return make_grid(both, ("raw", "scaled"), KEYS, STYLE, "scores \\ key")


# What docs/javascripts/live/scaling.js mirrors (directives/mirror.py): the reader's inputs and the entries.
MIRROR = Mirror(
    entries=frozenset({
        "comparison", "d-k", "divisor", "keys", "query", "raw-scores", "raw-weights", "scaled-scores",
        "scaled-weights", "weights"}),
    editable=("query", "keys"),
    rows={"keys": ((), "key")})  # its rows are keys, not tokens of a sentence: key 1, key 2
