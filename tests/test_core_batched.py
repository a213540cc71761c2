"""Batched multi-head attention: exact numbers, split and merge as inverses, and parity with a naive loop."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import batched_attention, causal_mask, linear, merge_heads, per_head_attention, split_heads
from attention_core.examples.batched_heads import BATCHED_HEADS

FAST = settings(max_examples=40, deadline=None)


def loop_attention(X: np.ndarray, W_q, W_k, W_v, W_o, h: int, causal: bool) -> np.ndarray:
    """U written as loops over sequences, heads, queries and keys, with lists and math only."""
    B, n, d_model = X.shape
    d = d_model // h
    U = np.zeros((B, n, d_model))
    for b in range(B):
        rows = [[sum(X[b, t, r] * W[r, c] for r in range(d_model)) for c in range(d_model)] for W in (W_q, W_k, W_v)
                for t in range(n)]
        q, k, v = rows[:n], rows[n:2 * n], rows[2 * n:]
        for i in range(n):
            merged = []
            for head in range(h):
                cols = range(head * d, (head + 1) * d)
                keys = range(i + 1) if causal else range(n)
                scores = [sum(q[i][c] * k[j][c] for c in cols) / math.sqrt(d) for j in keys]
                top = max(scores)
                powers = [math.exp(s - top) for s in scores]
                weights = [p / sum(powers) for p in powers]
                merged += [sum(a * v[j][c] for a, j in zip(weights, keys, strict=True)) for c in cols]
            U[b, i] = [sum(merged[r] * W_o[r, c] for r in range(d_model)) for c in range(d_model)]
    return U


def test_the_split_as_shown() -> None:
    """Assert red's queries (2, 1, 0, 1) split into red/h1 = (2, 1) and red/h2 = (0, 1)."""
    Q = BATCHED_HEADS.batched.Q
    assert Q.shape == (2, 2, 3, 2)
    assert Q[0, 0, 0].tolist() == [2.0, 1.0]
    assert Q[0, 1, 0].tolist() == [0.0, 1.0]


def test_weights_and_output_as_shown() -> None:
    """Assert rolls/h1 weights (0.140, 0.576, 0.284), late/h2 a third each, and U of red (2, 1, 1, 1)."""
    A = BATCHED_HEADS.batched.weights
    assert np.round(A[0, 0, 2], 3).tolist() == [0.140, 0.576, 0.284]
    np.testing.assert_allclose(A[1, 1, 2], [1 / 3] * 3, rtol=1e-15)
    np.testing.assert_allclose(BATCHED_HEADS.batched.U[0, 0], [2.0, 1.0, 1.0, 1.0], rtol=1e-15)


def test_batched_equals_per_head_and_a_naive_loop() -> None:
    """Assert the example's U equals the site's per-head computation and a loop over everything, within 1e-12."""
    ex, W = BATCHED_HEADS, BATCHED_HEADS.W
    np.testing.assert_allclose(ex.batched.U, ex.per_head, atol=1e-12)
    expected = loop_attention(ex.X, W["W_q"], W["W_k"], W["W_v"], W["W_o"], ex.h, True)
    np.testing.assert_allclose(ex.batched.U, expected, atol=1e-12)


@given(st.integers(0, 2**32 - 1), st.sampled_from([(1, 4), (2, 4), (4, 4), (3, 6)]), st.booleans())
@settings(max_examples=20, deadline=None)
def test_parity_with_a_naive_loop_on_random_batches(seed: int, heads: tuple[int, int], causal: bool) -> None:
    """Assert batched attention equals the loop on random batches (B = 2, n = 3) for several h and d_model."""
    h, d_model = heads
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(2, 3, d_model))
    W_q, W_k, W_v, W_o = (rng.normal(size=(d_model, d_model)) for _ in range(4))
    got = batched_attention(X, W_q, W_k, W_v, W_o, h, causal_mask(3) if causal else None).U
    np.testing.assert_allclose(got, loop_attention(X, W_q, W_k, W_v, W_o, h, causal), atol=1e-10)


@given(st.integers(1, 3), st.integers(1, 4), st.integers(1, 4), st.integers(1, 3), st.integers(0, 2**32 - 1))
@FAST
def test_merge_undoes_split(B: int, n: int, h: int, d_head: int, seed: int) -> None:
    """Assert merge_heads(split_heads(X, h)) == X and that head i holds columns i*d_head .. (i+1)*d_head - 1."""
    X = np.random.default_rng(seed).normal(size=(B, n, h * d_head))
    split = split_heads(X, h)
    assert split.shape == (B, h, n, d_head)
    np.testing.assert_array_equal(merge_heads(split), X)
    np.testing.assert_array_equal(split[:, -1], X[:, :, (h - 1) * d_head:])


def test_linear_is_x_times_weight_transposed_plus_bias() -> None:
    """Assert linear(x, W^T) = x W, and a bias (out,) is added to every row."""
    x, W = np.array([[1.0, 2.0, 3.0]]), np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])  # W (in, out) = (3, 2)
    np.testing.assert_array_equal(linear(x, W.T), x @ W)
    assert linear(x, W.T, np.array([10.0, 20.0])).tolist() == [[14.0, 25.0]]


@pytest.mark.parametrize(("call", "message"), [
    (lambda: split_heads(np.zeros((1, 2, 3)), 2), "d_model=3 cannot be split into h=2"),
    (lambda: split_heads(np.zeros((2, 3)), 1), r"\(B, n, d_model\)"),
    (lambda: linear(np.zeros((1, 3)), np.zeros((3, 2))), "in=3"),
    (lambda: batched_attention(np.zeros((1, 2, 4)), *[np.eye(3)] * 4, 2), r"W_q must be \(d_model, d_model\)"),
    (lambda: linear(np.zeros((2, 3)), np.zeros((4, 3)), np.zeros(1)), r"bias must be \(out,\) = \(4,\), got.*\(1,\)"),
    (lambda: linear(np.zeros((2, 3)), np.zeros((4, 3)), np.zeros((2, 4))), r"bias must be \(out,\)"),
    (lambda: per_head_attention(np.ones((1, 3, 4)), np.ones((4, 8)), *[np.eye(4)] * 3, 2), r"W_q must be \(d_model"),
    (lambda: per_head_attention(np.ones((1, 3, 5)), *[np.eye(5)] * 4, 2), "d_model=5 cannot be split into h=2"),
])
def test_sizes_that_do_not_fit_are_named(call, message: str) -> None:
    """Assert widths that cannot be split and weights or biases of the wrong shape are refused, naming the sizes
    (per_head_attention, the site's way, checks as batched_attention does: it used to drop columns silently)."""
    with pytest.raises(ValueError, match=message):
        call()
