"""The worked example 'training-step': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..exact import parse_entry, parse_vector
from ..gradients import QueryStep, dot_product_jacobian, query_step, softmax_jacobian
from ..softmax import softmax
from .base import Example, bounded_text
from .red_ball_rolls import RED_BALL_ROLLS, RedBallRolls
from .scaling import SCALING, Scaling


@dataclass(frozen=True)
class TrainingStep(Example):
    """One training step on head 1 of red ball rolls, and the softmax Jacobians of the scaling example.

    X, W_q, W_k, W_v and the causal mask are red ball rolls' head 1; the weights of the Jacobians are the
    scaling example's. The loss, its target for rolls and the learning rate are illustrative, and so is the
    saturated pair of raw dot products, whose softmax is nearly one-hot without the division by sqrt(d_k).
    """

    name: str = "training-step"
    title: str = "one training step"
    tokens: tuple[str, ...] = RED_BALL_ROLLS.tokens
    target_text: tuple[str, ...] = ("0", "2")
    learning_rate_text: str = bounded_text("1", "the learning rate", above=0)
    saturated_text: tuple[str, ...] = ("8", "0")
    focus: str = RED_BALL_ROLLS.focus
    illustrative: tuple[str, ...] = ("target", "learning_rate", "saturated")
    exact: bool = False
    head_source: RedBallRolls = RED_BALL_ROLLS  # the examples this one is built on: a change there reaches here
    weights_source: Scaling = SCALING

    def impossible(self) -> Iterator[tuple[str, str]]:
        """The focus must be a token; the target is an output row of the head (d_v entries). (The learning rate,
        by which a step moves against the gradient, is above 0 as declared.)"""
        if self.focus not in self.tokens:
            yield "focus", f"{self.focus!r} is not a token; accepted: one of {', '.join(self.tokens)}"
        keys = len(self.weights_source.tokens)
        if len(self.saturated_text) != keys:
            yield "saturated_text", (f"{len(self.saturated_text)} raw dot products for the scaling example's "
                                     f"{keys} keys; accepted: {keys} numbers")
        d_v = self.head_source.W_v[0].shape[1]
        if len(self.target_text) != d_v:
            yield "target_text", (f"{len(self.target_text)} entries for an output row of d_v = {d_v} (the values of "
                                  f"{self.head_source.title}); accepted: {d_v} numbers")

    @cached_property
    def target(self) -> np.ndarray:
        """The illustrative output rolls should move towards, (d_v,) = (2,)."""
        return frozen(parse_vector(self.target_text))

    @property
    def learning_rate(self) -> float:
        """The illustrative step size."""
        return parse_entry(self.learning_rate_text)

    @property
    def row(self) -> int:
        """Row of the token whose output is in the loss (rolls)."""
        return self.tokens.index(self.focus)

    @cached_property
    def step(self) -> QueryStep:
        """The gradient of L = 1/2 |o_rolls - target|^2 through head 1, and one step on W_q."""
        ex = self.head_source
        return query_step(ex.X, ex.W_q[0], ex.W_k[0], ex.W_v[0], self.row, self.target, self.learning_rate,
                          mask=ex.mask)

    @cached_property
    def raw_jacobian(self) -> np.ndarray:
        """J at the scaling example's weights of the raw scores, (2, 2)."""
        return frozen(softmax_jacobian(self.weights_source.raw_weights))

    @cached_property
    def scaled_jacobian(self) -> np.ndarray:
        """J at the weights of the scaled scores, (2, 2)."""
        return frozen(softmax_jacobian(self.weights_source.scaled_weights))

    @cached_property
    def largest_jacobian_entries(self) -> np.ndarray:
        """The largest |J_ij| of the raw and of the scaled Jacobian, (2,)."""
        return frozen(np.array([np.abs(self.raw_jacobian).max(), np.abs(self.scaled_jacobian).max()]))

    @property
    def largest_jacobian_growth(self) -> float:
        """The largest |J_ij| raw minus |J_ij| scaled over the entries: negative when every entry shrinks."""
        return float((np.abs(self.raw_jacobian) - np.abs(self.scaled_jacobian)).max())  # (2, 2) -> ()

    @property
    def largest_jacobian_ratio(self) -> float:
        """The raw Jacobian's largest |J_ij| over the scaled one's."""
        raw, scaled = self.largest_jacobian_entries
        return float(raw / scaled)

    @cached_property
    def saturated(self) -> np.ndarray:
        """The illustrative saturated pair of raw dot products, (2,)."""
        return frozen(parse_vector(self.saturated_text))

    @cached_property
    def saturated_scores(self) -> np.ndarray:
        """The saturated pair as it is (row 0) and divided by sqrt(d_k) (row 1), (2, m)."""
        return frozen(np.array([self.saturated, self.saturated / self.weights_source.divisor]))  # (2, m)

    @cached_property
    def saturated_weights(self) -> np.ndarray:
        """Softmax of each row of saturated_scores, (2, m): nearly one-hot raw, softer scaled."""
        return frozen(softmax(self.saturated_scores))  # (2, m) -> (2, m)

    @cached_property
    def dot_product_gradients(self) -> np.ndarray:
        """The largest |da_i/dr_j| per unit of raw dot product r, (2, 2): rows the scaling example's raw scores
        and the saturated pair, columns softmax(r) and softmax(r / sqrt(d_k))."""
        pairs = (self.weights_source.raw_scores, self.saturated)
        divisors = (1.0, self.weights_source.divisor)
        return frozen(np.array([[np.abs(dot_product_jacobian(r, d)).max() for d in divisors] for r in pairs]))

    @cached_property
    def dot_product_gradient_ratios(self) -> np.ndarray:
        """Each row of dot_product_gradients, scaled over unscaled, (2,)."""
        G = self.dot_product_gradients  # (2, 2)
        return frozen(G[:, 1] / G[:, 0])  # (2,)

    @cached_property
    def weights_change(self) -> np.ndarray:
        """The focus token's weights after the step minus before, (n,)."""
        before, after = self.step.before.head.weights, self.step.after.head.weights  # (n, n) each
        return frozen(after[self.row] - before[self.row])  # (n,)

    @cached_property
    def target_distances(self) -> np.ndarray:
        """The Euclidean distance of each token's value row of head 1 from the target, (n,)."""
        return frozen(np.linalg.norm(self.step.before.head.V - self.target, axis=1))  # (n, d_v) - (d_v,) -> (n,)


TRAINING_STEP = TrainingStep()
