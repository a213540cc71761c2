"""Claims that relate entries: an order, an equality, simple fractions, zero differences, another entry's
numbers (`same=`, `differs=`) and the inputs' sources (`published=`)."""

from __future__ import annotations

import itertools
import math
import re

from .errors import DirectiveError, did_you_mean, quoted
from .measures import refuse_wide
from .questions import simple_fraction
from .subjects import Context, Subject, equal, fmt, joined, names_in, stale, subject_of, value_of


def check_order(subject: Subject, labels: object, context: Context | None = None) -> None:
    """Claim `greater=a,b,c`: the entry of a is larger than b's, which is larger than c's."""
    named = names_in(labels)
    refuse_one_label("greater", named, "greater=a,b says a's entry is larger than b's")
    for a, b in itertools.pairwise(named):
        x, y = value_of(subject, a), value_of(subject, b)
        if x < y or equal(x, y):
            raise stale(subject, f"{a} is larger than {b}", f"{a} is {fmt(subject, a)} and {b} is {fmt(subject, b)}")


def check_equal(subject: Subject, labels: object, context: Context | None = None) -> None:
    """Claim `equal=a,b` (or `equal=all`): those entries are the same number."""
    named = subject.labels if names_in(labels) == ("all",) else names_in(labels)
    refuse_one_label("equal", named, "equal=a,b, or equal=all on a row or a column, says their entries are the same")
    values = [value_of(subject, label) for label in named]
    if not all(equal(values[0], x) for x in values[1:]):
        raise stale(subject, f"{joined(named)} are equal", "they differ")


def refuse_one_label(claim: str, labels: tuple[str, ...], accepted: str) -> None:
    """Refuse a claim that compares fewer than two different entries: it could never fail."""
    if len(set(labels)) < 2:
        raise DirectiveError(f"{claim}= compares only {quoted(','.join(dict.fromkeys(labels)))} here and so could "
                             f"never fail; {accepted}")


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


RE_ENTRY_NAME = re.compile(r"(?:(?P<example>[a-z][a-z0-9-]*):)?(?P<name>[a-z][a-z0-9-]*)\Z")


def entry_option(text: str) -> tuple[str | None, str]:
    """Read same=: another entry of this example (`left-infinite-weights`) or of another (`red-ball-rolls:output`)."""
    match = RE_ENTRY_NAME.match(text)
    if not match:
        raise DirectiveError(f"'{quoted(text, 40)}' is not an entry; accepted: NAME or EXAMPLE:NAME")
    return match["example"], match["name"]


def check_same(subject: Subject, said: object, context: Context) -> None:
    """Claim `same=left-infinite-weights` (or `same=EXAMPLE:NAME`): these numbers equal that entry's, picked
    with the same row and column ("unchanged", "the same as", "it matches")."""
    other, same = compared(subject, said, context, "same")
    if not same:
        raise stale(subject, f"the numbers are the same as in {other.about}", f"that has {other.listing()}")


def check_differs(subject: Subject, said: object, context: Context) -> None:
    """Claim `differs=NAME` (or `EXAMPLE:NAME`): these numbers are not those of that entry, picked alike."""
    other, same = compared(subject, said, context, "differs")
    if same:
        raise stale(subject, f"the numbers differ from those of {other.about}", f"they are the same, {other.listing()}")


def compared(subject: Subject, said: object, context: Context, claim: str) -> tuple[Subject, bool]:
    """The other entry a claim names (`same=`, `differs=`), and whether its numbers equal these within tolerance;
    an error if it is this very entry picked alike, or the tolerance is as wide as its numbers."""
    if not isinstance(said, tuple) or len(said) != 2:
        raise TypeError(f"an option naming an entry read {said!r}, not (example or None, name)")
    other_example, name = said
    other = other_subject(other_example or context.example, name, context)
    if f"{other_example or context.example} {name}" == context.about and (other.row_labels, other.col_labels) == (
            subject.row_labels, subject.col_labels):
        raise DirectiveError(f"{claim}= compares {subject.about} with itself and so could never "
                             f"{'fail' if claim == 'same' else 'hold'}; accepted: another entry (NAME or "
                             "EXAMPLE:NAME), or this one picked elsewhere with other-row= or other-col=")
    refuse_wide(context, max(map(abs, other.values), default=0.0), subject, claim, "the largest number")
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
    names = tuple(sources) if names_in(said) == ("all",) else names_in(said)
    for name in names:
        if name not in sources:
            raise DirectiveError(f"'{quoted(name, 40)}' of '{context.example}' declares no source; "
                                 f"{did_you_mean(name, sources) if sources else 'it declares none'}")
        if getattr(example, name) != sources[name].value:
            raise DirectiveError(f"the page says that {context.example}'s {name} is as published "
                                 f"({sources[name].name}: {sources[name].value!r}); with these inputs it is "
                                 f"{getattr(example, name)!r}")
