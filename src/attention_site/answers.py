"""The one rule that says whether a student's answer to a fill-in cell is right, on the site and in the practice
spreadsheets.

A cell has its exact answer `a`, the places `p` the site shows it to, and a `slack`: how far the answer moves when
it is worked from the rounded numbers the page shows instead of the exact ones (0.245 × 5 = 1.225, where the exact
weight gives 1.2236). A number `x` is right when it is within half a unit of its last place of some value within
`slack` of `a`, where its last place is p - 1 when `x` has at most p - 1 decimals, else p (more decimals are judged
as if rounded to p). Whole numbers (p = 0) must be exact. So for 1.2236 shown to 2 places with slack 0.0014,
1.22, 1.225, 1.23 and 1.2 are right, 1.21 and 1.3 are not.

exercises.js applies the same arithmetic to the slack and places this module writes on each box, and
`spreadsheet_check` writes it as a formula; tests/test_answers.py runs one list of answers through all three.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

EXACT = 1e-9  # relative room for binary rounding of the answer itself


def last_place(x: float, places: int) -> int:
    """The place an answer is judged to: p - 1 when it has no more decimals than that, else p."""
    scaled = x * 10.0 ** (places - 1)
    return places - 1 if abs(scaled - round(scaled)) < EXACT else places


def accepts(x: float, answer: float, places: int, slack: float = 0.0) -> bool:
    """True when `x` is a right answer for `answer` shown to `places`, worked from numbers off by up to `slack`."""
    room = 0.0 if places == 0 else 0.5 * 10.0 ** -last_place(x, places)
    return abs(x - answer) <= room + slack + EXACT * max(1.0, abs(answer))


def slack_of(exact: float, from_shown: Sequence[float]) -> float:
    """The slack of a cell: how far its value worked from the shown numbers (each way a student may) lies from it."""
    return max((abs(value - exact) for value in from_shown), default=0.0)


def spreadsheet_check(typed: str, answer: str, places: int, slack: float) -> str:
    """The rule as a spreadsheet condition on the cells `typed` and `answer` (TRUE when right)."""
    exact = f"{EXACT!r}*MAX(1,ABS({answer}))"
    if places == 0:
        return f"ABS({typed}-{answer})<={slack!r}+{exact}"
    scaled = f"{typed}*10^{places - 1}"
    room = f"IF(ABS({scaled}-ROUND({scaled},0))<{EXACT!r},{0.5 * 10.0 ** -(places - 1)!r},{0.5 * 10.0 ** -places!r})"
    return f"ABS({typed}-{answer})<={room}+{slack!r}+{exact}"


def shown(x: np.ndarray, places: int) -> np.ndarray:
    """Numbers as a page prints them to `places` decimals, back as numbers: what a student works from."""
    rounded: np.ndarray = np.vectorize(lambda value: float(f"{value:.{places}f}"))(x)
    return rounded


@dataclass(frozen=True)
class OneQuerySlacks:
    """The slack of each answer of softmax-then-mix for one query (the lesson's steps 2 and 3), each worked from the
    shown e^s, total and weights as a student may: by the shown total or by the sum of the shown e^s, and adding the
    exact or the shown products."""

    total: float
    weights: np.ndarray  # (n,)
    weights_total: float
    products: np.ndarray  # (n, d_v)
    output: np.ndarray  # (d_v,)


def one_query_slacks(exponentials: np.ndarray, V: np.ndarray, places: tuple[int, int, int]) -> OneQuerySlacks:
    """Slacks for e^s (n,), values V (n, d_v), shown to (e^s and total, weights, products and output) places."""
    powers, weights, outputs = places
    e = shown(exponentials, powers)  # (n,)
    total = float(exponentials.sum())
    a = exponentials / total  # (n,)
    by_total, by_sum = e / float(shown(np.array(total), powers)), e / e.sum()  # (n,)
    products = a[:, None] * V  # (n, 1) * (n, d_v) -> (n, d_v)
    worked = shown(a, weights)[:, None] * V  # (n, d_v)
    output = products.sum(axis=0)  # (d_v,)
    return OneQuerySlacks(
        total=slack_of(total, [float(e.sum())]),
        weights=np.maximum(abs(by_total - a), abs(by_sum - a)),
        weights_total=slack_of(1.0, [float(shown(a, weights).sum())]),
        products=abs(worked - products),
        output=np.maximum(abs(worked.sum(axis=0) - output), abs(shown(worked, outputs).sum(axis=0) - output)),
    )
