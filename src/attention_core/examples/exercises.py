"""The worked example 'exercises': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import MAX_TOKENS, MAX_WIDTH, frozen
from ..attention import attention_shapes
from ..exact import parse_matrix
from ..softmax import SoftmaxSteps, causal_mask, softmax_steps
from .base import DECK, RED_BALL_W_K, RED_BALL_W_Q, RED_BALL_W_V, Example, Rows, Source, published, ranged


@dataclass(frozen=True)
class Exercises(Example):
    """The deck's four exercises, their answers computed."""

    name: str = "exercises"
    title: str = "exercises"
    tokens: tuple[str, ...] = ("red", "ball", "rolls")
    query_position: int = ranged(2, 1, "tokens", "the 1-based position of the query of exercise 1",
                                 Source(DECK, 2))
    W_q_text: Rows = published(RED_BALL_W_Q, DECK)
    W_k_text: Rows = published(RED_BALL_W_K, DECK)
    values_text: Rows = published(RED_BALL_W_V, DECK)
    shape_n: int = ranged(5, 1, MAX_TOKENS, "tokens n of exercise 4", Source(DECK, 5))  # the core's limits
    shape_d_k: int = ranged(2, 1, MAX_WIDTH, "d_k of exercise 4", Source(DECK, 2))
    shape_d_v: int = ranged(3, 1, MAX_WIDTH, "d_v of exercise 4", Source(DECK, 3))
    illustrative: tuple[str, ...] = ()
    exact: bool = True

    @property
    def permitted_columns(self) -> tuple[int, ...]:
        """Exercise 1: the 1-based key columns the query at `query_position` may use."""
        row = causal_mask(len(self.tokens))[self.query_position - 1]
        return tuple(int(j) + 1 for j in np.flatnonzero(row))

    @cached_property
    def scores(self) -> np.ndarray:
        """Exercise 2: the score row of rolls in red ball rolls, q_rolls k_j for each key, (n,).

        The inputs are one-hot rows (X = I_3), so q_rolls is the last row of W_q and k_j the rows of W_k.
        """
        q = parse_matrix(self.W_q_text)[-1]  # (d_k,)
        return frozen(parse_matrix(self.W_k_text) @ q)  # (n, d_k) x (d_k,) -> (n,)

    @cached_property
    def softmax_steps(self) -> SoftmaxSteps:
        """Exercise 2: e^s, total and weights of the score row."""
        return softmax_steps(self.scores)

    @cached_property
    def contributions(self) -> np.ndarray:
        """Exercise 3: weight times value for each row, (3, 2)."""
        return frozen(self.softmax_steps.weights[:, None] * parse_matrix(self.values_text))  # (n, 1) * (n, d_v)

    @property
    def output(self) -> np.ndarray:
        """Exercise 3: the sum of the contributions, (2,)."""
        output: np.ndarray = self.contributions.sum(axis=0)  # (3, 2) -> (2,)
        return output

    @property
    def shapes(self) -> dict[str, tuple[int, int]]:
        """Exercise 4: the shape of every array of one head for n, d_k, d_v."""
        return attention_shapes(self.shape_n, self.shape_d_k, self.shape_d_v)


EXERCISES = Exercises()
