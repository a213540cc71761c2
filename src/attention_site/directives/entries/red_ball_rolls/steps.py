"""Red ball rolls, head 1, as the walk-through teaches it: sizes, shapes, one query's scores, the divisor.

The matrices themselves (inputs, projections, S, M, A, O) are in `red_ball_rolls.py`; this module adds the
smaller views the chapters build up to them with.
"""

from __future__ import annotations

from attention_core import RED_BALL_ROLLS as EX
from attention_core import attention_shapes

from ...registry import grid, scalar, table
from ...shown import Column, Grid, Number, Scalar, Table
from ..common import DECIMAL, style_of
from ..common import grid as make_grid

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens
TIMES = "\N{NO-BREAK SPACE}×\N{NO-BREAK SPACE}"  # keeps "3 × 3" on one line in narrow tables
SHAPE_ROWS = (
    ("X", "n × d_model", "one input row per token"),
    ("Q", "n × d_k", "one query row per token"),
    ("K", "n × d_k", "one key row per token"),
    ("V", "n × d_v", "one value row per token"),
    ("S", "n × n", "a score for every (query, key) pair"),
    ("M", "n × n", "the scores after the causal mask"),
    ("A", "n × n", "a weight for every (query, key) pair"),
    ("O", "n × d_v", "one output row per token"),
)


def sizes() -> dict[str, int]:
    """The defining sizes of head 1: n, d_model, d_k, d_v."""
    return {"n": EX.head.n, "d_model": int(EX.X.shape[1]), "d_k": EX.head.d_k, "d_v": EX.head.d_v}


@table(NAME, "dimensions", "The sizes of head 1: n, d_model, d_k and d_v, with what each counts.")
def dimensions() -> Table:
    meaning = {
        "n": "token positions in the window",
        "d_model": "entries in each input row",
        "d_k": "entries in each query and each key",
        "d_v": "entries in each value (and each output row)",
    }
    rows = tuple((symbol, Number(float(size), STYLE), meaning[symbol]) for symbol, size in sizes().items())
    return Table((Column("symbol", "symbol", False), Column("size", "worked value"),
                  Column("meaning", "meaning", False)), rows)


@table(NAME, "shapes", "The shape of every array of one head, in symbols and for red ball rolls.")
def shapes() -> Table:
    size = sizes()
    worked = attention_shapes(size["n"], size["d_k"], size["d_v"], size["d_model"])
    rows = tuple((symbol, shape.replace(" × ", TIMES), TIMES.join(str(k) for k in worked[symbol]), meaning)
                 for symbol, shape, meaning in SHAPE_ROWS)
    return Table((Column("array", "array", False), Column("shape", "shape", False),
                  Column("worked", "red ball rolls", False), Column("meaning", "meaning", False)), rows)


@table(NAME, "rolls-scores", "The query of rolls against each key: one multiplication per score (d_k = 1).")
def rolls_scores() -> Table:
    i, head = EX.focus_index, EX.head
    rows = tuple(
        (token, Number(float(head.Q[i, 0]), STYLE), Number(float(head.K[j, 0]), STYLE),
         Number(float(head.scores[i, j]), STYLE))
        for j, token in enumerate(TOKENS)
    )
    columns = (Column("key", "key token", False), Column("query", f"query of {EX.focus}"),
               Column("k", "key"), Column("score", "score q × k"))
    return Table(columns, rows)


@scalar(NAME, "divisor", "sqrt(d_k) for head 1, the number every score is divided by.")
def divisor() -> Scalar:
    return Scalar(1.0 / EX.head.scale, STYLE)


@scalar(NAME, "ball-key-decimal", "The key of ball (ln 2) as a decimal.")
def ball_key_decimal() -> Scalar:
    return Scalar(float(EX.head.K[TOKENS.index("ball"), 0]), DECIMAL)



@grid(NAME, "totals", "Each query row's total of permitted e^s, the number softmax divides by.")
def totals() -> Grid:
    return make_grid(EX.softmax_steps.totals[:, None], TOKENS, ("total",), STYLE, "query")


@grid(NAME, "output-decimals", "The output rows O of head 1 in decimals (digits= sets the places).")
def output_decimals() -> Grid:
    return make_grid(EX.head.output, TOKENS, tuple(f"o{k + 1}" for k in range(EX.head.d_v)), DECIMAL, "token")
