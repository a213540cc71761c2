"""Query heads sharing key/value heads: multi-head, grouped-query and multi-query attention.

h query heads and g K/V heads, g dividing h: query head r (counted from 0) reads K/V head r // (h / g), so
consecutive query heads form a group (Ainslie et al. 2023). g = h is multi-head attention (Vaswani et al.
2017); g = 1 is multi-query attention (Shazeer 2019).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_matrix, frozen, quote
from .attention import AttentionResult, scaled_dot_product_attention
from .kv_memory import attention_kind

__all__ = ["GroupedQueryResult", "grouped_query_attention", "kv_head_of"]


def kv_head_of(query_heads: int, kv_heads: int) -> tuple[int, ...]:
    """Return, for each query head r = 0 .. h-1, the K/V head it reads: r // (h / g)."""
    attention_kind(query_heads, kv_heads)  # checks that g divides h
    group = query_heads // kv_heads
    return tuple(r // group for r in range(query_heads))


@dataclass(frozen=True, eq=False)
class GroupedQueryResult:
    """Every query head's attention, the K/V heads they read, and the cached K and V (arrays read-only).

    heads: one AttentionResult per query head; kv_head_of (h,); K, V: one (n, d_k) and one (n, d_v) per K/V head.
    """

    heads: tuple[AttentionResult, ...]
    kv_head_of: tuple[int, ...]
    K: tuple[np.ndarray, ...]
    V: tuple[np.ndarray, ...]

    @property
    def kind(self) -> str:
        """multi-head, grouped-query or multi-query."""
        return attention_kind(len(self.heads), len(self.K))

    @property
    def readers(self) -> np.ndarray:
        """How many query heads read each K/V head, (g,): h / g each, as the groups are equal."""
        return frozen(np.bincount(self.kv_head_of, minlength=len(self.K)))  # (h,) -> (g,)


def _matrices(name: str, weights: Sequence[object], shape_names: str) -> list[np.ndarray]:
    """Return one checked matrix per head, or raise ValueError."""
    if isinstance(weights, str) or not hasattr(weights, "__len__") or len(weights) == 0:
        raise ValueError(f"{name} must be a non-empty sequence of one matrix per head, got {quote(weights)}")
    return [as_matrix(f"{name}[{r}]", w, shape_names, rows="MAX_WIDTH") for r, w in enumerate(weights)]


def grouped_query_attention(
    X: np.ndarray, W_q: Sequence[np.ndarray], W_k: Sequence[np.ndarray], W_v: Sequence[np.ndarray],
    mask: np.ndarray | None = None, scale: float | None = None,
) -> GroupedQueryResult:
    """Return attention of h query heads over g shared K/V heads.

    Shapes: X (n, d_model); W_q h matrices (d_model, d_k); W_k g matrices (d_model, d_k); W_v g matrices
    (d_model, d_v); g must divide h -> h AttentionResults with weights (n, n) and outputs (n, d_v).
    """
    X = as_matrix("X", X, "(n, d_model)")
    W_q, W_k = _matrices("W_q", W_q, "(d_model, d_k)"), _matrices("W_k", W_k, "(d_model, d_k)")
    W_v = _matrices("W_v", W_v, "(d_model, d_v)")
    if len(W_k) != len(W_v):
        raise ValueError(f"each K/V head needs a W_k and a W_v, got {len(W_k)} W_k and {len(W_v)} W_v")
    as_count("the number of query heads h", len(W_q), limit="MAX_HEADS")
    owner = kv_head_of(len(W_q), len(W_k))
    for name, W in (("W_q", W_q), ("W_k", W_k), ("W_v", W_v)):
        for r, w in enumerate(W):
            if w.shape[0] != X.shape[1]:
                raise ValueError(f"X has d_model={X.shape[1]} but {name}[{r}] has {w.shape[0]} rows")
    K = [X @ w for w in W_k]  # g x ((n, d_model) x (d_model, d_k) -> (n, d_k))
    V = [X @ w for w in W_v]  # g x ((n, d_model) x (d_model, d_v) -> (n, d_v))
    heads = tuple(
        scaled_dot_product_attention(X @ w, K[owner[r]], V[owner[r]], mask=mask, scale=scale)  # (n, d_k) -> (n, d_v)
        for r, w in enumerate(W_q)
    )
    return GroupedQueryResult(heads, owner, tuple(frozen(k) for k in K), tuple(frozen(v) for v in V))
