"""What a claim speaks of: the labelled numbers picked from one entry, and how a stale claim is worded.

Every claim family (`questions.py`, `relations.py`, `measures.py`) reads its numbers through a `Subject` and
raises `stale(...)`, so that every failing claim reads the same way: place, what the page says, what the
numbers say.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .errors import DirectiveError, did_you_mean
from .formatting import format_number
from .labels import UnknownLabel
from .render import select
from .shown import Grid, Scalar, Shown

TOLERANCE = 1e-9  # two entries closer than this (relative to their size) are equal: a tie
LISTED = 9  # entries quoted in a message, at most


@dataclass(frozen=True)
class Subject:
    """What a claim is about: labelled numbers picked from one entry, and how to name them in a message."""

    about: str
    labels: tuple[str, ...]
    values: tuple[float, ...]
    shape: tuple[int, int]
    text: tuple[str, ...]
    row_labels: tuple[str, ...] = ()  # the rows and columns picked (all of them when none is)
    col_labels: tuple[str, ...] = ()
    picked: str = ""  # what row= and col= picked: "", "row", "col" or "cell"
    unit: float = 1e-3  # one unit of the last decimal the entry is shown with: the least it shows as not 0

    def listing(self) -> str:
        """The numbers as a reader sees them: `bus 0, is 0, late 1`."""
        if len(self.values) == 1:
            return self.text[0]
        pairs = [f"{label} {text}" for label, text in zip(self.labels, self.text, strict=True)]
        return ", ".join(pairs[:LISTED]) + (f", … {len(pairs) - LISTED} more" if len(pairs) > LISTED else "")


def subject_of(shown: Shown, about: str, row: str | None, col: str | None) -> Subject:
    """The numbers a claim speaks of: a single number, or the row, column or cell picked from a grid."""
    if isinstance(shown, Scalar):
        return Subject(about, (), (float(shown.value),), (1, 1), (format_number(shown.value, shown.style),),
                       unit=10.0 ** -shown.style.digits)
    if not isinstance(shown, Grid):
        raise DirectiveError(f"'{about}' is not a number or a matrix; words and checks need one")
    grid = select(shown, row, col)
    where = " (" + ", ".join(f"{k} {v}" for k, v in (("row", row), ("col", col)) if v) + ")" if row or col else ""
    n_rows, n_cols = len(grid.row_labels), len(grid.col_labels)
    labels = grid.col_labels if n_rows == 1 else grid.row_labels if n_cols == 1 else tuple(
        f"{r}/{c}" for r in grid.row_labels for c in grid.col_labels)
    values = tuple(float(x) for line in grid.values for x in line)
    text = tuple(shown_text(x, grid) for x in values)
    picked = "cell" if row and col else "row" if row else "col" if col else ""
    return Subject(f"'{about}'{where}", labels, values, (len(shown.row_labels), len(shown.col_labels)), text,
                   grid.row_labels, grid.col_labels, picked, 10.0 ** -grid.style.digits)


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


def index_of(subject: Subject, label: str) -> int:
    """Where one label's entry is (options hold no spaces: `Llama-2-7B` names `Llama 2 7B`), or an error naming the
    labels there are."""
    for name in (label, label.replace("-", " ")):
        if name in subject.labels:
            return subject.labels.index(name)
    raise UnknownLabel(f"'{label}' is not a label of {subject.about}; {did_you_mean(label, subject.labels)}", label)


def value_of(subject: Subject, label: str) -> float:
    """The entry of one label, or an error naming the labels there are."""
    return subject.values[index_of(subject, label)]


def fmt(subject: Subject, label: str) -> str:
    """The shown text of one label's entry."""
    return subject.text[index_of(subject, label)]


def names_in(said: object) -> tuple[str, ...]:
    """The names an option read (`greater=a,b,c` as ('a', 'b', 'c')), typed as such for the claim checking them."""
    if not isinstance(said, tuple) or not all(isinstance(name, str) for name in said):
        raise TypeError(f"an option of names read {said!r}, not a tuple of names")
    return said


def stale(subject: Subject, said: str, actual: str) -> DirectiveError:
    """The error of a sentence the numbers no longer support."""
    return DirectiveError(f"the page says that in {subject.about} {said}; with these inputs {actual} "
                          f"({subject.listing()})")


@dataclass(frozen=True)
class Tolerance:
    """How far a number may lie from the one a sentence names: `0.2` (absolute) or `5%` (of the named number)."""

    amount: float
    relative: bool

    def allows(self, actual: float, said: float) -> bool:
        """Whether `actual` is within this tolerance of `said`."""
        limit = self.amount * abs(said) if self.relative else self.amount
        return abs(actual - said) <= limit + TOLERANCE * max(1.0, abs(said))

    def __str__(self) -> str:
        return f"{self.amount * 100:g}%" if self.relative else f"{self.amount:g}"


@dataclass(frozen=True)
class Context:
    """What a claim may need beyond its numbers: the entry spoken of, its picks, the tolerance and the axes."""

    about: str
    row: str | None = None
    col: str | None = None
    within: Tolerance | None = None
    axes: str = "linear"
    other_row: str | None = None  # the picks of the entry same= names: this claim's own unless given
    other_col: str | None = None
    of: tuple[str | None, str] | None = None  # the entry ratio= divides by (of=NAME), picked as other_row/other_col

    @property
    def example(self) -> str:
        """The example the claim speaks of (`bus-is-late` of `bus-is-late scores`)."""
        return self.about.split(" ")[0]

    @property
    def tolerance(self) -> Tolerance:
        """The tolerance given with within=, or none at all (equal up to rounding)."""
        return self.within or Tolerance(0.0, False)
