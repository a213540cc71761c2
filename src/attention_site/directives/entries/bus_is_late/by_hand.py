"""The lesson's three steps for one query (late's, or another given with `query=`): score, softmax, mix."""

from __future__ import annotations

import numpy as np

from attention_core.examples.bus_is_late import BUS_IS_LATE as EX

from ....answers import OneQuerySlacks, one_query_slacks
from ...errors import DirectiveError
from ...formatting import rounded_sum_note
from ...registry import grid, scalar, table
from ...shown import Column, Grid, Number, Scalar, Table, Vector
from ...subjects import joined
from ..common import as_rows, checked_weights, labels, make_grid
from .lesson import (
    AS_GIVEN,
    D_K,
    NAME,
    NOTE,
    OUTPUT,
    POWERS,
    QUERY,
    TOKENS,
    WEIGHTS,
    Query,
    attention_for,
    authored_vector,
    score_style,
)


def input_grid(array: np.ndarray, authored: tuple[tuple[str, ...], ...], prefix: str) -> Grid:
    """One input row per token, shown as authored."""
    return make_grid(array, TOKENS, labels(prefix, array.shape[1]), AS_GIVEN, "token", authored=authored)


@grid(NAME, "keys", "The key of each token (3x2), as authored.")
def keys() -> Grid:
    return input_grid(EX.K, EX.keys_text, "k")


@grid(NAME, "values", "The value of each token (3x2), as authored.")
def values() -> Grid:
    return input_grid(EX.V, EX.values_text, "v")


@grid(NAME, "queries", "The query of each token (3x2), as authored; late's is the lesson's query.")
def queries() -> Grid:
    return input_grid(EX.Q, EX.queries_text, "q")


@table(NAME, "inputs", "Each token's key and value, as authored.")
def inputs() -> Table:
    rows = tuple((token, authored_vector(EX.keys_text[j]), authored_vector(EX.values_text[j]))
                 for j, token in enumerate(TOKENS))
    return Table((Column("token", "token", False), Column("key", f"key ({', '.join(EX.features)})"),
                  Column("value", "value v")), rows)


@grid(NAME, "key-features", "Each token's key with its entries named by what they stand for (time, link).")
def key_features() -> Grid:
    return make_grid(EX.K, TOKENS, EX.features, AS_GIVEN, "key of", authored=EX.keys_text)


@grid(NAME, "query", "The query being scored: late's (1, 0), or the one given with query=a,b.", (QUERY,))
def query_row(query: Query) -> Grid:
    label, text, result, _ = attention_for(query)
    return make_grid(result.Q, (label,), labels("q", D_K), AS_GIVEN, "query", authored=(text,))


@grid(NAME, "scores", "The scores of the query against the keys of bus, is and late.", (QUERY,))
def scores(query: Query) -> Grid:
    label, _, result, _ = attention_for(query)
    return make_grid(result.scaled, (label,), TOKENS, score_style(result.scaled), "query \\ key")


@grid(NAME, "exponentials", "e to each score, 2 places (7.39, 1.00, 2.72 for late).", (QUERY,))
def exponentials(query: Query) -> Grid:
    label, _, _, steps = attention_for(query)
    return make_grid(steps.exponentials, (label,), TOKENS, POWERS, "query \\ key")


@grid(NAME, "weights", "The weights of the query over bus, is and late, 3 places.", (QUERY,))
def weights(query: Query) -> Grid:
    label, _, result, _ = attention_for(query)
    return make_grid(checked_weights(result.weights), (label,), TOKENS, WEIGHTS, "query \\ key")


@grid(NAME, "output", "The output of the query: the weighted mix of the values, 2 places.", (QUERY,))
def output(query: Query) -> Grid:
    label, _, result, _ = attention_for(query)
    return make_grid(result.output, (label,), labels("o", result.d_v), OUTPUT, "query")


def top_index(scores: np.ndarray) -> int:
    """The position of the one largest score; a tie has no single best match, so it stops the build."""
    best = np.flatnonzero(np.isclose(scores, scores.max(), rtol=1e-9, atol=1e-12))
    if best.size > 1:
        raise DirectiveError(f"{joined([TOKENS[j] for j in best])} share the largest score; there is no "
                             "single best match to pick")
    return int(best[0])


@grid(NAME, "hard-choice", "The value of the key that scores highest: what picking only the best match gives.",
      (QUERY,))
def hard_choice(query: Query) -> Grid:
    _, _, result, _ = attention_for(query)
    j = top_index(result.scaled[0])
    return make_grid(EX.V[j : j + 1], (TOKENS[j],), labels("v", EX.V.shape[1]), AS_GIVEN, "top key",
                     authored=(EX.values_text[j],))


@scalar(NAME, "top-score", "The largest score of the query (2 for late), as the scores show it.", (QUERY,))
def top_score(query: Query) -> Scalar:
    _, _, result, _ = attention_for(query)
    scores = result.scaled[0]
    return Scalar(float(scores[top_index(scores)]), score_style(scores))


@scalar(NAME, "top-weight", "The weight of the key that scores highest (0.665 for late), 3 places.", (QUERY,))
def top_weight(query: Query) -> Scalar:
    _, _, result, _ = attention_for(query)
    return Scalar(float(checked_weights(result.weights)[0, top_index(result.scaled[0])]), WEIGHTS)


@grid(NAME, "total", "The total of e^s for late's scores (11.11), 2 places.")
def total() -> Grid:
    return make_grid(np.array([[EX.total]]), (EX.focus,), ("total",), POWERS, "query")


@grid(NAME, "contributions", "Weight times value for each token of late's mix (3x2), 2 places.")
def contributions() -> Grid:
    return make_grid(EX.contributions, TOKENS, labels("c", EX.V.shape[1]), OUTPUT, "token")


@table(NAME, "scoring", "Scoring the query against each key, with the products written out.", (QUERY,))
def scoring(query: Query) -> Table:
    label, text, result, _ = attention_for(query)
    style = score_style(result.scaled)
    asker = f"query of {label}" if isinstance(query, str) else label  # "query of is · key", not "is · key"
    rows = tuple(
        (token, authored_vector(EX.keys_text[j]), written_out(text, EX.keys_text[j]),
         Number(float(result.scaled[0, j]), style))
        for j, token in enumerate(TOKENS)
    )
    columns = (Column("token", "token", False), Column("key", "key"),
               Column("products", f"{asker} · key", False), Column("score", "score"))
    return Table(columns, rows)


def written_out(query: tuple[str, ...], key: tuple[str, ...]) -> str:
    """A dot product as a student writes it, `1 × 2 + 0 × 1`, breaking lines only at the plus signs."""
    return " + ".join(f"{q}\N{NO-BREAK SPACE}×\N{NO-BREAK SPACE}{k}" for q, k in zip(query, key, strict=True))


@table(NAME, "softmax", "Softmax by hand: score, e^s (2 places), weight = e^s / total (3 places), a Total row.",
       (QUERY,))
def softmax_table(query: Query) -> Table:
    _, _, result, steps = attention_for(query)
    A = checked_weights(result.weights)[0]
    slack = slacks(steps.exponentials)
    rows = tuple(
        (token, Number(float(steps.scores[j]), score_style(steps.scores)),
         Number(float(steps.exponentials[j]), POWERS), Number(float(A[j]), WEIGHTS, slack=float(slack.weights[j])))
        for j, token in enumerate(TOKENS)
    )
    total_row = ("Total", "", Number(float(steps.totals), POWERS, slack=slack.total),
                 Number(float(steps.weight_totals), WEIGHTS, slack=slack.weights_total))
    notes = (rounded_sum_note(list(steps.exponentials), float(steps.totals), POWERS.digits),
             rounded_sum_note(list(A), float(steps.weight_totals), WEIGHTS.digits))
    columns = (Column("token", "token", False), Column("score", "score s"), Column("exponential", "eˢ"),
               Column("weight", "weight = eˢ ÷ total"))
    return Table(columns, (*rows, total_row), " ".join(note for note in notes if note) or None)


@table(NAME, "mixing", "Mixing the values: weight, value and weight times value per token, then late's output.",
       (NOTE,))
def mixing(note: str) -> Table:
    A = checked_weights(EX.weights)[0]
    slack = slacks(EX.exponentials)
    rows = tuple(
        (token, Number(float(A[j]), WEIGHTS), authored_vector(EX.values_text[j]),
         Vector(as_rows(EX.contributions[j])[0], OUTPUT, tuple(map(float, slack.products[j]))))
        for j, token in enumerate(TOKENS)
    )
    output_row = ("Output", "", "", Vector(as_rows(EX.output)[0], OUTPUT, tuple(map(float, slack.output))))
    columns = (Column("token", "token", False), Column("weight", "weight"), Column("value", "value"),
               Column("product", "weight × value"))
    return Table(columns, (*rows, output_row), output_note(EX.contributions, EX.output) if note == "shown" else None)


def slacks(exponentials: np.ndarray) -> OneQuerySlacks:
    """How far each answer of steps 2 and 3 may move when worked from the numbers the lesson shows."""
    return one_query_slacks(exponentials, EX.V, (POWERS.digits, WEIGHTS.digits, OUTPUT.digits))


def output_note(parts: np.ndarray, totals: np.ndarray) -> str | None:
    """The rounding note for each entry of the output whose rounded parts do not add up to it."""
    notes = [rounded_sum_note(list(parts[:, k]), float(totals[k]), OUTPUT.digits) for k in range(parts.shape[1])]
    return " ".join(note for note in notes if note) or None
