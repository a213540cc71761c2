"""Position information: without it attention cannot tell "dog bites man" from "man bites dog".

Self-attention without a mask is permutation-equivariant: reorder the input rows and the output rows are
reordered the same way, nothing else changes. Three ways to break that: add a fixed sinusoidal table
(Vaswani et al. 2017), add a learned table (also reported by Vaswani et al. 2017), or put relative
positions inside the scores and values (Shaw, Uszkoreit and Vaswani 2018).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ._checks import (
    as_count,
    as_matrix,
    as_number,
    as_scale,
    at_most,
    check_mask,
    finite_result,
    float64_range,
    frozen,
    quote,
)
from .attention import project, scaled_dot_product_attention
from .initialisation import scaled_normal
from .softmax import apply_mask, softmax

__all__ = [
    "PermutationCheck",
    "RelativeAttentionResult",
    "add_positions",
    "attention_without_positions",
    "check_permutation",
    "learned_position_table",
    "permute_rows",
    "relative_position_attention",
    "relative_position_indices",
    "sinusoidal_positions",
]


def sinusoidal_positions(n: int, d_model: int) -> np.ndarray:
    """Return the fixed table PE (Vaswani et al. 2017), positions 0 to n-1.

    PE[pos, 2i] = sin(pos / 10000^(2i/d_model)), PE[pos, 2i+1] = cos(pos / 10000^(2i/d_model)).
    Shapes: -> (n, d_model).
    """
    n, d_model = as_count("n", n, limit="MAX_TOKENS"), as_count("d_model", d_model, limit="MAX_WIDTH")
    pos = np.arange(n, dtype=np.float64)[:, None]  # (n, 1)
    even = np.arange(0, d_model, 2, dtype=np.float64)  # (ceil(d_model/2),) the values 2i
    angles = pos / 10000.0 ** (even / d_model)  # (n, 1) / (1, ceil(d_model/2)) -> (n, ceil(d_model/2))
    PE = np.zeros((n, d_model))
    PE[:, 0::2] = np.sin(angles)
    PE[:, 1::2] = np.cos(angles[:, : d_model // 2])
    return PE  # (n, d_model)


def learned_position_table(rng: np.random.Generator, n_max: int, d_model: int) -> np.ndarray:
    """Return a stand-in for a learned position table: scaled normal draws, one row per position.

    A trained model learns these rows; here they are drawn from `rng` so examples are reproducible.
    Shapes: -> (n_max, d_model).
    """
    n_max, d_model = as_count("n_max", n_max, limit="MAX_TOKENS"), as_count("d_model", d_model, limit="MAX_WIDTH")
    return scaled_normal(rng, n_max, d_model)  # (n_max, d_model)


def add_positions(E: np.ndarray, P: np.ndarray) -> np.ndarray:
    """Return E + P[:n]: token embeddings plus the first n rows of a position table.

    Shapes: E (n, d_model), P (n_max, d_model) with n_max >= n -> (n, d_model).
    """
    E = as_matrix("E", E, "(n, d_model)")
    P = as_matrix("P", P, "(n_max, d_model)")
    if P.shape[1] != E.shape[1]:
        raise ValueError(f"E has d_model={E.shape[1]} but the position table has {P.shape[1]} columns")
    if P.shape[0] < E.shape[0]:
        raise ValueError(f"the position table has {P.shape[0]} rows but the sequence has n={E.shape[0]} tokens")
    with float64_range("E + P", E, P):
        X: np.ndarray = E + P[: E.shape[0]]  # (n, d_model) + (n, d_model)
    return X


def permute_rows(X: np.ndarray, order: Sequence[int]) -> np.ndarray:
    """Return the rows of X in `order`: row i of the result is X[order[i]]. Shapes: (n, d) -> (n, d)."""
    X = as_matrix("X", X, "(n, d)")
    order_array = np.asarray(order)
    # Integers only: booleans would select rows and floats would not index at all.
    if order_array.dtype.kind not in "iu" or sorted(order_array.tolist()) != list(range(X.shape[0])):
        raise ValueError(f"order must be a permutation of 0..{X.shape[0] - 1}, got {quote(order)} (integers only)")
    return X[order_array, :]  # (n, d)


@dataclass(frozen=True, eq=False)
class PermutationCheck:
    """f(X) and f(X reordered), and whether the second is just the first reordered (arrays read-only)."""

    order: tuple[int, ...]
    output: np.ndarray
    permuted_output: np.ndarray
    reordered_output: np.ndarray
    max_difference: float
    equivariant: bool


def check_permutation(
    f: Callable[[np.ndarray], np.ndarray], X: np.ndarray, order: Sequence[int], tolerance: float = 1e-9
) -> PermutationCheck:
    """Compare f(permute_rows(X, order)) with permute_rows(f(X), order).

    Shapes: X (n, d); f maps (n, d) -> (n, d_out). `equivariant` is True when the largest difference is at
    most `tolerance`: then reordering the tokens only reorders the output rows.
    """
    if not callable(f):
        raise ValueError(f"f must be a function of X, got {quote(f)}")
    tolerance = as_number("tolerance", tolerance, inclusive=True)
    output = as_matrix("f(X)", f(X))
    permuted_output = as_matrix("f(permuted X)", f(permute_rows(X, order)))
    reordered = permute_rows(output, order)
    if permuted_output.shape != reordered.shape:
        raise ValueError(f"f(X) has shape {reordered.shape} but f(permuted X) has shape {permuted_output.shape}")
    with float64_range("the difference f(permuted X) - permuted f(X)", permuted_output, reordered):
        difference = float(np.abs(permuted_output - reordered).max())
    return PermutationCheck(tuple(int(i) for i in order), frozen(output), frozen(permuted_output),
                            frozen(reordered), difference, difference <= tolerance)


def attention_without_positions(
    W_q: np.ndarray, W_k: np.ndarray, W_v: np.ndarray, P: np.ndarray | None = None
) -> Callable[[np.ndarray], np.ndarray]:
    """Return f(X) = output of one unmasked head on X (or on X + P[:n], if a position table P is given).

    Shapes: X (n, d_model) -> (n, d_v). Use with check_permutation; a causal mask would itself depend
    on positions, so none is used here.
    """
    def attend(X: np.ndarray) -> np.ndarray:
        rows = X if P is None else add_positions(X, P)
        return scaled_dot_product_attention(*project(rows, W_q, W_k, W_v)).output  # (n, d_v)

    return attend


def relative_position_indices(n: int, clip: int) -> np.ndarray:
    """Return the clipped distances clip(j - i, -clip, clip) for query i and key j (Shaw et al. 2018).

    Shapes: -> (n, n) integers in [-clip, clip]; add clip to index a table of 2 clip + 1 rows.
    """
    n, clip = as_count("n", n, limit="MAX_TOKENS"), as_count("clip", clip, minimum=0, limit="MAX_TOKENS")
    offsets = np.arange(n)[None, :] - np.arange(n)[:, None]  # (1, n) - (n, 1) -> (n, n), j - i
    distances: np.ndarray = np.clip(offsets, -clip, clip)  # (n, n)
    return distances


@dataclass(frozen=True, eq=False)
class RelativeAttentionResult:
    """Every step of attention with relative positions (arrays read-only).

    Q, K (n, d_k), V (n, d_v); distances (n, n) clipped j - i; a_K (2k+1, d_k), a_V (2k+1, d_v);
    scores Q (K + a^K)^T (n, n) before scaling; scaled = scale * scores, Shaw et al.'s e and the pages' S; masked;
    weights (n, n); output (n, d_v).
    """

    Q: np.ndarray
    K: np.ndarray
    V: np.ndarray
    distances: np.ndarray
    a_K: np.ndarray
    a_V: np.ndarray
    scores: np.ndarray
    scale: float
    scaled: np.ndarray
    masked: np.ndarray
    weights: np.ndarray
    output: np.ndarray


def _check_tables(a_K: object, a_V: object, clip: int, d_k: int, d_v: int) -> tuple[np.ndarray, np.ndarray]:
    """Return a_K (2k+1, d_k) and a_V (2k+1, d_v), or raise ValueError naming the sizes."""
    a_K = as_matrix("a_K", a_K, "(2k+1, d_k)", rows=None)
    a_V = as_matrix("a_V", a_V, "(2k+1, d_v)", rows=None)
    for name, table, width in (("a_K", a_K, d_k), ("a_V", a_V, d_v)):
        if table.shape != (2 * clip + 1, width):
            raise ValueError(
                f"{name} must have 2k+1={2 * clip + 1} rows and {width} columns for clip k={clip}, "
                f"got shape {table.shape}"
            )
    return a_K, a_V


def relative_position_attention(
    X: np.ndarray, W_q: np.ndarray, W_k: np.ndarray, W_v: np.ndarray, a_K: np.ndarray, a_V: np.ndarray,
    clip: int, mask: np.ndarray | None = None, scale: float | None = None,
) -> RelativeAttentionResult:
    """Return self-attention with relative position representations (Shaw, Uszkoreit and Vaswani 2018).

    e_ij = x_i W_q (x_j W_k + a^K_ij)^T * scale, alpha = softmax_j(e), z_i = sum_j alpha_ij (x_j W_v + a^V_ij),
    where a^K_ij = a_K[clip(j - i, -k, k) + k], likewise a^V. Shapes: X (n, d_model), W_q and W_k
    (d_model, d_k), W_v (d_model, d_v), a_K (2k+1, d_k), a_V (2k+1, d_v), mask (n, n) or None
    -> weights (n, n), output (n, d_v). Scale defaults to 1/sqrt(d_k).
    """
    Q, K, V = project(X, W_q, W_k, W_v)  # (n, d_k), (n, d_k), (n, d_v)
    n, d_k, d_v = Q.shape[0], Q.shape[1], V.shape[1]
    clip = as_count("clip", clip, minimum=0, limit="MAX_TOKENS")
    a_K, a_V = _check_tables(a_K, a_V, clip, d_k, d_v)
    # Gathering a_K and a_V for every (i, j) pair builds (n, n, d_k) and (n, n, d_v) arrays.
    at_most("the entries of the gathered tables (n x n x (d_k + d_v))", n * n * (d_k + d_v), "MAX_ENTRIES")
    distances = relative_position_indices(n, clip)  # (n, n)
    A_K, A_V = a_K[distances + clip], a_V[distances + clip]  # (n, n, d_k), (n, n, d_v)
    scale = as_scale(scale, d_k)
    scores = "the scores e = scale * Q (K + a^K)^T"
    with float64_range(scores, Q, K, a_K, np.float64(scale)):  # einsum sets no overflow flag: finite_result does
        S = Q @ K.T  # (n, d_k) x (d_k, n) -> (n, n)
        S_relative = np.einsum("id,ijd->ij", Q, A_K)  # (n, d_k) . (n, n, d_k) -> (n, n)
        S = S + finite_result(scores, S_relative, Q, a_K)  # (n, n)
        scaled = S * scale  # (n, n)
    M = scaled if mask is None else apply_mask(scaled, check_mask(mask, n, n))  # (n, n)
    weights = softmax(M)  # (n, n)
    output = "the output z = A (V + a^V)"
    with float64_range(output, V, a_V):
        Z = weights @ V  # (n, n) x (n, d_v) -> (n, d_v)
        Z_relative = np.einsum("ij,ijd->id", weights, A_V)  # (n, n) . (n, n, d_v) -> (n, d_v)
        Z = Z + finite_result(output, Z_relative, a_V)  # (n, d_v)
    return RelativeAttentionResult(
        Q=frozen(Q), K=frozen(K), V=frozen(V), distances=frozen(distances), a_K=frozen(a_K), a_V=frozen(a_V),
        scores=frozen(S), scale=scale, scaled=frozen(scaled), masked=frozen(M), weights=frozen(weights),
        output=frozen(Z),
    )
