"""The worked example 'whole-model': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..exact import parse_entry, parse_matrix, parse_vector
from ..language_model import (
    ModelRun,
    cross_entropy,
    cross_entropy_gradient,
    embedding_scale,
    initialise_stack,
    run_model,
)
from ..layer import LayerParameters
from ..sampling import Sampling, sample_next, softmax_with_temperature
from .base import Example, Rows, bounded_text, ranged

TEMPERATURE_LABELS = ("low", "middle", "high")  # rows of the temperature table, in increasing order of T


@dataclass(frozen=True)
class WholeModel(Example):
    """A tiny decoder-only model end to end: the prompt "the red ball" through two layers to the next token.

    Every input is illustrative: the six-word vocabulary, its embedding rows E (tied: E^T is the unembedding),
    the seed of the layers' untrained weights, the temperatures, k, p, the seed of the draw and the target.
    """

    name: str = "whole-model"
    title: str = "the model end to end"
    tokens: tuple[str, ...] = ("the", "red", "ball")
    vocabulary: tuple[str, ...] = ("the", "red", "ball", "rolls", "away", "stops")
    embedding_text: Rows = (
        ("1", "0", "0", "0"),
        ("0", "1", "0", "1/2"),
        ("0", "0", "1", "0"),
        ("0", "1/2", "1", "1"),
        ("-1/2", "0", "1/2", "1"),
        ("0", "-1", "0", "1"),
    )
    weight_seed: int = ranged(9, 0, 2**32 - 1, "the seed of the layers' weights")
    layers: int = ranged(2, 1, 4, "layers in the stack")
    h: int = ranged(2, 1, "d_model", "heads per layer", divides="d_model")
    d_ff: int = ranged(8, 1, 64, "the width of the feed-forward network")
    temperatures_text: tuple[str, ...] = bounded_text(("1/2", "1", "2"), "temperatures, from low to high", above=0,
                                                      rising=True)
    temperature_text: str = bounded_text("1", "the temperature of the draw", above=0)
    top_k: int = ranged(3, 1, "vocabulary", "k of top-k sampling (at most the vocabulary's size)")
    top_p_text: str = bounded_text("3/4", "p of top-p sampling", above=0, at_most=1)
    draw_seed: int = ranged(2026, 0, 2**32 - 1, "the seed of the draw u")
    target: str = "rolls"
    illustrative: tuple[str, ...] = ("vocabulary", "embedding", "weight_seed", "layers", "h", "d_ff", "temperatures",
                                     "temperature", "top_k", "top_p", "draw_seed", "target")
    exact: bool = False

    def impossible(self) -> Iterator[tuple[str, str]]:
        """Three temperatures (above 0 and rising, and p in (0, 1]: their declarations say so); prompt and target
        are words."""
        if len(self.temperatures_text) != len(TEMPERATURE_LABELS):
            yield "temperatures_text", (f"{len(self.temperatures_text)} temperatures; accepted: three, low, middle "
                                        "and high")
        for field, word in (*(("tokens", token) for token in self.tokens), ("target", self.target)):
            if word not in self.vocabulary:
                yield field, f"{word!r} is not in the vocabulary; accepted: one of {', '.join(self.vocabulary)}"

    @property
    def d_model(self) -> int:
        """The width of every row: the embedding's columns."""
        return len(self.embedding_text[0])

    @property
    def embedding_scale(self) -> float:
        """sqrt(d_model), the factor on every embedding row."""
        return embedding_scale(self.d_model)

    @cached_property
    def E(self) -> np.ndarray:
        """The embedding matrix (vocab, d_model) = (6, 4); transposed, the unembedding."""
        return frozen(parse_matrix(self.embedding_text))

    @cached_property
    def stack(self) -> tuple[LayerParameters, ...]:
        """The untrained weights of every layer, drawn from weight_seed."""
        return initialise_stack(self.weight_seed, self.layers, self.d_model, self.h, self.d_ff)

    @property
    def token_ids(self) -> tuple[int, ...]:
        """The prompt's token ids: each word's row in the vocabulary."""
        return tuple(self.vocabulary.index(token) for token in self.tokens)

    @cached_property
    def run(self) -> ModelRun:
        """The forward pass of the prompt: embedding, positions, every layer, the logits."""
        return run_model(self.token_ids, self.E, self.stack)

    @cached_property
    def temperatures(self) -> np.ndarray:
        """The three temperatures of the comparison table, (3,)."""
        return frozen(parse_vector(self.temperatures_text))

    @cached_property
    def tempered(self) -> np.ndarray:
        """softmax(logits / T) of the newest row at each temperature, (3, vocab)."""
        rows = [softmax_with_temperature(self.run.last_logits, float(t)) for t in self.temperatures]
        return frozen(np.stack(rows))  # (3, vocab)

    @cached_property
    def peaks(self) -> np.ndarray:
        """The largest probability at each of the three temperatures, (3,)."""
        return frozen(self.tempered.max(axis=1))  # (3, vocab) -> (3,)

    @cached_property
    def sampling(self) -> Sampling:
        """Greedy, plain, top-k and top-p choices at the sampling temperature, one seeded draw."""
        return sample_next(self.run.last_logits, parse_entry(self.temperature_text), self.top_k,
                           parse_entry(self.top_p_text), self.draw_seed)

    @cached_property
    def distributions(self) -> np.ndarray:
        """The next word's probabilities at the draws' temperature, then after top-k and top-p, (3, vocab)."""
        s = self.sampling
        return frozen(np.stack([s.probabilities, s.top_k, s.top_p]))  # 3 x (vocab,) -> (3, vocab)

    @cached_property
    def cumulative(self) -> np.ndarray:
        """Running totals of each distribution in vocabulary order, (3, vocab): a draw takes the first above u."""
        return frozen(np.cumsum(self.distributions, axis=1))  # (3, vocab)

    @cached_property
    def choices(self) -> np.ndarray:
        """Each way's chosen word as a one-hot row: greedy, drawn, drawn after top-k, after top-p, (4, vocab)."""
        s = self.sampling
        return frozen(np.eye(len(self.vocabulary))[[s.greedy, s.drawn, s.drawn_top_k, s.drawn_top_p]])  # (4, vocab)

    @property
    def target_index(self) -> int:
        """The target's row in the vocabulary."""
        return self.vocabulary.index(self.target)

    @property
    def loss(self) -> float:
        """The cross-entropy -log p_target of the newest row (at T = 1, as in training)."""
        return cross_entropy(self.run.last_logits, self.target_index)

    @cached_property
    def target_row(self) -> np.ndarray:
        """The target as the one-hot row y over the vocabulary, (vocab,)."""
        return frozen(np.eye(len(self.vocabulary))[self.target_index])  # (vocab,)

    @property
    def target_probability(self) -> float:
        """p_target at T = 1, the probability the loss reads: exp(-loss)."""
        return float(np.exp(-self.loss))

    @cached_property
    def loss_gradient(self) -> np.ndarray:
        """dL/dz = p - y for the newest row, (vocab,)."""
        return cross_entropy_gradient(self.run.last_logits, self.target_index)


WHOLE_MODEL = WholeModel()
