"""Tests for attention_core.learning: a head trained by hand to attend to the previous token."""

from __future__ import annotations

import numpy as np
import pytest

from attention_core.examples.trained_head import TRAINED_HEAD
from attention_core.gradients import softmax_jacobian
from attention_core.learning import (
    HeadParameters,
    even_weights,
    head_forward,
    head_gradients,
    initialise_head,
    one_hot_inputs,
    previous_token_share,
    previous_token_task,
    train_head,
)


def small_problem(seed: int = 3) -> tuple[HeadParameters, np.ndarray, np.ndarray]:
    """A random head (with weights large enough that softmax is far from even) on a small batch."""
    rng = np.random.default_rng(seed)
    tokens = previous_token_task(rng, 3, 4, 3)  # (B, T) = (3, 4), V = 3
    X = one_hot_inputs(tokens, 3)  # (3, 4, 7)
    params = initialise_head(rng, 7, 2, 3)
    return HeadParameters(*(w * 10 for w in params.as_tuple())), X, tokens


def test_gradients_match_finite_differences() -> None:
    """Assert every entry of dL/dW_Q, dL/dW_K, dL/dW_V, dL/dW_O matches a central difference of the loss."""
    params, X, tokens = small_problem()
    _, grads = head_gradients(params, X, tokens)
    h = 1e-6
    for index, (w, g) in enumerate(zip(params.as_tuple(), grads.as_tuple(), strict=True)):
        numeric = np.zeros_like(w)
        for place in np.ndindex(w.shape):
            moved = []
            for sign in (1, -1):
                changed = [m.copy() for m in params.as_tuple()]
                changed[index][place] += sign * h
                moved.append(head_forward(HeadParameters(*changed), X, tokens).loss)
            numeric[place] = (moved[0] - moved[1]) / (2 * h)
        np.testing.assert_allclose(g, numeric, rtol=1e-5, atol=1e-8)


def test_softmax_step_is_the_jacobian() -> None:
    """Assert the vectorised step a * (dA - <a, dA>) equals J^T dA with the core's J, row by row."""
    rng = np.random.default_rng(0)
    a = np.exp(rng.normal(size=5))
    a /= a.sum()
    dA = rng.normal(size=5)
    np.testing.assert_allclose(a * (dA - (a * dA).sum()), softmax_jacobian(a).T @ dA)


def test_one_hot_rows() -> None:
    """Assert each row holds exactly two ones: its word's column and its position's column."""
    X = one_hot_inputs(np.array([[2, 0, 2]]), 3)  # (1, 3, 6)
    np.testing.assert_array_equal(X[0], [[0, 0, 1, 1, 0, 0], [1, 0, 0, 0, 1, 0], [0, 0, 1, 0, 0, 1]])


def test_same_seed_same_run() -> None:
    """Assert two runs from one seed agree number for number, and another seed differs."""
    one, two = (train_head(5, 5, 4, 3, 20, 1.0, 8) for _ in range(2))
    np.testing.assert_array_equal(one.losses, two.losses)
    np.testing.assert_array_equal(one.final.W_Q, two.final.W_Q)
    np.testing.assert_array_equal(one.after.A, two.after.A)
    assert not np.array_equal(train_head(6, 5, 4, 3, 20, 1.0, 8).losses, one.losses)


def test_the_example_learns_the_previous_token() -> None:
    """Assert the loss falls, the untrained head spreads evenly and the trained one looks at the previous token."""
    run = TRAINED_HEAD.run
    assert run.losses[-1] < run.losses[0] / 10
    before, after = TRAINED_HEAD.shares
    assert abs(before - TRAINED_HEAD.even_share) < 0.05
    assert after > 0.5
    assert TRAINED_HEAD.accuracies[1] > 0.9
    A = run.after.A  # (B, T, T)
    T = A.shape[-1]
    assert (A[:, np.arange(1, T)].argmax(axis=-1) == np.arange(T - 1)).mean() > 0.9  # most rows peak at t - 1


def test_share_against_a_loop() -> None:
    """Assert the previous-token share equals a plain loop over sequences and positions."""
    A = train_head(1, 5, 3, 2, 5, 1.0, 4).after.A
    loop = [A[b, t, t - 1] for b in range(A.shape[0]) for t in range(1, A.shape[1])]
    assert previous_token_share(A) == pytest.approx(sum(loop) / len(loop))


def test_weights_rows_sum_to_one_and_are_causal() -> None:
    """Assert every row of weights sums to 1 and gives exactly 0 to later positions."""
    A = TRAINED_HEAD.run.after.A
    np.testing.assert_allclose(A.sum(axis=-1), 1.0)
    assert np.all(A[:, np.triu_indices(A.shape[-1], 1)[0], np.triu_indices(A.shape[-1], 1)[1]] == 0.0)


@pytest.mark.parametrize("rate", [0.0, -1.0, float("nan")])
def test_refuses_bad_learning_rates(rate: float) -> None:
    """Assert a learning rate that is not a positive number is refused, quoting it."""
    with pytest.raises(ValueError, match="learning rate"):
        train_head(1, 4, 3, 2, 3, rate, 2)


def test_even_weights_and_the_ablation() -> None:
    """Assert even causal weights give row t a 1/t each, and that putting them in place of the trained map
    lowers the share of right answers (the answers depend on the map)."""
    np.testing.assert_allclose(even_weights(3), np.array([[1, 0, 0], [1 / 2, 1 / 2, 0], [1 / 3, 1 / 3, 1 / 3]]))
    _, trained, even = TRAINED_HEAD.accuracies
    assert even < trained


def test_a_diverging_run_says_so() -> None:
    """Assert a learning rate so large that the numbers leave float64 is refused naming the step and the rate."""
    with pytest.raises(ValueError, match=r"^training diverged at step \d+ with learning rate 100 \(a number of that "
                                         r"step is no longer finite\); accepted: a smaller learning rate$"):
        train_head(7, 6, 5, 4, 300, 100.0, 32)
