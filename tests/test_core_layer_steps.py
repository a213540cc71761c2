"""Tests for the step-by-step helpers of the layer: layer-norm statistics and the feed-forward steps."""

from __future__ import annotations

import numpy as np

from attention_core import feed_forward, feed_forward_steps, layer_norm, layer_norm_statistics
from attention_core.examples.red_ball_layer import RED_BALL_LAYER


def test_layer_norm_statistics_by_hand() -> None:
    """Assert the mean and population variance of the row (1, 2, 6) are 3 and 14/3."""
    mean, variance = layer_norm_statistics(np.array([[1.0, 2.0, 6.0]]))
    assert mean.tolist() == [3.0]
    np.testing.assert_allclose(variance, [14 / 3])


def test_layer_norm_agrees_with_its_statistics() -> None:
    """Assert layer_norm is (x - mean) / sqrt(variance + eps), row by row, on random rows."""
    x = np.random.default_rng(1).normal(size=(5, 4))
    mean, variance = layer_norm_statistics(x)
    np.testing.assert_allclose(layer_norm(x), (x - mean[:, None]) / np.sqrt(variance[:, None] + 1e-5))


def test_feed_forward_steps_show_the_relu() -> None:
    """Assert hidden = max(0, pre-activation) and the output equals feed_forward, on the red-ball layer."""
    layer = RED_BALL_LAYER
    p = layer.parameters
    steps = feed_forward_steps(layer.result.R, p.W_1, p.b_1, p.W_2, p.b_2)
    np.testing.assert_array_equal(steps.hidden, np.maximum(0.0, steps.pre_activation))
    assert (steps.pre_activation < 0).any(), "the worked example should show the ReLU cutting something"
    np.testing.assert_allclose(steps.output, layer.result.F)
    np.testing.assert_allclose(steps.output, feed_forward(layer.result.R, p.W_1, p.b_1, p.W_2, p.b_2))
