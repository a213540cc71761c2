"""The deck's window "red ball rolls", beyond head 1: the illustrative second head, concatenation, W_O, residual.

Head 1 (inputs, projections, scores, weights, output) is in `head.py`. The `*-by-head` grids put the two heads
side by side (columns head-1, head-2) so that a page can check a sentence comparing them.
"""

from __future__ import annotations

import numpy as np

from attention_core import AttentionResult
from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS as EX

from ...registry import figure, grid, table
from ...shown import Column, Figure, Grid, Number, Table, Vector
from ...subjects import equal, joined
from ..common import (
    as_rows,
    authored_grid,
    checked_weights,
    labels,
    make_grid,
    shape_of,
    style_of,
    weighted_sum_table,
    weights_figure,
    width_labels,
)
from .head import projections_table

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens
MH = EX.multihead
CONCAT_COLUMNS = tuple(f"h{k + 1} o{j + 1}" for k, head in enumerate(MH.heads) for j in range(head.d_v))
HEADS = tuple(f"head-{k + 1}" for k in range(len(MH.heads)))  # labels a check can name: greater=head-2,head-1



@grid(NAME, "w-q2", f"The illustrative query projection W_Q of head 2 ({shape_of(EX.W_q[1])}), as authored.")
def w_q2() -> Grid:
    return authored_grid(EX.W_q2_text, TOKENS, width_labels("q", EX.head2.d_k), STYLE, "row of $W_Q$ (head 2)")


@grid(NAME, "w-k2", f"The illustrative key projection W_K of head 2 ({shape_of(EX.W_k[1])}), as authored.")
def w_k2() -> Grid:
    return authored_grid(EX.W_k2_text, TOKENS, width_labels("k", EX.head2.d_k), STYLE, "row of $W_K$ (head 2)")


@grid(NAME, "w-v2", f"The illustrative value projection W_V of head 2 ({shape_of(EX.W_v[1])}), as authored.")
def w_v2() -> Grid:
    cols = labels("v", len(EX.W_v2_text[0]))
    return authored_grid(EX.W_v2_text, TOKENS, cols, STYLE, "row of $W_V$ (head 2)")


@table(NAME, "head2-projections", "Head 2: each token's query, key and value after its own projections.")
def head2_projections() -> Table:
    return projections_table(EX.head2)


@grid(NAME, "head2-scores", "Head 2's masked scores M: future columns set to minus infinity.")
def head2_scores() -> Grid:
    return make_grid(EX.head2.masked, TOKENS, TOKENS, STYLE, "query \\ key", masked_as_infinity=True)


@grid(NAME, "head2-weights", "Head 2's weight matrix A: each row sums to 1, future weights are 0.")
def head2_weights() -> Grid:
    return make_grid(checked_weights(EX.head2.weights, EX.mask), TOKENS, TOKENS, STYLE, "query \\ key")


@table(NAME, "head2-weighted-sum", f"Head 2's output for {EX.focus} as a weighted sum: weight, value, contribution.")
def head2_weighted_sum() -> Table:
    return weighted_sum_table(EX.head2, EX.focus_index, EX.contributions2, TOKENS, STYLE, EX.mask, "head 2 weight")


@grid(NAME, "head2-output", f"The output rows of head 2 ({shape_of(EX.head2.output)}).")
def head2_output() -> Grid:
    return make_grid(EX.head2.output, TOKENS, labels("o", EX.head2.d_v), STYLE, "token")


@table(NAME, "heads-side-by-side", f"Both heads' weight rows and outputs for {EX.focus}, side by side.")
def heads_side_by_side() -> Table:
    i = EX.focus_index
    rows = tuple(
        (f"head {k + 1}", Vector(as_rows(checked_weights(head.weights, EX.mask)[i])[0], STYLE),
         Vector(as_rows(head.output[i])[0], STYLE))
        for k, head in enumerate(MH.heads)
    )
    return Table((Column("head", "head", False), Column("weights", f"weights over {', '.join(TOKENS)}"),
                  Column("output", f"output for {EX.focus}")), rows)


@grid(NAME, "concat", f"The two heads' outputs placed side by side: concat ({shape_of(MH.concat)}).")
def concat() -> Grid:
    return make_grid(MH.concat, TOKENS, CONCAT_COLUMNS, STYLE, "token")


@grid(NAME, "w-o", f"The illustrative output projection W_O ({shape_of(MH.W_o)}), as authored.")
def w_o() -> Grid:
    return authored_grid(EX.W_o_text, CONCAT_COLUMNS, labels("u", len(EX.W_o_text[0])), STYLE, "row of $W_O$")


@grid(NAME, "u", f"U = concat W_O: back to d_model = {MH.U.shape[1]} entries per token.")
def u() -> Grid:
    return make_grid(MH.U, TOKENS, labels("u", MH.U.shape[1]), STYLE, "token")


@grid(NAME, "x", f"The input rows X as numbers ({shape_of(MH.X)}), for sums such as x + u.")
def x() -> Grid:
    return make_grid(MH.X, TOKENS, labels("x", MH.X.shape[1]), STYLE, "token")


@grid(NAME, "residual", f"The residual X + U ({shape_of(MH.residual)}).")
def residual() -> Grid:
    return make_grid(MH.residual, TOKENS, labels("r", MH.residual.shape[1]), STYLE, "token")


@table(NAME, "residual-rolls", f"The residual for {EX.focus}, entry by entry: x + u.")
def residual_rolls() -> Table:
    i = EX.focus_index
    rows = tuple(
        (f"entry {k + 1}", Number(float(MH.X[i, k]), STYLE), Number(float(MH.U[i, k]), STYLE),
         Number(float(MH.residual[i, k]), STYLE))
        for k in range(MH.X.shape[1])
    )
    return Table((Column("entry", "entry", False), Column("x", "input x"), Column("u", "attention u"),
                  Column("sum", "x + u")), rows)


@table(NAME, "rolls-by-source", f"For {EX.focus}, each source token's weight and contribution in head 1 and in head 2.")
def rolls_by_source() -> Table:
    i = EX.focus_index
    A1, A2 = checked_weights(EX.head.weights, EX.mask), checked_weights(EX.head2.weights, EX.mask)
    rows = tuple(
        (token, Number(float(A1[i, j]), STYLE), Vector(as_rows(EX.contributions[j])[0], STYLE),
         Number(float(A2[i, j]), STYLE), Vector(as_rows(EX.contributions2[j])[0], STYLE))
        for j, token in enumerate(TOKENS)
    )
    columns = (Column("token", "source token", False), Column("weight1", "head 1 weight"),
               Column("contribution1", "head 1 contribution"), Column("weight2", "head 2 weight"),
               Column("contribution2", "head 2 contribution"))
    return Table(columns, rows)


@grid(NAME, "head2-values", f"The value rows of head 2, V = X W_V ({shape_of(EX.head2.V)}).")
def head2_values() -> Grid:
    return make_grid(EX.head2.V, TOKENS, labels("v", EX.head2.d_v), STYLE, "token")


@grid(NAME, "head1-contributions", f"Head 1's weighted value rows A[{EX.focus}, j] v_j, one row per source token j.")
def head1_contributions() -> Grid:
    return make_grid(EX.contributions, TOKENS, labels("c", EX.head.d_v), STYLE, "source token")


@grid(NAME, "head2-contributions", f"Head 2's weighted value rows A[{EX.focus}, j] v_j, one row per source token j.")
def head2_contributions() -> Grid:
    return make_grid(EX.contributions2, TOKENS, labels("c", EX.head2.d_v), STYLE, "source token")


@figure(NAME, "head2-heatmap", "The weights of head 2 as a heat map, masked cells hatched.")
def head2_heatmap() -> Figure:
    return weights_figure(
        EX.head2.weights, TOKENS, STYLE, mask=EX.mask, title="Attention weights of head 2 for red ball rolls",
        caption=f"Head 2 on the same rows: in the {EX.focus} row the largest weight goes to {top_keys(EX.head2)}; "
                f"in head 1 it went to {top_keys(EX.head)}.",
        id_prefix="rbr-head2-weights",
    )


def top_keys(head: AttentionResult) -> str:
    """The key(s) holding the largest weight of the focus row, in words: `red`, or `red and ball` for a tie."""
    row = checked_weights(head.weights, EX.mask)[EX.focus_index]
    return joined([t for t, a in zip(TOKENS, row, strict=True) if equal(float(a), float(row.max()))])


def by_head(columns: list[np.ndarray], rows: tuple[str, ...], corner: str) -> Grid:
    """One column per head (head-1, head-2) from each head's own column vector, for checks comparing heads."""
    return make_grid(np.stack(columns, axis=1), rows, HEADS, STYLE, corner)  # h x (n,) -> (n, h)


def by_head_entries(arrays: list[np.ndarray], prefix: str, corner: str) -> Grid:
    """Each head's (n, d) array side by side: columns head-1, head-2 when every d is 1, else head-1 k1, head-1 k2..."""
    single = all(array.shape[1] == 1 for array in arrays)
    cols = tuple(name if single else f"{name} {label}"
                 for name, array in zip(HEADS, arrays, strict=True) for label in labels(prefix, array.shape[1]))
    return make_grid(np.concatenate(arrays, axis=1), TOKENS, cols, STYLE, corner)  # h x (n, d) -> (n, h d)


def difference(symbol: str, prefix: str) -> Grid:
    """Head 2's rows of Q, K or V minus head 1's (the narrower head padded with zero columns)."""
    values = EX.head2_minus_head1(symbol)
    return make_grid(values, TOKENS, labels(prefix, values.shape[1]), STYLE, "token")


@grid(NAME, "keys-by-head", f"Each token's key in head 1 and in head 2 (d_k = {EX.head.d_k}): columns "
      f"{', '.join(by_head_entries([head.K for head in MH.heads], 'k', 'token').col_labels)}.")
def keys_by_head() -> Grid:
    return by_head_entries([head.K for head in MH.heads], "k", "token")


@grid(NAME, "queries-head2-minus-head1", "Head 2's query rows minus head 1's: all 0 when the heads share W_Q.")
def queries_head2_minus_head1() -> Grid:
    return difference("Q", "q")


@grid(NAME, "keys-head2-minus-head1", "Head 2's key rows minus head 1's: all 0 when the heads share W_K.")
def keys_head2_minus_head1() -> Grid:
    return difference("K", "k")


@grid(NAME, "values-head2-minus-head1", "Head 2's value rows minus head 1's: all 0 when the heads share W_V.")
def values_head2_minus_head1() -> Grid:
    return difference("V", "v")


@grid(NAME, "rolls-weights-by-head", f"The weights of the {EX.focus} row in head 1 and head 2: rows are keys.")
def rolls_weights_by_head() -> Grid:
    i = EX.focus_index
    return by_head([checked_weights(head.weights, EX.mask)[i] for head in MH.heads], TOKENS, "key")


@grid(NAME, "rolls-output-by-head", f"The output for {EX.focus} of head 1 and head 2: rows are output entries "
      f"{', '.join(labels('o', EX.head.d_v))}.")
def rolls_output_by_head() -> Grid:
    i = EX.focus_index
    return by_head([head.output[i] for head in MH.heads], labels("o", EX.head.d_v), "entry")


@grid(NAME, "w-o-heads", "How many entries of each column of W_O are non-zero in each head's rows (h1, h2).")
def w_o_heads() -> Grid:
    return make_grid(EX.w_o_nonzero, tuple(f"h{k + 1}" for k in range(len(MH.heads))),
                     labels("u", MH.W_o.shape[1]), STYLE, "head \\ column of $W_O$")


@grid(NAME, "rolls-u-terms", f"The products c_k W_O[k, j] for {EX.focus}: each column adds up to one entry of u.")
def rolls_u_terms() -> Grid:
    return make_grid(EX.u_terms, CONCAT_COLUMNS, labels("u", MH.W_o.shape[1]), STYLE, "term")
