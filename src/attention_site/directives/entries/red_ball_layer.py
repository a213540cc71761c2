"""The Transformer layer on red ball rolls (example "red-ball-layer"): U, R, the feed-forward network, Y, logits.

Attention is red-ball-rolls' two heads and W_O; the feed-forward weights, the vocabulary and W_vocab are
illustrative (see attention_core.examples.red_ball_layer.RedBallLayer). Layer normalisation makes the numbers
irrational, so this example shows decimals.
"""

from __future__ import annotations

import numpy as np

from attention_core import parse_vector
from attention_core.examples.red_ball_layer import RED_BALL_LAYER as EX

from ...figures import ArrayShape, residual_stream_svg
from ..mirror import Mirror
from ..registry import figure, grid, table
from ..shown import Column, Figure, Grid, Number, Table, Vector
from .common import as_rows, authored_grid, labels, make_grid, style_of

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens
RESULT = EX.result


def rows_grid(array: np.ndarray, prefix: str) -> Grid:
    """One row per token, columns prefix1, prefix2, ..."""
    return make_grid(array, TOKENS, labels(prefix, array.shape[1]), STYLE, "token")



def authored_row(text: tuple[str, ...], label: str, prefix: str) -> Grid:
    """An illustrative bias vector shown as authored, as one row."""
    return make_grid(parse_vector(text)[None, :], (label,), labels(prefix, len(text)), STYLE, "", authored=(text,))


def stats_table(before: np.ndarray, statistics: tuple[np.ndarray, np.ndarray], after: np.ndarray,
                before_title: str, after_title: str) -> Table:
    """Each row before a layer normalisation, its mean and variance, and the normalised row."""
    mean, variance = statistics
    rows = tuple(
        (token, Vector(as_rows(before[i])[0], STYLE), Number(float(mean[i]), STYLE),
         Number(float(variance[i]), STYLE), Vector(as_rows(after[i])[0], STYLE))
        for i, token in enumerate(TOKENS)
    )
    return Table((Column("token", "token", False), Column("row", before_title), Column("mean", "mean"),
                  Column("variance", "variance"), Column("normalised", after_title)), rows)


@grid(NAME, "x", "The input rows X of the layer (3x3).")
def x() -> Grid:
    return rows_grid(RESULT.X, "x")


@grid(NAME, "u", "Step 1: U = MultiHead(X), both heads and W_O (3x3).")
def u() -> Grid:
    return rows_grid(RESULT.U, "u")


@grid(NAME, "x-plus-u", "X + U, before the first layer normalisation (3x3).")
def x_plus_u() -> Grid:
    return rows_grid(RESULT.attention.residual, "s")


@table(NAME, "norm-1-stats", "The mean and variance of each row of X + U, which layer normalisation uses.")
def norm_1_stats() -> Table:
    return stats_table(RESULT.attention.residual, EX.norm_1_statistics, RESULT.R, "row of X + U", "row of R")


@grid(NAME, "norm-1-mean", "The mean of each row of X + U, one per token (use row=TOKEN in a sentence).")
def norm_1_mean() -> Grid:
    mean, _ = EX.norm_1_statistics
    return make_grid(mean[:, None], TOKENS, ("mean",), STYLE, "token")


@grid(NAME, "r", "Step 2: R = LayerNorm(X + U), each row with mean 0 and variance 1 (3x3).")
def r() -> Grid:
    return rows_grid(RESULT.R, "r")


@grid(NAME, "w-1", "The illustrative first linear layer W_1 of the feed-forward network (3x4), as authored.")
def w_1() -> Grid:
    text = EX.W_1_text
    return authored_grid(text, labels("r", len(text)), labels("h", len(text[0])), STYLE, "row of $W_1$")


@grid(NAME, "b-1", f"The illustrative bias b_1 ({len(EX.b_1_text)} entries), as authored.")
def b_1() -> Grid:
    return authored_row(EX.b_1_text, "b_1", "h")


@grid(NAME, "w-2", "The illustrative second linear layer W_2 (4x3), as authored.")
def w_2() -> Grid:
    text = EX.W_2_text
    return authored_grid(text, labels("h", len(text)), labels("f", len(text[0])), STYLE, "row of $W_2$")


@grid(NAME, "b-2", f"The illustrative bias b_2 ({len(EX.b_2_text)} entries), as authored.")
def b_2() -> Grid:
    return authored_row(EX.b_2_text, "b_2", "f")


@grid(NAME, "ffn-pre", "R W_1 + b_1, before the ReLU (3x4).")
def ffn_pre() -> Grid:
    return rows_grid(EX.ffn_steps.pre_activation, "h")


@grid(NAME, "ffn-hidden", "max(0, R W_1 + b_1): the ReLU sets every negative entry to 0 (3x4).")
def ffn_hidden() -> Grid:
    return rows_grid(EX.ffn_steps.hidden, "h")


@grid(NAME, "f", "Step 3: F = FFN(R) (3x3).")
def f() -> Grid:
    return rows_grid(RESULT.F, "f")


@grid(NAME, "r-plus-f", "R + F, before the second layer normalisation (3x3).")
def r_plus_f() -> Grid:
    return rows_grid(RESULT.R_plus_F, "s")


@table(NAME, "norm-2-stats", "The mean and variance of each row of R + F, which the second normalisation uses.")
def norm_2_stats() -> Table:
    return stats_table(RESULT.R_plus_F, EX.norm_2_statistics, RESULT.Y, "row of R + F", "row of Y")


@grid(NAME, "y", "Step 4: Y = LayerNorm(R + F), the layer's output rows (3x3).")
def y() -> Grid:
    return rows_grid(RESULT.Y, "y")


@table(NAME, "rolls-steps", f"The row of {TOKENS[-1]} after each step of the layer.")
def rolls_steps() -> Table:
    i = len(TOKENS) - 1  # the last token's row, whatever the data names it
    arrays = (("input", "X", RESULT.X), ("1", "U = MultiHead(X)", RESULT.U),
              ("2", "R = LayerNorm(X + U)", RESULT.R), ("3", "F = FFN(R)", RESULT.F),
              ("4", "Y = LayerNorm(R + F)", RESULT.Y))
    rows = tuple((step, name, Vector(as_rows(array[i])[0], STYLE)) for step, name, array in arrays)
    return Table((Column("step", "step", False), Column("array", "array", False),
                  Column("rolls", f"row of {TOKENS[i]}")), rows)


@grid(NAME, "w-vocab", "The illustrative final linear map W_vocab (3x5): one column per word, as authored.")
def w_vocab() -> Grid:
    rows = labels("y", len(EX.W_vocab_text))
    return authored_grid(EX.W_vocab_text, rows, EX.vocabulary, STYLE, "row of $W_{\\text{vocab}}$")


@grid(NAME, "logits", "Logits Y W_vocab: one score per word for every row (3x5).")
def logits() -> Grid:
    return make_grid(EX.logits, TOKENS, EX.vocabulary, STYLE, "row \\ word")


@table(NAME, "next-token", "The newest row's largest logit and the word it picks.")
def next_token() -> Table:
    newest = EX.logits[-1]
    row = (TOKENS[-1], Number(float(newest[EX.next_token_index]), STYLE), EX.next_token)
    return Table((Column("row", "newest row", False), Column("logit", "largest logit"),
                  Column("word", "next token", False)), (row,))


@table(EX.name, "norms", "The rolls row with post-norm and with pre-norm, same weights; a pre-norm stack ends "
       "with one more LayerNorm.")
def norms() -> Table:
    i = len(EX.tokens) - 1  # the last token's row, whatever the data names it
    post, pre = EX.by_norm["post"], EX.by_norm["pre"]
    style = style_of(EX)
    steps = (("R", post.R, pre.R), ("F", post.F, pre.F), ("Y", post.Y, pre.Y))
    rows = tuple((name, Vector(as_rows(a[i])[0], style), Vector(as_rows(b[i])[0], style)) for name, a, b in steps)
    # A one-layer stack's output: post-norm's Y as it is; pre-norm adds its final LayerNorm after the last layer.
    final = ("output of a one-layer stack", Vector(as_rows(post.Y[i])[0], style),
             Vector(as_rows(EX.pre_norm_output[i])[0], style))
    return Table((Column("array", "row of rolls in", False), Column("post", "post-norm (2017)"),
                  Column("pre", "pre-norm")), (*rows, final))


def epsilon_tex() -> tuple[float, str]:
    """The epsilon of layer normalisation (layer_norm's default, which transformer_layer uses) and its LaTeX."""
    eps, power = EX.epsilon, EX.epsilon_power
    return eps, repr(eps) if power is None else f"10^{{{power}}}"


@grid(NAME, "epsilon", f"The epsilon of both layer normalisations, as LaTeX (use attn:tex): {epsilon_tex()[1]}.")
def epsilon() -> Grid:
    eps, text = epsilon_tex()
    return make_grid(np.array([[eps]]), ("epsilon",), ("value",), STYLE, "", authored=((text,),))


def shaped(symbol: str, values: np.ndarray, note: str = "") -> ArrayShape:
    """An array of the layer as the residual-stream diagram draws it: symbol and shape."""
    rows, cols = values.shape
    return ArrayShape(symbol, rows, cols, note)


@figure(NAME, "norms-diagram", "The residual stream through the layer: post-norm and pre-norm side by side, "
        "each array with its shape; pre-norm ends with a final LayerNorm.")
def norms_diagram() -> Figure:
    post, pre = EX.by_norm["post"], EX.by_norm["pre"]
    post_nodes: list[ArrayShape | str] = [
        shaped("X", post.X), "MultiHead", "+", "LayerNorm", shaped("R", post.R), "FFN", "+", "LayerNorm",
        shaped("Y", post.Y)]
    pre_nodes: list[ArrayShape | str] = [
        shaped("X", pre.X), "LayerNorm", "MultiHead", "+", shaped("R", pre.R), "LayerNorm", "FFN", "+",
        shaped("Y", pre.Y), "final LayerNorm", shaped("out", EX.pre_norm_output, "to the logits")]
    svg = residual_stream_svg(
        [("post-norm (2017)", post_nodes, [(0, 2), (4, 6)]), ("pre-norm", pre_nodes, [(0, 3), (4, 7)])],
        title="The residual stream of red ball rolls through one layer, post-norm and pre-norm",
        desc="Dashed arrows are the residual connections, which carry a row around a sub-layer to an addition. "
             "Post-norm normalises after each addition; pre-norm normalises before each sub-layer and once more "
             "after the last layer.", id_prefix="rbl-norms")
    return Figure(svg, "Same weights, two orders: post-norm (left) normalises the stream itself; pre-norm (right) "
                       "leaves it unnormalised and adds a final LayerNorm.")


# What docs/javascripts/live/red-ball-layer.js mirrors (directives/mirror.py): the reader's inputs and the entries.
MIRROR = Mirror(
    entries=frozenset({
        "b-1", "b-2", "epsilon", "f", "ffn-hidden", "ffn-pre", "logits", "next-token", "norm-1-mean", "norm-1-stats",
        "norm-2-stats", "norms", "norms-diagram", "r", "r-plus-f", "rolls-steps", "u", "w-1", "w-2", "w-vocab", "x",
        "x-plus-u", "y"}),
    editable=("W_1", "b_1", "W_2", "b_2", "W_vocab", "norm"),
    read_by={"norm": frozenset({  # where each sublayer's layer normalisation stands changes these
        "f", "ffn-hidden", "ffn-pre", "logits", "next-token", "norm-1-mean", "norm-1-stats", "norm-2-stats", "r",
        "rolls-steps", "u", "x-plus-u", "y"})})
