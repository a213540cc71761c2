"""Scaled dot-product attention, one head: scores, scaling, mask, softmax, weighted sum of values.

Vaswani et al. 2017: Attention(Q, K, V) = softmax(Q K^T / sqrt(d_k)) V.
Shapes throughout the package: n tokens (rows), d_model wide inputs, d_k wide queries and keys,
d_v wide values, h heads.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_generator, as_matrix, as_scale, at_most, check_mask, float64_range, frozen
from .softmax import apply_mask, softmax

__all__ = [
    "AttentionResult",
    "attention_shapes",
    "project",
    "scaled_dot_product_attention",
    "score_spread",
]


def project(
    X: np.ndarray, W_q: np.ndarray, W_k: np.ndarray, W_v: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return Q, K, V = X W_q, X W_k, X W_v: the query, key and value rows of every token.

    Shapes: X (n, d_model), W_q and W_k (d_model, d_k), W_v (d_model, d_v) -> Q, K (n, d_k), V (n, d_v).
    """
    X = as_matrix("X", X, "(n, d_model)")
    weights = {"W_q": W_q, "W_k": W_k, "W_v": W_v}
    checked = {name: as_matrix(name, W, "(d_model, width)", rows="MAX_WIDTH") for name, W in weights.items()}
    for name, W in checked.items():
        if W.shape[0] != X.shape[1]:
            raise ValueError(f"X has d_model={X.shape[1]} but {name} has {W.shape[0]} rows")
    if checked["W_q"].shape[1] != checked["W_k"].shape[1]:
        d_q, d_k = checked["W_q"].shape[1], checked["W_k"].shape[1]
        raise ValueError(f"W_q gives d_k={d_q} but W_k gives d_k={d_k}; queries and keys need one width")
    with float64_range("Q, K, V = X W_q, X W_k, X W_v", X, *checked.values()):
        Q = X @ checked["W_q"]  # (n, d_model) x (d_model, d_k) -> (n, d_k)
        K = X @ checked["W_k"]  # (n, d_model) x (d_model, d_k) -> (n, d_k)
        V = X @ checked["W_v"]  # (n, d_model) x (d_model, d_v) -> (n, d_v)
    return Q, K, V


@dataclass(frozen=True, eq=False)
class AttentionResult:
    """Every step of one attention head, named as the pages name them (all arrays read-only).

    Q (n, d_k), K (m, d_k), V (m, d_v); raw scores Q K^T (n, m); scaled S = scale * Q K^T, the pages' S;
    masked M (-inf where the mask forbids); weights A = softmax(M) (n, m); output O = A V (n, d_v). For
    self-attention m = n.
    """

    Q: np.ndarray
    K: np.ndarray
    V: np.ndarray
    scores: np.ndarray
    scale: float
    scaled: np.ndarray
    masked: np.ndarray
    weights: np.ndarray
    output: np.ndarray
    mask: np.ndarray | None

    @property
    def S(self) -> np.ndarray:
        """The scores as the pages name them, S = scale * Q K^T (scale = 1 / sqrt(d_k) unless given), shape (n, m)."""
        return self.scaled

    @property
    def M(self) -> np.ndarray:
        """The scaled, masked scores M, shape (n, m)."""
        return self.masked

    @property
    def A(self) -> np.ndarray:
        """The attention weights A, shape (n, m); each row sums to 1."""
        return self.weights

    @property
    def O(self) -> np.ndarray:  # noqa: E743 (the pages call the output O)
        """The output O = A V, shape (n, d_v)."""
        return self.output

    @property
    def n(self) -> int:
        """The number of query rows."""
        return int(self.Q.shape[0])

    @property
    def d_k(self) -> int:
        """The width of queries and keys."""
        return int(self.Q.shape[1])

    @property
    def d_v(self) -> int:
        """The width of values and outputs."""
        return int(self.V.shape[1])


def _check_attention_inputs(Q: object, K: object, V: object) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return Q, K, V as float64 matrices whose sizes fit together, or raise ValueError naming them."""
    Q = as_matrix("Q", Q, "(n, d_k)")
    K = as_matrix("K", K, "(m, d_k)")
    V = as_matrix("V", V, "(m, d_v)")
    if Q.shape[1] != K.shape[1]:
        raise ValueError(f"Q has d_k={Q.shape[1]} but K has d_k={K.shape[1]}")
    if K.shape[0] != V.shape[0]:
        raise ValueError(f"K has m={K.shape[0]} rows but V has m={V.shape[0]} rows; each key needs one value")
    return Q, K, V


def scaled_dot_product_attention(
    Q: np.ndarray,
    K: np.ndarray,
    V: np.ndarray,
    mask: np.ndarray | None = None,
    scale: float | None = None,
) -> AttentionResult:
    """Return softmax(scale * Q K^T, masked) V with every intermediate step (Vaswani et al. 2017).

    Shapes: Q (n, d_k), K (m, d_k), V (m, d_v), mask (n, m) boolean, True where query i may use key j
    -> AttentionResult with S, M, A (n, m) and O (n, d_v). `scale` defaults to 1/sqrt(d_k); pass 1.0
    for no scaling, as the lesson does. Mismatched sizes, NaN, a query with no permitted key, more than
    MAX_TOKENS rows or MAX_WIDTH columns, and scores beyond float64 raise ValueError.
    """
    Q, K, V = _check_attention_inputs(Q, K, V)
    n, m = Q.shape[0], K.shape[0]
    checked_mask = None if mask is None else check_mask(mask, n, m)
    scale = as_scale(scale, Q.shape[1])
    with float64_range("the scores S = scale * Q K^T", Q, K, np.float64(scale)):
        S = Q @ K.T  # (n, d_k) x (d_k, m) -> (n, m)
        scaled = S * scale  # (n, m)
    M = scaled if checked_mask is None else apply_mask(scaled, checked_mask)  # (n, m)
    A = softmax(M, axis=-1)  # (n, m)
    with float64_range("the output O = A V", V):
        O = A @ V  # (n, m) x (m, d_v) -> (n, d_v)  # noqa: E741
    return AttentionResult(
        Q=frozen(Q), K=frozen(K), V=frozen(V), scores=frozen(S), scale=scale, scaled=frozen(scaled),
        masked=frozen(M), weights=frozen(A), output=frozen(O),
        mask=None if checked_mask is None else frozen(checked_mask),
    )


def attention_shapes(n: int, d_k: int, d_v: int, d_model: int | None = None) -> dict[str, tuple[int, int]]:
    """Return the shape of every array of one head: X, Q, K, V, S, M, A, O (X only if d_model is given)."""
    n, d_k, d_v = as_count("n", n, limit="MAX_TOKENS"), as_count("d_k", d_k, limit="MAX_WIDTH"), \
        as_count("d_v", d_v, limit="MAX_WIDTH")
    shapes = {"Q": (n, d_k), "K": (n, d_k), "V": (n, d_v)}
    shapes |= {"S": (n, n), "M": (n, n), "A": (n, n), "O": (n, d_v)}
    if d_model is not None:
        shapes = {"X": (n, as_count("d_model", d_model, limit="MAX_WIDTH")), **shapes}
    return shapes


def score_spread(rng: np.random.Generator, d_k: int, samples: int = 10_000) -> tuple[float, float]:
    """Return the standard deviation of q.k and of q.k / sqrt(d_k) for random unit-variance q and k.

    Draws `samples` pairs of d_k wide vectors with independent standard normal entries; the raw spread
    grows like sqrt(d_k), which is why scores are divided by sqrt(d_k) (Vaswani et al. 2017).
    """
    rng = as_generator(rng)
    d_k, samples = as_count("d_k", d_k, limit="MAX_WIDTH"), as_count("samples", samples, minimum=2)
    at_most("samples x d_k, the entries of q (and of k),", samples * d_k, "MAX_ENTRIES")
    q = rng.standard_normal((samples, d_k))  # (samples, d_k)
    k = rng.standard_normal((samples, d_k))  # (samples, d_k)
    dots = np.einsum("sd,sd->s", q, k)  # (samples, d_k) . (samples, d_k) -> (samples,)
    raw = float(dots.std())
    return raw, raw / float(np.sqrt(d_k))
