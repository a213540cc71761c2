"""For teachers: the class's table of powers of e, the symmetry misconception, the answer key's working, and the
45-minute class plan with its questions and speaker notes."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import numpy as np

from attention_core.examples.bus_is_late import BUS_IS_LATE as EX

from ....class_plan import PARTS, plan_table, questions_table, speaker_notes
from ...formatting import NumberStyle, decimal, format_number, rounded_sum_note
from ...options import choice
from ...registry import block, grid, table
from ...shown import Column, Grid, MarkdownBlock, Number, Table
from ..common import checked_weights, make_grid
from .lesson import (
    AS_GIVEN,
    NAME,
    OUTPUT,
    POWERS,
    QUERY,
    TOKENS,
    WEIGHTS,
    Query,
    attention_for,
    authored_vector,
    score_style,
)

# For teachers: the calculator's table of powers, the misconception about symmetry, the answer key's working.


@grid(NAME, "powers-of-e", "e to each whole number from 0 to the largest score of the lesson's queries, 2 places: "
      "the table a class keeps beside its calculator.")
def powers_of_e() -> Grid:
    return make_grid(EX.powers_of_e[None, :], ("eˣ",), tuple(f"{x:g}" for x in EX.power_exponents), POWERS, "x")


@grid(NAME, "score-asymmetry", "S minus its transpose (3x3): zero in every cell only if the score matrix is symmetric.")
def score_asymmetry() -> Grid:
    return make_grid(EX.score_asymmetry, TOKENS, TOKENS, score_style(EX.all_tokens.scaled), "query \\ key")


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
    total_row = ("Total", "", " + ".join(powers) + f" = {total}", "", Number(float(steps.weight_totals), WEIGHTS))
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
