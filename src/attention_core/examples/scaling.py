"""The worked example 'scaling': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..exact import parse_matrix, parse_vector
from ..softmax import softmax
from .base import Example, Rows


@dataclass(frozen=True)
class Scaling(Example):
    """Why scores are divided by sqrt(d_k): one query, two keys in four dimensions, raw scores 4 and 2.

    The vectors are illustrative (the deck gives only the scores).
    """

    name: str = "scaling"
    title: str = "scaling by the square root of d_k"
    tokens: tuple[str, ...] = ("key 1", "key 2")
    query_text: tuple[str, ...] = ("1", "1", "1", "1")
    keys_text: Rows = (("1", "1", "1", "1"), ("1", "1", "0", "0"))
    illustrative: tuple[str, ...] = ("query", "keys")
    exact: bool = False

    @cached_property
    def q(self) -> np.ndarray:
        """The query (d_k,) = (4,)."""
        return frozen(parse_vector(self.query_text))

    @cached_property
    def K(self) -> np.ndarray:
        """The two keys (2, d_k) = (2, 4)."""
        return frozen(parse_matrix(self.keys_text))

    @property
    def d_k(self) -> int:
        """Width of query and keys."""
        return int(self.q.shape[0])

    @property
    def divisor(self) -> float:
        """sqrt(d_k), the number the scores are divided by."""
        return float(np.sqrt(self.d_k))

    @cached_property
    def raw_scores(self) -> np.ndarray:
        """q . k_j for each key, (2,)."""
        return frozen(self.K @ self.q)  # (2, d_k) x (d_k,) -> (2,)

    @cached_property
    def raw_weights(self) -> np.ndarray:
        """Softmax of the raw scores, (2,)."""
        return frozen(softmax(self.raw_scores))

    @cached_property
    def scaled_scores(self) -> np.ndarray:
        """Raw scores divided by sqrt(d_k), (2,)."""
        return frozen(self.raw_scores / self.divisor)

    @cached_property
    def scaled_weights(self) -> np.ndarray:
        """Softmax of the scaled scores, (2,)."""
        return frozen(softmax(self.scaled_scores))


SCALING = Scaling()
