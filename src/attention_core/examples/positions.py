"""The worked example 'positions': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..exact import parse_matrix
from ..positions import (
    PermutationCheck,
    RelativeAttentionResult,
    attention_without_positions,
    check_permutation,
    learned_position_table,
    permute_rows,
    relative_position_attention,
    relative_position_indices,
    sinusoidal_positions,
)
from .base import Above, Example, Rows, ranged


@dataclass(frozen=True)
class Positions(Example):
    """"dog bites man" and "man bites dog": the same rows reordered without positions, not with them.

    Embeddings, projections, the learned-table seed and the relative tables are illustrative. Attention
    here has no causal mask, because a causal mask already depends on position.
    """

    name: str = "positions"
    title: str = "dog bites man, man bites dog"
    tokens: tuple[str, ...] = ("dog", "bites", "man")
    other_tokens: tuple[str, ...] = ("man", "bites", "dog")
    embeddings_text: Rows = (("1", "0", "1", "0"), ("0", "1", "0", "1"), ("1", "1", "0", "0"))
    W_q_text: Rows = (("0", "1"), ("1", "0"), ("0", "1"), ("1", "0"))
    W_k_text: Rows = (("1", "0"), ("0", "1"), ("1", "0"), ("0", "1"))
    W_v_text: Rows = (("0", "0"), ("1", "1"), ("0", "1"), ("1", "1"))
    table_length: int = ranged(6, "tokens", 32, "rows of the position tables (at least one a token)")
    # The heat map's ranges keep it within what a figure draws: 64 x 64 = MAX_FIGURE_CELLS at most.
    heatmap_positions: int = ranged(32, Above("table_length"), 64,
                                    "positions of the heat map, more than the worked table's")
    heatmap_width: int = ranged(32, 2, 64, "dimensions of the heat map")
    learned_seed: int = ranged(0, 0, 2**32 - 1, "the learned table's seed")
    clip: int = ranged(1, 0, "longest_distance", "the clipping distance k of relative positions")
    a_K_text: Rows = (("-1", "0"), ("0", "0"), ("1", "0"))
    a_V_text: Rows = (("0", "1"), ("0", "0"), ("1", "0"))
    illustrative: tuple[str, ...] = ("embeddings", "W_q", "W_k", "W_v", "learned_seed", "a_K", "a_V")
    exact: bool = False

    def impossible(self) -> Iterator[tuple[str, str]]:
        """The second sentence reorders the first's tokens; the relative tables hold one row per clipped distance,
        -clip to clip: 2 clip + 1 rows each."""
        if sorted(self.other_tokens) != sorted(self.tokens):
            yield "other_tokens", (f"{self.other_tokens!r} is not a reordering of the tokens {self.tokens!r}; "
                                   "accepted: the same tokens in another order (rename a token in both)")
        for name in ("a_K_text", "a_V_text"):
            rows = len(getattr(self, name))
            if rows != 2 * self.clip + 1:
                yield name, (f"{rows} rows do not fit clip = {self.clip}; accepted: 2 clip + 1 = {2 * self.clip + 1} "
                             "rows, one per distance from -clip to clip (change both together)")

    @property
    def longest_distance(self) -> int:
        """The farthest a key lies from a query in the sentence: a clip beyond it adds rows no pair reads."""
        return len(self.tokens) - 1

    @cached_property
    def E(self) -> np.ndarray:
        """Token embeddings of the first sentence, one row per token, (3, d_model) = (3, 4)."""
        return frozen(parse_matrix(self.embeddings_text))

    @property
    def order(self) -> tuple[int, ...]:
        """Row i of the second sentence is row order[i] of the first."""
        return tuple(self.tokens.index(token) for token in self.other_tokens)

    @cached_property
    def E_other(self) -> np.ndarray:
        """Token embeddings of the second sentence, (3, 4)."""
        return frozen(permute_rows(self.E, self.order))

    @cached_property
    def W(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """W_q, W_k (d_model, d_k) and W_v (d_model, d_v) of the one head."""
        W_q, W_k, W_v = (frozen(parse_matrix(t)) for t in (self.W_q_text, self.W_k_text, self.W_v_text))
        return W_q, W_k, W_v

    @cached_property
    def sinusoidal(self) -> np.ndarray:
        """The sinusoidal table for positions 0 to table_length - 1, (6, 4)."""
        return frozen(sinusoidal_positions(self.table_length, self.E.shape[1]))

    @cached_property
    def learned(self) -> np.ndarray:
        """A learned-style table drawn with seed `learned_seed`, (6, 4)."""
        rng = np.random.default_rng(self.learned_seed)
        return frozen(learned_position_table(rng, self.table_length, self.E.shape[1]))

    @cached_property
    def a_K(self) -> np.ndarray:
        """Relative key table, rows for distances -k..k, (2k+1, d_k)."""
        return frozen(parse_matrix(self.a_K_text))

    @cached_property
    def a_V(self) -> np.ndarray:
        """Relative value table, rows for distances -k..k, (2k+1, d_v)."""
        return frozen(parse_matrix(self.a_V_text))

    @cached_property
    def distances(self) -> np.ndarray:
        """clip(j - i, -k, k) for the three positions, (3, 3)."""
        return frozen(relative_position_indices(len(self.tokens), self.clip))

    def relative(self, X: np.ndarray) -> RelativeAttentionResult:
        """Relative-position attention of the one head on rows X."""
        return relative_position_attention(X, *self.W, self.a_K, self.a_V, self.clip)

    @cached_property
    def checks(self) -> dict[str, PermutationCheck]:
        """For "none", "sinusoidal", "learned", "relative": the outputs of both sentences and whether they match."""
        W_q, W_k, W_v = self.W
        methods = {
            "none": attention_without_positions(W_q, W_k, W_v),
            "sinusoidal": attention_without_positions(W_q, W_k, W_v, self.sinusoidal),
            "learned": attention_without_positions(W_q, W_k, W_v, self.learned),
            "relative": lambda X: self.relative(X).output,
        }
        return {name: check_permutation(f, self.E, self.order) for name, f in methods.items()}


POSITIONS = Positions()
