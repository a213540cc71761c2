"""The worked example 'rotary': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..exact import parse_matrix
from ..rotary import (
    OffsetCheck,
    RopeResult,
    ShiftAsRotation,
    check_rope_offsets,
    interpolated_positions,
    ntk_aware_base,
    rope_exponents,
    rope_frequencies,
    rope_scores,
    rope_wavelengths,
    rotate,
    sinusoid_shift_as_rotation,
)
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
    offset_starts: tuple[int, ...] = ranged((0, 3, 10), 0, 8192, "first positions of the moved pair", rising=True)
    offset: int = ranged(2, 0, 8192, "the distance between the moved pair")
    figure_p: tuple[int, ...] = ranged((0, 1, 2, 3), 0, 8192, "positions the figure turns red's query to")
    head_d: int = ranged(128, 4, 4096, "entries of a real head, d",
                         Source("the first Llama, 7B (Touvron et al. 2023): 4096 entries over 32 heads", 128))
    larger_base: int = ranged(500_000, 2, 10**9, "a larger base",
                              Source("Llama 3 (Llama Team, AI @ Meta 2024)", 500_000))
    shown_i: tuple[int, ...] = ranged((0, 1, 16, 32, 48, 63), 0, "last_pair", "pairs i of the real head shown")
    trained_L: int = ranged(2048, 1, 10**6, "positions in training",
                            Source("the first Llama (Touvron et al. 2023), as extended by Chen et al. (2023)", 2048))
    extension_s: int = ranged(4, 2, 64, "times longer texts than in training")
    sinusoid_p: int = ranged(3, 0, 1000, "the position of the sinusoidal row that is moved")
    sinusoid_k: int = ranged(2, 0, 1000, "positions the sinusoidal row is moved by")
    illustrative: tuple[str, ...] = ("Q", "K", "shift", "offset_starts", "offset", "figure_p", "shown_i",
                                     "extension_s", "sinusoid_p", "sinusoid_k")
    exact: bool = False

    def impossible(self) -> Iterator[tuple[str, str]]:
        """Rotary embeddings turn pairs of entries: the width of Q and K must be even; the moved pair starts at two
        positions or more, so that its scores can be compared (their range says they rise; the pairs shown, that
        they are the real head's)."""
        if len(self.Q_text[0]) % 2:
            yield "Q_text", f"rows {len(self.Q_text[0])} wide cannot be cut into pairs; accepted: an even width"
        if len(set(self.offset_starts)) < 2:
            yield "offset_starts", (f"{self.offset_starts!r} moves the pair to one place; accepted: two different "
                                    "first positions or more, whose scores the page compares")
        if self.head_d % 2:
            yield "head_d", f"{self.head_d} entries cannot be cut into pairs; accepted: an even width"

    @property
    def last_pair(self) -> int:
        """The last pair i of the real head: d / 2 - 1 (the pairs shown lie from 0 to it)."""
        return self.head_d // 2 - 1

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


    @cached_property
    def figure_rows(self) -> np.ndarray:
        """red's query turned to each position of the figure, (positions, d/2, 2): pair i as a point (x, y)."""
        p = np.asarray(self.figure_p, dtype=np.float64)  # (P,)
        turned = rotate(np.repeat(self.Q[:1], len(p), axis=0), p, self.base)  # (P, d)
        return frozen(turned.reshape(len(p), -1, 2))  # (P, d) -> (P, d/2, 2)

    @cached_property
    def wavelengths(self) -> np.ndarray:
        """2 pi / theta_i at the real head width, with the example's base and with the larger base, (d/2, 2)."""
        return frozen(np.stack([rope_wavelengths(self.head_d, self.base),
                                rope_wavelengths(self.head_d, self.larger_base)], axis=1))  # (d/2, 2)

    @cached_property
    def real_theta(self) -> np.ndarray:
        """theta_i at the real head width and the example's base, (d/2,)."""
        return frozen(rope_frequencies(self.head_d, self.base))

    @cached_property
    def extended_length(self) -> int:
        """The longest text read after extension: extension_s times the trained length."""
        return self.extension_s * self.trained_L

    @cached_property
    def interpolated(self) -> np.ndarray:
        """Positions 0, 1, the trained length and the last extended position, and each divided by the factor, (4, 2)."""
        p = np.array([0, 1, self.trained_L, self.extended_length - 1], dtype=np.float64)  # (4,)
        return frozen(np.stack([p, interpolated_positions(p, self.extension_s)], axis=1))  # (4, 2)

    @cached_property
    def ntk_base(self) -> float:
        """The base of NTK-aware scaling for the extension factor at the real head width."""
        return ntk_aware_base(self.base, self.extension_s, self.head_d)

    @cached_property
    def ntk_theta(self) -> np.ndarray:
        """theta of the first and last pair of the real head: as trained and with the NTK-aware base, (2, 2)."""
        before = rope_frequencies(self.head_d, self.base)[[0, -1]]  # (2,)
        after = rope_frequencies(self.head_d, self.ntk_base)[[0, -1]]  # (2,)
        return frozen(np.stack([before, after], axis=1))  # (2, 2)

    @cached_property
    def shift_rotation(self) -> ShiftAsRotation:
        """The sinusoidal row of sinusoid_p moved by sinusoid_k, as a rotation, at the example's d."""
        return sinusoid_shift_as_rotation(self.sinusoid_p, self.sinusoid_k, self.Q.shape[1])


ROTARY = Rotary()
