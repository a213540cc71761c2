"""The lesson's optional step: late's three steps again with what a real model adds, the causal mask and the
division of every score by sqrt(d_k), on the same numbers; then what the mask does to the other rows.

Mirrored in docs/javascripts/live/bus-is-late.js, as the lesson is a live page.
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.bus_is_late import BUS_IS_LATE as EX

from ...formatting import rounded_sum_note
from ...registry import grid, scalar, table
from ...shown import Column, Grid, Number, Scalar, Table
from ..common import checked_weights, labels, make_grid
from .lesson import AS_GIVEN, NAME, OUTPUT, POWERS, TOKENS, WEIGHTS, score_style

SCALED = "scaled"  # the row of late's weights with the mask and the division, beside the lesson's "unscaled"


def divided_by() -> str:
    """The division as a header writes it: `s ÷ √2`."""
    return f"s ÷ √{EX.d_k}"


@scalar(NAME, "scale", "The scale the lesson's scores are multiplied by before softmax: 1, no division.")
def scale() -> Scalar:
    return Scalar(EX.scale, AS_GIVEN)


@scalar(NAME, "divisor", "The divisor of the scores, the square root of d_k (1.414 for d_k = 2), 3 places.")
def divisor() -> Scalar:
    return Scalar(float(np.sqrt(EX.d_k)), WEIGHTS)


@table(NAME, "masked-scaled-softmax", "Late's scores divided by the square root of d_k under the causal mask, "
       "then softmax: score, scaled score (3 places), e to it (2 places), weight (3 places).")
def masked_scaled_softmax() -> Table:
    steps, i = EX.masked_scaled_steps, EX.focus_index
    raw = EX.masked_scaled.scores[i]
    A = checked_weights(steps.weights)[0]
    rows = tuple((token, Number(float(raw[j]), score_style(raw)), Number(float(steps.scores[j]), WEIGHTS),
                  Number(float(steps.exponentials[j]), POWERS), Number(float(A[j]), WEIGHTS))
                 for j, token in enumerate(TOKENS))
    total = ("Total", "", "", Number(float(steps.totals), POWERS), Number(float(steps.weight_totals), WEIGHTS))
    columns = (Column("token", "token", False), Column("score", "score s"), Column("scaled", divided_by()),
               Column("exponential", f"e^({divided_by()})"), Column("weight", "weight"))
    notes = (rounded_sum_note(list(steps.exponentials), float(steps.totals), POWERS.digits),
             rounded_sum_note(list(A), float(steps.weight_totals), WEIGHTS.digits))
    return Table(columns, (*rows, total), " ".join(note for note in notes if note) or None)


@grid(NAME, "scaling-compare", "Late's weights as the lesson works them (unscaled) and with the mask and the "
      "division by the square root of d_k (scaled), 3 places.")
def scaling_compare() -> Grid:
    both = np.stack([EX.weights, EX.masked_scaled.weights[EX.focus_index]])  # (2, n)
    return make_grid(checked_weights(both), ("unscaled", SCALED), TOKENS, WEIGHTS, "weights of " + EX.focus)


@grid(NAME, "masked-scaled-output", "Late's output with the mask and the division by the square root of d_k, "
      "2 places.")
def masked_scaled_output() -> Grid:
    i = EX.focus_index
    return make_grid(EX.masked_scaled.output[i : i + 1], (EX.focus,), labels("o", EX.V.shape[1]), OUTPUT, "query")


@grid(NAME, "masked-scaled-weights", "Every token's weights with the causal mask and the division by the square "
      "root of d_k (3x3), 3 places; a masked key's weight is exactly 0.")
def masked_scaled_weights() -> Grid:
    result = EX.masked_scaled
    return make_grid(checked_weights(result.weights, result.mask), TOKENS, TOKENS, WEIGHTS, "query \\ key")
