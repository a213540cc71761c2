"""Generation, one token at a time, with a cache of keys and values.

In training, the causal mask lets every query row run at once. In generation the newest token's row
only exists after the previous step chose it, so steps run in order. Earlier key and value rows never
change, so they are kept in a cache and each step appends one key row and one value row, then scores
only the newest query against the cached keys.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_matrix, as_real, at_most, frozen
from .attention import project, scaled_dot_product_attention

__all__ = ["DecodeStep", "KVCache", "ScoreCounts", "decode_with_cache", "decoded_outputs", "score_counts"]


@dataclass(frozen=True, eq=False)
class KVCache:
    """The cached key rows K (t, d_k) and value rows V (t, d_v) of the first t tokens (read-only).

    Immutable: `append` returns a new cache one row longer and leaves this one as it was.
    """

    K: np.ndarray
    V: np.ndarray

    @classmethod
    def empty(cls, d_k: int, d_v: int) -> KVCache:
        """Return a cache with no rows yet: K (0, d_k), V (0, d_v)."""
        d_k, d_v = as_count("d_k", d_k, limit="MAX_WIDTH"), as_count("d_v", d_v, limit="MAX_WIDTH")
        return cls(frozen(np.zeros((0, d_k))), frozen(np.zeros((0, d_v))))

    def append(self, k: np.ndarray, v: np.ndarray) -> KVCache:
        """Return a new cache with key row k (d_k,) and value row v (d_v,) added at the end."""
        k, v = as_real("the key row k", k), as_real("the value row v", v)
        if k.shape != (self.K.shape[1],) or v.shape != (self.V.shape[1],):
            raise ValueError(
                f"the cache holds keys of width d_k={self.K.shape[1]} and values of width d_v={self.V.shape[1]}, "
                f"got a key of shape {k.shape} and a value of shape {v.shape}"
            )
        if not (np.isfinite(k).all() and np.isfinite(v).all()):
            raise ValueError("the key row k and the value row v must be finite, got a NaN or an infinity")
        at_most("the number of cached tokens", self.length + 1, "MAX_TOKENS")
        K = np.vstack([self.K, k])  # (t, d_k) + (1, d_k) -> (t+1, d_k)
        V = np.vstack([self.V, v])  # (t, d_v) + (1, d_v) -> (t+1, d_v)
        return KVCache(frozen(K), frozen(V))

    @property
    def length(self) -> int:
        """The number of cached tokens t."""
        return int(self.K.shape[0])


@dataclass(frozen=True, eq=False)
class DecodeStep:
    """One generation step t (1-based): the newest query, the cache after appending, its weights and output."""

    step: int
    query: np.ndarray
    cache: KVCache
    scores: np.ndarray
    weights: np.ndarray
    output: np.ndarray

    @property
    def keys_cached(self) -> int:
        """How many key rows the newest query is scored against: t."""
        return self.cache.length


def decode_with_cache(
    X: np.ndarray, W_q: np.ndarray, W_k: np.ndarray, W_v: np.ndarray, scale: float | None = None
) -> tuple[DecodeStep, ...]:
    """Return one record per step when the rows of X arrive one at a time, using a KV cache.

    Step t projects only row t, appends its key and value to the cache and attends from its query to
    the t cached keys; no mask is needed because the cache holds no future rows. The output of step t
    equals row t of full causal attention. Shapes: X (n, d_model), W_q and W_k (d_model, d_k),
    W_v (d_model, d_v) -> n steps with scores (the scaled q K^T / sqrt(d_k)) and weights (t,), output (d_v,).
    """
    X = as_matrix("X", X, "(n, d_model)")
    W_k = as_matrix("W_k", W_k, "(d_model, d_k)", rows="MAX_WIDTH")
    W_v = as_matrix("W_v", W_v, "(d_model, d_v)", rows="MAX_WIDTH")
    n, width = X.shape[0], W_k.shape[1] + W_v.shape[1]  # every step keeps its own cache of t rows
    at_most("the cached entries kept by all steps (n(n+1)/2 x (d_k + d_v))", n * (n + 1) // 2 * width, "MAX_ENTRIES")
    cache = KVCache.empty(W_k.shape[1], W_v.shape[1])
    steps = []
    for t in range(X.shape[0]):
        q, k, v = project(X[t : t + 1], W_q, W_k, W_v)  # only the newest row: (1, d_k), (1, d_k), (1, d_v)
        cache = cache.append(k[0], v[0])  # one new key row and one new value row
        result = scaled_dot_product_attention(q, cache.K, cache.V, scale=scale)  # (1, d_k) x (d_k, t+1) -> (1, t+1)
        steps.append(DecodeStep(t + 1, frozen(q[0]), cache, result.scaled[0], result.weights[0], result.output[0]))
    return tuple(steps)


def decoded_outputs(steps: tuple[DecodeStep, ...]) -> np.ndarray:
    """Return the outputs of all steps stacked: n x (d_v,) -> (n, d_v)."""
    if len(steps) == 0 or not all(isinstance(step, DecodeStep) for step in steps):
        raise ValueError("decoded_outputs needs the steps that decode_with_cache returns (at least one)")
    return np.stack([step.output for step in steps])  # (n, d_v)


@dataclass(frozen=True)
class ScoreCounts:
    """Score entries computed at each generation step, and in total, with and without a KV cache."""

    n: int
    with_cache: tuple[int, ...]
    without_cache: tuple[int, ...]

    @property
    def total_with_cache(self) -> int:
        """n(n+1)/2: one new query scored against t keys at step t."""
        return sum(self.with_cache)

    @property
    def total_without_cache(self) -> int:
        """n(n+1)(2n+1)/6: the whole t x t score matrix rebuilt at every step t."""
        return sum(self.without_cache)


def score_counts(n: int) -> ScoreCounts:
    """Return score entries per step for generating n tokens, with and without a KV cache.

    With the cache, step t scores one query against t keys: t entries, n(n+1)/2 in total. Without it,
    step t recomputes full causal attention over the t tokens so far, and we count the whole t x t score
    matrix as a plain implementation builds it (masked entries included): t^2 entries, n(n+1)(2n+1)/6
    in total.
    """
    n = as_count("n", n, limit="MAX_COUNTED_TOKENS")
    steps = range(1, n + 1)
    return ScoreCounts(n, tuple(steps), tuple(t * t for t in steps))
