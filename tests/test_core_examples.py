"""The seeds' numbers, exactly as a reader sees them on the pages."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import attention_core as ac
from attention_core.examples.bus_is_late import BUS_IS_LATE
from attention_core.examples.head_width import HEAD_WIDTH
from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS
from attention_core.examples.scaling import SCALING


def fractions(values: np.ndarray) -> list[Fraction | None]:
    """Return each entry of a 1-D array as the simple fraction it equals."""
    return [ac.to_fraction(float(v)) for v in values]


def test_red_ball_rolls_weight_rows() -> None:
    """Assert the deck's causal weight rows (1,0,0), (1/2,1/2,0), (1/4,1/2,1/4), exactly."""
    expected = [[1, 0, 0], [0.5, 0.5, 0], [0.25, 0.5, 0.25]]
    assert RED_BALL_ROLLS.head.weights.tolist() == expected


def test_red_ball_rolls_projections_and_scores() -> None:
    """Assert the query column (0,0,1), keys (0, ln 2, 0) and the rolls score row (0, ln 2, 0)."""
    head = RED_BALL_ROLLS.head
    assert head.Q[:, 0].tolist() == [0, 0, 1]
    assert head.K[:, 0].tolist() == [0, math.log(2), 0]
    assert head.V.tolist() == [[1, 0], [0, 2], [1, 1]]
    assert head.scores[2].tolist() == [0, math.log(2), 0]
    assert head.scale == 1.0
    assert np.isneginf(head.masked[0, 1:]).all() and np.isneginf(head.masked[1, 2])


def test_red_ball_rolls_softmax_by_hand() -> None:
    """Assert the permitted exponentials (1), (1,1), (1,2,1) and the totals 1, 2, 4."""
    steps = RED_BALL_ROLLS.softmax_steps
    assert np.allclose(steps.exponentials, [[1, 0, 0], [1, 1, 0], [1, 2, 1]], rtol=0, atol=1e-15)
    assert np.allclose(steps.totals, [1, 2, 4], rtol=0, atol=1e-15)


def test_red_ball_rolls_output_for_rolls() -> None:
    """Assert rolls' output (1/2, 5/4) and its contributions (1/4,0), (0,1), (1/4,1/4)."""
    assert RED_BALL_ROLLS.head.output[2].tolist() == [0.5, 1.25]
    assert RED_BALL_ROLLS.contributions.tolist() == [[0.25, 0], [0, 1], [0.25, 0.25]]
    assert RED_BALL_ROLLS.hard_choice.tolist() == [0, 2]


def test_red_ball_rolls_second_head_and_concatenation() -> None:
    """Assert head 2's rolls weights (1/2,1/4,1/4), output (3/4,3/4), concatenation (1/2,5/4,3/4,3/4)."""
    assert RED_BALL_ROLLS.head2.weights[2].tolist() == [0.5, 0.25, 0.25]
    assert RED_BALL_ROLLS.head2.output[2].tolist() == [0.75, 0.75]
    assert RED_BALL_ROLLS.contributions2.tolist() == [[0.5, 0], [0, 0.5], [0.25, 0.25]]
    assert RED_BALL_ROLLS.multihead.concat[2].tolist() == [0.5, 1.25, 0.75, 0.75]


def test_red_ball_rolls_output_projection_and_residual() -> None:
    """Assert W_O is 4x3 with simple entries, U for rolls is (-1/4, 5/4, 1) and the residual (-1/4, 5/4, 2)."""
    W_o = RED_BALL_ROLLS.W_o
    assert W_o.shape == (4, 3)
    assert set(W_o.ravel().tolist()) <= {0.0, 1.0, 0.5, -1.0}
    assert RED_BALL_ROLLS.multihead.U[2].tolist() == [-0.25, 1.25, 1]
    assert RED_BALL_ROLLS.X[2].tolist() == [0, 0, 1]
    assert RED_BALL_ROLLS.multihead.residual[2].tolist() == [-0.25, 1.25, 2]
    assert "W_o" in RED_BALL_ROLLS.illustrative


def test_red_ball_rolls_keeps_authored_text() -> None:
    """Assert the authored entries are kept as written, so a page can show "ln 2"."""
    assert RED_BALL_ROLLS.authored["W_k"] == (("0",), ("ln 2",), ("0",))
    assert RED_BALL_ROLLS.name == "red-ball-rolls"
    assert RED_BALL_ROLLS.tokens == ("red", "ball", "rolls")


def test_bus_is_late_one_query() -> None:
    """Assert the lesson's scores (2,0,1), e^s (7.39,1.00,2.72), total 11.11, weights, output (7.88,2.12)."""
    assert BUS_IS_LATE.scores.tolist() == [2, 0, 1]
    assert BUS_IS_LATE.exponentials.round(2).tolist() == [7.39, 1.0, 2.72]
    assert round(BUS_IS_LATE.total, 2) == 11.11
    assert BUS_IS_LATE.weights.round(3).tolist() == [0.665, 0.09, 0.245]
    assert BUS_IS_LATE.contributions.round(2).tolist() == [[6.65, 0], [0, 0.9], [1.22, 1.22]]
    assert BUS_IS_LATE.output.round(2).tolist() == [7.88, 2.12]
    assert BUS_IS_LATE.late.scale == 1.0


def test_bus_is_late_all_three_tokens_as_numpy_prints_them() -> None:
    """Assert the weight matrix and W @ V rounded to 3 and 2 places, as the lesson's command prints them."""
    result = BUS_IS_LATE.all_tokens
    assert result.weights.round(3).tolist() == [
        [0.212, 0.576, 0.212], [0.576, 0.212, 0.212], [0.665, 0.09, 0.245],
    ]
    assert result.output.round(2).tolist() == [[3.18, 6.82], [6.82, 3.18], [7.88, 2.12]]
    assert result.mask is None


def test_bus_is_late_last_row_matches_the_single_query() -> None:
    """Assert that late's row of the all-tokens result is the one-query result."""
    np.testing.assert_allclose(BUS_IS_LATE.all_tokens.weights[2], BUS_IS_LATE.weights, rtol=0, atol=1e-15)


def test_scaling_softmax_before_and_after() -> None:
    """Assert raw scores 4 and 2 give (0.881, 0.119) and divided by sqrt 4 = 2 give (0.731, 0.269)."""
    assert SCALING.raw_scores.tolist() == [4, 2]
    assert SCALING.divisor == 2
    assert SCALING.scaled_scores.tolist() == [2, 1]
    assert SCALING.raw_weights.round(3).tolist() == [0.881, 0.119]
    assert SCALING.scaled_weights.round(3).tolist() == [0.731, 0.269]
    assert SCALING.illustrative


def test_head_width_spread_grows_like_sqrt_d_k() -> None:
    """Assert the raw spread is within 5% of sqrt(d_k) and the scaled spread within 5% of 1."""
    np.testing.assert_allclose(HEAD_WIDTH.raw_sd / HEAD_WIDTH.sqrt_widths, 1, rtol=0.05)
    np.testing.assert_allclose(HEAD_WIDTH.scaled_sd, 1, rtol=0.05)
    assert list(HEAD_WIDTH.widths) == sorted(HEAD_WIDTH.widths)


def test_examples_registry_names_every_example() -> None:
    """Assert each example is registered under its slug."""
    for name, example in ac.EXAMPLES.items():
        assert example.name == name
    assert {"red-ball-rolls", "bus-is-late", "scaling", "head-width"} <= set(ac.EXAMPLES)


def test_example_results_are_read_only() -> None:
    """Assert a computed table cannot be edited in place by a caller."""
    with pytest.raises(ValueError, match="read-only"):
        RED_BALL_ROLLS.head.weights[0, 0] = 2.0
