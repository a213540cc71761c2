"""Words that depend on an example's inputs: computed (`attn:word`) or asserted beside the prose (`attn:check`).

A sentence such as "bus scores highest" is a number too. Either the word is computed,

    The largest score belongs to <!-- attn:word bus-is-late scores row=late pick=largest -->.

or the prose stays as written and a check beside it fails the build when the numbers stop agreeing:

    Bus scores highest.<!-- attn:check bus-is-late scores row=late largest=bus -->

    docs/lesson/index.md:42: the page says the largest entry of 'bus-is-late scores' (row late) is bus;
    with these inputs it is late (bus 0, is 0, late 1)

Both work on a grid entry (a row, a column or one cell picked with `row=`/`col=`) or on a single number.
One vocabulary serves both kinds: each question (`questions.py`) is a `pick=` of attn:word and a key of attn:check;
the other claims live by family in `relations.py` and `measures.py`, and this module holds their records.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .errors import DirectiveError
from .measures import check_close, check_ratio, check_size, check_slope, number_option, tolerance_option
from .options import Option, choice, integer, words
from .questions import QUESTIONS, SIGNS, check_answer, check_labels, shape_option
from .relations import (
    check_differs,
    check_equal,
    check_fractions,
    check_order,
    check_published,
    check_same,
    check_zero,
    entry_option,
)
from .shown import Shown
from .subjects import Context, Subject, Tolerance, joined, subject_of


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
    of = claims.pop("of", None)
    context = Context(about, row, col, within, axes, str(other_row or row or "") or None,
                      str(other_col or col or "") or None, of if isinstance(of, tuple) else None)
    stated = {key: value for key, value in claims.items() if value not in (None, ())}
    if not stated:
        raise DirectiveError("attn:check needs a claim: one or more of " + ", ".join(f"{k}=" for k in CHECK_KEYS))
    if within is not None and not stated.keys() & TOLERANT:
        raise DirectiveError("within= qualifies " + ", ".join(f"{k}=" for k in sorted(TOLERANT)) + "; add one")
    for key, value in stated.items():
        CLAIMS[key].check(subject, value, context)
    return ""


def check_one(subject: Subject, key: str, value: object) -> None:
    """Compare one stated claim with what the numbers give (no tolerance, linear axes)."""
    CLAIMS[key].check(subject, value, Context(subject.about))


@dataclass(frozen=True)
class Claim:
    """One claim a check may state (`largest=bus`): its option, how it is checked, and a sample for the guide."""

    option: Option
    check: Callable[[Subject, object, Context], None]
    sample: str
    said: str = ""  # the words prose states it with, as a regex alternation: a sentence restating it needs a check
    subject: str = "labels"  # what a restatement names (restated.SUBJECTS): labels, the entry, or the inputs


def answer(key: str) -> Callable[[Subject, object, Context], None]:
    """The check of a claim that states the answer of a question (`largest=bus`)."""
    return lambda subject, value, context: check_answer(subject, value, context, key)


TOLERANT = frozenset({"close", "ratio", "slope", "same", "differs"})
CLAIMS: dict[str, Claim] = {claim.option.key: claim for claim in (
    Claim(words("largest", "the label(s) of the largest entry; several means they tie"), answer("largest"),
          "bus-is-late scores row=late largest=bus",
          said="largest|highest|most|biggest|greatest|wins"),
    Claim(words("smallest", "the label(s) of the smallest entry"), answer("smallest"),
          "bus-is-late scores row=late smallest=is",
          said="smallest|lowest|least"),
    Claim(words("tied", "the labels that share the largest entry (none: one entry is largest alone)"),
          answer("tied"), "red-ball-rolls scores row=rolls tied=none",
          said="tie|ties|tied"),
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
    Claim(words("labels", "the labels along the entry, in order: its rows, or the columns of the row picked"),
          check_labels, "bus-is-late scores row=late labels=bus,is,late"),
    Claim(words("greater", "labels in decreasing order of their entries: ball,red"), check_order,
          "bus-is-late scores row=late greater=bus,late,is",
          said="larger|greater|higher|more than|bigger"),
    Claim(words("equal", "labels whose entries are equal, or all"), check_equal,
          "red-ball-rolls scores row=rolls equal=red,rolls",
          said="equal|equally|the same"),
    Claim(choice("fractions", "every entry is a whole number or a fraction with a denominator of at most 12",
                 ("simple",)), check_fractions, "red-ball-rolls weights fractions=simple"),
    Claim(choice("zero", "all: every entry is 0 (the two things subtracted are the same); not-all: some entry is not",
                 ("all", "not-all")), check_zero, "red-ball-rolls queries-head2-minus-head1 zero=all",
          said=r"zero|the same|identical|a copy|copies|unchanged|differ\w*|different", subject="entry"),
    Claim(Option("close", "every entry lies within within= of this number (\"close to 1\"); within= is smaller than "
                 "the number, or for 0 than one unit of the last decimal shown", number_option,
                 accepted="a number: 1, -2, 0.2, 1/2 or -1e9"), check_close,
          "head-width spreads col=scaled close=1 within=0.1",
          said=r"(?:close to|near|nearly|about|around|roughly|approximately|almost)\W+{value}", subject="entry"),
    Claim(Option("ratio", "the first of two entries is this many times the second (\"about twice\"); within= is "
                 "smaller than the number", number_option,
                 accepted="a number: 2, 1/2"), check_ratio, "scaling raw-scores ratio=2",
          said=r"{times}", subject="entry"),
    Claim(Option("slope", "the entries against their number labels rise along this slope (axes=log for log-log); "
                 "within= is smaller than the slope",
                 number_option, accepted="a number: 1/2, 2"), check_slope,
          "head-width spreads col=raw slope=1/2 axes=log within=0.05",
          said=r"slope\W+(?:of\W+)?{value}", subject="entry"),
    Claim(Option("size", "a size word the example declares next to its inputs (large-negative, slow, many-zeros)",
                 str), check_size, "cross-padding finite-fill size=large-negative", said="{value}", subject="entry"),
    Claim(Option("same", "these numbers equal another entry's (or this one's picked elsewhere), picked alike: NAME "
                 "or EXAMPLE:NAME (\"unchanged\")",
                 entry_option, accepted="NAME or EXAMPLE:NAME"), check_same,
          "exercises output same=red-ball-rolls:output other-row=rolls",
          said=r"unchanged|(?:the )?same as|match(?:es)?|agrees?|identical", subject="entry"),
    Claim(Option("differs", "these numbers are not another entry's (or this one's picked elsewhere), picked alike: "
                 "NAME or EXAMPLE:NAME",
                 entry_option, accepted="NAME or EXAMPLE:NAME"), check_differs,
          "bus-is-late all-scores row=bus col=is differs=all-scores other-row=is other-col=bus",
          said=r"differ\w*|different|not the same|do(?:es)? not match", subject="entry"),
    Claim(words("published", "these inputs of the example still equal their source's values, or all"),
          check_published, "rotary base published=base",
          said=r"published|from the (?:source|paper|deck|slide deck)|comes? from|its source's", subject="inputs"),
)}
ROW = Option("row", "the label of the row to speak of (a token such as rolls)", str)
COLUMN = Option("col", "the label of the column to speak of", str)
WITHIN = Option("within", "how far the numbers may lie from what close=, ratio=, slope= or same= names: 0.2 or 5%, "
                "less than that number (for 0, than one unit of the last decimal shown)",
                tolerance_option, accepted="a number such as 0.2, or a percentage such as 5%")
AXES = choice("axes", "the axes slope= is measured on", ("linear", "log"), "linear")
OTHER_ROW = Option("other-row", "the row of the entry same= names, when it is not this claim's row=", str)
OTHER_COLUMN = Option("other-col", "the column of the entry same= names, when it is not this claim's col=", str)
OF = Option("of", "the entry ratio= compares with, picked alike: NAME or EXAMPLE:NAME (\"twice the query of late\")",
            entry_option, accepted="NAME or EXAMPLE:NAME")
WORD_OPTIONS = (choice("pick", "what to say of the numbers", tuple(QUESTIONS)), ROW, COLUMN)
CHECK_OPTIONS = (ROW, COLUMN, WITHIN, AXES, OTHER_ROW, OTHER_COLUMN, OF, *(claim.option for claim in CLAIMS.values()))
CHECK_KEYS = tuple(CLAIMS)


def claims_table() -> str:
    """The Markdown table of claims that CONTRIBUTING.md holds: the key, what it states, one check that holds today."""
    rows = ["| claim | what it states | example |", "|---|---|---|"]
    rows += [f"| `{key}=` | {claim.option.help} | `<!-- attn:check {claim.sample} -->` |"
             for key, claim in CLAIMS.items()]
    return "\n".join(rows)
