"""Position information as a workbook: "dog bites man" and "man bites dog" through one unmasked head,
first without positions (each token gets the same output row in both sentences), then with the
sinusoidal table added (it does not).

The second sentence's rows are looked up by token (INDEX and MATCH on the row labels), the sinusoidal table
is a formula of row and column positions (SIN and COS), and each sheet ends with the largest difference
between a token's output rows in the two sentences. The learned and relative tables of the page are not here.
"""

from __future__ import annotations

import numpy as np

from attention_core import AttentionResult, add_positions, project, scaled_dot_product_attention
from attention_core.examples.positions import POSITIONS, Positions

from .. import steps
from ..layout import ONE, Book, Grid, Refs, Sheet, labels
from ..names import workbook

PAGE = "walkthrough/positions/"


def head(rows: np.ndarray, ex: Positions) -> AttentionResult:
    """The core's unmasked head on some input rows, every step kept."""
    return scaled_dot_product_attention(*project(rows, *ex.W))


def run(sheet: str, tag: str, title: str, x: str, result: AttentionResult, tokens: tuple[str, ...]) -> tuple[Grid, ...]:
    """Q, K, V, S, A, O of one sentence on one sheet; names local to it, `tag` "" or "_2" (second sentence)."""
    d_k, d_v = result.Q.shape[1], result.V.shape[1]
    p, root = f"{sheet}run{tag}.", f"{sheet}root"

    def weights(r: Refs, i: int, j: int) -> str:
        """e^s over the row's total of e^s, in one cell."""
        return f"=EXP({r.cell(p + 'S', i, j)})/SUMPRODUCT(EXP({r.row(p + 'S', i)}))"
    projections = tuple(
        steps.matmul(p + symbol, f"{symbol}{tag} = rows × W_{symbol.lower()} ({title})", x, f"W_{symbol.lower()}",
                     array, tokens, labels(symbol.lower(), width), name=symbol + tag, sheet_scoped=True,
                     corner="token")
        for symbol, array, width in (("Q", result.Q, d_k), ("K", result.K, d_k), ("V", result.V, d_v))
    )
    return (
        *projections,
        steps.dot_products(p + "S", f"S{tag} = Q{tag} K{tag}ᵀ / √d_k ({title})", p + "Q", p + "K", root,
                           result.scaled, tokens, tokens, name="S" + tag, sheet_scoped=True),
        Grid(p + "A", f"A{tag}: softmax of each row ({title})", tokens, tokens, result.weights, corner="query \\ key",
             name="A" + tag, sheet_scoped=True, cell=weights),
        steps.matmul(p + "O", f"O{tag} = A{tag} V{tag}: each token's output ({title})", p + "A", p + "V",
                     result.output, tokens, labels("o", d_v), name="O" + tag, sheet_scoped=True, corner="token"),
    )


def by_token(key: str, caption: str, source: str, expected: np.ndarray, tokens: tuple[str, ...],
             cols: tuple[str, ...], *, name: str | None = None) -> Grid:
    """Rows of `source` looked up by the token in each row label: INDEX(rows, MATCH(token, labels, 0), j)."""
    def formula(r: Refs, i: int, j: int) -> str:
        """Entry j of the source row whose label is this row's token."""
        return f"=INDEX({r.whole(source)},MATCH({r.row_label(key, i)},{r.row_labels(source)},0),{j + 1})"
    return Grid(key, caption, tokens, cols, expected, corner="token", name=name, sheet_scoped=name is not None,
                cell=formula)


def difference(key: str, left: str, right: str, expected: float) -> Grid:
    """The largest difference between two grids of the same shape: `=MAX(ABS(O_2-O_first))`."""
    return Grid(key, "the largest difference between a token's output rows in the two sentences", ("largest",),
                ONE, np.array([[expected]]), array=lambda r: f"=MAX(ABS({r.whole(left)}-{r.whole(right)}))")


def comparison(p: str, ex: Positions, method: str) -> tuple[Grid, ...]:
    """The first sentence's outputs in the second sentence's order, and the largest difference (the core's check)."""
    check = ex.checks[method]
    return (
        by_token(p + "O_first", "the first sentence's output rows, in the second sentence's order",
                 p + "run.O", check.reordered_output, ex.other_tokens, labels("o", check.output.shape[1])),
        difference(p + "difference", p + "run_2.O", p + "O_first", check.max_difference),
    )


def none_sheet(ex: Positions) -> Sheet:
    """Both sentences through the head without positions: the same output for each token."""
    first, second = head(ex.E, ex), head(ex.E_other, ex)
    p = "none."
    return Sheet(
        "No positions", PAGE + "#the-problem-computed", "The problem, computed",
        "The same head on both sentences: each token gets the same output row, wherever it stands.",
        (steps.square_root(p + "root", "√d_k: every score is divided by it", "d_k", 1 / first.scale),
         *run(p, "", " ".join(ex.tokens), "E", first, ex.tokens),
         by_token("E_2", "the second sentence's rows: each token's embedding, looked up by token", "E",
                  ex.E_other, ex.other_tokens, labels("e", ex.E.shape[1]), name="E_2"),
         *run(p, "_2", " ".join(ex.other_tokens), "E_2", second, ex.other_tokens),
         *comparison(p, ex, "none")),
    )


def table_formula(r: Refs, i: int, j: int) -> str:
    """p[pos, 2i] = SIN(pos / 10000^(2i/d_model)), p[pos, 2i+1] = COS(the same), from the cell's position."""
    corner = r.corner("P")
    pos, column = f"(ROW()-ROW({corner}))", f"(COLUMN()-COLUMN({corner}))"
    angle = f"{pos}/10000^(({column}-MOD({column},2))/COLUMNS({r.whole('E')}))"
    return f"=IF(MOD({column},2)=0,SIN({angle}),COS({angle}))"


def plus_table(key: str, caption: str, rows: str, expected: np.ndarray, tokens: tuple[str, ...], name: str) -> Grid:
    """Each token's row plus the table's row for its position: e_i + p_i."""
    return Grid(key, caption, tokens, labels("x", expected.shape[1]), expected, corner="token", name=name,
                sheet_scoped=True, cell=lambda r, i, j: f"={r.cell(rows, i, j)}+{r.cell('P', i, j)}")


def sinusoidal_sheet(ex: Positions) -> Sheet:
    """The sinusoidal table, added to both sentences, and the same head: now a token's output depends on where."""
    P = ex.sinusoidal
    X, X_2 = add_positions(ex.E, P), add_positions(ex.E_other, P)
    first, second = head(X, ex), head(X_2, ex)
    p = "sin."
    return Sheet(
        "Sinusoidal", PAGE + "#sinusoidal-positions", "Sinusoidal positions",
        "Positions count from 0. Each row of the table is added to the token at that position, in both sentences.",
        (Grid("P", "P: the sinusoidal table, SIN and COS of the cell's row (position) and column", tuple(
            str(pos) for pos in range(P.shape[0])), labels("p", P.shape[1]), P, corner="position", name="P",
              cell=table_formula),
         steps.square_root(p + "root", "√d_k: every score is divided by it", "d_k", 1 / first.scale),
         plus_table(p + "X", f"X = E + P: {' '.join(ex.tokens)} with positions", "E", X, ex.tokens, "X"),
         *run(p, "", " ".join(ex.tokens), p + "X", first, ex.tokens),
         plus_table(p + "X_2", f"X_2 = E_2 + P: {' '.join(ex.other_tokens)} with positions", "E_2", X_2,
                    ex.other_tokens, "X_2"),
         *run(p, "_2", " ".join(ex.other_tokens), p + "X_2", second, ex.other_tokens),
         *comparison(p, ex, "sinusoidal")),
    )


@workbook(POSITIONS)
def positions_book(ex: Positions) -> Book:
    """The embeddings and the head, then the two sentences without and with sinusoidal positions."""
    d_model, (d_k, d_v) = ex.E.shape[1], (ex.W[0].shape[1], ex.W[2].shape[1])
    dims = labels("e", d_model)
    inputs = Sheet(
        "Embeddings", PAGE + "#the-problem-computed", "The problem, computed",
        f"One embedding row per token of “{' '.join(ex.tokens)}” and one head's projections (illustrative inputs).",
        (steps.inputs("E", "E: the embedding of each token (input)", ex.embeddings_text, ex.tokens, dims, name="E",
                      source="embeddings_text", corner="token"),
         *(steps.inputs(f"W_{c}", f"W_{c}: input", getattr(ex, f"W_{c}_text"), dims, labels(c, width),
                        name=f"W_{c}", source=f"W_{c}_text") for c, width in (("q", d_k), ("k", d_k), ("v", d_v))),
         steps.width("d_k", "d_k: the width of each query and key", "W_q", d_k)),
    )
    return Book(ex.name, ex.title, (inputs, none_sheet(ex), sinusoidal_sheet(ex)))
