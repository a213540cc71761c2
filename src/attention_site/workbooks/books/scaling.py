"""The scaling example as a workbook: raw scores 4 and 2 and their softmax, then divided by √d_k."""

from __future__ import annotations

import numpy as np

from attention_core.examples.scaling import SCALING, Scaling

from .. import steps
from ..layout import Book, Grid, Refs, Sheet, labels
from ..names import workbook

PAGE = "walkthrough/scaling/#two-keys-before-and-after-scaling"


def softmax_row(key: str, caption: str, of: str, expected: np.ndarray, label: str, tokens: tuple[str, ...],
                name: str) -> Grid:
    """Softmax of a one-row grid in one formula per cell: e^s ÷ the sum of e^s."""
    def formula(r: Refs, i: int, j: int) -> str:
        """e^s over the row's total of e^s, in one cell."""
        return f"=EXP({r.cell(of, i, j)})/SUMPRODUCT(EXP({r.row(of, i)}))"
    return Grid(key, caption, (label,), tokens, expected[None, :], corner="weights", name=name, cell=formula)


@workbook(SCALING)
def scaling_book(ex: Scaling) -> Book:
    """Query and keys, the raw scores and weights, then the scaled ones."""
    dims = labels("", ex.d_k)
    return Book(ex.name, ex.title, (
        Sheet("Query and keys", PAGE, "Scaling by √d_k",
              "One query and two keys, each with d_k entries (illustrative inputs).",
              (steps.inputs("q", "q: the query (input)", (ex.query_text,), ("q",), dims, name="q", source="query_text"),
               steps.inputs("K", "K: one key per row (input)", ex.keys_text, ex.tokens, dims, name="K",
                            source="keys_text", corner="key"),
               steps.width("d_k", "d_k: the number of entries in the query", "q", ex.d_k))),
        Sheet("Raw scores", PAGE, "Scaling by √d_k", "The dot products as they are, and their softmax.",
              (steps.dot_products("S_raw", "raw scores q · k", "q", "K", None, ex.raw_scores[None, :], ("raw",),
                                  ex.tokens, name="S_raw", digits=None),
               softmax_row("A_raw", "softmax of the raw scores", "S_raw", ex.raw_weights, "raw", ex.tokens,
                           "A_raw"))),
        Sheet("Scaled scores", PAGE, "Scaling by √d_k", "The same scores divided by √d_k, and their softmax.",
              (steps.square_root("root", "√d_k", "d_k", ex.divisor),
               Grid("S", "scaled scores: raw ÷ √d_k", ("scaled",), ex.tokens, ex.scaled_scores[None, :],
                    corner="query \\ key", name="S", digits=None,
                    cell=lambda r, i, j: f"={r.cell('S_raw', i, j)}/{r.cell('root', 0, 0)}"),
               softmax_row("A", "softmax of the scaled scores", "S", ex.scaled_weights, "scaled", ex.tokens, "A"))),
    ))
