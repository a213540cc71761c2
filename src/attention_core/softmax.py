"""Softmax and masks: turning a row of scores into weights that are positive and add up to 1."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_real, at_most, float64_range, frozen

__all__ = ["SoftmaxSteps", "apply_mask", "causal_mask", "padding_mask", "softmax", "softmax_steps"]


def _first_row(flags: np.ndarray | np.bool_, row: str = "row {}") -> str:
    """Name the first row flagged True (flags has one entry per row) for an error message: `row` with its index."""
    index = tuple(int(i) for i in np.argwhere(flags)[0])
    if len(index) == 0:  # one row of scores (m,): its only axis is the last, so it is a row
        return "the row"
    return row.format(index[0] if len(index) == 1 else index)


def _check_rows(x: np.ndarray, row: str = "row {}") -> None:
    """Raise ValueError naming the first row (along the last axis; `row` says how to name one) that softmax
    cannot handle."""
    nan_rows = np.isnan(x).any(axis=-1)
    if nan_rows.any():
        raise ValueError(f"{_first_row(nan_rows, row)} of the scores contains NaN")
    inf_rows = np.isposinf(x).any(axis=-1)
    if inf_rows.any():
        raise ValueError(f"{_first_row(inf_rows, row)} of the scores contains +inf; scores must be finite or -inf")
    empty_rows = np.isneginf(x).all(axis=-1)
    if empty_rows.any():
        raise ValueError(f"{_first_row(empty_rows, row)} of the scores has every entry masked (-inf)")


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """Return softmax along `axis`: exp(x - row max) divided by its row total.

    Shapes: any array in, the same shape out; every slice along `axis` sums to 1. Subtracting the row
    maximum changes nothing mathematically and keeps exp from overflowing. Entries of -inf (masked) get
    weight exactly 0. A row with every entry -inf, a NaN or a +inf raises ValueError naming the row (for an
    `axis` other than the last, the slice along `axis`, indexed as the other axes count it).
    """
    x = as_real("the scores", x)
    if x.ndim == 0:
        raise ValueError("softmax needs at least one axis of scores, got a scalar")
    rows = np.moveaxis(x, axis, -1)
    if rows.shape[-1] == 0:
        raise ValueError("softmax needs at least one score per row, got rows of length 0")
    _check_rows(rows, "row {}" if axis in (-1, x.ndim - 1) else "slice {} along axis " + str(axis))
    with np.errstate(over="ignore"):  # a gap beyond float64 gives -inf, whose weight e^-inf = 0 is right anyway
        shifted = rows - rows.max(axis=-1, keepdims=True)  # largest entry of each row becomes 0
    powers = np.exp(shifted)  # exp(-inf) is exactly 0
    weights = powers / powers.sum(axis=-1, keepdims=True)
    return np.moveaxis(weights, -1, axis)


@dataclass(frozen=True, eq=False)
class SoftmaxSteps:
    """The steps a page shows for softmax by hand: scores, e to each score, row totals, weights."""

    scores: np.ndarray
    exponentials: np.ndarray
    totals: np.ndarray
    weights: np.ndarray

    @property
    def weight_totals(self) -> np.ndarray:
        """The sum of each row's weights, (n,) or (): 1 up to rounding, the Total a page adds under them."""
        return np.asarray(self.weights.sum(axis=-1))  # (n, m) -> (n,), or (m,) -> ()


def softmax_steps(x: np.ndarray) -> SoftmaxSteps:
    """Return softmax of each row with its hand-calculation steps, e^s taken without subtracting the max.

    Shapes: rows along the last axis, (n, m) or (m,); exponentials and weights the same shape, totals (n,) or ().
    Use it for small worked examples only: exp of a score above about 709 overflows float64, and a row whose
    every score is below about -745 gives e^s = 0 throughout, so that its total is 0 and the steps would divide
    0 by 0; both raise ValueError (softmax itself handles both, by subtracting the row's maximum first).
    """
    scores = as_real("the scores", x)
    weights = softmax(scores)
    with float64_range("e^score (float64 holds e^s only for s up to about 709; use softmax)", scores):
        exponentials = np.exp(scores)
        totals = exponentials.sum(axis=-1)
    vanished = np.asarray(totals == 0)
    if vanished.any():
        raise ValueError(f"{_first_row(vanished)} of the scores: e^s is 0 in float64 for every score (below about "
                         "-745), so the steps by hand would divide 0 by 0; use softmax, which subtracts the maximum")
    return SoftmaxSteps(frozen(scores), frozen(exponentials), frozen(totals), frozen(weights))


def causal_mask(n: int) -> np.ndarray:
    """Return the (n, n) boolean causal mask: True where query i may use key j, that is j <= i (n <= MAX_TOKENS)."""
    n = as_count("n (the number of tokens)", n, limit="MAX_TOKENS")
    return np.tril(np.ones((n, n), dtype=bool))  # (n, n)


def padding_mask(real: Sequence[bool]) -> np.ndarray:
    """Return the (n, n) boolean padding mask: True where key j is a real token, for every query i.

    `real` (n,) is False at padding positions, which pad a shorter sequence to the batch's length; no query may
    use them. Combine with a causal mask by `&`.
    """
    flags = np.asarray(real)
    if flags.dtype != np.bool_ or flags.ndim != 1:
        raise ValueError(f"real must be a 1-D boolean sequence, got dtype {flags.dtype} and shape {flags.shape}")
    at_most("n (the length of real)", flags.shape[0], "MAX_TOKENS")
    if not flags.any():
        raise ValueError("a sequence of padding only leaves every query without a key")
    return np.broadcast_to(flags, (flags.shape[0], flags.shape[0])).copy()  # (n,) -> (n, n)


def apply_mask(S: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Return M: the scores S with -inf wherever `mask` is False. Shapes: (n, m), (n, m) -> (n, m)."""
    S = as_real("the scores S", S)
    if np.isnan(S).any() or np.isposinf(S).any():
        raise ValueError("the scores S contain NaN or +inf; scores must be finite (or -inf where already masked)")
    mask = np.asarray(mask)
    if mask.dtype != np.bool_:
        raise ValueError(f"the mask must be boolean (True = may attend), got dtype {mask.dtype}")
    if mask.shape != S.shape:
        raise ValueError(f"the mask has shape {mask.shape} but the scores have shape {S.shape}")
    return np.where(mask, S, -np.inf)  # (n, m)
