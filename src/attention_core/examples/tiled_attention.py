"""The worked example 'tiled-attention': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..attention import AttentionResult, scaled_dot_product_attention
from ..cost import TiledResult, tiled_attention
from ..exact import parse_entry, parse_matrix
from .base import Example, Rows, bounded_text, ranged


@dataclass(frozen=True)
class TiledAttention(Example):
    """Tiled attention on four tokens in blocks of two keys: running max and running sum per query row.

    The numbers are illustrative, small integers so the running statistics can be followed by hand.
    """

    name: str = "tiled-attention"
    title: str = "attention in tiles, with a running maximum and sum"
    tokens: tuple[str, ...] = ("t1", "t2", "t3", "t4")
    Q_text: Rows = (("1", "0"), ("0", "1"), ("1", "1"), ("0", "0"))
    K_text: Rows = (("1", "0"), ("0", "1"), ("1", "1"), ("-1", "0"))
    V_text: Rows = (("1", "0"), ("0", "1"), ("1", "1"), ("2", "0"))
    block: int = ranged(2, 1, "tokens", "keys in one tile")
    scale_text: str = bounded_text("1", "the scale of the scores (1: none)", above=0)
    illustrative: tuple[str, ...] = ("Q", "K", "V")
    exact: bool = False

    @cached_property
    def QKV(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Q, K (4, 2) and V (4, 2)."""
        Q, K, V = (frozen(parse_matrix(t)) for t in (self.Q_text, self.K_text, self.V_text))
        return Q, K, V

    @cached_property
    def result(self) -> TiledResult:
        """Tiled attention without a mask: output (4, 2) and one trace entry per block of keys."""
        return tiled_attention(*self.QKV, causal=False, block=self.block, scale=parse_entry(self.scale_text))

    @cached_property
    def block_maxima(self) -> np.ndarray:
        """The largest score of each block for each query, (blocks, n): -inf where a block has no allowed key."""
        return frozen(np.array([step.scores.max(axis=1) for step in self.result.trace]))  # blocks x (n,)

    @cached_property
    def naive(self) -> AttentionResult:
        """The same attention computed with the full 4 x 4 score matrix, for comparison."""
        return scaled_dot_product_attention(*self.QKV, scale=parse_entry(self.scale_text))

    @property
    def max_difference(self) -> float:
        """Largest |tiled output - naive output| over every entry: 0 up to rounding."""
        return float(np.abs(self.result.output - self.naive.output).max())


TILED_ATTENTION = TiledAttention()
