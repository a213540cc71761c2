"""The n^2 cost table and tiled attention with a running maximum and sum."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import attention_cost, causal_mask, cost_table, scaled_dot_product_attention, tiled_attention
from attention_core.examples.cost import COST
from attention_core.examples.tiled_attention import TILED_ATTENTION


def loop_tiled(Q, K, V, block, causal, scale):
    """Online softmax written independently with loops: one query row at a time, keys in blocks."""
    out = []
    for i in range(len(Q)):
        top, total, acc = -np.inf, 0.0, np.zeros(V.shape[1])
        for start in range(0, len(K), block):
            for j in range(start, min(start + block, len(K))):
                if causal and j > i:
                    continue
                s = float(Q[i] @ K[j]) * scale
                new_top = max(top, s)
                factor = np.exp(top - new_top) if top > -np.inf else 0.0
                total = total * factor + np.exp(s - new_top)
                acc = acc * factor + np.exp(s - new_top) * V[j]
                top = new_top
        out.append(acc / total)
    return np.array(out)


def test_deck_table_of_scores() -> None:
    """Assert n^2 for 4, 8, 128, 1024: 16, 64, 16384, 1048576."""
    assert [row.scores for row in COST.table] == [16, 64, 16384, 1048576]
    assert [row.n for row in COST.table] == [4, 8, 128, 1024]


def test_cost_bytes_and_multiply_adds() -> None:
    """Assert bytes at 4 and 2 per score and n*n*d_k, n*n*d_v multiply-adds; doubling n quadruples scores."""
    cost = attention_cost(1024, d_k=64, d_v=32)
    assert (cost.bytes_float32, cost.bytes_float16) == (4 * 1024**2, 2 * 1024**2)
    assert (cost.macs_qk, cost.macs_av) == (1024**2 * 64, 1024**2 * 32)
    assert attention_cost(2048).scores == 4 * attention_cost(1024).scores
    assert len(cost_table([1, 2, 3])) == 3


@pytest.mark.parametrize("bad", [0, -3, 2.5, "8", True])
def test_cost_refuses_bad_lengths(bad) -> None:
    """Assert a length that is not a whole number >= 1 raises ValueError quoting it."""
    with pytest.raises(ValueError, match="n must be a whole number >= 1"):
        attention_cost(bad)


def test_tiled_matches_plain_loops_on_random_shapes() -> None:
    """Assert tiled_attention equals an independent loop version of online softmax."""
    rng = np.random.default_rng(8)
    for n, d_k, d_v, block in [(1, 1, 1, 1), (4, 2, 3, 2), (7, 3, 2, 3), (9, 5, 4, 4)]:
        Q, K, V = rng.normal(size=(n, d_k)), rng.normal(size=(n, d_k)), rng.normal(size=(n, d_v))
        for causal in (False, True):
            result = tiled_attention(Q, K, V, causal=causal, block=block, scale=0.7)
            expected = loop_tiled(Q, K, V, block, causal, 0.7)
            np.testing.assert_allclose(result.output, expected, rtol=0, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 12), st.integers(1, 5), st.integers(1, 13), st.booleans(),
       st.sampled_from([1.0, 10.0, 100.0]))
def test_tiled_equals_naive(seed, n, d_k, block, causal, size) -> None:
    """Assert tiled attention equals the full computation to 1e-12, causal or not, for any block size."""
    rng = np.random.default_rng(seed)
    Q, K = rng.normal(0, size, size=(n, d_k)), rng.normal(size=(n, d_k))
    V = rng.normal(size=(n, 3))
    naive = scaled_dot_product_attention(Q, K, V, mask=causal_mask(n) if causal else None)
    tiled = tiled_attention(Q, K, V, causal=causal, block=block)
    np.testing.assert_allclose(tiled.output, naive.output, rtol=0, atol=1e-12)
    assert len(tiled.trace) == -(-n // block)
    assert all(step.scores.shape == (n, step.stop - step.start) for step in tiled.trace)
    assert max(step.stop - step.start for step in tiled.trace) <= block  # never an n x n score matrix


def test_tiled_example_trace() -> None:
    """Assert the worked example's trace: two blocks, running max and sum per row, same output as naive."""
    result = TILED_ATTENTION.result
    assert [(step.block, step.start, step.stop) for step in result.trace] == [(0, 0, 2), (1, 2, 4)]
    assert result.trace[0].running_max.tolist() == [1, 1, 1, 0]
    assert result.trace[1].running_max.tolist() == [1, 1, 2, 0]
    assert result.trace[-1].running_sum[3] == 4.0  # four scores of 0: e^0 four times
    np.testing.assert_allclose(result.output, TILED_ATTENTION.naive.output, rtol=0, atol=1e-12)
    causal = tiled_attention(*TILED_ATTENTION.QKV, causal=True, block=TILED_ATTENTION.block, scale=1.0)
    np.testing.assert_allclose(
        causal.output,
        scaled_dot_product_attention(*TILED_ATTENTION.QKV, mask=causal_mask(4), scale=1.0).output, rtol=0, atol=1e-12,
    )
    last = result.trace[-1]
    expected_sum = np.exp(TILED_ATTENTION.naive.scores - last.running_max[:, None]).sum(axis=1)
    np.testing.assert_allclose(last.running_sum, expected_sum, rtol=1e-14)


def test_tiled_bad_input() -> None:
    """Assert a causal call with unequal n, a zero block and mismatched d_k raise ValueError naming them."""
    with pytest.raises(ValueError, match="causal attention needs as many queries as keys, got n=2 and m=3"):
        tiled_attention(np.ones((2, 1)), np.ones((3, 1)), np.ones((3, 1)), causal=True)
    with pytest.raises(ValueError, match="block must be a whole number >= 1, got 0"):
        tiled_attention(np.ones((2, 1)), np.ones((2, 1)), np.ones((2, 1)), block=0)
    with pytest.raises(ValueError, match="Q has d_k=1 but K has d_k=2"):
        tiled_attention(np.ones((2, 1)), np.ones((2, 2)), np.ones((2, 1)))


def test_tiled_attention_without_trace_keeps_no_blocks() -> None:
    """Assert trace=False gives the same output and records no per-block scores (the n x m matrix again)."""
    rng = np.random.default_rng(4)
    Q, K, V = rng.normal(size=(6, 3)), rng.normal(size=(6, 3)), rng.normal(size=(6, 2))
    with_trace = tiled_attention(Q, K, V, causal=True, block=4)
    without = tiled_attention(Q, K, V, causal=True, block=4, trace=False)
    assert without.trace == () and len(with_trace.trace) == 2
    np.testing.assert_array_equal(without.output, with_trace.output)
