"""The worked example 'cost': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..cost import AttentionCost, cost_table
from .base import Example, ranged


@dataclass(frozen=True)
class Cost(Example):
    """The deck's n^2 table: score entries per head for 4, 8, 128 and 1024 tokens, with bytes and multiply-adds."""

    name: str = "cost"
    title: str = "the n squared cost"
    tokens: tuple[str, ...] = ()
    lengths: tuple[int, ...] = ranged((4, 8, 128, 1024), 1, 1_000_000, "sequence lengths n")
    d_k: int = ranged(64, 1, 8192, "d_k")
    d_v: int = ranged(64, 1, 8192, "d_v")
    illustrative: tuple[str, ...] = ("d_k", "d_v")
    exact: bool = True

    @cached_property
    def table(self) -> tuple[AttentionCost, ...]:
        """One AttentionCost per length."""
        return cost_table(self.lengths, self.d_k, self.d_v)


COST = Cost()
