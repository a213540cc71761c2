"""The formulas of a page's HTML, as pymdownx.arithmatex leaves them, swapped for MathML; all else kept."""

from __future__ import annotations

import html
import re

from .tex import tex_to_mathml

# Both branches open with a literal `<`, outside every group: the regex engine then jumps from one `<` to the next
# instead of trying the pattern at every character (a page's scan took 8 times longer).
RE_MATH = re.compile(
    r"""
    <(?:
      (?P<code_tag>pre|code)(?=[\s>])[^>]*>.*?</(?P=code_tag)>
    | (?P<tag>span|div)(?P<attributes>(?=\s)[^>]*?\sclass="arithmatex(?:\s[^"]*)?"[^>]*)>
      (?: \\\((?P<inline>.*?)\\\) | \\\[(?P<display>.*?)\\\] )
      </(?P=tag)>(?P<after>[^\s<]*)
    )
    """,
    re.DOTALL | re.VERBOSE,
)
# A heading's inline math as the table of contents holds it: the TeX between \( and \), without its wrapper.
RE_TITLE_MATH = re.compile(r"\\\((?P<tex>.*?)\\\)", re.DOTALL)
# LaTeX as the tokens that nest: a command (`\\left`, `\\qquad`, an escaped character) or a brace; the rest is skipped.
RE_TEX_TOKEN = re.compile(r"\\(?:[A-Za-z]+|.)|[{}]")
DEPTH_CHANGE = {"{": 1, "}": -1, r"\left": 1, r"\right": -1, r"\begin": 1, r"\end": -1}



def convert_math(html_text: str) -> str:
    """Return `html_text` with every arithmatex formula converted to MathML, all else unchanged but what touches
    an inline formula without a space (`(`, `,`, `-wide`), which moves inside its wrapper (see `_inline`)."""
    pieces, end = [], 0
    for match in RE_MATH.finditer(html_text):
        before = html_text[end:match.start()]
        end = match.end()
        if match["inline"] is None:
            pieces += [before, _display(match)]
            continue
        lead = _touching_end(before)
        pieces += [before.removesuffix(lead), _inline(match, lead)]
    pieces.append(html_text[end:])
    return "".join(pieces)


def convert_title(title: str) -> str:
    """Return a table-of-contents title with its inline math as MathML, as in the heading itself."""
    return RE_TITLE_MATH.sub(lambda match: tex_to_mathml(html.unescape(match["tex"])), title)


def _display(match: re.Match[str]) -> str:
    """Convert one display formula's wrapper, or hand back a code block as it was."""
    if match["code_tag"] is not None:
        return match[0]
    maths = "".join(tex_to_mathml(part, display=True) for part in _statements(html.unescape(match["display"])))
    return f"<{match['tag']}{match['attributes']}>{maths}</{match['tag']}>{match['after']}"


def _touching_end(text: str) -> str:
    """The characters at the end of `text` that touch what follows without a space: a bracket, a word (none after a
    tag's `>`). Read from the end, so a long run of text costs no more than its last word."""
    if not text or text[-1].isspace():
        return ""
    return text.rsplit(None, 1)[-1].rpartition(">")[2]


def _inline(match: re.Match[str], lead: str) -> str:
    """Convert one inline formula's wrapper, taking in `lead` and the characters that follow it without a space.

    A browser may end a line on either side of a <math>, as of an image: a sentence broke as "d_k" / ". Values",
    or "(" / "i = 0". Inside the wrapper, which math.css keeps on one line, the formula and the brackets,
    punctuation or word it touches move together, as in TeX."""
    maths = tex_to_mathml(html.unescape(match["inline"]))
    return f"<{match['tag']}{match['attributes']}>{lead}{maths}{match['after']}</{match['tag']}>"


def _statements(tex: str) -> list[str]:
    """Split display math at each `\\qquad` outside every brace, `\\left`...`\\right` and environment: the
    separate statements of one line (`Q = X W_Q, \\qquad K = X W_K`), each then its own `<math>`, which math.css
    sets side by side, 2em apart, and one under the other on a screen too narrow for the line."""
    parts, start, depth = [], 0, 0
    for token in RE_TEX_TOKEN.finditer(tex):
        depth += DEPTH_CHANGE.get(token[0], 0)
        if token[0] == r"\qquad" and depth == 0:
            parts.append(tex[start:token.start()])
            start = token.end()
    parts.append(tex[start:])
    return [part.strip() for part in parts if part.strip()] or [tex]
