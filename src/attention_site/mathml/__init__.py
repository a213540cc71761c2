"""Math at build time: turn the LaTeX that pymdownx.arithmatex leaves in the HTML into MathML.

`pymdownx.arithmatex` with `generic: true` wraps inline math as `<span class="arithmatex">\\(...\\)</span>`
and display math as `<div class="arithmatex">\\[...\\]</div>`, html-escaping `&`, `<`, `>` and `"`.
`convert_math` swaps the delimited LaTeX for MathML made by latex2mathml and keeps the wrapper (Material
styles `div.arithmatex` as a horizontally scrolling box); every other byte of the page stays as it was.

On top of latex2mathml 3.81 it fixes what reads wrongly in a browser: a name from `\\operatorname`
(or `\\max`) becomes an upright `<mi>` followed by an invisible function application instead of an `<mo>`
with operator spacing; a bare `/` loses its operator spacing; a single letter from `\\mathrm` stays
upright; text is escaped as XML (latex2mathml writes `\\text{a<b}` unescaped). It also sets what TeX sets
and a browser's MathML does not: a run of three letters or more (`d_{model}`, `pos`) is one upright word,
not a product of italic letters; a binary operator, relation or comma inside a script (`e^{s-m}`,
`\\sum_{j=1}`) has no space around it, as in TeX's script style; a bracket that is not `\\left`/`\\right`
nor a matrix's never stretches; a prime sits beside its letter at the text's size, not as a tiny superscript; a
`+` or `-` after a bracket, relation, operator or comma is a sign, and a full stop is unspaced. LaTeX that
latex2mathml rejects or silently mangles (an unknown command, a stray brace, a missing argument) raises
`MathConversionError` quoting the formula. A display line of statements set apart by `\\qquad` becomes one
`<math>` each, which math.css lets wrap on a narrow screen. What touches an inline formula without a space (a
bracket, a comma, the rest of "-wide") moves into its wrapper, which math.css keeps on one line: a browser may
otherwise end a line on either side of a `<math>`.

`tex_to_text` reads a formula back off its MathML as one line of plain text (`∂L/∂M`, `e^(s_i)`), for the
search's results, where MathML cannot go (`readable_documents`).

One module a step: `tex` (one formula, LaTeX to MathML, checked and fixed), `page` (every formula of a page's HTML),
`text` (a formula back to one line of plain text).
"""

from __future__ import annotations

from .page import convert_math, convert_title
from .tex import MathConversionError, tex_to_mathml
from .text import readable_documents, readable_formulas, tex_to_text

__all__ = [
    "MathConversionError", "convert_math", "convert_title", "readable_documents", "readable_formulas", "tex_to_mathml",
    "tex_to_text",
]
