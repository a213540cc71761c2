"""Batched heads split in two steps: (B, n, d_model) -> reshape (B, n, h, d_head) -> transpose (B, h, n, d_head).

Three panels, top to bottom, each drawn from its own array, its cells in memory order and coloured by the head
they belong to: the full-width rows; the same rows read in h blocks (the reshape moves no number); and, for each
sequence, each head's n rows together (the transpose gathers them). Sequences sit side by side while they fit a
phone's column, and go on below it when they do not.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from html import escape
from typing import Any

from .frame import _line, _n, _svg, _text

MAX_WIDTH = 340  # a 375 px phone's column, less a margin
CELL_HEIGHT = 24
MIN_CELL = 24
CELL_CHAR = 7.5  # units a character of 13-unit cell text takes, at most
CHAR = 8  # of a 14-unit label
HEAD_GAP = 6  # between the blocks of a row after the reshape
BLOCK_GAP = 16  # between sequences side by side
BAND = 18  # a line of text above the cells: a sequence's name, a head's label
TINTS = 4  # head colours before they repeat (each head is named too)

Nested = Sequence[Any]  # text cells nested as the array they show
Block = Callable[[float, float], tuple[str, float, float]]  # drawn from (x, y): its body, width and height


def head_split_svg(full: Nested, cut: Nested, split: Nested, tokens: Sequence[Sequence[str]], *, title: str,
                   desc: str, id_prefix: str) -> str:
    """Draw `full` (B, n, d_model), `cut` (B, n, h, d_head) and `split` (B, h, n, d_head), cells as text.

    `tokens` (B, n) names the rows of each sequence. The picture's desc is followed by the three shapes and what
    each step does, from the arrays' own sizes.
    """
    B, n, d_model, h, d_head = _sizes(full, cut, split, tokens)
    widest = max(len(cell) for row in _flat_rows(full) for cell in row)
    width = max(MIN_CELL, math.ceil(CELL_CHAR * widest) + 8)
    label = CHAR * max(len(token) for sequence in tokens for token in sequence) + 8
    geometry = (width, label, d_head)
    panels = (
        ("X W_Q, one row per token", ("B", "n", "d_model"), (B, n, d_model),
         [partial(_row_block, b, full[b], tokens[b], geometry, 0) for b in range(B)]),
        ("reshape: each row read in h blocks", ("B", "n", "h", "d_head"), (B, n, h, d_head),
         [partial(_row_block, b, [[c for block in row for c in block] for row in cut[b]], tokens[b], geometry,
                  HEAD_GAP) for b in range(B)]),
        ("transpose: rows grouped by head", ("B", "h", "n", "d_head"), (B, h, n, d_head),
         [partial(_head_block, b, split[b], tokens[b], geometry) for b in range(B)]),
    )
    body, y, right = [], 8.0, 0.0
    for k, (heading, axes, sizes, blocks) in enumerate(panels):
        if k:
            body.append(_line(8, y - 8, MAX_WIDTH - 8, y - 8, "abh-grid"))
        part, y, reach = _panel(heading, axes, sizes, blocks, y)
        body.append(part)
        right = max(right, reach)
    picture = max(right, *(8 + CHAR * len(heading) for heading, *_ in panels)) + 8
    shapes = [f"({', '.join(str(s) for s in sizes)})" for _, _, sizes, _ in panels]
    said = (f"{desc} X W_Q has the shape (B, n, d_model) = {shapes[0]}: B = {B} sequences of n = {n} tokens, "
            f"d_model = {d_model} columns, for h = {h} heads of d_head = {d_head} columns each. The "
            f"reshape to (B, n, h, d_head) = {shapes[1]} keeps every number in its place and reads each row as {h} "
            f"blocks of {d_head}. The transpose to (B, h, n, d_head) = {shapes[2]} puts, for each sequence, the "
            f"{n} rows of head 1 together, then those of head 2, and so on.")
    return _svg("abh-diagram abh-split", picture, y - 8, title, said, id_prefix, body, shrink=False)


def _sizes(full: Nested, cut: Nested, split: Nested, tokens: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """B, n, d_model, h, d_head read from the arrays, which must agree."""
    B, n, d_model = _shape(full, 3)
    _, _, h, d_head = _shape(cut, 4)
    if h * d_head != d_model:
        raise ValueError(f"h = {h} blocks of d_head = {d_head} do not make d_model = {d_model}")
    if _shape(cut, 4) != (B, n, h, d_head) or _shape(split, 4) != (B, h, n, d_head):
        raise ValueError(f"the reshape must be (B, n, h, d_head) = {(B, n, h, d_head)} and the transpose "
                         f"(B, h, n, d_head) = {(B, h, n, d_head)}, got {_shape(cut, 4)} and {_shape(split, 4)}")
    if [len(sequence) for sequence in tokens] != [n] * B:
        raise ValueError(f"need {B} sequences of {n} token labels, got {[len(s) for s in tokens]}")
    return B, n, d_model, h, d_head


def _shape(nested: Nested, depth: int) -> tuple[int, ...]:
    """The shape of a rectangular nest of sequences `depth` deep, or a ValueError."""
    if depth == 0:
        return ()
    if not nested:
        raise ValueError("every axis of the arrays needs at least one entry")
    inner = {_shape(item, depth - 1) for item in nested}
    if len(inner) != 1:
        raise ValueError(f"the arrays must be rectangular, got rows of shapes {sorted(inner)}")
    return (len(nested), *inner.pop())


def _flat_rows(full: Nested) -> list[Sequence[str]]:
    """Every row of a (B, n, d_model) array."""
    return [row for sequence in full for row in sequence]


def _panel(heading: str, axes: tuple[str, ...], sizes: tuple[int, ...], blocks: Sequence[Block],
           top: float) -> tuple[str, float, float]:
    """Return one panel: its heading and shape, then its sequences side by side, wrapping; its bottom; its right."""
    title = _rich(8, top + 12, heading) if "W_Q" in heading else _text(8, top + 12, heading, "abh-label")
    parts = [title, _shape_line(8, top + 32, axes, sizes)]
    x, y, line_height, right = 8.0, top + 46, 0.0, 0.0
    for block in blocks:
        _, width, height = block(0, 0)
        if x > 8 and x + width > MAX_WIDTH:
            x, y, line_height = 8.0, y + line_height + 8, 0.0
        parts.append(block(x, y)[0])
        right, line_height = max(right, x + width), max(line_height, height)
        x += width + BLOCK_GAP
    return f'<g class="abh-panel">{"".join(parts)}</g>', y + line_height + 20, right


def _rich(x: float, y: float, heading: str) -> str:
    """The first panel's heading with W_Q's Q as a subscript."""
    before, after = heading.split("W_Q")
    return (f'<text class="abh-label" x="{_n(x)}" y="{_n(y)}" text-anchor="start">{escape(before)}W'
            f'<tspan class="abh-sub" baseline-shift="sub">Q</tspan><tspan baseline-shift="0">{escape(after)}</tspan>'
            "</text>")


def _shape_line(x: float, y: float, axes: tuple[str, ...], sizes: tuple[int, ...]) -> str:
    """`(B, n, h, d_head) = (2, 3, 2, 2)`, with `head` and `model` as subscripts."""
    names = []
    for axis in axes:
        main, _, sub = axis.partition("_")
        names.append(escape(main) + (f'<tspan class="abh-sub" baseline-shift="sub">{escape(sub)}</tspan>'
                                     '<tspan baseline-shift="0"></tspan>' if sub else ""))
    values = ", ".join(str(s) for s in sizes)
    return (f'<text class="abh-shape" x="{_n(x)}" y="{_n(y)}" text-anchor="start">'
            f'({", ".join(names)}) = ({escape(values)})</text>')


def _row_block(b: int, rows: Nested, tokens: Sequence[str], geometry: tuple[int, float, int], gap: float,
               x0: float, y0: float) -> tuple[str, float, float]:
    """One sequence's rows, full width: its name, each head's label over its columns, a token and its cells a row.

    With `gap`, each row's blocks of d_head cells stand apart (after the reshape). Drawn from (x0, y0); returns
    (body, width, height).
    """
    width, label, d_head = geometry
    heads = len(rows[0]) // d_head

    def left(j: int) -> float:
        """The x of column j."""
        return x0 + label + j * width + (j // d_head) * gap

    parts = [_text(x0, y0 + 10, f"sequence {b + 1}", "abh-note")]
    for k in range(heads):
        centre = (left(k * d_head) + left((k + 1) * d_head - 1) + width) / 2
        parts.append(_text(centre, y0 + BAND + 10, f"h{k + 1}", "abh-shape", anchor="middle"))
    for i, (token, row) in enumerate(zip(tokens, rows, strict=True)):
        y = y0 + 2 * BAND + 4 + i * CELL_HEIGHT
        parts.append(_text(x0 + label - 6, y + CELL_HEIGHT / 2, token, "abh-shape", anchor="end", middle=True))
        parts += [_cell(left(j), y, width, text, j // d_head) for j, text in enumerate(row)]
    return "".join(parts), left(len(rows[0]) - 1) + width - x0, 2 * BAND + 4 + len(rows) * CELL_HEIGHT


def _head_block(b: int, heads: Nested, tokens: Sequence[str], geometry: tuple[int, float, int], x0: float,
                y0: float) -> tuple[str, float, float]:
    """One sequence after the transpose, from (x0, y0): for each head, its label, then its n rows of d_head cells."""
    width, label, d_head = geometry
    parts, y = [_text(x0, y0 + 10, f"sequence {b + 1}", "abh-note")], y0 + BAND + 4.0
    for k, rows in enumerate(heads):
        parts.append(_text(x0 + label, y + 10, f"h{k + 1}", "abh-shape"))
        y += BAND
        for i, (token, row) in enumerate(zip(tokens, rows, strict=True)):
            top = y + i * CELL_HEIGHT
            parts.append(_text(x0 + label - 6, top + CELL_HEIGHT / 2, token, "abh-shape", anchor="end", middle=True))
            parts += [_cell(x0 + label + j * width, top, width, text, k) for j, text in enumerate(row)]
        y += len(rows) * CELL_HEIGHT + 6
    return "".join(parts), label + d_head * width, y - 6 - y0


def _cell(x: float, y: float, width: float, text: str, head: int) -> str:
    """One number in a cell tinted by its head (numbered from 1 in the class, for a reader of the SVG)."""
    return (f'<g class="abh-split-cell abh-head-{head + 1}"><rect class="abh-cell abh-tint-{head % TINTS}" '
            f'x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{CELL_HEIGHT}"/>'
            + _text(x + width / 2, y + CELL_HEIGHT / 2, text, "abh-cell-text", anchor="middle", middle=True) + "</g>")
