"""Helpers the entry modules share: NumPy arrays to grids, and the checks every published weight passes."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence

import numpy as np

from attention_core import AttentionResult, parse_matrix

from ...figures import heatmap_svg
from ..errors import DirectiveError
from ..formatting import NumberStyle, format_number
from ..shown import Column, Figure, Grid, Html, Number, Scalar, Table, Vector

EXACT = NumberStyle(exact=True, digits=3)
DECIMAL = NumberStyle(exact=False, digits=3)
SIZE = NumberStyle(exact=False, digits=3, significant=True)  # sizes across powers of ten: 64.0, 1.25, 0.0312
WHOLE = NumberStyle(exact=True, digits=0)  # counts and sizes: 6, not 6.000
ROW_SUM_TOLERANCE = 1e-9


def style_of(example: object) -> NumberStyle:
    """Exact fractions for examples built to be exact, three decimals otherwise."""
    return EXACT if getattr(example, "exact", False) else DECIMAL


def count(n: int) -> Scalar:
    """A whole number (a count or a size) as a scalar entry."""
    return Scalar(float(n), WHOLE)


def as_rows(array: np.ndarray) -> tuple[tuple[float, ...], ...]:
    """A 1-D or 2-D array as a tuple of row tuples of floats."""
    matrix = np.atleast_2d(np.asarray(array, dtype=np.float64))
    return tuple(tuple(float(x) for x in row) for row in matrix)


def labels(prefix: str, count: int) -> tuple[str, ...]:
    """Column labels `prefix 1`, `prefix 2`, ... for matrices whose columns have no token names."""
    return tuple(f"{prefix}{k + 1}" for k in range(count))


def width_labels(prefix: str, width: int) -> tuple[str, ...]:
    """Column labels of a head's projection: `q` alone for one column (as the deck's d_k = 1), else `q1`, `q2`, ..."""
    return (prefix,) if width == 1 else labels(prefix, width)


def shape_of(array: np.ndarray | tuple[tuple[str, ...], ...]) -> str:
    """A matrix's shape as a description writes it: `3x1`."""
    return "x".join(str(k) for k in np.shape(array))


def entry_or_row(row: np.ndarray, style: NumberStyle) -> Number | Vector:
    """One entry of a width-1 row as a number (the deck's d_k = 1), a wider row as a vector."""
    return Number(float(row[0]), style) if len(row) == 1 else Vector(as_rows(row)[0], style)


def make_grid(
    array: np.ndarray, rows: Sequence[str], cols: Sequence[str], style: NumberStyle, corner: str = "",
    authored: tuple[tuple[str, ...], ...] | None = None, masked_as_infinity: bool = False,
) -> Grid:
    """A labelled grid of `array`, after checking that its shape matches the labels."""
    values = as_rows(array)
    if (len(values), len(values[0])) != (len(rows), len(cols)):
        raise DirectiveError(f"a {len(values)}x{len(values[0])} matrix cannot take {len(rows)}x{len(cols)} labels")
    return Grid(values, tuple(rows), tuple(cols), style, corner, authored, masked_as_infinity)


def checked_weights(A: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """Refuse to publish weights whose rows do not sum to 1 or whose masked entries are not exactly 0."""
    A = np.atleast_2d(A)
    if not np.all(np.isfinite(A)):
        raise DirectiveError("the weights contain a NaN or an infinity; nothing is published")
    sums = A.sum(axis=-1)
    bad = np.flatnonzero(np.abs(sums - 1.0) > ROW_SUM_TOLERANCE)
    if bad.size:
        total = float(sums[bad[0]])
        raise DirectiveError(f"weight row {int(bad[0]) + 1} sums to {total:.6g}, not 1; nothing is published")
    if mask is not None and np.any(A[~np.atleast_2d(mask)] != 0.0):
        raise DirectiveError("a masked weight is not exactly 0; nothing is published")
    return A


def authored_grid(
    text: tuple[tuple[str, ...], ...], rows: Sequence[str], cols: Sequence[str], style: NumberStyle, corner: str = ""
) -> Grid:
    """An input matrix shown as authored (`ln 2`); its values are the parsed entries, so attn:value can pick one."""
    return make_grid(parse_matrix(text), rows, cols, style, corner, authored=text)


def weights_figure(
    A: np.ndarray, tokens: Sequence[str], style: NumberStyle, *, title: str, caption: str, id_prefix: str,
    mask: np.ndarray | None = None,
) -> Figure:
    """Checked attention weights as a heat map with each cell's number; masked cells hatched, read as 'masked'."""
    A = checked_weights(A, mask)
    masked = None if mask is None else (~np.asarray(mask)).tolist()
    text = [["" if masked and masked[i][j] else format_number(float(a), style) for j, a in enumerate(row)]
            for i, row in enumerate(A)]
    rows = " ".join(f"{token}: " + ", ".join(cell or "masked" for cell in row) + "." for token, row in zip(
        tokens, text, strict=True))
    desc = f"One row per query, one column per key; a more strongly coloured cell carries more weight. {rows}"
    svg = heatmap_svg(A.tolist(), tokens, tokens, title=title, desc=desc, cell_text=text, masked=masked,
                      id_prefix=id_prefix)
    return Figure(svg, caption)


def weighted_sum_table(
    head: AttentionResult, row: int, contributions: np.ndarray, tokens: Sequence[str], style: NumberStyle,
    mask: np.ndarray | None, weight_title: str = "weight",
) -> Table:
    """One output row as a weighted sum: each source token's weight, value and contribution, then the output."""
    A = checked_weights(head.weights, mask)
    rows = tuple(
        (token, Number(float(A[row, j]), style), Vector(as_rows(head.V[j])[0], style),
         Vector(as_rows(contributions[j])[0], style))
        for j, token in enumerate(tokens)
    )
    total = ("output", "", "", Vector(as_rows(head.output[row])[0], style))
    columns = (Column("token", "source token", False), Column("weight", weight_title), Column("value", "value"),
               Column("contribution", "weighted contribution"))
    return Table(columns, (*rows, total))


def plain(x: float) -> int | float:
    """A number for JSON: whole numbers as integers (1, not 1.0)."""
    return int(x) if float(x).is_integer() else float(x)


Plain = list["int | float | Plain"]  # an array as JSON holds it: numbers, or lists of them, nested


def plain_rows(array: np.ndarray) -> Plain:
    """An array as nested lists of plain numbers."""
    return [plain(x) for x in array] if array.ndim == 1 else [plain_rows(row) for row in array]


def calculator_html(spec: Mapping[str, object], fallback: str) -> Html:
    """The live calculator's markup: its inputs as JSON for docs/javascripts/calculator.js, and a text for
    readers without JavaScript. `spec` holds example, tokens, query_token, query, keys, values, scale, digits
    and output_digits."""
    data = html.escape(json.dumps(spec, separators=(",", ":")), quote=True)
    return Html(f"<div class=\"attention-calculator\" data-calculator='{data}'>"
                f'<p class="attention-calculator__fallback">{html.escape(fallback)}</p></div>')


def printed_rows(title: str, matrix: np.ndarray, labels: tuple[str, ...] | list[str]) -> list[str]:
    """The lines the site's programs print for a matrix: a title, then one line per row, its label padded to six
    characters and each entry as `{:8.4f}` (the programs' `show`)."""
    rows = (f"  {label:<6}" + "".join(f"{x:8.4f}" for x in row) for label, row in zip(labels, matrix, strict=True))
    return [title, *rows]
