"""The worked example 'alibi': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..exact import parse_matrix
from ..rotary import ALIBI_SPAN, alibi_bias, alibi_slopes, causal_distances
from ..softmax import apply_mask, causal_mask, softmax
from .base import Example, Rows, ranged


@dataclass(frozen=True)
class Alibi(Example):
    """ALiBi on four tokens: causal scores plus -m (i - j) for one head of h = 8.

    The scores are illustrative (all equal, so that only the bias decides); the slopes 2^(-8k/h) are those of
    Press, Smith and Lewis (2021).
    """

    name: str = "alibi"
    title: str = "the ball rolls away, with linear biases"
    tokens: tuple[str, ...] = ("the", "ball", "rolls", "away")
    scores_text: Rows = (("1", "1", "1", "1"), ("1", "1", "1", "1"), ("1", "1", "1", "1"), ("1", "1", "1", "1"))
    heads: int = ranged(8, 1, 128, "heads h, which set the slopes")
    head: int = ranged(1, 1, "heads", "the head shown, from 1")
    illustrative: tuple[str, ...] = ("scores", "head")
    exact: bool = True

    @cached_property
    def S(self) -> np.ndarray:
        """Scores before any position information, (n, n) = (4, 4)."""
        return frozen(parse_matrix(self.scores_text))

    @cached_property
    def slopes(self) -> np.ndarray:
        """The slope m_k of every head k = 1..h, (h,)."""
        return frozen(alibi_slopes(self.heads))

    @cached_property
    def slope_exponents(self) -> np.ndarray:
        """The exponent log2 m_k of every head's slope (-8k/h when h is a power of two), (h,)."""
        return frozen(np.log2(self.slopes))  # (h,)

    @cached_property
    def formula_slopes(self) -> np.ndarray:
        """2^(-8r/h) for r = 1..h, Press et al.'s formula read literally, (h,): the slopes only when h is a power of
        two (for other h, alibi_slopes takes a power of two's sequence and fills in between)."""
        r = np.arange(1, self.heads + 1, dtype=np.float64)  # (h,)
        return frozen(2.0 ** (-float(ALIBI_SPAN) * r / self.heads))  # (h,)

    @property
    def heads_power_of_two(self) -> bool:
        """Whether h is a power of two, so that the slopes are the formula's and log2 m_r = -8r/h."""
        return self.heads & (self.heads - 1) == 0

    @property
    def slope(self) -> float:
        """The slope of the worked head."""
        if not 1 <= self.head <= self.heads:
            raise ValueError(f"head must be one of 1..{self.heads}, got {self.head}")
        return float(self.slopes[self.head - 1])

    @cached_property
    def distances(self) -> np.ndarray:
        """How far back each key is from its query, i - j, -inf where the causal mask hides it, (4, 4)."""
        return frozen(causal_distances(len(self.tokens)))

    @cached_property
    def bias(self) -> np.ndarray:
        """-m (i - j) below and on the diagonal, -inf above it, (4, 4)."""
        return frozen(alibi_bias(len(self.tokens), self.slope))

    @cached_property
    def masked(self) -> np.ndarray:
        """Causal scores without positions, (4, 4)."""
        return frozen(apply_mask(self.S, causal_mask(len(self.tokens))))

    @cached_property
    def biased(self) -> np.ndarray:
        """Scores plus the bias, (4, 4)."""
        return frozen(self.S + self.bias)  # (n, n) + (n, n)

    @cached_property
    def weights(self) -> np.ndarray:
        """Softmax of the causal scores without the bias, (4, 4)."""
        return frozen(softmax(self.masked))

    @cached_property
    def biased_weights(self) -> np.ndarray:
        """Softmax of the biased scores, (4, 4)."""
        return frozen(softmax(self.biased))


ALIBI = Alibi()
