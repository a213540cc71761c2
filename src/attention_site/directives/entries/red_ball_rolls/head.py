"""The deck's window "red ball rolls", head 1: inputs, projections, scores, mask, softmax, output.

The second head, W_O and the residual are in `heads.py`.
"""

from __future__ import annotations

import numpy as np

from attention_core import AttentionResult
from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS as EX

from ...errors import DirectiveError
from ...questions import SMALL_WORDS
from ...registry import block, grid, scalar, table
from ...shown import Column, Grid, Html, Number, Scalar, Table, Vector
from ...subjects import joined
from ..common import (
    as_rows,
    authored_grid,
    calculator_html,
    checked_weights,
    count,
    entry_or_row,
    labels,
    make_grid,
    plain,
    plain_rows,
    shape_of,
    style_of,
    weighted_sum_table,
    width_labels,
)

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens


def slots() -> str:
    """The width of the input rows in words (three), or in figures past twelve."""
    width = EX.X.shape[1]
    return SMALL_WORDS[width] if width < len(SMALL_WORDS) else f"{width:,}"


@grid(NAME, "inputs", f"The input rows X: one row per token, {slots()} slots each.")
def inputs() -> Grid:
    return authored_grid(EX.X_text, TOKENS, labels("x", len(EX.X_text[0])), STYLE, "token")


@grid(NAME, "w-q", f"The query projection W_Q of head 1 ({shape_of(EX.W_q[0])}), as authored.")
def w_q() -> Grid:
    return authored_grid(EX.W_q_text, TOKENS, width_labels("q", EX.head.d_k), STYLE, "row of $W_Q$")


def inexact_key() -> tuple[str, float]:
    """The first entry of head 1's W_K that is not a whole number, as authored and as a number (ln 2, 0.693...);
    a whole number's text and value when every entry is one."""
    entries = [(text, float(value)) for text_row, row in zip(EX.W_k_text, EX.W_k[0], strict=True)
               for text, value in zip(text_row, row, strict=True)]
    return next((entry for entry in entries if not entry[1].is_integer()), entries[0])


def rounded_key() -> str:
    """That entry as the calculator is given it: `ln 2 as 0.6931`."""
    text, value = inexact_key()
    return f"{text} as {value:.{EX.calculator_places}f}"


@grid(NAME, "w-k", f"The key projection W_K of head 1 ({shape_of(EX.W_k[0])}), as authored "
      f"({inexact_key()[0]}, not {inexact_key()[1]:.3f}).")
def w_k() -> Grid:
    return authored_grid(EX.W_k_text, TOKENS, width_labels("k", EX.head.d_k), STYLE, "row of $W_K$")


@grid(NAME, "w-v", f"The value projection W_V of head 1 ({shape_of(EX.W_v[0])}), as authored.")
def w_v() -> Grid:
    return authored_grid(EX.W_v_text, TOKENS, labels("v", len(EX.W_v_text[0])), STYLE, "row of $W_V$")


@table(NAME, "projections", "Each token's query, key and value: the rows of Q = X W_Q, K = X W_K, V = X W_V.")
def projections() -> Table:
    return projections_table(EX.head)


def projections_table(head: AttentionResult) -> Table:
    """One row per token: its query and key (one number each when d_k = 1) and its value row, for head 1 or 2."""
    rows = tuple(
        (token, entry_or_row(head.Q[i], STYLE), entry_or_row(head.K[i], STYLE), Vector(as_rows(head.V[i])[0], STYLE))
        for i, token in enumerate(TOKENS)
    )
    return Table((Column("token", "token", False), Column("query", "query q"), Column("key", "key k"),
                  Column("value", "value v")), rows)


@grid(NAME, "queries", f"The query column Q = X W_Q ({shape_of(EX.head.Q)}).")
def queries() -> Grid:
    return make_grid(EX.head.Q, TOKENS, width_labels("q", EX.head.d_k), STYLE, "token")


@grid(NAME, "keys", f"The key column K = X W_K ({shape_of(EX.head.K)}); {inexact_key()[0]} stays {inexact_key()[0]}.")
def keys() -> Grid:
    return make_grid(EX.head.K, TOKENS, width_labels("k", EX.head.d_k), STYLE, "token")


@grid(NAME, "values", f"The value rows V = X W_V ({shape_of(EX.head.V)}).")
def values() -> Grid:
    return make_grid(EX.head.V, TOKENS, labels("v", EX.head.d_v), STYLE, "token")


@grid(NAME, "scores", "The score matrix S = Q K^T / sqrt(d_k): rows are queries, columns are keys.")
def scores() -> Grid:
    return make_grid(EX.head.scaled, TOKENS, TOKENS, STYLE, "query \\ key")


@grid(NAME, "masked-scores", "The masked scores M: future columns set to minus infinity.")
def masked_scores() -> Grid:
    return make_grid(EX.head.masked, TOKENS, TOKENS, STYLE, "query \\ key", masked_as_infinity=True)


@table(NAME, "mask", "Which keys each query may use under the causal mask.")
def mask() -> Table:
    allowed = EX.mask if EX.mask is not None else np.ones((len(TOKENS),) * 2, dtype=bool)
    rows = tuple((token, *("allowed" if ok else "future" for ok in allowed[i])) for i, token in enumerate(TOKENS))
    return Table((Column("query", "query \\ key", False), *(Column(t, t, False) for t in TOKENS)), rows)


@grid(NAME, "exponentials", "e to each permitted score (masked entries give 0).")
def exponentials() -> Grid:
    return make_grid(EX.softmax_steps.exponentials, TOKENS, TOKENS, STYLE, "query \\ key")


@table(NAME, "softmax-rows", "Softmax row by row: permitted e^s, their total, and the weight row.")
def softmax_rows() -> Table:
    steps, allowed = EX.softmax_steps, EX.mask
    rows = []
    for i, token in enumerate(TOKENS):
        permitted = steps.exponentials[i][allowed[i]] if allowed is not None else steps.exponentials[i]
        rows.append((token, Vector(as_rows(permitted)[0], STYLE), Number(float(steps.totals[i]), STYLE),
                     Vector(as_rows(checked_weights(EX.head.weights, EX.mask)[i])[0], STYLE)))
    columns = (Column("query", "query row", False), Column("exponentials", "permitted eˢ"),
               Column("total", "their total"), Column("weights", "weight row"))
    return Table(columns, tuple(rows))


@grid(NAME, "weights", "The weight matrix A = softmax(M): each row sums to 1, future weights are 0.")
def weights() -> Grid:
    return make_grid(checked_weights(EX.head.weights, EX.mask), TOKENS, TOKENS, STYLE, "query \\ key")


@grid(NAME, "output", f"The output rows O = A V of head 1 ({shape_of(EX.head.output)}).")
def output() -> Grid:
    return make_grid(EX.head.output, TOKENS, labels("o", EX.head.d_v), STYLE, "token")


@table(NAME, "weighted-sum", f"The output for {EX.focus} as a weighted sum: weight, value and contribution per token.")
def weighted_sum() -> Table:
    return weighted_sum_table(EX.head, EX.focus_index, EX.contributions, TOKENS, STYLE, EX.mask)


@grid(NAME, "hard-choice", "The value of the top-scoring key alone: what keeping only the largest would give.")
def hard_choice() -> Grid:
    row = EX.head.masked[EX.focus_index]
    best = [TOKENS[j] for j in np.flatnonzero(np.isclose(row, row.max(), rtol=1e-9, atol=1e-12))]
    if len(best) > 1:
        raise DirectiveError(f"{joined(best)} share the largest score of {EX.focus}; there is no single "
                             "best match to pick")
    return make_grid(EX.hard_choice, (TOKENS[EX.hard_choice_index],), labels("v", EX.head.d_v), STYLE, "top key")


@scalar(NAME, "calculator-places", "The decimal places to which the calculator is given the keys "
        f"({rounded_key()}).")
def calculator_places() -> Scalar:
    return count(EX.calculator_places)


@block(NAME, "calculator", f"A live calculator for the query of {EX.focus}: edit the query, keys or values, "
       "see the weights.")
def calculator() -> Html:
    i = EX.focus_index
    permitted = slice(0, i + 1)  # causal: rolls may use itself and every earlier token
    spec = {
        "example": NAME, "tokens": list(TOKENS[permitted]), "query_token": EX.focus,
        "query": plain_rows(EX.head.Q[i]), "keys": plain_rows(np.round(EX.head.K[permitted], EX.calculator_places)),
        "values": plain_rows(EX.head.V[permitted]), "scale": plain(EX.head.scale), "digits": 3, "output_digits": 3,
    }
    fallback = f"This calculator needs JavaScript. Without it, the tables above work the query of {EX.focus} by hand."
    return calculator_html(spec, fallback)
