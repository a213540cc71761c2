"""One policy for every number the site shows.

- Examples built to be exact show exact fractions: `1/4` in tables and prose, `\\tfrac{1}{4}` in math.
- Everything else shows fixed decimals with the digits the page asks for (3 unless told); sizes that span powers
  of ten (memory in GiB) show that many significant figures instead (`64.0`, `1.25`, `0.0312`), never `64.000`.
- Whole numbers from 1,000 up are grouped by thousands (`16,384`; `16\\,384` in math), as in the deck's table.
- Inputs are shown as they were authored (`ln 2`, not 0.693): see `authored_text` and `authored_tex`.
- A reader sees a negative number with a true minus sign, U+2212 (`−1/2`, as the math shows it): `reader_minus`,
  applied where a table cell or an inline value is written; data (attributes, workbooks, options) keeps ASCII.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction

from .errors import DirectiveError

MAX_DENOMINATOR = 64
GROUPED_FROM = 1000  # whole numbers from here on are grouped by thousands: 16,384
EXACT_TOLERANCE = 1e-9
RE_AUTHORED_LN = re.compile(r"^(-?)ln\s*\(?([^()\s]+)\)?$")
RE_AUTHORED_SQRT = re.compile(r"^(-?)sqrt\s*(\S+)$")
RE_AUTHORED_FRACTION = re.compile(r"^(-?)(\d+)/(\d+)$")
MINUS = "\u2212"
# A hyphen-minus that signs a number: not inside a word, a name (`h1-o2`), an attribute value or a code span.
RE_SIGN = re.compile(r"(?<![\w.\-/\"'=`])-(?=\.?\d|ln\b|sqrt\b|∞|√)")


@dataclass(frozen=True)
class NumberStyle:
    """How to show numbers: exact fractions when possible, else `digits` decimals (or significant figures)."""

    exact: bool = False
    digits: int = 3
    significant: bool = False

    def with_digits(self, digits: int | None) -> NumberStyle:
        """Return this style with another number of decimals (None keeps it)."""
        return self if digits is None else replace(self, digits=digits)

    def places(self, x: float) -> int:
        """The decimals to show `x` with: `digits`, or as many as leave `digits` significant figures."""
        if not self.significant or x == 0:
            return self.digits
        return max(0, self.digits - 1 - math.floor(math.log10(abs(x))))


def as_fraction(x: float) -> Fraction | None:
    """Return `x` as a fraction with a small denominator, or None if it is not one."""
    fraction = Fraction(x).limit_denominator(MAX_DENOMINATOR)
    return fraction if abs(float(fraction) - x) <= EXACT_TOLERANCE else None


def check_finite(x: float) -> float:
    """Refuse to show NaN or an infinity."""
    if not math.isfinite(x):
        raise DirectiveError(f"the value to show is {x}; a page never shows a NaN or an infinity")
    return x


def decimal(x: float, digits: int) -> str:
    """Fixed decimals, without a negative zero."""
    text = f"{x:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def as_logarithm(x: float) -> Fraction | None:
    """Return r when `x` is ln r for a small fraction r other than 1, else None."""
    if x > 40 or x < -40:
        return None
    fraction = as_fraction(math.exp(x))
    return fraction if fraction not in (None, 1) and abs(math.log(fraction) - x) <= EXACT_TOLERANCE else None


@functools.lru_cache(maxsize=4096)  # the pages show the same few hundred numbers again and again
def format_number(x: float, style: NumberStyle) -> str:
    """Show one number as text: `1/4`, `2`, `-1/2`, `ln 2` (exact examples) or `0.665`."""
    # Equal keys give equal text: the number is read as a float first, and 0.0 and -0.0 both show as 0.
    x = check_finite(float(x))
    fraction = as_fraction(x) if style.exact else None
    if x.is_integer() and abs(x) >= GROUPED_FROM and (style.exact or style.digits == 0):
        return f"{int(x):,}"
    if fraction is None:
        logarithm = as_logarithm(x) if style.exact else None
        if logarithm is None:
            return decimal(x, style.places(x))
        return f"ln {logarithm}" if logarithm.denominator == 1 else f"ln({logarithm})"
    if fraction.denominator == 1:
        return str(fraction.numerator)
    return f"{fraction.numerator}/{fraction.denominator}"


def format_tex_number(x: float, style: NumberStyle) -> str:
    """Show one number as LaTeX: `\\tfrac{1}{4}`, `2`, `-\\tfrac{1}{2}` or `0.665`."""
    text = format_number(x, style)
    if text.startswith(("ln", "-ln")):
        return authored_tex(text)
    if "," in text:
        return text.replace(",", r"\,")
    if "/" not in text:
        return text
    sign, (numerator, denominator) = ("-", text[1:].split("/")) if text.startswith("-") else ("", text.split("/"))
    return rf"{sign}\tfrac{{{numerator}}}{{{denominator}}}"


def format_vector(xs: list[float], style: NumberStyle) -> str:
    """Show a row as text: `(1/2, 5/4)`."""
    return "(" + ", ".join(format_number(x, style) for x in xs) + ")"


def reader_minus(text: str) -> str:
    """Text as a reader sees it: each negative number signed with a true minus sign (U+2212), not a hyphen."""
    return RE_SIGN.sub(MINUS, text)


def authored_text(entry: str) -> str:
    """Show an authored input as a reader reads it: `ln 2`, `1/4`, `-3`."""
    return " ".join(entry.split())


def authored_tex(entry: str) -> str:
    """Show an authored input as LaTeX: `\\ln 2`, `\\tfrac{1}{4}`, `\\sqrt{2}`."""
    entry = authored_text(entry)
    match = RE_AUTHORED_LN.match(entry)
    if match:
        return rf"{match[1]}\ln " + (authored_tex(match[2]) if "/" in match[2] else match[2])
    match = RE_AUTHORED_SQRT.match(entry)
    if match:
        return rf"{match[1]}\sqrt{{{match[2]}}}"
    match = RE_AUTHORED_FRACTION.match(entry)
    if match:
        return rf"{match[1]}\tfrac{{{match[2]}}}{{{match[3]}}}"
    return entry


def rounded_sum_note(parts: list[float], total: float, digits: int) -> str | None:
    """Say so when the rounded `parts` do not add up to the rounded `total`, else None."""
    shown_parts = sum(round(part, digits) for part in parts)
    if round(shown_parts, digits) == round(total, digits):
        return None
    return (
        f"The rounded parts add up to {decimal(shown_parts, digits)}; the total "
        f"{decimal(total, digits)} is computed from the unrounded values."
    )
