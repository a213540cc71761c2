"""The lesson's calculation run by a machine: the live calculator, and the two programs in `docs/programs/`.

The two `*-printout` blocks show what the lesson's programs print; a test runs them.
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.bus_is_late import BUS_IS_LATE as EX

from ...formatting import decimal, format_number, format_vector
from ...listings import listing
from ...registry import block
from ...shown import Html, MarkdownBlock
from ..common import calculator_html, checked_weights, labels, plain, plain_rows
from .lesson import AS_GIVEN, NAME, OUTPUT, POWERS, TOKENS, WEIGHTS, score_style


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
    lines.append(f"{'total':<5}  {'':>5}  {decimal(EX.total, POWERS.digits):>5}  "
                 f"{decimal(EX.weight_total, WEIGHTS.digits)}")
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
        *matrix_lines("scores S = scale Q K^T", result.scaled, score_style(result.scaled).digits, TOKENS), "",
        *matrix_lines("weights A (one row per query)", checked_weights(result.weights), WEIGHTS.digits, TOKENS), "",
        *matrix_lines("output O = A V", result.output, OUTPUT.digits, labels("o", result.d_v)),
    ])


@block(NAME, "one-token-program", "docs/programs/lesson_one_token.py, its tokens, keys, values, query and scale "
       "checked.")
def one_token_program() -> MarkdownBlock:
    return listing("lesson_one_token.py",
                   {"tokens": TOKENS, "keys": EX.K, "values": EX.V, "query": EX.query, "scale": EX.scale})


@block(NAME, "all-tokens-program", "docs/programs/lesson_all_tokens.py, its tokens, queries, keys, values and scale "
       "checked.")
def all_tokens_program() -> MarkdownBlock:
    return listing("lesson_all_tokens.py",
                   {"tokens": TOKENS, "queries": EX.Q, "keys": EX.K, "values": EX.V, "scale": EX.scale})
