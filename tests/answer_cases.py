"""One list of answers, each with its verdict, that the checking rule (attention_site.answers) must give alike in
Python, in the browser (exercises.js) and in LibreOffice (the practice spreadsheets' check formula).

Its numbers are the lesson's own: late's weight of 0.245 (exact 0.24473) and its product with 5, 1.22 on the page
(exact 1.2236), where a student working from the printed weight gets 0.245 × 5 = 1.225."""

from __future__ import annotations

from dataclasses import dataclass

from attention_core.examples.bus_is_late import BUS_IS_LATE as EX
from attention_site.answers import one_query_slacks


@dataclass(frozen=True)
class Case:
    """A number typed for an answer shown to `places`, with the answer's slack, and whether it is right."""

    typed: float
    answer: float
    places: int
    slack: float
    right: bool


SLACKS = one_query_slacks(EX.exponentials, EX.V, (2, 3, 2))
LATE = EX.tokens.index("late")
WEIGHT, PRODUCT = float(EX.weights[LATE]), float(EX.contributions[LATE, 0])
WEIGHT_SLACK, PRODUCT_SLACK = float(SLACKS.weights[LATE]), float(SLACKS.products[LATE, 0])

CASES = (
    *(Case(typed, PRODUCT, 2, PRODUCT_SLACK, True) for typed in (1.225, 1.23, 1.22, 1.2, 1.2236)),
    *(Case(typed, PRODUCT, 2, PRODUCT_SLACK, False) for typed in (1.21, 1.24, 1.3, 1.1, -1.22)),
    *(Case(typed, WEIGHT, 3, WEIGHT_SLACK, True) for typed in (0.245, 0.2447, 0.24, 0.24473)),
    *(Case(typed, WEIGHT, 3, WEIGHT_SLACK, False) for typed in (0.25, 0.244, 0.246, 0.2)),
    *(Case(typed, 2.0, 0, 0.0, True) for typed in (2.0,)),
    *(Case(typed, 2.0, 0, 0.0, False) for typed in (2.4, 1.0, 3.0)),
    *(Case(typed, -0.5, 3, 0.0, True) for typed in (-0.5, -0.5004)),
    *(Case(typed, -0.5, 3, 0.0, False) for typed in (-0.49, -0.51, 0.5, -0.5006)),
)
