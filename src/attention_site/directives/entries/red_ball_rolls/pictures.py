"""Pictures of red ball rolls: the causal mask as a grid and head 1's weights as a heat map.

Each is drawn by `figures.py` from the same numbers as the tables beside it.
"""

from __future__ import annotations

import numpy as np

from attention_core import RED_BALL_ROLLS as EX

from ....figures import mask_grid_svg
from ...registry import figure
from ...shown import Figure
from ..common import style_of, weights_figure

RNN_TOKENS = 6  # the deck's sentence length for the RNN comparison: a defining size
STYLE = style_of(EX)


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
