"""The lesson "the bus is late" as a workbook: late's query scored, softmaxed and mixed, then all tokens.

Places as on the lesson page: scores as whole numbers, e^s, their total, the products and the output to
2 places, weights to 3. The lesson does not scale scores; its scale (1) is an input cell all the same.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from attention_core.examples.bus_is_late import BUS_IS_LATE, BusIsLate

from ...answers import one_query_slacks
from .. import steps
from ..layout import ONE, Book, Grid, Refs, Sheet, labels
from ..names import workbook

LESSON = "lesson/"
POWERS, WEIGHTS, OUTPUT = 2, 3, 2


def score_digits(scores: np.ndarray) -> int | None:
    """Whole-number scores as whole numbers (General), others to the weights' places, as the lesson does."""
    return None if np.all(np.mod(scores, 1) == 0) else WEIGHTS


def inputs_sheet(ex: BusIsLate) -> Sheet:
    """Keys, values, the query of late and the scale, as authored."""
    d_k, d_v = len(ex.keys_text[0]), len(ex.values_text[0])
    return Sheet(
        "Inputs", LESSON + "#every-token-has-a-query-a-key-and-a-value", "The bus is late",
        "Each token's key and value, and the query of late, the token whose new vector we want.",
        (steps.inputs("K", "K: the key of each token (input)", ex.keys_text, ex.tokens, labels("k", d_k), name="K",
                      source="keys_text", corner="token"),
         steps.inputs("V", "V: the value of each token (input)", ex.values_text, ex.tokens, labels("v", d_v),
                      name="V", source="values_text", corner="token"),
         steps.inputs("q_late", f"the query of {ex.focus} (input)", (ex.query_text,), (ex.focus,), labels("q", d_k),
                      name="q_late", source="query_text", corner="query"),
         steps.inputs("scale", "scale: scores are multiplied by it (1: the lesson skips scaling)",
                      ((ex.scale_text,),), ("scale",), ONE, name="scale", source="scale_text")),
    )


def one_token_sheets(ex: BusIsLate) -> tuple[Sheet, ...]:
    """Steps 1-3 of the lesson for the query of late, each answer checked with the site's slack for working from the
    numbers shown (attention_site.answers)."""
    focus, d_v = (ex.focus,), ex.V.shape[1]
    slack = one_query_slacks(ex.exponentials, ex.V, (POWERS, WEIGHTS, OUTPUT))
    return (
        Sheet("Step 1 Scores", LESSON + "#step-1-score-the-query-of-late-against-each-key", "Step 1: scores",
              "Each score is the dot product of late's query with one key.",
              (steps.dot_products("s_late", f"the scores of {ex.focus}'s query against each key", "q_late", "K",
                                  "scale", ex.scores[None, :], focus, ex.tokens, name="s_late",
                                  digits=score_digits(ex.scores), operator="*"),)),
        Sheet("Step 2 Softmax", LESSON + "#step-2-from-scores-to-weights-with-softmax", "Step 2: softmax",
              "e to each score, their total, and each e^s divided by the total.",
              (steps.exponentials("exp_s", "e^s: e to each score", "s_late", ex.exponentials[None, :], focus,
                                  ex.tokens, digits=POWERS),
               replace(steps.row_totals("total", "the total of e^s", "exp_s", np.array([ex.total]), focus,
                                        digits=POWERS), slack=np.array([[slack.total]])),
               replace(steps.divided("a_late", "the weights: e^s ÷ total", "exp_s", "total", ex.weights[None, :],
                                     focus, ex.tokens, name="a_late", digits=WEIGHTS), slack=slack.weights[None, :]))),
        Sheet("Step 3 Mix", LESSON + "#step-3-mix-the-values", "Step 3: mix the values",
              "Each value times its weight; the sums of the columns are late's new vector.",
              (replace(steps.weighted_values("products", "weight × value for each token", "a_late", 0, "V",
                                             ex.contributions, ex.tokens, labels("v", d_v), digits=OUTPUT),
                       slack=slack.products),
               replace(steps.column_sums("o_late", f"the output of {ex.focus}: the sum of each column", "products",
                                         ex.output, ex.focus, labels("o", d_v), name="o_late", digits=OUTPUT),
                       slack=slack.output[None, :]))),
    )


def all_tokens_sheet(ex: BusIsLate) -> Sheet:
    """Every query at once: S = Q Kᵀ, A = softmax(S) row by row, O = A V."""
    result, d_k = ex.all_tokens, len(ex.queries_text[0])

    def weights(r: Refs, i: int, j: int) -> str:
        """e^s over the row's total of e^s, in one cell."""
        return f"=EXP({r.cell('S', i, j)})/SUMPRODUCT(EXP({r.row('S', i)}))"
    return Sheet(
        "All tokens", LESSON + "#all-three-tokens-at-once", "All three tokens at once",
        "Every token's query against every key, no mask: one matrix of scores, of weights and of outputs.",
        (steps.inputs("Q", "Q: the query of each token (input)", ex.queries_text, ex.tokens, labels("q", d_k),
                      name="Q", source="queries_text", corner="token"),
         steps.dot_products("S", "S = Q Kᵀ × scale", "Q", "K", "scale", result.scaled, ex.tokens, ex.tokens,
                            name="S", digits=score_digits(result.scaled), operator="*"),
         Grid("A", "A: softmax of each row of S", ex.tokens, ex.tokens, result.weights, corner="query \\ key",
              name="A", digits=WEIGHTS, cell=weights),
         steps.matmul("O", "O = A V", "A", "V", result.output, ex.tokens, labels("o", result.output.shape[1]),
                      name="O", digits=OUTPUT, corner="token")),
    )


@workbook(BUS_IS_LATE)
def bus_is_late_book(ex: BusIsLate) -> Book:
    """The lesson, one sheet per step."""
    return Book(ex.name, ex.title, (inputs_sheet(ex), *one_token_sheets(ex), all_tokens_sheet(ex)))
