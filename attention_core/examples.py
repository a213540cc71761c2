"""Worked examples as data: the inputs and labels a reader sees; every other number is computed.

Each example is a frozen dataclass. Fields ending in `_text` hold entries exactly as authored ("ln 2",
"1/2"), so pages can show them as written; `functools.cached_property` members compute everything else
from them with the rest of the core. Change an input and every dependent number changes with it.
Inputs listed in `illustrative` are not in the seed documents: they were chosen to keep the arithmetic
exact or readable, and pages must say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property
from types import MappingProxyType

import numpy as np

from ._checks import frozen
from .attention import AttentionResult, attention_shapes, project, scaled_dot_product_attention, score_spread
from .cost import AttentionCost, TiledResult, cost_table, tiled_attention
from .exact import parse_entry, parse_matrix, parse_vector
from .generation import DecodeStep, ScoreCounts, decode_with_cache, decoded_outputs, score_counts
from .initialisation import InitialWeights, initialise_heads, scaled_normal_sd
from .layer import LayerParameters, LayerResult, logits, next_token, transformer_layer
from .multihead import MultiHeadResult, multi_head_attention
from .positions import (
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
from .softmax import SoftmaxSteps, causal_mask, softmax, softmax_steps

__all__ = [
    "BUS_IS_LATE",
    "COST",
    "EXAMPLES",
    "EXERCISES",
    "GENERATION",
    "HEAD_WIDTH",
    "INITIALISATION",
    "POSITIONS",
    "RED_BALL_LAYER",
    "RED_BALL_ROLLS",
    "SCALING",
    "TILED",
    "BusIsLate",
    "Cost",
    "Example",
    "Exercises",
    "Generation",
    "HeadWidth",
    "Initialisation",
    "Positions",
    "RedBallLayer",
    "RedBallRolls",
    "Scaling",
    "Tiled",
]

Rows = tuple[tuple[str, ...], ...]
IDENTITY_3: Rows = (("1", "0", "0"), ("0", "1", "0"), ("0", "0", "1"))
RED_BALL_W_Q: Rows = (("0",), ("0",), ("1",))
RED_BALL_W_K: Rows = (("0",), ("ln 2",), ("0",))
RED_BALL_W_V: Rows = (("1", "0"), ("0", "2"), ("1", "1"))


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
    W_q_text: Rows = RED_BALL_W_Q
    W_k_text: Rows = RED_BALL_W_K
    W_v_text: Rows = RED_BALL_W_V
    W_q2_text: Rows = (("0",), ("0",), ("1",))
    W_k2_text: Rows = (("ln 2",), ("0",), ("0",))
    W_v2_text: Rows = RED_BALL_W_V
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

    @cached_property
    def hard_choice(self) -> np.ndarray:
        """The value row of the top-scoring key of the focus token: the hard choice attention avoids."""
        return self.head.V[self.hard_choice_index]


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
    samples: int = 4_000
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


@dataclass(frozen=True)
class RedBallLayer(Example):
    """The whole post-norm Transformer layer on red ball rolls, then logits and the next token.

    Attention weights are RED_BALL_ROLLS's (both heads and W_O). The feed-forward weights, the five-word
    vocabulary and W_vocab are illustrative: simple entries, not trained, so the chosen word shows the
    mechanism, not a prediction.
    """

    name: str = "red-ball-layer"
    title: str = "red ball rolls through one Transformer layer"
    tokens: tuple[str, ...] = ("red", "ball", "rolls")
    W_1_text: Rows = (("1", "0", "0", "-1"), ("0", "1", "0", "1"), ("0", "0", "1", "1/2"))
    b_1_text: tuple[str, ...] = ("0", "-1/2", "0", "0")
    W_2_text: Rows = (("1", "0", "0"), ("0", "1", "0"), ("0", "0", "1"), ("1/2", "-1/2", "0"))
    b_2_text: tuple[str, ...] = ("0", "0", "0")
    vocabulary: tuple[str, ...] = ("red", "ball", "rolls", "away", "stops")
    W_vocab_text: Rows = (("1", "0", "0", "0", "1"), ("0", "1", "0", "-1", "0"), ("0", "0", "1", "1", "-1"))
    norm: str = "post"
    illustrative: tuple[str, ...] = ("W_1", "b_1", "W_2", "b_2", "vocabulary", "W_vocab")
    exact: bool = False
    heads: RedBallRolls = field(default_factory=RedBallRolls)

    @cached_property
    def parameters(self) -> LayerParameters:
        """All weights of the layer (gains 1, biases 0 in both layer norms)."""
        heads = self.heads
        return LayerParameters(
            W_q=heads.W_q, W_k=heads.W_k, W_v=heads.W_v, W_o=heads.W_o,
            W_1=frozen(parse_matrix(self.W_1_text)), b_1=frozen(parse_vector(self.b_1_text)),
            W_2=frozen(parse_matrix(self.W_2_text)), b_2=frozen(parse_vector(self.b_2_text)),
        )

    @cached_property
    def result(self) -> LayerResult:
        """X, U, R, F, Y (each (3, 3)) and the multi-head steps."""
        heads = self.heads
        return transformer_layer(heads.X, self.parameters, mask=heads.mask, norm=self.norm)

    @cached_property
    def W_vocab(self) -> np.ndarray:
        """The final linear map (d_model, vocab) = (3, 5)."""
        return frozen(parse_matrix(self.W_vocab_text))

    @cached_property
    def logits(self) -> np.ndarray:
        """Logits Y W_vocab for every row, (3, 5)."""
        return frozen(logits(self.result.Y, self.W_vocab))

    @property
    def next_token_index(self) -> int:
        """Index in `vocabulary` of the largest logit of the newest row."""
        return next_token(self.logits)

    @property
    def next_token(self) -> str:
        """The word chosen after the last token."""
        return self.vocabulary[self.next_token_index]


@dataclass(frozen=True)
class Initialisation(Example):
    """The deck's initialisation: seed 9, d_model=3, d_k=1, d_v=2, H=2, scaled normal draws in call order."""

    name: str = "initialisation"
    title: str = "initialisation with seed 9"
    tokens: tuple[str, ...] = ("red", "ball", "rolls")
    seed: int = 9
    d_model: int = 3
    d_k: int = 1
    d_v: int = 2
    h: int = 2
    illustrative: tuple[str, ...] = ()
    exact: bool = False

    @cached_property
    def weights(self) -> InitialWeights:
        """The draws: W_q, W_k, W_v per head, then W_o."""
        return initialise_heads(self.seed, self.d_model, self.d_k, self.d_v, self.h)

    @property
    def sd(self) -> dict[str, float]:
        """The standard deviation sqrt(2/(rows+cols)) used for each kind of matrix."""
        return {
            "W_q": scaled_normal_sd(self.d_model, self.d_k), "W_k": scaled_normal_sd(self.d_model, self.d_k),
            "W_v": scaled_normal_sd(self.d_model, self.d_v), "W_o": scaled_normal_sd(self.h * self.d_v, self.d_model),
        }

    @cached_property
    def multihead(self) -> MultiHeadResult:
        """The initial (untrained) heads applied to the red ball rolls rows X = I_3, causal."""
        w = self.weights
        X = np.eye(self.d_model)  # (n, d_model), n = d_model = 3 here
        return multi_head_attention(X, w.W_q, w.W_k, w.W_v, w.W_o, mask=causal_mask(self.d_model))


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
    table_length: int = 6
    learned_seed: int = 0
    clip: int = 1
    a_K_text: Rows = (("-1", "0"), ("0", "0"), ("1", "0"))
    a_V_text: Rows = (("0", "1"), ("0", "0"), ("1", "0"))
    illustrative: tuple[str, ...] = ("embeddings", "W_q", "W_k", "W_v", "learned_seed", "a_K", "a_V")
    exact: bool = False

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
        return tuple(frozen(parse_matrix(t)) for t in (self.W_q_text, self.W_k_text, self.W_v_text))

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


@dataclass(frozen=True)
class Generation(Example):
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
        return tuple(frozen(parse_matrix(t)) for t in (self.W_q_text, self.W_k_text, self.W_v_text))

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


@dataclass(frozen=True)
class Tiled(Example):
    """Tiled attention on four tokens in blocks of two keys: running max and running sum per query row.

    The numbers are illustrative, small integers so the running statistics can be followed by hand.
    """

    name: str = "tiled-attention"
    title: str = "attention in tiles, with a running maximum and sum"
    tokens: tuple[str, ...] = ("t1", "t2", "t3", "t4")
    Q_text: Rows = (("1", "0"), ("0", "1"), ("1", "1"), ("0", "0"))
    K_text: Rows = (("1", "0"), ("0", "1"), ("1", "1"), ("-1", "0"))
    V_text: Rows = (("1", "0"), ("0", "1"), ("1", "1"), ("2", "0"))
    block: int = 2
    scale_text: str = "1"
    illustrative: tuple[str, ...] = ("Q", "K", "V")
    exact: bool = False

    @cached_property
    def QKV(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Q, K (4, 2) and V (4, 2)."""
        return tuple(frozen(parse_matrix(t)) for t in (self.Q_text, self.K_text, self.V_text))

    @cached_property
    def result(self) -> TiledResult:
        """Tiled attention without a mask: output (4, 2) and one trace entry per block of keys."""
        return tiled_attention(*self.QKV, causal=False, block=self.block, scale=parse_entry(self.scale_text))

    @cached_property
    def causal_result(self) -> TiledResult:
        """Tiled attention with the causal mask."""
        return tiled_attention(*self.QKV, causal=True, block=self.block, scale=parse_entry(self.scale_text))

    @cached_property
    def naive(self) -> AttentionResult:
        """The same attention computed with the full 4 x 4 score matrix, for comparison."""
        return scaled_dot_product_attention(*self.QKV, scale=parse_entry(self.scale_text))

    @property
    def max_difference(self) -> float:
        """Largest |tiled output - naive output| over every entry: 0 up to rounding."""
        return float(np.abs(self.result.output - self.naive.output).max())


@dataclass(frozen=True)
class Cost(Example):
    """The deck's n^2 table: score entries per head for 4, 8, 128 and 1024 tokens, with bytes and multiply-adds."""

    name: str = "cost"
    title: str = "the n squared cost"
    tokens: tuple[str, ...] = ()
    lengths: tuple[int, ...] = (4, 8, 128, 1024)
    d_k: int = 64
    d_v: int = 64
    illustrative: tuple[str, ...] = ("d_k", "d_v")
    exact: bool = True

    @cached_property
    def table(self) -> tuple[AttentionCost, ...]:
        """One AttentionCost per length."""
        return cost_table(self.lengths, self.d_k, self.d_v)


@dataclass(frozen=True)
class Exercises(Example):
    """The deck's four exercises, their answers computed."""

    name: str = "exercises"
    title: str = "exercises"
    tokens: tuple[str, ...] = ("red", "ball", "rolls")
    query_position: int = 2
    W_q_text: Rows = RED_BALL_W_Q
    W_k_text: Rows = RED_BALL_W_K
    values_text: Rows = RED_BALL_W_V
    shape_n: int = 5
    shape_d_k: int = 2
    shape_d_v: int = 3
    illustrative: tuple[str, ...] = ()
    exact: bool = True

    @property
    def permitted_columns(self) -> tuple[int, ...]:
        """Exercise 1: the 1-based key columns the query at `query_position` may use."""
        row = causal_mask(len(self.tokens))[self.query_position - 1]
        return tuple(int(j) + 1 for j in np.flatnonzero(row))

    @cached_property
    def scores(self) -> np.ndarray:
        """Exercise 2: the score row of rolls in red ball rolls, q_rolls k_j for each key, (n,).

        The inputs are one-hot rows (X = I_3), so q_rolls is the last row of W_q and k_j the rows of W_k.
        """
        q = parse_matrix(self.W_q_text)[-1]  # (d_k,)
        return frozen(parse_matrix(self.W_k_text) @ q)  # (n, d_k) x (d_k,) -> (n,)

    @cached_property
    def softmax_steps(self) -> SoftmaxSteps:
        """Exercise 2: e^s, total and weights of the score row."""
        return softmax_steps(self.scores)

    @cached_property
    def contributions(self) -> np.ndarray:
        """Exercise 3: weight times value for each row, (3, 2)."""
        return frozen(self.softmax_steps.weights[:, None] * parse_matrix(self.values_text))  # (n, 1) * (n, d_v)

    @property
    def output(self) -> np.ndarray:
        """Exercise 3: the sum of the contributions, (2,)."""
        return self.contributions.sum(axis=0)

    @property
    def shapes(self) -> dict[str, tuple[int, int]]:
        """Exercise 4: the shape of every array of one head for n, d_k, d_v."""
        return attention_shapes(self.shape_n, self.shape_d_k, self.shape_d_v)


RED_BALL_ROLLS = RedBallRolls()
BUS_IS_LATE = BusIsLate()
SCALING = Scaling()
HEAD_WIDTH = HeadWidth()
RED_BALL_LAYER = RedBallLayer()
INITIALISATION = Initialisation()
POSITIONS = Positions()
GENERATION = Generation()
TILED = Tiled()
COST = Cost()
EXERCISES = Exercises()

EXAMPLES: MappingProxyType[str, Example] = MappingProxyType({
    example.name: example
    for example in (RED_BALL_ROLLS, BUS_IS_LATE, SCALING, HEAD_WIDTH, RED_BALL_LAYER, INITIALISATION,
                    POSITIONS, GENERATION, TILED, COST, EXERCISES)
})
