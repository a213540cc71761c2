"""The n² cost (example "cost"): score entries, bytes and multiply-adds of one head, and their growth.

Counts come from attention_core.cost_table; d_k = d_v = 64 are the example's illustrative head widths.
"""

from __future__ import annotations

import numpy as np

from attention_core import attention_cost, cost_table
from attention_core.examples.cost import COST as EX

from ...figures import growth_charts
from ..mirror import Mirror
from ..options import integer, integers
from ..registry import figure, grid, table
from ..shown import Column, Figure, Grid, Table
from .common import EXACT, make_grid
from .counts import count_grid, count_text

NAME = EX.name
MAX_N = 1_000_000
LENGTHS = integers("n", "sequence lengths, one row each", 1, MAX_N, default=EX.lengths)
ONE_N = integer("n", "the sequence length", 1, MAX_N, default=EX.lengths[0])


@table(NAME, "table", "Per head and per example: n², score-matrix bytes (float32, float16), multiply-adds.",
       options=(LENGTHS,))
def cost_rows(n: tuple[int, ...]) -> Table:
    rows = tuple(
        (count_text(c.n), count_text(c.scores), count_text(c.bytes_float32), count_text(c.bytes_float16),
         count_text(c.macs_qk), count_text(c.macs_av))
        for c in cost_table(n, EX.d_k, EX.d_v)
    )
    columns = (Column("n", "tokens n"), Column("scores", "score entries n²"),
               Column("float32", "bytes, float32"), Column("float16", "bytes, float16"),
               Column("qk", f"multiply-adds $QK^\\top$ ($d_k$ = {EX.d_k})"),
               Column("av", f"multiply-adds $AV$ ($d_v$ = {EX.d_v})"))
    return Table(columns, rows)


@table(NAME, "scores", "Just n and n²: the deck's table of score entries per head.", options=(LENGTHS,))
def score_rows(n: tuple[int, ...]) -> Table:
    rows = tuple((count_text(c.n), count_text(c.scores)) for c in cost_table(n, EX.d_k, EX.d_v))
    return Table((Column("n", "tokens n"), Column("scores", "scores per head n²")), rows)


@grid(NAME, "score-count", "The number of score entries n² for one n, as text with separators.", options=(ONE_N,))
def score_count(n: int) -> Grid:
    return count_grid(attention_cost(n, EX.d_k, EX.d_v).scores, f"n = {n}")


@figure(NAME, "growth-chart", f"Score entries n² against n from {EX.chart_lengths[0]} to {EX.chart_lengths[-1]}, "
        "on logarithmic axes.")
def growth_chart() -> Figure:
    costs = cost_table(EX.chart_lengths, EX.d_k, EX.d_v)
    svg = growth_charts(
        [float(c.n) for c in costs], {"score entries n²": [float(c.scores) for c in costs],
                                      "tokens n": [float(c.n) for c in costs]},
        title="Score entries per head as the sequence grows",
        desc="On logarithmic axes, n squared is a straight line twice as steep as n: each doubling of the "
             "sequence length multiplies the score entries by four. "
             + " ".join(f"n = {c.n}: {c.scores:,} entries." for c in costs),
        x_label="tokens n", y_label="count", log=True, id_prefix="cost-growth",
    )
    return Figure(svg, "Each doubling of n multiplies the score entries by four: twice the slope of n itself.")


@grid(NAME, "head-widths", "The example's illustrative head widths d_k and d_v, one row: col=d_k or col=d_v.")
def head_widths() -> Grid:
    return make_grid(np.array([[float(EX.d_k), float(EX.d_v)]]), ("width",), ("d_k", "d_v"), EXACT, "")


# What docs/javascripts/live/cost.js mirrors (directives/mirror.py): the reader's inputs and the entries. The growth
# chart's lengths are offered beside it; live/charts.js, which draws it, is fetched once they differ (core.fromPart).
MIRROR = Mirror(
    entries=frozenset({
        "growth-chart", "head-widths", "score-count", "scores", "table"}),
    editable=("lengths", "chart_lengths", "d_k", "d_v"),
    read_by={"lengths": frozenset({"scores", "table"}), "chart_lengths": frozenset({"growth-chart"}),
             "d_k": frozenset({"head-widths", "table"}), "d_v": frozenset({"head-widths", "table"})})
