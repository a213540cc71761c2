"""Query heads sharing K/V heads (example "grouped-heads"): red ball rolls, its query heads over fewer K/V heads.

Computed by attention_core.grouped_query and attention_core.kv_memory. Heads are counted from 1 on the page
(`q1` .. `q4`, `kv1` ..), as the walk-through counts heads; the core counts them from 0. Option `g` picks the
arrangement by its number of K/V heads.
"""

from __future__ import annotations

import numpy as np

from attention_core import GroupedQueryResult
from attention_core.examples.grouped_heads import GROUPED_HEADS as EX

from ..errors import DirectiveError
from ..mirror import Mirror
from ..options import integer
from ..registry import grid, scalar, table
from ..shown import Cell, Column, Grid, Number, Scalar, Table, Vector
from .common import EXACT, as_rows, authored_grid, checked_weights, make_grid, style_of

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens
DIMENSIONS = tuple(f"x{r + 1}" for r in range(len(EX.X_text[0])))
G = integer("g", "how many K/V heads the query heads share", 1, 128, default=EX.kv_heads[0])


def arrangement(g: int) -> GroupedQueryResult:
    """The arrangement with g K/V heads, or an error naming those there are."""
    if g not in EX.arrangements:
        raise DirectiveError(f"g={g} is not an arrangement of this example; accepted: "
                             + ", ".join(str(x) for x in EX.arrangements))
    return EX.arrangements[g]


def heads_text(g: int) -> str:
    """`4 K/V heads`, `1 K/V head`."""
    return f"{g} K/V head" + ("" if g == 1 else "s")


def query_labels() -> tuple[str, ...]:
    """`q1` .. `qh`."""
    return tuple(f"q{r + 1}" for r in range(EX.query_heads))


def kv_labels(g: int) -> tuple[str, ...]:
    """`kv1` .. `kvg`."""
    return tuple(f"kv{r + 1}" for r in range(g))


@scalar(NAME, "query-heads", "The number h of query heads.")
def query_heads() -> Scalar:
    return Scalar(float(EX.query_heads), EXACT)


@grid(NAME, "x", "The inputs X, one row per token; the columns x1, x2, x3 are the rows of each projection.")
def x() -> Grid:
    return authored_grid(EX.X_text, TOKENS, DIMENSIONS, STYLE, "token")


@grid(NAME, "w-q", "The illustrative query projections, one column per query head (each head one number wide).")
def w_q() -> Grid:
    return authored_grid(EX.W_q_text, DIMENSIONS, query_labels(), STYLE, "input")


@grid(NAME, "w-k", "The illustrative key projections, one column per K/V head.")
def w_k() -> Grid:
    return authored_grid(EX.W_k_text, DIMENSIONS, kv_labels(len(EX.W_k_text[0])), STYLE, "input")


@grid(NAME, "w-v", "The illustrative value projections, one column per K/V head.")
def w_v() -> Grid:
    return authored_grid(EX.W_v_text, DIMENSIONS, kv_labels(len(EX.W_v_text[0])), STYLE, "input")


@table(NAME, "sharing", "For each query head, the K/V head it reads when 4, 2 or 1 K/V heads are kept.")
def sharing() -> Table:
    rows = tuple(
        (label, *(f"kv{arrangement(g).kv_head_of[r] + 1}" for g in EX.arrangements))
        for r, label in enumerate(query_labels())
    )
    columns = tuple(Column(f"g{g}", f"{heads_text(g)} ({arrangement(g).kind})", False) for g in EX.arrangements)
    return Table((Column("head", "query head", False), *columns), rows)


@grid(NAME, "readers", "How many query heads read each K/V head, for one arrangement.", options=(G,))
def readers(g: int) -> Grid:
    return make_grid(arrangement(g).readers[None, :].astype(float), ("readers",), kv_labels(g), EXACT, "K/V head")


@grid(NAME, "cache", "The cached K and V of one arrangement: one key and one value column per K/V head.",
      options=(G,))
def cache(g: int) -> Grid:
    result = arrangement(g)
    columns = np.concatenate([*result.K, *result.V], axis=1)  # (n, g*d_k + g*d_v)
    labels = (*(f"k{r + 1}" for r in range(g)), *(f"v{r + 1}" for r in range(g)))
    if columns.shape[1] != len(labels):
        raise DirectiveError("each K/V head of this example must be one number wide")
    return make_grid(columns, TOKENS, labels, STYLE, "token")


@grid(NAME, "weights", "The weights of rolls' query in every query head, for one arrangement.", options=(G,))
def weights(g: int) -> Grid:
    rows = np.array([checked_weights(head.weights)[-1] for head in arrangement(g).heads])  # (h, n)
    return make_grid(rows, query_labels(), TOKENS, STYLE, "query head \\ key")


@table(NAME, "rolls-weights", "rolls' weights in each query head under each arrangement.")
def rolls_weights() -> Table:
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (label, *(Vector(as_rows(checked_weights(arrangement(g).heads[r].weights)[-1])[0], STYLE)
                  for g in EX.arrangements))
        for r, label in enumerate(query_labels())
    )
    columns = tuple(Column(f"g{g}", heads_text(g)) for g in EX.arrangements)
    return Table((Column("head", "query head", False), *columns), rows)


@table(NAME, "cache-size", "For each arrangement: K/V heads, numbers cached for the three tokens, and bytes.")
def cache_size() -> Table:
    rows = []
    for g in EX.arrangements:
        rows.append((arrangement(g).kind, Number(g, EXACT),
                     f"2 × {g} × {EX.kv_width(g)} × {len(TOKENS)} = {EX.cache_entries(g)}",
                     Number(EX.cache_bytes(g), EXACT)))
    return Table((Column("kind", "attention", False), Column("g", "K/V heads"),
                  Column("entries", "numbers cached: 2 × K/V heads × width × tokens", False),
                  Column("bytes", f"bytes at {EX.bytes_per_value} per number")), tuple(rows))


@grid(NAME, "cache-entries", "Numbers cached for the three tokens, for each arrangement (columns g1, g2, ...).")
def cache_entries() -> Grid:
    values = np.array([[EX.cache_entries(g) for g in EX.arrangements]], dtype=float)
    return make_grid(values, ("numbers",), tuple(f"g{g}" for g in EX.arrangements), EXACT, "K/V heads")


# What docs/javascripts/live/grouped-heads.js mirrors (directives/mirror.py): the reader's inputs and the entries.
# The K/V heads of each arrangement are offered where an entry drawing the arrangements is shown; their range says
# they must divide the query heads, so live.js refuses a 3 beside its field as the example does; the bytes of a
# stored number where the cache's size is.
MIRROR = Mirror(
    entries=frozenset({
        "cache", "cache-size", "query-heads", "readers", "rolls-weights", "sharing", "w-k", "w-q", "w-v", "weights",
        "x"}),
    editable=("X", "W_q", "W_k", "W_v", "kv_heads", "bytes_per_value"),
    read_by={"kv_heads": frozenset({"cache", "cache-size", "readers", "rolls-weights", "sharing", "weights"}),
             "bytes_per_value": frozenset({"cache-size"})})
