"""MathML to text: a formula read back off its MathML as one line of plain text, for the search's results."""

from __future__ import annotations

import functools
import html
import json
import re
from xml.etree.ElementTree import Element, fromstring

from .tex import FUNCTION_APPLICATION, MathConversionError, tex_to_mathml

# A formula in a search document, \\(inline\\) or \\[display\\], or a code element (Material's search keeps <code>
# and <pre>), which may hold the same characters and is matched first to be left alone.
RE_SEARCH_FORMULA_OR_CODE = re.compile(
    r"<(?P<tag>pre|code)\b.*?</(?P=tag)>|\\\((?P<inline>.+?)\\\)|\\\[(?P<display>.+?)\\\]", re.DOTALL)



def readable_documents(documents: str) -> str:
    """Material's search documents (JSON) with readable formulas in each one's title and text (JSON)."""
    return json.dumps([{**doc, **{key: readable_formulas(doc[key]) for key in ("title", "text") if key in doc}}
                       for doc in json.loads(documents)])


def readable_formulas(text: str) -> str:
    """A search document's text with each formula as one line of plain text (tex_to_text): `\\(A\\)` reads `A`,
    `\\(\\partial L / \\partial M\\)` reads `∂L/∂M`. Material's search reads a page before its math becomes MathML
    (the hooks convert it later) and would show the LaTeX; code is left as it is. A formula that does not convert
    stays as the page writes it: its page's build names it (while serving, the preview goes on)."""

    def readable(match: re.Match[str]) -> str:
        if match["tag"]:
            return match[0]
        tex = (match["display"] if match["inline"] is None else match["inline"]).strip()
        try:
            return html.escape(tex_to_text(html.unescape(tex)), quote=False)
        except MathConversionError:
            return tex

    return RE_SEARCH_FORMULA_OR_CODE.sub(readable, text)


@functools.lru_cache(maxsize=4096)
def tex_to_text(tex: str) -> str:
    """One line of plain text for the LaTeX `tex`, read off its MathML, for where MathML cannot go (a search result):
    `\\frac{\\partial L}{\\partial M}` reads ∂L/∂M, `\\sqrt{d_k}` √(d_k), `e^{s_i}` e^(s_i), `QK^\\top` Q K^⊤,
    `\\operatorname{softmax}(S)` softmax(S), a matrix (0 1; 1 0), statements apart by `\\qquad` an em space apart."""
    text = _text(fromstring(tex_to_mathml(tex)))
    text = RE_APPLIED.sub("", text).replace(FUNCTION_APPLICATION, " ").replace("\xa0", " ")  # softmax(S), ln 2
    text = RE_AROUND_EM_SPACE.sub(EM_SPACE, RE_SPACES.sub(" ", text))
    return RE_SPACE_INSIDE_BRACKETS.sub("", text).strip(" ")


def _text(element: Element) -> str:
    """The plain text of one MathML element and what it holds."""
    name, children = _name(element), list(element)
    if name in TEXT_TOKENS:
        return element.text or ""
    if name == "mo":
        operator = (element.text or "").strip()
        return FUNCTION_APPLICATION if operator == FUNCTION_APPLICATION else operator.strip(INVISIBLE_OPERATORS)
    if name == "mspace":
        width = element.get("width", "")
        return "" if width.startswith("-") else EM_SPACE if width.endswith("em") and float(width[:-2]) >= 1 else " "
    if name == "mfrac":
        return f"{_term(_text(children[0]))}/{_term(_text(children[1]))}"
    if name == "msqrt":
        return "√" + _term(_row(children), script=True)
    if name == "mroot":  # \\sqrt[3]{x}: 3√x
        return _term(_text(children[1]), script=True) + "√" + _term(_text(children[0]), script=True)
    if name == "mover" and _text(children[0]).strip() in ARROWS:  # \\xrightarrow{reshape}: a labelled arrow
        return f" {_text(children[1])} {_text(children[0]).strip()} "
    if name in SCRIPT_MARKS:
        return _scripted(children[0], children[1:], SCRIPT_MARKS[name])
    if name == "mtable":
        return "; ".join(" ".join(_row(list(cell)).strip() for cell in row) for row in children)
    if name == "mphantom":
        return ""
    return _row(children)


def _name(element: Element) -> str:
    """An element's tag without its namespace."""
    return element.tag.rpartition("}")[2]


def _row(children: list[Element]) -> str:
    """Elements side by side: a binary operator or relation spaced, not a sign (-1/4, (0 -∞)); a comma followed by a
    space; two terms one space apart (Q K^⊤, ∑_j a_j v_j), but not a number and its letter (8r), letters (acc, s_ij),
    ∂ and what it acts on (∂L) or a closing bracket."""
    text, previous = "", None  # the last element's tag and text, and whether it is an operator
    for child in children:
        name, part = _name(child), _text(child)
        bare = part.strip()
        operator = name in ("mo", "mspace") or bare in SPACED_OPERATORS
        if bare in SPACED_OPERATORS:
            sign = previous is None or (previous[2] and previous[1][-1:] not in ENDS_A_TERM)
            part = bare if sign else f" {bare} "
        elif bare in (",", ";"):
            part = bare + " "
        elif previous and not operator and not previous[2] and not (
                (previous[0], name) in UNSPACED_PAIRS or previous[1][-1:] in "∂∇" or bare[:1] in CLOSING):
            part = " " + part
        text += part
        previous = (name, bare, operator)
    return text


def _scripted(base: Element, scripts: list[Element], marks: str) -> str:
    """A base with its subscript and superscript: x_i, e^(s_i), a_(rolls,red)^(2) (a prime is on its base already:
    `_set_primes_at_text_size`)."""
    texts = [RE_SCRIPT_OPERATOR.sub(r"\1", _text(script)).strip() for script in scripts]
    return _text(base) + "".join(mark + _term(text, script=True) for mark, text in zip(marks, texts, strict=True))


def _term(text: str, *, script: bool = False) -> str:
    """A fraction's part, a root's content or a script as one term: bracketed when it is more than one (s − μ), and
    for a script or a root also when it has a script of its own (e^(s_i), √(d_k))."""
    text = text.strip()
    several = any(mark in text for mark in (*SPACED_OPERATORS, ",", " ", EM_SPACE, FUNCTION_APPLICATION,
                                            *("_^" if script else "")))
    wrapped = (text[:1] + text[-1:] == "()" and text.count("(") == 1) or text[:2] + text[-1:] == "√()"
    return f"({text})" if len(text) > 1 and several and not wrapped else text



# For plain text (tex_to_text): tokens read as written, invisible operators dropped, the main line's binary operators
# and relations spaced, each kind of script marked as in LaTeX.
TEXT_TOKENS = frozenset({"mi", "mn", "mtext", "ms"})
INVISIBLE_OPERATORS = "\u2062\u2063\u2064"
SPACED_OPERATORS = frozenset("+−±∓×⋅·=≠<>≤≥≈∼∈→←↦∧")
CLOSING = frozenset(")]}⟩|‖")
ENDS_A_TERM = CLOSING | {"…", "⋯"}  # an operator after these is binary, not a sign
UNSPACED_PAIRS = frozenset({("mn", "mi"), ("mn", "msub"), ("mn", "msup"), ("mi", "mi")})
ARROWS = frozenset("→←⟶⟵↦")
EM_SPACE = "\u2003"  # \quad and wider: statements or a remark apart
RE_SPACES = re.compile(r" {2,}")
RE_AROUND_EM_SPACE = re.compile(" *\u2003[ \u2003]*")
RE_APPLIED = re.compile("\u2061 *(?=[(\\[])")
RE_SPACE_INSIDE_BRACKETS = re.compile(r"(?<=[(\[]) | (?=[)\]])")
RE_SCRIPT_OPERATOR = re.compile(r"\s*([+−=,<>≤≥·×±])\s*")
SCRIPT_MARKS = {"msub": "_", "msup": "^", "msubsup": "_^", "munder": "_", "mover": "^", "munderover": "_^"}
