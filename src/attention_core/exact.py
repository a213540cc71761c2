"""Exact entries for worked examples, written as short strings ("1/2", "ln 2", "sqrt 3").

Examples keep the strings they were authored with, so a page can show "ln 2" where a reader expects it,
and the arithmetic uses the float64 those strings stand for. The grammar is tiny and parsed with one
regular expression; nothing is ever evaluated as code.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from ._checks import FLOAT64_MAX, MAX_ENTRY_LENGTH, as_count, at_most, quote

__all__ = ["ACCEPTED_ENTRIES", "parse_entry", "parse_matrix", "parse_vector", "to_fraction"]

ACCEPTED_ENTRIES = (
    "an optional '-' followed by an integer ('2'), a decimal ('0.5'), a fraction of integers ('1/4'), "
    f"'ln N' or 'sqrt N' with N a positive integer or decimal, at most {MAX_ENTRY_LENGTH} characters"
)

_NUMBER = r"\d+(?:\.\d+)?"
RE_ENTRY = re.compile(
    rf"""
    ^(?P<sign>-)?\s*
    (?:
        (?P<function>ln|sqrt)\s*(?P<argument>{_NUMBER})
      | (?P<numerator>\d+)\s*/\s*(?P<denominator>\d+)
      | (?P<number>{_NUMBER})
    )$
    """,
    re.VERBOSE,
)


def parse_entry(text: str) -> float:
    """Return the float64 value of one authored entry such as "-1/2", "ln 2" or "sqrt 3".

    Accepted: see `ACCEPTED_ENTRIES`. Anything else raises `ValueError` quoting the text.
    """
    if not isinstance(text, str):
        raise ValueError(f"entry {quote(text)} is a {type(text).__name__}, not a string; write it as text")
    if len(text.strip()) > MAX_ENTRY_LENGTH:
        raise ValueError(f"entry {quote(text)} has {len(text.strip()):,} characters, above the core's limit "
                         f"MAX_ENTRY_LENGTH = {MAX_ENTRY_LENGTH}")
    match = RE_ENTRY.match(text.strip())
    if match is None:
        raise ValueError(f"entry {quote(text)} is not understood; accepted: {ACCEPTED_ENTRIES}")
    value = _magnitude(text, match)
    if not math.isfinite(value):  # unreachable within MAX_ENTRY_LENGTH digits, kept so no inf ever passes
        raise ValueError(f"entry {quote(text)} is beyond float64 (largest finite value {FLOAT64_MAX:.4g})")
    return -value if match["sign"] else value


def _magnitude(text: str, match: re.Match[str]) -> float:
    """Return the unsigned value of a matched entry."""
    if match["function"]:
        argument = float(match["argument"])
        if argument <= 0:
            raise ValueError(f"entry {quote(text)} needs a positive number after {match['function']!r}")
        return math.log(argument) if match["function"] == "ln" else math.sqrt(argument)
    if match["numerator"]:
        if int(match["denominator"]) == 0:
            raise ValueError(f"entry {quote(text)} divides by zero")
        return float(Fraction(int(match["numerator"]), int(match["denominator"])))
    return float(match["number"])


def parse_matrix(rows: Sequence[Sequence[str]]) -> np.ndarray:
    """Return the float64 matrix of authored rows of entries: (r rows of c strings) -> (r, c)."""
    if isinstance(rows, str) or not isinstance(rows, Sequence) or len(rows) == 0:
        raise ValueError(f"a matrix needs at least one row of entries, got {quote(rows)}")
    at_most("the number of rows of the matrix", len(rows), "MAX_TOKENS")
    for index, row in enumerate(rows):
        if isinstance(row, str) or not isinstance(row, Sequence):
            raise ValueError(f"row {index} of the matrix must be a list of entries, got {quote(row)}")
    widths = [len(row) for row in rows]
    at_most("the number of entries in row 0 of the matrix", widths[0], "MAX_WIDTH")
    for index, width in enumerate(widths):
        if width != widths[0] or width == 0:
            raise ValueError(
                f"row {index} of the matrix has {width} entries but row 0 has {widths[0]}; "
                "every row needs the same number of entries (at least one)"
            )
    return np.array([[parse_entry(entry) for entry in row] for row in rows], dtype=np.float64)


def parse_vector(entries: Sequence[str]) -> np.ndarray:
    """Return the float64 vector of authored entries: (c strings) -> (c,)."""
    return parse_matrix([entries])[0, :]


def to_fraction(value: float, max_denominator: int = 64, tolerance: float = 1e-12) -> Fraction | None:
    """Return the simple fraction `value` stands for, or None if no small denominator fits (or value is NaN or inf)."""
    real = isinstance(value, int | float | np.integer | np.floating) and not isinstance(value, bool | np.bool_)
    if not real:
        raise ValueError(f"to_fraction needs a real number, got {quote(value)}")
    max_denominator = as_count("max_denominator", max_denominator, limit="MAX_DENOMINATOR")
    if isinstance(tolerance, bool) or not isinstance(tolerance, int | float) or not 0 <= tolerance < math.inf:
        raise ValueError(f"tolerance must be a finite number >= 0, got {quote(tolerance)}")
    try:
        value = float(value)
    except OverflowError:
        raise ValueError(f"to_fraction needs a value within float64 (up to {FLOAT64_MAX:.4g}), got {quote(value)}") \
            from None
    if not math.isfinite(value):
        return None
    fraction = Fraction(value).limit_denominator(max_denominator)
    return fraction if abs(float(fraction) - value) <= tolerance else None
