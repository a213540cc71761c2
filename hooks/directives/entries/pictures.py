"""Pictures for the first chapters of the walk-through: the RNN path, the causal mask, the weights, the spread.

Each is drawn by `figures.py` from the same numbers as the tables beside it.
"""

from __future__ import annotations

import numpy as np

from attention_core import HEAD_WIDTH
from attention_core import RED_BALL_ROLLS as EX
from figures import growth_chart_svg, mask_grid_svg, path_diagram_svg

from ..registry import figure
from ..shown import Figure
from .common import style_of, weights_figure

RNN_TOKENS = 6  # the deck's sentence length for the RNN comparison: a defining size
STYLE = style_of(EX)


@figure("rnn-path", "paths", "Token 1 to token 6: an RNN's chain of updates against attention's one direct score.")
def paths() -> Figure:
    svg = path_diagram_svg(
        RNN_TOKENS,
        title=f"From token 1 to token {RNN_TOKENS}",
        desc=f"Top: an RNN passes information along the chain 1 to {RNN_TOKENS}, one state update per step. "
             f"Bottom: attention links token {RNN_TOKENS} to token 1 with a single score.",
        id_prefix="rnn-path",
    )
    return Figure(svg, f"An RNN carries token 1 to token {RNN_TOKENS} through every update in between; "
                       "attention scores the pair directly.")


@figure(EX.name, "mask-grid", "The causal mask of red ball rolls as a grid: allowed cells filled, future hatched.")
def mask_grid() -> Figure:
    allowed = EX.mask if EX.mask is not None else np.ones((len(EX.tokens),) * 2, dtype=bool)
    svg = mask_grid_svg(
        allowed.tolist(), EX.tokens, title="Causal mask for red ball rolls",
        desc="Rows are queries, columns are keys. Each query may use its own column and the columns before it; "
             "the cells above the diagonal are future positions and are hatched.",
        id_prefix="rbr-mask",
    )
    return Figure(svg, "Rows are queries, columns are keys; hatched cells are future positions, set to −∞.")


@figure(EX.name, "weights-heatmap", "The weights A of head 1 as a heat map, masked cells hatched.")
def weights_heatmap() -> Figure:
    return weights_figure(
        EX.head.weights, EX.tokens, STYLE, mask=EX.mask, title="Attention weights A for red ball rolls",
        caption="Each row is one query's weights and sums to 1; hatched cells are masked and get 0.",
        id_prefix="rbr-weights",
    )


@figure(HEAD_WIDTH.name, "spread-chart", "Spread of q·k against d_k, raw and divided by sqrt(d_k), log axes.")
def spread_chart() -> Figure:
    svg = growth_chart_svg(
        [float(w) for w in HEAD_WIDTH.widths],
        {"raw q·k": HEAD_WIDTH.raw_sd.tolist(), "q·k / √dₖ": HEAD_WIDTH.scaled_sd.tolist()},
        title="Spread of scores by head width",
        desc="Standard deviation of the dot product of random query and key vectors, for each head width dₖ. "
             "The raw spread grows like the square root of d_k; divided by the square root of d_k it stays near 1.",
        x_label="head width dₖ", y_label="spread (standard deviation)", log=True, id_prefix="head-width",
    )
    return Figure(svg, "Raw scores spread out as heads get wider; dividing by √dₖ keeps the spread near 1.")
