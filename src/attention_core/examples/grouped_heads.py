"""The worked example 'grouped-heads': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..exact import parse_matrix
from ..grouped_query import GroupedQueryResult, grouped_query_attention
from ..kv_memory import kv_cache_bytes, kv_cache_entries
from ..softmax import causal_mask
from .base import IDENTITY_3, Example, Rows, ranged


@dataclass(frozen=True)
class GroupedHeads(Example):
    """Red ball rolls with 4 query heads reading 4, 2 or 1 key/value heads (one layer, causal).

    All projections are illustrative, each head one number wide (d_k = d_v = 1). With g K/V heads the
    arrangement keeps the first g key and value projections: a model is trained with its own g, so these
    are three small models that share their query heads, not one model cut down.
    """

    name: str = "grouped-heads"
    title: str = "red ball rolls, query heads sharing K/V heads"
    tokens: tuple[str, ...] = ("red", "ball", "rolls")
    X_text: Rows = IDENTITY_3
    W_q_text: Rows = (("1", "0", "1", "2"), ("1", "1", "0", "0"), ("1", "2", "1", "1"))
    W_k_text: Rows = (("0", "ln 2", "0", "ln 2"), ("ln 2", "0", "0", "0"), ("0", "0", "ln 2", "0"))
    W_v_text: Rows = (("1", "0", "0", "1"), ("0", "1", "0", "1"), ("0", "0", "1", "0"))
    kv_heads: tuple[int, ...] = ranged((4, 2, 1), 1, "query_heads", "K/V heads of each arrangement",
                                       divides="query_heads")  # each splits the query heads into equal groups
    bytes_per_value: int = ranged(2, 1, 8, "bytes per stored number")
    illustrative: tuple[str, ...] = ("W_q", "W_k", "W_v")
    exact: bool = True

    @cached_property
    def X(self) -> np.ndarray:
        """Input rows, (n, d_model) = (3, 3)."""
        return frozen(parse_matrix(self.X_text))

    def columns(self, text: Rows) -> tuple[np.ndarray, ...]:
        """Column r of an authored (d_model, heads) matrix as head r's (d_model, 1) projection."""
        W = parse_matrix(text)
        return tuple(frozen(W[:, r : r + 1]) for r in range(W.shape[1]))  # each (d_model, 1)

    @property
    def query_heads(self) -> int:
        """h: the number of query heads (columns of W_q)."""
        return len(self.columns(self.W_q_text))

    @cached_property
    def arrangements(self) -> dict[int, GroupedQueryResult]:
        """For each number g of K/V heads: attention of every query head over the first g K/V projections."""
        W_q, W_k, W_v = (self.columns(t) for t in (self.W_q_text, self.W_k_text, self.W_v_text))
        mask = causal_mask(len(self.tokens))
        return {g: grouped_query_attention(self.X, W_q, W_k[:g], W_v[:g], mask=mask) for g in self.kv_heads}

    def kv_width(self, g: int) -> int:
        """The width of each cached key (and value) head in the arrangement with g K/V heads."""
        return int(self.arrangements[g].K[0].shape[1])

    def cache_entries(self, g: int) -> int:
        """Numbers in the cache of this one-layer example with g K/V heads, for all its tokens."""
        return kv_cache_entries(1, g, self.kv_width(g), len(self.tokens))

    def cache_bytes(self, g: int) -> int:
        """Bytes of that cache, at bytes_per_value bytes a number."""
        return kv_cache_bytes(1, g, self.kv_width(g), len(self.tokens), self.bytes_per_value)


GROUPED_HEADS = GroupedHeads()
