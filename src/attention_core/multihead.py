"""Multi-head attention: several heads side by side, concatenated, mapped back by W_O, plus the residual.

Vaswani et al. 2017: MultiHead(X) = Concat(head_1, ..., head_h) W_O,
with head_i = Attention(X W_q_i, X W_k_i, X W_v_i).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ._checks import as_matrix, at_most, float64_range, frozen, quote
from .attention import AttentionResult, project, scaled_dot_product_attention

__all__ = ["MultiHeadResult", "multi_head_attention"]


@dataclass(frozen=True, eq=False)
class MultiHeadResult:
    """Every step of multi-head attention (arrays read-only).

    X (n, d_model); heads: one AttentionResult per head; concat (n, h*d_v); W_o (h*d_v, d_model);
    output U = concat W_O (n, d_model); residual X + U (n, d_model).
    """

    X: np.ndarray
    heads: tuple[AttentionResult, ...]
    concat: np.ndarray
    W_o: np.ndarray
    output: np.ndarray
    residual: np.ndarray

    @property
    def U(self) -> np.ndarray:
        """The multi-head output U = concat W_O, shape (n, d_model)."""
        return self.output

    @property
    def h(self) -> int:
        """The number of heads."""
        return len(self.heads)


def _check_heads(W_q: Sequence[object], W_k: Sequence[object], W_v: Sequence[object]) -> int:
    """Return the number of heads h after checking that every list holds one matrix per head."""
    for name, weights in (("W_q", W_q), ("W_k", W_k), ("W_v", W_v)):
        if isinstance(weights, str) or not hasattr(weights, "__len__") or not hasattr(weights, "__getitem__"):
            raise ValueError(f"{name} must be a sequence of one matrix per head, got {quote(weights)}")
    counts = {"W_q": len(W_q), "W_k": len(W_k), "W_v": len(W_v)}
    if len(set(counts.values())) != 1:
        raise ValueError("W_q, W_k and W_v need one matrix per head, got " + ", ".join(
            f"{name}: {count}" for name, count in counts.items()))
    if counts["W_q"] == 0:
        raise ValueError("multi-head attention needs at least one head, got h=0")
    return at_most("the number of heads h", counts["W_q"], "MAX_HEADS")


def _check_output_projection(W_o: object, width: int, d_model: int) -> np.ndarray:
    """Return W_O as a (h*d_v, d_model) matrix, or raise ValueError naming the sizes that differ."""
    W_o = as_matrix("W_o", W_o, "(h*d_v, d_model)", rows=None)
    if W_o.shape[0] != width:
        raise ValueError(f"the concatenated heads have {width} columns but W_o has {W_o.shape[0]} rows")
    if W_o.shape[1] != d_model:
        raise ValueError(
            f"W_o has {W_o.shape[1]} columns but X has d_model={d_model}; the residual X + U needs them equal"
        )
    return W_o


def multi_head_attention(
    X: np.ndarray,
    W_q: Sequence[np.ndarray],
    W_k: Sequence[np.ndarray],
    W_v: Sequence[np.ndarray],
    W_o: np.ndarray,
    mask: np.ndarray | None = None,
    scale: float | None = None,
) -> MultiHeadResult:
    """Return h heads of attention on X, their concatenation, U = concat W_O and the residual X + U.

    Shapes: X (n, d_model); W_q[i], W_k[i] (d_model, d_k); W_v[i] (d_model, d_v) for each of h heads;
    W_o (h*d_v, d_model); mask (n, n) boolean or None -> MultiHeadResult (concat (n, h*d_v), U (n, d_model)).
    """
    h = _check_heads(W_q, W_k, W_v)
    X = as_matrix("X", X, "(n, d_model)")
    n = X.shape[0]
    at_most(f"the scores of all h={h} heads (h x n x n)", h * n * n, "MAX_ENTRIES")  # each head keeps S, M and A
    heads, width = [], 0
    for i in range(h):
        Q, K, V = project(X, W_q[i], W_k[i], W_v[i])  # (n, d_k), (n, d_k), (n, d_v)
        width += V.shape[1]
        at_most("the entries of the concatenated heads (n x h*d_v)", n * width, "MAX_ENTRIES")
        heads.append(scaled_dot_product_attention(Q, K, V, mask=mask, scale=scale))
    concat = np.concatenate([head.output for head in heads], axis=1)  # h x (n, d_v) -> (n, h*d_v)
    W_o = _check_output_projection(W_o, concat.shape[1], X.shape[1])
    with float64_range("U = concat W_O, or the residual X + U", concat, W_o, X):
        U = concat @ W_o  # (n, h*d_v) x (h*d_v, d_model) -> (n, d_model)
        residual = X + U  # (n, d_model)
    return MultiHeadResult(
        X=frozen(X), heads=tuple(heads), concat=frozen(concat), W_o=frozen(W_o),
        output=frozen(U), residual=frozen(residual),
    )
