"""Pictures of red ball rolls: the causal mask, head 1's weights, and diagrams of the arrays' shapes.

Each is drawn by `attention_site.figures` from the same numbers as the tables beside it.
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS as EX

from ....figures import ArrayShape, flow_diagram_svg, mask_grid_svg
from ...registry import figure
from ...shown import Figure
from ..common import style_of, weights_figure

STYLE = style_of(EX)


NO_HATCHING = "with no causal mask no cell is hatched"  # what the pictures' captions say once a reader turns it off
# The mask grid's title, text alternative and caption, by whether the example is causal (a reader may turn the mask off
# on a live page: every key allowed, as in an encoder).
MASK_WORDS = {
    True: ("Causal mask for red ball rolls",
           "Rows are queries, columns are keys. Each query may use its own column and the columns before it; the cells "
           "above the diagonal are future positions and are hatched.",
           "Rows are queries, columns are keys; hatched cells are future positions, set to −∞."),
    False: ("No mask on red ball rolls",
            "Rows are queries, columns are keys. With no causal mask each query may use every column, the later ones "
            "too; no cell is hatched.",
            f"Rows are queries, columns are keys; {NO_HATCHING} and no score is set to −∞.")}


@figure(EX.name, "mask-grid", "The causal mask of red ball rolls as a grid: allowed cells filled, future hatched.")
def mask_grid() -> Figure:
    allowed = EX.mask if EX.mask is not None else np.ones((len(EX.tokens),) * 2, dtype=bool)
    title, desc, caption = MASK_WORDS[EX.mask is not None]
    return Figure(mask_grid_svg(allowed.tolist(), EX.tokens, title=title, desc=desc, id_prefix="rbr-mask"), caption)


@figure(EX.name, "weights-heatmap", "The weights A of head 1 as a heat map, masked cells hatched.")
def weights_heatmap() -> Figure:
    return weights_figure(
        EX.head.weights, EX.tokens, STYLE, mask=EX.mask, title="Attention weights A for red ball rolls",
        caption="Each row is one query's weights and sums to 1; "
                + ("hatched cells are masked and get 0." if EX.mask is not None else NO_HATCHING + "."),
        id_prefix="rbr-weights",
    )


def array(symbol: str, values: np.ndarray, note: str = "", masked: np.ndarray | None = None) -> ArrayShape:
    """An array of the example as a diagram draws it: its symbol, its own shape, a note, the masked cells."""
    rows, cols = values.shape
    hatched = None if masked is None else tuple(tuple(not ok for ok in row) for row in masked.tolist())
    return ArrayShape(symbol, rows, cols, note, hatched)


@figure(EX.name, "flow-diagram", "Head 1 as a flow X → Q, K, V → S → M → A → O, each array drawn in its own shape.")
def flow_diagram() -> Figure:
    head = EX.head
    stages = [[array("X", EX.X, "input rows")],
              [array("Q", head.Q, "queries"), array("K", head.K, "keys"), array("V", head.V, "values")],
              [array("S", head.scaled, "Q Kᵀ ÷ √dₖ")],  # S is scaled, as in the notation table (steps.py)
              [array("M", head.masked, "masked", EX.mask)],
              [array("A", head.weights, "softmax by row", EX.mask)],
              [array("O", head.output, "A V")]]
    edges = [("X", "Q"), ("X", "K"), ("X", "V"), ("Q", "S"), ("K", "S"), ("S", "M"), ("M", "A"), ("A", "O"),
             ("V", "O")]
    svg = flow_diagram_svg(
        stages, edges, title="One attention head on red ball rolls, array by array",
        desc="Each array is drawn as a grid of its own shape, rows by columns; hatched cells are masked. "
             "From top to bottom:", id_prefix="rbr-flow")
    hatched = "hatched cells are future positions" if EX.mask is not None else NO_HATCHING
    return Figure(svg, f"One head from input to output: every grid has the shape of the array the chapters compute; "
                       f"{hatched}.")


@figure(EX.name, "heads-diagram", "Both heads' outputs, their concatenation and W_O, each drawn in its own shape.")
def heads_diagram() -> Figure:
    mh = EX.multihead
    heads = [array(f"O{SUPERSCRIPT[k + 1]}", head.output, f"head {k + 1}") for k, head in enumerate(mh.heads)]
    stages = [heads, [array("concat", mh.concat, "side by side"), array("W_O", mh.W_o, "learned")],
              [array("U", mh.output, "concat × W_O")]]
    edges = [*((head.symbol, "concat") for head in heads), ("concat", "U"), ("W_O", "U")]
    svg = flow_diagram_svg(
        stages, edges, title="From the heads to W_O on red ball rolls",
        desc="The heads' outputs are placed side by side and multiplied by W_O, which brings the rows back to "
             "the model width. From top to bottom:", id_prefix="rbr-heads")
    return Figure(svg, "Concatenating the heads widens each row; the output projection maps it back to the width of X.")


SUPERSCRIPT = dict(enumerate("⁰¹²³⁴⁵⁶⁷⁸⁹"))
