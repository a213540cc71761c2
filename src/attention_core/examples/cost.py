"""The worked example 'cost': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
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
    chart_lengths: tuple[int, ...] = ranged(tuple(2**k for k in range(2, 11)), 1, 1_000_000,
                                            "sequence lengths n of the growth chart", rising=True)
    d_k: int = ranged(64, 1, 8192, "d_k, the entries of a query and of a key")
    d_v: int = ranged(64, 1, 8192, "d_v, the entries of a value")
    illustrative: tuple[str, ...] = ("d_k", "d_v")
    exact: bool = True

    def impossible(self) -> Iterator[tuple[str, str]]:
        """The growth chart draws a line through its lengths: at least two (its range says they rise)."""
        if len(self.chart_lengths) < 2:
            yield "chart_lengths", f"{self.chart_lengths!r} is one length; accepted: two lengths or more"

    @cached_property
    def table(self) -> tuple[AttentionCost, ...]:
        """One AttentionCost per length."""
        return cost_table(self.lengths, self.d_k, self.d_v)


COST = Cost()
