"""The softmax Jacobian and one gradient step on W_q: exact numbers, finite differences, Hypothesis properties."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import causal_mask, dot_product_jacobian, query_gradient, query_step, softmax_jacobian
from attention_core.examples.scaling import SCALING
from attention_core.examples.training_step import TRAINING_STEP

FAST = settings(max_examples=40, deadline=None)
STEP = 1e-6  # finite-difference step: central differences are then accurate to about 1e-10


def loop_softmax(s: list[float]) -> list[float]:
    """Softmax written out with a loop, independent of the core."""
    top = max(s)
    powers = [math.exp(x - top) for x in s]
    return [p / sum(powers) for p in powers]


def finite_difference_jacobian(s: list[float]) -> np.ndarray:
    """da_i/ds_j by central differences of the loop softmax."""
    m = len(s)
    J = np.zeros((m, m))
    for j in range(m):
        up, down = list(s), list(s)
        up[j] += STEP
        down[j] -= STEP
        J[:, j] = (np.array(loop_softmax(up)) - np.array(loop_softmax(down))) / (2 * STEP)
    return J


def loop_loss(X: np.ndarray, W_q: np.ndarray, W_k: np.ndarray, W_v: np.ndarray, row: int, target: np.ndarray,
              causal: bool) -> float:
    """1/2 |o_row - target|^2 for one head, written as loops over keys and entries."""
    n, d_k = X.shape[0], W_q.shape[1]
    q = [sum(X[row, r] * W_q[r, c] for r in range(X.shape[1])) for c in range(d_k)]
    keys = range(row + 1) if causal else range(n)
    scores = []
    for j in keys:
        k = [sum(X[j, r] * W_k[r, c] for r in range(X.shape[1])) for c in range(d_k)]
        scores.append(sum(a * b for a, b in zip(q, k, strict=True)) / math.sqrt(d_k))
    weights = loop_softmax(scores)
    out = [0.0] * W_v.shape[1]
    for a, j in zip(weights, keys, strict=True):
        for c in range(W_v.shape[1]):
            out[c] += a * sum(X[j, r] * W_v[r, c] for r in range(X.shape[1]))
    return 0.5 * sum((o - t) ** 2 for o, t in zip(out, target, strict=True))


def finite_difference_w_q(X, W_q, W_k, W_v, row, target, causal) -> np.ndarray:
    """dL/dW_q entry by entry, by central differences of the loop loss."""
    grad = np.zeros_like(W_q)
    for index in np.ndindex(*W_q.shape):
        up, down = W_q.copy(), W_q.copy()
        up[index] += STEP
        down[index] -= STEP
        grad[index] = (loop_loss(X, up, W_k, W_v, row, target, causal)
                       - loop_loss(X, down, W_k, W_v, row, target, causal)) / (2 * STEP)
    return grad


def test_jacobians_of_the_scaling_example() -> None:
    """Assert J = +-0.105 at the raw weights (0.881, 0.119) and +-0.197 at the scaled weights (0.731, 0.269)."""
    assert np.round(TRAINING_STEP.raw_jacobian, 3).tolist() == [[0.105, -0.105], [-0.105, 0.105]]
    assert np.round(TRAINING_STEP.scaled_jacobian, 3).tolist() == [[0.197, -0.197], [-0.197, 0.197]]
    a = SCALING.raw_weights
    assert TRAINING_STEP.raw_jacobian[0, 0] == pytest.approx(a[0] * a[1], rel=1e-15)


def test_per_raw_unit_the_mild_pair_gains_nothing_from_scaling_and_the_saturated_pair_26_times() -> None:
    """Assert per unit of raw dot product the scaled head passes 0.197 / 2 = 0.0983 against 0.105 for the raw
    scores (4, 2), and 0.00883 against 0.000335, about 26 times more, for the saturated (8, 0) (#33 correction 1)."""
    G = TRAINING_STEP.dot_product_gradients
    np.testing.assert_allclose(G[0], [0.10499, 0.19661 / 2], rtol=1e-4)
    np.testing.assert_allclose(G[1], [3.3524e-4, 8.8314e-3], rtol=1e-4)
    assert G[0, 1] < G[0, 0] and 26 < G[1, 1] / G[1, 0] < 27


@given(st.lists(st.floats(-8, 8), min_size=1, max_size=5), st.sampled_from([1.0, 2.0, 8.0]))
@FAST
def test_dot_product_jacobian_matches_finite_differences(r: list[float], divisor: float) -> None:
    """Assert da/dr for a = softmax(r / divisor) is the loop softmax's derivative by central differences."""
    numeric = finite_difference_jacobian([x / divisor for x in r]) / divisor
    np.testing.assert_allclose(dot_product_jacobian(r, divisor), numeric, atol=1e-7)


def rolls_loss(scores: np.ndarray) -> float:
    """1/2 |softmax(scores) V - target|^2 for rolls' row of scores, with the loop softmax."""
    head = TRAINING_STEP.step.before.head
    out = np.array(loop_softmax(list(scores))) @ head.V  # (m,) x (m, d_v) -> (d_v,)
    return float(0.5 * np.sum((out - TRAINING_STEP.target) ** 2))


def test_lowering_the_other_scores_lowers_the_loss_as_raising_balls_does() -> None:
    """Assert raising ball's score lowers the loss, lowering red's or rolls' does too, and raising ball's by e is
    exactly lowering both others by e: softmax is shift-invariant (#33 correction 6)."""
    m = np.array(TRAINING_STEP.step.before.head.scaled[2])  # rolls sees red, ball and itself
    loss, e = rolls_loss(m), 1e-3
    red, ball, rolls = (np.eye(3)[j] * e for j in range(3))
    assert rolls_loss(m + ball) < loss and rolls_loss(m - red) < loss and rolls_loss(m - rolls) < loss
    assert rolls_loss(m + ball) == pytest.approx(rolls_loss(m - red - rolls), abs=1e-15)


def test_jacobian_at_rolls_weights_is_exact() -> None:
    """Assert J at (1/4, 1/2, 1/4) is [[3/16, -1/8, -1/16], [-1/8, 1/4, -1/8], [-1/16, -1/8, 3/16]]."""
    expected = np.array([[3, -2, -1], [-2, 4, -2], [-1, -2, 3]]) / 16
    np.testing.assert_allclose(softmax_jacobian([0.25, 0.5, 0.25]), expected, atol=1e-16)


def test_the_backward_pass_as_shown() -> None:
    """Assert o - t = (1/2, -3/4), dL/dA = (1/2, -3/2, -1/4), dL/dM = (19/64, -13/32, 7/64), dW_q = -13/32 ln 2."""
    g = TRAINING_STEP.step.before
    assert g.loss == pytest.approx(13 / 32, rel=1e-15)
    np.testing.assert_allclose(g.dO[2], [0.5, -0.75], atol=1e-15)
    np.testing.assert_allclose(g.dA[2], [0.5, -1.5, -0.25], atol=1e-15)
    np.testing.assert_allclose(g.dM[2], [19 / 64, -13 / 32, 7 / 64], atol=1e-15)
    np.testing.assert_allclose(g.dW_q[:, 0], [0.0, 0.0, -13 / 32 * math.log(2)], atol=1e-15)


def test_one_step_lowers_the_loss() -> None:
    """Assert W_q's rolls entry rises from 1 to 1.282 and the loss falls from 0.406 to 0.331."""
    step = TRAINING_STEP.step
    assert round(float(step.W_q_after[2, 0]), 3) == 1.282
    assert (round(step.loss_before, 3), round(step.loss_after, 3)) == (0.406, 0.331)
    assert step.loss_after < step.loss_before


@given(st.lists(st.floats(-5, 5), min_size=1, max_size=6))
@FAST
def test_jacobian_matches_finite_differences(s: list[float]) -> None:
    """Assert diag(a) - a a^T equals central differences of a loop softmax, within 1e-7."""
    np.testing.assert_allclose(softmax_jacobian(loop_softmax(s)), finite_difference_jacobian(s), atol=1e-7)


@given(st.lists(st.floats(0.01, 1), min_size=1, max_size=8))
@FAST
def test_jacobian_rows_sum_to_zero_and_it_is_symmetric(raw: list[float]) -> None:
    """Assert every row of J sums to 0 and J equals its transpose, for any weights."""
    a = np.array(raw) / sum(raw)
    J = softmax_jacobian(a)
    np.testing.assert_allclose(J.sum(axis=1), 0.0, atol=1e-15)
    np.testing.assert_array_equal(J, J.T)


@given(st.integers(0, 2**32 - 1), st.booleans())
@settings(max_examples=15, deadline=None)
def test_gradient_matches_finite_differences(seed: int, causal: bool) -> None:
    """Assert dL/dW_q equals central differences of a loop loss within 1e-7, on random heads (n=4, d_k=2)."""
    rng = np.random.default_rng(seed)
    X, W_q, W_k, W_v = (rng.normal(size=shape) for shape in ((4, 3), (3, 2), (3, 2), (3, 2)))
    target, row = rng.normal(size=2), int(rng.integers(4))
    mask = causal_mask(4) if causal else None
    got = query_gradient(X, W_q, W_k, W_v, row, target, mask=mask).dW_q
    np.testing.assert_allclose(got, finite_difference_w_q(X, W_q, W_k, W_v, row, target, causal), atol=1e-7)


def test_example_gradient_matches_finite_differences() -> None:
    """Assert the page's dW_q equals central differences of the loop loss on red ball rolls, within 1e-7."""
    from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS as R

    expected = finite_difference_w_q(R.X, np.array(R.W_q[0]), R.W_k[0], R.W_v[0], 2, TRAINING_STEP.target, True)
    np.testing.assert_allclose(TRAINING_STEP.step.before.dW_q, expected, atol=1e-7)


@pytest.mark.parametrize(("weights", "message"), [
    ([[0.5, 0.5]], "one non-empty row"),
    ([0.7, 0.7], "sum to 1"),
    ([1.5, -0.5], "at least 0"),
])
def test_jacobian_refuses_what_are_not_weights(weights: object, message: str) -> None:
    """Assert a matrix, weights not summing to 1 and negative weights are refused with the reason."""
    with pytest.raises(ValueError, match=message):
        softmax_jacobian(weights)


def test_step_refuses_a_missing_row_and_a_wrong_target() -> None:
    """Assert row 3 of three tokens and a target of the wrong width are refused, naming the sizes."""
    X, W = np.eye(3), np.ones((3, 1))
    with pytest.raises(ValueError, match="row 3 does not exist: there are n=3"):
        query_step(X, W, W, W, 3, [0.0], 1.0)
    with pytest.raises(ValueError, match="d_v=1"):
        query_step(X, W, W, W, 0, [0.0, 1.0], 1.0)
