"""Subset an OpenType math font to the characters the site's MathML can use and write it as WOFF2.

The site serves DejaVu Math TeX Gyre, from Debian's `fonts-dejavu-extra` package (file
`DejaVuMathTeXGyre.ttf`); any font with an OpenType MATH table works (Latin Modern Math from
`fonts-lmodern`, the TeX Gyre math fonts from `fonts-texgyre-math`).

What is kept, and why:

- the characters in `KEPT` below, the one list of them: Basic Latin, the Greek letters, the operators,
  relations, arrows and delimiters a formula on this site can use, and from the Mathematical Alphanumeric
  Symbols block only the italic Latin and italic Greek letters, because that is where browsers send a
  single-letter `<mi>` (MathML Core's italic mapping, `italic_math_variant` below; Chromium's table is the
  same). Bold, double-struck, script, fraktur, sans-serif and monospace letters are left out: no page uses
  `mathvariant` other than `normal`, and tests/test_math_font.py fails the day one does;
- the MATH table and every glyph it reaches from a kept glyph (fontTools follows it): the size variants
  and the assembly pieces that let brackets, bars, radicals, arrows and accents stretch, and the larger
  display forms of the big operators;
- the `dtls` feature (dotless i and j under accents), the name table (it carries the copyright notice the
  licence asks for).

Left out on purpose: hinting, and the `ssty` feature (script-size forms of every letter and digit). `ssty`
is half of the file (about 24 KB of 50), and Chromium does not apply it: a subscript is laid out with the
same glyphs and widths with or without it. Firefox applies it when present and otherwise draws the
ordinary glyphs at script size, slightly lighter.

Usage:  python scripts/subset_math_font.py SOURCE_FONT [--output docs/assets/fonts/dejavu-math.woff2]
Needs fontTools and brotli (for WOFF2). The output is byte-identical for the same source and versions.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "docs" / "assets" / "fonts" / "dejavu-math.woff2"
LAYOUT_FEATURES = ["dtls"]


def span(first: int, last: int) -> str:
    """The characters from code point `first` to `last`, both included."""
    return "".join(map(chr, range(first, last + 1)))


# The characters kept, by what they are for: the one place this list lives.
KEPT = (
    ("Basic Latin: letters, digits, + - / = < > ( ) [ ] { } | , . : ; ' ^ _ ~", span(0x20, 0x7E)),
    ("Latin-1: no-break space, ¬ ¯ ± · × ÷", "\u00a0¬¯±·×÷"),
    ("dotless i and j, for accents over i and j", "ıȷ"),
    ("Greek capitals and small letters", span(0x391, 0x3A1) + span(0x3A3, 0x3A9) + span(0x3B1, 0x3C9)),
    ("Greek symbol forms", "ϑϕϖϰϱϴϵ"),
    ("accents, spacing and combining (hat, caron, breve, dot, ring, tilde, vector arrow)",
     "ˆˇ˘˙˚˜" + span(0x300, 0x308) + "\u030a\u030c\u20d7"),
    ("spaces, dashes, ‖ … ′ ″ ‴", span(0x2002, 0x200B) + "–—‖…′″‴"),
    ("invisible operators: function application, times, separator, plus", span(0x2061, 0x2064)),
    ("letterlike: ℎ (the italic h), ℓ, ℂ ℕ ℚ ℝ ℤ", "ℎℓℂℕℚℝℤ"),
    ("arrows", "←↑→↓↔↕↦⇐⇑⇒⇓⇔"),
    ("operators and relations", "∀∂∃∅∇∈∉∏∑−∓∕∗∘∙√∝∞∣∥∧∨∩∪∫∼≃≅≈≠≡≤≥≪≫⊂⊃⊆⊇⊕⊗⊙⊤⊥⋅⋮⋯⋰⋱"),
    ("delimiters, horizontal brackets and braces", "⌈⌉⌊⌋⟦⟧⟨⟩⎴⎵⏞⏟"),
    ("mathematical italic Latin (U+1D455 is unassigned: ℎ above)", span(0x1D434, 0x1D454) + span(0x1D456, 0x1D467)),
    ("mathematical italic dotless i and j", "\U0001d6a4\U0001d6a5"),
    ("mathematical italic Greek, with ∇ ∂ and the symbol forms", span(0x1D6E2, 0x1D71B)),
)

# MathML Core's italic mapping for a single-letter <mi> (text-transform: math-auto), outside the ranges.
ITALIC_EXCEPTIONS = {
    "h": 0x210E, "ı": 0x1D6A4, "ȷ": 0x1D6A5, "ϴ": 0x1D6F3, "∇": 0x1D6FB, "∂": 0x1D715,
    "ϵ": 0x1D716, "ϑ": 0x1D717, "ϰ": 0x1D718, "ϕ": 0x1D719, "ϱ": 0x1D71A, "ϖ": 0x1D71B,
}
# (first character, last character, first italic code point) of the contiguous runs.
ITALIC_RUNS = (("A", "Z", 0x1D434), ("a", "z", 0x1D44E), ("Α", "Ω", 0x1D6E2), ("α", "ω", 0x1D6FC))


def kept_characters() -> list[int]:
    """Every code point in `KEPT`, sorted and without repeats."""
    return sorted({ord(character) for _, characters in KEPT for character in characters})


def italic_math_variant(character: str) -> str:
    """The character a browser draws for a single-letter <mi> holding `character` (itself if unmapped)."""
    if character in ITALIC_EXCEPTIONS:
        return chr(ITALIC_EXCEPTIONS[character])
    for first, last, italic in ITALIC_RUNS:
        if first <= character <= last and character != "\u03a2":  # U+03A2 is a hole in the Greek capitals
            return chr(italic + ord(character) - ord(first))
    return character


def subset_options() -> subset.Options:
    """Return the subsetter's options: MATH, `dtls` and every name kept, no hinting, WOFF2."""
    options = subset.Options()
    options.layout_features = LAYOUT_FEATURES
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.flavor = "woff2"
    return options


def subset_math_font(source: Path, output: Path) -> tuple[int, list[int]]:
    """Write the subset of `source` to `output` as WOFF2; return its size and the kept code points it lacks."""
    font = TTFont(source, recalcTimestamp=False)
    if "MATH" not in font:
        raise SystemExit(f"{source}: no OpenType MATH table; choose a math font (see the docstring)")
    wanted = kept_characters()
    missing = [code for code in wanted if code not in font.getBestCmap()]
    subsetter = subset.Subsetter(options=subset_options())
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    font.flavor = "woff2"
    output.parent.mkdir(parents=True, exist_ok=True)
    font.save(output)
    return output.stat().st_size, missing


def main() -> None:
    """Parse the command line and write the subset."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="the math font to subset (.ttf or .otf)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where to write the WOFF2")
    arguments = parser.parse_args()
    size, missing = subset_math_font(arguments.source, arguments.output)
    print(f"wrote {arguments.output} ({size:,} bytes, {len(kept_characters())} characters asked for)")
    if missing:
        print("not in the source font: " + " ".join(f"U+{code:04X}" for code in missing))


if __name__ == "__main__":
    main()
