"""Initialisation from one seeded generator (example "initialisation"): the standard deviations and the draws.

The draws come from attention_core.initialise_heads, in the deck's call order: W_Q of every head, then W_K,
then W_V, then W_O.
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.initialisation import INITIALISATION as EX

from ..listings import listing
from ..mirror import Mirror
from ..options import integer
from ..registry import block, grid, scalar, table
from ..shown import Column, Grid, MarkdownBlock, Number, Scalar, Table
from .common import EXACT, checked_weights, labels, make_grid, style_of, width_labels
from .counts import count_text

NAME = EX.name
STYLE = style_of(EX)
W = EX.weights
HEAD = integer("head", "which head's matrix to show", 1, EX.h, default=1)
INPUT_ROWS = labels("x", EX.d_model)


SHOWN = {"W_q": "W_Q", "W_k": "W_K", "W_v": "W_V", "W_o": "W_O"}  # the core's names, as the pages write them


def shapes() -> dict[str, tuple[int, int]]:
    """The shape of each kind of matrix, keyed by the core's names."""
    return {"W_q": W.W_q[0].shape, "W_k": W.W_k[0].shape, "W_v": W.W_v[0].shape, "W_o": W.W_o.shape}


@table(NAME, "sd", "Each kind of matrix: its shape and the standard deviation sqrt(2/(rows+cols)) of its draws.")
def sd() -> Table:
    rows = tuple((f"${SHOWN[name]}$", f"{r}×{c}", Number(EX.sd[name], STYLE)) for name, (r, c) in shapes().items())
    return Table((Column("matrix", "matrix", False), Column("shape", "shape", False),
                  Column("sd", "standard deviation")), rows)


@grid(NAME, "standard-deviations", "The standard deviation of each kind of matrix, rows W_Q, W_K, W_V, W_O.")
def standard_deviations() -> Grid:
    return make_grid(np.array([[EX.sd[name]] for name in SHOWN]), tuple(SHOWN.values()), ("sd",), STYLE, "matrix")


@grid(NAME, "sizes", "The sizes the draws are made for: d_model, d_k, d_v and the number of heads h (one row).")
def sizes() -> Grid:
    return count_row({"d_model": EX.d_model, "d_k": EX.d_k, "d_v": EX.d_v, "h": EX.h})


def count_row(sizes: dict[str, int]) -> Grid:
    """Whole-number sizes as one row, shown as whole numbers."""
    text = (tuple(count_text(v) for v in sizes.values()),)
    return make_grid(np.array([list(sizes.values())], dtype=float), ("size",), tuple(sizes), STYLE, "", authored=text)


@grid(NAME, "w-q", "The drawn query projection W_Q of one head (3x1).", options=(HEAD,))
def w_q(head: int) -> Grid:
    return make_grid(W.W_q[head - 1], INPUT_ROWS, width_labels("q", EX.d_k), STYLE, f"$W_Q$, head {head}")


@grid(NAME, "w-k", "The drawn key projection W_K of one head (3x1).", options=(HEAD,))
def w_k(head: int) -> Grid:
    return make_grid(W.W_k[head - 1], INPUT_ROWS, width_labels("k", EX.d_k), STYLE, f"$W_K$, head {head}")


@grid(NAME, "w-v", "The drawn value projection W_V of one head (3x2).", options=(HEAD,))
def w_v(head: int) -> Grid:
    return make_grid(W.W_v[head - 1], INPUT_ROWS, labels("v", EX.d_v), STYLE, f"$W_V$, head {head}")


@grid(NAME, "w-o", "The drawn output projection W_O (4x3).")
def w_o() -> Grid:
    rows = tuple(f"h{k + 1} o{j + 1}" for k in range(EX.h) for j in range(EX.d_v))
    return make_grid(W.W_o, rows, labels("u", EX.d_model), STYLE, "row of $W_O$")


@grid(NAME, "initial-weights", "The untrained head's causal weights on red ball rolls (X = I_3).", options=(HEAD,))
def initial_weights(head: int) -> Grid:
    A = checked_weights(EX.multihead.heads[head - 1].weights, EX.multihead.heads[head - 1].mask)
    return make_grid(A, EX.tokens, EX.tokens, STYLE, "query \\ key")


@block(NAME, "program", "docs/programs/initialisation.py, its seed and sizes checked against the example.")
def program() -> MarkdownBlock:
    return listing("initialisation.py", {"seed": EX.seed, "d_model": EX.d_model, "d_k": EX.d_k, "d_v": EX.d_v,
                                         "heads": EX.h})


@scalar(NAME, "seed", "The seed of the one generator every matrix is drawn from.")
def seed() -> Scalar:
    return Scalar(float(EX.seed), EXACT)


MIRROR = Mirror(
    entries=frozenset({"initial-weights", "sd", "seed", "sizes", "standard-deviations", "w-k", "w-o", "w-q", "w-v"}),
    editable=("seed", "d_k", "d_v", "h"),
    blocks=frozenset({"program"}))
