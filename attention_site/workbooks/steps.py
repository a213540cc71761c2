"""Grids for the steps every example shares: inputs, products, scores, the mask, softmax, the weighted sum.

Each builder takes the grid's key, the keys of the grids its formula reads and the core's numbers for it;
the formula is the step as the site teaches it: MMULT for a product of matrices, SUMPRODUCT for one dot
product, EXP, SUM and a division for softmax, IF on row and column positions for the causal mask.
"""

from __future__ import annotations

import numpy as np

from attention_core import parse_matrix

from .layout import MINUS_INFINITY, ONE, Grid, Refs, as_grid

MASK_FORMAT = '"allowed";"";"future"'  # 1 shows "allowed", 0 shows "future", as the site's mask table


def inputs(key: str, caption: str, authored: tuple[tuple[str, ...], ...], rows: tuple[str, ...],
           cols: tuple[str, ...], *, name: str, source: str | None, corner: str = "") -> Grid:
    """A grid of inputs as authored; the core parses them for the expected numbers."""
    return Grid(key, caption, rows, cols, parse_matrix(authored), corner=corner, name=name, digits=None,
                authored=authored, source=source)


def matmul(key: str, caption: str, left: str, right: str, expected: np.ndarray, rows: tuple[str, ...],
           cols: tuple[str, ...], *, name: str | None = None, sheet_scoped: bool = False, digits: int | None = 3,
           corner: str = "") -> Grid:
    """A product of two grids as one array formula: `=MMULT(X,W_q)`."""
    return Grid(key, caption, rows, cols, as_grid(expected), corner=corner, name=name, sheet_scoped=sheet_scoped,
                digits=digits, array=lambda r: f"=MMULT({r.whole(left)},{r.whole(right)})")


def width(key: str, caption: str, of: str, expected: float) -> Grid:
    """d_k, the number of columns of a grid: `=COLUMNS(K)`."""
    return Grid(key, caption, ("d_k",), ONE, np.array([[expected]]), digits=None,
                cell=lambda r, i, j: f"=COLUMNS({r.whole(of)})")


def square_root(key: str, caption: str, of: str, expected: float) -> Grid:
    """√d_k, the divisor of the scores: `=SQRT(B8)`."""
    return Grid(key, caption, ("√d_k",), ONE, np.array([[expected]]), digits=None,
                cell=lambda r, i, j: f"=SQRT({r.cell(of, 0, 0)})")


def dot_products(key: str, caption: str, queries: str, keys: str, divisor: str | None, expected: np.ndarray,
                 rows: tuple[str, ...], cols: tuple[str, ...], *, name: str | None = None, sheet_scoped: bool = False,
                 digits: int | None = 3, operator: str = "/") -> Grid:
    """One dot product per cell, query row i with key row j, then divided (or multiplied) by one number."""
    def formula(r: Refs, i: int, j: int) -> str:
        """Dot product of query row i and key row j, then the divisor."""
        dot = f"SUMPRODUCT({r.row(queries, i)},{r.row(keys, j)})"
        return f"={dot}{operator}{r.cell(divisor, 0, 0)}" if divisor else f"={dot}"
    return Grid(key, caption, rows, cols, as_grid(expected), corner="query \\ key", name=name,
                sheet_scoped=sheet_scoped, digits=digits, cell=formula)


def allowed(key: str, caption: str, expected: np.ndarray, tokens: tuple[str, ...]) -> Grid:
    """The causal mask from positions alone: 1 where the key's column is not after the query's row."""
    def formula(r: Refs, i: int, j: int) -> str:
        """1 where the key's column is not after the query's row, else 0."""
        corner = r.corner(key)
        return f"=IF(COLUMN()-COLUMN({corner})<=ROW()-ROW({corner}),1,0)"
    return Grid(key, caption, tokens, tokens, np.asarray(expected, dtype=np.float64), corner="query \\ key",
                digits=None, cell=formula, number_format=MASK_FORMAT)


def masked(key: str, caption: str, scores: str, mask: str, expected: np.ndarray, tokens: tuple[str, ...], *,
           name: str) -> Grid:
    """M: the score where the mask allows it, else −∞ (text, which EXP never sees)."""
    return Grid(key, caption, tokens, tokens, expected, corner="query \\ key", name=name,
                cell=lambda r, i, j: f'=IF({r.cell(mask, i, j)}=1,{r.cell(scores, i, j)},"{MINUS_INFINITY}")')


def exponentials(key: str, caption: str, of: str, expected: np.ndarray, rows: tuple[str, ...],
                 cols: tuple[str, ...], digits: int = 3) -> Grid:
    """e to each score; a masked score (−∞) gives 0."""
    return Grid(key, caption, rows, cols, as_grid(expected), corner="query \\ key", digits=digits,
                cell=lambda r, i, j: f"=IF(ISNUMBER({r.cell(of, i, j)}),EXP({r.cell(of, i, j)}),0)")


def row_totals(key: str, caption: str, of: str, expected: np.ndarray, rows: tuple[str, ...], digits: int = 3) -> Grid:
    """The total of each row: `=SUM(B20:D20)`."""
    def formula(r: Refs, i: int, j: int) -> str:
        """The sum of row i."""
        width = len(r.placed[of].grid.cols)
        return f"=SUM({r.cell(of, i, 0)}:{r.cell(of, i, width - 1).split('!')[-1]})"
    return Grid(key, caption, rows, ("total",), np.reshape(expected, (-1, 1)), corner="query", digits=digits,
                cell=formula)


def divided(key: str, caption: str, parts: str, totals: str, expected: np.ndarray, rows: tuple[str, ...],
            cols: tuple[str, ...], *, name: str | None = None, sheet_scoped: bool = False, digits: int = 3) -> Grid:
    """Softmax's last step: each e^s divided by its row's total."""
    return Grid(key, caption, rows, cols, as_grid(expected), corner="query \\ key", name=name,
                sheet_scoped=sheet_scoped, digits=digits,
                cell=lambda r, i, j: f"={r.cell(parts, i, j)}/{r.cell(totals, i, 0)}")


def weighted_values(key: str, caption: str, weights: str, row: int, values: str, expected: np.ndarray,
                    rows: tuple[str, ...], cols: tuple[str, ...], digits: int = 3) -> Grid:
    """Weight times value for one query row: entry (j, k) is A[row, j] times V[j, k]."""
    return Grid(key, caption, rows, cols, as_grid(expected), corner="key", digits=digits,
                cell=lambda r, i, j: f"={r.cell(weights, row, i)}*{r.cell(values, i, j)}")


def column_sums(key: str, caption: str, of: str, expected: np.ndarray, row_label: str, cols: tuple[str, ...], *,
                name: str | None = None, digits: int = 3) -> Grid:
    """The sum of each column of a grid, one row: the output as the sum of the weighted values."""
    def formula(r: Refs, i: int, j: int) -> str:
        """The sum of column j."""
        height = len(r.placed[of].grid.rows)
        return f"=SUM({r.cell(of, 0, j)}:{r.cell(of, height - 1, j).split('!')[-1]})"
    return Grid(key, caption, (row_label,), cols, as_grid(expected), corner="query", name=name, digits=digits,
                cell=formula)
