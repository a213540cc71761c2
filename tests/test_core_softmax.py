"""Softmax, masks and scaled dot-product attention: parity with plain loops, properties, bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from attention_core import (
    apply_mask,
    causal_mask,
    project,
    scaled_dot_product_attention,
    softmax,
    softmax_steps,
)

FAST = settings(max_examples=60, deadline=None)
finite = st.floats(-50, 50, allow_nan=False, allow_infinity=False)


def naive_softmax(row: list[float]) -> list[float]:
    """Softmax of one row with plain Python loops; -inf entries get 0."""
    top = max(row)
    powers = [0.0 if x == -math.inf else math.exp(x - top) for x in row]
    total = sum(powers)
    return [p / total for p in powers]


def naive_attention(Q: np.ndarray, K: np.ndarray, V: np.ndarray, mask: np.ndarray | None, scale: float):
    """Attention with loops over queries, keys and value columns."""
    out = []
    for i in range(len(Q)):
        scores = []
        for j in range(len(K)):
            allowed = mask is None or mask[i][j]
            dot = sum(Q[i][c] * K[j][c] for c in range(len(Q[i])))
            scores.append(dot * scale if allowed else -math.inf)
        weights = naive_softmax(scores)
        out.append([sum(weights[j] * V[j][c] for j in range(len(V))) for c in range(len(V[0]))])
    return np.array(out)


@st.composite
def attention_inputs(draw, causal: bool | None = None):
    """Draw Q, K, V and an optional mask that leaves every query at least one key."""
    n = draw(st.integers(1, 6))
    d_k, d_v = draw(st.integers(1, 5)), draw(st.integers(1, 4))
    Q = draw(hnp.arrays(np.float64, (n, d_k), elements=finite))
    K = draw(hnp.arrays(np.float64, (n, d_k), elements=finite))
    V = draw(hnp.arrays(np.float64, (n, d_v), elements=finite))
    use_causal = draw(st.booleans()) if causal is None else causal
    if use_causal:
        return Q, K, V, causal_mask(n)
    mask = draw(hnp.arrays(np.bool_, (n, n)))
    mask[np.arange(n), draw(st.permutations(range(n)))] = True  # one permitted key per row at least
    return Q, K, V, mask


def test_softmax_matches_plain_loops_on_random_shapes() -> None:
    """Assert softmax equals a loop implementation on random rows of several lengths."""
    rng = np.random.default_rng(1)
    for shape in [(1, 1), (3, 5), (7, 2), (4, 9)]:
        x = rng.normal(0, 5, size=shape)
        x[rng.random(shape) < 0.3] = -np.inf
        x[:, 0] = rng.normal(size=shape[0])  # keep one finite entry per row
        expected = np.array([naive_softmax(list(row)) for row in x])
        np.testing.assert_allclose(softmax(x), expected, rtol=0, atol=1e-14)


def test_softmax_along_another_axis() -> None:
    """Assert softmax(x, axis=0) is softmax of the transpose, transposed."""
    x = np.arange(6.0).reshape(2, 3)
    np.testing.assert_allclose(softmax(x, axis=0), softmax(x.T).T, rtol=0, atol=1e-15)


def test_masked_entries_get_exactly_zero() -> None:
    """Assert -inf entries get weight exactly 0 and the rest share 1."""
    weights = softmax(np.array([[0.0, -np.inf, math.log(3)]]))
    assert weights.tolist() == [[0.25, 0.0, 0.75]]


def test_softmax_steps_exponentials_and_totals() -> None:
    """Assert the by-hand steps of softmax (0, ln 2, 0): e^s (1,2,1), total 4."""
    steps = softmax_steps(np.array([0.0, math.log(2), 0.0]))
    np.testing.assert_allclose(steps.exponentials, [1, 2, 1], rtol=1e-15)
    assert float(steps.totals) == pytest.approx(4, rel=1e-15)
    np.testing.assert_allclose(steps.weights, [0.25, 0.5, 0.25], rtol=1e-15)


def test_softmax_steps_refuse_a_row_whose_powers_all_vanish() -> None:
    """Assert a row of scores below -745 (e^s = 0 in float64 throughout) is refused by the steps, naming the row,
    while softmax, which subtracts the maximum, still gives its weights."""
    scores = np.array([[0.0, 1.0], [-800.0, -801.0]])
    with pytest.raises(ValueError, match=r"row 1 of the scores: e\^s is 0 in float64 for every score"):
        softmax_steps(scores)
    np.testing.assert_allclose(softmax(scores)[1], [1 / (1 + math.exp(-1)), 1 / (1 + math.e)], rtol=1e-15)


def test_an_error_along_another_axis_names_the_slice() -> None:
    """Assert softmax along axis 0 names the bad column as the slice along that axis, not as a row."""
    with pytest.raises(ValueError, match="slice 1 along axis 0 of the scores contains NaN"):
        softmax(np.array([[0.0, np.nan], [1.0, 2.0]]), axis=0)


def test_causal_mask_is_lower_triangular() -> None:
    """Assert query 2 (position 2 of 3) may use keys 1 and 2 but not 3."""
    mask = causal_mask(3)
    assert mask.dtype == np.bool_
    assert mask.tolist() == [[True, False, False], [True, True, False], [True, True, True]]


def test_attention_matches_plain_loops_on_random_shapes() -> None:
    """Assert scaled_dot_product_attention equals loops, masked and not, scaled and not."""
    rng = np.random.default_rng(2)
    for n, m, d_k, d_v in [(1, 1, 1, 1), (3, 3, 2, 4), (5, 2, 3, 1), (6, 6, 8, 3)]:
        Q, K, V = rng.normal(size=(n, d_k)), rng.normal(size=(m, d_k)), rng.normal(size=(m, d_v))
        mask = causal_mask(n) if n == m else None
        for scale in (None, 1.0, 0.3):
            used = 1 / math.sqrt(d_k) if scale is None else scale
            result = scaled_dot_product_attention(Q, K, V, mask=mask, scale=scale)
            np.testing.assert_allclose(result.output, naive_attention(Q, K, V, mask, used), rtol=0, atol=1e-12)
            assert result.scale == used


def test_result_names_every_step() -> None:
    """Assert the result keeps S, M, A, O with the deck's shapes and the aliases point at the steps."""
    Q, K, V = np.ones((5, 2)), np.ones((5, 2)), np.ones((5, 3))
    result = scaled_dot_product_attention(Q, K, V, mask=causal_mask(5))
    assert result.S.shape == result.M.shape == result.A.shape == (5, 5)
    assert result.O.shape == (5, 3)
    assert result.S is result.scaled and result.A is result.weights and result.O is result.output
    assert (result.n, result.d_k, result.d_v) == (5, 2, 3)


@FAST
@given(attention_inputs())
def test_weight_rows_sum_to_one(inputs) -> None:
    """Assert every row of A sums to 1 within rounding."""
    Q, K, V, mask = inputs
    weights = scaled_dot_product_attention(Q, K, V, mask=mask).weights
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, rtol=0, atol=1e-12)


@FAST
@given(attention_inputs())
def test_masked_weights_are_exactly_zero(inputs) -> None:
    """Assert every weight the mask forbids is exactly 0."""
    Q, K, V, mask = inputs
    weights = scaled_dot_product_attention(Q, K, V, mask=mask).weights
    assert (weights[~mask] == 0.0).all()


@FAST
@given(attention_inputs())
def test_outputs_lie_in_the_hull_of_permitted_values(inputs) -> None:
    """Assert each output coordinate lies between the min and max of that coordinate over permitted values."""
    Q, K, V, mask = inputs
    output = scaled_dot_product_attention(Q, K, V, mask=mask).output
    for i in range(len(Q)):
        allowed = V[mask[i]]
        assert (output[i] >= allowed.min(axis=0) - 1e-9).all()
        assert (output[i] <= allowed.max(axis=0) + 1e-9).all()


@FAST
@given(hnp.arrays(np.float64, st.tuples(st.integers(1, 5), st.integers(1, 6)), elements=finite),
       st.floats(-1e6, 1e6, allow_nan=False))
def test_shifting_a_row_changes_nothing(x, shift) -> None:
    """Assert adding the same large constant to a row of scores leaves its weights unchanged."""
    np.testing.assert_allclose(softmax(x + shift), softmax(x), rtol=0, atol=1e-9)


@FAST
@given(st.integers(1, 4096), st.sampled_from([1000.0, -1000.0]), st.integers(2, 6))
def test_huge_scores_do_not_overflow(d_k, size, n) -> None:
    """Assert scores of +-1000 (and wider heads) give finite weights without overflow warnings."""
    rng = np.random.default_rng(d_k)
    Q = np.full((n, d_k), size / math.sqrt(d_k))
    K = rng.choice([-1.0, 1.0], size=(n, d_k)) * math.sqrt(d_k)
    V = rng.normal(size=(n, 2))
    result = scaled_dot_product_attention(Q, K, V, scale=1.0)
    assert np.isfinite(result.weights).all() and np.isfinite(result.output).all()
    np.testing.assert_allclose(result.weights.sum(axis=1), 1, rtol=0, atol=1e-12)
    assert softmax(np.array([1000.0, 0.0])).tolist() == [1.0, 0.0]


def test_nan_in_scores_names_the_row() -> None:
    """Assert a NaN score raises ValueError naming its row (or "the row" for a single vector)."""
    with pytest.raises(ValueError, match="row 1 of the scores contains NaN"):
        softmax(np.array([[0.0, 1.0], [np.nan, 0.0]]))
    with pytest.raises(ValueError, match="the row of the scores has every entry masked"):
        softmax(np.array([-np.inf, -np.inf]))


def test_all_masked_row_names_the_row() -> None:
    """Assert a row of -inf raises ValueError naming the row."""
    with pytest.raises(ValueError, match="row 1 of the scores has every entry masked"):
        softmax(np.array([[0.0, 1.0], [-np.inf, -np.inf]]))
    mask = np.array([[True, False], [False, False]])
    with pytest.raises(ValueError, match="row 1 of the scores has every entry masked"):
        scaled_dot_product_attention(np.ones((2, 1)), np.ones((2, 1)), np.ones((2, 1)), mask=mask)


def test_nan_in_inputs_is_refused() -> None:
    """Assert NaN in Q, K or V raises ValueError naming the array and the row."""
    Q = np.ones((3, 2))
    Q[1, 0] = np.nan
    with pytest.raises(ValueError, match=r"Q has a non-finite entry \(nan\) in row 1"):
        scaled_dot_product_attention(Q, np.ones((3, 2)), np.ones((3, 2)))


def test_mismatched_sizes_name_both() -> None:
    """Assert mismatched d_k, n and mask shapes raise ValueError naming both sizes."""
    with pytest.raises(ValueError, match="Q has d_k=2 but K has d_k=3"):
        scaled_dot_product_attention(np.ones((3, 2)), np.ones((3, 3)), np.ones((3, 2)))
    with pytest.raises(ValueError, match="K has m=3 rows but V has m=2 rows"):
        scaled_dot_product_attention(np.ones((3, 2)), np.ones((3, 2)), np.ones((2, 2)))
    with pytest.raises(ValueError, match=r"the mask has shape \(2, 2\) but the scores have shape \(3, 3\)"):
        scaled_dot_product_attention(np.ones((3, 2)), np.ones((3, 2)), np.ones((3, 2)), mask=causal_mask(2))
    with pytest.raises(ValueError, match=r"the mask has shape \(2, 2\) but the scores have shape \(2, 3\)"):
        apply_mask(np.ones((2, 3)), causal_mask(2))
    with pytest.raises(ValueError, match="X has d_model=3 but W_k has 2 rows"):
        project(np.eye(3), np.ones((3, 1)), np.ones((2, 1)), np.ones((3, 2)))


def test_non_2d_arrays_are_refused() -> None:
    """Assert a 1-D or 3-D Q raises ValueError naming the array and its shape."""
    with pytest.raises(ValueError, match=r"Q must be a 2-D array \(n, d_k\), got shape \(3,\)"):
        scaled_dot_product_attention(np.ones(3), np.ones((3, 1)), np.ones((3, 1)))
    with pytest.raises(ValueError, match=r"K must be a 2-D array .* got shape \(1, 3, 1\)"):
        scaled_dot_product_attention(np.ones((3, 1)), np.ones((1, 3, 1)), np.ones((3, 1)))


def test_bad_scale_mask_and_n_are_refused() -> None:
    """Assert a zero scale, a non-boolean mask and n=0 raise ValueError quoting the value."""
    ones = np.ones((2, 2))
    with pytest.raises(ValueError, match="scale must be a positive finite number"):
        scaled_dot_product_attention(ones, ones, ones, scale=0.0)
    with pytest.raises(ValueError, match="the mask must be boolean"):
        scaled_dot_product_attention(ones, ones, ones, mask=np.ones((2, 2)))
    with pytest.raises(ValueError, match="got 0"):
        causal_mask(0)
    with pytest.raises(ValueError, match=r"\+inf"):
        softmax(np.array([np.inf, 0.0]))


def test_inputs_are_not_frozen_by_a_call() -> None:
    """Assert computing attention does not make the caller's arrays read-only."""
    Q = np.ones((2, 2))
    scaled_dot_product_attention(Q, Q, Q)
    Q[0, 0] = 3.0
