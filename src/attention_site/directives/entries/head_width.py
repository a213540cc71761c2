"""The spread of scores by head width (example "head-width"): raw q·k against q·k / sqrt(d_k), table and chart.

The spreads come from a seeded generator, so their last digits are illustrative.
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.head_width import HEAD_WIDTH

from ...figures import growth_charts
from ..mirror import Mirror
from ..registry import figure, grid, scalar, table
from ..shown import Column, Figure, Grid, Number, Scalar, Table
from .common import EXACT, make_grid, style_of

WIDTH_STYLE = style_of(HEAD_WIDTH)
WHOLE = EXACT  # widths and their square roots here are whole numbers: show 4, not 4.000


@table(HEAD_WIDTH.name, "spread", "Spread (standard deviation) of q·k for random q, k, raw and divided by sqrt(d_k).")
def spread() -> Table:
    rows = tuple(
        (Number(float(width), WHOLE), Number(float(root), WHOLE), Number(float(raw), WIDTH_STYLE),
         Number(float(scaled), WIDTH_STYLE))
        for width, root, raw, scaled in zip(HEAD_WIDTH.widths, HEAD_WIDTH.sqrt_widths, HEAD_WIDTH.raw_sd,
                                            HEAD_WIDTH.scaled_sd, strict=True)
    )
    columns = (Column("d_k", "head width $d_k$"), Column("sqrt", "square root $\\sqrt{d_k}$"),
               Column("raw", "spread of $q \\cdot k$"), Column("scaled", "spread of $q \\cdot k / \\sqrt{d_k}$"))
    return Table(columns, rows)


@scalar(HEAD_WIDTH.name, "samples", "How many random (q, k) pairs each spread is measured on.")
def samples() -> Scalar:
    return Scalar(float(HEAD_WIDTH.samples), WHOLE)

@grid(HEAD_WIDTH.name, "spreads", "The spreads as a grid: one row per width d_k (row=16), columns raw and scaled.")
def spreads() -> Grid:
    both = np.column_stack([HEAD_WIDTH.raw_sd, HEAD_WIDTH.scaled_sd])  # (widths, 2)
    return make_grid(both, tuple(str(w) for w in HEAD_WIDTH.widths), ("raw", "scaled"), WIDTH_STYLE, "d_k")


@figure(HEAD_WIDTH.name, "spread-chart", "Spread of q·k against d_k, raw and divided by sqrt(d_k), log axes.")
def spread_chart() -> Figure:
    svg = growth_charts(
        [float(w) for w in HEAD_WIDTH.widths],
        {"raw q·k": HEAD_WIDTH.raw_sd.tolist(), "q·k / √dₖ": HEAD_WIDTH.scaled_sd.tolist()},
        title="Spread of scores by head width",
        desc="Standard deviation of the dot product of random query and key vectors, for each head width dₖ. "
             "The raw spread grows like the square root of d_k; divided by the square root of d_k it stays near 1.",
        x_label="head width dₖ", y_label="spread (standard deviation)", log=True, id_prefix="head-width",
    )
    return Figure(svg, "Raw scores spread out as heads get wider; dividing by √dₖ keeps the spread near 1.")



# What docs/javascripts/live/head-width.js mirrors (directives/mirror.py): every entry. Its spreads are millions of
# draws, which the browser makes in slices between its other work (live.js's pending), the page dimmed till then.
MIRROR = Mirror(
    entries=frozenset({"samples", "spread", "spread-chart", "spreads"}),
    editable=("seed", "widths", "samples"),
    parts=("charts", "random"))
