"""Positions inside the scores: rotary embeddings (RoPE) and linear biases (ALiBi).

RoPE (Su et al. 2021, RoFormer) rotates each pair of entries (2i, 2i+1) of a query or key at position p by the
angle p * theta_i, theta_i = base^(-2i/d), i counted from 0. A rotation by a then by b is a rotation by a + b,
so q_i . k_j only sees the offset j - i. ALiBi (Press, Smith and Lewis 2021) adds -m * (i - j) to the causal
score of query i and key j, with one slope m per head: 2^(-8k/h) for head k = 1..h of h heads.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_matrix, as_number, as_real, float64_range, frozen, quote
from .positions import sinusoidal_positions
from .softmax import causal_mask

__all__ = [
    "OffsetCheck",
    "RopeResult",
    "ShiftAsRotation",
    "alibi_bias",
    "alibi_slopes",
    "causal_distances",
    "check_rope_offsets",
    "interpolated_positions",
    "ntk_aware_base",
    "rope_exponents",
    "rope_frequencies",
    "rope_scores",
    "rope_wavelengths",
    "rotate",
    "sinusoid_shift_as_rotation",
]

ROPE_BASE = 10000.0  # the base of RoFormer and of the sinusoidal table
ALIBI_SPAN = 8  # Press et al. (2021): the slopes of h heads run from 2^(-8/h) down to 2^-8, m_r = 2^(-8r/h)


def rope_exponents(d: int) -> np.ndarray:
    """Return the exponents -2i/d of theta_i = base^(-2i/d) for i = 0 .. d/2 - 1. Shapes: -> (d/2,)."""
    d = as_count("d", d, limit="MAX_WIDTH")
    if d % 2:
        raise ValueError(f"rotary embeddings rotate pairs of entries, so d must be even, got d={d}")
    return -np.arange(0, d, 2, dtype=np.float64) / d  # (d/2,)


def rope_frequencies(d: int, base: float = ROPE_BASE) -> np.ndarray:
    """Return theta_i = base^(-2i/d) for i = 0 .. d/2 - 1 (Su et al. 2021). Shapes: -> (d/2,)."""
    exponents = rope_exponents(d)  # (d/2,)
    base = as_number("base", base)
    return base ** exponents  # (d/2,)


def rope_wavelengths(d: int, base: float = ROPE_BASE) -> np.ndarray:
    """Return 2 pi / theta_i, the positions pair i takes to turn once, i = 0 .. d/2 - 1. Shapes: -> (d/2,)."""
    return 2.0 * np.pi / rope_frequencies(d, base)  # (d/2,)


def interpolated_positions(positions: object, factor: float) -> np.ndarray:
    """Return positions / factor: position interpolation (Chen et al. 2023).

    A model trained on positions 0 .. L-1 reads a text factor times longer at positions squeezed back below L,
    instead of at angles it never saw. Shapes: positions (n,) -> (n,).
    """
    factor = as_number("factor", factor)
    p = as_real("positions", positions)
    if p.ndim != 1 or not np.all(np.isfinite(p)):
        raise ValueError(f"positions must be one finite row of numbers, got {quote(positions)}")
    return p / factor  # (n,)


def ntk_aware_base(base: float, factor: float, d: int) -> float:
    """Return base * factor^(d / (d - 2)): "NTK-aware" scaling (bloc97 2023, a Reddit post, not a paper).

    With the new base, theta_0 = 1 is kept and the slowest pair, i = d/2 - 1, turns exactly factor times more
    slowly: the fast pairs are left as trained and only the slow ones are squeezed. Needs d >= 4.
    """
    d = as_count("d", d, limit="MAX_WIDTH")
    if d % 2 or d < 4:
        raise ValueError(f"NTK-aware scaling needs an even d of at least 4 (d - 2 > 0), got d={d}")
    return float(as_number("base", base) * as_number("factor", factor) ** (d / (d - 2)))


@dataclass(frozen=True, eq=False)
class ShiftAsRotation:
    """The sinusoidal rows at `position` and `position + shift`, and the first turned by -shift (read-only).

    pe, pe_shifted, turned (d,); max_difference between turned and pe_shifted.
    """

    position: int
    shift: int
    pe: np.ndarray
    pe_shifted: np.ndarray
    turned: np.ndarray
    max_difference: float


def sinusoid_shift_as_rotation(position: int, shift: int, d: int) -> ShiftAsRotation:
    """Compare the sinusoidal row PE(position + shift) with PE(position) rotated pair by pair by -shift * theta_i.

    Each pair (sin p w_i, cos p w_i) of Vaswani et al. (2017) has w_i = 10000^(-2i/d), RoPE's theta_i at base
    10000, and sin(a + b), cos(a + b) make the row of p + k the row of p turned by the angle -k theta_i: what
    `rotate` does at the position -k. Shapes: -> (d,) three times.
    """
    position, shift = as_count("position", position, minimum=0), as_count("shift", shift, minimum=0)
    PE = sinusoidal_positions(position + shift + 1, d)  # (position + shift + 1, d)
    pe, pe_shifted = PE[position], PE[position + shift]  # (d,) each
    turned = rotate(pe[None, :], [-float(shift)], ROPE_BASE)[0]  # (1, d) -> (d,)
    difference = float(np.abs(turned - pe_shifted).max())
    return ShiftAsRotation(position, shift, frozen(pe), frozen(pe_shifted), frozen(turned), difference)


def _positions(name: str, positions: object, n: int) -> np.ndarray:
    """Return `positions` as n finite float64 numbers, or raise ValueError naming the sizes."""
    p = as_real(name, positions)
    if p.shape != (n,):
        raise ValueError(f"{name} must hold one position per row, n={n}, got shape {p.shape}")
    if not np.all(np.isfinite(p)):
        raise ValueError(f"{name} must be finite, got {quote(positions)}")
    return p


def rotate(X: np.ndarray, positions: object, base: float = ROPE_BASE) -> np.ndarray:
    """Return each row of X rotated pair by pair: row r, pair i, by the angle positions[r] * theta_i.

    (x_2i, x_2i+1) -> (x_2i cos a - x_2i+1 sin a, x_2i sin a + x_2i+1 cos a). Shapes: X (n, d), positions (n,)
    -> (n, d), d even.
    """
    X = as_matrix("X", X, "(n, d)")
    n, d = X.shape
    theta = rope_frequencies(d, base)  # (d/2,)
    p = _positions("positions", positions, n)
    with float64_range("the rotation angles positions * theta", p, theta):
        angles = p[:, None] * theta[None, :]  # (n, 1) x (1, d/2) -> (n, d/2)
    cos, sin = np.cos(angles), np.sin(angles)  # (n, d/2) each
    even, odd = X[:, 0::2], X[:, 1::2]  # (n, d/2) each
    out = np.empty_like(X)
    out[:, 0::2] = even * cos - odd * sin  # (n, d/2)
    out[:, 1::2] = even * sin + odd * cos  # (n, d/2)
    return out  # (n, d)


@dataclass(frozen=True, eq=False)
class RopeResult:
    """Rotary scores and what they are made of (arrays read-only).

    theta (d/2,); q_positions (n,), k_positions (m,); angles_q (n, d/2), angles_k (m, d/2);
    Q_rot (n, d), K_rot (m, d); scores Q_rot K_rot^T (n, m), not yet divided by sqrt(d).
    """

    theta: np.ndarray
    q_positions: np.ndarray
    k_positions: np.ndarray
    angles_q: np.ndarray
    angles_k: np.ndarray
    Q_rot: np.ndarray
    K_rot: np.ndarray
    scores: np.ndarray


def rope_scores(
    Q: np.ndarray, K: np.ndarray, q_positions: object = None, k_positions: object = None, base: float = ROPE_BASE
) -> RopeResult:
    """Return the scores of rotated queries against rotated keys (Su et al. 2021).

    Shapes: Q (n, d), K (m, d), positions (n,) and (m,) (default 0 .. n-1 and 0 .. m-1) -> scores (n, m).
    """
    Q, K = as_matrix("Q", Q, "(n, d)"), as_matrix("K", K, "(m, d)")
    if Q.shape[1] != K.shape[1]:
        raise ValueError(f"Q has d={Q.shape[1]} but K has d={K.shape[1]}")
    p_q = np.arange(Q.shape[0], dtype=np.float64) if q_positions is None else _positions(
        "q_positions", q_positions, Q.shape[0])
    p_k = np.arange(K.shape[0], dtype=np.float64) if k_positions is None else _positions(
        "k_positions", k_positions, K.shape[0])
    theta = rope_frequencies(Q.shape[1], base)  # (d/2,)
    Q_rot, K_rot = rotate(Q, p_q, base), rotate(K, p_k, base)  # (n, d), (m, d)
    with float64_range("the rotary scores Q_rot K_rot^T", Q_rot, K_rot):
        S = Q_rot @ K_rot.T  # (n, d) x (d, m) -> (n, m)
    return RopeResult(frozen(theta), frozen(p_q), frozen(p_k), frozen(p_q[:, None] * theta),
                      frozen(p_k[:, None] * theta), frozen(Q_rot), frozen(K_rot), frozen(S))


@dataclass(frozen=True, eq=False)
class OffsetCheck:
    """Rotary scores before and after moving every position by `shift`, and whether they agree (read-only)."""

    shift: float
    scores: np.ndarray
    shifted_scores: np.ndarray
    max_difference: float
    invariant: bool


def check_rope_offsets(
    Q: np.ndarray, K: np.ndarray, shift: float, base: float = ROPE_BASE, tolerance: float = 1e-12
) -> OffsetCheck:
    """Compare rotary scores at positions 0..n-1 with the scores at shift..shift+n-1.

    Shapes: Q (n, d), K (n, d) -> scores (n, n) twice. `invariant` is True when no score moved by more than
    `tolerance` (relative to the largest score, at least 1): the scores see only the offsets j - i.
    """
    shift = as_number("shift", shift, minimum=-float(np.finfo(np.float64).max), inclusive=True)
    tolerance = as_number("tolerance", tolerance, inclusive=True)
    n = as_matrix("Q", Q, "(n, d)").shape[0]
    plain = rope_scores(Q, K, base=base)
    moved = np.arange(n, dtype=np.float64) + shift  # (n,)
    shifted = rope_scores(Q, K, moved, moved, base)
    difference = float(np.abs(shifted.scores - plain.scores).max())
    size = max(1.0, float(np.abs(plain.scores).max()))
    return OffsetCheck(shift, plain.scores, shifted.scores, difference, difference <= tolerance * size)


def alibi_slopes(h: int) -> np.ndarray:
    """Return the ALiBi slopes of h heads (Press et al. 2021). Shapes: -> (h,).

    For h a power of two, the paper's sequence m_r = 2^(-8r/h), r = 1..h. For other h, as the authors' code does:
    the sequence of the largest power of two p below h, then every other slope of the sequence of 2p (its 1st,
    3rd, ...) until there are h: for h = 12, 2^-1, ..., 2^-8, then 2^-0.5, 2^-1.5, 2^-2.5, 2^-3.5.
    """
    h = as_count("h", h, limit="MAX_HEADS")
    p = 1 << (h.bit_length() - 1)  # the largest power of two <= h
    ours = 2.0 ** (-float(ALIBI_SPAN) * np.arange(1, p + 1, dtype=np.float64) / p)  # (p,)
    if p == h:
        return ours
    between = 2.0 ** (-float(ALIBI_SPAN) * np.arange(1, 2 * p + 1, 2, dtype=np.float64) / (2 * p))  # (p,): odd r of 2p
    return np.concatenate([ours, between[: h - p]])  # (h,)


def causal_distances(n: int) -> np.ndarray:
    """Return how far back key j is from query i, i - j, where j <= i, and -inf where the causal mask hides j.

    What ALiBi multiplies by each head's slope. Shapes: -> (n, n).
    """
    n = as_count("n", n, limit="MAX_TOKENS")
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]  # (n, 1), (1, n)
    return np.where(causal_mask(n), (i - j).astype(np.float64), -np.inf)  # (n, n)


def alibi_bias(n: int, slope: float) -> np.ndarray:
    """Return the causal ALiBi bias: -slope * (i - j) where key j <= query i, -inf where j > i.

    Add it to the scores S (n, n) in place of the causal mask. Shapes: -> (n, n).
    """
    n = as_count("n", n, limit="MAX_TOKENS")
    slope = as_number("slope", slope)
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]  # (n, 1), (1, n)
    bias = -slope * (i - j).astype(np.float64)  # (n, n)
    return np.where(causal_mask(n), bias, -np.inf)  # (n, n)
