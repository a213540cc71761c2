"""Pictures at build time: numbers in, an SVG string out, for a reader who would rather look than read.

Every function is pure and deterministic (the same input gives the same bytes). Each SVG scales to its
container (viewBox, `width="100%"` and a `max-width` of its natural size), carries `role="img"` and a
`<title>` and `<desc>` named by `aria-labelledby`, and prefixes every id with `id_prefix` so that several
pictures can share a page. Colours are never written here: elements get `abh-*` classes whose colours
live as CSS custom properties in docs/stylesheets/figures.css (light, dark, cream, more contrast and
forced colours).

One module a family: `grids` (heat maps, masks, position encodings), `charts` (line charts), `diagrams` (paths,
flows, the residual stream, the KV cache), `decoding` (generation a step at a time: the query against the growing
cache), `reshapes` (batched heads split by a reshape and a transpose), `rotations` (RoPE's turned pairs), all drawn
in the frame of `frame` (the labelled <svg>, text, lines).
"""

from __future__ import annotations

from .charts import growth_chart_svg, growth_charts
from .decoding import DecodePanel, decoding_steps_svg
from .diagrams import ArrayShape, flow_diagram_svg, path_diagram_svg, residual_stream_svg
from .grids import heatmap_svg, mask_grid_svg, positions_heatmap_svg
from .reshapes import head_split_svg
from .rotations import TurnedPair, rotation_figures, rotation_svg

__all__ = [
    "ArrayShape",
    "DecodePanel",
    "TurnedPair",
    "decoding_steps_svg",
    "flow_diagram_svg",
    "growth_chart_svg",
    "growth_charts",
    "head_split_svg",
    "heatmap_svg",
    "mask_grid_svg",
    "path_diagram_svg",
    "positions_heatmap_svg",
    "residual_stream_svg",
    "rotation_figures",
    "rotation_svg",
]
