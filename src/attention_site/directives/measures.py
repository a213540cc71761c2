"""Claims with a tolerance or a declared meaning: "close to 1", "about twice", "a slope of ½", "large"."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from .errors import DirectiveError, did_you_mean, quoted
from .subjects import Context, Subject, Tolerance, joined, need_several, stale

if TYPE_CHECKING:
    from attention_core.examples.base import Magnitude

RE_NUMBER = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?(?:/[1-9][0-9]*)?|[0-9]+(?:\.[0-9]+)?e-?[0-9]{1,3})\Z")


def number_option(text: str) -> float:
    """Read a number a sentence names: `1`, `-2`, `0.2`, `1/2`, `-1e9`."""
    if not RE_NUMBER.match(text):
        raise DirectiveError(f"'{quoted(text, 40)}' is not a number; accepted: 1, -2, 0.2, 1/2 or -1e9")
    top, _, bottom = text.partition("/")
    return float(top) / float(bottom) if bottom else float(top)


def tolerance_option(text: str) -> Tolerance:
    """Read within=: an absolute amount (`0.2`) or a share of the named number (`5%`)."""
    amount = number_option(text.removesuffix("%"))
    if amount < 0:
        raise DirectiveError(f"within={quoted(text, 40)} is negative; accepted: a number of 0 or more, or a percentage")
    return Tolerance(amount / 100 if text.endswith("%") else amount, text.endswith("%"))


def refuse_wide(context: Context, named: float, subject: Subject, claim: str, what: str = "the number") -> None:
    """Refuse a tolerance too wide for the claim to tell what it names from its opposite: as wide as the number
    named (the claim would hold of 0 too), or, when that is 0, as one unit of the last decimal the entry shows (it
    would hold of a number the page shows as not 0)."""
    if context.within is None:
        return
    tolerance = context.within
    width = tolerance.amount * abs(named) if tolerance.relative else tolerance.amount
    if named != 0 and width >= abs(named):
        raise DirectiveError(f"within={tolerance} is not smaller than {what} {claim}= names ({abs(named):g}): the "
                             "claim would hold of 0 too, so it says nothing of the size it names; accepted: a "
                             f"tolerance smaller than {abs(named):g} (or than 100%)")
    if named == 0 and width >= subject.unit:
        raise DirectiveError(f"within={tolerance} is not smaller than one unit of the last decimal {subject.about} "
                             f"is shown with ({subject.unit:g}): {claim}=0 would hold of numbers the page shows as "
                             f"not 0; accepted: a tolerance smaller than {subject.unit:g}")


def check_close(subject: Subject, said: object, context: Context) -> None:
    """Claim `close=1 within=0.2`: every entry spoken of lies within the tolerance of the named number."""
    refuse_wide(context, float(said), subject, "close")  # type: ignore[arg-type]
    far = [(label, text) for label, x, text in zip(subject.labels or ("",), subject.values, subject.text, strict=False)
           if not context.tolerance.allows(x, float(said))]  # type: ignore[arg-type]
    if far:
        label, text = far[0]
        where = f"{label} is " if label else "it is "
        raise stale(subject, f"the entries are within {context.tolerance} of {said:g}", where + text)


def check_ratio(subject: Subject, said: object, context: Context) -> None:
    """Claim `ratio=2` (with within=): the first of two entries is that many times the second ("about twice");
    with of=NAME, every entry is that many times the same entry of NAME ("twice the query of late")."""
    if context.of is not None:
        check_ratio_of(subject, float(said), context)  # type: ignore[arg-type]
        return
    if len(subject.values) != 2:
        raise DirectiveError(f"ratio= compares two entries; {subject.about} has {len(subject.values)}: pick two")
    refuse_wide(context, float(said), subject, "ratio")  # type: ignore[arg-type]
    first, second = subject.values
    actual = first / second if second else math.inf
    if not context.tolerance.allows(actual, float(said)):  # type: ignore[arg-type]
        raise stale(subject, f"the first entry is {said:g} times the second (within {context.tolerance})",
                    f"it is {actual:.3g} times")


def check_ratio_of(subject: Subject, said: float, context: Context) -> None:
    """Claim `ratio=2 of=NAME`: each entry is `said` times the entry of NAME picked alike."""
    from .relations import other_subject

    example, name = context.of or (None, "")
    other = other_subject(example or context.example, name, context)
    if len(other.values) != len(subject.values) or not all(
            context.tolerance.allows(x, said * y) for x, y in zip(subject.values, other.values, strict=True)):
        raise stale(subject, f"the numbers are {said:g} times those of {other.about}", f"that has {other.listing()}")


def check_slope(subject: Subject, said: object, context: Context) -> None:
    """Claim `slope=1/2 axes=log within=0.05`: the entries against their labels (numbers) rise along that slope."""
    refuse_wide(context, float(said), subject, "slope")  # type: ignore[arg-type]
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


def declared_magnitude(example: str, word: str) -> Magnitude:
    """The meaning the example declares for a size word, or an error naming the words it declares."""
    from attention_core import EXAMPLES

    declared: dict[str, Magnitude] = {m.word: m for m in getattr(EXAMPLES.get(example), "magnitudes", ())}
    if word not in declared:
        listed = did_you_mean(word, declared) if declared else "it declares none (its dataclass' magnitudes)"
        raise DirectiveError(f"example '{example}' declares no size word '{quoted(word, 40)}'; {listed}")
    return declared[word]
