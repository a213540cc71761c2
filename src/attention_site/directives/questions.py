"""Claims that answer a question about the numbers: which label is largest, which sign, what shape, in words.

Each question serves both `attn:word` (`pick=largest` computes the word) and `attn:check` (`largest=bus`
asserts it): `QUESTIONS` holds them, `check_answer` compares a stated answer with the computed one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction

from .errors import DirectiveError
from .labels import UnknownLabel
from .subjects import Context, Subject, equal, joined, names_in, need_several, stale, value_of

SIMPLE_DENOMINATOR = 12  # "a simple fraction": whole, or a denominator of at most 12
SIGNS = ("negative", "zero", "positive")
SMALL_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
               "twelve")
PARTS = {2: ("half", "halves"), 3: ("third", "thirds"), 4: ("quarter", "quarters"), 5: ("fifth", "fifths"),
         6: ("sixth", "sixths"), 8: ("eighth", "eighths"), 10: ("tenth", "tenths")}


def extreme(subject: Subject, question: str) -> list[str]:
    """The labels of the largest or smallest entry (`question`): one label, or several when they tie."""
    need_several(subject, question)
    best = max(subject.values) if question == "largest" else min(subject.values)
    return [label for label, x in zip(subject.labels, subject.values, strict=True) if equal(x, best)]


def largest(subject: Subject, question: str) -> list[str]:
    """The label of the largest entry of a row or column; several when they tie."""
    return extreme(subject, "largest")


def smallest(subject: Subject, question: str) -> list[str]:
    """The label of the smallest entry of a row or column; several when they tie."""
    return extreme(subject, "smallest")


def tied(subject: Subject, question: str) -> list[str]:
    """The labels that share the largest entry; none when one entry is largest alone."""
    winners = extreme(subject, "largest")
    return winners if len(winners) > 1 else []


def nonzero(subject: Subject, question: str) -> list[str]:
    """The labels whose entries are not zero."""
    need_several(subject, question)
    return [label for label, x in zip(subject.labels, subject.values, strict=True) if not equal(x, 0.0)]


def sign(subject: Subject, question: str) -> str:
    """Whether one number is negative, zero or positive."""
    if len(subject.values) != 1:
        raise DirectiveError(f"'{question}' is about one number; pick a cell with row= and col=")
    x = subject.values[0]
    return "zero" if equal(x, 0.0) else "negative" if x < 0 else "positive"


def shape(subject: Subject, question: str) -> str:
    """The entry's size as rows × columns: `4 × 3`."""
    return f"{subject.shape[0]} × {subject.shape[1]}"


def rows(subject: Subject, question: str) -> str:
    """How many rows the whole entry has (a width such as d_model, when rows are input dimensions)."""
    return str(subject.shape[0])


def cols(subject: Subject, question: str) -> str:
    """How many columns the whole entry has (d_k of a projection, d_v of a value matrix)."""
    return str(subject.shape[1])


def in_words(subject: Subject, question: str) -> str:
    """One simple fraction or small whole number in words: `one half`, `three quarters`, `two`."""
    if len(subject.values) != 1:
        raise DirectiveError(f"'{question}' spells one number; pick a cell with row= and col=")
    fraction = simple_fraction(subject.values[0])
    if fraction is None or fraction < 0 or fraction.numerator > 12 or (
            fraction.denominator != 1 and fraction.denominator not in PARTS):
        raise DirectiveError(f"{subject.about} is {subject.text[0]}, which has no short name in words")
    if fraction.denominator == 1:
        return SMALL_WORDS[fraction.numerator]
    one, many = PARTS[fraction.denominator]
    return f"{SMALL_WORDS[fraction.numerator]} {one if fraction.numerator == 1 else many}"


def simple_fraction(x: float) -> Fraction | None:
    """`x` as a fraction with a denominator of at most 12, or None."""
    if not math.isfinite(x):
        return None
    fraction = Fraction(x).limit_denominator(SIMPLE_DENOMINATOR)
    return fraction if equal(float(fraction), x) else None


def label(subject: Subject, question: str) -> str:
    """The label of the row, or else the column, picked: `rolls` for row=@last."""
    if subject.picked in ("row", "col"):
        return (subject.row_labels if subject.picked == "row" else subject.col_labels)[0]
    raise DirectiveError(f"'{question}' names the label of one row or column; pick one with row= or col=")


def line_labels(subject: Subject, question: str) -> list[str]:
    """The labels along the entry, in order: its columns when a row is picked, else its rows."""
    if subject.picked == "cell" or not subject.row_labels:
        raise DirectiveError(f"'{question}' lists the labels along a row or column; pick at most one of row=, col=")
    return list(subject.col_labels if subject.picked == "row" else subject.row_labels)


def sequence(subject: Subject, question: str) -> str:
    """The labels along the entry in order, as a sentence reads them: `dog bites man`."""
    return " ".join(line_labels(subject, question))


def check_labels(subject: Subject, said: object, context: Context) -> None:
    """Claim `labels=bus,is,late`: the labels along the entry are these, in this order; a label the entry lacks
    (a renamed token) is named, so the build follows it to every line of the page that writes it."""
    actual, stated = line_labels(subject, "labels"), list(said)  # type: ignore[call-overload]
    spoken = [word if word in actual else word.replace("-", " ") for word in stated]
    if spoken != actual:
        lacking = [word for word, label in zip(stated, spoken, strict=True) if label not in actual]
        error = stale(subject, f"the labels are {joined(spoken)}", f"they are {joined(actual)}")
        raise UnknownLabel(error.message, lacking[0]) if lacking else error


QUESTIONS: dict[str, Callable[[Subject, str], str | list[str]]] = {
    "largest": largest,
    "smallest": smallest,
    "tied": tied,
    "nonzero": nonzero,
    "sign": sign,
    "shape": shape,
    "rows": rows,
    "cols": cols,
    "words": in_words,
    "label": label,
    "labels": line_labels,
    "sequence": sequence,
}


def check_answer(subject: Subject, value: object, context: Context, key: str = "") -> None:
    """Compare a claimed answer (`largest=bus`, `sign=negative`, `shape=4x3`) with what the question gives."""
    actual = QUESTIONS[key](subject, key)
    if isinstance(actual, list):
        said_labels = [label for label in names_in(value) if label != "none"]
        for label in said_labels:
            value_of(subject, label)
        if sorted(said_labels) != sorted(actual):
            raise stale(subject, f"the {WHAT[key]} is {joined(said_labels) if said_labels else 'none'}",
                        f"it is {joined(actual) if actual else 'none'}")
    elif actual != normal(key, str(value)):  # sign, shape, rows, cols, words
        raise stale(subject, f"the {WHAT[key]} is {normal(key, str(value))}", f"it is {actual}")


def normal(key: str, said: str) -> str:
    """A claimed value written as the question answers it: `4x3` as `4 × 3`, `one-half` as `one half`."""
    return said.replace("x", " × ") if key == "shape" else said.replace("-", " ") if key == "words" else said


WHAT = {"largest": "largest entry", "smallest": "smallest entry", "tied": "tie for the largest entry",
        "nonzero": "set of non-zero entries", "sign": "sign", "shape": "shape", "rows": "number of rows",
        "cols": "number of columns", "words": "value in words", "label": "label picked",
        "labels": "labels", "sequence": "sequence of labels"}
RE_SHAPE = re.compile(r"[1-9][0-9]{0,5}x[1-9][0-9]{0,5}\Z")


def shape_option(text: str) -> str:
    """Read a claimed shape such as `4x3`."""
    if not RE_SHAPE.match(text):
        raise DirectiveError(f"option shape={text[:40]} is not a shape; accepted: ROWSxCOLUMNS such as 4x3")
    return text
