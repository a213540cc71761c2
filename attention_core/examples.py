"""Worked examples as data: the inputs and labels a reader sees; every other number is computed.

Each example is a frozen dataclass. Fields ending in `_text` hold entries exactly as authored ("ln 2",
"1/2"), so pages can show them as written; `functools.cached_property` members compute everything else
from them with the rest of the core. Change an input and every dependent number changes with it.
Inputs listed in `illustrative` are not in the seed documents: they were chosen to keep the arithmetic
exact or readable, and pages must say so.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from types import MappingProxyType

import numpy as np

from ._checks import frozen
from .attention import AttentionResult, scaled_dot_product_attention, score_spread
from .exact import parse_entry, parse_matrix, parse_vector
from .multihead import MultiHeadResult, multi_head_attention
from .softmax import SoftmaxSteps, causal_mask, softmax, softmax_steps

__all__ = [
    "BUS_IS_LATE",
    "EXAMPLES",
    "HEAD_WIDTH",
    "RED_BALL_ROLLS",
    "SCALING",
    "BusIsLate",
    "Example",
    "HeadWidth",
    "RedBallRolls",
    "Scaling",
]

Rows = tuple[tuple[str, ...], ...]
IDENTITY_3: Rows = (("1", "0", "0"), ("0", "1", "0"), ("0", "0", "1"))


@dataclass(frozen=True)
class Example:
    """What every worked example has: a slug, a title, token labels, and which inputs are illustrative."""

    name: str
    title: str
    tokens: tuple[str, ...]

    @property
    def authored(self) -> dict[str, object]:
        """Return the inputs as authored, keyed by symbol: {"W_k": (("0",), ("ln 2",), ("0",)), ...}."""
        authored = [f.name for f in fields(self) if f.name.endswith("_text")]
        return {name.removesuffix("_text"): getattr(self, name) for name in authored}


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
    W_q_text: Rows = (("0",), ("0",), ("1",))
    W_k_text: Rows = (("0",), ("ln 2",), ("0",))
    W_v_text: Rows = (("1", "0"), ("0", "2"), ("1", "1"))
    W_q2_text: Rows = (("0",), ("0",), ("1",))
    W_k2_text: Rows = (("ln 2",), ("0",), ("0",))
    W_v2_text: Rows = (("1", "0"), ("0", "2"), ("1", "1"))
    W_o_text: Rows = (("1", "0", "1/2"), ("0", "1", "0"), ("0", "0", "1"), ("-1", "0", "0"))
    causal: bool = True
    focus: str = "rolls"
    illustrative: tuple[str, ...] = ("W_q2", "W_k2", "W_v2", "W_o")
    exact: bool = True

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
        return causal_mask(len(self.tokens)) if self.causal else None

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

    @cached_property
    def hard_choice(self) -> np.ndarray:
        """The value row of the top-scoring key of the focus token: the hard choice attention avoids."""
        row = self.head.masked[self.focus_index]
        return self.head.V[int(np.argmax(row))]


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
    scale_text: str = "1"
    focus: str = "late"
    illustrative: tuple[str, ...] = ()
    exact: bool = False

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
        return self.late.scaled[0]

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
    def weights(self) -> np.ndarray:
        """Late's weights over bus, is, late, (3,)."""
        return self.late.weights[0]

    @cached_property
    def contributions(self) -> np.ndarray:
        """Weight times value for each token, (3, d_v); the rows sum to the output."""
        return frozen(self.weights[:, None] * self.V)  # (n, 1) * (n, d_v) -> (n, d_v)

    @property
    def output(self) -> np.ndarray:
        """Late's new vector, (d_v,) = (2,)."""
        return self.late.output[0]

    @cached_property
    def all_tokens(self) -> AttentionResult:
        """All three queries at once, no mask, no scaling: weights (3, 3), output (3, 2)."""
        return scaled_dot_product_attention(self.Q, self.K, self.V, scale=self.scale)


@dataclass(frozen=True)
class Scaling(Example):
    """Why scores are divided by sqrt(d_k): one query, two keys in four dimensions, raw scores 4 and 2.

    The vectors are illustrative (the deck gives only the scores).
    """

    name: str = "scaling"
    title: str = "scaling by the square root of d_k"
    tokens: tuple[str, ...] = ("key 1", "key 2")
    query_text: tuple[str, ...] = ("1", "1", "1", "1")
    keys_text: Rows = (("1", "1", "1", "1"), ("1", "1", "0", "0"))
    illustrative: tuple[str, ...] = ("query", "keys")
    exact: bool = False

    @cached_property
    def q(self) -> np.ndarray:
        """The query (d_k,) = (4,)."""
        return frozen(parse_vector(self.query_text))

    @cached_property
    def K(self) -> np.ndarray:
        """The two keys (2, d_k) = (2, 4)."""
        return frozen(parse_matrix(self.keys_text))

    @property
    def d_k(self) -> int:
        """Width of query and keys."""
        return int(self.q.shape[0])

    @property
    def divisor(self) -> float:
        """sqrt(d_k), the number the scores are divided by."""
        return float(np.sqrt(self.d_k))

    @cached_property
    def raw_scores(self) -> np.ndarray:
        """q . k_j for each key, (2,)."""
        return frozen(self.K @ self.q)  # (2, d_k) x (d_k,) -> (2,)

    @cached_property
    def raw_weights(self) -> np.ndarray:
        """Softmax of the raw scores, (2,)."""
        return frozen(softmax(self.raw_scores))

    @cached_property
    def scaled_scores(self) -> np.ndarray:
        """Raw scores divided by sqrt(d_k), (2,)."""
        return frozen(self.raw_scores / self.divisor)

    @cached_property
    def scaled_weights(self) -> np.ndarray:
        """Softmax of the scaled scores, (2,)."""
        return frozen(softmax(self.scaled_scores))


@dataclass(frozen=True)
class HeadWidth(Example):
    """The spread of raw dot products grows like sqrt(d_k); divided by sqrt(d_k) it stays near 1.

    Random q and k with independent standard normal entries, drawn from one seeded generator.
    """

    name: str = "head-width"
    title: str = "head width and the spread of scores"
    tokens: tuple[str, ...] = ()
    seed: int = 0
    widths: tuple[int, ...] = (1, 4, 16, 64, 256)
    samples: int = 10_000
    illustrative: tuple[str, ...] = ("seed",)
    exact: bool = False

    @cached_property
    def spreads(self) -> tuple[tuple[float, float], ...]:
        """(raw sd, scaled sd) for each width, in order, from one generator seeded with `seed`."""
        rng = np.random.default_rng(self.seed)
        return tuple(score_spread(rng, d_k, self.samples) for d_k in self.widths)

    @property
    def sqrt_widths(self) -> np.ndarray:
        """sqrt(d_k) for each width, what the raw sd should be close to."""
        return np.sqrt(np.array(self.widths, dtype=np.float64))

    @property
    def raw_sd(self) -> np.ndarray:
        """Standard deviation of q . k for each width."""
        return np.array([raw for raw, _ in self.spreads])

    @property
    def scaled_sd(self) -> np.ndarray:
        """Standard deviation of q . k / sqrt(d_k) for each width."""
        return np.array([scaled for _, scaled in self.spreads])


RED_BALL_ROLLS = RedBallRolls()
BUS_IS_LATE = BusIsLate()
SCALING = Scaling()
HEAD_WIDTH = HeadWidth()

EXAMPLES: MappingProxyType[str, Example] = MappingProxyType(
    {example.name: example for example in (RED_BALL_ROLLS, BUS_IS_LATE, SCALING, HEAD_WIDTH)}
)
