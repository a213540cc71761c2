"""One number policy: exact fractions for exact examples, fixed decimals elsewhere, inputs as authored."""

from __future__ import annotations

import math

import pytest

from attention_site.directives import DirectiveError
from attention_site.directives.formatting import (
    NumberStyle,
    authored_tex,
    authored_text,
    format_number,
    format_tex_number,
    format_vector,
    reader_minus,
    rounded_sum_note,
)

EXACT = NumberStyle(exact=True, digits=3)
DECIMAL = NumberStyle(exact=False, digits=3)


@pytest.mark.parametrize(
    ("x", "text", "tex"),
    [
        (0.25, "1/4", r"\tfrac{1}{4}"),
        (1.25, "5/4", r"\tfrac{5}{4}"),
        (-0.5, "-1/2", r"-\tfrac{1}{2}"),
        (2.0, "2", "2"),
        (0.0, "0", "0"),
        (math.log(2), "ln 2", r"\ln 2"),
        (math.log(1.5), "ln(3/2)", r"\ln \tfrac{3}{2}"),
        (1 / 3 + 1e-6, "0.333", "0.333"),
    ],
)
def test_exact_examples_show_fractions_and_logarithms(x: float, text: str, tex: str) -> None:
    """Assert exact values show as fractions or logarithms, and anything else falls back to decimals."""
    assert format_number(x, EXACT) == text
    assert format_tex_number(x, EXACT) == tex


def test_other_examples_show_fixed_decimals_without_negative_zero() -> None:
    """Assert decimals have the asked digits and -0.0001 at three places reads 0.000."""
    assert format_number(0.6652409557748219, DECIMAL) == "0.665"
    assert format_number(0.0900305731703805, DECIMAL) == "0.090"
    assert format_number(-0.0001, DECIMAL) == "0.000"
    assert format_number(7.876, NumberStyle(digits=2)) == "7.88"
    assert format_vector([7.876, 2.124], NumberStyle(digits=2)) == "(7.88, 2.12)"


@pytest.mark.parametrize(("x", "text"), [(64.0, "64.0"), (320.0, "320"), (1.25, "1.25"), (0.03125, "0.0312"),
                                         (-2.0, "-2.00"), (0.0, "0.000"), (4096.0, "4096")])
def test_sizes_show_significant_figures(x: float, text: str) -> None:
    """Assert a size across powers of ten keeps three significant figures: 64.0 and 0.0312, never 64.000."""
    assert format_number(x, NumberStyle(digits=3, significant=True)) == text


@pytest.mark.parametrize(("text", "shown"), [
    ("-1/2", "−1/2"), ("(-1.336, 0.267, -0.5)", "(−1.336, 0.267, −0.5)"), ("-ln 2", "−ln 2"), ("-∞", "−∞"),
    ("x-1", "x-1"), ("h1-o2", "h1-o2"), ('data-answer="-0.5"', 'data-answer="-0.5"'), ("`-1`", "`-1`"),
    ("1 - 2", "1 - 2"), ("2 × -1", "2 × −1")])
def test_a_reader_sees_a_true_minus_sign(text: str, shown: str) -> None:
    """Assert a negative number is signed with U+2212 as the math signs it, and a hyphen in a name, an attribute,
    or code stays."""
    assert reader_minus(text) == shown


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_nan_and_infinity_are_never_shown(bad: float) -> None:
    """Assert a NaN or an infinity stops the build instead of being printed."""
    with pytest.raises(DirectiveError, match="never shows a NaN or an infinity"):
        format_number(bad, DECIMAL)


def test_inputs_show_as_authored() -> None:
    """Assert authored entries keep their form: ln 2, fractions, square roots."""
    assert authored_text("ln  2") == "ln 2"
    assert authored_tex("ln 2") == r"\ln 2"
    assert authored_tex("-1/2") == r"-\tfrac{1}{2}"
    assert authored_tex("sqrt 2") == r"\sqrt{2}"


def test_rounded_parts_that_miss_the_rounded_total_are_explained() -> None:
    """Assert the lesson's 6.65 + 1.22 against 7.88 gets a note, and parts that add up get none."""
    weights = [0.6652409557748219, 0.09003057317038046, 0.24472847105479764]
    parts = [weights[0] * 10, 0.0, weights[2] * 5]
    total = sum(parts)
    assert rounded_sum_note(parts, total, 2) == (
        "The rounded parts add up to 7.87; the total 7.88 is computed from the unrounded values."
    )
    assert rounded_sum_note([0.25, 0.5, 0.25], 1.0, 3) is None


def test_whole_numbers_from_a_thousand_are_grouped() -> None:
    """Assert counts read as the deck writes them: 1,024 and 1,048,576; thin spaces in math."""
    assert format_number(1024.0, EXACT) == "1,024"
    assert format_number(1048576.0, EXACT) == "1,048,576"
    assert format_number(999.0, EXACT) == "999"
    assert format_tex_number(16384.0, EXACT) == r"16\,384"
    assert format_number(16384.0, NumberStyle(digits=0)) == "16,384"
    assert format_number(16384.0, DECIMAL) == "16384.000"
