"""A workbook as data: sheets of labelled grids, each cell an input or a formula, placed on a fixed plan.

A `Grid` is one matrix a reader meets on a page (W_q, S, A, ...): its labels, the core's numbers for it
(`expected`), and either the authored inputs or a formula for its cells. Formulas are written through a
`Refs` object, so the same grid gives the model copy's formulas (named ranges such as `MMULT(X,W_q)`) and
the practice copy's hidden answer sheets (plain cell ranges on those sheets). Positions depend only on
the shapes, so a test finds every cell of every grid with `place`.

Plan of a sheet: rows 1-4 hold the title, the links to the page and one line of text; grids follow from
`FIRST_ROW`, one under another, labels in column A and entries from column B. In the practice copy each
grid's check cells sit to the right, from the column after the widest grid on the sheet plus one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from openpyxl.utils import get_column_letter, quote_sheetname

from attention_core.exact import RE_ENTRY, parse_entry

MINUS_INFINITY = "−∞"  # what a masked score shows, as on the site (U+2212 MINUS SIGN)
FIRST_ROW = 6
FIRST_COLUMN = 2  # column B; column A holds the row labels
ONE = ("value",)  # the column label of a grid holding one number
CHECK_PLACES = 3  # places a check compares when the site shows whole numbers ("General" format)

CellFormula = Callable[["Refs", int, int], str]
GridFormula = Callable[["Refs"], str]


@dataclass(frozen=True)
class Grid:
    """One labelled matrix: inputs as authored, or one formula per cell, or one array formula for all.

    `key` is unique in the workbook and used by formulas; `name` is the defined name a reader sees
    (None for none); `sheet_scoped` makes that name local to its sheet (the KV cache's K at each step).
    `expected` holds the core's numbers, shape (len(rows), len(cols)), -inf where a score is masked (or
    the core's word, in an object array, for a grid that names a token).
    `digits` is the places the site shows (None: whole numbers as whole, General format, checked to 3).
    """

    key: str
    caption: str
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    expected: np.ndarray
    corner: str = ""
    name: str | None = None
    sheet_scoped: bool = False
    digits: int | None = 3
    authored: tuple[tuple[str, ...], ...] | None = None
    source: str | None = None
    cell: CellFormula | None = None
    array: GridFormula | None = None
    number_format: str | None = None
    slack: np.ndarray | None = None  # per entry, how far working from shown numbers moves it (attention_site.answers)

    def __post_init__(self) -> None:
        """Refuse a grid whose numbers, inputs and formulas do not fit its labels."""
        shape = (len(self.rows), len(self.cols))
        if np.shape(self.expected) != shape:
            raise ValueError(f"grid {self.key!r} has labels for {shape} but the core gives {np.shape(self.expected)}")
        kinds = [self.authored is not None, self.cell is not None, self.array is not None]
        if sum(kinds) != 1:
            raise ValueError(f"grid {self.key!r} needs one of: authored inputs, a cell formula, an array formula")
        if self.authored is not None and (len(self.authored), len(self.authored[0])) != shape:
            raise ValueError(f"grid {self.key!r} has labels for {shape} but {len(self.authored)} authored rows")

    @property
    def is_input(self) -> bool:
        """True for a grid of inputs a teacher may change."""
        return self.authored is not None

    @property
    def check_places(self) -> int:
        """Places to which a practice answer must match."""
        return CHECK_PLACES if self.digits is None else self.digits

    def slack_at(self, i: int, j: int) -> float:
        """The slack of entry (i, j): 0 unless the grid has some."""
        return 0.0 if self.slack is None else float(self.slack[i, j])

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns) of the entries."""
        return len(self.rows), len(self.cols)


@dataclass(frozen=True)
class Sheet:
    """One step of the walk-through: a sheet title, the page that teaches it, a line of text and grids."""

    title: str
    page: str  # the page's path on the site, e.g. "walkthrough/scores/" (an anchor may follow)
    page_title: str
    text: str
    grids: tuple[Grid, ...]

    @property
    def widest(self) -> int:
        """The number of entry columns of the widest grid."""
        return max(len(grid.cols) for grid in self.grids)

    @property
    def check_column(self) -> int:
        """First column of the practice checks on this sheet."""
        return FIRST_COLUMN + self.widest + 1


@dataclass(frozen=True)
class Book:
    """A worked example as a workbook: its file name (the example's slug), title and sheets in page order."""

    slug: str
    title: str
    sheets: tuple[Sheet, ...]


@dataclass(frozen=True)
class Placed:
    """Where a grid's first entry sits: sheet title, row and column (1-based)."""

    sheet: str
    row: int
    column: int
    grid: Grid

    @property
    def caption_row(self) -> int:
        """The row of the grid's caption, two above its first entry."""
        return self.row - 2

    def address(self, i: int, j: int, absolute: bool = False) -> str:
        """A1 address of entry (i, j), 0-based."""
        letter, number = get_column_letter(self.column + j), self.row + i
        return f"${letter}${number}" if absolute else f"{letter}{number}"

    def span(self) -> str:
        """Absolute A1 range of all entries: `$B$8:$D$10`."""
        rows, cols = self.grid.shape
        return f"{self.address(0, 0, True)}:{self.address(rows - 1, cols - 1, True)}"


def place(book: Book) -> dict[str, Placed]:
    """Return where every grid of the book goes, by key; a caption row and a header row precede each."""
    placed: dict[str, Placed] = {}
    for sheet in book.sheets:
        row = FIRST_ROW
        for grid in sheet.grids:
            if grid.key in placed:
                raise ValueError(f"grid key {grid.key!r} is used twice in workbook {book.slug!r}")
            placed[grid.key] = Placed(sheet.title, row + 2, FIRST_COLUMN, grid)
            row += 2 + len(grid.rows) + 1
    return placed


@dataclass(frozen=True)
class Refs:
    """How the formulas of one sheet name other grids: by defined name (model) or by range (answer sheets)."""

    placed: dict[str, Placed]
    sheet: str  # the sheet the formula is written on (as the grids are placed: model titles)
    rename: Callable[[str], str] | None = None  # maps a model sheet title to the sheet really referred to

    def _sheet_of(self, key: str) -> str:
        """The title of the sheet holding grid `key`, as referred to from here."""
        title = self.placed[key].sheet
        return self.rename(title) if self.rename else title

    def _prefix(self, key: str) -> str:
        """`'Sheet'!` for a grid on another sheet, nothing for one on this sheet."""
        return "" if self.placed[key].sheet == self.sheet else quote_sheetname(self._sheet_of(key)) + "!"

    def whole(self, key: str) -> str:
        """All of a grid: its defined name where it can be used from here, else its range."""
        placed = self.placed[key]
        grid = placed.grid
        if grid.name and self.rename is None and (not grid.sheet_scoped or placed.sheet == self.sheet):
            return grid.name
        return self._prefix(key) + placed.span()

    def row(self, key: str, i: int) -> str:
        """Row i (0-based) of a grid: `INDEX(Q,3,0)`."""
        return f"INDEX({self.whole(key)},{i + 1},0)"

    def cell(self, key: str, i: int, j: int) -> str:
        """Entry (i, j) of a grid as a plain reference: `D9` or `'Scores'!D9`."""
        return self._prefix(key) + self.placed[key].address(i, j)

    def header(self, key: str) -> str:
        """The absolute range of a grid's column labels, the row above its entries."""
        placed = self.placed[key]
        first, last = placed.address(-1, 0, True), placed.address(-1, len(placed.grid.cols) - 1, True)
        return f"{self._prefix(key)}{first}:{last}"

    def row_labels(self, key: str) -> str:
        """The absolute range of a grid's row labels in column A."""
        placed = self.placed[key]
        return f"{self._prefix(key)}$A${placed.row}:$A${placed.row + len(placed.grid.rows) - 1}"

    def row_label(self, key: str, i: int) -> str:
        """The label of row i of a grid: `$A9`."""
        return f"{self._prefix(key)}$A{self.placed[key].row + i}"

    def corner(self, key: str) -> str:
        """The absolute address of a grid's first entry, for formulas of positions."""
        return self._prefix(key) + self.placed[key].address(0, 0, absolute=True)


def input_value(text: str) -> int | float | str:
    """The cell content for one authored entry: `2`, `0.5`, `=1/4`, `=LN(2)`, `=-SQRT(3)`."""
    value = parse_entry(text)  # raises ValueError quoting the text if it is not an accepted entry
    match = RE_ENTRY.match(text.strip())
    assert match is not None, text  # parse_entry accepted the text, and RE_ENTRY is what it parses by
    sign = "-" if match["sign"] else ""
    if match["function"]:
        return f"={sign}{match['function'].upper()}({match['argument']})"
    if match["numerator"]:
        return f"={sign}{match['numerator']}/{match['denominator']}"
    return int(value) if float(value).is_integer() and "." not in text else value


def labels(prefix: str, count: int) -> tuple[str, ...]:
    """Column labels `q1`, `q2`, ... as the site writes them."""
    return tuple(f"{prefix}{k + 1}" for k in range(count))


def as_grid(array: np.ndarray) -> np.ndarray:
    """A vector as one row, a matrix as it is: (cols,) -> (1, cols)."""
    array = np.asarray(array, dtype=np.float64)
    return array[None, :] if array.ndim == 1 else array
