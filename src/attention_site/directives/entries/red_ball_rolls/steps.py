"""Red ball rolls, head 1, as the walk-through teaches it: sizes, shapes, one query's scores, the divisor.

The matrices themselves (inputs, projections, S, M, A, O) are in `red_ball_rolls.py`; this module adds the
smaller views the chapters build up to them with.
"""

from __future__ import annotations

from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS as EX

from ...registry import grid, scalar, table
from ...shown import Column, Grid, Number, Scalar, Table
from ..common import DECIMAL, entry_or_row, make_grid, style_of

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens
TIMES = "\N{NO-BREAK SPACE}×\N{NO-BREAK SPACE}"  # keeps "3 × 3" on one line in narrow tables
ONE_NUMBER = "one number"
SYMBOL = {"n": "$n$", "d_model": "$d_{model}$", "d_k": "$d_k$", "d_v": "$d_v$"}


def symbols() -> tuple[tuple[str, str, str, tuple[int, ...] | None], ...]:
    """The site's symbols: (symbol, meaning, shape in symbols, the array's shape in red ball rolls or None)."""
    head = EX.head
    row = (1,)  # a single row of a matrix: 1 × its width
    return (
        ("$X$", "the input rows, one per token", r"$n \times d_{model}$", EX.X.shape),
        ("$W_Q$", "a head's query projection", r"$d_{model} \times d_k$", EX.W_q[0].shape),
        ("$W_K$", "a head's key projection", r"$d_{model} \times d_k$", EX.W_k[0].shape),
        ("$W_V$", "a head's value projection", r"$d_{model} \times d_v$", EX.W_v[0].shape),
        ("$Q$", "the queries $X W_Q$, one row per token", r"$n \times d_k$", head.Q.shape),
        ("$K$", "the keys $X W_K$, one row per token", r"$n \times d_k$", head.K.shape),
        ("$V$", "the values $X W_V$, one row per token", r"$n \times d_v$", head.V.shape),
        ("$q_i$, $k_j$", "the query of token $i$ (row $i$ of $Q$), the key of token $j$", r"$1 \times d_k$",
         row + head.Q.shape[1:]),
        ("$v_j$", "the value of token $j$ (row $j$ of $V$)", r"$1 \times d_v$", row + head.V.shape[1:]),
        ("$S$", "the scores $Q K^\\top / \\sqrt{d_k}$", r"$n \times n$", head.scaled.shape),
        ("$s_{ij}$", "the score of query $i$ for key $j$ (row $i$, column $j$ of $S$)", ONE_NUMBER, None),
        ("$M$", "the scores after the causal mask", r"$n \times n$", head.masked.shape),
        ("$A$", "the weights: row $i$ shares out the attention of token $i$", r"$n \times n$", head.weights.shape),
        ("$a_{ij}$", "the weight query $i$ gives key $j$; each row of $A$ sums to 1", ONE_NUMBER, None),
        ("$O$", "one head's output rows $A V$", r"$n \times d_v$", head.output.shape),
        ("$o_i$", "the output of token $i$ (row $i$ of $O$)", r"$1 \times d_v$", row + head.output.shape[1:]),
        ("$W_O$", "the output projection: all $h$ heads' outputs side by side, back to $d_{model}$",
         r"$h d_v \times d_{model}$", EX.W_o.shape),
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
    rows = tuple((SYMBOL[symbol], Number(float(size), STYLE), meaning[symbol]) for symbol, size in sizes().items())
    return Table((Column("symbol", "symbol", False), Column("size", "worked value"),
                  Column("meaning", "meaning", False)), rows)


@table(NAME, "shapes", "The site's symbols: meaning, shape in symbols, and shape in red ball rolls (computed).")
def shapes() -> Table:
    rows = tuple((symbol, meaning, shape, ONE_NUMBER if worked is None else TIMES.join(str(k) for k in worked))
                 for symbol, meaning, shape, worked in symbols())
    return Table((Column("symbol", "symbol", False), Column("meaning", "meaning", False),
                  Column("shape", "shape", False), Column("worked", "in red ball rolls", False)), rows)


@table(NAME, "rolls-scores", f"The query of {EX.focus} against each key: one multiplication per score "
       f"(d_k = {EX.head.d_k}).")
def rolls_scores() -> Table:
    i, head = EX.focus_index, EX.head
    rows = tuple(
        (token, entry_or_row(head.Q[i], STYLE), entry_or_row(head.K[j], STYLE), Number(float(head.scores[i, j]), STYLE))
        for j, token in enumerate(TOKENS)
    )
    columns = (Column("key", "key token", False), Column("query", f"query of {EX.focus}"),
               Column("k", "key"), Column("score", "score q × k"))
    return Table(columns, rows)


@scalar(NAME, "divisor", "sqrt(d_k) for head 1, the number every score is divided by.")
def divisor() -> Scalar:
    return Scalar(EX.divisor, STYLE)


@scalar(NAME, "ball-key-decimal", f"The key of {EX.tokens[1]} (the second token) as a decimal.")
def ball_key_decimal() -> Scalar:
    return Scalar(EX.second_key_entry, DECIMAL)



@grid(NAME, "totals", "Each query row's total of permitted e^s, the number softmax divides by.")
def totals() -> Grid:
    return make_grid(EX.softmax_steps.totals[:, None], TOKENS, ("total",), STYLE, "query")


@grid(NAME, "output-decimals", "The output rows O of head 1 in decimals (digits= sets the places).")
def output_decimals() -> Grid:
    return make_grid(EX.head.output, TOKENS, tuple(f"o{k + 1}" for k in range(EX.head.d_v)), DECIMAL, "token")
