"""Diagrams of shapes: the path between tokens, arrays flowing through a layer, the residual stream, the KV cache
growing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from itertools import pairwise

from .frame import _arrow_marker, _hatch_pattern, _line, _n, _svg, _text


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

    `masked` (rows, cols), when given, hatches the cells that are True.
    """

    symbol: str
    rows: int
    cols: int
    note: str = ""
    masked: tuple[tuple[bool, ...], ...] | None = None

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


def _path_row(name: str, centres: list[int], y: float, radius: int) -> list[str]:
    """Return a row of numbered token circles with its name above its first circle."""
    parts = [_text(centres[0] - radius, y - radius - 14, name, "abh-label", middle=True)]
    for k, x in enumerate(centres, start=1):
        parts += [f'<circle class="abh-token" cx="{x}" cy="{_n(y)}" r="{radius}"/>',
                  _text(x, y, str(k), "abh-token-text", anchor="middle", middle=True)]
    return parts


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
            cls = "abh-masked" if masked else "abh-slot"
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
MAX_DRAWN = 8  # cells drawn along a side; the shape text gives the true size
STREAM_COLUMN = 170
STREAM_BOX = 116
STREAM_NODE = 26
STREAM_STEP = 42
