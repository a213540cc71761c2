"""Grids of cells: attention weights as a heat map, a mask, sinusoidal position encodings."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from attention_core.examples.base import MAX_FIGURE_CELLS as MAX_CELLS

from .frame import LEGEND_LINE, _hatch_pattern, _n, _svg, _text

CELL = 48
LABEL_WIDTH = 84
HEADER_HEIGHT = 34
LEGEND_HEIGHT = 40
RAMP_WIDTH = 180  # a heat map's legend from its "0" to its "1"
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



RAMP_SCALE = 0.25  # the weight at which a heat cell has gone 1 - 1/e (63 %) of the way up its ramp
STRONG = 0.3  # from this weight on, a cell is far enough from the page that its text takes the cell's style
