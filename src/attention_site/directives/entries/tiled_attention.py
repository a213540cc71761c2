"""Attention without the n x n matrix (example "tiled-attention"): the running maximum and sum, block by block.

Everything comes from attention_core.tiled_attention (online softmax, Milakov and Gimelshein 2018; the idea
behind FlashAttention, Dao et al. 2022) and the example's naive result.
"""

from __future__ import annotations

import numpy as np

from attention_core import parse_matrix
from attention_core.examples.tiled_attention import TILED_ATTENTION as EX

from ..mirror import Mirror
from ..options import choice
from ..registry import grid, scalar, table
from ..shown import Column, Grid, Number, Scalar, Table, Vector
from .common import EXACT, as_rows, checked_weights, labels, make_grid, style_of

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens
QUERY = choice("query", "which query row to trace", TOKENS, default=TOKENS[2])


def authored(text: tuple[tuple[str, ...], ...], prefix: str) -> Grid:
    """An illustrative input matrix shown as authored, one row per token."""
    return make_grid(parse_matrix(text), TOKENS, labels(prefix, len(text[0])), STYLE, "token", authored=text)


@grid(NAME, "q", "The illustrative query rows Q (4x2).")
def q() -> Grid:
    return authored(EX.Q_text, "q")


@grid(NAME, "k", "The illustrative key rows K (4x2).")
def k() -> Grid:
    return authored(EX.K_text, "k")


@grid(NAME, "v", "The illustrative value rows V (4x2).")
def v() -> Grid:
    return authored(EX.V_text, "v")


@grid(NAME, "scores", "The full 4x4 score matrix that the naive computation builds and the tiled one never does.")
def scores() -> Grid:
    return make_grid(EX.naive.scaled, TOKENS, TOKENS, STYLE, "query \\ key")


@table(NAME, "trace", "One query row, block by block: the block's scores, running max m, running sum l, "
       "running unnormalised output.", options=(QUERY,))
def trace(query: str) -> Table:
    i = TOKENS.index(query)
    rows = tuple(
        (f"{step.block + 1}: " + ", ".join(TOKENS[step.start:step.stop]), Vector(as_rows(step.scores[i])[0], STYLE),
         Number(float(step.running_max[i]), STYLE), Number(float(step.running_sum[i]), STYLE),
         Vector(as_rows(step.running_output[i])[0], STYLE))
        for step in EX.result.trace
    )
    final = ("output = acc / l", "", "", "", Vector(as_rows(EX.result.output[i])[0], STYLE))
    return Table((Column("block", "block: keys", False), Column("scores", "scores in the block"),
                  Column("max", "running max m"), Column("sum", "running sum l"),
                  Column("acc", "running output acc")), (*rows, final))


@grid(NAME, "tiled-output", "The output O computed block by block (4x2).")
def tiled_output() -> Grid:
    return make_grid(EX.result.output, TOKENS, labels("o", EX.result.output.shape[1]), STYLE, "token")


@grid(NAME, "naive-output", "The output O computed with the full score matrix (4x2).")
def naive_output() -> Grid:
    return make_grid(EX.naive.output, TOKENS, labels("o", EX.naive.output.shape[1]), STYLE, "token")


@grid(NAME, "naive-weights", "The weights A of the naive computation (4x4).")
def naive_weights() -> Grid:
    return make_grid(checked_weights(EX.naive.weights), TOKENS, TOKENS, STYLE, "query \\ key")


@scalar(NAME, "max-difference", "The largest difference between the tiled and the naive output (scientific).")
def max_difference() -> Scalar:
    return Scalar(EX.max_difference, STYLE)


@grid(NAME, "running", "One query row after each block (rows block-1, block-2, ...): the block's largest score, "
      "running max m, running sum l, running output acc.", options=(QUERY,))
def running(query: str) -> Grid:
    i = TOKENS.index(query)
    rows = [[float(block_max[i]), float(step.running_max[i]), float(step.running_sum[i]), *step.running_output[i]]
            for step, block_max in zip(EX.result.trace, EX.block_maxima, strict=True)]
    columns = ("block-max", "max", "sum", *labels("acc", EX.result.output.shape[1]))
    return make_grid(np.array(rows), tuple(f"block-{step.block + 1}" for step in EX.result.trace), columns, STYLE,
                     f"after block, query {query}")


@scalar(NAME, "block-size", "How many keys each block holds.")
def block_size() -> Scalar:
    return Scalar(float(EX.block), EXACT)


@scalar(NAME, "scale", "The number every score is multiplied by (1: no scaling, so the arithmetic stays readable).")
def scale() -> Scalar:
    return Scalar(float(EX.result.scale), STYLE)


# What docs/javascripts/live/tiled-attention.js mirrors (directives/mirror.py): the reader's inputs and the entries.
MIRROR = Mirror(
    entries=frozenset({
        "block-size", "k", "max-difference", "naive-output", "naive-weights", "q", "running", "scale", "scores",
        "tiled-output", "trace", "v"}),
    editable=("Q", "K", "V", "block", "scale"))
