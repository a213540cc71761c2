"""The worked example 'batched-heads': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..batched import BatchedResult, batched_attention, linear, per_head_attention
from ..exact import parse_matrix
from ..softmax import causal_mask
from .base import Example, Rows, ranged


@dataclass(frozen=True)
class BatchedHeads(Example):
    """A batch of two causal sequences of three tokens, d_model = 4, two heads of d_head = 2, in one expression.

    Every input is illustrative: the token rows of both sequences and the full-width W_q, W_k, W_v and W_O.
    """

    name: str = "batched-heads"
    title: str = "a batch of sequences, several heads"
    tokens: tuple[str, ...] = ("red", "ball", "rolls", "bus", "is", "late")
    sequences: tuple[tuple[str, ...], ...] = (("red", "ball", "rolls"), ("bus", "is", "late"))
    X_text: Rows = (("1", "0", "1", "0"), ("0", "1", "0", "1"), ("1", "1", "0", "0"),
                    ("0", "0", "1", "1"), ("1", "0", "0", "1"), ("0", "1", "1", "0"))
    W_q_text: Rows = (("1", "0", "0", "1"), ("0", "1", "1", "0"), ("1", "1", "0", "0"), ("0", "0", "1", "1"))
    W_k_text: Rows = (("0", "1", "1", "0"), ("1", "0", "0", "1"), ("0", "0", "1", "1"), ("1", "1", "0", "0"))
    W_v_text: Rows = (("1", "0", "1", "0"), ("0", "1", "0", "1"), ("1", "1", "0", "0"), ("0", "0", "1", "1"))
    W_o_text: Rows = (("1", "0", "0", "1/2"), ("0", "1", "0", "0"), ("0", "0", "1", "0"), ("1/2", "0", "0", "1"))
    h: int = ranged(2, 1, "d_model", "heads (each d_model / h wide)", divides="d_model")
    illustrative: tuple[str, ...] = ("X", "W_q", "W_k", "W_v", "W_o")
    exact: bool = False

    def impossible(self) -> Iterator[tuple[str, str]]:
        """Every sequence must have the same length (h's range says the heads split d_model evenly)."""
        if len({len(seq) for seq in self.sequences}) != 1 or len(self.X_text) != sum(map(len, self.sequences)):
            yield "sequences", "every sequence needs the same length, and X one row per token of them all"

    @cached_property
    def X(self) -> np.ndarray:
        """The batch, (B, n, d_model) = (2, 3, 4): the token rows of each sequence in turn."""
        B, n = len(self.sequences), len(self.sequences[0])
        return frozen(parse_matrix(self.X_text).reshape(B, n, -1))  # (B*n, d_model) -> (B, n, d_model)

    @cached_property
    def W(self) -> dict[str, np.ndarray]:
        """The full-width projections W_q, W_k, W_v, W_o, each (d_model, d_model)."""
        return {name: frozen(parse_matrix(getattr(self, f"{name}_text"))) for name in ("W_q", "W_k", "W_v", "W_o")}

    @property
    def d_model(self) -> int:
        """The width of a token's row, W_q's rows."""
        return len(self.W_q_text)

    @property
    def d_head(self) -> int:
        """The width of one head, d_model / h."""
        return self.d_model // self.h

    @cached_property
    def queries_full(self) -> np.ndarray:
        """X W_q, the full-width queries before the heads are split, (B, n, d_model)."""
        return frozen(self.X @ self.W["W_q"])  # (B, n, d_model) x (d_model, d_model) -> (B, n, d_model)

    @cached_property
    def queries_cut(self) -> np.ndarray:
        """X W_q with its last axis cut into h blocks, before the transpose, (B, n, h, d_head)."""
        B, n, _ = self.X.shape
        return frozen(self.queries_full.reshape(B, n, self.h, self.d_head))  # (B, n, d_model) -> (B, n, h, d_head)

    @cached_property
    def mask(self) -> np.ndarray:
        """The causal mask (n, n), shared by every sequence and head."""
        return frozen(causal_mask(self.X.shape[1]))

    @cached_property
    def batched(self) -> BatchedResult:
        """Batched multi-head attention of the whole batch in one expression."""
        W = self.W
        return batched_attention(self.X, W["W_q"], W["W_k"], W["W_v"], W["W_o"], self.h, self.mask)

    @cached_property
    def per_head(self) -> np.ndarray:
        """U computed one sequence and one head at a time, as the rest of the site does, (B, n, d_model)."""
        W = self.W
        return frozen(per_head_attention(self.X, W["W_q"], W["W_k"], W["W_v"], W["W_o"], self.h, self.mask))

    @cached_property
    def linear_queries(self) -> np.ndarray:
        """X W_q computed the nn.Linear way, x (W_q^T)^T with the weight stored (out, in), (B, n, d_model)."""
        return frozen(linear(self.X, self.W["W_q"].T))  # weight (out, in) = W_q^T

    @property
    def per_head_difference(self) -> float:
        """The largest |U batched - U one head and one sequence at a time| over the batch: 0 up to rounding."""
        return float(np.abs(self.batched.U - self.per_head).max())

    @property
    def linear_difference(self) -> float:
        """The largest |X W_q - linear(X, W_q^T)| over the batch: 0 up to rounding."""
        return float(np.abs(self.queries_full - self.linear_queries).max())


BATCHED_HEADS = BatchedHeads()
