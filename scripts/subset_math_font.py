"""Subset an OpenType math font to the characters the site's MathML can use and write it as WOFF2.

The site serves DejaVu Math TeX Gyre, from Debian's `fonts-dejavu-extra` package (file
`DejaVuMathTeXGyre.ttf`); any font with an OpenType MATH table works (Latin Modern Math from
`fonts-lmodern`, the TeX Gyre math fonts from `fonts-texgyre-math`).

What is kept, and why:

- the characters the built site's formulas draw, read from its MathML (`drawn_characters`): the text of
  every token element (`<mi>`, `<mn>`, `<mo>`, `<mtext>`, `<ms>`), where a single-letter `<mi>` counts as the
  mathematical italic letter the browser draws for it (MathML Core's italic mapping, `italic_math_variant`
  below; Chromium's table is the same), and the radical sign for `<msqrt>` and `<mroot>`. A page that
  starts using a new character fails tests/test_math_font.py until the font is made again from the new
  build;
- the delimiters and operators that stretch (`STRETCHY`), whether or not a page draws them yet, so that a
  new matrix or sum never lacks its brackets;
- the MATH table and every glyph it reaches from a kept glyph (fontTools follows it): the size variants
  and the assembly pieces that let brackets, bars, radicals, arrows and accents stretch, and the larger
  display forms of the big operators;
- the `dtls` feature (dotless i and j under accents), the name table (it carries the copyright notice the
  licence asks for).

Left out on purpose: hinting, and the `ssty` feature (script-size forms of every letter and digit). `ssty`
is half of the file (about 24 KB of 50), and Chromium does not apply it: a subscript is laid out with the
same glyphs and widths with or without it. Firefox applies it when present and otherwise draws the
ordinary glyphs at script size, slightly lighter.

Usage:  make build, then
        python scripts/subset_math_font.py SOURCE_FONT site [--output docs/assets/fonts/dejavu-math.woff2]
Needs fontTools and brotli (for WOFF2). The output is byte-identical for the same source and versions.
"""

from __future__ import annotations

import argparse
import html
import re
from collections import defaultdict
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "docs" / "assets" / "fonts" / "dejavu-math.woff2"
LAYOUT_FEATURES = ["dtls"]


# Delimiters and operators that must grow with what they enclose (MATH variants or assemblies): always kept.
STRETCHY = "()[]{}|‖√∑∫⟨⟩→"
RE_MATH = re.compile(r"<math\b.*?</math>", re.DOTALL)
RE_TOKEN = re.compile(r"<(mi|mn|mo|mtext|ms)\b([^>]*)>(.*?)</\1>", re.DOTALL)
RE_RADICAL = re.compile(r"<m(?:sqrt|root)\b")
RE_VARIANT = re.compile(r'\bmathvariant="([^"]*)"')
RE_TAG = re.compile(r"<[^>]+>")
RE_SPACE = re.compile(r"[ \t\r\n]+")  # collapsed as HTML collapses it; a no-break space stays

# MathML Core's italic mapping for a single-letter <mi> (text-transform: math-auto), outside the ranges.
ITALIC_EXCEPTIONS = {
    "h": 0x210E, "ı": 0x1D6A4, "ȷ": 0x1D6A5, "ϴ": 0x1D6F3, "∇": 0x1D6FB, "∂": 0x1D715,
    "ϵ": 0x1D716, "ϑ": 0x1D717, "ϰ": 0x1D718, "ϕ": 0x1D719, "ϱ": 0x1D71A, "ϖ": 0x1D71B,
}
# (first character, last character, first italic code point) of the contiguous runs.
ITALIC_RUNS = (("A", "Z", 0x1D434), ("a", "z", 0x1D44E), ("Α", "Ω", 0x1D6E2), ("α", "ω", 0x1D6FC))


def drawn_characters(site: Path) -> dict[str, set[str]]:
    """Every character the built site's MathML asks the font for, with the pages that ask for it.

    A single-letter <mi> without `mathvariant` is drawn as its mathematical italic form, so that form is
    what is collected for it; a `mathvariant` other than `normal` is collected as `mathvariant=NAME`.
    """
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(site.rglob("*.html")):
        page = path.relative_to(site).as_posix()
        for formula in RE_MATH.findall(path.read_text(encoding="utf-8")):
            if RE_RADICAL.search(formula):
                found["√"].add(page)
            for tag, attributes, content in RE_TOKEN.findall(formula):
                text = RE_SPACE.sub(" ", html.unescape(RE_TAG.sub("", content))).strip()
                variant = RE_VARIANT.search(attributes)
                if tag == "mi" and len(text) == 1 and not variant:
                    text = italic_math_variant(text)
                elif variant and variant.group(1) != "normal":
                    found[f"mathvariant={variant.group(1)}"].add(page)
                for character in text:
                    found[character].add(page)
    return found


def kept_characters(site: Path) -> list[int]:
    """The code points to keep: those the built `site` draws and the stretchy ones, sorted."""
    found = drawn_characters(site)
    variants = sorted(key for key in found if key.startswith("mathvariant="))
    if variants:
        raise SystemExit(f"pages use {variants}: this font keeps only the italic mapping of single letters")
    return sorted({ord(character) for character in found} | {ord(character) for character in STRETCHY})


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


def subset_math_font(source: Path, output: Path, wanted: list[int]) -> tuple[int, list[int]]:
    """Write the subset of `source` with the code points `wanted` to `output` as WOFF2; return its size and
    the wanted code points the source lacks."""
    font = TTFont(source, recalcTimestamp=False)
    if "MATH" not in font:
        raise SystemExit(f"{source}: no OpenType MATH table; choose a math font (see the docstring)")
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
    parser.add_argument("site", type=Path, help="the built site (make build writes site/), read for its formulas")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where to write the WOFF2")
    arguments = parser.parse_args()
    wanted = kept_characters(arguments.site)
    size, missing = subset_math_font(arguments.source, arguments.output, wanted)
    print(f"wrote {arguments.output} ({size:,} bytes, {len(wanted)} characters asked for)")
    if missing:
        print("not in the source font: " + " ".join(f"U+{code:04X}" for code in missing))


if __name__ == "__main__":
    main()
