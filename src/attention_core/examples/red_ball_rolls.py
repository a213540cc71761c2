"""The worked example 'red-ball-rolls': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..attention import AttentionResult
from ..exact import parse_matrix
from ..multihead import MultiHeadResult, multi_head_attention
from ..softmax import SoftmaxSteps, causal_mask, softmax_steps
from .base import (
    IDENTITY_3,
    PAD,
    RED_BALL_W_K,
    RED_BALL_W_Q,
    RED_BALL_W_V,
    Example,
    Magnitude,
    Rows,
    checked,
    chosen,
    not_flags,
    ranged,
)


@dataclass(frozen=True)
class RedBallRolls(Example):
    """The deck's window "red ball rolls": one causal head worked exactly, a second head, W_O, residual.

    Head 1 is the deck's (X = I_3, W_q, W_k with ln 2, W_v). Head 2's projections and the 4x3 W_O are
    illustrative: chosen so that head 2 gives rolls the weights (1/2, 1/4, 1/4) and every number stays exact.
    """

    name: str = "red-ball-rolls"
    title: str = "red ball rolls"
    tokens: tuple[str, ...] = ("red", "ball", "rolls")
    X_text: Rows = IDENTITY_3
    W_q_text: Rows = RED_BALL_W_Q
    W_k_text: Rows = RED_BALL_W_K
    W_v_text: Rows = RED_BALL_W_V
    W_q2_text: Rows = (("0",), ("0",), ("1",))
    W_k2_text: Rows = (("ln 2",), ("0",), ("0",))
    W_v2_text: Rows = RED_BALL_W_V
    W_o_text: Rows = (("1", "0", "1/2"), ("0", "1", "0"), ("0", "0", "1"), ("-1", "0", "0"))
    causal: bool = chosen(True, (True, False), "the causal mask: each token attends to itself and the tokens before it")
    focus: str = chosen("rolls", "tokens", "the token whose query the pages follow")
    magnitudes: tuple[Magnitude, ...] = (
        Magnitude("many-zeros", "share-zero", low=0.5, meaning="at least half the entries are 0"),
    )
    calculator_places: int = ranged(4, 1, 10, "decimal places of the keys the calculator is given (ln 2 as 0.6931)")
    padding_real: tuple[bool, ...] = (True, True, False)  # the variants page's padding example: False is padding
    illustrative: tuple[str, ...] = ("W_q2", "W_k2", "W_v2", "W_o")
    exact: bool = True

    def impossible(self) -> Iterator[tuple[str, str]]:
        """The padding example needs one flag a token, and a real token first; each head's
        W_K as wide as its W_Q; and the heads' sizes must fit together (the core's multi-head check)."""
        yield from not_flags("padding_real", self.padding_real)
        if len(self.padding_real) != len(self.tokens) or not any(self.padding_real):
            yield "padding_real", (f"{self.padding_real!r} does not fit; accepted: {len(self.tokens)} flags, "
                                   "one a token, at least one True (a real token)")
        for suffix, W_q, W_k in zip(("", "2"), self.W_q, self.W_k, strict=True):
            if W_q.shape[1] != W_k.shape[1]:
                yield f"W_k{suffix}_text", (f"has rows of {W_k.shape[1]} but W_q{suffix} has rows of {W_q.shape[1]} "
                                            f"(d_k); accepted: rows of {W_q.shape[1]} entries")
        yield from checked(type(self), "W_o_text", lambda: self.multihead)

    @property
    def padded_tokens(self) -> tuple[str, ...]:
        """The labels of the padding example: each token, or [pad] where `padding_real` is False."""
        return tuple(token if real else PAD for token, real in zip(self.tokens, self.padding_real, strict=True))

    @cached_property
    def X(self) -> np.ndarray:
        """Input rows, (n, d_model) = (3, 3)."""
        return frozen(parse_matrix(self.X_text))

    @cached_property
    def W_q(self) -> tuple[np.ndarray, np.ndarray]:
        """Query projections of heads 1 and 2, each (d_model, d_k) = (3, 1)."""
        return frozen(parse_matrix(self.W_q_text)), frozen(parse_matrix(self.W_q2_text))

    @cached_property
    def W_k(self) -> tuple[np.ndarray, np.ndarray]:
        """Key projections of heads 1 and 2, each (3, 1)."""
        return frozen(parse_matrix(self.W_k_text)), frozen(parse_matrix(self.W_k2_text))

    @cached_property
    def W_v(self) -> tuple[np.ndarray, np.ndarray]:
        """Value projections of heads 1 and 2, each (d_model, d_v) = (3, 2)."""
        return frozen(parse_matrix(self.W_v_text)), frozen(parse_matrix(self.W_v2_text))

    @cached_property
    def W_o(self) -> np.ndarray:
        """The illustrative output projection W_O, (h*d_v, d_model) = (4, 3)."""
        return frozen(parse_matrix(self.W_o_text))

    @cached_property
    def mask(self) -> np.ndarray | None:
        """The causal mask (3, 3), True where a query may use a key; None if not causal."""
        return frozen(causal_mask(len(self.tokens))) if self.causal else None

    @cached_property
    def multihead(self) -> MultiHeadResult:
        """Both heads, the concatenation, U = concat W_O and the residual X + U."""
        return multi_head_attention(self.X, self.W_q, self.W_k, self.W_v, self.W_o, mask=self.mask)

    @cached_property
    def head(self) -> AttentionResult:
        """Head 1, the deck's head: S, M, A (3, 3) and O (3, 2)."""
        return self.multihead.heads[0]

    @cached_property
    def head2(self) -> AttentionResult:
        """Head 2, the illustrative second head."""
        return self.multihead.heads[1]

    @property
    def divisor(self) -> float:
        """sqrt(d_k) of head 1, the number every score is divided by (1 / the head's scale)."""
        return 1.0 / self.head.scale

    @cached_property
    def w_o_nonzero(self) -> np.ndarray:
        """How many entries of each column of W_O are non-zero in each head's d_v rows, (h, d_model)."""
        ends = np.cumsum([head.d_v for head in self.multihead.heads])  # each head's last row + 1
        blocks = np.split(self.multihead.W_o, ends[:-1])  # h x (d_v, d_model)
        return frozen(np.array([(block != 0).sum(axis=0) for block in blocks]))  # (h, d_model)

    def head2_minus_head1(self, symbol: str) -> np.ndarray:
        """Head 2's Q, K or V (`symbol`) minus head 1's, (n, width). Heads of different widths are compared as if
        the narrower had zero columns added, which change no dot product: all 0 still means one shared projection."""
        later, earlier = (getattr(head, symbol) for head in (self.head2, self.head))  # (n, d2), (n, d1)
        width = max(later.shape[1], earlier.shape[1])
        later, earlier = (np.pad(a, ((0, 0), (0, width - a.shape[1]))) for a in (later, earlier))  # (n, width)
        return frozen(later - earlier)

    @cached_property
    def u_terms(self) -> np.ndarray:
        """The focus token's products c_k W_O[k, j]: column j adds up to entry j of its u, (h d_v, d_model)."""
        c = self.multihead.concat[self.focus_index]  # (h d_v,)
        return frozen(c[:, None] * self.multihead.W_o)  # (h d_v, 1) * (h d_v, d_model) -> (h d_v, d_model)

    @cached_property
    def softmax_steps(self) -> SoftmaxSteps:
        """Head 1's softmax by hand: e^M (masked entries 0), row totals, weights."""
        return softmax_steps(self.head.masked)

    @property
    def focus_index(self) -> int:
        """Row of the focus token (rolls)."""
        return self.tokens.index(self.focus)

    @cached_property
    def contributions(self) -> np.ndarray:
        """Head 1's weighted value rows for the focus token, A[i, j] v_j, (n, d_v); they sum to O[i]."""
        return frozen(self.head.weights[self.focus_index][:, None] * self.head.V)  # (n, 1) * (n, d_v)

    @cached_property
    def contributions2(self) -> np.ndarray:
        """Head 2's weighted value rows for the focus token, (n, d_v)."""
        return frozen(self.head2.weights[self.focus_index][:, None] * self.head2.V)  # (n, 1) * (n, d_v)

    @property
    def hard_choice_index(self) -> int:
        """Position of the focus token's top-scoring permitted key (ball for rolls)."""
        return int(np.argmax(self.head.masked[self.focus_index]))

    @property
    def second_key_entry(self) -> float:
        """The key of the second token (ball) as one number: its first entry that is not whole (ln 2), else its
        first entry; its only entry when d_k = 1."""
        key = self.head.K[1]  # (d_k,)
        return float(next((x for x in key if not float(x).is_integer()), key[0]))

    @cached_property
    def hard_choice(self) -> np.ndarray:
        """The value row of the top-scoring key of the focus token: the hard choice attention avoids."""
        return self.head.V[self.hard_choice_index, :]


RED_BALL_ROLLS = RedBallRolls()
