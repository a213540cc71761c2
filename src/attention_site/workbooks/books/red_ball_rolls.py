"""Red ball rolls as a workbook: head 1 step by step, the second head, concatenation, W_O and the residual.

One sheet per page of the walk-through, in its order. Head 1's grids carry the site's names (Q, K, V, S,
M, A, O); head 2's carry the same names with `_2` (Q_2, ..., O_2), since `Q2` would be a cell address.
"""

from __future__ import annotations

import numpy as np

from attention_core import softmax_steps
from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS, RedBallRolls

from .. import steps
from ..layout import Book, Grid, Refs, Sheet, labels
from ..names import workbook


def head_inputs(ex: RedBallRolls, suffix: str) -> tuple[Grid, ...]:
    """The projections W_q, W_k, W_v of one head, as authored ("" for head 1, "2" for head 2)."""
    dims = labels("x", ex.X.shape[1])
    fields = {"W_q": "q", "W_k": "k", "W_v": "v"}
    grids = []
    for symbol, letter in fields.items():
        source = f"{symbol}{suffix}_text"
        authored = getattr(ex, source)
        grids.append(steps.inputs(f"{symbol}{suffix}", f"{symbol}{suffix}: input", authored, dims,
                                  labels(letter, len(authored[0])), name=f"{symbol}{suffix}", source=source))
    return tuple(grids)


def projections(ex: RedBallRolls, h: int) -> tuple[Grid, ...]:
    """Q, K, V of head h (1 or 2): X times each projection, one MMULT each."""
    head, tag, suffix = ex.multihead.heads[h - 1], "" if h == 1 else "_2", "" if h == 1 else "2"
    grids = []
    for symbol, result in (("Q", head.Q), ("K", head.K), ("V", head.V)):
        letter = symbol.lower()
        grids.append(steps.matmul(f"{symbol}{tag}", f"{symbol}{tag} = X W_{letter}{suffix}", "X",
                                  f"W_{letter}{suffix}", result, ex.tokens, labels(letter, result.shape[1]),
                                  name=f"{symbol}{tag}", corner="token"))
    return tuple(grids)


def scores(ex: RedBallRolls, h: int) -> tuple[Grid, ...]:
    """d_k, √d_k and S = Q Kᵀ / √d_k of head h, one SUMPRODUCT per score."""
    head, tag = ex.multihead.heads[h - 1], "" if h == 1 else "_2"
    return (
        steps.width(f"d_k{tag}", "d_k: the width of each key", f"K{tag}", head.K.shape[1]),
        steps.square_root(f"root{tag}", "√d_k: every score is divided by it", f"d_k{tag}", 1 / head.scale),
        steps.dot_products(f"S{tag}", f"S{tag} = Q{tag} K{tag}ᵀ / √d_k: query row · key row", f"Q{tag}", f"K{tag}",
                           f"root{tag}", head.scaled, ex.tokens, ex.tokens, name=f"S{tag}"),
    )


def softmax(ex: RedBallRolls, h: int) -> tuple[Grid, ...]:
    """e^M, the row totals and A = e^M / total for head h."""
    head, tag = ex.multihead.heads[h - 1], "" if h == 1 else "_2"
    result = softmax_steps(head.masked)
    return (
        steps.exponentials(f"expM{tag}", f"e^M{tag}: e to each permitted score (−∞ gives 0)", f"M{tag}",
                           result.exponentials, ex.tokens, ex.tokens),
        steps.row_totals(f"totals{tag}", "the total of each row of e^M", f"expM{tag}", result.totals, ex.tokens),
        steps.divided(f"A{tag}", f"A{tag} = e^M{tag} ÷ row total: the weights", f"expM{tag}", f"totals{tag}",
                      head.weights, ex.tokens, ex.tokens, name=f"A{tag}"),
    )


def weighted_sum(ex: RedBallRolls, h: int) -> tuple[Grid, ...]:
    """The focus token's weighted values and their sum, then O = A V for head h."""
    head, tag = ex.multihead.heads[h - 1], "" if h == 1 else "_2"
    focus, d_v = ex.focus_index, head.V.shape[1]
    parts = ex.contributions if h == 1 else ex.contributions2
    cols = labels("o", d_v)
    return (
        steps.weighted_values(f"parts{tag}", f"weight × value for {ex.focus}: A{tag}[{ex.focus}, key] × v{tag}",
                              f"A{tag}", focus, f"V{tag}", parts, ex.tokens, cols),
        steps.column_sums(f"o_focus{tag}", f"their sum: the output of {ex.focus}", f"parts{tag}",
                          head.output[focus], ex.focus, cols),
        steps.matmul(f"O{tag}", f"O{tag} = A{tag} V{tag}: every row at once", f"A{tag}", f"V{tag}", head.output,
                     ex.tokens, cols, name=f"O{tag}", corner="token"),
    )


def hard_choice(ex: RedBallRolls) -> Grid:
    """The value of the top-scoring permitted key of the focus token: what attention does not do."""
    focus = ex.focus_index + 1

    def formula(r: Refs, i: int, j: int) -> str:
        """Entry j of the value row whose key scores highest for the focus token."""
        row = r.row("M", focus - 1)
        return f"=INDEX({r.whole('V')},MATCH(MAX({row}),{row},0),{j + 1})"
    return Grid("hard", f"a hard choice for {ex.focus}: the value of its top-scoring key (MAX, MATCH)",
                (ex.focus,), labels("o", ex.head.V.shape[1]), ex.hard_choice[None, :], corner="query", cell=formula)


def head2_sheet(ex: RedBallRolls) -> Sheet:
    """The second head on one sheet, as on its page: projections, scores, mask, softmax, weighted sum."""
    head = ex.head2
    return Sheet(
        "Second head", "walkthrough/second-head/", "A second head",
        "Head 2 has its own W_q2, W_k2, W_v2 (illustrative inputs) and runs every step of head 1 again.",
        (*head_inputs(ex, "2"), *projections(ex, 2), *scores(ex, 2),
         steps.masked("M_2", "M_2: S_2 where the mask allows, else −∞", "S_2", "allowed", head.masked, ex.tokens,
                      name="M_2"),
         *softmax(ex, 2), *weighted_sum(ex, 2)),
    )


def output_sheet(ex: RedBallRolls) -> Sheet:
    """Concatenation, the output projection U = concat W_O and the residual X + U."""
    mh, n_v = ex.multihead, ex.head.V.shape[1]
    cols = (*labels("o", n_v), *(f"{c}′" for c in labels("o", n_v)))

    def concat(r: Refs, i: int, j: int) -> str:
        """Head 1's output entry, then head 2's."""
        return f"={r.cell('O', i, j)}" if j < n_v else f"={r.cell('O_2', i, j - n_v)}"
    d_model = mh.X.shape[1]
    return Sheet(
        "Output projection", "walkthrough/output-projection/", "W_O and the residual",
        "Both heads side by side, mapped back to three entries by W_O (illustrative input), then added to X.",
        (Grid("Concat", "Concat: head 1's O beside head 2's O_2 (′ marks head 2)", ex.tokens, cols, mh.concat,
              corner="token", name="Concat", cell=concat),
         steps.inputs("W_O", "W_O: input", ex.W_o_text, cols, labels("u", d_model), name="W_O", source="W_o_text"),
         steps.matmul("U", "U = Concat W_O", "Concat", "W_O", mh.output, ex.tokens, labels("u", d_model), name="U",
                      corner="token"),
         Grid("Residual", "Residual: X + U, the layer's attention output", ex.tokens, labels("r", d_model),
              mh.residual, corner="token", name="Residual", array=lambda r: f"={r.whole('X')}+{r.whole('U')}")),
    )


@workbook(RED_BALL_ROLLS)
def red_ball_rolls_book(ex: RedBallRolls) -> Book:
    """The whole red-ball-rolls walk-through, one sheet per page from the inputs to the residual."""
    head = ex.head
    X = steps.inputs("X", "X: input, one row per token", ex.X_text, ex.tokens, labels("x", ex.X.shape[1]),
                     name="X", source="X_text", corner="token")
    mask = ex.mask if ex.mask is not None else np.ones_like(head.scores)
    sheets = (
        Sheet("Worked example", "walkthrough/worked-example/", "The worked example",
              "Three tokens, one input row each. Coloured cells are inputs: change one and every other cell follows.",
              (X,)),
        Sheet("Projections", "walkthrough/projections/", "Projections",
              "Each token's query, key and value: its input row times W_q, W_k and W_v.",
              (*head_inputs(ex, ""), *projections(ex, 1))),
        Sheet("Scores", "walkthrough/scores/", "Scores",
              "One dot product per pair: the query of the row's token with the key of the column's token.",
              scores(ex, 1)),
        Sheet("Causal mask", "walkthrough/causal-mask/", "The causal mask",
              "A query may use keys up to its own position; later keys get −∞.",
              (steps.allowed("allowed", "the mask from positions: key position ≤ query position", mask, ex.tokens),
               steps.masked("M", "M: S where the mask allows, else −∞", "S", "allowed", head.masked, ex.tokens,
                            name="M"))),
        Sheet("Softmax", "walkthrough/softmax/", "Softmax", "Each row of M becomes weights that sum to 1.",
              softmax(ex, 1)),
        Sheet("Weighted sum", "walkthrough/weighted-sum/", "The weighted sum",
              "Each output row mixes the value rows with that row's weights.",
              (*weighted_sum(ex, 1), hard_choice(ex))),
        head2_sheet(ex),
        output_sheet(ex),
    )
    return Book(ex.name, ex.title, sheets)
