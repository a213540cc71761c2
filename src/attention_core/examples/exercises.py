"""The worked example 'exercises': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import MAX_TOKENS, MAX_WIDTH, frozen
from ..attention import attention_shapes
from ..exact import parse_matrix, parse_vector
from ..softmax import SoftmaxSteps, apply_mask, causal_mask, softmax_steps
from .base import DECK, RED_BALL_W_K, RED_BALL_W_Q, RED_BALL_W_V, Example, Rows, Source, published, ranged


@dataclass(frozen=True)
class Exercises(Example):
    """The deck's four exercises and new inputs for the chapters' exercises, their answers computed."""

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
    # New inputs for the chapters' exercises, so that a reader applies each step to numbers no chapter showed
    new_x_text: Rows = (("1", "0", "2"),)  # projections: one token's input row (1, d_model)
    new_W_q_text: Rows = (("1", "0"), ("0", "1"), ("1", "1"))  # projections: (d_model, d_k)
    new_query_text: Rows = (("1", "0", "2", "1"),)  # scores: one query (1, d_k)
    new_keys_text: Rows = (("1", "1", "0", "0"), ("0", "0", "1", "1"), ("2", "0", "1", "0"))  # scores: (m, d_k)
    masked_row_text: tuple[str, ...] = ("ln 2", "0", "ln 2", "5")  # the causal mask: one row of raw scores
    masked_position: int = ranged(3, 1, "masked_row_text", "the 1-based position of the query whose score row "
                                  "the causal-mask exercise gives")
    new_scores_text: tuple[str, ...] = ("ln 2", "0", "ln 5")  # softmax: a score row (m,)
    new_values_text: Rows = (("4", "0"), ("0", "8"), ("8", "8"))  # weighted sum: (m, d_v), one row a score
    illustrative: tuple[str, ...] = ("new_x", "new_W_q", "new_query", "new_keys", "masked_row", "new_scores",
                                     "new_values")
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

    def impossible(self) -> Iterator[tuple[str, str]]:
        """The new inputs must fit together: x with W_Q, the query with the keys, one value row per new score."""
        if len(self.new_x_text[0]) != len(self.new_W_q_text):
            yield "new_W_q_text", (f"{len(self.new_W_q_text)} rows for an input row of {len(self.new_x_text[0])} "
                                   "entries; accepted: one row of W_Q for each entry of x")
        if any(len(row) != len(self.new_query_text[0]) for row in self.new_keys_text):
            yield "new_keys_text", f"keys as wide as the query ({len(self.new_query_text[0])} entries) are accepted"
        if len(self.new_values_text) != len(self.new_scores_text):
            yield "new_values_text", (f"{len(self.new_values_text)} value rows for {len(self.new_scores_text)} "
                                      "scores; accepted: one value row for each score")

    @cached_property
    def new_query(self) -> np.ndarray:
        """Projections: q = x W_Q, (1, d_k)."""
        return frozen(parse_matrix(self.new_x_text) @ parse_matrix(self.new_W_q_text))  # (1, d_model) x (d_model, d_k)

    @cached_property
    def new_scores(self) -> np.ndarray:
        """Scores: q k_j / sqrt(d_k) for each new key, (1, m)."""
        q, K = parse_matrix(self.new_query_text), parse_matrix(self.new_keys_text)
        return frozen(q @ K.T / np.sqrt(K.shape[1]))  # (1, d_k) x (d_k, m) -> (1, m)

    @cached_property
    def masked_row(self) -> np.ndarray:
        """The causal mask on the given row of the query at masked_position: later keys set to -inf, (1, m)."""
        row = parse_vector(self.masked_row_text)[None, :]  # (1, m)
        allowed = causal_mask(row.shape[1])[self.masked_position - 1][None, :]  # (1, m)
        return frozen(apply_mask(row, allowed))

    @cached_property
    def masked_steps(self) -> SoftmaxSteps:
        """Softmax of the masked row: e^s (0 where masked), total and weights."""
        return softmax_steps(self.masked_row[0])

    @cached_property
    def new_softmax_steps(self) -> SoftmaxSteps:
        """Softmax: e^s, total and weights of the new score row."""
        return softmax_steps(parse_vector(self.new_scores_text))

    @cached_property
    def new_contributions(self) -> np.ndarray:
        """Weighted sum: each new weight times its new value row, (m, d_v)."""
        return frozen(self.new_softmax_steps.weights[:, None] * parse_matrix(self.new_values_text))  # (m, 1) * (m, d_v)

    @property
    def new_output(self) -> np.ndarray:
        """Weighted sum: the sum of the new contributions, (d_v,)."""
        output: np.ndarray = self.new_contributions.sum(axis=0)  # (m, d_v) -> (d_v,)
        return output

    @property
    def shapes(self) -> dict[str, tuple[int, int]]:
        """Exercise 4: the shape of every array of one head for n, d_k, d_v."""
        return attention_shapes(self.shape_n, self.shape_d_k, self.shape_d_v)


EXERCISES = Exercises()
