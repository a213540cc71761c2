"""Numerics at the edges: huge scores, wide heads and long sequences give finite weights whose rows sum to 1."""

from __future__ import annotations

import numpy as np
import pytest

from attention_core import causal_mask, scaled_dot_product_attention, tiled_attention

LONGEST = 1024  # the longest sequence the tests compute in full; the cost pages only count beyond it
WIDEST = 4096


@pytest.mark.parametrize("causal", [False, True])
def test_a_long_sequence_in_a_wide_head_with_huge_scores_stays_finite(causal: bool) -> None:
    """Assert n=1024, d_k=4096 and scores in the thousands give finite weights, rows summing to 1, no warning."""
    rng = np.random.default_rng(11)
    Q, K = 40 * rng.standard_normal((LONGEST, WIDEST)), 40 * rng.standard_normal((LONGEST, WIDEST))
    V = rng.standard_normal((LONGEST, 8))
    mask = causal_mask(LONGEST) if causal else None
    result = scaled_dot_product_attention(Q, K, V, mask=mask)
    assert np.abs(result.scaled).max() > 1000
    assert np.all(np.isfinite(result.weights)) and np.all(np.isfinite(result.output))
    np.testing.assert_allclose(result.weights.sum(axis=1), 1.0, atol=1e-12)
    tiled = tiled_attention(Q, K, V, causal=causal, block=128, trace=False)
    np.testing.assert_allclose(tiled.output, result.output, atol=1e-12)


@pytest.mark.parametrize("score", [1000.0, -1000.0, 1e300, -1e300])
def test_a_whole_row_of_extreme_equal_scores_shares_evenly(score: float) -> None:
    """Assert a row whose scores are all equal and extreme gets equal weights, not NaN."""
    Q, K = np.array([[1.0]]), np.full((4, 1), score)
    result = scaled_dot_product_attention(Q, K, np.eye(4), scale=1.0)
    np.testing.assert_array_equal(result.weights, np.full((1, 4), 0.25))
