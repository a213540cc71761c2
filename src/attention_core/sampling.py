"""Choosing the next token from a row of logits: temperature, greedy, top-k and top-p (nucleus) sampling.

Softmax with temperature T divides the logits by T before softmax, the same move attention makes when it divides
scores by sqrt(d_k): a larger divisor flattens the distribution, a smaller one sharpens it. Top-k sampling keeps
the k most probable tokens (Fan et al. 2018); top-p keeps the fewest most probable tokens whose probabilities add
up to at least p (Holtzman et al. 2020). Both renormalise what they keep; a draw u from [0, 1) then picks the
first token whose cumulative probability exceeds u (inverse transform sampling).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_number, as_real, frozen
from .softmax import softmax

__all__ = ["Sampling", "draw_index", "sample_next", "softmax_with_temperature", "top_k_filter", "top_p_filter"]


def _as_row(name: str, row: object) -> np.ndarray:
    """Return `row` as a non-empty finite 1-D float64 array, or raise ValueError naming its shape."""
    row = as_real(name, row)
    if row.ndim != 1 or row.size == 0:
        raise ValueError(f"{name} must be one non-empty row (vocab,), got shape {row.shape}")
    if not np.isfinite(row).all():
        raise ValueError(f"{name} has a non-finite entry at index {int(np.argmax(~np.isfinite(row)))}")
    return row


def _as_probabilities(p: object) -> np.ndarray:
    """Return `p` as a row of probabilities (each from 0 to 1, adding up to 1), or raise ValueError."""
    p = _as_row("the probabilities", p)
    if (p < 0).any() or abs(float(p.sum()) - 1.0) > 1e-9:
        raise ValueError(f"the probabilities must be at least 0 and add up to 1, got a total of {float(p.sum()):.6g}")
    return p


def softmax_with_temperature(logits: np.ndarray, temperature: float) -> np.ndarray:
    """Return softmax(logits / T): T = 1 is plain softmax, T below 1 sharpens, T above 1 flattens.

    Shapes: logits (vocab,) or (n, vocab) -> the same shape, each row adding up to 1. T must be above 0.
    """
    temperature = as_number("the temperature", temperature)
    return softmax(as_real("the logits", logits) / temperature)  # (..., vocab)


def _by_probability(p: np.ndarray) -> np.ndarray:
    """Indices from the most to the least probable token; equal probabilities keep vocabulary order."""
    return np.argsort(-p, kind="stable")  # (vocab,)


def top_k_filter(p: np.ndarray, k: int) -> np.ndarray:
    """Return p with all but its k most probable tokens set to 0, renormalised (Fan et al. 2018).

    Shapes: p (vocab,) -> (vocab,). Ties at the k-th place keep the earlier token. 1 <= k <= vocab.
    """
    p = _as_probabilities(p)
    k = as_count("k", k)
    if k > p.size:
        raise ValueError(f"top-k needs k from 1 to the vocabulary's {p.size} tokens, got k={k}")
    kept = np.zeros_like(p)
    chosen = _by_probability(p)[:k]  # (k,)
    kept[chosen] = p[chosen]
    renormalised: np.ndarray = kept / kept.sum()  # (vocab,)
    return renormalised


def top_p_filter(p: np.ndarray, top_p: float) -> np.ndarray:
    """Return p kept on the fewest most probable tokens whose total reaches top_p, renormalised (Holtzman et al. 2020).

    Shapes: p (vocab,) -> (vocab,). 0 < top_p <= 1; top_p = 1 keeps every token with a probability above 0.
    """
    p = _as_probabilities(p)
    top_p = as_number("top_p", top_p)
    if top_p > 1:
        raise ValueError(f"top_p must be above 0 and at most 1, got {top_p}")
    order = _by_probability(p)  # (vocab,)
    totals = np.cumsum(p[order])  # (vocab,) running total from the most probable token
    count = min(int(np.searchsorted(totals, top_p - 1e-12)) + 1, p.size)  # the first total that reaches top_p
    kept = np.zeros_like(p)
    kept[order[:count]] = p[order[:count]]
    renormalised: np.ndarray = kept / kept.sum()  # (vocab,)
    return renormalised


def draw_index(p: np.ndarray, u: float) -> int:
    """Return the first index whose cumulative probability exceeds u (inverse transform sampling).

    Shapes: p (vocab,) -> an int in [0, vocab) whose probability is above 0. 0 <= u < 1.
    """
    p = _as_probabilities(p)
    u = as_number("u", u, inclusive=True)
    if u >= 1:
        raise ValueError(f"u must be at least 0 and below 1, got {u}")
    index = int(np.searchsorted(np.cumsum(p), u, side="right"))  # first running total above u
    nonzero = np.flatnonzero(p)
    return int(min(index, nonzero[-1]))  # rounding of the last total below 1 cannot pick a token of probability 0


@dataclass(frozen=True, eq=False)
class Sampling:
    """One choice of the next token: the distributions at temperature T, the filtered ones, the draw and picks.

    probabilities, top_k, top_p (vocab,); u the seeded draw in [0, 1); greedy, drawn, drawn_top_k, drawn_top_p
    indices into the vocabulary (drawn from the whole distribution, after top-k, after top-p, all with the same u).
    """

    probabilities: np.ndarray
    top_k: np.ndarray
    top_p: np.ndarray
    u: float
    greedy: int
    drawn: int
    drawn_top_k: int
    drawn_top_p: int


def sample_next(logits: np.ndarray, temperature: float, k: int, top_p: float, seed: int) -> Sampling:
    """Return greedy, plain, top-k and top-p choices from one row of logits, with one draw u from the seed.

    Shapes: logits (vocab,) -> Sampling. u is np.random.default_rng(seed).random(): the same seed, the same draw.
    """
    logits = _as_row("the logits", logits)
    seed = as_count("seed", seed, minimum=0)
    p = softmax_with_temperature(logits, temperature)  # (vocab,)
    kept_k, kept_p = top_k_filter(p, k), top_p_filter(p, top_p)  # (vocab,), (vocab,)
    u = float(np.random.default_rng(seed).random())
    return Sampling(frozen(p), frozen(kept_k), frozen(kept_p), u, int(np.argmax(logits)), draw_index(p, u),
                    draw_index(kept_k, u), draw_index(kept_p, u))
