"""Initialisation with seed 9 (example "initialisation"): the standard deviations and the drawn matrices.

The draws come from attention_core.initialise_heads, in the deck's call order: W_q of every head, then W_k,
then W_v, then W_O.
"""

from __future__ import annotations

from attention_core import INITIALISATION as EX

from ..options import integer
from ..registry import grid, table
from ..shown import Column, Grid, Number, Table
from .common import checked_weights, labels, style_of
from .common import grid as make_grid

NAME = EX.name
STYLE = style_of(EX)
W = EX.weights
HEAD = integer("head", "which head's matrix to show", 1, EX.h, default=1)
INPUT_ROWS = labels("x", EX.d_model)


@table(NAME, "sd", "Each kind of matrix: its shape and the standard deviation sqrt(2/(rows+cols)) of its draws.")
def sd() -> Table:
    shapes = {"W_q": W.W_q[0].shape, "W_k": W.W_k[0].shape, "W_v": W.W_v[0].shape, "W_o": W.W_o.shape}
    rows = tuple(
        (name.replace("W_o", "W_O"), f"{r}×{c}", Number(EX.sd[name], STYLE))
        for name, (r, c) in shapes.items()
    )
    return Table((Column("matrix", "matrix", False), Column("shape", "shape", False),
                  Column("sd", "standard deviation")), rows)


@grid(NAME, "w-q", "The drawn query projection W_q of one head (3x1).", options=(HEAD,))
def w_q(head: int) -> Grid:
    return make_grid(W.W_q[head - 1], INPUT_ROWS, ("q",), STYLE, f"$W_q$, head {head}")


@grid(NAME, "w-k", "The drawn key projection W_k of one head (3x1).", options=(HEAD,))
def w_k(head: int) -> Grid:
    return make_grid(W.W_k[head - 1], INPUT_ROWS, ("k",), STYLE, f"$W_k$, head {head}")


@grid(NAME, "w-v", "The drawn value projection W_v of one head (3x2).", options=(HEAD,))
def w_v(head: int) -> Grid:
    return make_grid(W.W_v[head - 1], INPUT_ROWS, labels("v", EX.d_v), STYLE, f"$W_v$, head {head}")


@grid(NAME, "w-o", "The drawn output projection W_O (4x3).")
def w_o() -> Grid:
    rows = tuple(f"h{k + 1} o{j + 1}" for k in range(EX.h) for j in range(EX.d_v))
    return make_grid(W.W_o, rows, labels("u", EX.d_model), STYLE, "W_O")


@grid(NAME, "initial-weights", "The untrained head's causal weights on red ball rolls (X = I_3).", options=(HEAD,))
def initial_weights(head: int) -> Grid:
    A = checked_weights(EX.multihead.heads[head - 1].weights, EX.multihead.heads[head - 1].mask)
    return make_grid(A, EX.tokens, EX.tokens, STYLE, "query \\ key")
