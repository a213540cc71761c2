"""Meaning, not only arithmetic (example "meaning"): named features as keys, the query of it, its scores and weights.

Every input is illustrative (see attention_core.examples.meaning): the features were chosen so that a reader
can say why one word matches another.
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.meaning import MEANING as EX

from ..mirror import Mirror
from ..registry import grid, scalar
from ..shown import Grid, Scalar
from .common import EXACT, authored_grid, checked_weights, make_grid

NAME = EX.name
STYLE = EXACT  # whole scores and halves stay exact; the weights, which are not fractions, show three decimals
QUERY = (EX.query_token,)


def query_row(values: np.ndarray) -> Grid:
    """One number per word for the query of it: a row labelled it, one column per word."""
    return make_grid(np.atleast_2d(values), QUERY, EX.tokens, STYLE, "query \\ key")


@grid(NAME, "keys", "The illustrative keys: one row per word, one column per named feature (9x4), as authored.")
def keys() -> Grid:
    return authored_grid(EX.keys_text, EX.tokens, EX.features, STYLE, "word \\ feature")


@grid(NAME, "query", "The illustrative query of it: how much it looks for each feature (1x4), as authored.")
def query() -> Grid:
    return authored_grid((EX.query_text,), QUERY, EX.features, STYLE, "query \\ feature")


@grid(NAME, "products", "Feature by feature, the query of it times each word's key; a row adds up to its score.")
def products() -> Grid:
    return make_grid(EX.products, EX.tokens, EX.features, STYLE, "word \\ feature")


@grid(NAME, "scores", "The raw scores of it against every word, q · k (one row).")
def scores() -> Grid:
    return query_row(EX.scores)


@grid(NAME, "scaled", "The scores divided by the square root of d_k (one row).")
def scaled() -> Grid:
    return query_row(EX.scaled)


@grid(NAME, "weights", "The weights of it over every word, the softmax of the scaled scores (one row, no mask).")
def weights() -> Grid:
    return query_row(checked_weights(EX.weights))


@grid(NAME, "score-to-weight", "Every word's score against the query of it, that score scaled, and the word's weight: "
      "one row per word (9x3).")
def score_to_weight() -> Grid:
    steps = np.vstack([EX.scores, EX.scaled, checked_weights(EX.weights)]).T  # (n, 3)
    return make_grid(steps, EX.tokens, ("score", "scaled", "weight"), STYLE, "word")


@scalar(NAME, "divisor", "The square root of d_k, which divides the scores.")
def divisor() -> Scalar:
    return Scalar(EX.divisor, STYLE)


# What docs/javascripts/live/meaning.js mirrors (directives/mirror.py): the reader's inputs and the entries.
MIRROR = Mirror(
    entries=frozenset({
        "divisor", "keys", "products", "query", "score-to-weight", "scores", "weights"}),
    editable=("keys", "query"))
