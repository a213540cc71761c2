"""LaTeX to MathML: one formula through latex2mathml, then set as TeX sets it and checked (see the package's
docstring for each fix)."""

from __future__ import annotations

import functools
import html
import itertools
import re
from xml.etree.ElementTree import Element, tostring

from ..directives.errors import escaped, quoted

# latex2mathml writes symbols as character references inside the text of its elements.
RE_CHAR_REF = re.compile(r"&#x([0-9A-Fa-f]+);")
# What must never be left in a token: a command it did not know, a brace or an `&` out of place.
RE_LEFTOVER = re.compile(r"[\\{}&]")
RE_FUNCTION_NAME = re.compile(r"[A-Za-z]+")



FUNCTION_APPLICATION = "\u2061"
THIN_SPACE = "0.1667em"



class MathConversionError(ValueError):
    """A formula that latex2mathml cannot turn into correct MathML."""

    def __init__(self, formula: str, reason: str) -> None:
        self.formula = formula
        self.reason = reason
        super().__init__(escaped(f"cannot convert the formula '{quoted(formula, 200)}' to MathML: {reason}"))


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
