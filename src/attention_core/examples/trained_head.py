"""The worked example 'trained-head': its inputs as authored; the training run is computed from them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..exact import parse_entry
from ..learning import TrainingRun, previous_token_accuracy, previous_token_share, train_head
from .base import Example, Magnitude, bounded_text, ranged


@dataclass(frozen=True)
class TrainedHead(Example):
    """One causal head trained by gradient descent to name the previous token, from one seeded generator.

    Every input is illustrative: the words, the seed, the sizes, the number of steps and the learning rate.
    The tokens are the vocabulary; each sequence is drawn from them at random.
    """

    name: str = "trained-head"
    title: str = "a head trained to attend to the previous token"
    tokens: tuple[str, ...] = ("a", "b", "c", "d", "e")
    seed: int = ranged(7, 0, 2**32 - 1, "the seed of the weights and of both batches")
    length: int = ranged(5, 3, 12, "positions in each sequence")
    # From 2: a head of width 1 may not settle at this learning rate (with seed 7 and length 5 its loss still swings
    # after 300 steps), and its digits then follow the last bit of exp, which NumPy takes from the CPU (AVX-512's
    # differs from glibc's): two machines, or the build and a reader's browser (live/trained-head.js), print others.
    d_k: int = ranged(4, 2, 16, "the width d_k of the head's queries, keys and values")
    sequences: int = ranged(16, 1, 256, "sequences in the training batch (and as many held out)")
    steps: int = ranged(150, 1, 2000, "steps of gradient descent")
    learning_rate_text: str = bounded_text("1", "the learning rate", above=0, at_most=100)
    curve_points: int = ranged(16, 2, 64, "points drawn on the training curve")
    shown: int = ranged(1, 1, "sequences", "the held-out sequence whose maps are drawn, counted from 1")
    magnitudes: tuple[Magnitude, ...] = (
        Magnitude("most", "each", low=0.5, high=1.0, meaning="more than half: above 0.5"),
        Magnitude("near", "each", low=-0.05, high=0.05, meaning="a difference within 0.05 either way"),
    )
    illustrative: tuple[str, ...] = ("tokens", "seed", "length", "d_k", "sequences", "steps", "learning_rate",
                                     "curve_points", "shown")
    exact: bool = False

    def impossible(self) -> Iterator[tuple[str, str]]:
        """The vocabulary has two words or more, each different (the learning rate's bounds are declared with it)."""
        if len(self.tokens) < 2 or len(set(self.tokens)) != len(self.tokens):
            yield "tokens", f"{self.tokens!r} is not a vocabulary; accepted: two or more different words"

    @property
    def vocabulary_size(self) -> int:
        """V, the number of words a position may hold."""
        return len(self.tokens)

    @property
    def d_model(self) -> int:
        """The width of each input row: a one-hot of the word (V) joined to a one-hot of the position (T)."""
        return self.vocabulary_size + self.length

    @property
    def learning_rate(self) -> float:
        """The learning rate as a number."""
        return parse_entry(self.learning_rate_text)

    @cached_property
    def run(self) -> TrainingRun:
        """The whole training run, from the seed."""
        return train_head(self.seed, self.length, self.vocabulary_size, self.d_k, self.steps, self.learning_rate,
                          self.sequences)

    @property
    def curve_steps(self) -> np.ndarray:
        """The steps the training curve is drawn at: `curve_points` of them, evenly spread from 0 to `steps`."""
        return np.unique(np.linspace(0, self.steps, min(self.curve_points, self.steps + 1)).round().astype(int))

    @property
    def even_share(self) -> float:
        """The weight on the previous token if every row spread its weight evenly: the mean of 1/t for t = 2..T."""
        return float(np.mean(1.0 / np.arange(2, self.length + 1)))

    @property
    def shares(self) -> tuple[float, float]:
        """The held-out batch's mean weight on the previous token, before and after training."""
        return previous_token_share(self.run.before.A), previous_token_share(self.run.after.A)

    @property
    def accuracies(self) -> tuple[float, float, float]:
        """The share of held-out positions whose most probable word is the previous token: before, after, and
        after with the trained map replaced by even weights."""
        return (previous_token_accuracy(self.run.before, self.run.held_out),
                previous_token_accuracy(self.run.after, self.run.held_out),
                previous_token_accuracy(self.run.even, self.run.held_out))

    @property
    def shown_words(self) -> tuple[str, ...]:
        """The words of the held-out sequence whose maps are drawn."""
        return tuple(self.tokens[int(i)] for i in self.run.held_out[self.shown - 1])


TRAINED_HEAD = TrainedHead()
