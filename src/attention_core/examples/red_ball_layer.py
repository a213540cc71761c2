"""The worked example 'red-ball-layer': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

import inspect
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

import numpy as np

from .._checks import frozen
from ..exact import parse_matrix, parse_vector
from ..layer import (
    NORMS,
    FeedForwardSteps,
    LayerParameters,
    LayerResult,
    feed_forward_steps,
    layer_norm,
    layer_norm_statistics,
    logits,
    next_token,
    transformer_layer,
)
from .base import Example, Rows, chosen
from .red_ball_rolls import RedBallRolls


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
    norm: str = chosen("post", NORMS, "where each sublayer's layer normalisation stands: after it (post) or before")
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
    def ffn_steps(self) -> FeedForwardSteps:
        """The feed-forward network on the rows R, step by step: R W_1 + b_1, the ReLU, F."""
        p = self.parameters
        return feed_forward_steps(self.result.R, p.W_1, p.b_1, p.W_2, p.b_2)

    @cached_property
    def norm_1_statistics(self) -> tuple[np.ndarray, np.ndarray]:
        """The mean and variance of each row of X + U, which the first layer normalisation uses, each (n,)."""
        mean, variance = layer_norm_statistics(self.result.attention.residual)
        return frozen(mean), frozen(variance)

    @cached_property
    def norm_2_statistics(self) -> tuple[np.ndarray, np.ndarray]:
        """The mean and variance of each row of R + F, which the second layer normalisation uses, each (n,)."""
        mean, variance = layer_norm_statistics(self.result.R_plus_F)
        return frozen(mean), frozen(variance)

    @cached_property
    def by_norm(self) -> Mapping[str, LayerResult]:
        """The layer with each arrangement, same weights: "post" (2017) and "pre" (most current models)."""
        heads = self.heads
        return MappingProxyType({norm: transformer_layer(heads.X, self.parameters, mask=heads.mask, norm=norm)
                                 for norm in NORMS})

    @cached_property
    def pre_norm_output(self) -> np.ndarray:
        """A one-layer pre-norm stack's output: its Y after the final LayerNorm, (n, d_model)."""
        return frozen(layer_norm(self.by_norm["pre"].Y))

    @property
    def epsilon(self) -> float:
        """The epsilon of both layer normalisations: layer_norm's default, which transformer_layer uses."""
        return float(inspect.signature(layer_norm).parameters["eps"].default)

    @property
    def epsilon_power(self) -> int | None:
        """The power of ten the epsilon is (-5 for 10^-5), or None if it is not one."""
        power = round(math.log10(self.epsilon))
        return power if math.isclose(self.epsilon, 10.0**power) else None

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


RED_BALL_LAYER = RedBallLayer()
