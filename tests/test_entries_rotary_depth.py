"""Tests for the rotary entries of 'Rotary positions at full size' and the rotation figure (figures/rotations.py)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError
from attention_site.figures import TurnedPair, rotation_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_wavelength_table() -> None:
    """Assert the pairs shown of a head of 128: theta, and wavelengths 6.28 to 54,410 (base 10,000) and to
    2,559,196 (base 500,000), whole and grouped from 100 up."""
    assert expand("<!-- attn:table rotary wavelength-table -->") == "\n" + dedented("""
        | pair $i$ | frequency $\\theta_i$ | wavelength, base 10,000 | wavelength, base 500,000 |
        |:---|---:|---:|---:|
        | 0 | 1.00 | 6.28 | 6.28 |
        | 1 | 0.866 | 7.26 | 7.71 |
        | 16 | 0.100 | 62.83 | 167 |
        | 32 | 0.0100 | 628 | 4,443 |
        | 48 | 0.00100 | 6,283 | 118,143 |
        | 63 | 0.000115 | 54,410 | 2,559,196 |
        """) + "\n"


def test_about_6_and_about_54000_are_checked() -> None:
    """Assert the page's 'about 6' and 'about 54,000' hold, and 'about 7' stops the build naming the wavelength."""
    assert expand("<!-- attn:check rotary wavelengths row=@first col=wavelength close=6 within=0.5 -->"
                  "<!-- attn:check rotary wavelengths row=@last col=wavelength close=54000 within=1000 -->") == ""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: .*wavelength"):
        expand("<!-- attn:check rotary wavelengths row=@first col=wavelength close=7 within=0.5 -->")


def test_interpolation_table_and_the_last_position() -> None:
    """Assert positions 0, 1, 2,048 and 8,191 of a text 4 times longer are read at 0, 0.25, 512 and 2047.75,
    the last inside the 2,048 trained positions."""
    assert expand("<!-- attn:table rotary interpolation-table -->") == "\n" + dedented("""
        | position $p$ | interpolated $p / 4$ |
        |---:|---:|
        | 0 | 0 |
        | 1 | 0.25 |
        | 2,048 | 512 |
        | 8,191 | 2047.75 |
        """) + "\n"
    page = ("<!-- attn:value rotary last-position --> "
            "<!-- attn:value rotary interpolation row=@last col=interpolated -->"
            "<!-- attn:check rotary interpolation row=@last greater=trained,interpolated -->")
    assert expand(page) == "8,191 2047.75"


def test_ntk_base_and_thetas() -> None:
    """Assert NTK-aware scaling by 4 at d = 128 gives the base 40,890 and pair 63's theta 0.000115 -> 0.0000289."""
    page = ("<!-- attn:value rotary ntk-base --> <!-- attn:value rotary ntk-theta row=@last col=trained --> "
            "<!-- attn:value rotary ntk-theta row=@last col=ntk --><!-- attn:check rotary ntk-theta row=@first "
            "equal=trained,ntk -->")
    assert expand(page) == "40,890 0.000115 0.0000289"


def test_larger_base_and_its_longest_wavelength() -> None:
    """Assert Llama 3's base, as published, and its longest wavelength at d = 128."""
    page = ("<!-- attn:value rotary long-base --><!-- attn:check rotary long-base published=larger_base --> "
            "<!-- attn:value rotary longest-wavelength -->")
    assert expand(page) == "500,000 2,559,196"


def test_sinusoid_shift_table() -> None:
    """Assert the row of 3 turned by -2 theta_i is the row of 5, and the largest difference shows 0.000."""
    assert expand("<!-- attn:table rotary sinusoid-shift-table -->") == "\n" + dedented("""
        | entry | row of position 3 | row of position 5 | row of 3 turned by $-2\\,\\theta_i$ |
        |:---|---:|---:|---:|
        | sin0 | 0.141 | −0.959 | −0.959 |
        | cos0 | −0.990 | 0.284 | 0.284 |
        | sin1 | 0.030 | 0.050 | 0.050 |
        | cos1 | 1.000 | 0.999 | 0.999 |
        """) + "\n"
    page = "<!-- attn:value rotary sinusoid-difference --><!-- attn:check rotary sinusoid-difference sign=zero -->"
    assert expand(page) == "0.000"


def test_rotation_figure_draws_both_pairs_wide_and_narrow() -> None:
    """Assert the figure holds two SVGs (side by side, and stacked for a phone), each with one arrow a position and
    pair, and a text alternative listing every turned pair."""
    html = expand("<!-- attn:figure rotary rotation-figure -->")
    svgs = [ET.fromstring(svg) for svg in re.findall(r"<svg.*?</svg>", html, re.DOTALL)]
    assert [svg.get("class") for svg in svgs] == ["abh-figure abh-rotation abh-chart-wide",
                                                 "abh-figure abh-rotation abh-chart-narrow"]
    for svg in svgs:
        assert len(svg.findall(f".//{SVG}line[@marker-end]")) == 2 * 4
    desc = svgs[0].find(f"{SVG}desc")
    assert desc is not None and "pair 0 at p = 1: (0.540, 0.841)" in (desc.text or "")
    assert "pair 1 at p = 3: (1.000, 0.030)" in (desc.text or "")
    assert "The query of red placed at positions 0, 1, 2, 3" in html


def test_arrows_that_nearly_coincide_share_one_label() -> None:
    """Assert a slow pair's four arrows get one label 'p = 0, 1, 2, 3', and a fast pair's one label each."""
    slow = TurnedPair("slow", ("0", "1", "2", "3"), ((1, 0), (1, 0.01), (1, 0.02), (1, 0.03)))
    fast = TurnedPair("fast", ("0", "1"), ((1, 0), (0, 1)))
    texts = [t.text for t in ET.fromstring(rotation_svg([slow, fast], title="t", desc="d", id_prefix="r")).iter(
        f"{SVG}text")]
    assert "p = 0, 1, 2, 3" in texts and "p = 0" in texts and "p = 1" in texts
    with pytest.raises(ValueError, match="one point for each"):
        rotation_svg([TurnedPair("x", ("0",), ())], title="t", desc="d", id_prefix="r")
