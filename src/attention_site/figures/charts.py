"""Line charts: one or more series against x, on linear or logarithmic axes, wide and narrow."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from html import escape

from .frame import LEGEND_LINE, _line, _n, _svg, _text

POWERS_FROM = 1e5  # axis values from here on are powers of ten
WIDE_CHART, NARROW_CHART = 520, 336  # a line chart's two widths; a 375 px phone's column is 343 px
SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")



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
        elif nice and high > min(low, 0.0):
            step = _nice_step((high - min(low, 0.0)) / 5)
            low, high = math.floor(min(low, 0.0) / step) * step, math.ceil(high / step) * step
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
        """Return grid lines with labels: every decade on a log chart, on a linear one about five round steps (1, 2,
        2.5 or 5 times a power of ten), from the range `_range` widened to whole steps."""
        low, high = self.y_range
        if self.log:
            stride = max(1, math.ceil((high - low) / 8))
            values = [10.0 ** k for k in range(int(low), int(high) + 1, stride)]
        else:
            step = _nice_step((high - low) / 5)
            values = [round(low + step * k, 12) for k in range(round((high - low) / step) + 1)]
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


def _nice_step(rough: float) -> float:
    """The round step nearest above `rough`: 1, 2, 2.5 or 5 times a power of ten, so that ticks read 0.2, 0.4, ...
    (Heckbert 1990, "Nice numbers for graph labels"), never 0.322, 0.644."""
    power = 10.0 ** math.floor(math.log10(rough))
    return next(factor * power for factor in (1, 2, 2.5, 5, 10) if factor * power >= rough * (1 - 1e-9))


def _compact(value: float, powers: bool | None = None) -> str:
    """Format an axis value: digits with separators, or a power of ten (by default from 100,000 up); an axis that
    asks for powers gets them for every nonzero value, 1 as 10⁰, so that its ticks never mix the two styles."""
    value = float(value)
    powers = abs(value) >= POWERS_FROM if powers is None else powers
    if value == 0 or (not powers and abs(value) >= 1e-3):
        return f"{value:,.0f}" if value == round(value) else f"{value:,.3g}"
    exponent = math.floor(math.log10(abs(value)))
    mantissa = value / 10.0**exponent
    power = f"10{str(exponent).translate(SUPERSCRIPTS)}"
    return power if round(mantissa, 2) == 1 else f"{mantissa:.3g}×{power}"



SERIES_DASHES = ("", "7 4", "2 3", "10 3 2 3")
