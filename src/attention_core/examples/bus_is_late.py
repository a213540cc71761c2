"""The worked example 'bus-is-late': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..attention import AttentionResult, scaled_dot_product_attention
from ..exact import parse_entry, parse_matrix, parse_vector
from ..softmax import SoftmaxSteps, causal_mask, softmax_steps
from .base import Example, Rows, bounded_text

RE_FEATURE = re.compile(r"(?=.{1,24}\Z)[a-z]+(?:[ -][a-z]+)*")


@dataclass(frozen=True)
class BusIsLate(Example):
    """The lesson's "the bus is late": the query of late against three keys, unscaled; then all three rows."""

    name: str = "bus-is-late"
    title: str = "the bus is late"
    tokens: tuple[str, ...] = ("bus", "is", "late")
    keys_text: Rows = (("2", "1"), ("0", "2"), ("1", "1"))
    values_text: Rows = (("10", "0"), ("0", "10"), ("5", "5"))
    query_text: tuple[str, ...] = ("1", "0")
    queries_text: Rows = (("0", "1"), ("1", "1"), ("1", "0"))
    scale_text: str = bounded_text("1", "the scale of the scores (1: none)", above=0)
    focus: str = "late"
    # What each entry of a query and a key stands for, one name an entry: the lesson's headers and sentences read them
    features: tuple[str, ...] = ("time", "link")
    illustrative: tuple[str, ...] = ()
    exact: bool = False

    def impossible(self) -> Iterator[tuple[str, str]]:
        """The focus must be a token, and the lesson's query its row of Q: the all-tokens tables repeat the hand
        calculation, so the two must agree."""
        if self.focus not in self.tokens:
            yield "focus", f"{self.focus!r} is not a token; accepted: one of {', '.join(self.tokens)}"
        elif tuple(self.query_text) != tuple(self.queries_text[self.tokens.index(self.focus)]):
            row = self.queries_text[self.tokens.index(self.focus)]
            yield "query_text", (f"the query of {self.focus}, ({', '.join(self.query_text)}), is not its row of "
                                 f"queries_text, ({', '.join(row)}); the all-tokens tables repeat the hand "
                                 "calculation, so make the two equal")
        yield from self.unnamed_features()

    def unnamed_features(self) -> Iterator[tuple[str, str]]:
        """One short name for each entry of a key (d_k of them), all different, each a word or two a header shows."""
        d_k = len(self.keys_text[0]) if self.keys_text else 0
        if len(self.features) != d_k:
            yield "features", (f"{len(self.features)} name(s) for keys of {d_k} entries; accepted: one name for each "
                               "entry of a key, in order")
        elif len(set(self.features)) != d_k or not all(RE_FEATURE.fullmatch(name) for name in self.features):
            yield "features", (f"{', '.join(map(repr, self.features))}; accepted: different names of lower-case "
                               "letters, with single spaces or hyphens between words (at most 24 characters)")

    @cached_property
    def K(self) -> np.ndarray:
        """Key rows (3, 2)."""
        return frozen(parse_matrix(self.keys_text))

    @cached_property
    def V(self) -> np.ndarray:
        """Value rows (3, 2)."""
        return frozen(parse_matrix(self.values_text))

    @cached_property
    def query(self) -> np.ndarray:
        """The query of late, (d_k,) = (2,)."""
        return frozen(parse_vector(self.query_text))

    @cached_property
    def Q(self) -> np.ndarray:
        """Query rows of all three tokens (3, 2)."""
        return frozen(parse_matrix(self.queries_text))

    @property
    def scale(self) -> float:
        """The score scale; 1 means the lesson's "we skip that here"."""
        return parse_entry(self.scale_text)

    @cached_property
    def late(self) -> AttentionResult:
        """Attention for the single query of late: scores, weights (1, 3) and output (1, 2)."""
        return scaled_dot_product_attention(self.query[None, :], self.K, self.V, scale=self.scale)

    @property
    def scores(self) -> np.ndarray:
        """Scores of late's query against bus, is, late: (3,)."""
        return self.late.scaled[0, :]

    @cached_property
    def steps(self) -> SoftmaxSteps:
        """Softmax by hand for late: e^s, total, weights."""
        return softmax_steps(self.scores)

    @property
    def exponentials(self) -> np.ndarray:
        """e to each score, (3,)."""
        return self.steps.exponentials

    @property
    def total(self) -> float:
        """The sum of the exponentials."""
        return float(self.steps.totals)

    @property
    def weight_total(self) -> float:
        """The sum of late's weights: 1 up to rounding."""
        return float(self.steps.weight_totals)

    @property
    def weights(self) -> np.ndarray:
        """Late's weights over bus, is, late, (3,)."""
        return self.late.weights[0, :]

    @cached_property
    def contributions(self) -> np.ndarray:
        """Weight times value for each token, (3, d_v); the rows sum to the output."""
        return frozen(self.weights[:, None] * self.V)  # (n, 1) * (n, d_v) -> (n, d_v)

    @property
    def output(self) -> np.ndarray:
        """Late's new vector, (d_v,) = (2,)."""
        return self.late.output[0, :]

    @cached_property
    def all_tokens(self) -> AttentionResult:
        """All three queries at once, no mask, no scaling: weights (3, 3), output (3, 2)."""
        return scaled_dot_product_attention(self.Q, self.K, self.V, scale=self.scale)

    @property
    def d_k(self) -> int:
        """The width of a query and a key."""
        return int(self.K.shape[1])

    @property
    def focus_index(self) -> int:
        """The 0-based position of the focus token."""
        return self.tokens.index(self.focus)

    @cached_property
    def masked_scaled(self) -> AttentionResult:
        """All three queries with the two steps the lesson leaves out: the causal mask and the division by
        sqrt(d_k); weights (3, 3), output (3, 2)."""
        return scaled_dot_product_attention(self.Q, self.K, self.V, mask=causal_mask(len(self.tokens)),
                                            scale=1 / np.sqrt(self.d_k))

    @cached_property
    def masked_scaled_steps(self) -> SoftmaxSteps:
        """Softmax by hand for the focus's row of masked_scaled: its scores divided by sqrt(d_k), masked."""
        return softmax_steps(self.masked_scaled.masked[self.focus_index])

    @cached_property
    def power_exponents(self) -> np.ndarray:
        """The whole numbers from 0 (or the lowest score, if below 0) to the largest score of late's query and of
        all three queries, (m,): the exponents of the table of powers a class keeps beside its calculator."""
        scores = np.concatenate([self.scores, self.all_tokens.scaled.ravel()])  # (n + n*n,)
        low, high = min(0, int(np.floor(scores.min()))), int(np.ceil(scores.max()))
        return frozen(np.arange(low, high + 1, dtype=np.float64))

    @cached_property
    def powers_of_e(self) -> np.ndarray:
        """e to each of power_exponents, (m,)."""
        return frozen(np.exp(self.power_exponents))

    @cached_property
    def score_asymmetry(self) -> np.ndarray:
        """S - S^T of all three queries, (n, n): zero everywhere only if the score matrix is symmetric."""
        S = self.all_tokens.scaled  # (n, n)
        return frozen(S - S.T)  # (n, n) - (n, n) -> (n, n)


BUS_IS_LATE = BusIsLate()
