"""Words that depend on an example's inputs: computed (`attn:word`) or asserted beside the prose (`attn:check`).

A sentence such as "bus scores highest" is a number too. Either the word is computed,

    The largest score belongs to <!-- attn:word bus-is-late scores row=late pick=largest -->.

or the prose stays as written and a check beside it fails the build when the numbers stop agreeing:

    Bus scores highest.<!-- attn:check bus-is-late scores row=late largest=bus -->

    docs/lesson/index.md:42: the page says the largest entry of 'bus-is-late scores' (row late) is bus;
    with these inputs it is late (bus 0, is 0, late 1)

Both work on a grid entry (a row, a column or one cell picked with `row=`/`col=`) or on a single number.
One vocabulary serves both kinds; each question below is a `pick=` of attn:word and a key of attn:check.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .errors import DirectiveError, did_you_mean
from .formatting import format_number
from .options import Option, choice, integer, words
from .render import select
from .shown import Grid, Scalar, Shown

TOLERANCE = 1e-9  # two entries closer than this (relative to their size) are equal: a tie
SIMPLE_DENOMINATOR = 12  # "a simple fraction": whole, or a denominator of at most 12
LISTED = 9  # entries quoted in a message, at most
SIGNS = ("negative", "zero", "positive")
SMALL_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
               "twelve")
PARTS = {2: ("half", "halves"), 3: ("third", "thirds"), 4: ("quarter", "quarters"), 5: ("fifth", "fifths"),
         6: ("sixth", "sixths"), 8: ("eighth", "eighths"), 10: ("tenth", "tenths")}


@dataclass(frozen=True)
class Subject:
    """What a claim is about: labelled numbers picked from one entry, and how to name them in a message."""

    about: str
    labels: tuple[str, ...]
    values: tuple[float, ...]
    shape: tuple[int, int]
    text: tuple[str, ...]

    def listing(self) -> str:
        """The numbers as a reader sees them: `bus 0, is 0, late 1`."""
        if len(self.values) == 1:
            return self.text[0]
        pairs = [f"{label} {text}" for label, text in zip(self.labels, self.text, strict=True)]
        return ", ".join(pairs[:LISTED]) + (f", … {len(pairs) - LISTED} more" if len(pairs) > LISTED else "")


def subject_of(shown: Shown, about: str, row: str | None, col: str | None) -> Subject:
    """The numbers a claim speaks of: a single number, or the row, column or cell picked from a grid."""
    if isinstance(shown, Scalar):
        return Subject(about, (), (float(shown.value),), (1, 1), (format_number(shown.value, shown.style),))
    if not isinstance(shown, Grid):
        raise DirectiveError(f"'{about}' is not a number or a matrix; words and checks need one")
    grid = select(shown, row, col)
    where = " (" + ", ".join(f"{k} {v}" for k, v in (("row", row), ("col", col)) if v) + ")" if row or col else ""
    n_rows, n_cols = len(grid.row_labels), len(grid.col_labels)
    labels = grid.col_labels if n_rows == 1 else grid.row_labels if n_cols == 1 else tuple(
        f"{r}/{c}" for r in grid.row_labels for c in grid.col_labels)
    values = tuple(float(x) for line in grid.values for x in line)
    text = tuple(shown_text(x, grid) for x in values)
    return Subject(f"'{about}'{where}", labels, values, (len(shown.row_labels), len(shown.col_labels)), text)


def shown_text(x: float, grid: Grid) -> str:
    """One number of a grid as the page shows it, minus infinity included."""
    return "−∞" if x == -math.inf else format_number(x, grid.style)


def equal(a: float, b: float) -> bool:
    """Tell whether two computed entries are the same number (exact examples come out within rounding)."""
    return a == b or abs(a - b) <= TOLERANCE * max(1.0, abs(a), abs(b))


def joined(labels: list[str] | tuple[str, ...]) -> str:
    """Labels as prose: `rolls`, `red and rolls`, `red, ball and rolls`."""
    labels = list(labels)
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def need_several(subject: Subject, question: str) -> None:
    """Refuse a question about labels when the subject is a single number or a whole matrix."""
    if len(subject.values) < 2 or "/" in subject.labels[0]:
        raise DirectiveError(f"'{question}' compares the entries of one row or column; pick one with row= or col=")


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
}


def render_word(shown: Shown, about: str, pick: str, row: str | None = None, col: str | None = None) -> str:
    """The word a question gives for these numbers (`late`, `red and rolls`, `negative`, `4 × 3`)."""
    subject = subject_of(shown, about, row, col)
    answer = QUESTIONS[pick](subject, pick)
    if isinstance(answer, str):
        return answer
    if pick in ("largest", "smallest") and len(answer) > 1:
        raise DirectiveError(f"the {pick} entry of {subject.about} is not unique: {joined(answer)} tie "
                             f"({subject.listing()}); write the sentence with pick=tied, or change the inputs")
    return joined(answer) if answer else "none"


def render_check(shown: Shown, about: str, row: str | None = None, col: str | None = None,
                 **claims: object) -> str:
    """Nothing, when every claim holds for these numbers; otherwise a DirectiveError quoting both sides."""
    subject = subject_of(shown, about, row, col)
    stated = {key: value for key, value in claims.items() if value not in (None, ())}
    if not stated:
        raise DirectiveError("attn:check needs a claim: one or more of " + ", ".join(f"{k}=" for k in CHECK_KEYS))
    for key, value in stated.items():
        check_one(subject, key, value)
    return ""


def check_one(subject: Subject, key: str, value: object) -> None:
    """Compare one stated claim with what the numbers give."""
    if key in RELATIONS:
        RELATIONS[key](subject, value)
        return
    actual = QUESTIONS[key](subject, key)
    if isinstance(actual, list):
        said_labels = [label for label in value if label != "none"]  # type: ignore[union-attr]
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


def check_order(subject: Subject, labels: object) -> None:
    """Claim `greater=a,b,c`: the entry of a is larger than b's, which is larger than c's."""
    labels = tuple(labels)  # type: ignore[call-overload]
    for a, b in itertools.pairwise(labels):
        x, y = value_of(subject, a), value_of(subject, b)
        if x < y or equal(x, y):
            raise stale(subject, f"{a} is larger than {b}", f"{a} is {fmt(subject, a)} and {b} is {fmt(subject, b)}")


def check_equal(subject: Subject, labels: object) -> None:
    """Claim `equal=a,b` (or `equal=all`): those entries are the same number."""
    labels = subject.labels if tuple(labels) == ("all",) else tuple(labels)  # type: ignore[call-overload]
    values = [value_of(subject, label) for label in labels]
    if not all(equal(values[0], x) for x in values[1:]):
        raise stale(subject, f"{joined(labels)} are equal", "they differ")


def check_fractions(subject: Subject, _: object = None) -> None:
    """Claim `fractions=simple`: every entry is a whole number or a fraction with a denominator of at most 12."""
    odd = [text for x, text in zip(subject.values, subject.text, strict=True)
           if x != -math.inf and simple_fraction(x) is None]
    if odd:
        raise stale(subject, "every entry is a simple fraction", f"{odd[0]} is not")


def check_zero(subject: Subject, said: object) -> None:
    """Claim `zero=all` (every entry is 0: the two things subtracted are the same) or `zero=not-all` (they differ)."""
    nonzero = [text for x, text in zip(subject.values, subject.text, strict=True) if not equal(x, 0.0)]
    if said == "all" and nonzero:
        raise stale(subject, "every entry is 0", f"{nonzero[0]} is not")
    if said == "not-all" and not nonzero:
        raise stale(subject, "some entry is not 0", "every entry is 0")


def value_of(subject: Subject, label: str) -> float:
    """The entry of one label, or an error naming the labels there are."""
    if label not in subject.labels:
        raise DirectiveError(f"'{label}' is not a label of {subject.about}; {did_you_mean(label, subject.labels)}")
    return subject.values[subject.labels.index(label)]


def fmt(subject: Subject, label: str) -> str:
    """The shown text of one label's entry."""
    return subject.text[subject.labels.index(label)]


def stale(subject: Subject, said: str, actual: str) -> DirectiveError:
    """The error of a sentence the numbers no longer support."""
    return DirectiveError(f"the page says that in {subject.about} {said}; with these inputs {actual} "
                          f"({subject.listing()})")


RELATIONS: dict[str, Callable[[Subject, object], None]] = {
    "greater": check_order,
    "equal": check_equal,
    "fractions": check_fractions,
    "zero": check_zero,
}
WHAT = {"largest": "largest entry", "smallest": "smallest entry", "tied": "tie for the largest entry",
        "nonzero": "set of non-zero entries", "sign": "sign", "shape": "shape", "rows": "number of rows",
        "cols": "number of columns", "words": "value in words"}
RE_SHAPE = re.compile(r"[1-9][0-9]{0,5}x[1-9][0-9]{0,5}\Z")


def shape_option(text: str) -> str:
    """Read a claimed shape such as `4x3`."""
    if not RE_SHAPE.match(text):
        raise DirectiveError(f"option shape={text[:40]} is not a shape; accepted: ROWSxCOLUMNS such as 4x3")
    return text


ROW = Option("row", "the label of the row to speak of (a token such as rolls)", str)
COLUMN = Option("col", "the label of the column to speak of", str)
WORD_OPTIONS = (choice("pick", "what to say of the numbers", tuple(QUESTIONS)), ROW, COLUMN)
CHECK_OPTIONS = (
    ROW, COLUMN,
    words("largest", "the label(s) of the largest entry; several means they tie"),
    words("smallest", "the label(s) of the smallest entry"),
    words("tied", "the labels that share the largest entry (none: one entry is largest alone)"),
    words("nonzero", "exactly the labels whose entries are not zero (none: all are zero)"),
    choice("sign", "the sign of one number", SIGNS),
    Option("shape", "the entry's rows x columns, such as 4x3", shape_option, accepted="ROWSxCOLUMNS such as 4x3"),
    integer("rows", "how many rows the entry has", 1, 100_000),
    integer("cols", "how many columns the entry has", 1, 100_000),
    Option("words", "one number in words, with '-' for spaces: one-half", str),
    words("greater", "labels in decreasing order of their entries: ball,red"),
    words("equal", "labels whose entries are equal, or all"),
    choice("fractions", "every entry is a whole number or a fraction with a denominator of at most 12",
           ("simple",)),
    choice("zero", "all: every entry is 0 (the two things subtracted are the same); not-all: some entry is not",
           ("all", "not-all")),
)
CHECK_KEYS = tuple(option.key for option in CHECK_OPTIONS[2:])
