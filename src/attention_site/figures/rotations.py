"""Rotations: one pair of a query's entries, drawn as a point of the plane at several positions (RoPE)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .frame import _arrow_marker, _line, _n, _svg, _text

PANEL, RADIUS, TOP = 260, 76, 40  # a panel's width and height, the circle's radius, the heading's band
MERGE_BELOW = 0.35  # radians: arrows closer than this share one label
CHAR = 7  # the width of one character of a 14-unit label, roughly: enough to keep a label inside its panel


@dataclass(frozen=True)
class TurnedPair:
    """One pair (x, y) of a row at each of several positions, with the heading of its panel."""

    heading: str
    positions: tuple[str, ...]
    points: tuple[tuple[float, float], ...]


def rotation_figures(pairs: Sequence[TurnedPair], *, title: str, desc: str, id_prefix: str) -> str:
    """Draw the pairs twice: side by side, and one under another for a phone's column (ids `{id_prefix}-narrow`).

    As with the line charts (charts.growth_charts), a figure holding both shows the narrow drawing only where the
    wide one would not fit (figures.css), so a phone reader sees every panel at full size without scrolling.
    """
    return (rotation_svg(pairs, title=title, desc=desc, id_prefix=id_prefix)
            + rotation_svg(pairs, title=title, desc=desc, id_prefix=f"{id_prefix}-narrow", columns=1))


def rotation_svg(pairs: Sequence[TurnedPair], *, title: str, desc: str, id_prefix: str, columns: int = 0) -> str:
    """Draw each pair as arrows from the origin, one a position, on a circle of the pair's length.

    Panels run in `columns` columns (0: all in one row). The first position's arrow is drawn in the first series
    colour and on top, the others in the second; arrows within MERGE_BELOW of each other share one label, so a
    slow pair does not print labels on labels.
    """
    if not pairs or any(len(pair.positions) != len(pair.points) or not pair.points for pair in pairs):
        raise ValueError("need at least one pair, each with one point for each of its positions")
    columns = columns or len(pairs)
    body = [_arrow_marker(id_prefix)]
    for index, pair in enumerate(pairs):
        row, column = divmod(index, columns)
        body += _panel(column * PANEL + PANEL / 2, row * (PANEL + TOP) + TOP + PANEL / 2, pair, id_prefix)
    rows = math.ceil(len(pairs) / columns)
    kind = "abh-rotation abh-chart-wide" if columns == len(pairs) and columns > 1 else "abh-rotation abh-chart-narrow"
    return _svg(kind, PANEL * columns, rows * (PANEL + TOP), title, desc, id_prefix, body)


def _panel(cx: float, cy: float, pair: TurnedPair, id_prefix: str) -> list[str]:
    """One pair's heading, circle, axes, arrows and labels, centred at (cx, cy)."""
    length = max(math.hypot(x, y) for x, y in pair.points) or 1.0
    scale = RADIUS / length * 0.97  # the arrowhead ends on the circle
    parts = [_text(cx, cy - PANEL / 2 - 8, pair.heading, "abh-label", anchor="middle"),
             f'<circle class="abh-edge abh-skip" cx="{_n(cx)}" cy="{_n(cy)}" r="{RADIUS}"/>',
             _line(cx - RADIUS - 10, cy, cx + RADIUS + 10, cy, "abh-axis"),
             _line(cx, cy - RADIUS - 10, cx, cy + RADIUS + 10, "abh-axis")]
    for k, (x, y) in reversed(list(enumerate(pair.points))):  # the first on top, where arrows coincide
        cls = "abh-series abh-series-0" if k == 0 else "abh-series abh-series-1"
        parts.append(_line(cx, cy, cx + x * scale, cy - y * scale, cls, id_prefix))
    for label, angle in _labels(pair):
        parts.append(_label(cx, cy, label, angle))
    return parts


def _label(cx: float, cy: float, label: str, angle: float) -> str:
    """A label just outside the circle at `angle`, or centred under the circle when it would leave its panel."""
    x, y = cx + (RADIUS + 14) * math.cos(angle), cy - (RADIUS + 14) * math.sin(angle)
    anchor = "start" if math.cos(angle) > 0.3 else "end" if math.cos(angle) < -0.3 else "middle"
    width = CHAR * len(label)
    left = x if anchor == "start" else x - width if anchor == "end" else x - width / 2
    if left < cx - PANEL / 2 + 2 or left + width > cx + PANEL / 2 - 2:  # under the circle instead
        x, y, anchor = cx, cy + RADIUS + 24, "middle"
    return _text(x, y, label, "abh-shape", anchor=anchor, middle=True)


def _labels(pair: TurnedPair) -> list[tuple[str, float]]:
    """Labels `p = 0`, or `p = 1, 2, 3` for arrows that nearly coincide, each at its group's first angle."""
    groups: list[tuple[list[str], float]] = []
    for position, (x, y) in zip(pair.positions, pair.points, strict=True):
        angle = math.atan2(y, x)
        near = [g for g in groups if abs(math.remainder(angle - g[1], 2 * math.pi)) < MERGE_BELOW]
        if near:
            near[0][0].append(position)
        else:
            groups.append(([position], angle))
    return [(f"p = {', '.join(names)}", angle) for names, angle in groups]
