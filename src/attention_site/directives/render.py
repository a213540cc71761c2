"""Turning what an entry builds into Markdown tables, inline text, LaTeX and HTML blocks."""

from __future__ import annotations

import html
import math
from dataclasses import replace

from .errors import DirectiveError, did_you_mean
from .formatting import (
    NumberStyle,
    authored_tex,
    authored_text,
    format_number,
    format_tex_number,
    format_vector,
    reader_minus,
)
from .labels import label_of
from .shown import (
    Authored,
    Cell,
    Column,
    Figure,
    Grid,
    Html,
    MarkdownBlock,
    Number,
    Scalar,
    Shown,
    Table,
    Vector,
)

MINUS_INFINITY_TEXT = "−∞"
HIDDEN_CORNER = '<span class="visually-hidden">row</span>'
MINUS_INFINITY_TEX = r"-\infty"


def restyle(shown: Shown, digits: int | None) -> Shown:
    """Apply a page's `digits=` to everything numeric in `shown`."""
    if digits is None:
        return shown
    if isinstance(shown, Table):
        return replace(shown, rows=tuple(tuple(restyle_cell(cell, digits) for cell in row) for row in shown.rows))
    return replace(shown, style=shown.style.with_digits(digits)) if isinstance(shown, Grid | Scalar) else shown


def restyle_cell(cell: Cell, digits: int) -> Cell:
    """A table cell with its numbers shown to `digits` places; labels and authored inputs unchanged."""
    return replace(cell, style=cell.style.with_digits(digits)) if isinstance(cell, Number | Vector) else cell


def grid_cell(grid: Grid, i: int, j: int) -> Cell:
    """One entry of a grid as a table cell: authored text for inputs, a number otherwise."""
    if grid.authored is not None:
        return Authored(grid.authored[i][j])
    return Number(grid.values[i][j], grid.style, grid.masked_as_infinity)


def grid_as_table(grid: Grid) -> Table:
    """A grid as a table whose first column holds the row labels."""
    corner = grid.corner or HIDDEN_CORNER  # a header cell is never empty: screen readers announce it
    columns = (Column("row", corner, numeric=False), *(Column(label, label) for label in grid.col_labels))
    rows = tuple(
        (label, *(grid_cell(grid, i, j) for j in range(len(grid.col_labels))))
        for i, label in enumerate(grid.row_labels)
    )
    return Table(columns, rows)


def number_text(value: float, style: NumberStyle, masked: bool = False) -> str:
    """A number as text; in a matrix of masked scores, minus infinity is shown as such."""
    return MINUS_INFINITY_TEXT if masked and value == -math.inf else format_number(value, style)


def vector_text(values: list[float], grid: Grid) -> str:
    """A row or column of a grid as `(a, b)`, with masked scores as minus infinity."""
    return "(" + ", ".join(number_text(x, grid.style, grid.masked_as_infinity) for x in values) + ")"


def cell_text(cell: Cell) -> str:
    """A cell as the text a reader sees, a negative number with its minus sign."""
    return reader_minus(cell_data_text(cell))


def cell_data_text(cell: Cell) -> str:
    """A cell's text, its signs as hyphen-minus."""
    if isinstance(cell, Number):
        return number_text(cell.value, cell.style, cell.masked)
    if isinstance(cell, Vector):
        return format_vector(list(cell.values), cell.style)
    if isinstance(cell, Authored):
        return authored_text(cell.text)
    return cell


def blank(value: float, style: NumberStyle, label: str, slack: float = 0.0) -> str:
    """An empty box for a student, carrying its answer, places and slack for the checker (attention_site.answers)."""
    room = f' data-slack="{slack!r}"' if slack else ""
    shown = html.escape(reader_minus(format_number(value, style)))  # what the box shows once answered
    return (
        f'<span class="fill-in" data-answer="{value!r}" data-places="{style.digits}"{room} '
        f'data-display="{shown}" data-label="{html.escape(label)}"></span>'
    )


def blank_cell(cell: Cell, label: str) -> str:
    """A numeric cell left for the student to fill in."""
    if isinstance(cell, Number):
        return blank(cell.value, cell.style, label, cell.slack)
    if isinstance(cell, Vector):
        slacks = cell.slacks or (0.0,) * len(cell.values)
        boxes = [blank(x, cell.style, f"{label}, entry {k + 1}", slacks[k]) for k, x in enumerate(cell.values)]
        return "(" + ", ".join(boxes) + ")"
    return cell_text(cell)


def render_table(shown: Shown, blanks: tuple[str, ...] = ()) -> str:
    """A Markdown table, with the columns named in `blanks` left for the student."""
    table = grid_as_table(shown) if isinstance(shown, Grid) else shown
    if not isinstance(table, Table):
        raise DirectiveError("this entry is not a table; use attn:value or attn:tex")
    keys = [column.key for column in table.columns]
    for key in blanks:
        if key not in keys:
            raise DirectiveError(f"blanks={key} names no column of this table; {did_you_mean(key, keys)}")
    header = "| " + " | ".join(column.title for column in table.columns) + " |"
    rule = "|" + "|".join("---:" if column.numeric else ":---" for column in table.columns) + "|"
    lines = [header, rule, *(table_row(table.columns, row, blanks) for row in table.rows)]
    if table.note:
        lines += ["", f'<p class="table-note">{html.escape(reader_minus(table.note))}</p>']
    return "\n".join(lines)


def table_row(columns: tuple[Column, ...], row: tuple[Cell, ...], blanks: tuple[str, ...]) -> str:
    """One Markdown table row."""
    label = cell_text(row[0])
    cells = [
        blank_cell(cell, f"{column.title} for {label}") if column.key in blanks else cell_text(cell)
        for column, cell in zip(columns, row, strict=True)
    ]
    return "| " + " | ".join(cells) + " |"


def only_entry(grid: Grid) -> float:
    """The single number of a 1x1 grid."""
    return grid.values[0][0]


def render_value(shown: Shown, row: str | None = None, col: str | None = None) -> str:
    """Inline text for a sentence: one number, or a row as `(a, b)`, negative numbers with a minus sign."""
    return reader_minus(value_data_text(shown, row, col))


def value_data_text(shown: Shown, row: str | None = None, col: str | None = None) -> str:
    """One number, or a row as `(a, b)`, its signs as hyphen-minus."""
    if isinstance(shown, Scalar):
        return number_text(shown.value, shown.style)
    grid = select(shown, row, col)
    if len(grid.row_labels) == 1 and len(grid.col_labels) == 1:
        if grid.authored is not None:
            return authored_text(grid.authored[0][0])
        return number_text(only_entry(grid), grid.style, grid.masked_as_infinity)
    if len(grid.row_labels) == 1:
        return vector_text(list(grid.values[0]), grid)
    if len(grid.col_labels) == 1:
        return vector_text([r[0] for r in grid.values], grid)
    raise DirectiveError(
        f"this is a {len(grid.row_labels)}x{len(grid.col_labels)} matrix; pick a row with row=NAME "
        f"(one of {', '.join(grid.row_labels)}) or use attn:table or attn:tex"
    )


def render_tex(shown: Shown, row: str | None = None, col: str | None = None) -> str:
    """LaTeX for a formula: a number, a row vector `\\left( \\right)` when a row is picked, or a pmatrix."""
    if isinstance(shown, Scalar):
        return format_tex_number(shown.value, shown.style)
    grid = select(shown, row, col)
    entries = [[grid_entry_tex(grid, i, j) for j in range(len(grid.col_labels))] for i in range(len(grid.row_labels))]
    if len(entries) == 1 and len(entries[0]) == 1:
        return entries[0][0]
    if len(entries) == 1 and row is not None:
        return r"\left(" + ", ".join(entries[0]) + r"\right)"
    body = r" \\ ".join(" & ".join(line) for line in entries)
    return rf"\begin{{pmatrix}} {body} \end{{pmatrix}}"


def grid_entry_tex(grid: Grid, i: int, j: int) -> str:
    """One entry of a grid in LaTeX: as authored for inputs, computed otherwise."""
    if grid.authored is not None:
        return authored_tex(grid.authored[i][j])
    return tex_entry(grid.values[i][j], grid.style, grid.masked_as_infinity)


def tex_entry(value: float, style: NumberStyle, masked: bool) -> str:
    """One matrix entry in LaTeX; in a matrix of masked scores, minus infinity is shown as such."""
    return MINUS_INFINITY_TEX if masked and value == -math.inf else format_tex_number(value, style)


def select(shown: Shown, row: str | None, col: str | None) -> Grid:
    """The labelled row and/or column of a grid, with a helpful error for a wrong label."""
    if not isinstance(shown, Grid):
        raise DirectiveError("this entry is not a number or a matrix; use attn:table or attn:figure")
    row, col = label_of(row, shown.row_labels, "row"), label_of(col, shown.col_labels, "col")
    return shown.select(row, col)


def render_figure(shown: Shown) -> str:
    """An HTML figure holding the SVG and its caption."""
    if not isinstance(shown, Figure):
        raise DirectiveError("this entry is not a picture; use attn:table, attn:value or attn:tex")
    svg = "\n".join(line for line in shown.svg.splitlines() if line.strip())
    caption = html.escape(shown.caption)
    return f'<figure class="attn-figure" markdown="0">\n{svg}\n<figcaption>{caption}</figcaption>\n</figure>'


def render_block(shown: Shown) -> str:
    """A block of generated HTML or Markdown."""
    if isinstance(shown, Html):
        return shown.html
    if isinstance(shown, MarkdownBlock):
        return shown.text
    raise DirectiveError("this entry is not a generated block")
