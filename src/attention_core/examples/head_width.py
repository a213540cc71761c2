"""The worked example 'head-width': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..attention import score_spread
from .base import Example, ranged


@dataclass(frozen=True)
class HeadWidth(Example):
    """The spread of raw dot products grows like sqrt(d_k); divided by sqrt(d_k) it stays near 1.

    Random q and k with independent standard normal entries, drawn from one seeded generator.
    """

    name: str = "head-width"
    title: str = "head width and the spread of scores"
    tokens: tuple[str, ...] = ()
    # A reader may change all three on the page, where the browser draws what NumPy draws: at most 10,000 pairs at
    # widths up to 512 (at most 51 million numbers, a few seconds in a phone's browser) keep that within reach.
    seed: int = ranged(0, 0, 2**32 - 1, "the generator's seed")
    widths: tuple[int, ...] = ranged((1, 4, 16, 64, 256), 1, 512, "head widths d_k", rising=True)
    samples: int = ranged(4_000, 2, 10_000, "pairs (q, k) drawn for each width")
    illustrative: tuple[str, ...] = ("seed",)
    exact: bool = False

    def impossible(self) -> Iterator[tuple[str, str]]:
        """The spreads' slope against the width needs two widths or more."""
        if len(self.widths) < 2:
            yield "widths", f"{self.widths!r} is one width; accepted: two widths or more (a slope needs two)"

    @cached_property
    def spreads(self) -> tuple[tuple[float, float], ...]:
        """(raw sd, scaled sd) for each width, in order, from one generator seeded with `seed`."""
        rng = np.random.default_rng(self.seed)
        return tuple(score_spread(rng, d_k, self.samples) for d_k in self.widths)

    @property
    def sqrt_widths(self) -> np.ndarray:
        """sqrt(d_k) for each width, what the raw sd should be close to."""
        return np.sqrt(np.array(self.widths, dtype=np.float64))

    @property
    def raw_sd(self) -> np.ndarray:
        """Standard deviation of q . k for each width."""
        return np.array([raw for raw, _ in self.spreads])

    @property
    def scaled_sd(self) -> np.ndarray:
        """Standard deviation of q . k / sqrt(d_k) for each width."""
        return np.array([scaled for _, scaled in self.spreads])


HEAD_WIDTH = HeadWidth()
