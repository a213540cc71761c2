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
                 within: Tolerance | None = None, axes: str = "linear", **claims: object) -> str:
    """Nothing, when every claim holds for these numbers; otherwise a DirectiveError quoting both sides."""
    subject = subject_of(shown, about, row, col)
    other_row, other_col = claims.pop("other-row", None), claims.pop("other-col", None)
    context = Context(about, row, col, within, axes, str(other_row or row or "") or None,
                      str(other_col or col or "") or None)
    stated = {key: value for key, value in claims.items() if value not in (None, ())}
    if not stated:
        raise DirectiveError("attn:check needs a claim: one or more of " + ", ".join(f"{k}=" for k in CHECK_KEYS))
    if within is not None and not stated.keys() & TOLERANT:
        raise DirectiveError("within= qualifies " + ", ".join(f"{k}=" for k in sorted(TOLERANT)) + "; add one")
    for key, value in stated.items():
        CLAIMS[key].check(subject, value, context)
    return ""


def check_answer(subject: Subject, value: object, context: Context, key: str = "") -> None:
    """Compare a claimed answer (`largest=bus`, `sign=negative`, `shape=4x3`) with what the question gives."""
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


def check_one(subject: Subject, key: str, value: object) -> None:
    """Compare one stated claim with what the numbers give (no tolerance, linear axes)."""
    CLAIMS[key].check(subject, value, Context(subject.about))


def normal(key: str, said: str) -> str:
    """A claimed value written as the question answers it: `4x3` as `4 × 3`, `one-half` as `one half`."""
    return said.replace("x", " × ") if key == "shape" else said.replace("-", " ") if key == "words" else said


def check_order(subject: Subject, labels: object, context: Context | None = None) -> None:
    """Claim `greater=a,b,c`: the entry of a is larger than b's, which is larger than c's."""
    labels = tuple(labels)  # type: ignore[call-overload]
    for a, b in itertools.pairwise(labels):
        x, y = value_of(subject, a), value_of(subject, b)
        if x < y or equal(x, y):
            raise stale(subject, f"{a} is larger than {b}", f"{a} is {fmt(subject, a)} and {b} is {fmt(subject, b)}")


def check_equal(subject: Subject, labels: object, context: Context | None = None) -> None:
    """Claim `equal=a,b` (or `equal=all`): those entries are the same number."""
    labels = subject.labels if tuple(labels) == ("all",) else tuple(labels)  # type: ignore[call-overload]
    values = [value_of(subject, label) for label in labels]
    if not all(equal(values[0], x) for x in values[1:]):
        raise stale(subject, f"{joined(labels)} are equal", "they differ")


def check_fractions(subject: Subject, _: object = None, context: Context | None = None) -> None:
    """Claim `fractions=simple`: every entry is a whole number or a fraction with a denominator of at most 12."""
    odd = [text for x, text in zip(subject.values, subject.text, strict=True)
           if x != -math.inf and simple_fraction(x) is None]
    if odd:
        raise stale(subject, "every entry is a simple fraction", f"{odd[0]} is not")


def check_zero(subject: Subject, said: object, context: Context | None = None) -> None:
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


WHAT = {"largest": "largest entry", "smallest": "smallest entry", "tied": "tie for the largest entry",
        "nonzero": "set of non-zero entries", "sign": "sign", "shape": "shape", "rows": "number of rows",
        "cols": "number of columns", "words": "value in words"}
RE_SHAPE = re.compile(r"[1-9][0-9]{0,5}x[1-9][0-9]{0,5}\Z")
RE_NUMBER = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?(?:/[1-9][0-9]*)?|[0-9]+(?:\.[0-9]+)?e-?[0-9]{1,3})\Z")
RE_ENTRY_NAME = re.compile(r"(?:(?P<example>[a-z][a-z0-9-]*):)?(?P<name>[a-z][a-z0-9-]*)\Z")


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

    @property
    def example(self) -> str:
        """The example the claim speaks of (`bus-is-late` of `bus-is-late scores`)."""
        return self.about.split(" ")[0]

    @property
    def tolerance(self) -> Tolerance:
        """The tolerance given with within=, or none at all (equal up to rounding)."""
        return self.within or Tolerance(0.0, False)


@dataclass(frozen=True)
class Claim:
    """One claim a check may state (`largest=bus`): its option, how it is checked, and a sample for the guide."""

    option: Option
    check: Callable[[Subject, object, Context], None]
    sample: str


def number_option(text: str) -> float:
    """Read a number a sentence names: `1`, `-2`, `0.2`, `1/2`, `-1e9`."""
    if not RE_NUMBER.match(text):
        raise DirectiveError(f"'{text[:40]}' is not a number; accepted: 1, -2, 0.2, 1/2 or -1e9")
    top, _, bottom = text.partition("/")
    return float(top) / float(bottom) if bottom else float(top)


def tolerance_option(text: str) -> Tolerance:
    """Read within=: an absolute amount (`0.2`) or a share of the named number (`5%`)."""
    amount = number_option(text.removesuffix("%"))
    if amount < 0:
        raise DirectiveError(f"within={text[:40]} is negative; accepted: a number of 0 or more, or a percentage")
    return Tolerance(amount / 100 if text.endswith("%") else amount, text.endswith("%"))


def entry_option(text: str) -> tuple[str | None, str]:
    """Read same=: another entry of this example (`left-infinite-weights`) or of another (`red-ball-rolls:output`)."""
    match = RE_ENTRY_NAME.match(text)
    if not match:
        raise DirectiveError(f"'{text[:40]}' is not an entry; accepted: NAME or EXAMPLE:NAME")
    return match["example"], match["name"]


def shape_option(text: str) -> str:
    """Read a claimed shape such as `4x3`."""
    if not RE_SHAPE.match(text):
        raise DirectiveError(f"option shape={text[:40]} is not a shape; accepted: ROWSxCOLUMNS such as 4x3")
    return text


def check_close(subject: Subject, said: object, context: Context) -> None:
    """Claim `close=1 within=0.2`: every entry spoken of lies within the tolerance of the named number."""
    far = [(label, text) for label, x, text in zip(subject.labels or ("",), subject.values, subject.text, strict=False)
           if not context.tolerance.allows(x, float(said))]  # type: ignore[arg-type]
    if far:
        label, text = far[0]
        where = f"{label} is " if label else "it is "
        raise stale(subject, f"the entries are within {context.tolerance} of {said:g}", where + text)


def check_ratio(subject: Subject, said: object, context: Context) -> None:
    """Claim `ratio=2` (with within=): the first of two entries is that many times the second ("about twice")."""
    if len(subject.values) != 2:
        raise DirectiveError(f"ratio= compares two entries; {subject.about} has {len(subject.values)}: pick two")
    first, second = subject.values
    actual = first / second if second else math.inf
    if not context.tolerance.allows(actual, float(said)):  # type: ignore[arg-type]
        raise stale(subject, f"the first entry is {said:g} times the second (within {context.tolerance})",
                    f"it is {actual:.3g} times")


def check_slope(subject: Subject, said: object, context: Context) -> None:
    """Claim `slope=1/2 axes=log within=0.05`: the entries against their labels (numbers) rise along that slope."""
    xs, ys = numeric_labels(subject), list(subject.values)
    if context.axes == "log":
        if min(xs) <= 0 or min(ys) <= 0:
            raise stale(subject, "the entries lie on logarithmic axes", "some entry or label is not positive")
        xs, ys = [math.log(x) for x in xs], [math.log(y) for y in ys]
    actual = least_squares_slope(xs, ys)
    if not context.tolerance.allows(actual, float(said)):  # type: ignore[arg-type]
        raise stale(subject, f"the slope on {context.axes} axes is {said:g} (within {context.tolerance})",
                    f"it is {actual:.3g}")


def least_squares_slope(xs: list[float], ys: list[float]) -> float:
    """The slope of the straight line that fits the points (x, y) best in the least-squares sense."""
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread if spread else math.inf


def numeric_labels(subject: Subject) -> list[float]:
    """The labels of a row or column read as numbers (`1`, `4`, `16` for head widths), or an error."""
    need_several(subject, "slope")
    try:
        return [float(label) for label in subject.labels]
    except ValueError:
        raise DirectiveError(f"slope= needs labels that are numbers; {subject.about} has "
                             f"{joined(subject.labels[:4])}") from None


def check_size(subject: Subject, said: object, context: Context) -> None:
    """Claim `size=large-negative`: the entries are what the example declares that word to mean."""
    magnitude = declared_magnitude(context.example, str(said))
    actual = magnitude.measure(subject.values)
    if not magnitude.holds(subject.values):
        measured = f"an entry is {actual:g}" if magnitude.of == "each" else f"the share of zeros is {actual:.3g}"
        raise stale(subject, f"the entries are {said} ({magnitude.meaning})", measured)


def declared_magnitude(example: str, word: str):
    """The meaning the example declares for a size word, or an error naming the words it declares."""
    from attention_core import EXAMPLES

    declared = {m.word: m for m in getattr(EXAMPLES.get(example), "magnitudes", ())}
    if word not in declared:
        listed = did_you_mean(word, declared) if declared else "it declares none (its dataclass' magnitudes)"
        raise DirectiveError(f"example '{example}' declares no size word '{word}'; {listed}")
    return declared[word]


def check_same(subject: Subject, said: object, context: Context) -> None:
    """Claim `same=left-infinite-weights` (or `same=EXAMPLE:NAME`): these numbers equal that entry's, picked
    with the same row and column ("unchanged", "the same as", "it matches")."""
    other, same = compared(subject, said, context)
    if not same:
        raise stale(subject, f"the numbers are the same as in {other.about}", f"that has {other.listing()}")


def check_differs(subject: Subject, said: object, context: Context) -> None:
    """Claim `differs=NAME` (or `EXAMPLE:NAME`): these numbers are not those of that entry, picked alike."""
    other, same = compared(subject, said, context)
    if same:
        raise stale(subject, f"the numbers differ from those of {other.about}", f"they are the same, {other.listing()}")


def compared(subject: Subject, said: object, context: Context) -> tuple[Subject, bool]:
    """The other entry a claim names (`same=`, `differs=`), and whether its numbers equal these within tolerance."""
    other_example, name = said  # type: ignore[misc]
    other = other_subject(other_example or context.example, name, context)
    same = len(other.values) == len(subject.values) and all(
        context.tolerance.allows(x, y) for x, y in zip(subject.values, other.values, strict=True))
    return other, same


def other_subject(example: str, name: str, context: Context) -> Subject:
    """The numbers of another entry, picked as this claim picks its own."""
    from .registry import lookup

    entry = lookup("check", example, name)
    return subject_of(entry.make({}), f"{example} {name}", context.other_row, context.other_col)


def check_published(subject: Subject, said: object, context: Context) -> None:
    """Claim `published=base` (or `published=all`): those inputs still have the values of their publication."""
    from attention_core import EXAMPLES

    example = EXAMPLES[context.example]
    sources = example.sources()
    names = tuple(sources) if tuple(said) == ("all",) else tuple(said)  # type: ignore[call-overload]
    for name in names:
        if name not in sources:
            raise DirectiveError(f"'{name}' of '{context.example}' declares no source; "
                                 f"{did_you_mean(name, sources) if sources else 'it declares none'}")
        if getattr(example, name) != sources[name].value:
            raise DirectiveError(f"the page says that {context.example}'s {name} is as published "
                                 f"({sources[name].name}: {sources[name].value!r}); with these inputs it is "
                                 f"{getattr(example, name)!r}")


def answer(key: str) -> Callable[[Subject, object, Context], None]:
    """The check of a claim that states the answer of a question (`largest=bus`)."""
    return lambda subject, value, context: check_answer(subject, value, context, key)


TOLERANT = frozenset({"close", "ratio", "slope", "same", "differs"})
CLAIMS: dict[str, Claim] = {claim.option.key: claim for claim in (
    Claim(words("largest", "the label(s) of the largest entry; several means they tie"), answer("largest"),
          "bus-is-late scores row=late largest=bus"),
    Claim(words("smallest", "the label(s) of the smallest entry"), answer("smallest"),
          "bus-is-late scores row=late smallest=is"),
    Claim(words("tied", "the labels that share the largest entry (none: one entry is largest alone)"),
          answer("tied"), "red-ball-rolls scores row=rolls tied=none"),
    Claim(words("nonzero", "exactly the labels whose entries are not zero (none: all are zero)"), answer("nonzero"),
          "red-ball-rolls weights row=ball nonzero=red,ball"),
    Claim(choice("sign", "the sign of one number", SIGNS), answer("sign"),
          "red-ball-rolls w-o row=h2-o2 col=u1 sign=negative"),
    Claim(Option("shape", "the entry's rows x columns, such as 4x3", shape_option, accepted="ROWSxCOLUMNS such as 4x3"),
          answer("shape"), "red-ball-rolls w-o shape=4x3"),
    Claim(integer("rows", "how many rows the entry has", 1, 100_000), answer("rows"), "red-ball-rolls w-v rows=3"),
    Claim(integer("cols", "how many columns the entry has", 1, 100_000), answer("cols"), "red-ball-rolls w-q cols=1"),
    Claim(Option("words", "one number in words, with '-' for spaces: one-half", str), answer("words"),
          "red-ball-rolls weights row=rolls col=ball words=one-half"),
    Claim(words("greater", "labels in decreasing order of their entries: ball,red"), check_order,
          "bus-is-late scores row=late greater=bus,late,is"),
    Claim(words("equal", "labels whose entries are equal, or all"), check_equal,
          "red-ball-rolls scores row=rolls equal=red,rolls"),
    Claim(choice("fractions", "every entry is a whole number or a fraction with a denominator of at most 12",
                 ("simple",)), check_fractions, "red-ball-rolls weights fractions=simple"),
    Claim(choice("zero", "all: every entry is 0 (the two things subtracted are the same); not-all: some entry is not",
                 ("all", "not-all")), check_zero, "red-ball-rolls queries-head2-minus-head1 zero=all"),
    Claim(Option("close", "every entry lies within within= of this number (\"close to 1\")", number_option,
                 accepted="a number: 1, -2, 0.2, 1/2 or -1e9"), check_close,
          "head-width spreads col=scaled close=1 within=0.1"),
    Claim(Option("ratio", "the first of two entries is this many times the second (\"about twice\")", number_option,
                 accepted="a number: 2, 1/2"), check_ratio, "scaling raw-scores ratio=2"),
    Claim(Option("slope", "the entries against their number labels rise along this slope (axes=log for log-log)",
                 number_option, accepted="a number: 1/2, 2"), check_slope,
          "head-width spreads col=raw slope=1/2 axes=log within=0.05"),
    Claim(Option("size", "a size word the example declares next to its inputs (large-negative, slow, many-zeros)",
                 str), check_size, "cross-padding finite-fill size=large-negative"),
    Claim(Option("same", "these numbers equal another entry's, picked alike: NAME or EXAMPLE:NAME (\"unchanged\")",
                 entry_option, accepted="NAME or EXAMPLE:NAME"), check_same,
          "exercises output same=red-ball-rolls:output other-row=rolls"),
    Claim(Option("differs", "these numbers are not another entry's, picked alike: NAME or EXAMPLE:NAME",
                 entry_option, accepted="NAME or EXAMPLE:NAME"), check_differs,
          "bus-is-late all-scores row=bus col=is differs=all-scores other-row=is other-col=bus"),
    Claim(words("published", "these inputs of the example still equal their source's values, or all"),
          check_published, "rotary base published=base"),
)}
ROW = Option("row", "the label of the row to speak of (a token such as rolls)", str)
COLUMN = Option("col", "the label of the column to speak of", str)
WITHIN = Option("within", "how far the numbers may lie from what close=, ratio=, slope= or same= names: 0.2 or 5%",
                tolerance_option, accepted="a number such as 0.2, or a percentage such as 5%")
AXES = choice("axes", "the axes slope= is measured on", ("linear", "log"), "linear")
OTHER_ROW = Option("other-row", "the row of the entry same= names, when it is not this claim's row=", str)
OTHER_COLUMN = Option("other-col", "the column of the entry same= names, when it is not this claim's col=", str)
WORD_OPTIONS = (choice("pick", "what to say of the numbers", tuple(QUESTIONS)), ROW, COLUMN)
CHECK_OPTIONS = (ROW, COLUMN, WITHIN, AXES, OTHER_ROW, OTHER_COLUMN, *(claim.option for claim in CLAIMS.values()))
CHECK_KEYS = tuple(CLAIMS)


def claims_table() -> str:
    """The Markdown table of claims that CONTRIBUTING.md holds: the key, what it states, one check that holds today."""
    rows = ["| claim | what it states | example |", "|---|---|---|"]
    rows += [f"| `{key}=` | {claim.option.help} | `<!-- attn:check {claim.sample} -->` |"
             for key, claim in CLAIMS.items()]
    return "\n".join(rows)
