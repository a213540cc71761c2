"""One training step (example "training-step"): the softmax Jacobian, and one gradient step on W_Q of head 1.

Everything is computed by attention_core.gradients. The Jacobians use the scaling example's weights; the
step uses red ball rolls' head 1 with an illustrative target for rolls and an illustrative learning rate.
Fractions are shown where a number is one (as in red ball rolls), three decimals elsewhere.
"""

from __future__ import annotations

import numpy as np

from attention_core import QueryStep, softmax
from attention_core.examples.training_step import TRAINING_STEP as EX

from ..errors import DirectiveError
from ..formatting import NumberStyle
from ..registry import grid, scalar
from ..shown import Grid, Scalar
from .common import DECIMAL, EXACT, checked_weights, labels, make_grid

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


def largest_sizes() -> np.ndarray:
    """The largest |J_ij| of the raw and of the scaled Jacobian, (2,)."""
    return np.array([np.abs(EX.raw_jacobian).max(), np.abs(EX.scaled_jacobian).max()])


@grid(NAME, "raw-jacobian", "J = diag(a) - a a^T at the weights of the raw scores 4 and 2.")
def raw_jacobian() -> Grid:
    return jacobian_grid(EX.raw_jacobian)


@grid(NAME, "scaled-jacobian", "J = diag(a) - a a^T at the weights of the scaled scores.")
def scaled_jacobian() -> Grid:
    return jacobian_grid(EX.scaled_jacobian)


@grid(NAME, "largest-entries", "The largest size |J_ij| of each Jacobian: row raw, row scaled.")
def largest_entries() -> Grid:
    return make_grid(largest_sizes()[:, None], ("raw", "scaled"), ("largest",), DECIMAL, "Jacobian")


@scalar(NAME, "largest-growth", "The largest |J_ij| raw minus |J_ij| scaled: negative when every entry shrinks.")
def largest_growth() -> Scalar:
    return Scalar(float((np.abs(EX.raw_jacobian) - np.abs(EX.scaled_jacobian)).max()), DECIMAL)


@scalar(NAME, "largest-ratio", "The raw Jacobian's largest entry as a share of the scaled one's.")
def largest_ratio() -> Scalar:
    raw, scaled = largest_sizes()
    return Scalar(float(raw / scaled), DECIMAL)


def saturated_pair() -> np.ndarray:
    """The saturated pair of raw dot products and the same divided by sqrt(d_k), (2, 2)."""
    return np.array([EX.saturated, EX.saturated / EX.weights_source.divisor])  # (2, m)


@grid(NAME, "saturated-scores", "The illustrative saturated pair: raw dot products (row raw) and divided by "
      "sqrt(d_k) (row scaled).")
def saturated_scores() -> Grid:
    return make_grid(saturated_pair(), ("raw", "scaled"), KEYS, EXACT, "scores")


@grid(NAME, "saturated-weights", "Softmax of the saturated pair, raw (row raw) and divided by sqrt(d_k) (row scaled).")
def saturated_weights() -> Grid:
    weights = checked_weights(softmax(saturated_pair()))  # softmax of each row: (2, m) -> (2, m)
    return make_grid(weights, ("raw", "scaled"), KEYS, FIGURES, "weights")


@grid(NAME, "dot-product-gradients", "The largest |da_i/dr_j| per unit of raw dot product r: row mild (the scaling "
      "example's scores), row saturated; columns unscaled (softmax of r), scaled (softmax of r / sqrt(d_k), the "
      "division counted in the chain rule) and ratio (scaled over unscaled).")
def dot_product_gradients() -> Grid:
    G = EX.dot_product_gradients  # (2, 2)
    table = np.column_stack([G, G[:, 1] / G[:, 0]])  # (2, 3)
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
    return make_grid(step().before.dQ, TOKENS, ("q",), DECIMAL, "token")


@grid(NAME, "d-w-q", "dL/dW_Q = X^T dL/dQ (3x1).")
def d_w_q() -> Grid:
    return make_grid(step().before.dW_q, TOKENS, ("q",), DECIMAL, "row of $W_Q$")


@scalar(NAME, "learning-rate", "The illustrative learning rate.")
def learning_rate() -> Scalar:
    return Scalar(EX.learning_rate, EXACT)


@grid(NAME, "w-q-after", "W_Q after one step: W_Q - learning rate x dL/dW_Q.")
def w_q_after() -> Grid:
    return make_grid(step().W_q_after, TOKENS, ("q",), DECIMAL, "row of $W_Q$")


@grid(NAME, "weights-after", "rolls' weights after the step (row rolls; before: row rolls of red-ball-rolls weights).")
def weights_after() -> Grid:
    return make_grid(checked_weights(step().after.head.weights[EX.row]), FOCUS, TOKENS, DECIMAL, "query \\ key")


@grid(NAME, "weights-change", "rolls' weights after the step minus before.")
def weights_change() -> Grid:
    change = step().after.head.weights[EX.row] - step().before.head.weights[EX.row]  # (n,)
    return make_grid(change, FOCUS, TOKENS, DECIMAL, "query \\ key")


@grid(NAME, "output-after", "rolls' output after the step.")
def output_after() -> Grid:
    return make_grid(step().after.head.output[EX.row], FOCUS, labels("o", len(EX.target)), DECIMAL, "row")


@grid(NAME, "loss", "The loss 1/2 |o_rolls - t|^2 before and after the step.")
def loss() -> Grid:
    if not step().loss_after < step().loss_before:
        raise DirectiveError(f"the step raised the loss from {step().loss_before!r} to {step().loss_after!r}; "
                             "nothing is published")
    return make_grid(np.array([[step().loss_before, step().loss_after]]), ("loss",), ("before", "after"), DECIMAL, "")


@grid(NAME, "target-distance", "How far each token's value row of head 1 is from the target (Euclidean distance).")
def target_distance() -> Grid:
    distances = np.linalg.norm(step().before.head.V - EX.target, axis=1)  # (n, d_v) - (d_v,) -> (n,)
    return make_grid(distances[:, None], TOKENS, ("distance",), DECIMAL, "token")
