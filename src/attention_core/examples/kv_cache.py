"""The worked example 'kv-cache': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..attention import AttentionResult, project, scaled_dot_product_attention
from ..exact import parse_matrix
from ..generation import DecodeStep, ScoreCounts, decode_with_cache, decoded_outputs, score_counts
from ..softmax import causal_mask
from .base import IDENTITY_3, RED_BALL_W_K, RED_BALL_W_Q, RED_BALL_W_V, Example, Rows


@dataclass(frozen=True)
class KVCacheExample(Example):
    """Generating red ball rolls one token at a time with a KV cache, head 1 of the deck."""

    name: str = "kv-cache"
    title: str = "red ball rolls, one token at a time"
    tokens: tuple[str, ...] = ("red", "ball", "rolls")
    X_text: Rows = IDENTITY_3
    W_q_text: Rows = RED_BALL_W_Q
    W_k_text: Rows = RED_BALL_W_K
    W_v_text: Rows = RED_BALL_W_V
    illustrative: tuple[str, ...] = ()
    exact: bool = True

    @cached_property
    def X(self) -> np.ndarray:
        """Input rows in the order they arrive, (3, 3)."""
        return frozen(parse_matrix(self.X_text))

    @cached_property
    def W(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """W_q, W_k (3, 1) and W_v (3, 2)."""
        W_q, W_k, W_v = (frozen(parse_matrix(t)) for t in (self.W_q_text, self.W_k_text, self.W_v_text))
        return W_q, W_k, W_v

    @cached_property
    def steps(self) -> tuple[DecodeStep, ...]:
        """One record per step: t, cached K and V, the newest weights (t,) and output (d_v,)."""
        return decode_with_cache(self.X, *self.W)

    @cached_property
    def full(self) -> AttentionResult:
        """Full causal attention on all rows at once, as in training."""
        return scaled_dot_product_attention(*project(self.X, *self.W), mask=causal_mask(len(self.tokens)))

    @property
    def max_difference(self) -> float:
        """Largest |cached step output - full causal output| over every row and entry: 0 up to rounding."""
        return float(np.abs(decoded_outputs(self.steps) - self.full.output).max())

    @property
    def counts(self) -> ScoreCounts:
        """Score entries per step and in total, with and without the cache."""
        return score_counts(len(self.tokens))


KV_CACHE = KVCacheExample()
