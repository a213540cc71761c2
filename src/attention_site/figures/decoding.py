"""Generation a step at a time: one panel per decoding step, the newest query scoring every cached key row.

Each panel draws the query q (1 × d_k), the cached K (t × d_k) and V (t × d_v) after the step's append, one arrow
from q to each cached key row, and each cached row's token; the cells computed at this step (q, and the last row of
K and of V) are filled, the rows cached before pale. Every count comes from the shapes handed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import NamedTuple

from .diagrams import MAX_DRAWN, _symbol
from .frame import _arrow_marker, _line, _n, _svg, _text

CELL = 18
LEFT = 16  # the query's left edge: its shape, centred under it, stays inside the picture
ARROWS = 64  # from the query to the keys
GAP = 30  # between K and V
CHAR = 8  # units a character of a 14-unit label takes, at most
MAX_STEPS = 16


class DecodePanel(NamedTuple):
    """One decoding step: its newest token, the shapes of q, of the cached K and V, and the token of each cached row."""

    token: str
    query: tuple[int, int]
    keys: tuple[int, int]
    values: tuple[int, int]
    rows: tuple[str, ...]


def decoding_steps_svg(steps: Sequence[DecodePanel], *, title: str, desc: str, id_prefix: str) -> str:
    """Draw one panel per step, top to bottom, then a legend of the two kinds of cell."""
    panels = [DecodePanel(*step) for step in steps]
    _check(panels)
    widths = [max(p.query[1], p.keys[1]) for p in panels], [p.values[1] for p in panels]
    x_k = LEFT + _drawn(max(widths[0])) * CELL + ARROWS
    x_v = x_k + _drawn(max(widths[0])) * CELL + GAP
    x_label = x_v + _drawn(max(widths[1])) * CELL + 10
    longest = max(len(f"{row} (new)") for p in panels for row in p.rows)
    width = max(x_label + CHAR * longest, *(8 + CHAR * len(_heading(k, p)) for k, p in enumerate(panels))) + 8
    body, y = [_arrow_marker(id_prefix)], 8.0
    for k, panel in enumerate(panels):
        if k:
            body.append(_line(8, y - 6, width - 8, y - 6, "abh-grid"))
        part, y = _panel(k, panel, y, (x_k, x_v, x_label), id_prefix)
        body.append(part)
    body.append(_legend(y + 4))
    listing = "; ".join(f"step {k + 1} ({p.token}): q {_shape(p.query)}, K {_shape(p.keys)}, V {_shape(p.values)}"
                        for k, p in enumerate(panels))
    return _svg("abh-diagram abh-decoding", width, y + 56, title, f"{desc} {listing}.", id_prefix, body,
                shrink=False)


def _check(panels: Sequence[DecodePanel]) -> None:
    """Refuse steps whose shapes do not make a cache: one query row as wide as the keys, K and V of one length."""
    if not 1 <= len(panels) <= MAX_STEPS:
        raise ValueError(f"a decoding figure draws 1 to {MAX_STEPS} steps, got {len(panels)}")
    for k, p in enumerate(panels, start=1):
        if p.query[0] != 1 or p.query[1] != p.keys[1]:
            raise ValueError(f"step {k}: the query must be one row as wide as the keys, got {p.query} and {p.keys}")
        if p.keys[0] != p.values[0]:
            raise ValueError(f"step {k}: the cache holds {p.keys[0]} key rows but {p.values[0]} value rows")
        if len(p.rows) != p.keys[0]:
            raise ValueError(f"step {k}: {len(p.rows)} row labels for {p.keys[0]} cached rows")


def _panel(k: int, panel: DecodePanel, top: float, columns: tuple[float, float, float],
           id_prefix: str) -> tuple[str, float]:
    """Return one step's panel (its heading, q, K and V, the arrows and the row labels) and where the next begins."""
    x_k, x_v, x_label = columns
    t = panel.keys[0]
    rows_top = top + 52
    q_top = rows_top + (t - 1) * CELL / 2  # the query faces the middle of the cached rows
    parts = [_text(8, top + 14, _heading(k, panel), "abh-label")]
    for symbol, x, shape, cell_top in (("q", LEFT, panel.query, q_top), ("K", x_k, panel.keys, rows_top),
                                       ("V", x_v, panel.values, rows_top)):
        parts.append(_cells(symbol, x, cell_top, shape, rows_top + t * CELL + 14))
    q_right, q_middle = LEFT + _drawn(panel.query[1]) * CELL + 4, q_top + CELL / 2
    for i, row in enumerate(panel.rows):
        middle = rows_top + i * CELL + CELL / 2
        parts.append(_line(q_right, q_middle, x_k - 5, middle, "abh-edge", id_prefix))
        label = f"{row} (new)" if i == t - 1 else row
        parts.append(_text(x_label, middle, label, "abh-shape abh-row-label", middle=True))
    return f'<g class="abh-panel">{"".join(parts)}</g>', rows_top + t * CELL + 40


def _cells(symbol: str, left: float, top: float, shape: tuple[int, int], shape_y: float) -> str:
    """Return one array as its cells (the last row new; all of q), its symbol above and its shape below."""
    rows, cols = shape
    drawn = _drawn(cols)
    centre = left + drawn * CELL / 2
    cells = []
    for i in range(rows):
        cls = "abh-new" if symbol == "q" or i == rows - 1 else "abh-slot"
        cells += [f'<rect class="abh-cell {cls}" x="{_n(left + j * CELL)}" y="{_n(top + i * CELL)}" '
                  f'width="{CELL}" height="{CELL}"/>' for j in range(drawn)]
    return (f'<g class="abh-array"><title>{escape(f"{symbol}: {_shape(shape)}")}</title>{"".join(cells)}'
            + _symbol(centre, top - 14, symbol, "middle")
            + _text(centre, shape_y, _shape(shape), "abh-shape", anchor="middle") + "</g>")


def _legend(top: float) -> str:
    """Return the legend: filled cells were computed at this step, pale ones cached at an earlier step."""
    entries = (("abh-new", "computed at this step"), ("abh-slot", "cached at an earlier step"))
    parts = []
    for k, (cls, words) in enumerate(entries):
        y = top + k * 24
        parts += [f'<rect class="abh-cell {cls}" x="8" y="{_n(y)}" width="14" height="14"/>',
                  _text(30, y + 7, words, "abh-shape", middle=True)]
    return f'<g class="abh-legend">{"".join(parts)}</g>'


def _heading(k: int, panel: DecodePanel) -> str:
    """A panel's heading: `step 2: ball`."""
    return f"step {k + 1}: {panel.token}"


def _shape(shape: tuple[int, int]) -> str:
    """`2 × 1`."""
    return f"{shape[0]} × {shape[1]}"


def _drawn(cols: int) -> int:
    """Cells drawn along a row: at most MAX_DRAWN, the shape text giving the true width."""
    return min(cols, MAX_DRAWN)
