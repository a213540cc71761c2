"""The served math font: a subset small enough to load fast that still holds every character the pages use."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from fontTools.ttLib import TTFont

from scripts.subset_math_font import DEFAULT_OUTPUT, STRETCHY, drawn_characters, italic_math_variant

if TYPE_CHECKING:
    from pathlib import Path


@pytest.fixture(scope="module")
def font() -> TTFont:
    """The WOFF2 the site serves, opened with fontTools."""
    return TTFont(DEFAULT_OUTPUT)


def test_math_table_is_kept(font: TTFont) -> None:
    """Assert the subset keeps the MATH table, with its constants and its glyph variants."""
    assert "MATH" in font
    table = font["MATH"].table
    assert table.MathConstants.FractionRuleThickness.Value > 0
    assert table.MathVariants.VertGlyphCoverage.glyphs


def test_stretchy_characters_have_variants(font: TTFont) -> None:
    """Assert brackets, bars, the radical, big operators and arrows keep their larger sizes or pieces."""
    cmap = font.getBestCmap()
    variants = font["MATH"].table.MathVariants
    stretchy = set(variants.VertGlyphCoverage.glyphs) | set(variants.HorizGlyphCoverage.glyphs)
    lacking = [character for character in STRETCHY if cmap.get(ord(character)) not in stretchy]
    assert not lacking, f"no MATH variants for {lacking}"


def test_italic_mapping_follows_mathml_core() -> None:
    """Assert single letters map to the italic forms browsers draw, with the holes of the block respected."""
    assert italic_math_variant("x") == "\U0001d465"
    assert italic_math_variant("h") == "ℎ"
    assert italic_math_variant("A") == "\U0001d434"
    assert italic_math_variant("α") == "\U0001d6fc"
    assert italic_math_variant("Ω") == "\U0001d6fa"
    assert italic_math_variant("∂") == "\U0001d715"
    assert italic_math_variant("2") == "2"
    assert italic_math_variant("∑") == "∑"


@pytest.mark.slow
def test_every_character_the_pages_draw_is_in_the_font(built_site: Path, font: TTFont) -> None:
    """Assert every character of every formula on the site, as the browser draws it, is in the font's cmap."""
    found = drawn_characters(built_site)
    assert found, "the built site has no MathML"
    variants = sorted(key for key in found if key.startswith("mathvariant="))
    assert not variants, f"pages use {variants} ({found[variants[0]]}): the font keeps only italic single letters"
    cmap = font.getBestCmap()
    missing = {f"U+{ord(c):04X} {c!r}": sorted(pages)[:3] for c, pages in found.items() if ord(c) not in cmap}
    assert not missing, f"make the font again from this build (scripts/subset_math_font.py FONT site): {missing}"
