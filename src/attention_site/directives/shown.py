"""What an entry of the registry builds: plain data that the renderers turn into Markdown, text or LaTeX."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeVar

from .formatting import NumberStyle


@dataclass(frozen=True)
class Number:
    """A computed number shown with a style."""

    value: float
    style: NumberStyle
    masked: bool = False
    slack: float = 0.0  # a fill-in's room for working from shown, rounded numbers (attention_site.answers)


@dataclass(frozen=True)
class Vector:
    """A computed row shown as `(a, b)`."""

    values: tuple[float, ...]
    style: NumberStyle
    slacks: tuple[float, ...] = ()  # per entry, as Number.slack; none: 0 for each


@dataclass(frozen=True)
class Authored:
    """An input shown as it was authored (`ln 2`)."""

    text: str


Cell = str | Number | Vector | Authored


@dataclass(frozen=True)
class Column:
    """A table column: the key that options use (`blanks=weight`) and the title a reader sees."""

    key: str
    title: str
    numeric: bool = True


@dataclass(frozen=True)
class Table:
    """A worked table: columns, rows of cells, and an optional note printed under it."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    note: str | None = None


@dataclass(frozen=True)
class Grid:
    """A matrix with labelled rows and columns; `authored` holds the entries as written, for inputs."""

    values: tuple[tuple[float, ...], ...]
    row_labels: tuple[str, ...]
    col_labels: tuple[str, ...]
    style: NumberStyle
    corner: str = ""
    authored: tuple[tuple[str, ...], ...] | None = None
    masked_as_infinity: bool = False

    def select(self, row: str | None, col: str | None) -> Grid:
        """Return the part of the grid at the labelled row and/or column."""
        rows = range(len(self.row_labels)) if row is None else [self.row_labels.index(row)]
        cols = range(len(self.col_labels)) if col is None else [self.col_labels.index(col)]
        return replace(
            self,
            values=pick(self.values, rows, cols),
            authored=None if self.authored is None else pick(self.authored, rows, cols),
            row_labels=tuple(self.row_labels[i] for i in rows),
            col_labels=tuple(self.col_labels[j] for j in cols),
        )


Entry = TypeVar("Entry")


def pick(grid: tuple[tuple[Entry, ...], ...], rows: range | list[int], cols: range | list[int]
         ) -> tuple[tuple[Entry, ...], ...]:
    """Return the entries of `grid` at the given rows and columns."""
    return tuple(tuple(grid[i][j] for j in cols) for i in rows)


@dataclass(frozen=True)
class Scalar:
    """One computed number for a sentence or a formula."""

    value: float
    style: NumberStyle


@dataclass(frozen=True)
class Figure:
    """An SVG picture with a caption."""

    svg: str
    caption: str


@dataclass(frozen=True)
class Html:
    """A block of HTML built by the hooks (the calculator, a generated reference)."""

    html: str


@dataclass(frozen=True)
class MarkdownBlock:
    """A block of Markdown built by the hooks (the generated reference pages)."""

    text: str


Shown = Table | Grid | Scalar | Figure | Html | MarkdownBlock
