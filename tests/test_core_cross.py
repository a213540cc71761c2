"""Cross-attention and combined masks: exact numbers, parity with a naive loop, and properties of the masks."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import (
    apply_mask,
    causal_mask,
    combine_masks,
    cross_attention,
    empty_rows,
    filled_softmax,
    nan_zeroed_score_gradient,
    padding_mask,
    softmax,
)
from attention_core.examples.cross_padding import CROSS_PADDING

FAST = settings(max_examples=40, deadline=None)


def loop_cross(X_q: np.ndarray, X_kv: np.ndarray, W_q, W_k, W_v) -> list[list[float]]:
    """Cross-attention written with loops: each query row against every key row, then the weighted values."""
    def times(x, W):
        return [sum(x[r] * W[r][c] for r in range(len(x))) for c in range(len(W[0]))]
    keys, values = [times(x, W_k) for x in X_kv], [times(x, W_v) for x in X_kv]
    out = []
    for x in X_q:
        q = times(x, W_q)
        scores = [sum(a * b for a, b in zip(q, k, strict=True)) / math.sqrt(len(q)) for k in keys]
        powers = [math.exp(s - max(scores)) for s in scores]
        weights = [p / sum(powers) for p in powers]
        out.append([sum(w * v[c] for w, v in zip(weights, values, strict=True)) for c in range(len(values[0]))])
    return out


def test_cross_attention_as_shown() -> None:
    """Assert the 2 x 3 weights (1/4, 1/2, 1/4) and (1/6, 2/3, 1/6), and the outputs (1/2, 5/4) and (1/3, 3/2)."""
    r = CROSS_PADDING.cross
    assert r.scores.shape == (2, 3)
    np.testing.assert_allclose(r.weights, [[1 / 4, 1 / 2, 1 / 4], [1 / 6, 2 / 3, 1 / 6]], rtol=1e-15)
    np.testing.assert_allclose(r.output, [[1 / 2, 5 / 4], [1 / 3, 3 / 2]], rtol=1e-15)


def test_right_padding_weights_as_shown() -> None:
    """Assert (red, ball, [pad]) gets (1, 0, 0), (1/2, 1/2, 0), (1/3, 2/3, 0): the [pad] column exactly 0."""
    A = CROSS_PADDING.right.weights
    np.testing.assert_allclose(A, [[1, 0, 0], [1 / 2, 1 / 2, 0], [1 / 3, 2 / 3, 0]], rtol=1e-15)
    assert A[:, 2].tolist() == [0.0, 0.0, 0.0]


def test_left_padding_row_is_nan_or_equal() -> None:
    """Assert ([pad], red, ball): the [pad] row is NaN with -inf and a third each with -1e9; other rows agree."""
    assert np.isnan(CROSS_PADDING.left_infinite[0]).all()
    np.testing.assert_allclose(CROSS_PADDING.left_finite[0], [1 / 3] * 3, rtol=1e-15)
    np.testing.assert_array_equal(CROSS_PADDING.left_infinite[1:], CROSS_PADDING.left_finite[1:])
    np.testing.assert_allclose(CROSS_PADDING.left_finite[1:], [[0, 1, 0], [0, 1 / 2, 1 / 2]], rtol=1e-15)


@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(1, 5))
@FAST
def test_cross_attention_matches_a_loop(seed: int, n: int, m: int) -> None:
    """Assert cross-attention of n queries over m keys equals the loop, for any n and m."""
    rng = np.random.default_rng(seed)
    X_q, X_kv = rng.normal(size=(n, 3)), rng.normal(size=(m, 3))
    W_q, W_k, W_v = rng.normal(size=(3, 2)), rng.normal(size=(3, 2)), rng.normal(size=(3, 4))
    result = cross_attention(X_q, X_kv, W_q, W_k, W_v)
    assert result.weights.shape == (n, m)
    np.testing.assert_allclose(result.output, loop_cross(X_q, X_kv, W_q, W_k, W_v), atol=1e-12)


@given(st.lists(st.booleans(), min_size=1, max_size=8).filter(any))
@FAST
def test_combined_mask_is_the_and_of_both(real: list[bool]) -> None:
    """Assert causal AND padding allows key j for query i exactly when j <= i and j is real."""
    n = len(real)
    combined = combine_masks(causal_mask(n), padding_mask(real))
    for i in range(n):
        for j in range(n):
            assert combined[i, j] == (j <= i and real[j])
    assert empty_rows(combined).tolist() == [not any(real[: i + 1]) for i in range(n)]


@given(st.integers(0, 2**32 - 1), st.lists(st.booleans(), min_size=2, max_size=6).filter(any))
@FAST
def test_filled_softmax_agrees_with_softmax_on_rows_that_keep_a_key(seed: int, real: list[bool]) -> None:
    """Assert filling with -inf or -1e9 changes nothing on rows with a key; empty rows get NaN or 1/n each."""
    n = len(real)
    S = np.random.default_rng(seed).normal(size=(n, n))
    mask = combine_masks(causal_mask(n), padding_mask(real))
    keep = ~empty_rows(mask)
    reference = softmax(apply_mask(S[keep], mask[keep]))
    for fill in (-np.inf, -1e9):
        np.testing.assert_allclose(filled_softmax(S, mask, fill)[keep], reference, atol=1e-15)
    assert np.isnan(filled_softmax(S, mask, -np.inf)[~keep]).all()
    np.testing.assert_allclose(filled_softmax(S, mask, -1e9)[~keep], 1 / n)


def test_sizes_that_do_not_fit_are_named() -> None:
    """Assert inputs of different d_model and masks of different shapes are refused, naming the sizes."""
    with pytest.raises(ValueError, match="X_q has d_model=2 but X_kv has d_model=3"):
        cross_attention(np.ones((1, 2)), np.ones((2, 3)), np.ones((2, 1)), np.ones((2, 1)), np.ones((2, 1)))
    with pytest.raises(ValueError, match=r"mask 2 has shape \(2, 2\) but mask 1 has shape \(3, 3\)"):
        combine_masks(causal_mask(3), causal_mask(2))


def zeroed_loss(S: np.ndarray, mask: np.ndarray, V: np.ndarray, dO: np.ndarray) -> float:
    """sum(dO * O) with O = A V, A softmax over -inf-masked S whose NaN weights are replaced by 0."""
    A = np.nan_to_num(filled_softmax(S, mask, -np.inf), nan=0.0)
    return float(np.sum(dO * (A @ V)))


@given(st.integers(0, 2**31 - 1))
@FAST
def test_nan_zeroed_gradient_with_where_matches_finite_differences_and_additive_is_nan_on_empty_rows(seed: int) -> None:
    """Assert with where/masked_fill dL/dS equals central differences of the loss (0 on the row with no key), and
    with an additive mask it is the same on rows that keep a key and NaN on the row that keeps none (#33 corr. 2)."""
    rng = np.random.default_rng(seed)
    S, V, dO = rng.normal(size=(3, 3)), rng.normal(size=(3, 2)), rng.normal(size=(3, 2))
    mask = combine_masks(causal_mask(3), padding_mask([False, True, True]))  # row 0 keeps no key
    numeric = np.zeros_like(S)
    for index in np.ndindex(*S.shape):
        up, down = S.copy(), S.copy()
        up[index] += 1e-6
        down[index] -= 1e-6
        numeric[index] = (zeroed_loss(up, mask, V, dO) - zeroed_loss(down, mask, V, dO)) / 2e-6
    where = nan_zeroed_score_gradient(S, mask, V, dO, "where")
    additive = nan_zeroed_score_gradient(S, mask, V, dO, "additive")
    np.testing.assert_allclose(where, numeric, atol=1e-7)
    assert np.isnan(additive[0]).all() and not np.isnan(additive[1:]).any()
    np.testing.assert_allclose(additive[1:], where[1:], atol=1e-15)


def test_the_left_padded_sequence_gets_nan_gradients_only_with_an_additive_mask() -> None:
    """Assert ([pad], red, ball): additive masking leaves 3 NaN in dL/dS and all 3 entries of dL/dW_Q NaN, where
    leaves none; an unknown masking is refused by name."""
    assert CROSS_PADDING.nan_gradients.tolist() == [[3, 3], [0, 0]]
    with pytest.raises(ValueError, match=r"'fill'.*accepted: additive, where"):
        nan_zeroed_score_gradient(np.zeros((1, 1)), np.ones((1, 1), bool), np.zeros((1, 1)), np.zeros((1, 1)), "fill")
