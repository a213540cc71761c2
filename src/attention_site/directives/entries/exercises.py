"""The deck's four exercises (example "exercises") with computed answers, and a shapes table for any sizes."""

from __future__ import annotations

import numpy as np

from attention_core import SoftmaxSteps, attention_shapes, causal_mask, parse_matrix, parse_vector
from attention_core.examples.exercises import EXERCISES as EX

from ..mirror import Mirror
from ..options import integer
from ..registry import grid, table
from ..shown import Column, Grid, Number, Table, Vector
from .common import as_rows, checked_weights, labels, make_grid, style_of

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens
TIMES = "×"
MAX_SIZE = 100_000
SIZES = (integer("n", "tokens n", 1, MAX_SIZE, default=EX.shape_n),
         integer("d-k", "query and key width d_k", 1, MAX_SIZE, default=EX.shape_d_k),
         integer("d-v", "value width d_v", 1, MAX_SIZE, default=EX.shape_d_v))
ARRAY_MEANINGS = {"Q": "query rows", "K": "key rows", "V": "value rows", "S": "scaled scores",
                  "M": "masked scores", "A": "weights", "O": "output rows"}


@table(NAME, "causal-columns", f"Exercise 1: which key columns the query at position {EX.query_position} may "
       "use under the causal mask.")
def causal_columns() -> Table:
    allowed = causal_mask(len(TOKENS))[EX.query_position - 1]
    rows = tuple((str(j + 1), token, "yes" if ok else "no, a future position")
                 for j, (token, ok) in enumerate(zip(TOKENS, allowed, strict=True)))
    return Table((Column("column", "key column", False), Column("token", "token", False),
                  Column("allowed", f"may query {EX.query_position} use it?", False)), rows)


@grid(NAME, "permitted-columns", "Exercise 1: the permitted key columns, as a row of column numbers.")
def permitted_columns() -> Grid:
    columns = np.array(EX.permitted_columns, dtype=np.float64)[None, :]
    return make_grid(columns, ("columns",), labels("c", columns.shape[1]), STYLE, "")


@table(NAME, "softmax", f"Exercise 2: softmax of the score row of {TOKENS[-1]} step by step: score, e to the "
       "score, weight.")
def softmax_table() -> Table:
    return softmax_rows(EX.scores, EX.softmax_steps, masked=False)


@grid(NAME, "scores", f"Exercise 2: the score row of {TOKENS[-1]}, the last token, from the red-ball-rolls inputs.")
def scores() -> Grid:
    return make_grid(EX.scores[None, :], ("scores",), labels("s", len(EX.scores)), STYLE, "")


@grid(NAME, "weights", "Exercise 2: the softmax weights (one row).")
def weights() -> Grid:
    return make_grid(checked_weights(EX.softmax_steps.weights), ("weights",), labels("a", len(EX.scores)),
                     STYLE, "")


@table(NAME, "weighted-sum", "Exercise 3: each weight times its value row, and the sum.")
def weighted_sum() -> Table:
    V = parse_matrix(EX.values_text)
    A = checked_weights(EX.softmax_steps.weights)[0]
    rows = tuple(
        (f"row {j + 1}", Number(float(A[j]), STYLE), Vector(as_rows(V[j])[0], STYLE),
         Vector(as_rows(EX.contributions[j])[0], STYLE))
        for j in range(V.shape[0])
    )
    total = ("sum", "", "", Vector(as_rows(EX.output)[0], STYLE))
    return Table((Column("row", "row", False), Column("weight", "weight"), Column("value", "value"),
                  Column("contribution", "weight × value")), (*rows, total))


@grid(NAME, "output", "Exercise 3: the weighted sum of the three value rows.")
def output() -> Grid:
    return make_grid(EX.output[None, :], ("output",), labels("o", EX.output.shape[0]), STYLE, "")


@table(NAME, "shapes", "Exercise 4 and friends: the shape of every array of one head for given n, d_k, d_v.",
       options=SIZES)
def shapes(**size: int) -> Table:
    rows = tuple((symbol, TIMES.join(f"{k:,}" for k in shape), ARRAY_MEANINGS[symbol])
                 for symbol, shape in attention_shapes(size["n"], size["d-k"], size["d-v"]).items())
    return Table((Column("array", "array", False), Column("shape", "shape", False),
                  Column("meaning", "meaning", False)), rows)


@grid(NAME, "shape", "One array's shape for given n, d_k, d_v, for a sentence: S or O.", options=SIZES)
def shape(**size: int) -> Grid:
    table = attention_shapes(size["n"], size["d-k"], size["d-v"])
    text = tuple((TIMES.join(f"{k:,}" for k in table[symbol]),) for symbol in table)
    return make_grid(np.zeros((len(table), 1)), tuple(table), ("shape",), STYLE, "array", authored=text)


@grid(NAME, "values", "Exercise 3: the three value rows, as authored.")
def values() -> Grid:
    text = EX.values_text
    return make_grid(parse_matrix(text), tuple(f"row-{j + 1}" for j in range(len(text))),
                     labels("v", len(text[0])), STYLE, "row", authored=text)


def givens(sizes: dict[str, int]) -> Grid:
    """The whole numbers an exercise gives, as one row a sentence can quote: col=n."""
    return make_grid(np.array([list(sizes.values())], dtype=float), ("given",), tuple(sizes), STYLE, "")


@grid(NAME, "causal-givens", "Exercise 1's givens: how many tokens (n) and the position of the query (query).")
def causal_givens() -> Grid:
    return givens({"n": len(TOKENS), "query": EX.query_position})


@grid(NAME, "shape-givens", "Exercise 4's givens: n, d_k and d_v of the head.")
def shape_givens() -> Grid:
    return givens({"n": EX.shape_n, "d_k": EX.shape_d_k, "d_v": EX.shape_d_v})


# New inputs for the chapters' exercises: each asks for a step of a chapter on numbers no chapter shows.


def authored_row(text: tuple[str, ...], label: str, prefix: str) -> Grid:
    """One authored row of inputs as a grid a sentence or formula quotes."""
    return make_grid(parse_vector(text)[None, :], (label,), labels(prefix, len(text)), STYLE, "", authored=(text,))


def authored_rows(text: tuple[tuple[str, ...], ...], prefix: str, col_prefix: str) -> Grid:
    """Authored rows of inputs (`row-1`, `row-2`, ...) as a grid."""
    return make_grid(parse_matrix(text), labels(prefix, len(text)), labels(col_prefix, len(text[0])), STYLE, "",
                     authored=text)


@grid(NAME, "projection-x", "Projections exercise: the new input row x, as authored.")
def projection_x() -> Grid:
    return authored_row(EX.new_x_text[0], "x", "x")


@grid(NAME, "projection-w-q", "Projections exercise: the new W_Q (d_model x d_k), as authored.")
def projection_w_q() -> Grid:
    return authored_rows(EX.new_W_q_text, "row-", "q")


@grid(NAME, "projection-q", "Projections exercise's answer: q = x W_Q.")
def projection_q() -> Grid:
    return make_grid(EX.new_query, ("q",), labels("q", EX.new_query.shape[1]), STYLE, "")


@grid(NAME, "scores-query", "Scores exercise: the new query, as authored.")
def scores_query() -> Grid:
    return authored_row(EX.new_query_text[0], "q", "q")


@grid(NAME, "scores-keys", "Scores exercise: the new keys, one row each, as authored.")
def scores_keys() -> Grid:
    return authored_rows(EX.new_keys_text, "key-", "k")


@grid(NAME, "scores-scaled", "Scores exercise's answer: q k_j / sqrt(d_k) for each new key.")
def scores_scaled() -> Grid:
    return make_grid(EX.new_scores, ("scores",), labels("key-", EX.new_scores.shape[1]), STYLE, "")


@grid(NAME, "mask-row", "Causal-mask exercise: the raw score row of the query, as authored.")
def mask_row() -> Grid:
    return authored_row(EX.masked_row_text, "scores", "s")


@grid(NAME, "mask-givens", "Causal-mask exercise's givens: how many tokens (n) and the position of the query.")
def mask_givens() -> Grid:
    return givens({"n": len(EX.masked_row_text), "query": EX.masked_position})


def softmax_rows(scores: np.ndarray, steps: SoftmaxSteps, masked: bool) -> Table:
    """Softmax step by step, one row a key: score, e^s and weight, and a total row; a masked score reads −∞."""
    weights = checked_weights(steps.weights)[0]
    rows = tuple(
        (f"key {j + 1}", Number(float(scores[j]), STYLE, masked=bool(np.isneginf(scores[j]))),
         Number(float(steps.exponentials[j]), STYLE),
         Number(float(weights[j]), STYLE))
        for j in range(len(scores))
    )
    total = ("total", "", Number(float(steps.totals), STYLE), Number(float(steps.weight_totals), STYLE))
    first = Column("score", "masked score" if masked else "score s")
    return Table((Column("key", "key", False), first, Column("exp", "eˢ"), Column("weight", "weight")),
                 (*rows, total))


@table(NAME, "mask-softmax", "Causal-mask exercise's answer: the masked row (later keys −∞), e to each score, weights.")
def mask_softmax() -> Table:
    return softmax_rows(EX.masked_row[0], EX.masked_steps, masked=True)


@grid(NAME, "mask-weights", "Causal-mask exercise's answer: the weights of the masked row.")
def mask_weights() -> Grid:
    weights = checked_weights(EX.masked_steps.weights)
    return make_grid(weights, ("weights",), labels("key-", weights.shape[1]), STYLE, "")


@grid(NAME, "new-scores", "Softmax exercise: the new score row, as authored.")
def new_scores() -> Grid:
    return authored_row(EX.new_scores_text, "scores", "key-")


@table(NAME, "new-softmax", "Softmax exercise's answer: e to each new score, the total and the weights.")
def new_softmax() -> Table:
    return softmax_rows(EX.new_softmax_steps.scores, EX.new_softmax_steps, masked=False)


@grid(NAME, "new-weights", "Softmax exercise's answer: the weights of the new score row.")
def new_weights() -> Grid:
    weights = checked_weights(EX.new_softmax_steps.weights)
    return make_grid(weights, ("weights",), labels("key-", weights.shape[1]), STYLE, "")


@grid(NAME, "new-values", "Weighted-sum exercise: the new value rows, as authored.")
def new_values() -> Grid:
    return authored_rows(EX.new_values_text, "row-", "v")


@table(NAME, "new-weighted-sum", "Weighted-sum exercise's answer: each new weight times its value row, and the sum.")
def new_weighted_sum() -> Table:
    V, A = parse_matrix(EX.new_values_text), checked_weights(EX.new_softmax_steps.weights)[0]
    rows = tuple((f"row {j + 1}", Number(float(A[j]), STYLE), Vector(as_rows(V[j])[0], STYLE),
                  Vector(as_rows(EX.new_contributions[j])[0], STYLE)) for j in range(V.shape[0]))
    total = ("sum", "", "", Vector(as_rows(EX.new_output)[0], STYLE))
    return Table((Column("row", "row", False), Column("weight", "weight"), Column("value", "value"),
                  Column("contribution", "weight × value")), (*rows, total))


@grid(NAME, "new-output", "Weighted-sum exercise's answer: the sum of the weighted new value rows.")
def new_output() -> Grid:
    return make_grid(EX.new_output[None, :], ("output",), labels("o", EX.new_output.shape[0]), STYLE, "")


# What docs/javascripts/live/exercises.js mirrors (directives/mirror.py): the reader's inputs and the entries. The
# deck's own (its W's, its values, the positions and sizes it gives) are published, so only the new inputs are offered.
MIRROR = Mirror(
    entries=frozenset({
        "causal-columns", "causal-givens", "mask-givens", "mask-row", "mask-softmax", "mask-weights", "new-output",
        "new-scores", "new-softmax", "new-values", "new-weighted-sum", "new-weights", "output", "permitted-columns",
        "projection-q", "projection-w-q", "projection-x", "scores", "scores-keys", "scores-query", "scores-scaled",
        "shape", "shape-givens", "shapes", "softmax", "values", "weighted-sum", "weights"}),
    editable=("new_x", "new_W_q", "new_query", "new_keys", "masked_row", "new_scores", "new_values"),
    rows={"new_x": ((), "input row"), "new_W_q": ((), "row"), "new_query": ((), "query"), "new_keys": ((), "key"),
          "new_values": ((), "value row")})
