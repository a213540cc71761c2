"""The worked example 'cross-padding': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..attention import AttentionResult, scaled_dot_product_attention
from ..cross import (
    MASKINGS,
    combine_masks,
    cross_attention,
    empty_rows,
    filled_softmax,
    nan_zeroed_score_gradient,
)
from ..exact import parse_matrix
from ..softmax import causal_mask, padding_mask
from .base import PAD, Example, Magnitude, Rows, not_flags
from .red_ball_rolls import RED_BALL_ROLLS, RedBallRolls


@dataclass(frozen=True)
class CrossPadding(Example):
    """Two decoder tokens attending over red ball rolls; then red ball rolls' head 1 with a [pad] token.

    Keys and values are red ball rolls' head 1 (X = I, W_k, W_v). The decoder tokens, their input rows and
    their query projection are illustrative; so is the finite fill, and the [pad] row reuses rolls' input row.
    """

    name: str = "cross-padding"
    title: str = "cross-attention and padding"
    tokens: tuple[str, ...] = ("la", "balle")
    X_dec_text: Rows = (("1", "0", "0"), ("0", "1", "0"))
    W_q_dec_text: Rows = (("1",), ("2",), ("0",))
    right_real: tuple[bool, ...] = (True, True, False)
    left_real: tuple[bool, ...] = (False, True, True)
    finite_fill: float = -1e9
    magnitudes: tuple[Magnitude, ...] = (
        Magnitude("large-negative", "each", high=-1e6, meaning="at most -10^6, so e to it rounds to 0 beside a score"),
    )
    illustrative: tuple[str, ...] = ("X_dec", "W_q_dec")
    exact: bool = True
    source: RedBallRolls = RED_BALL_ROLLS  # keys, values and head 1: a change there reaches here

    def impossible(self) -> Iterator[tuple[str, str]]:
        """Each padded sequence keeps at most the source's tokens, and the fill is a finite negative number."""
        n = len(self.source.tokens)
        for name in ("right_real", "left_real"):
            flags = getattr(self, name)
            yield from not_flags(name, flags)
            if not any(flags) or sum(flags) > n:
                yield name, f"{flags!r} does not fit; accepted: flags with 1 to {n} True (real tokens, in order)"
        if not (math.isfinite(self.finite_fill) and self.finite_fill < 0):
            yield "finite_fill", f"{self.finite_fill!r} is not a finite negative number; accepted: one such as -1e9"
        d_k = self.source.W_k[0].shape[1]
        if len(self.W_q_dec_text[0]) != d_k:  # the decoder's queries meet the source's keys
            yield "W_q_dec_text", (f"has rows of {len(self.W_q_dec_text[0])} but the keys of {self.source.title} "
                                   f"have d_k = {d_k}; accepted: rows of {d_k} entries")

    @property
    def encoder_tokens(self) -> tuple[str, ...]:
        """The tokens the decoder attends over: red ball rolls."""
        return self.source.tokens

    @cached_property
    def cross(self) -> AttentionResult:
        """Decoder queries over red ball rolls' keys and values: scores and weights (2, 3), output (2, d_v)."""
        ex = self.source
        return cross_attention(parse_matrix(self.X_dec_text), ex.X, parse_matrix(self.W_q_dec_text),
                               ex.W_k[0], ex.W_v[0])

    def padded_tokens(self, real: tuple[bool, ...]) -> tuple[str, ...]:
        """The sequence with [pad] where `real` is False, real tokens in order from red."""
        words = iter(self.encoder_tokens)
        return tuple(next(words) if flag else PAD for flag in real)

    def padded_rows(self, real: tuple[bool, ...]) -> np.ndarray:
        """Input rows of the padded sequence: red ball rolls' rows in order, [pad] taking rolls' row, (n, d_model)."""
        X, pad_row = self.source.X, self.source.X[-1]
        words = iter(X)
        return frozen(np.array([next(words) if flag else pad_row for flag in real]))

    def causal_mask_of(self, real: tuple[bool, ...]) -> np.ndarray:
        """The causal mask of the padded sequence, (n, n) (not `causal`, which names whether an example is causal)."""
        return causal_mask(len(real))

    def padding(self, real: tuple[bool, ...]) -> np.ndarray:
        """The padding mask of the padded sequence: no query may use a [pad] key, (n, n)."""
        return padding_mask(real)

    def combined(self, real: tuple[bool, ...]) -> np.ndarray:
        """The causal mask AND the padding mask, (n, n)."""
        return combine_masks(self.causal_mask_of(real), self.padding(real))

    def allowed_keys(self, real: tuple[bool, ...]) -> np.ndarray:
        """How many keys each query of the padded sequence may use under causal AND padding, (n,)."""
        return frozen(self.combined(real).sum(axis=1))  # (n, n) -> (n,)

    def empty_row_count(self, real: tuple[bool, ...]) -> int:
        """The number of queries of the padded sequence that may use no key."""
        return int(empty_rows(self.combined(real)).sum())

    @cached_property
    def lengths(self) -> np.ndarray:
        """Real tokens and length n of the right-padded (row 0) and the left-padded (row 1) sequence, (2, 2)."""
        return frozen(np.array([[sum(real), len(real)] for real in (self.right_real, self.left_real)]))

    def scores(self, real: tuple[bool, ...]) -> np.ndarray:
        """Head 1's scores Q K^T / sqrt(d_k) of the padded sequence, (n, n)."""
        ex = self.source
        X = self.padded_rows(real)
        Q, K = X @ ex.W_q[0], X @ ex.W_k[0]  # (n, d_model) x (d_model, d_k) -> (n, d_k)
        return frozen(Q @ K.T / np.sqrt(Q.shape[1]))  # (n, d_k) x (d_k, n) -> (n, n)

    @cached_property
    def right(self) -> AttentionResult:
        """Head 1 on (red, ball, [pad]) with causal AND padding: every query keeps a key."""
        ex = self.source
        X = self.padded_rows(self.right_real)
        Q, K, V = X @ ex.W_q[0], X @ ex.W_k[0], X @ ex.W_v[0]  # (n, d_k), (n, d_k), (n, d_v)
        return scaled_dot_product_attention(Q, K, V, mask=self.combined(self.right_real))

    @cached_property
    def left_infinite(self) -> np.ndarray:
        """Softmax of ([pad], red, ball) with masked scores set to -inf: the [pad] row is NaN, (n, n)."""
        return frozen(filled_softmax(self.scores(self.left_real), self.combined(self.left_real), -np.inf))

    @cached_property
    def left_nan_counts(self) -> np.ndarray:
        """How many weights of each row of left_infinite are NaN (0/0), (n,)."""
        return frozen(np.isnan(self.left_infinite).sum(axis=1))  # (n, n) -> (n,)

    @property
    def left_rows_with_keys(self) -> tuple[int, ...]:
        """The rows of left_infinite with no NaN: the queries that may use a key."""
        return tuple(int(i) for i in np.flatnonzero(self.left_nan_counts == 0))

    @cached_property
    def left_finite(self) -> np.ndarray:
        """The same with masked scores set to the finite fill: the [pad] row has equal weights, (n, n)."""
        return frozen(filled_softmax(self.scores(self.left_real), self.combined(self.left_real), self.finite_fill))

    @cached_property
    def nan_gradients(self) -> np.ndarray:
        """NaN entries of dL/dS and of dL/dW_q for ([pad], red, ball) with the NaN weights replaced by 0, for an
        additive mask (row 0) and a where/masked_fill mask (row 1), (2, 2); L sums the real tokens' outputs."""
        ex, real = self.source, self.left_real
        X = self.padded_rows(real)
        K, V = X @ ex.W_k[0], X @ ex.W_v[0]  # (n, d_k), (n, d_v)
        dO = np.repeat(np.array(real, dtype=np.float64)[:, None], V.shape[1], axis=1)  # (n, d_v): 1 on real rows
        counts = []
        for masking in MASKINGS:
            dS = nan_zeroed_score_gradient(self.scores(real), self.combined(real), V, dO, masking)  # (n, n)
            with np.errstate(invalid="ignore"):
                dW_q = X.T @ (dS @ K / np.sqrt(K.shape[1]))  # (d_model, n) x (n, d_k) -> (d_model, d_k)
            counts.append([np.isnan(dS).sum(), np.isnan(dW_q).sum()])
        return frozen(np.array(counts, dtype=np.float64))


CROSS_PADDING = CrossPadding()
