"""Subset an OpenType math font to the characters the site's MathML uses and write it as WOFF2.

The site serves DejaVu Math TeX Gyre, from Debian's `fonts-dejavu-extra` package (file
`DejaVuMathTeXGyre.ttf`); any font with an OpenType MATH table works (Latin Modern Math from
`fonts-lmodern`, the TeX Gyre math fonts from `fonts-texgyre-math`). The subset keeps the MATH table and
every glyph it reaches (size variants and pieces for stretching brackets and roots), all layout features
(`ssty` gives script-size forms), the name table (it carries the copyright notice the licence asks for),
and the Mathematical Alphanumeric Symbols block, since browsers map `<mi>` letters there.

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

# Inclusive code-point ranges kept, with what the pages need from each.
UNICODE_RANGES = (
    (0x0020, 0x007E),    # Basic Latin: letters, digits, + - = ( ) [ ] { } / | < >
    (0x00A0, 0x00FF),    # Latin-1: no-break space, ·, ×, ÷, ¬, ±, ¯
    (0x02C6, 0x02DD),    # spacing modifiers used as accents: ˆ ˇ ˘ ˙ ˜
    (0x0300, 0x036F),    # combining accents
    (0x0391, 0x03F6),    # Greek letters and their math variants (ϵ ϑ ϕ ϖ)
    (0x2000, 0x206F),    # spaces, dashes, ′ ″, … and the invisible operators (function application)
    (0x20D0, 0x20F0),    # combining marks for symbols (vector arrow)
    (0x2100, 0x214F),    # letterlike: ℝ ℕ ℓ ℏ
    (0x2190, 0x21FF),    # arrows
    (0x2200, 0x22FF),    # mathematical operators: ∑ ∏ ∫ √ ∞ ≤ ≥ ≠ ≈ ∈ ⊤ ⋯ ⋮ ⋱
    (0x2308, 0x230B),    # ceiling and floor
    (0x239B, 0x23B3),    # bracket pieces
    (0x27E6, 0x27EF),    # mathematical brackets ⟦ ⟧ ⟨ ⟩
    (0x2980, 0x2983),    # ⦀ and white brackets
    (0x1D400, 0x1D7FF),  # Mathematical Alphanumeric Symbols
)


def subset_options() -> subset.Options:
    """Return the subsetter's options: every layout feature, names and MATH kept, no hinting."""
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.flavor = "woff2"
    return options


def subset_math_font(source: Path, output: Path) -> int:
    """Write the subset of `source` to `output` as WOFF2 and return its size in bytes."""
    font = TTFont(source, recalcTimestamp=False)
    if "MATH" not in font:
        raise SystemExit(f"{source}: no OpenType MATH table; choose a math font (see the docstring)")
    subsetter = subset.Subsetter(options=subset_options())
    subsetter.populate(unicodes=[code for low, high in UNICODE_RANGES for code in range(low, high + 1)])
    subsetter.subset(font)
    font.flavor = "woff2"
    output.parent.mkdir(parents=True, exist_ok=True)
    font.save(output)
    return output.stat().st_size


def main() -> None:
    """Parse the command line and write the subset."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="the math font to subset (.ttf or .otf)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where to write the WOFF2")
    arguments = parser.parse_args()
    size = subset_math_font(arguments.source, arguments.output)
    print(f"wrote {arguments.output} ({size:,} bytes)")


if __name__ == "__main__":
    main()
