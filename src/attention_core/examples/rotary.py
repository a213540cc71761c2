"""The worked example 'rotary': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..exact import parse_matrix
from ..rotary import OffsetCheck, RopeResult, check_rope_offsets, rope_exponents, rope_frequencies, rope_scores
from .base import Example, Magnitude, Rows, Source, ranged


@dataclass(frozen=True)
class Rotary(Example):
    """Rotary position embedding on three tokens with d = 4: queries and keys turned by their position.

    The query and key rows, the shift and the moved pair of positions are illustrative; the base 10000 and
    the formula theta_i = base^(-2i/d) are RoFormer's (Su et al. 2021).
    """

    name: str = "rotary"
    title: str = "red ball rolls, rotated"
    tokens: tuple[str, ...] = ("red", "ball", "rolls")
    Q_text: Rows = (("1", "0", "1", "0"), ("0", "1", "0", "1"), ("1", "1", "0", "0"))
    K_text: Rows = (("1", "0", "0", "1"), ("1", "0", "1", "0"), ("0", "1", "1", "0"))
    base: int = ranged(10000, 2, 10**9, "the base of the frequencies", Source("RoFormer (Su et al. 2021)", 10000))
    magnitudes: tuple[Magnitude, ...] = (
        Magnitude("slow", "each", high=0.1, meaning="at most 0.1 radians per position: a turn takes 60 positions"),
    )
    shift: int = ranged(5, 0, 8192, "positions every token is moved by")
    offset_starts: tuple[int, ...] = ranged((0, 3, 10), 0, 8192, "first positions of the moved pair")
    offset: int = ranged(2, 0, 8192, "the distance between the moved pair")
    illustrative: tuple[str, ...] = ("Q", "K", "shift", "offset_starts", "offset")
    exact: bool = False

    def impossible(self) -> Iterator[tuple[str, str]]:
        """Rotary embeddings turn pairs of entries: the width of Q and K must be even; the moved pair starts at two
        positions or more, so that its scores can be compared."""
        if len(self.Q_text[0]) % 2:
            yield "Q_text", f"rows {len(self.Q_text[0])} wide cannot be cut into pairs; accepted: an even width"
        if len(set(self.offset_starts)) < 2:
            yield "offset_starts", (f"{self.offset_starts!r} moves the pair to one place; accepted: two different "
                                    "first positions or more, whose scores the page compares")

    @cached_property
    def Q(self) -> np.ndarray:
        """Query rows before rotation, (n, d) = (3, 4)."""
        return frozen(parse_matrix(self.Q_text))

    @cached_property
    def K(self) -> np.ndarray:
        """Key rows before rotation, (3, 4)."""
        return frozen(parse_matrix(self.K_text))

    @cached_property
    def theta(self) -> np.ndarray:
        """The frequencies theta_i = base^(-2i/d), i from 0, (d/2,)."""
        return frozen(rope_frequencies(self.Q.shape[1], self.base))

    @cached_property
    def exponents(self) -> np.ndarray:
        """The exponents -2i/d of theta_i = base^(-2i/d), i from 0, (d/2,)."""
        return frozen(rope_exponents(self.Q.shape[1]))

    @cached_property
    def plain_scores(self) -> np.ndarray:
        """Scores with no rotation (no position information), (n, n)."""
        return frozen(self.Q @ self.K.T)  # (n, d) x (d, n) -> (n, n)

    @cached_property
    def rope(self) -> RopeResult:
        """Rotary scores with the tokens at positions 0, 1, 2."""
        return rope_scores(self.Q, self.K, base=self.base)

    @cached_property
    def offsets(self) -> OffsetCheck:
        """The scores again with every position moved by `shift`."""
        return check_rope_offsets(self.Q, self.K, self.shift, self.base)

    @cached_property
    def shifted_positions(self) -> np.ndarray:
        """The positions of the offset check: every token's moved by `shift`, (n,)."""
        return frozen(self.rope.q_positions + self.shift)  # (n,)

    @cached_property
    def moved_pair(self) -> np.ndarray:
        """The first query (red) and the last key (rolls) placed at (s, s + offset) for each start s, (starts,)."""
        q, k = self.Q[:1], self.K[-1:]  # (1, d) each
        return frozen(np.array([
            rope_scores(q, k, [start], [start + self.offset], self.base).scores[0, 0] for start in self.offset_starts
        ]))

    @cached_property
    def unmoved_pair(self) -> float:
        """The same query and key with no rotation at all: the score of offset 0."""
        return float(self.Q[0] @ self.K[-1])  # (d,) . (d,) -> ()


ROTARY = Rotary()
