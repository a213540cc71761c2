"""The lesson's "the bus is late": the query of late scored, softmaxed and mixed; then all three tokens.

Numbers follow the seed's habits: inputs and scores as authored (`2`, `(10, 0)`), e^s and the output to
2 places, weights to 3. Tables and grids that take `query=a,b` (or `query=bus`, that token's row of Q)
recompute the same steps for another query by calling the core's `scaled_dot_product_attention` and
`softmax_steps`, so exercises can ask "what if?" and name the token whose query they borrow.
The two `*-printout` blocks show what the lesson's programs in `docs/programs/` print; a test runs them.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import numpy as np

from attention_core import AttentionResult, SoftmaxSteps, scaled_dot_product_attention, softmax_steps
from attention_core.examples.bus_is_late import BUS_IS_LATE as EX

from ...answers import OneQuerySlacks, one_query_slacks
from ...class_plan import PARTS, plan_table, questions_table, speaker_notes
from ..errors import DirectiveError
from ..formatting import NumberStyle, decimal, format_number, format_vector, rounded_sum_note
from ..listings import listing
from ..options import Option, choice, integers
from ..registry import block, figure, grid, scalar, table
from ..shown import Authored, Column, Figure, Grid, Html, MarkdownBlock, Number, Scalar, Table, Vector
from ..subjects import joined
from .common import (
    as_rows,
    calculator_html,
    checked_weights,
    labels,
    make_grid,
    plain,
    plain_rows,
    style_of,
    weights_figure,
)

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
    label = f"query {format_vector(list(query), AS_GIVEN)}"
    return label, tuple(map(str, query)), result, softmax_steps(result.scaled[0])


def score_style(scores: np.ndarray) -> NumberStyle:
    """Whole-number scores as whole numbers (a student types `2`, not `2.000`); others like the weights."""
    return NumberStyle(exact=False, digits=0) if np.all(np.mod(scores, 1) == 0) else WEIGHTS


def authored_vector(entries: tuple[str, ...]) -> Authored:
    """A row of inputs shown as written: `(2, 1)`."""
    return Authored("(" + ", ".join(entries) + ")")


def input_grid(array: np.ndarray, authored: tuple[tuple[str, ...], ...], prefix: str) -> Grid:
    """One input row per token, shown as authored."""
    return make_grid(array, TOKENS, labels(prefix, array.shape[1]), AS_GIVEN, "token", authored=authored)


@grid(NAME, "keys", "The key of each token (3x2), as authored.")
def keys() -> Grid:
    return input_grid(EX.K, EX.keys_text, "k")


@grid(NAME, "values", "The value of each token (3x2), as authored.")
def values() -> Grid:
    return input_grid(EX.V, EX.values_text, "v")


@grid(NAME, "queries", "The query of each token (3x2), as authored; late's is the lesson's query.")
def queries() -> Grid:
    return input_grid(EX.Q, EX.queries_text, "q")


@table(NAME, "inputs", "Each token's key and value, as authored.")
def inputs() -> Table:
    rows = tuple((token, authored_vector(EX.keys_text[j]), authored_vector(EX.values_text[j]))
                 for j, token in enumerate(TOKENS))
    return Table((Column("token", "token", False), Column("key", "key k"), Column("value", "value v")), rows)


@grid(NAME, "query", "The query being scored: late's (1, 0), or the one given with query=a,b.", (QUERY,))
def query_row(query: Query) -> Grid:
    label, text, result, _ = attention_for(query)
    return make_grid(result.Q, (label,), labels("q", D_K), AS_GIVEN, "query", authored=(text,))


@grid(NAME, "scores", "The scores of the query against the keys of bus, is and late.", (QUERY,))
def scores(query: Query) -> Grid:
    label, _, result, _ = attention_for(query)
    return make_grid(result.scaled, (label,), TOKENS, score_style(result.scaled), "query \\ key")


@grid(NAME, "exponentials", "e to each score, 2 places (7.39, 1.00, 2.72 for late).", (QUERY,))
def exponentials(query: Query) -> Grid:
    label, _, _, steps = attention_for(query)
    return make_grid(steps.exponentials, (label,), TOKENS, POWERS, "query \\ key")


@grid(NAME, "weights", "The weights of the query over bus, is and late, 3 places.", (QUERY,))
def weights(query: Query) -> Grid:
    label, _, result, _ = attention_for(query)
    return make_grid(checked_weights(result.weights), (label,), TOKENS, WEIGHTS, "query \\ key")


@grid(NAME, "output", "The output of the query: the weighted mix of the values, 2 places.", (QUERY,))
def output(query: Query) -> Grid:
    label, _, result, _ = attention_for(query)
    return make_grid(result.output, (label,), labels("o", result.d_v), OUTPUT, "query")


def top_index(scores: np.ndarray) -> int:
    """The position of the one largest score; a tie has no single best match, so it stops the build."""
    best = np.flatnonzero(np.isclose(scores, scores.max(), rtol=1e-9, atol=1e-12))
    if best.size > 1:
        raise DirectiveError(f"{joined([TOKENS[j] for j in best])} share the largest score; there is no "
                             "single best match to pick")
    return int(best[0])


@grid(NAME, "hard-choice", "The value of the key that scores highest: what picking only the best match gives.",
      (QUERY,))
def hard_choice(query: Query) -> Grid:
    _, _, result, _ = attention_for(query)
    j = top_index(result.scaled[0])
    return make_grid(EX.V[j : j + 1], (TOKENS[j],), labels("v", EX.V.shape[1]), AS_GIVEN, "top key",
                     authored=(EX.values_text[j],))


@scalar(NAME, "top-score", "The largest score of the query (2 for late), as the scores show it.", (QUERY,))
def top_score(query: Query) -> Scalar:
    _, _, result, _ = attention_for(query)
    scores = result.scaled[0]
    return Scalar(float(scores[top_index(scores)]), score_style(scores))


@scalar(NAME, "top-weight", "The weight of the key that scores highest (0.665 for late), 3 places.", (QUERY,))
def top_weight(query: Query) -> Scalar:
    _, _, result, _ = attention_for(query)
    return Scalar(float(checked_weights(result.weights)[0, top_index(result.scaled[0])]), WEIGHTS)


@grid(NAME, "total", "The total of e^s for late's scores (11.11), 2 places.")
def total() -> Grid:
    return make_grid(np.array([[EX.total]]), (EX.focus,), ("total",), POWERS, "query")


@grid(NAME, "contributions", "Weight times value for each token of late's mix (3x2), 2 places.")
def contributions() -> Grid:
    return make_grid(EX.contributions, TOKENS, labels("c", EX.V.shape[1]), OUTPUT, "token")


@table(NAME, "scoring", "Scoring the query against each key, with the products written out.", (QUERY,))
def scoring(query: Query) -> Table:
    label, text, result, _ = attention_for(query)
    style = score_style(result.scaled)
    asker = f"query of {label}" if isinstance(query, str) else label  # "query of is · key", not "is · key"
    rows = tuple(
        (token, authored_vector(EX.keys_text[j]), written_out(text, EX.keys_text[j]),
         Number(float(result.scaled[0, j]), style))
        for j, token in enumerate(TOKENS)
    )
    columns = (Column("token", "token", False), Column("key", "key"),
               Column("products", f"{asker} · key", False), Column("score", "score"))
    return Table(columns, rows)


def written_out(query: tuple[str, ...], key: tuple[str, ...]) -> str:
    """A dot product as a student writes it, `1 × 2 + 0 × 1`, breaking lines only at the plus signs."""
    return " + ".join(f"{q}\N{NO-BREAK SPACE}×\N{NO-BREAK SPACE}{k}" for q, k in zip(query, key, strict=True))


@table(NAME, "softmax", "Softmax by hand: score, e^s (2 places), weight = e^s / total (3 places), a Total row.",
       (QUERY,))
def softmax_table(query: Query) -> Table:
    _, _, result, steps = attention_for(query)
    A = checked_weights(result.weights)[0]
    slack = slacks(steps.exponentials)
    rows = tuple(
        (token, Number(float(steps.scores[j]), score_style(steps.scores)),
         Number(float(steps.exponentials[j]), POWERS), Number(float(A[j]), WEIGHTS, slack=float(slack.weights[j])))
        for j, token in enumerate(TOKENS)
    )
    total_row = ("Total", "", Number(float(steps.totals), POWERS, slack=slack.total),
                 Number(float(A.sum()), WEIGHTS, slack=slack.weights_total))
    notes = (rounded_sum_note(list(steps.exponentials), float(steps.totals), POWERS.digits),
             rounded_sum_note(list(A), float(A.sum()), WEIGHTS.digits))
    columns = (Column("token", "token", False), Column("score", "score s"), Column("exponential", "eˢ"),
               Column("weight", "weight = eˢ ÷ total"))
    return Table(columns, (*rows, total_row), " ".join(note for note in notes if note) or None)


@table(NAME, "mixing", "Mixing the values: weight, value and weight times value per token, then late's output.",
       (NOTE,))
def mixing(note: str) -> Table:
    A = checked_weights(EX.weights)[0]
    slack = slacks(EX.exponentials)
    rows = tuple(
        (token, Number(float(A[j]), WEIGHTS), authored_vector(EX.values_text[j]),
         Vector(as_rows(EX.contributions[j])[0], OUTPUT, tuple(map(float, slack.products[j]))))
        for j, token in enumerate(TOKENS)
    )
    output_row = ("Output", "", "", Vector(as_rows(EX.output)[0], OUTPUT, tuple(map(float, slack.output))))
    columns = (Column("token", "token", False), Column("weight", "weight"), Column("value", "value"),
               Column("product", "weight × value"))
    return Table(columns, (*rows, output_row), output_note(EX.contributions, EX.output) if note == "shown" else None)


def slacks(exponentials: np.ndarray) -> OneQuerySlacks:
    """How far each answer of steps 2 and 3 may move when worked from the numbers the lesson shows."""
    return one_query_slacks(exponentials, EX.V, (POWERS.digits, WEIGHTS.digits, OUTPUT.digits))


def output_note(parts: np.ndarray, totals: np.ndarray) -> str | None:
    """The rounding note for each entry of the output whose rounded parts do not add up to it."""
    notes = [rounded_sum_note(list(parts[:, k]), float(totals[k]), OUTPUT.digits) for k in range(parts.shape[1])]
    return " ".join(note for note in notes if note) or None


@grid(NAME, "all-scores", "All three queries against all three keys: S = Q K^T (3x3), no scaling.")
def all_scores() -> Grid:
    return make_grid(EX.all_tokens.scaled, TOKENS, TOKENS, score_style(EX.all_tokens.scaled), "query \\ key")


@grid(NAME, "all-weights", "The weight matrix A = softmax(S), one row per query (3x3), 3 places.")
def all_weights() -> Grid:
    return make_grid(checked_weights(EX.all_tokens.weights), TOKENS, TOKENS, WEIGHTS, "query \\ key")


@grid(NAME, "all-output", "The outputs O = A V, one new vector per token (3x2), 2 places.")
def all_output() -> Grid:
    return make_grid(EX.all_tokens.output, TOKENS, labels("o", EX.all_tokens.d_v), OUTPUT, "token")


@figure(NAME, "weights-heatmap", "The all-tokens weight matrix A as a heat map, 3 places in each cell.")
def weights_heatmap() -> Figure:
    return weights_figure(
        EX.all_tokens.weights, TOKENS, WEIGHTS, title="Attention weights A for the bus is late",
        caption="Each row is one token's query sharing out its attention; the more strongly coloured a cell, "
                "the more weight it gets.",
        id_prefix="bil-weights",
    )


@block(NAME, "calculator", "A live calculator for late's attention: the reader edits the query and sees the weights.")
def calculator() -> Html:
    spec = {
        "example": NAME, "tokens": list(TOKENS), "query_token": EX.focus, "query": plain_rows(EX.query),
        "keys": plain_rows(EX.K), "values": plain_rows(EX.V), "scale": plain(EX.scale),
        "digits": WEIGHTS.digits, "output_digits": OUTPUT.digits,
    }
    fallback = (
        f"This calculator needs JavaScript. Without it, the tables above show the query of {EX.focus}, "
        f"{format_vector(list(EX.query), AS_GIVEN)}, worked in full, and the exercises below try other queries."
    )
    return calculator_html(spec, fallback)


def printout(lines: list[str]) -> MarkdownBlock:
    """A program's printed lines as a fenced text block."""
    return MarkdownBlock("\n".join(['``` text title="What it prints"', *lines, "```"]))


@block(NAME, "one-token-printout", "What docs/programs/lesson_one_token.py prints, computed from the core.")
def one_token_printout() -> MarkdownBlock:
    A = checked_weights(EX.weights)[0]
    lines = ["token  score    e^s  weight"]
    for j, token in enumerate(TOKENS):
        lines.append(f"{token:<5}  {format_number(EX.scores[j], score_style(EX.scores)):>5}  "
                     f"{decimal(EX.exponentials[j], POWERS.digits):>5}  {decimal(A[j], WEIGHTS.digits)}")
    lines.append(f"{'total':<5}  {'':>5}  {decimal(EX.total, POWERS.digits):>5}  {decimal(A.sum(), WEIGHTS.digits)}")
    lines.append(f"output for {EX.focus}: {format_vector(list(EX.output), OUTPUT)}")
    return printout(lines)


def matrix_lines(title: str, array: np.ndarray, digits: int, columns: tuple[str, ...]) -> list[str]:
    """A matrix as the all-tokens program prints it: a title, a header of columns, one row per token."""
    lines = [title, " " * 6 + "".join(f"{c:>8}" for c in columns)]
    for token, row in zip(TOKENS, array, strict=True):
        lines.append(f"{token:<6}" + "".join(f"{decimal(x, digits):>8}" for x in row))
    return lines


@block(NAME, "all-tokens-printout", "What docs/programs/lesson_all_tokens.py prints, computed from the core.")
def all_tokens_printout() -> MarkdownBlock:
    result = EX.all_tokens
    return printout([
        *matrix_lines("scores S = Q K^T", result.scaled, score_style(result.scaled).digits, TOKENS), "",
        *matrix_lines("weights A (one row per query)", checked_weights(result.weights), WEIGHTS.digits, TOKENS), "",
        *matrix_lines("output O = A V", result.output, OUTPUT.digits, labels("o", result.d_v)),
    ])


@block(NAME, "one-token-program", "docs/programs/lesson_one_token.py, its tokens, keys, values and query checked.")
def one_token_program() -> MarkdownBlock:
    return listing("lesson_one_token.py", {"tokens": TOKENS, "keys": EX.K, "values": EX.V, "query": EX.query})


@block(NAME, "all-tokens-program", "docs/programs/lesson_all_tokens.py, its tokens, queries, keys and values checked.")
def all_tokens_program() -> MarkdownBlock:
    return listing("lesson_all_tokens.py", {"tokens": TOKENS, "queries": EX.Q, "keys": EX.K, "values": EX.V})


# For teachers: the calculator's table of powers, the misconception about symmetry, the answer key's working.


@grid(NAME, "powers-of-e", "e to each whole number from 0 to the largest score of the lesson's queries, 2 places: "
      "the table a class keeps beside its calculator.")
def powers_of_e() -> Grid:
    scores = np.concatenate([EX.scores, EX.all_tokens.scaled.ravel()])
    x = np.arange(min(0, int(np.floor(scores.min()))), int(np.ceil(scores.max())) + 1)
    return make_grid(np.exp(x)[None, :], ("eˣ",), tuple(str(k) for k in x), POWERS, "x")


@grid(NAME, "score-asymmetry", "S minus its transpose (3x3): zero in every cell only if the score matrix is symmetric.")
def score_asymmetry() -> Grid:
    S = EX.all_tokens.scaled
    return make_grid(S - S.T, TOKENS, TOKENS, score_style(S), "query \\ key")


def as_printed(x: float, digits: int) -> Decimal:
    """A number as the page prints it, for arithmetic done the way a student does it: on what is written."""
    return Decimal(decimal(x, digits))


def decimal_text(x: Decimal, places: int) -> str:
    """A decimal rounded half up, as taught at school (2.125 to 2.13), with `places` decimals."""
    return str(x.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


SUPERSCRIPT = str.maketrans("0123456789-.", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻·")


def power_of_e(score: float, style: NumberStyle) -> str:
    """e raised to a score as a student writes it: `e²`, `e⁰`, `e⁻¹`."""
    return "e" + format_number(score, style).replace("−", "-").translate(SUPERSCRIPT)


@table(NAME, "softmax-working", "Softmax with the working a student writes: each eˢ ÷ total, and the total as a sum.",
       (QUERY,))
def softmax_working(query: Query) -> Table:
    _, _, result, steps = attention_for(query)
    A, style = checked_weights(result.weights)[0], score_style(steps.scores)
    powers = [format_number(float(p), POWERS) for p in steps.exponentials]
    total = format_number(float(steps.totals), POWERS)
    rows = tuple(
        (token, Number(float(steps.scores[j]), style), f"{power_of_e(float(steps.scores[j]), style)} = {powers[j]}",
         f"{powers[j]} ÷ {total}", Number(float(A[j]), WEIGHTS))
        for j, token in enumerate(TOKENS)
    )
    total_row = ("Total", "", " + ".join(powers) + f" = {total}", "", Number(float(A.sum()), WEIGHTS))
    columns = (Column("token", "token", False), Column("score", "score s"), Column("exponential", "eˢ", False),
               Column("division", "eˢ ÷ total", False), Column("weight", "weight"))
    note = rounded_sum_note(list(steps.exponentials), float(steps.totals), POWERS.digits)
    return Table(columns, (*rows, total_row), note)


def printed_products() -> list[list[Decimal]]:
    """Each printed weight of late times each entry of its token's value, exactly: what a student multiplies."""
    A = checked_weights(EX.weights)[0]
    return [[as_printed(float(A[j]), WEIGHTS.digits) * as_printed(float(v), AS_GIVEN.digits) for v in EX.V[j]]
            for j in range(len(TOKENS))]


def decimals_vector(xs: list[Decimal]) -> str:
    """A row of exact decimals as a student writes them: `(6.65, 0)`, no trailing zeros."""
    return "(" + ", ".join(f"{x.normalize():f}" for x in xs) + ")"


@table(NAME, "mixing-as-printed", "Step 3 as a student does it: the weights as printed (3 places) times the "
       "values, exactly, added up, then rounded half up to 2 places.")
def mixing_as_printed() -> Table:
    A = checked_weights(EX.weights)[0]
    products = printed_products()
    rows = tuple(
        (token, f"{decimal(float(A[j]), WEIGHTS.digits)} × {authored_vector(EX.values_text[j]).text}",
         decimals_vector(products[j]))
        for j, token in enumerate(TOKENS)
    )
    sums = [sum((row[k] for row in products), Decimal(0)) for k in range(EX.V.shape[1])]
    rounded = "(" + ", ".join(decimal_text(x, OUTPUT.digits) for x in sums) + ")"
    total_row = ("Output", "sum of the three rows", f"{decimals_vector(sums)}, rounded {rounded}")
    columns = (Column("token", "token", False), Column("working", "weight as printed × value", False),
               Column("product", "product", False))
    return Table(columns, (*rows, total_row))


# The 45-minute class: one record (attention_site.class_plan) for the teacher's plan and the lesson's speaker notes.

PART = choice("part", "the part of the 45-minute class whose notes these are", tuple(PARTS))


def class_words() -> dict[str, str]:
    """The lesson's words that the class plan names: the token worked out, and the one it weighs most."""
    A = checked_weights(EX.weights)[0]
    return {"focus": EX.focus, "largest": TOKENS[int(np.argmax(A))]}


@block(NAME, "class-plan", "The 45-minute class on the lesson: minutes, the lesson's parts and what the class does.")
def class_plan() -> MarkdownBlock:
    return MarkdownBlock(plan_table(class_words()))


@block(NAME, "class-questions", "What to ask the room in each part of the 45-minute class, and what to listen for.")
def class_questions() -> MarkdownBlock:
    return MarkdownBlock(questions_table(class_words()))


@block(NAME, "speaker-notes", "One part's speaker notes for the class slides: its minutes, what the class does, "
       "what to ask; hidden until shown in slide mode.", (PART,), sample="part=step-1")
def class_speaker_notes(part: str) -> MarkdownBlock:
    return MarkdownBlock(speaker_notes(part, class_words()))
