"""ALiBi (example "alibi"): four tokens, equal scores, and the linear bias -m (i - j) of one head.

Everything is computed by attention_core.rotary (alibi_slopes, alibi_bias) and attention_core.softmax.
Heads are counted from 1, as in Press et al.'s 2^(-8r/h), r = 1..h; masked entries are shown as −∞.
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.alibi import ALIBI as EX
from attention_core.rotary import ALIBI_SPAN

from ..formatting import NumberStyle
from ..mirror import Mirror
from ..registry import grid, scalar, table
from ..shown import Column, Grid, Number, Scalar, Table
from .common import DECIMAL, EXACT, authored_grid, checked_weights, make_grid

NAME = EX.name
TOKENS = EX.tokens
CORNER = "query \\ key"
SLOPE_STYLE = NumberStyle(exact=False, digits=4)  # 1/256 needs four places to show more than zeros


@scalar(NAME, "heads", "The number of heads h whose slopes are listed.")
def heads() -> Scalar:
    return Scalar(float(EX.heads), EXACT)


@scalar(NAME, "slope-span", f"ALiBi's constant in m_r = 2^(-{ALIBI_SPAN}r/h): the last slope is 2^-{ALIBI_SPAN}.")
def slope_span() -> Scalar:
    return Scalar(float(ALIBI_SPAN), EXACT)


@scalar(NAME, "head", "The head k worked by hand.")
def head() -> Scalar:
    return Scalar(float(EX.head), EXACT)


def head_labels() -> tuple[str, ...]:
    """Row labels `head1` .. `headh`, counted from 1 as in 2^(-8r/h)."""
    return tuple(f"head{k}" for k in range(1, EX.heads + 1))


@grid(NAME, "slopes", f"Each head's slope m_r = 2^(-{ALIBI_SPAN}r/h), r = 1..h, to four places.")
def slopes() -> Grid:
    return make_grid(EX.slopes[:, None], head_labels(), ("m",), SLOPE_STYLE, "head")


@grid(NAME, "formula-slopes", f"2^(-{ALIBI_SPAN}r/h) for r = 1..h, the paper's formula read literally: the slopes "
      "only when h is a power of two (check the page's formula with same=formula-slopes).")
def formula_slopes() -> Grid:
    return make_grid(EX.formula_slopes[:, None], head_labels(), ("m",), SLOPE_STYLE, "head")


@table(NAME, "slope-table", f"Each head r: the exponent log2 of its slope (-{ALIBI_SPAN}r/h when h is a power of two) "
       "and the slope to four places.")
def slope_table() -> Table:
    """Titled for any number of heads (log2 m_r, m_r): the formula 2^(-8r/h) stands above the table, and a check
    beside it says whether it gives these slopes, so the titles need not change with h (nor does live.js write them)."""
    rows = tuple((label, Number(float(exponent), EXACT), Number(m, SLOPE_STYLE))
                 for label, exponent, m in zip(head_labels(), EX.slope_exponents, EX.slopes, strict=True))
    return Table((Column("head", "head $r$", False), Column("exponent", "exponent $\\log_2 m_r$"),
                  Column("slope", "slope $m_r$")), rows)


@scalar(NAME, "slope", "The slope m of the head worked by hand.")
def slope() -> Scalar:
    return Scalar(EX.slope, EXACT)


@grid(NAME, "scores", "The illustrative scores before any position information.")
def scores() -> Grid:
    return authored_grid(EX.scores_text, TOKENS, TOKENS, EXACT, CORNER)


@grid(NAME, "distances", "How far back each key is from its query, i - j; −∞ marks the keys the causal mask hides.")
def distances() -> Grid:
    return make_grid(EX.distances, TOKENS, TOKENS, EXACT, CORNER, masked_as_infinity=True)


@table(NAME, "distance-table", "The distances i - j as a table: a key the causal mask hides reads 'masked'.")
def distance_table() -> Table:
    shown = distances()
    rows = tuple((query, *(Number(d, EXACT) if d != -np.inf else "masked" for d in row))
                 for query, row in zip(shown.row_labels, shown.values, strict=True))
    return Table((Column("query", CORNER, False), *(Column(key, key) for key in shown.col_labels)), rows)


@grid(NAME, "bias", "The ALiBi bias -m (i - j) of the worked head, −∞ where the causal mask hides the key.")
def bias() -> Grid:
    return make_grid(EX.bias, TOKENS, TOKENS, EXACT, CORNER, masked_as_infinity=True)


@grid(NAME, "biased", "Scores plus the bias: what softmax sees.")
def biased() -> Grid:
    return make_grid(EX.biased, TOKENS, TOKENS, EXACT, CORNER, masked_as_infinity=True)


@grid(NAME, "weights", "Causal weights without the bias.")
def weights() -> Grid:
    return make_grid(checked_weights(EX.weights), TOKENS, TOKENS, DECIMAL, CORNER)


@grid(NAME, "biased-weights", "Causal weights with the bias.")
def biased_weights() -> Grid:
    return make_grid(checked_weights(EX.biased_weights), TOKENS, TOKENS, DECIMAL, CORNER)


# What docs/javascripts/live/alibi.js mirrors (directives/mirror.py): the reader's inputs and the entries. The head
# worked by hand and the number of heads, which bounds it (live.js reads that bound among the reader's inputs).
MIRROR = Mirror(
    entries=frozenset({
        "bias", "biased", "biased-weights", "distance-table", "distances", "formula-slopes", "head", "heads", "scores",
        "slope", "slope-span", "slope-table", "slopes", "weights"}),
    editable=("scores", "heads", "head"))
