"""Exact entries: the tiny grammar authors write examples in, and nothing else."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from attention_core import parse_entry, parse_matrix, parse_vector, to_fraction


@pytest.mark.parametrize(("text", "value"), [
    ("0", 0.0), ("2", 2.0), ("-1", -1.0), ("0.5", 0.5), ("1/4", 0.25), ("-1/2", -0.5), (" 3 / 4 ", 0.75),
    ("ln 2", math.log(2)), ("ln2", math.log(2)), ("-ln 2", -math.log(2)), ("sqrt 4", 2.0),
    ("sqrt 0.25", 0.5), ("ln 2.5", math.log(2.5)),
])
def test_accepted_entries(text: str, value: float) -> None:
    """Assert each accepted form gives its float64 value."""
    assert parse_entry(text) == value


@pytest.mark.parametrize("text", [
    "", "e", "1e3", "__import__('os')", "2*3", "ln -2", "ln 0", "sqrt -1", "1/0", "--1", "1/2/3", "log 2",
    "inf", "nan", ".5",
])
def test_refused_entries_quote_the_text(text: str) -> None:
    """Assert anything outside the grammar raises ValueError quoting the bad text."""
    with pytest.raises(ValueError, match=repr(text).replace("(", r"\(").replace(")", r"\)").replace("*", r"\*")):
        parse_entry(text)


def test_refused_entry_says_what_is_accepted() -> None:
    """Assert the message lists the accepted forms."""
    with pytest.raises(ValueError, match=r"accepted: an optional '-' followed by an integer"):
        parse_entry("two")
    with pytest.raises(ValueError, match="not a string"):
        parse_entry(2)  # type: ignore[arg-type]


def test_parse_matrix_and_vector() -> None:
    """Assert rows of strings become a float64 matrix, and ragged rows are refused naming the row."""
    matrix = parse_matrix([["0"], ["ln 2"], ["0"]])
    assert matrix.dtype == np.float64 and matrix.shape == (3, 1)
    assert parse_vector(["1", "-1/2"]).tolist() == [1.0, -0.5]
    with pytest.raises(ValueError, match="row 1 of the matrix has 1 entries but row 0 has 2"):
        parse_matrix([["1", "2"], ["3"]])
    with pytest.raises(ValueError, match="at least one row"):
        parse_matrix([])


def test_to_fraction_recognises_simple_fractions_only() -> None:
    """Assert 0.25 is 1/4, 1.25 is 5/4, and 0.665 (a rounded softmax weight) is no simple fraction."""
    assert to_fraction(0.25) == Fraction(1, 4)
    assert to_fraction(1.25) == Fraction(5, 4)
    assert to_fraction(math.exp(2) / (math.exp(2) + 1 + math.e)) is None
    assert to_fraction(float("nan")) is None
