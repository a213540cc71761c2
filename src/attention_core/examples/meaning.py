"""The worked example 'meaning': a hand-made feature for each word, so that a score says why two words match."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..exact import parse_matrix, parse_vector
from ..softmax import softmax
from .base import Example, Rows


@dataclass(frozen=True)
class Meaning(Example):
    """"The glass fell off the table and it broke": one query (the word it) against every word's key.

    Every number is illustrative: each key column is a feature a reader can name (noun, breakable,
    furniture, action), and the query of it says which features it looks for. A trained model learns its
    features, and they rarely have names.
    """

    name: str = "meaning"
    title: str = "the glass fell off the table and it broke"
    tokens: tuple[str, ...] = ("the₁", "glass", "fell", "off", "the₂", "table", "and", "it", "broke")
    features: tuple[str, ...] = ("noun", "breakable", "furniture", "action")
    query_token: str = "it"
    keys_text: Rows = (
        ("0", "0", "0", "0"),  # the
        ("1", "1", "0", "0"),  # glass
        ("0", "0", "0", "1"),  # fell
        ("0", "0", "0", "0"),  # off
        ("0", "0", "0", "0"),  # the
        ("1", "0", "1", "0"),  # table
        ("0", "0", "0", "0"),  # and
        ("0", "0", "0", "0"),  # it: a pronoun, not itself a noun with these features
        ("0", "0", "0", "1"),  # broke
    )
    query_text: tuple[str, ...] = ("3", "3", "0", "0")
    illustrative: tuple[str, ...] = ("keys", "query")
    exact: bool = False

    @cached_property
    def K(self) -> np.ndarray:
        """The keys, one row per word and one column per feature, (n, d_k) = (9, 4)."""
        return frozen(parse_matrix(self.keys_text))

    @cached_property
    def q(self) -> np.ndarray:
        """The query of it, (d_k,) = (4,)."""
        return frozen(parse_vector(self.query_text))

    @property
    def d_k(self) -> int:
        """The number of features, the width of query and keys."""
        return int(self.q.shape[0])

    @property
    def divisor(self) -> float:
        """sqrt(d_k), which divides the scores (Vaswani et al. 2017)."""
        return float(np.sqrt(self.d_k))

    @cached_property
    def products(self) -> np.ndarray:
        """Feature by feature, query times key: q_f k_{j,f}, (n, d_k); each row sums to that word's score."""
        return frozen(self.K * self.q[None, :])  # (n, d_k) * (1, d_k) -> (n, d_k)

    @cached_property
    def scores(self) -> np.ndarray:
        """The raw scores q . k_j of it against every word, (n,)."""
        return frozen(self.K @ self.q)  # (n, d_k) x (d_k,) -> (n,)

    @cached_property
    def scaled(self) -> np.ndarray:
        """The scores divided by sqrt(d_k), (n,)."""
        return frozen(self.scores / self.divisor)

    @cached_property
    def weights(self) -> np.ndarray:
        """The weights of it over every word (no mask: an encoder's view), (n,); they sum to 1."""
        return frozen(softmax(self.scaled))


MEANING = Meaning()
