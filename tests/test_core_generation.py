"""Generation with a KV cache: the same outputs as full causal attention, with fewer scores."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import (
    KVCache,
    causal_mask,
    decode_with_cache,
    decoded_outputs,
    project,
    scaled_dot_product_attention,
    score_counts,
)
from attention_core.examples.kv_cache import KV_CACHE


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 7), st.integers(1, 4), st.integers(1, 3),
       st.sampled_from([None, 1.0, 0.5]))
def test_cache_equals_full_recompute(seed, n, d_k, d_v, scale) -> None:
    """Assert every step's output equals that row of full causal attention, and the cache grows by one row."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 3))
    W_q, W_k, W_v = rng.normal(size=(3, d_k)), rng.normal(size=(3, d_k)), rng.normal(size=(3, d_v))
    steps = decode_with_cache(X, W_q, W_k, W_v, scale=scale)
    full = scaled_dot_product_attention(*project(X, W_q, W_k, W_v), mask=causal_mask(n), scale=scale)
    np.testing.assert_allclose(decoded_outputs(steps), full.output, rtol=0, atol=1e-12)
    for t, step in enumerate(steps, start=1):
        assert step.step == t and step.keys_cached == t and step.weights.shape == (t,)
        np.testing.assert_allclose(step.weights, full.weights[t - 1, :t], rtol=0, atol=1e-12)


def test_red_ball_rolls_generated_one_token_at_a_time() -> None:
    """Assert the steps of red ball rolls: weights (1), (1/2,1/2), (1/4,1/2,1/4); the last output (1/2, 5/4)."""
    steps = KV_CACHE.steps
    assert [step.weights.tolist() for step in steps] == [[1.0], [0.5, 0.5], [0.25, 0.5, 0.25]]
    assert steps[-1].output.tolist() == [0.5, 1.25]
    assert steps[-1].output.tolist() == KV_CACHE.full.output[-1].tolist()
    assert steps[1].cache.V.tolist() == [[1, 0], [0, 2]]


def test_score_counts_with_and_without_cache() -> None:
    """Assert t entries per step with the cache (n(n+1)/2 total) and t^2 without (n(n+1)(2n+1)/6)."""
    counts = score_counts(3)
    assert counts.with_cache == (1, 2, 3) and counts.total_with_cache == 6
    assert counts.without_cache == (1, 4, 9) and counts.total_without_cache == 14
    for n in (1, 10, 1024):
        counts = score_counts(n)
        assert counts.total_with_cache == n * (n + 1) // 2
        assert counts.total_without_cache == n * (n + 1) * (2 * n + 1) // 6


def test_cache_is_immutable_and_checks_widths() -> None:
    """Assert append returns a new cache, leaves the old one alone, and refuses rows of the wrong width."""
    empty = KVCache.empty(2, 1)
    one = empty.append([1.0, 2.0], [3.0])
    assert (empty.length, one.length) == (0, 1)
    with pytest.raises(ValueError, match="read-only"):
        one.K[0, 0] = 5.0
    with pytest.raises(ValueError, match=r"keys of width d_k=2 .* got a key of shape \(3,\)"):
        one.append([1.0, 2.0, 3.0], [1.0])
    with pytest.raises(ValueError, match="n must be a whole number >= 1, got 0"):
        score_counts(0)
