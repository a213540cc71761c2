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
"""

from __future__ import annotations

import functools
import html
import itertools
import json
import re
from xml.etree.ElementTree import Element, fromstring, tostring

__all__ = [
    "MathConversionError", "convert_math", "convert_title", "readable_documents", "readable_formulas", "tex_to_mathml",
    "tex_to_text",
]

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
# A formula in a search document, \\(inline\\) or \\[display\\], or a code element (Material's search keeps <code>
# and <pre>), which may hold the same characters and is matched first to be left alone.
RE_SEARCH_FORMULA_OR_CODE = re.compile(
    r"<(?P<tag>pre|code)\b.*?</(?P=tag)>|\\\((?P<inline>.+?)\\\)|\\\[(?P<display>.+?)\\\]", re.DOTALL)
# A heading's inline math as the table of contents holds it: the TeX between \( and \), without its wrapper.
RE_TITLE_MATH = re.compile(r"\\\((?P<tex>.*?)\\\)", re.DOTALL)
# latex2mathml writes symbols as character references inside the text of its elements.
RE_CHAR_REF = re.compile(r"&#x([0-9A-Fa-f]+);")
# What must never be left in a token: a command it did not know, a brace or an `&` out of place.
RE_LEFTOVER = re.compile(r"[\\{}&]")
RE_FUNCTION_NAME = re.compile(r"[A-Za-z]+")
# LaTeX as the tokens that nest: a command (`\\left`, `\\qquad`, an escaped character) or a brace; the rest is skipped.
RE_TEX_TOKEN = re.compile(r"\\(?:[A-Za-z]+|.)|[{}]")
DEPTH_CHANGE = {"{": 1, "}": -1, r"\left": 1, r"\right": -1, r"\begin": 1, r"\end": -1}

FUNCTION_APPLICATION = "\u2061"
THIN_SPACE = "0.1667em"


class MathConversionError(ValueError):
    """A formula that latex2mathml cannot turn into correct MathML."""

    def __init__(self, formula: str, reason: str) -> None:
        self.formula = formula
        self.reason = reason
        super().__init__(f"cannot convert the formula '{formula}' to MathML: {reason}")


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


@functools.lru_cache(maxsize=4096)  # pages repeat formulas ($d_k$, $W_O$): convert each once
def tex_to_mathml(tex: str, *, display: bool = False) -> str:
    """Return one `<math>` element for the LaTeX `tex` (not html-escaped), block-level if `display`."""
    from latex2mathml.converter import convert_to_element  # on the first formula: a page without math needs none

    try:
        math = convert_to_element(tex, display="block" if display else "inline")
    except Exception as error:  # latex2mathml signals bad input with many unrelated exception types
        raise MathConversionError(tex, _describe(error)) from error
    _check_tokens(math, tex)
    _group_matrices(math)  # first: latex2mathml puts a matrix's brackets loose in a script's arguments
    _check_arity(math, tex)
    _fix_function_names(math)
    _fix_tokens(math)
    _join_words(math)
    _set_primes_at_text_size(math)
    _set_signs_unary(math)
    _tighten_script_operators(math)
    _unstretch_plain_brackets(math)
    _keep_short_fences(math)
    return tostring(math, encoding="unicode")


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


def _describe(error: Exception) -> str:
    """Name a latex2mathml exception in words (most carry no message)."""
    name = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(error).__name__).lower()
    return f"{name}: {error}" if str(error) else name


def _check_tokens(math: Element, tex: str) -> None:
    """Raise if a token still holds LaTeX: latex2mathml copies unknown commands and stray braces."""
    for element in math.iter():
        if element.tag not in TOKENS:
            continue
        leftover = RE_LEFTOVER.search(RE_CHAR_REF.sub("", element.text or ""))
        if leftover:
            raise MathConversionError(tex, f"{LEFTOVER_REASONS[leftover.group()]} '{element.text}'")


def _check_arity(math: Element, tex: str) -> None:
    """Raise if a fraction, root or script lost an argument (latex2mathml does not complain)."""
    for element in math.iter():
        expected = ARITY.get(element.tag)
        if expected is not None and len(element) != expected:
            raise MathConversionError(tex, f"<{element.tag}> needs {expected} arguments, got {len(element)} "
                                           "(is an argument of \\frac, \\sqrt[...] or a script missing?)")


def _fix_function_names(math: Element) -> None:
    """Make each named function (`\\sin`, `\\operatorname`) an upright `<mi>` applied to its argument."""
    parents = {child: parent for parent in math.iter() for child in parent}
    for element in [element for element in math.iter() if _is_function_name(element)]:
        element.tag = "mi"
        if len(element.text or "") == 1:
            element.set("mathvariant", "normal")
        anchor = parents[element]
        if anchor.tag not in ARITY or anchor[0] is not element:
            anchor = element
        if parents[anchor].tag not in ARITY:  # a script or a fraction's part: a child more would change its meaning
            _apply_function_after(anchor, parents[anchor])


def _is_function_name(element: Element) -> bool:
    """Tell a named function: a bare `<mo>` of letters, or a bare `<mi>` of two letters or more."""
    if element.attrib or not RE_FUNCTION_NAME.fullmatch(element.text or ""):
        return False
    return element.tag == "mo" or (element.tag == "mi" and len(element.text or "") > 1)


def _group_matrices(math: Element) -> None:
    """Wrap each bracketed matrix in its own `<mrow>` so its brackets stretch to the matrix alone."""
    for parent in list(math.iter()):
        children = list(parent)
        for before, table, after in zip(children, children[1:], children[2:], strict=False):
            if table.tag == "mtable" and before.tag == after.tag == "mo" and not before.attrib | after.attrib:
                index = list(parent).index(before)
                for child in (before, table, after):
                    parent.remove(child)
                group = Element("mrow")
                group.extend([before, table, after])
                parent.insert(index, group)


def _apply_function_after(anchor: Element, parent: Element) -> None:
    """Insert an invisible function application after `anchor`, thinly spaced unless a fence follows.

    A negative space written after the name (`\\max\\!\\left(`) asks for no space too: Chromium draws a
    negative `<mspace>` as no space at all, so the thin space is left out instead of cancelled."""
    index = list(parent).index(anchor)
    if index + 1 == len(parent):
        return
    apply = Element("mo", {"lspace": "0", "rspace": "0"})
    following = parent[index + 1]
    if not (_opens_with_fence(following) or _is_negative_space(following)):
        apply.set("rspace", THIN_SPACE)
    apply.text = FUNCTION_APPLICATION
    parent.insert(index + 1, apply)


def _is_negative_space(element: Element) -> bool:
    """Tell a negative `<mspace>` (`\\!`), as latex2mathml names it or in em."""
    width = element.get("width", "")
    return element.tag == "mspace" and (width.startswith("negative") or width.startswith("-"))


def _opens_with_fence(element: Element) -> bool:
    """Tell whether `element` starts with an opening bracket (TeX puts no space before one)."""
    while element.tag == "mrow" and len(element):
        element = element[0]
    text = html.unescape(element.text or "")
    return element.tag == "mo" and (element.get("form") == "prefix" or text in OPENING_FENCES)


def _fix_tokens(math: Element) -> None:
    """Decode character references, keep `\\mathrm` letters upright, unspace `/` and a full stop, name spaces in
    em."""
    for element in math.iter():
        if not element.text:
            continue
        text = RE_CHAR_REF.sub(lambda ref: chr(int(ref.group(1), 16)), element.text)
        if element.tag == "mi" and text != element.text and len(text) == 1 and text.isascii():
            element.set("mathvariant", "normal")  # `\mathrm{d}` arrives as a reference, a plain `d` not
        if element.tag == "mo" and text in ORDINARY_SYMBOLS and not element.attrib:
            element.tag = "mi"  # TeX sets \infty, \partial, \nabla as letters; latex2mathml as operators
            element.set("mathvariant", "normal")
        if element.tag == "mo" and text in UNSPACED_SYMBOLS and not element.attrib:
            element.attrib.update({"lspace": "0", "rspace": "0"})  # TeX's `/` and `.` are ordinary
        element.text = text
    for element in math.iter("mspace"):
        width = element.get("width", "")
        element.set("width", NAMED_SPACES.get(width, width))  # MathML Core dropped the named spaces


def _join_words(math: Element) -> None:
    """Write each run of three or more italic letters (`model`, `pos`) as one `<mi>`, which is set upright."""
    for parent in [element for element in math.iter() if element.tag not in ARITY]:
        for run in _letter_runs(parent):
            if len(run) >= WORD_LETTERS:
                run[0].text = "".join(letter.text or "" for letter in run)
                for letter in run[1:]:
                    parent.remove(letter)


def _letter_runs(parent: Element) -> list[list[Element]]:
    """Return the runs of consecutive one-letter `<mi>` children of `parent` (Latin letters, no attributes)."""
    runs: list[list[Element]] = [[]]
    for child in parent:
        if child.tag == "mi" and not child.attrib and RE_LETTER.fullmatch(child.text or ""):
            runs[-1].append(child)
        elif runs[-1]:
            runs.append([])
    return [run for run in runs if run]


def _set_primes_at_text_size(math: Element) -> None:
    """Set a prime (`q'`, `k'_j`) right after its letter at the text's size, a subscript after both: written as a
    superscript, the prime glyph, which is drawn raised already, came out a speck high above the letter (the
    served font has no larger prime for scripts, and browsers would not pick one)."""
    for parent in list(math.iter()):
        for index, script in enumerate(list(parent)):
            primes = _primes(script[-1]) if script.tag in {"msup", "msubsup"} else None
            if primes is None:
                continue
            mark = Element("mo", {"lspace": "0", "rspace": "0"})
            mark.text = primes
            primed = Element("mrow")
            primed.extend([script[0], mark])
            if script.tag == "msubsup":
                base = primed
                primed = Element("msub")
                primed.extend([base, script[1]])
            primed.tail = script.tail
            parent[index] = primed


def _primes(superscript: Element) -> str | None:
    """The primes a superscript holds and nothing else (`'`, `''`, `^{\\prime}`), or None."""
    while superscript.tag == "mrow" and len(superscript) == 1:
        superscript = superscript[0]
    text = superscript.text or ""
    return text if text and set(text) <= PRIMES and len(superscript) == 0 else None


def _set_signs_unary(math: Element) -> None:
    """Set a `+` or `-` right after an opening bracket, a relation, an operator or a comma against what follows,
    as TeX does (`(-1, 0)`, `= -b`): a browser spaced it on both sides as a binary operator, "( − 1, 0)"."""
    for parent in math.iter():
        for before, sign in itertools.pairwise(parent):
            if (sign.tag == "mo" and sign.text in SIGNS and not sign.attrib and before.tag == "mo"
                    and (before.text in OPERATORS_AND_COMMA or before.text in OPENING_BRACKETS)):
                sign.attrib.update({"lspace": "0", "rspace": "0"})


def _tighten_script_operators(math: Element) -> None:
    """Set each binary operator, relation or comma inside a script without space, as TeX's script style does."""
    for script in math.iter():
        if script.tag not in SCRIPTS:
            continue
        for row in [row for argument in list(script)[1:] for row in argument.iter()]:
            for element in list(row)[1:]:  # a leading sign (`e^{-x}`) is a prefix: unspaced already
                if element.tag == "mo" and element.text in OPERATORS_AND_COMMA and not element.attrib:
                    element.attrib.update({"lspace": "0", "rspace": "0"})


def _unstretch_plain_brackets(math: Element) -> None:
    """Keep a bracket typed without `\\left`/`\\right` (or `\\big`) at its size unless it wraps a matrix."""
    for parent in math.iter():
        if _is_matrix_group(parent):
            continue
        for element in parent:
            if element.tag == "mo" and not element.attrib and element.text in BRACKETS:
                element.set("stretchy", "false")


def _keep_short_fences(math: Element) -> None:
    """Keep `\\left( \\right)` at the font's size around a row no taller than a line with scripts (as TeX's
    delimiter rule does); Chromium would stretch them over every subscript (`\\max(m, \\max_j s_j)`)."""
    for row in math.iter("mrow"):
        fences = [child for child in row if child.tag == "mo" and child.get("fence") == "true"]
        if len(fences) == 2 and row[0] is fences[0] and row[-1] is fences[1] and not _is_tall(row[1:-1]):
            for fence in fences:
                fence.set("stretchy", "false")


def _is_tall(elements: list[Element]) -> bool:
    """Tell formula parts taller than a line: a fraction, root, matrix, big operator or stretching fences."""
    for part in [part for element in elements for part in element.iter()]:
        if part.tag in TALL or (part.tag == "mo" and part.get("stretchy") == "true"):
            return True
        if part.tag in SCRIPTS and len(part) and (part[0].text or "") in BIG_OPERATORS:
            return True
    return False


def _is_matrix_group(element: Element) -> bool:
    """Tell the `<mrow>` that `_group_matrices` made: a bracket, a matrix, a bracket."""
    return len(element) == 3 and element[1].tag == "mtable" and element[0].tag == element[2].tag == "mo"


# Elements whose children are positional arguments, with how many they must have.
ARITY = {
    "mfrac": 2, "mroot": 2, "msub": 2, "msup": 2, "msubsup": 3, "munder": 2, "mover": 2, "munderover": 3,
}
LEFTOVER_REASONS = {
    "\\": "unknown command", "{": "unbalanced brace", "}": "unbalanced brace",
    "&": "column separator outside a matrix or aligned environment",
}
NAMED_SPACES = {
    "veryverythinmathspace": "0.0556em", "verythinmathspace": "0.1111em", "thinmathspace": "0.1667em",
    "mediummathspace": "0.2222em", "thickmathspace": "0.2778em", "verythickmathspace": "0.3333em",
    "veryverythickmathspace": "0.3889em", "negativeveryverythinmathspace": "-0.0556em",
    "negativeverythinmathspace": "-0.1111em", "negativethinmathspace": "-0.1667em",
    "negativemediummathspace": "-0.2222em", "negativethickmathspace": "-0.2778em",
    "negativeverythickmathspace": "-0.3333em", "negativeveryverythickmathspace": "-0.3889em",
}
# Scripts: the first child is the base, the others are set in script style.
SCRIPTS = frozenset({"msub", "msup", "msubsup", "munder", "mover", "munderover"})
# Binary operators, relations and the comma: TeX puts a medium (binary) or thick (relation) space around them on
# the main line and none in scripts; a sign right after one of them is unary.
OPERATORS_AND_COMMA = frozenset("+−-±∓×⋅·=≠<>≤≥≈∼∈→←↦,")
BRACKETS = frozenset("()[]{}|‖⟨⟩⌊⌋⌈⌉")
PRIMES = frozenset("′″‴")
SIGNS = frozenset("+−±∓")
OPENING_BRACKETS = frozenset("([{⟨⌊⌈")  # a bar opens and closes: no sign is sure after one
UNSPACED_SYMBOLS = frozenset("/.")  # ordinary symbols in TeX; a browser spaces them as operators
TALL = frozenset({"mfrac", "msqrt", "mroot", "mtable"})
BIG_OPERATORS = frozenset("∑∏∫∬∮⋃⋂⨁⨂")
RE_LETTER = re.compile(r"[A-Za-z]")
WORD_LETTERS = 3  # `model`, `pos`: a word; `ij`, `xW`: a product or a pair of indices
ORDINARY_SYMBOLS = frozenset("∞∂∇∅⊤⊥")
TOKENS = frozenset({"mi", "mo", "mn"})
OPENING_FENCES = OPENING_BRACKETS | frozenset("|‖")
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
