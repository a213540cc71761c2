"""A head that learned (example "trained-head"): its maps before and after training, the curve, the shares.

Every number comes from attention_core.learning, trained when a page first asks (the build cache keeps the
entries between builds); the entries only label and draw them.
"""

from __future__ import annotations

import numpy as np

from attention_core import causal_mask
from attention_core.examples.trained_head import TRAINED_HEAD as EX
from attention_core.learning import HeadForward, TrainingRun

from ...figures import growth_charts
from ..mirror import Mirror
from ..registry import figure, grid, scalar
from ..shown import Figure, Grid, Scalar
from .common import DECIMAL, EXACT, WHOLE, count, make_grid, weights_figure

NAME = EX.name
BEFORE_AFTER = ("initial", "trained")  # the columns of every before-and-after grid


def run() -> TrainingRun:
    """The training run, computed when a page first asks (a bad input then stops at its line)."""
    return EX.run


def positions() -> tuple[str, ...]:
    """The drawn sequence's labels: each position, counted from 1, with its word."""
    return tuple(f"{t + 1} {word}" for t, word in enumerate(EX.shown_words))


def one_row(values: tuple[float, ...], cols: tuple[str, ...], corner: str, batch: str = "held out") -> Grid:
    """Numbers of one batch (the held-out one unless `batch` says otherwise) as one row."""
    return make_grid(np.array([values]), (batch,), cols, DECIMAL, corner)


def map_figure(forward: HeadForward, when: str, id_prefix: str) -> Figure:
    """The weights of the drawn held-out sequence as a heat map, masked cells hatched."""
    A = forward.A[EX.shown - 1]  # (T, T)
    return weights_figure(A, positions(), DECIMAL, mask=causal_mask(EX.length),
                          title=f"The head's weights {when}, held-out sequence {EX.shown}",
                          caption=f"The head {when}: one row per position (the query), one column per position "
                                  "it may look at (the key).", id_prefix=id_prefix)


@scalar(NAME, "vocabulary-size", "V, the number of words (the example's tokens).")
def vocabulary_size() -> Scalar:
    return count(EX.vocabulary_size)


@grid(NAME, "words", "The vocabulary, one row per word, with its id (pick=labels lists them).")
def words() -> Grid:
    return make_grid(np.arange(EX.vocabulary_size, dtype=float)[:, None], EX.tokens, ("id",), WHOLE, "word")


@scalar(NAME, "length", "T, the positions in each sequence.")
def length() -> Scalar:
    return count(EX.length)


@scalar(NAME, "d-model", "d_model = V + T, the width of a one-hot word joined to a one-hot position.")
def d_model() -> Scalar:
    return count(EX.d_model)


@scalar(NAME, "d-k", "d_k, the width of the head's queries, keys and values.")
def d_k() -> Scalar:
    return count(EX.d_k)


@scalar(NAME, "sequences", "How many sequences the training batch holds (the held-out batch holds as many).")
def sequences() -> Scalar:
    return count(EX.sequences)


@scalar(NAME, "steps", "How many steps of gradient descent the head takes.")
def steps() -> Scalar:
    return count(EX.steps)


@scalar(NAME, "learning-rate", "The learning rate of every step.")
def learning_rate() -> Scalar:
    return Scalar(EX.learning_rate, EXACT)


@scalar(NAME, "seed", "The seed of the one generator that draws the weights and both batches.")
def seed() -> Scalar:
    return count(EX.seed)


@scalar(NAME, "shown", "Which held-out sequence the maps draw, counted from 1.")
def shown() -> Scalar:
    return count(EX.shown)


@grid(NAME, "loss", "The training loss before the first step and after the last, ln V (chance: every word the "
      "same probability) and initial minus chance.")
def loss() -> Grid:
    first, last, chance = float(run().losses[0]), float(run().losses[-1]), float(np.log(EX.vocabulary_size))
    return one_row((first, last, chance, first - chance), (*BEFORE_AFTER, "chance", "initial-minus-chance"), "loss",
                   "training")


@grid(NAME, "previous-share", "The held-out batch's mean weight on the previous token: initial, trained, the "
      "share that spreading evenly gives, and initial minus even.")
def previous_share() -> Grid:
    before, after = EX.shares
    return one_row((before, after, EX.even_share, before - EX.even_share),
                   (*BEFORE_AFTER, "even", "initial-minus-even"), "weight on the previous token")


@grid(NAME, "accuracy", "The share of held-out positions whose most probable word is the previous token: initial, "
      "trained, and trained with its map replaced by even weights (even-map).")
def accuracy() -> Grid:
    return one_row(EX.accuracies, (*BEFORE_AFTER, "even-map"), "right answers")


@figure(NAME, "initial-map", "The untrained head's weights on the drawn held-out sequence, as a heat map.")
def initial_map() -> Figure:
    return map_figure(run().before, "at initialisation", "th-initial")


@figure(NAME, "trained-map", "The trained head's weights on the drawn held-out sequence, as a heat map.")
def trained_map() -> Figure:
    return map_figure(run().after, "after training", "th-trained")


@figure(NAME, "training-curve", "The training loss and the mean weight on the previous token, step by step.")
def training_curve() -> Figure:
    xs = EX.curve_steps
    svg = growth_charts(
        [float(x) for x in xs],
        {"loss": run().losses[xs].tolist(), "weight on previous token": run().shares[xs].tolist()},
        title="Training: the loss and the weight on the previous token",
        desc="The training batch's loss and its mean attention weight on the previous token, at each of "
             + ", ".join(str(int(x)) for x in xs) + " steps. Loss: "
             + ", ".join(f"{v:.3f}" for v in run().losses[xs]) + ". Weight: "
             + ", ".join(f"{v:.3f}" for v in run().shares[xs]) + ".",
        x_label="step of gradient descent", y_label="loss, or weight", log=False, id_prefix="th-curve",
    )
    return Figure(svg, "The loss and the weight on the previous token, on the training batch, as the steps go by.")


# The whole numbers a reader may change; docs/javascripts/live/trained-head.js trains the head again in the browser
# (shown's range ends at `sequences`, a bound live.js follows), and the learning rate, whose bounds (above 0, at most
# 100) live.js checks beside its field. Not offered: the tokens (the vocabulary).
MIRROR = Mirror(
    entries=frozenset({
        "accuracy", "d-k", "d-model", "initial-map", "learning-rate", "length", "loss", "previous-share", "seed",
        "sequences", "shown", "steps", "trained-map", "training-curve", "vocabulary-size", "words"}),
    editable=("seed", "length", "d_k", "sequences", "steps", "learning_rate", "curve_points", "shown"),
    parts=("charts", "grids", "random"))
