"""One training step (example "training-step"): the softmax Jacobian, and one gradient step on W_Q of head 1.

Everything is computed by attention_core.gradients. The Jacobians use the scaling example's weights; the
step uses red ball rolls' head 1 with an illustrative target for rolls and an illustrative learning rate.
Fractions are shown where a number is one (as in red ball rolls), three decimals elsewhere.
"""

from __future__ import annotations

import numpy as np

from attention_core import QueryStep
from attention_core.examples.training_step import TRAINING_STEP as EX

from ..errors import DirectiveError
from ..formatting import NumberStyle
from ..mirror import Mirror
from ..registry import grid, scalar
from ..shown import Grid, Scalar
from .common import DECIMAL, EXACT, checked_weights, labels, make_grid, shape_of, width_labels

FIGURES = NumberStyle(exact=False, digits=3, significant=True)  # gradients spanning powers of ten: 0.000335

NAME = EX.name
TOKENS = EX.tokens
KEYS = tuple(f"k{j + 1}" for j in range(len(EX.weights_source.tokens)))  # the scaling example's labels: col=k2
CORNER = "weight \\ score"
FOCUS = (EX.focus,)


def step() -> QueryStep:
    """The backward pass and the step, computed when a page first asks (a bad input then stops at its line)."""
    return EX.step


def jacobian_grid(J: np.ndarray) -> Grid:
    """A Jacobian of the scaling example's two weights, rows a_i and columns s_j."""
    return make_grid(J, KEYS, KEYS, DECIMAL, CORNER)


@grid(NAME, "raw-jacobian", "J = diag(a) - a a^T at the weights of the raw scores 4 and 2.")
def raw_jacobian() -> Grid:
    return jacobian_grid(EX.raw_jacobian)


@grid(NAME, "scaled-jacobian", "J = diag(a) - a a^T at the weights of the scaled scores.")
def scaled_jacobian() -> Grid:
    return jacobian_grid(EX.scaled_jacobian)


@grid(NAME, "largest-entries", "The largest size |J_ij| of each Jacobian: row raw, row scaled.")
def largest_entries() -> Grid:
    return make_grid(EX.largest_jacobian_entries[:, None], ("raw", "scaled"), ("largest",), DECIMAL, "Jacobian")


@scalar(NAME, "largest-growth", "The largest |J_ij| raw minus |J_ij| scaled: negative when every entry shrinks.")
def largest_growth() -> Scalar:
    return Scalar(EX.largest_jacobian_growth, DECIMAL)


@scalar(NAME, "largest-ratio", "The raw Jacobian's largest entry as a share of the scaled one's.")
def largest_ratio() -> Scalar:
    return Scalar(EX.largest_jacobian_ratio, DECIMAL)


@grid(NAME, "saturated-scores", "The illustrative saturated pair: raw dot products (row raw) and divided by "
      "sqrt(d_k) (row scaled).")
def saturated_scores() -> Grid:
    return make_grid(EX.saturated_scores, ("raw", "scaled"), KEYS, EXACT, "scores")


@grid(NAME, "saturated-weights", "Softmax of the saturated pair, raw (row raw) and divided by sqrt(d_k) (row scaled).")
def saturated_weights() -> Grid:
    return make_grid(checked_weights(EX.saturated_weights), ("raw", "scaled"), KEYS, FIGURES, "weights")


@grid(NAME, "dot-product-gradients", "The largest |da_i/dr_j| per unit of raw dot product r: row mild (the scaling "
      "example's scores), row saturated; columns unscaled (softmax of r), scaled (softmax of r / sqrt(d_k), the "
      "division counted in the chain rule) and ratio (scaled over unscaled).")
def dot_product_gradients() -> Grid:
    table = np.column_stack([EX.dot_product_gradients, EX.dot_product_gradient_ratios])  # (2, 2) and (2,) -> (2, 3)
    return make_grid(table, ("mild", "saturated"), ("unscaled", "scaled", "ratio"), FIGURES, "raw pair")


@grid(NAME, "rolls-jacobian", "J at rolls' weights in head 1: rows a_j, columns the scores s_j of rolls' row.")
def rolls_jacobian() -> Grid:
    return make_grid(step().before.jacobian, TOKENS, TOKENS, EXACT, CORNER)


@grid(NAME, "target", "The illustrative target for rolls' output.")
def target() -> Grid:
    return make_grid(EX.target, ("target",), labels("o", len(EX.target)), EXACT, "row", authored=(EX.target_text,))


@grid(NAME, "error", "dL/dO for rolls: its output minus the target (the loss is 1/2 |o - t|^2).")
def error() -> Grid:
    return make_grid(step().before.dO[EX.row], FOCUS, labels("o", len(EX.target)), EXACT, "row")


@grid(NAME, "d-weights", "dL/dA for rolls' row: each value row dotted with dL/dO.")
def d_weights() -> Grid:
    return make_grid(step().before.dA[EX.row], FOCUS, TOKENS, EXACT, "row \\ key")


@grid(NAME, "d-scores", "dL/dM for rolls' row: J times dL/dA.")
def d_scores() -> Grid:
    return make_grid(step().before.dM[EX.row], FOCUS, TOKENS, EXACT, "row \\ key")


@grid(NAME, "d-queries", "dL/dQ: one row per token (only rolls' output is in the loss).")
def d_queries() -> Grid:
    return make_grid(step().before.dQ, TOKENS, width_labels("q", EX.head_source.head.d_k), DECIMAL, "token")


@grid(NAME, "d-w-q", f"dL/dW_Q = X^T dL/dQ ({shape_of(EX.head_source.W_q[0])}).")
def d_w_q() -> Grid:
    return make_grid(step().before.dW_q, TOKENS, width_labels("q", EX.head_source.head.d_k), DECIMAL, "row of $W_Q$")


@scalar(NAME, "learning-rate", "The illustrative learning rate.")
def learning_rate() -> Scalar:
    return Scalar(EX.learning_rate, EXACT)


@grid(NAME, "w-q-after", "W_Q after one step: W_Q - learning rate x dL/dW_Q.")
def w_q_after() -> Grid:
    return make_grid(step().W_q_after, TOKENS, width_labels("q", EX.head_source.head.d_k), DECIMAL, "row of $W_Q$")


@grid(NAME, "weights-after", "rolls' weights after the step (row rolls; before: row rolls of red-ball-rolls weights).")
def weights_after() -> Grid:
    return make_grid(checked_weights(step().after.head.weights[EX.row]), FOCUS, TOKENS, DECIMAL, "query \\ key")


@grid(NAME, "weights-change", "rolls' weights after the step minus before.")
def weights_change() -> Grid:
    return make_grid(EX.weights_change, FOCUS, TOKENS, DECIMAL, "query \\ key")


@grid(NAME, "output-after", "rolls' output after the step.")
def output_after() -> Grid:
    return make_grid(step().after.head.output[EX.row], FOCUS, labels("o", len(EX.target)), DECIMAL, "row")


@grid(NAME, "loss", "The loss 1/2 |o_rolls - t|^2 before and after the step.")
def loss() -> Grid:
    if not step().loss_after < step().loss_before:
        raise DirectiveError(f"the step did not lower the loss ({step().loss_before!r} before, {step().loss_after!r} "
                             "after); nothing is published")
    return make_grid(np.array([[step().loss_before, step().loss_after]]), ("loss",), ("before", "after"), DECIMAL, "")


@grid(NAME, "target-distance", "How far each token's value row of head 1 is from the target (Euclidean distance).")
def target_distance() -> Grid:
    return make_grid(EX.target_distances[:, None], TOKENS, ("distance",), DECIMAL, "token")


# What docs/javascripts/live/training-step.js mirrors (directives/mirror.py): the reader's inputs and the entries.
# The learning rate, one authored number rather than a row, is not offered (live.js's fields take rows and ranged
# whole numbers).
MIRROR = Mirror(
    entries=frozenset({
        "d-queries", "d-scores", "d-w-q", "d-weights", "dot-product-gradients", "error", "largest-entries",
        "largest-growth", "largest-ratio", "learning-rate", "loss", "output-after", "raw-jacobian", "rolls-jacobian",
        "saturated-scores", "saturated-weights", "scaled-jacobian", "target", "target-distance", "w-q-after",
        "weights-after", "weights-change"}),
    editable=("target", "saturated", "learning_rate"))
