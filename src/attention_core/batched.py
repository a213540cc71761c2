"""Batched multi-head attention in one expression, as libraries write it: shapes (B, h, n, d_head).

B sequences of n tokens each, d_model wide, h heads of d_head = d_model / h. The projections are full width,
W_q, W_k, W_v (d_model, d_model), their columns grouped head by head, so head i owns columns
i*d_head .. (i+1)*d_head - 1: the same numbers as h separate (d_model, d_head) matrices (Vaswani et al. 2017).
Heads are split by a reshape (B, n, d_model) -> (B, n, h, d_head) and a transpose -> (B, h, n, d_head), and
merged back by the inverse. This site writes x W; nn.Linear stores W^T, (out, in), and computes x W^T + b.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_real, at_most, check_mask, float64_range, frozen
from .multihead import multi_head_attention
from .softmax import softmax

__all__ = ["BatchedResult", "batched_attention", "linear", "merge_heads", "per_head_attention", "split_heads"]


def _as_batch(X: object) -> np.ndarray:
    """Return X as a finite (B, n, d_model) float64 array, or raise ValueError naming its shape."""
    X = as_real("X", X)
    if X.ndim != 3 or 0 in X.shape:
        raise ValueError(f"X must be a non-empty (B, n, d_model) array, got shape {X.shape}")
    if not np.all(np.isfinite(X)):
        raise ValueError("X must be finite")
    at_most("the entries of X (B x n x d_model)", X.size, "MAX_ENTRIES")
    return X


def split_heads(X: np.ndarray, h: int) -> np.ndarray:
    """Return the heads of X side by side on axis 1. Shapes: (B, n, d_model) -> (B, h, n, d_model / h)."""
    X = _as_batch(X)
    h = as_count("h", h, limit="MAX_HEADS")
    B, n, d_model = X.shape
    if d_model % h:
        raise ValueError(f"d_model={d_model} cannot be split into h={h} heads of equal width")
    return X.reshape(B, n, h, d_model // h).transpose(0, 2, 1, 3)  # (B, n, h, d_head) -> (B, h, n, d_head)


def merge_heads(Y: np.ndarray) -> np.ndarray:
    """Return the heads placed side by side again. Shapes: (B, h, n, d_head) -> (B, n, h * d_head)."""
    Y = as_real("Y", Y)
    if Y.ndim != 4:
        raise ValueError(f"Y must be a (B, h, n, d_head) array, got shape {Y.shape}")
    B, h, n, d_head = Y.shape
    return Y.transpose(0, 2, 1, 3).reshape(B, n, h * d_head)  # (B, n, h, d_head) -> (B, n, d_model)


def linear(x: np.ndarray, weight: np.ndarray, bias: np.ndarray | None = None) -> np.ndarray:
    """Return x W^T + b, the convention of nn.Linear: weight stored (out, in). Shapes: (..., in) -> (..., out)."""
    x, weight = as_real("x", x), as_real("weight", weight)
    if weight.ndim != 2 or x.shape[-1] != weight.shape[1]:
        raise ValueError(f"weight must be (out, in) with in={x.shape[-1]}, got shape {weight.shape}")
    y: np.ndarray = x @ weight.T  # (..., in) x (in, out) -> (..., out)
    if bias is None:
        return y
    bias = as_real("bias", bias)
    if bias.shape != (weight.shape[0],):
        raise ValueError(f"bias must be (out,) = ({weight.shape[0]},), got shape {bias.shape}")
    biased: np.ndarray = y + bias  # (..., out) + (out,)
    return biased


@dataclass(frozen=True, eq=False)
class BatchedResult:
    """Every array of batched multi-head attention (read-only).

    Q, K, V, heads (B, h, n, d_head); scores, the scaled S = Q K^T / sqrt(d_head), and weights (B, h, n, n);
    concat and U (B, n, d_model).
    """

    Q: np.ndarray
    K: np.ndarray
    V: np.ndarray
    scores: np.ndarray
    weights: np.ndarray
    heads: np.ndarray
    concat: np.ndarray
    U: np.ndarray


def _check_projections(d_model: int, h: int, **weights: np.ndarray) -> None:
    """Raise ValueError unless every projection is (d_model, d_model) and d_model splits into h equal heads."""
    h = as_count("h", h, limit="MAX_HEADS")
    for name, W in weights.items():
        if np.shape(W) != (d_model, d_model):
            raise ValueError(f"{name} must be (d_model, d_model) = ({d_model}, {d_model}), got {np.shape(W)}")
    if d_model % h:
        raise ValueError(f"d_model={d_model} cannot be split into h={h} heads of equal width")


def batched_attention(
    X: np.ndarray, W_q: np.ndarray, W_k: np.ndarray, W_v: np.ndarray, W_o: np.ndarray, h: int,
    mask: np.ndarray | None = None,
) -> BatchedResult:
    """Return multi-head attention of a whole batch at once, scores divided by sqrt(d_head).

    Shapes: X (B, n, d_model); W_q, W_k, W_v, W_o (d_model, d_model); mask (n, n) boolean or None, the same for
    every sequence and head -> BatchedResult (U (B, n, d_model)).
    """
    X = _as_batch(X)
    _, n, d_model = X.shape  # (B, n, d_model)
    _check_projections(d_model, h, W_q=W_q, W_k=W_k, W_v=W_v, W_o=W_o)
    mask = None if mask is None else check_mask(mask, n, n)
    with float64_range("batched multi-head attention", X, W_q, W_k, W_v, W_o):
        Q = split_heads(X @ W_q, h)  # (B, n, d_model) x (d_model, d_model) -> (B, h, n, d_head)
        K = split_heads(X @ W_k, h)  # (B, h, n, d_head)
        V = split_heads(X @ W_v, h)  # (B, h, n, d_head)
        S = Q @ K.transpose(0, 1, 3, 2)  # (B, h, n, d_head) x (B, h, d_head, n) -> (B, h, n, n)
        S = S / np.sqrt(Q.shape[-1])  # (B, h, n, n)
        M = S if mask is None else np.where(mask, S, -np.inf)  # (n, n) broadcast over (B, h)
        A = softmax(M, axis=-1)  # (B, h, n, n)
        heads = A @ V  # (B, h, n, n) x (B, h, n, d_head) -> (B, h, n, d_head)
        concat = merge_heads(heads)  # (B, n, d_model)
        U = concat @ W_o  # (B, n, d_model) x (d_model, d_model) -> (B, n, d_model)
    return BatchedResult(*(frozen(a) for a in (Q, K, V, S, A, heads, concat, U)))


def per_head_attention(
    X: np.ndarray, W_q: np.ndarray, W_k: np.ndarray, W_v: np.ndarray, W_o: np.ndarray, h: int,
    mask: np.ndarray | None = None,
) -> np.ndarray:
    """Return U as the rest of the site computes it: one sequence and one head at a time.

    The full-width projections are cut into h column blocks of d_head, and `multi_head_attention` runs on each
    sequence of the batch. Shapes as in `batched_attention` -> U (B, n, d_model).
    """
    X = _as_batch(X)
    _check_projections(X.shape[2], h, W_q=W_q, W_k=W_k, W_v=W_v, W_o=W_o)
    d_head = X.shape[2] // h
    blocks = [slice(i * d_head, (i + 1) * d_head) for i in range(h)]
    W = {name: [np.asarray(M)[:, cols] for cols in blocks] for name, M in (("q", W_q), ("k", W_k), ("v", W_v))}
    return np.stack([multi_head_attention(x, W["q"], W["k"], W["v"], W_o, mask=mask).output for x in X])
