"""Pictures at build time: numbers in, an SVG string out, for a reader who would rather look than read.

Every function is pure and deterministic (the same input gives the same bytes). Each SVG scales to its
container (viewBox, `width="100%"` and a `max-width` of its natural size), carries `role="img"` and a
`<title>` and `<desc>` named by `aria-labelledby`, and prefixes every id with `id_prefix` so that several
pictures can share a page. Colours are never written here: elements get `abh-*` classes whose colours
live as CSS custom properties in docs/stylesheets/figures.css (light, dark, cream, more contrast and
forced colours).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from itertools import pairwise

__all__ = [
    "ArrayShape",
    "cache_growth_svg",
    "flow_diagram_svg",
    "growth_chart_svg",
    "growth_charts",
    "heatmap_svg",
    "mask_grid_svg",
    "path_diagram_svg",
    "positions_heatmap_svg",
    "residual_stream_svg",
]

RE_ID_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
RE_TRAILING_ZEROS = re.compile(r"\.?0+$")

FONT_SIZE = 14
POWERS_FROM = 1e5  # axis values from here on are powers of ten
CELL = 48
LABEL_WIDTH = 84
HEADER_HEIGHT = 34
LEGEND_HEIGHT = 40
WIDE_CHART, NARROW_CHART = 520, 336  # a line chart's two widths; a 375 px phone's column is 343 px
LEGEND_LINE = 28  # the height of a line of a chart's legend
RAMP_WIDTH = 180  # a heat map's legend from its "0" to its "1"
MAX_CELLS = 4096
SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


# ----------------------------------------------------------------------------------------------- public
MAX_TOOLTIPS = 64  # cells of a positions map up to which each cell carries its value as a tooltip


def heatmap_svg(
    values: Sequence[Sequence[float]],
    row_labels: Sequence[str],
    col_labels: Sequence[str],
    *,
    title: str,
    desc: str,
    cell_text: Sequence[Sequence[str]] | None = None,
    masked: Sequence[Sequence[bool]] | None = None,
    id_prefix: str,
) -> str:
    """Draw attention weights as a heat map: one row per query, one column per key, more is further from the page.

    `values` is (n_rows, n_cols) with entries in [0, 1]; `cell_text` (same shape) replaces the printed
    value (two decimals by default); `masked` (same shape) marks cells that are hatched and left blank.
    """
    rows, cols = _shape(values, "values")
    _check_labels(row_labels, rows, "row_labels")
    _check_labels(col_labels, cols, "col_labels")
    for name, grid in (("cell_text", cell_text), ("masked", masked)):
        if grid is not None and _shape(grid, name) != (rows, cols):
            raise ValueError(f"{name} is {_shape(grid, name)} but values is ({rows}, {cols})")
    _check_range(values, 0.0, 1.0, "values")
    width = LABEL_WIDTH + cols * CELL + 8
    height = HEADER_HEIGHT + rows * CELL + LEGEND_HEIGHT + (LEGEND_LINE if masked is not None else 0)
    body = [_hatch_pattern(id_prefix)]
    body += _column_labels(col_labels, LABEL_WIDTH, CELL)
    for i in range(rows):
        y = HEADER_HEIGHT + i * CELL
        body.append(_row_label(row_labels[i], y + CELL / 2))
        for j in range(cols):
            is_masked = bool(masked and masked[i][j])
            text = cell_text[i][j] if cell_text else ("" if is_masked else _decimal(values[i][j]))
            tip = f"{row_labels[i]} → {col_labels[j]}: {'masked' if is_masked else text}"
            body.append(_heat_cell(LABEL_WIDTH + j * CELL, y, values[i][j], text, tip, is_masked, id_prefix))
    legend_x = min(LABEL_WIDTH, width - 8 - RAMP_WIDTH)  # under the grid, or as far left as a narrow grid needs
    body.append(_heat_legend(legend_x, HEADER_HEIGHT + rows * CELL + 12, masked is not None, id_prefix))
    return _svg("abh-heatmap", width, height, title, desc, id_prefix, body)


def mask_grid_svg(
    allowed: Sequence[Sequence[bool]], labels: Sequence[str], *, title: str, desc: str, id_prefix: str
) -> str:
    """Draw a mask as a grid: row i may attend to column j where `allowed[i][j]`, hatched where not.

    `allowed` is (n, n); `labels` names the n tokens, used for both rows (queries) and columns (keys).
    """
    rows, cols = _shape(allowed, "allowed")
    if rows != cols:
        raise ValueError(f"allowed must be square, got ({rows}, {cols})")
    _check_labels(labels, rows, "labels")
    width, height = LABEL_WIDTH + cols * CELL + 8, HEADER_HEIGHT + rows * CELL + LEGEND_HEIGHT + LEGEND_LINE
    body = [_hatch_pattern(id_prefix), *_column_labels(labels, LABEL_WIDTH, CELL)]
    for i in range(rows):
        y = HEADER_HEIGHT + i * CELL
        body.append(_row_label(labels[i], y + CELL / 2))
        for j in range(cols):
            body.append(_mask_cell(LABEL_WIDTH + j * CELL, y, bool(allowed[i][j]), labels[i], labels[j],
                                   id_prefix))
    body.append(_mask_legend(LABEL_WIDTH, HEADER_HEIGHT + rows * CELL + 12, id_prefix))
    return _svg("abh-mask", width, height, title, desc, id_prefix, body)


def growth_chart_svg(
    xs: Sequence[float],
    ys: Sequence[float] | Mapping[str, Sequence[float]],
    *,
    title: str,
    desc: str,
    x_label: str,
    y_label: str,
    log: bool = True,
    id_prefix: str,
    narrow: bool = False,
) -> str:
    """Draw one or more series against `xs` (e.g. n² against n, or naive against tiled memory).

    `ys` is one sequence (len(xs),) or a mapping from a series label to one; `log` puts both axes on a
    logarithmic scale, where n² is a straight line of slope 2. With `log`, every value must be positive.
    `narrow` draws it for a phone's column instead: NARROW_CHART units wide, its legend one entry a line.
    """
    series = dict(ys) if isinstance(ys, Mapping) else {"": ys}
    if not xs or not series or len(series) > len(SERIES_DASHES):
        raise ValueError(f"need at least one x and 1 to {len(SERIES_DASHES)} series, got {len(xs)} x and "
                         f"{len(series)} series")
    for label, values in series.items():
        if len(values) != len(xs):
            raise ValueError(f"series '{label}' has {len(values)} values but xs has {len(xs)}")
    _check_finite([xs, *series.values()], log)
    plot = _Plot(xs, [v for values in series.values() for v in values], log, NARROW_CHART if narrow else WIDE_CHART)
    body = [*plot.axes(x_label, y_label), *plot.x_ticks(xs), *plot.y_ticks()]
    for index, (label, values) in enumerate(series.items()):
        body += plot.series(index, xs, values, label)
    legend = list(series) if "" not in series else []
    if legend:
        body += _series_legend(legend, plot.left, plot.bottom + 70, stacked=narrow)
    height = plot.bottom + 56 + (LEGEND_LINE * (len(legend) if narrow else 1) if legend else 0)
    kind = "abh-chart abh-chart-narrow" if narrow else "abh-chart abh-chart-wide"
    return _svg(kind, plot.width, height, title, desc, id_prefix, body)


def growth_charts(xs: Sequence[float], ys: Sequence[float] | Mapping[str, Sequence[float]], *, title: str, desc: str,
                  x_label: str, y_label: str, log: bool = True, id_prefix: str) -> str:
    """Draw the chart of `growth_chart_svg` twice, wide and narrow, the narrow one's ids prefixed
    `{id_prefix}-narrow`: a figure holding both shows the narrow one only where the wide one would not fit
    (figures.css), so a phone reader sees the whole chart, its text at full size, without scrolling sideways."""
    draw = functools.partial(growth_chart_svg, xs, ys, title=title, desc=desc, x_label=x_label, y_label=y_label,
                             log=log)
    return draw(id_prefix=id_prefix) + draw(id_prefix=f"{id_prefix}-narrow", narrow=True)


def positions_heatmap_svg(P: Sequence[Sequence[float]], *, title: str, desc: str, id_prefix: str) -> str:
    """Draw sinusoidal position encodings: one row per position, one column per dimension, -1 to 1.

    `P` is (n_positions, d_model); positive entries shade one way, negative the other, 0 is blank. Cells get
    a hover tooltip only in small maps: in a large one a tooltip per cell adds weight and helps nobody.
    """
    rows, cols = _shape(P, "P")
    _check_range(P, -1.0, 1.0, "P")
    cell = max(10, min(28, 448 // cols))
    left, top = 44, HEADER_HEIGHT
    width, height = left + cols * cell + 8, top + rows * cell + LEGEND_HEIGHT + 8  # room for the "0" under the ramp
    body = [_text(left + cols * cell / 2, 14, "dimension i", "abh-axis-label", anchor="middle"),
            _text(4, 14, "pos", "abh-axis-label")]
    step = math.ceil(22 / cell)
    body += [_text(left + (j + 0.5) * cell, top - 6, str(j), "abh-tick", anchor="middle")
             for j in range(0, cols, step)]
    for i in range(rows):
        body.append(_text(left - 8, top + (i + 0.5) * cell, str(i), "abh-tick", anchor="end", middle=True))
        for j in range(cols):
            where = f"pos {i}, i = {j}" if rows * cols <= MAX_TOOLTIPS else None
            body.append(_signed_cell(left + j * cell, top + i * cell, cell, P[i][j], where))
    body += _diverging_legend(left, top + rows * cell + 12)
    return _svg("abh-positions", width, height, title, desc, id_prefix, body)


def path_diagram_svg(n_tokens: int, *, title: str, desc: str, id_prefix: str) -> str:
    """Draw the path from token n back to token 1: an RNN's chain of n-1 steps against attention's one edge."""
    if not 2 <= n_tokens <= 12:
        raise ValueError(f"n_tokens must be from 2 to 12, got {n_tokens}")
    # Each row's name sits above it, and attention's edge bends below its row, so that six tokens fit a phone's
    # column (318 units for six): with the names on the left it took 429 and scrolled, token 6 out of sight.
    gap, radius, rnn, attention = 54, 15, 50, 144  # the rows' centre lines (y)
    centres = [radius + 9 + k * gap for k in range(n_tokens)]
    body = [_arrow_marker(id_prefix), *_path_row("RNN", centres, rnn, radius)]
    body += [_line(a + radius, rnn, b - radius - 3, rnn, "abh-edge", id_prefix) for a, b in pairwise(centres)]
    body.append(_text(centres[-1] + radius, rnn + 32, f"{n_tokens - 1} steps", "abh-note", anchor="end"))
    body += _path_row("attention", centres, attention, radius)
    bend = attention + 48 + 4 * n_tokens
    body.append(f'<path class="abh-edge abh-edge-direct" d="M{_n(centres[-1] - 4)} {attention + radius} '
                f'Q{_n((centres[0] + centres[-1]) / 2)} {_n(bend)} {_n(centres[0] + 4)} {attention + radius + 3}" '
                f'marker-end="url(#{id_prefix}-arrow)"/>')
    apex = (attention + radius + bend) / 2
    body.append(_text((centres[0] + centres[-1]) / 2, apex + 20, "1 step", "abh-note", anchor="middle"))
    return _svg("abh-paths", centres[-1] + radius + 9, apex + 30, title, desc, id_prefix, body)


@dataclass(frozen=True)
class ArrayShape:
    """One array of a diagram: its symbol (`W_O` puts O as a subscript), its size, a note, cells to mark.

    `masked` (rows, cols), when given, hatches the cells that are True; the last `new_rows` rows are drawn as
    just added (the newest rows of a cache).
    """

    symbol: str
    rows: int
    cols: int
    note: str = ""
    masked: tuple[tuple[bool, ...], ...] | None = None
    new_rows: int = 0

    @property
    def shape(self) -> str:
        """The size as a reader writes it: `3 × 2`."""
        return f"{self.rows} × {self.cols}"

    @property
    def plain(self) -> str:
        """The symbol as plain text for a text alternative: `W_O`."""
        return self.symbol


def flow_diagram_svg(
    stages: Sequence[Sequence[ArrayShape]],
    edges: Sequence[tuple[str, str]],
    *,
    title: str,
    desc: str,
    id_prefix: str,
) -> str:
    """Draw arrays flowing from stage to stage, top to bottom, each as a small grid of its true shape.

    `stages` lists the arrays side by side at each level; `edges` are (from symbol, to symbol) arrows, either
    to the next stage or, routed down the right margin, to a later one. The desc is followed by every array's
    shape, so the text alternative carries the same sizes as the picture.
    """
    where: dict[str, tuple[float, float, float]] = {}  # symbol -> (x, top, bottom) where arrows enter and leave
    width = max(FLOW_WIDTH, max(len(stage) for stage in stages) * FLOW_SLOT)
    body, y = [_arrow_marker(id_prefix), _hatch_pattern(id_prefix)], 8.0
    for stage in stages:
        if not stage:
            raise ValueError("every stage of a flow diagram needs at least one array")
        slot = width / len(stage)
        heights = []
        for k, array in enumerate(stage):
            if array.symbol in where:
                raise ValueError(f"the symbol '{array.symbol}' appears twice in the flow diagram")
            part, box, height = _array_block(array, slot * (k + 0.5), y, len(stage) == 1, id_prefix)
            body.append(part)
            where[array.symbol] = box
            heights.append(height)
        y += max(heights) + FLOW_GAP
    body += _flow_edges(edges, where, stages, width, id_prefix)
    listing = "; ".join(", ".join(f"{a.plain} ({a.shape}{', ' + a.note if a.note else ''})" for a in stage)
                        for stage in stages)
    return _svg("abh-diagram abh-flow", width, y - FLOW_GAP + 8, title, f"{desc} {listing}.", id_prefix, body,
                shrink=False)


def residual_stream_svg(
    columns: Sequence[tuple[str, Sequence[ArrayShape | str], Sequence[tuple[int, int]]]],
    *,
    title: str,
    desc: str,
    id_prefix: str,
) -> str:
    """Draw one or more layer arrangements side by side: arrays, operations and additions top to bottom.

    Each column is (heading, nodes, skips): a node is an ArrayShape (drawn with its shape), "+" (an addition)
    or the name of an operation ("LayerNorm"); a skip (i, j) is a residual connection from the arrow below
    node i into the addition node j, drawn on the left.
    """
    body = [_arrow_marker(id_prefix)]
    height = 0.0
    for k, (heading, nodes, skips) in enumerate(columns):
        left = k * STREAM_COLUMN
        parts, bottom = _stream_column(heading, nodes, skips, left, id_prefix)
        body += parts
        height = max(height, bottom)
    texts = [f"{heading}: " + " → ".join(_node_text(node) for node in nodes) for heading, nodes, _ in columns]
    return _svg("abh-diagram abh-stream", len(columns) * STREAM_COLUMN, height + 8, title,
                f"{desc} " + ". ".join(texts) + ".", id_prefix, body, shrink=False)


def cache_growth_svg(
    steps: Sequence[tuple[str, ArrayShape, ArrayShape]], *, title: str, desc: str, id_prefix: str
) -> str:
    """Draw a KV cache step by step: at each step (label, K, V) the cached rows, the newest ones highlighted."""
    left_k, left_v = 150, 250
    body = [_text(8, 18, "step", "abh-label"),
            _text(left_k, 18, "cached K", "abh-label", anchor="middle"),
            _text(left_v, 18, "cached V", "abh-label", anchor="middle")]
    y = 36.0
    for label, K, V in steps:
        height = max(K.rows, V.rows) * GROWTH_CELL
        body.append(_text(8, y + min(height, 3 * GROWTH_CELL) / 2, label, "abh-label", middle=True))
        for centre, array in ((left_k, K), (left_v, V)):
            body.append(_grid_group(array, centre, y, GROWTH_CELL, id_prefix,
                                    _text(centre, y + height + 16, array.shape, "abh-shape", anchor="middle")))
        y += height + 40
    body.append('<g class="abh-legend">'
                f'<rect class="abh-new" x="8" y="{_n(y - 8)}" width="14" height="14"/>'
                + _text(28, y - 1, "row added at this step", "abh-shape", middle=True) + "</g>")
    listing = "; ".join(f"{label}: K {K.shape}, V {V.shape}" for label, K, V in steps)
    return _svg("abh-diagram abh-growth", FLOW_WIDTH, y + 16, title, f"{desc} {listing}.", id_prefix, body,
                shrink=False)


# ----------------------------------------------------------------------------------------------- frame


def _svg(kind: str, width: float, height: float, title: str, desc: str, id_prefix: str, body: list[str],
         *, shrink: bool = True) -> str:
    """Wrap `body` in a scalable, labelled <svg> of natural size `width` x `height`.

    With `shrink=False` the picture never gets narrower than its natural size (its text stays legible) and
    a narrow screen scrolls it sideways in its figure (figures.css) instead.
    """
    if not RE_ID_PREFIX.fullmatch(id_prefix):
        raise ValueError(f"id_prefix must be a letter then letters, digits, '-' or '_', got '{id_prefix}'")
    if not title.strip() or not desc.strip():
        raise ValueError("a figure needs a non-empty title and desc (its text alternative)")
    floor = "" if shrink else f"--abh-floor: {_n(width)}px; "  # figures.css: the floor grows with the text size
    # data-search-exclude: Material's search skips the drawing, whose labels and numbers would read as one run of
    # characters ("ipos02468..."), keeps the figure's caption, and removes the attribute from the built page.
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="abh-figure {kind}" role="img" data-search-exclude="drawing" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" width="100%" style="{floor}max-width: {_n(width)}px" '
        f'font-size="{FONT_SIZE}" aria-labelledby="{id_prefix}-title {id_prefix}-desc">'
        f'<title id="{id_prefix}-title">{escape(title)}</title><desc id="{id_prefix}-desc">{escape(desc)}</desc>'
        + "".join(body) + "</svg>"
    )


def _text(x: float, y: float, text: str, cls: str, *, anchor: str = "start", middle: bool = False) -> str:
    """Return one <text> at (x, y), anchored at its start, middle or end, optionally centred vertically."""
    baseline = ' dominant-baseline="central"' if middle else ""
    return (f'<text class="{cls}" x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}"{baseline}>'
            f"{escape(text)}</text>")


def _line(x1: float, y1: float, x2: float, y2: float, cls: str, id_prefix: str | None = None) -> str:
    """Return one <line>, with an arrowhead at its end when `id_prefix` is given."""
    marker = f' marker-end="url(#{id_prefix}-arrow)"' if id_prefix else ""
    return f'<line class="{cls}" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"{marker}/>'


def _n(number: float) -> str:
    """Format a coordinate with at most two decimals and no trailing zeros (stable across runs)."""
    text = f"{number:.2f}"
    return RE_TRAILING_ZEROS.sub("", text) if "." in text else text


# ----------------------------------------------------------------------------------------------- grids


def _shape(grid: Sequence[Sequence[object]], name: str) -> tuple[int, int]:
    """Return (rows, cols) of a rectangular, non-empty grid, or raise naming it."""
    rows = len(grid)
    cols = len(grid[0]) if rows else 0
    if rows == 0 or cols == 0 or any(len(row) != cols for row in grid):
        raise ValueError(f"{name} must be a non-empty rectangular grid, got row lengths "
                         f"{[len(row) for row in grid]}")
    if rows * cols > MAX_CELLS:
        raise ValueError(f"{name} has {rows} x {cols} cells; at most {MAX_CELLS} can be drawn")
    return rows, cols


def _check_labels(labels: Sequence[str], count: int, name: str) -> None:
    """Raise unless there is one label per row or column."""
    if len(labels) != count:
        raise ValueError(f"{name} has {len(labels)} labels but the grid has {count}")


def _check_range(grid: Sequence[Sequence[float]], low: float, high: float, name: str) -> None:
    """Raise if an entry is NaN or outside [low, high]."""
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            if not low <= float(value) <= high:
                raise ValueError(f"{name}[{i}][{j}] = {value} is outside [{_n(low)}, {_n(high)}]")


def _decimal(value: float) -> str:
    """Format a weight for a cell with two decimals."""
    return f"{float(value):.2f}"


def _column_labels(labels: Sequence[str], left: float, cell: float) -> list[str]:
    """Return the column labels centred above their columns."""
    return [_text(left + (j + 0.5) * cell, HEADER_HEIGHT - 10, label, "abh-label", anchor="middle")
            for j, label in enumerate(labels)]


def _row_label(label: str, y: float) -> str:
    """Return a row label right-aligned against the grid."""
    return _text(LABEL_WIDTH - 8, y, label, "abh-label", anchor="end", middle=True)


def _hatch_pattern(id_prefix: str) -> str:
    """Return the <defs> with the diagonal hatching that marks masked cells."""
    return (f'<defs><pattern id="{id_prefix}-hatch" patternUnits="userSpaceOnUse" width="8" height="8" '
            'patternTransform="rotate(45)"><rect class="abh-hatch-ground" width="8" height="8"/>'
            '<line class="abh-hatch" x1="0" y1="0" x2="0" y2="8"/></pattern></defs>')


def _heat_cell(x: float, y: float, value: float, text: str, tip: str, masked: bool, id_prefix: str) -> str:
    """Return one heat-map cell: shaded by `value`, or hatched when masked, with its text."""
    if masked:
        shape = (f'<rect class="abh-cell abh-masked" x="{_n(x)}" y="{_n(y)}" width="{CELL}" height="{CELL}" '
                 f'fill="url(#{id_prefix}-hatch)"/>')
    else:
        shape = (f'<rect class="abh-cell abh-heat" x="{_n(x)}" y="{_n(y)}" width="{CELL}" height="{CELL}" '
                 f'{_heat_paint(float(value))}/>')
    strong = " abh-on-strong" if not masked and float(value) >= STRONG else ""
    label = _text(x + CELL / 2, y + CELL / 2, text, f"abh-cell-text{strong}", anchor="middle", middle=True)
    return f"<g><title>{escape(tip)}</title>{shape}{label if text else ''}</g>"


def _ramp(weight: float) -> float:
    """Where a weight sits on the colour ramp, from 0 (weight 0) to 1 (weight 1).

    A saturating curve, 1 - exp(-w / RAMP_SCALE) scaled to end at 1: it spends most of the ramp on the small
    weights attention usually gives, so that the lesson's 0.090, 0.212 and 0.245 come out clearly apart in
    every theme (tests/test_figures.py measures it from figures.css), and still rises up to weight 1.
    """
    weight = max(0.0, min(1.0, weight))
    return math.expm1(-weight / RAMP_SCALE) / math.expm1(-1 / RAMP_SCALE)


def _shade(weight: float) -> float:
    """The opacity of a heat cell: 0 stays faint, 1 is full, the ramp in between."""
    return 0.06 + 0.9 * _ramp(weight)


def _heat_paint(weight: float) -> str:
    """The attributes that colour a heat cell: its opacity, and how far its ink has moved from the low hue to
    the high one (figures.css mixes --abh-heat-low and --abh-heat by --abh-ramp)."""
    return f'fill-opacity="{_n(_shade(weight))}" style="--abh-ramp: {round(100 * _ramp(weight))}%"'


def _heat_legend(x: float, y: float, with_mask: bool, id_prefix: str) -> str:
    """Return the legend: a 0-to-1 ramp, and the hatching when some cells are masked."""
    steps = [f'<rect class="abh-heat" x="{_n(x + 40 + k * 12)}" y="{_n(y)}" width="12" height="14" '
             f'{_heat_paint(k / 9)}/>' for k in range(10)]
    parts = [_text(x + 34, y + 7, "0", "abh-tick", anchor="end", middle=True), *steps,
             _text(x + 166, y + 7, "1", "abh-tick", middle=True)]
    if with_mask:  # on a line of its own: beside the ramp it ran past the frame of a map of three columns
        below = y + LEGEND_LINE
        parts += [f'<rect class="abh-masked" x="{_n(x + 40)}" y="{_n(below)}" width="14" height="14" '
                  f'fill="url(#{id_prefix}-hatch)"/>', _text(x + 60, below + 7, "masked", "abh-tick", middle=True)]
    return f'<g class="abh-legend">{"".join(parts)}</g>'


def _mask_cell(x: float, y: float, allowed: bool, query: str, key: str, id_prefix: str) -> str:
    """Return one mask cell: filled where the query may attend to the key, hatched where it may not."""
    tip = f"{query} → {key}: {'may attend' if allowed else 'masked'}"
    if allowed:
        shape = f'<rect class="abh-cell abh-allowed" x="{_n(x)}" y="{_n(y)}" width="{CELL}" height="{CELL}"/>'
    else:
        shape = (f'<rect class="abh-cell abh-masked" x="{_n(x)}" y="{_n(y)}" width="{CELL}" height="{CELL}" '
                 f'fill="url(#{id_prefix}-hatch)"/>')
    return f"<g><title>{escape(tip)}</title>{shape}</g>"


def _mask_legend(x: float, y: float, id_prefix: str) -> str:
    """Return the legend of the mask grid."""
    return ('<g class="abh-legend">'
            f'<rect class="abh-allowed" x="{_n(x)}" y="{_n(y)}" width="14" height="14"/>'
            + _text(x + 20, y + 7, "may attend", "abh-tick", middle=True)
            + f'<rect class="abh-masked" x="{_n(x)}" y="{_n(y + LEGEND_LINE)}" width="14" height="14" '
            f'fill="url(#{id_prefix}-hatch)"/>' + _text(x + 20, y + LEGEND_LINE + 7, "masked", "abh-tick", middle=True)
            + "</g>")


def _signed_cell(x: float, y: float, size: int, value: float, where: str | None) -> str:
    """Return one cell of a diverging map: its sign picks the colour, its size the strength; a tooltip if named."""
    sign = "abh-positive" if value >= 0 else "abh-negative"
    cell = (f'<rect class="abh-cell {sign}" x="{_n(x)}" y="{_n(y)}" width="{size}" height="{size}" '
            f'fill-opacity="{_n(abs(float(value)))}"')
    return f"{cell}/>" if where is None else f"{cell}><title>{escape(where)}: {float(value):.3f}</title></rect>"


def _diverging_legend(x: float, y: float) -> list[str]:
    """Return the legend of a diverging map, from -1 through 0 to 1."""
    steps = [(k - 5) / 5 for k in range(11)]
    cells = [f'<rect class="{"abh-positive" if v >= 0 else "abh-negative"}" x="{_n(x + 30 + k * 12)}" '
             f'y="{_n(y)}" width="12" height="14" fill-opacity="{_n(abs(v))}"/>' for k, v in enumerate(steps)]
    return ['<g class="abh-legend">', _text(x + 24, y + 7, "−1", "abh-tick", anchor="end", middle=True),
            *cells, _text(x + 30 + 66, y + 26, "0", "abh-tick", anchor="middle"),
            _text(x + 168, y + 7, "+1", "abh-tick", middle=True), "</g>"]


# ----------------------------------------------------------------------------------------------- charts


def _check_finite(columns: Iterable[Sequence[float]], log: bool) -> None:
    """Raise on a NaN or infinite value, or on a value a log scale cannot show."""
    for column in columns:
        for value in column:
            if not math.isfinite(float(value)) or (log and float(value) <= 0):
                scale = "a log scale needs positive values" if log else "values must be finite"
                raise ValueError(f"cannot plot {value}: {scale}")


class _Plot:
    """The frame of a chart: data ranges mapped to pixels, linear or logarithmic."""

    left, top, right_pad, plot_height = 92, 16, 24, 240

    def __init__(self, xs: Sequence[float], ys: Sequence[float], log: bool, width: float) -> None:
        self.log, self.width = log, width
        self.x_range = self._range(xs)
        self.y_range = self._range(ys, nice=True)
        self.bottom = self.top + self.plot_height
        self.right = self.width - self.right_pad

    def _scaled(self, value: float) -> float:
        """Return `value` on the axis' scale (its log10 on a log chart)."""
        return math.log10(value) if self.log else float(value)

    def _range(self, values: Sequence[float], nice: bool = False) -> tuple[float, float]:
        """Return the scaled (low, high) of `values`, widened to whole decades or zero when `nice`."""
        low, high = min(map(self._scaled, values)), max(map(self._scaled, values))
        if nice and self.log:
            low, high = math.floor(low), math.ceil(high)
        elif nice:
            low = min(low, 0.0)
        return (low, high) if high > low else (low - 1, high + 1)

    def x(self, value: float) -> float:
        """Map a data x to a pixel column."""
        low, high = self.x_range
        return self.left + 12 + (self._scaled(value) - low) / (high - low) * (self.right - self.left - 24)

    def y(self, value: float) -> float:
        """Map a data y to a pixel row."""
        low, high = self.y_range
        return self.bottom - (self._scaled(value) - low) / (high - low) * self.plot_height

    def axes(self, x_label: str, y_label: str) -> list[str]:
        """Return the two axis lines and their labels."""
        return [_line(self.left, self.top, self.left, self.bottom, "abh-axis"),
                _line(self.left, self.bottom, self.right, self.bottom, "abh-axis"),
                _text((self.left + self.right) / 2, self.bottom + 44, x_label, "abh-axis-label", anchor="middle"),
                f'<text class="abh-axis-label" x="0" y="0" text-anchor="middle" '
                f'transform="translate(16 {_n((self.top + self.bottom) / 2)}) rotate(-90)">{escape(y_label)}</text>']

    def x_ticks(self, xs: Sequence[float]) -> list[str]:
        """Return a tick and a label under each data x, thinned so that labels do not collide."""
        step = max(1, math.ceil(len(xs) * 64 / (self.right - self.left)))
        shown = list(xs)[::step]
        powers = max(map(abs, shown)) >= POWERS_FROM  # one number style per axis
        return [part for value in shown for part in (
            _line(self.x(value), self.bottom, self.x(value), self.bottom + 5, "abh-axis"),
            _text(self.x(value), self.bottom + 20, _compact(value, powers), "abh-tick", anchor="middle"))]

    def y_ticks(self) -> list[str]:
        """Return grid lines with labels: every decade on a log chart, five steps on a linear one."""
        low, high = self.y_range
        if self.log:
            stride = max(1, math.ceil((high - low) / 8))
            values = [10.0 ** k for k in range(int(low), int(high) + 1, stride)]
        else:
            values = [low + (high - low) * k / 5 for k in range(6)]
        powers = max(map(abs, values)) >= POWERS_FROM  # one number style per axis: 10⁴ beside 10⁷, never 10,000
        return [part for value in values for part in (
            _line(self.left, self.y(value), self.right, self.y(value), "abh-grid"),
            _text(self.left - 8, self.y(value), _compact(value, powers), "abh-tick", anchor="end", middle=True))]

    def series(self, index: int, xs: Sequence[float], ys: Sequence[float], label: str) -> list[str]:
        """Return one series: a line through its points, each point a marker with a tooltip."""
        points = " ".join(f"{_n(self.x(x))},{_n(self.y(y))}" for x, y in zip(xs, ys, strict=True))
        dash = f' stroke-dasharray="{SERIES_DASHES[index]}"' if SERIES_DASHES[index] else ""
        parts = [f'<polyline class="abh-series abh-series-{index}" points="{points}"{dash}/>']
        prefix = f"{label}: " if label else ""
        for x, y in zip(xs, ys, strict=True):
            tip = escape(f"{prefix}{_compact(x)} → {_compact(y)}")
            parts.append(f'<g class="abh-marker abh-series-{index}">'
                         f"<title>{tip}</title>{_marker(index, self.x(x), self.y(y))}</g>")
        return parts


def _marker(index: int, x: float, y: float) -> str:
    """Return a point marker whose shape tells series apart without colour."""
    if index % 3 == 1:
        return f'<rect x="{_n(x - 4)}" y="{_n(y - 4)}" width="8" height="8"/>'
    if index % 3 == 2:
        return f'<path d="M{_n(x)} {_n(y - 5)}L{_n(x + 5)} {_n(y + 4)}L{_n(x - 5)} {_n(y + 4)}Z"/>'
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="4"/>'


def _series_legend(labels: list[str], x: float, y: float, stacked: bool) -> list[str]:
    """Return one legend entry per series: its line style, marker and label; side by side, or one a line."""
    parts = ['<g class="abh-legend">']
    for index, label in enumerate(labels):
        left, top = (x, y + LEGEND_LINE * index) if stacked else (x + index * 150, y)
        dash = f' stroke-dasharray="{SERIES_DASHES[index]}"' if SERIES_DASHES[index] else ""
        parts += [f'<line class="abh-series abh-series-{index}" x1="{_n(left)}" y1="{_n(top)}" '
                  f'x2="{_n(left + 28)}" y2="{_n(top)}"{dash}/>',
                  f'<g class="abh-marker abh-series-{index}">{_marker(index, left + 14, top)}</g>',
                  _text(left + 36, top, label, "abh-tick", middle=True)]
    return [*parts, "</g>"]


def _compact(value: float, powers: bool | None = None) -> str:
    """Format an axis value: digits with separators, or a power of ten (by default from 100,000 up)."""
    value = float(value)
    powers = abs(value) >= POWERS_FROM if powers is None else powers
    if value == 0 or (abs(value) >= 1e-3 and (not powers or abs(value) < 1000)):
        return f"{value:,.0f}" if value == round(value) else f"{value:,.3g}"
    exponent = math.floor(math.log10(abs(value)))
    mantissa = value / 10.0**exponent
    power = f"10{str(exponent).translate(SUPERSCRIPTS)}"
    return power if round(mantissa, 2) == 1 else f"{mantissa:.3g}×{power}"


# ----------------------------------------------------------------------------------------------- paths


def _arrow_marker(id_prefix: str) -> str:
    """Return the <defs> with the arrowhead that ends every edge."""
    return (f'<defs><marker id="{id_prefix}-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" '
            'markerHeight="7" orient="auto-start-reverse"><path class="abh-arrowhead" d="M0 0L10 5L0 10Z"/>'
            "</marker></defs>")


def _path_row(name: str, centres: list[int], y: float, radius: int) -> list[str]:
    """Return a row of numbered token circles with its name above its first circle."""
    parts = [_text(centres[0] - radius, y - radius - 14, name, "abh-label", middle=True)]
    for k, x in enumerate(centres, start=1):
        parts += [f'<circle class="abh-token" cx="{x}" cy="{_n(y)}" r="{radius}"/>',
                  _text(x, y, str(k), "abh-token-text", anchor="middle", middle=True)]
    return parts


# ----------------------------------------------------------------------------------------------- diagrams


def _symbol(x: float, y: float, symbol: str, anchor: str, cls: str = "abh-symbol") -> str:
    """Return a symbol or note; what follows `_` is a subscript (`W_O`), never smaller than the small text."""
    main, _, sub = symbol.partition("_")
    tail = f'<tspan class="abh-sub" baseline-shift="sub">{escape(sub)}</tspan>' if sub else ""
    return (f'<text class="{cls}" x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}" '
            f'dominant-baseline="central">{escape(main)}{tail}</text>')


def _grid_group(array: ArrayShape, centre: float, top: float, cell: int, id_prefix: str, *extra: str) -> str:
    """Return an array as a small grid of its own shape (at most MAX_DRAWN cells a side) in a titled group."""
    rows, cols = min(array.rows, MAX_DRAWN), min(array.cols, MAX_DRAWN)
    left = centre - cols * cell / 2
    cells = []
    for i in range(rows):
        for j in range(cols):
            masked = bool(array.masked and array.masked[i][j])
            cls = "abh-masked" if masked else "abh-new" if i >= array.rows - array.new_rows else "abh-slot"
            fill = f' fill="url(#{id_prefix}-hatch)"' if masked else ""
            cells.append(f'<rect class="abh-cell {cls}" x="{_n(left + j * cell)}" y="{_n(top + i * cell)}" '
                         f'width="{cell}" height="{cell}"{fill}/>')
    tip = f"{array.plain}: {array.shape}" + (f", {array.note}" if array.note else "")
    return f'<g class="abh-array"><title>{escape(tip)}</title>{"".join(cells)}{"".join(extra)}</g>'


def _array_block(array: ArrayShape, centre: float, top: float, alone: bool,
                 id_prefix: str) -> tuple[str, tuple[float, float, float], float]:
    """Return one array of a flow: grid, symbol, shape and note; where arrows meet it (x, in, out); its height."""
    cell = FLOW_CELL
    width, height = min(array.cols, MAX_DRAWN) * cell, min(array.rows, MAX_DRAWN) * cell
    if alone:  # symbol on the left of the grid, shape and note on its right
        grid_top = top
        middle = top + height / 2
        labels = [_symbol(centre - width / 2 - 10, middle, array.symbol, "end"),
                  _text(centre + width / 2 + 10, middle - (8 if array.note else 0), array.shape, "abh-shape",
                        middle=True)]
        if array.note:
            labels.append(_symbol(centre + width / 2 + 10, middle + 10, array.note, "start", "abh-note"))
        block_height = max(height, 36)
    else:  # symbol above, shape and note below
        grid_top = top + 24
        labels = [_symbol(centre, top + 10, array.symbol, "middle"),
                  _text(centre, grid_top + height + 16, array.shape, "abh-shape", anchor="middle")]
        if array.note:
            labels.append(_symbol(centre, grid_top + height + 34, array.note, "middle", "abh-note"))
        block_height = 24 + height + (46 if array.note else 28)
    group = _grid_group(array, centre, grid_top, cell, id_prefix, *labels)
    ports = (centre, grid_top, grid_top + height) if alone else (centre, top, top + block_height)
    return group, ports, block_height


def _flow_edges(edges: Sequence[tuple[str, str]], where: Mapping[str, tuple[float, float, float]],
                stages: Sequence[Sequence[ArrayShape]], width: float, id_prefix: str) -> list[str]:
    """Return the arrows of a flow: straight to the next stage, or down the right margin to join a later arrow."""
    level = {array.symbol: k for k, stage in enumerate(stages) for array in stage}
    parts = []
    for source, target in edges:
        for symbol in (source, target):
            if symbol not in where:
                raise ValueError(f"edge names '{symbol}', which is not an array of the diagram")
        (a_x, _, a_bottom), (b_x, b_top, _) = where[source], where[target]
        if level[target] == level[source] + 1:
            parts.append(_line(a_x, a_bottom + 4, b_x, b_top - 4, "abh-edge", id_prefix))
        elif level[target] > level[source]:  # joins the arrow into the target, which the note names (A V)
            join = b_top - FLOW_GAP / 2
            parts.append(f'<path class="abh-edge" d="M{_n(a_x)} {_n(a_bottom + 4)}V{_n(a_bottom + 12)}'
                         f'H{_n(width - 8)}V{_n(join)}H{_n(b_x)}"/>'
                         f'<circle class="abh-join" cx="{_n(b_x)}" cy="{_n(join)}" r="3.5"/>')
        else:
            raise ValueError(f"edge {source} → {target} goes upwards; arrows run down the stages")
    return parts


def _stream_column(heading: str, nodes: Sequence[ArrayShape | str], skips: Sequence[tuple[int, int]],
                   left: float, id_prefix: str) -> tuple[list[str], float]:
    """Return one column of a residual-stream diagram and its bottom edge."""
    centre, top = left + STREAM_COLUMN * 0.58, 40.0
    parts = [_text(centre - 10, 18, heading, "abh-label", anchor="middle")]
    for k, node in enumerate(nodes):
        y = top + k * STREAM_STEP
        parts.append(_stream_node(node, centre, y))
        if k:
            parts.append(_line(centre, y - STREAM_STEP + STREAM_NODE + 2, centre, y - 2, "abh-edge", id_prefix))
    for source, target in skips:
        if not (0 <= source < target < len(nodes)) or nodes[target] != "+":
            raise ValueError(f"a skip must run from a node down to a '+' node, got ({source}, {target})")
        start = top + source * STREAM_STEP + STREAM_NODE + (STREAM_STEP - STREAM_NODE) / 2
        end = top + target * STREAM_STEP + STREAM_NODE / 2
        parts.append(f'<path class="abh-edge abh-skip" d="M{_n(centre)} {_n(start)}H{_n(left + 20)}V{_n(end)}'
                     f'H{_n(centre - STREAM_NODE / 2 - 3)}" marker-end="url(#{id_prefix}-arrow)"/>')
    return parts, top + len(nodes) * STREAM_STEP - (STREAM_STEP - STREAM_NODE)


def _stream_node(node: ArrayShape | str, centre: float, y: float) -> str:
    """Return one node of a residual stream: an array with its shape, an addition, or an operation."""
    half = STREAM_BOX / 2
    if node == "+":
        radius = STREAM_NODE / 2
        return (f'<g class="abh-add"><title>add</title><circle class="abh-op" cx="{_n(centre)}" '
                f'cy="{_n(y + radius)}" r="{_n(radius)}"/>'
                + _text(centre, y + radius, "+", "abh-op-text", anchor="middle", middle=True) + "</g>")
    box = (f'<rect class="{{cls}}" x="{_n(centre - half)}" y="{_n(y)}" width="{STREAM_BOX}" '
           f'height="{STREAM_NODE}" rx="4"/>')
    if isinstance(node, ArrayShape):
        tip = f"{node.plain}: {node.shape}" + (f", {node.note}" if node.note else "")
        return (f'<g class="abh-array"><title>{escape(tip)}</title>{box.format(cls="abh-array-box")}'
                + _symbol(centre - half + 10, y + STREAM_NODE / 2, node.symbol, "start")
                + _text(centre + half - 10, y + STREAM_NODE / 2, node.shape, "abh-shape", anchor="end", middle=True)
                + "</g>")
    return (f'<g class="abh-step">{box.format(cls="abh-op")}'
            + _text(centre, y + STREAM_NODE / 2, node, "abh-op-text", anchor="middle", middle=True) + "</g>")


def _node_text(node: ArrayShape | str) -> str:
    """A node of a residual stream in words, for the text alternative."""
    if isinstance(node, ArrayShape):
        return f"{node.plain} ({node.shape}{', ' + node.note if node.note else ''})"
    return "add" if node == "+" else node


FLOW_WIDTH = 340  # fits a 375 px screen; diagrams never shrink below their natural width
FLOW_SLOT = 112
FLOW_CELL = 12
FLOW_GAP = 36
GROWTH_CELL = 16
MAX_DRAWN = 8  # cells drawn along a side; the shape text gives the true size
STREAM_COLUMN = 170
STREAM_BOX = 116
STREAM_NODE = 26
STREAM_STEP = 42


RAMP_SCALE = 0.25  # the weight at which a heat cell has gone 1 - 1/e (63 %) of the way up its ramp
STRONG = 0.3  # from this weight on, a cell is far enough from the page that its text takes the cell's style
SERIES_DASHES = ("", "7 4", "2 3", "10 3 2 3")
