"""The lesson's example, its number styles and the `query=` option its tables share.

Numbers follow the seed's habits: inputs and scores as authored (`2`, `(10, 0)`), e^s and the output to
2 places, weights to 3. Tables and grids that take `query=a,b` (or `query=bus`, that token's row of Q)
recompute the same steps for another query by calling the core's `scaled_dot_product_attention` and
`softmax_steps`, so exercises can ask "what if?" and name the token whose query they borrow.
"""

from __future__ import annotations

import numpy as np

from attention_core import AttentionResult, SoftmaxSteps, scaled_dot_product_attention, softmax_steps
from attention_core.examples.bus_is_late import BUS_IS_LATE as EX

from ...errors import DirectiveError
from ...formatting import NumberStyle, format_vector, reader_minus
from ...options import Option, choice, integers
from ...shown import Authored
from ..common import style_of

NAME = EX.name
TOKENS = EX.tokens
AS_GIVEN = NumberStyle(exact=True, digits=3)  # inputs: whole numbers stay whole (2, not 2.000)
POWERS = NumberStyle(exact=False, digits=2)  # e^s and its total, as the seed shows them (7.39, 11.11)
WEIGHTS = style_of(EX)  # three decimals (0.665)
OUTPUT = NumberStyle(exact=False, digits=2)  # weight times value and the output (7.88, 2.12)
D_K = int(EX.K.shape[1])
NUMBERS = integers("query", "another query", -9, 9, None, most=D_K)
QUERY = Option(
    "query", f"another query: {D_K} whole numbers (query=0,1) or a token whose row of Q to use (query=bus); "
    "the default is the lesson's query of late",
    lambda text: text if text in TOKENS else NUMBERS.parse(text), None,
    f"a token ({', '.join(TOKENS)}) or {NUMBERS.accepted}",
)
Query = tuple[int, ...] | str | None
NOTE = choice("note", "show the note on rounded parts under the table (hidden suits a table with blanks)",
              ("shown", "hidden"), "shown")


def attention_for(query: Query) -> tuple[str, tuple[str, ...], AttentionResult, SoftmaxSteps]:
    """Label, query as text, the core's result and its softmax steps, for late's query or another one."""
    if query is None:  # the example checks that late's query is its row of Q (BusIsLate.impossible)
        return EX.focus, EX.query_text, EX.late, EX.steps
    if isinstance(query, str):
        i = TOKENS.index(query)
        result = scaled_dot_product_attention(EX.Q[i : i + 1], EX.K, EX.V, scale=EX.scale)
        return query, EX.queries_text[i], result, softmax_steps(result.scaled[0])
    if len(query) != D_K:
        raise DirectiveError(f"query={','.join(map(str, query))} has {len(query)} number(s); the keys have "
                             f"d_k={D_K}, so give {D_K}, such as query=0,1")
    result = scaled_dot_product_attention(np.array([query], dtype=np.float64), EX.K, EX.V, scale=EX.scale)
    label = f"query {reader_minus(format_vector(list(query), AS_GIVEN))}"  # a header signs as a cell does
    return label, tuple(map(str, query)), result, softmax_steps(result.scaled[0])


def score_style(scores: np.ndarray) -> NumberStyle:
    """Whole-number scores as whole numbers (a student types `2`, not `2.000`); others like the weights."""
    return NumberStyle(exact=False, digits=0) if np.all(np.mod(scores, 1) == 0) else WEIGHTS


def authored_vector(entries: tuple[str, ...]) -> Authored:
    """A row of inputs shown as written: `(2, 1)`."""
    return Authored("(" + ", ".join(entries) + ")")
