"""An engineer's path (example "batched-heads"): a batch of sequences and several heads, in one expression.

Everything is computed by attention_core.batched. Rows of a batch are labelled by token (tokens of the two
sequences differ); rows of split arrays by token and head, `red/h1`. Keys are labelled by position k1, k2, k3,
because each sequence has its own.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from attention_core.examples.batched_heads import BATCHED_HEADS as EX

from ...figures import head_split_svg
from ..errors import DirectiveError
from ..formatting import format_number, reader_minus
from ..listings import listing
from ..mirror import Mirror
from ..registry import block, figure, grid, scalar, table
from ..shown import Column, Figure, Grid, MarkdownBlock, Scalar, Table
from .common import DECIMAL, EXACT, authored_grid, checked_weights, labels, make_grid, printed_rows

NAME = EX.name
TIMES = " × "
PARITY_TOLERANCE = 1e-12
B, N, D_MODEL = EX.X.shape
D_HEAD = EX.d_head
HEAD_COLUMNS = tuple(f"h{i + 1}.{k + 1}" for i in range(EX.h) for k in range(D_HEAD))  # column k of head i
INPUT_ROWS = labels("x", D_MODEL)


def split_rows() -> tuple[str, ...]:
    """Row labels of an array (B, h, n, ...) read row by row: `red/h1`, `ball/h1`, ... then head 2."""
    return tuple(f"{token}/h{i + 1}" for sequence in EX.sequences for i in range(EX.h) for token in sequence)


def flat(array: np.ndarray) -> np.ndarray:
    """An array (B, h, n, k) or (B, n, k) as its rows, (B*h*n, k) or (B*n, k)."""
    return np.asarray(array).reshape(-1, array.shape[-1])


def shape_text(array: np.ndarray) -> str:
    """`2 × 2 × 3 × 2`: the shape of an array, as the pages write shapes."""
    return TIMES.join(str(k) for k in np.shape(array))


def projection(name: str, text: tuple[tuple[str, ...], ...]) -> Grid:
    """A full-width projection as authored: rows the input entries, columns grouped by head."""
    return authored_grid(text, INPUT_ROWS, HEAD_COLUMNS, EXACT, f"row of ${name[:2]}{name[2:].upper()}$")


@grid(NAME, "w-q", "The illustrative full-width W_Q (d_model x d_model), columns grouped by head.")
def w_q() -> Grid:
    return projection("W_q", EX.W_q_text)


@grid(NAME, "w-k", "The illustrative full-width W_K (d_model x d_model), columns grouped by head.")
def w_k() -> Grid:
    return projection("W_k", EX.W_k_text)


@grid(NAME, "w-v", "The illustrative full-width W_V (d_model x d_model), columns grouped by head.")
def w_v() -> Grid:
    return projection("W_v", EX.W_v_text)


@grid(NAME, "w-o", "The illustrative output projection W_O (d_model x d_model): merged heads in, d_model out.")
def w_o() -> Grid:
    return authored_grid(EX.W_o_text, HEAD_COLUMNS, labels("u", D_MODEL), EXACT, "row of $W_O$")


@grid(NAME, "inputs", "The batch X, (B, n, d_model): the token rows of sequence 1, then of sequence 2.")
def inputs() -> Grid:
    return authored_grid(EX.X_text, EX.tokens, INPUT_ROWS, EXACT, "token")


@scalar(NAME, "b", "B, the number of sequences in the batch.")
def batch_size() -> Scalar:
    return Scalar(float(B), EXACT)


@scalar(NAME, "n", "n, the number of tokens of each sequence.")
def tokens() -> Scalar:
    return Scalar(float(N), EXACT)


@scalar(NAME, "d-model", "d_model, the width of each token row.")
def d_model() -> Scalar:
    return Scalar(float(D_MODEL), EXACT)


@scalar(NAME, "h", "h, the number of heads.")
def heads() -> Scalar:
    return Scalar(float(EX.h), EXACT)


@scalar(NAME, "d-head", "d_head = d_model / h, the width of each head's queries, keys and values.")
def d_head() -> Scalar:
    if D_HEAD * EX.h != D_MODEL or EX.batched.Q.shape[-1] != D_HEAD:
        raise DirectiveError(f"d_model={D_MODEL} is not h={EX.h} heads of d_head={D_HEAD}")
    return Scalar(float(D_HEAD), EXACT)


@table(NAME, "shapes", "The shape of every array on the way, read from the arrays the core computed.")
def shapes() -> Table:
    r = EX.batched
    steps = (
        ("$X$", "the batch", EX.X),
        ("$X W_Q$", "full-width queries", EX.queries_full),
        ("reshape", "the last axis cut into $h$ blocks", EX.queries_cut),
        ("transpose", "heads moved next to the batch axis: $Q$", r.Q),
        ("$Q K^\\top$", "scores, one $n \\times n$ matrix per sequence and head", r.scores),
        ("$A V$", "each head's output", r.heads),
        ("merge", "transpose back and reshape", r.concat),
        ("$U$", "times $W_O$", r.U),
    )
    rows = tuple((step, meaning, shape_text(array)) for step, meaning, array in steps)
    return Table((Column("step", "step", False), Column("meaning", "what it is", False),
                  Column("shape", "shape", False)), rows)


@grid(NAME, "queries-full", "X W_Q for every token of the batch, (B*n, d_model) rows, columns grouped by head.")
def queries_full() -> Grid:
    return make_grid(flat(EX.queries_full), EX.tokens, HEAD_COLUMNS, EXACT, "token")


@grid(NAME, "queries-split", "Q after the reshape and transpose, (B, h, n, d_head), read row by row.")
def queries_split() -> Grid:
    return make_grid(flat(EX.batched.Q), split_rows(), labels("d", D_HEAD), EXACT, "token/head")


def checked_batch_weights() -> np.ndarray:
    """The weights A of every sequence and head, (B, h, n, n), refused unless each row sums to 1 and the causal mask's
    entries are exactly 0."""
    A = EX.batched.weights
    return checked_weights(A, np.broadcast_to(EX.mask, A.shape))


@grid(NAME, "weights", "The weights A, (B, h, n, n), read row by row; keys by position k1, k2, k3.")
def weights() -> Grid:
    return make_grid(flat(checked_batch_weights()), split_rows(), labels("k", N), DECIMAL, "query/head \\ key")


@grid(NAME, "merged", "The heads' outputs merged back, (B, n, d_model): head 1's columns, then head 2's.")
def merged() -> Grid:
    return make_grid(flat(EX.batched.concat), EX.tokens, HEAD_COLUMNS, DECIMAL, "token")


@grid(NAME, "u", "U = merged heads x W_O, (B, n, d_model).")
def u() -> Grid:
    return make_grid(flat(EX.batched.U), EX.tokens, labels("u", D_MODEL), DECIMAL, "token")


@scalar(NAME, "per-head-difference", "The largest |U batched - U one head and one sequence at a time|.")
def per_head_difference() -> Scalar:
    difference = EX.per_head_difference
    if not difference <= PARITY_TOLERANCE:
        raise DirectiveError(f"batched and per-head attention differ by {difference!r}; nothing is published")
    return Scalar(difference, DECIMAL)


@grid(NAME, "w-q-linear", "W_Q as nn.Linear stores it: weight = W_Q^T, (out, in).")
def w_q_linear() -> Grid:
    return make_grid(EX.W["W_q"].T, HEAD_COLUMNS, INPUT_ROWS, EXACT, "out \\ in")


@scalar(NAME, "linear-difference", "The largest |X W_Q - linear(X, W_Q^T)| over the batch.")
def linear_difference() -> Scalar:
    difference = EX.linear_difference
    if not difference <= PARITY_TOLERANCE:
        raise DirectiveError(f"x W and x (W^T)^T differ by {difference!r}; nothing is published")
    return Scalar(difference, DECIMAL)


def torch_printout() -> list[str]:
    """What docs/programs/batched_heads_torch.py prints, from the core's arrays: each sequence's U twice (the
    module, then einsum), the first sequence's weights per head and their mean, and its head 1 scores."""
    result, first = EX.batched, EX.sequences[0]
    weights = checked_batch_weights()  # (B, h, n, n)
    lines = []
    for b, tokens in enumerate(EX.sequences):
        lines += printed_rows(f"sequence {b + 1}: U from nn.MultiheadAttention", result.U[b], tokens)
        lines += printed_rows(f"sequence {b + 1}: U from einsum and scaled_dot_product_attention", result.U[b], tokens)
    for i in range(EX.h):
        lines += printed_rows(f"sequence 1, head {i + 1}: weights (average_attn_weights=False)", weights[0, i], first)
    lines += printed_rows("sequence 1: weights as returned by default, the mean over heads", weights[0].mean(axis=0),
                          first)
    return lines + printed_rows("sequence 1, head 1: scores from einsum, before softmax", result.scores[0, 0], first)


@block(NAME, "torch-output", "What the PyTorch program prints, from the core: U per sequence, weights per head "
       "and averaged, head 1's scores.")
def torch_output() -> MarkdownBlock:
    return MarkdownBlock("```text\n" + "\n".join(torch_printout()) + "\n```")


@block(NAME, "torch-program", "docs/programs/batched_heads_torch.py (nn.MultiheadAttention, einsum), its "
       "sequences, X, W_Q, W_K, W_V, W_O and h checked.")
def torch_program() -> MarkdownBlock:
    return listing("batched_heads_torch.py", {"sequences": [list(s) for s in EX.sequences], "X": EX.X, **EX.W,
                                              "h": EX.h})


def cell_texts(array: np.ndarray) -> list[Any]:
    """An array of one axis or more as nested lists of the numbers a cell prints (`2`, `−1/2`)."""
    if np.ndim(array) == 1:
        return [reader_minus(format_number(float(x), EXACT)) for x in array]
    return [cell_texts(part) for part in array]


@figure(NAME, "head-split", "X W_Q (B, n, d_model), its reshape (B, n, h, d_head) and the transpose Q (B, h, n, "
        "d_head), cell by cell, coloured by head.")
def head_split() -> Figure:
    ex = EX  # read when drawn, so that a changed example is drawn as it is
    svg = head_split_svg(cell_texts(ex.queries_full), cell_texts(ex.queries_cut), cell_texts(ex.batched.Q),
                         ex.sequences, title="Splitting the queries of a batch into heads: reshape, then transpose",
                         desc="The queries of every token of the batch, each cell coloured by the head it belongs "
                              "to, in three panels: before the split, after the reshape, after the transpose.",
                         id_prefix="head-split")
    return Figure(svg, "The reshape prints every number where it was and only reads each row in blocks, one a head; "
                       "the transpose moves them, so that each head's rows of a sequence come together.")


# What docs/javascripts/live/batched-heads.js mirrors (directives/mirror.py): the reader's inputs and the entries,
# h among them (a divisor of d_model). The PyTorch page's program sets h = 2 and is a block kept as built: it says so
# under it while a reader's numbers differ, and the build stops at it for another h.
MIRROR = Mirror(
    entries=frozenset({
        "b", "d-head", "d-model", "h", "head-split", "inputs", "linear-difference", "merged", "n",
        "per-head-difference", "queries-full", "queries-split", "shapes", "u", "w-k", "w-o", "w-q", "w-q-linear", "w-v",
        "weights"}),
    editable=("X", "W_q", "W_k", "W_v", "W_o", "h"),
    blocks=frozenset({"torch-program", "torch-output"}))
