"""Tests for attention_site/mathml/: arithmatex's LaTeX in, MathML out, every other byte untouched."""

from __future__ import annotations

import difflib
import re
import textwrap
from pathlib import Path

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_site.mathml import MathConversionError, convert_math, readable_formulas, tex_to_mathml, tex_to_text

MATH = '<math xmlns="http://www.w3.org/1998/Math/MathML" display="{}">'
INLINE = MATH.format("inline")
BLOCK = MATH.format("block")


def check(source: str, expected: str) -> None:
    """Convert dedented `source` and compare with dedented `expected`, printing a diff on mismatch."""
    source, expected = textwrap.dedent(source).strip(), textwrap.dedent(expected).strip()
    actual = convert_math(source)
    diff = "\n".join(difflib.unified_diff(expected.splitlines(), actual.splitlines(), lineterm=""))
    assert actual == expected, f"\n{diff}"


def arithmatex(text: str) -> str:
    """Return the HTML that Python-Markdown with arithmatex (generic) makes of `text`."""
    extensions = ["pymdownx.arithmatex", "pymdownx.superfences"]
    config = {"pymdownx.arithmatex": {"generic": True}}
    return markdown.markdown(textwrap.dedent(text), extensions=extensions, extension_configs=config)


def test_inline_fraction() -> None:
    """Assert an inline \\frac becomes an inline <mfrac> inside the arithmatex span."""
    check(
        r'<p>Half is <span class="arithmatex">\(\frac{1}{2}\)</span>.</p>',
        f"<p>Half is <span class=\"arithmatex\">{INLINE}<mrow><mfrac><mrow><mn>1</mn></mrow>"
        "<mrow><mn>2</mn></mrow></mfrac></mrow></math>.</span></p>",
    )


def test_display_sqrt() -> None:
    """Assert display math becomes a block <math> inside the arithmatex div, newlines and all dropped."""
    check(
        r"""
        <div class="arithmatex">\[
        \sqrt{d_k}
        \]</div>
        """,
        f'<div class="arithmatex">{BLOCK}<mrow><msqrt><mrow><msub><mi>d</mi><mi>k</mi></msub></mrow>'
        "</msqrt></mrow></math></div>",
    )


def test_tfrac() -> None:
    """Assert \\tfrac14 is a text-style fraction of 1 over 4."""
    assert tex_to_mathml(r"\tfrac14") == (
        f'{INLINE}<mrow><mstyle displaystyle="false" scriptlevel="0"><mfrac><mn>1</mn><mn>4</mn></mfrac>'
        "</mstyle></mrow></math>"
    )


def test_left_right_stretch() -> None:
    """Assert \\left( \\right) become stretchy fences around a fraction, fences of the font's size around a letter."""
    assert tex_to_mathml(r"\left( \frac{1}{x} \right)") == (
        f'{INLINE}<mrow><mrow><mo stretchy="true" fence="true" form="prefix">(</mo><mfrac><mrow><mn>1</mn></mrow>'
        '<mrow><mi>x</mi></mrow></mfrac><mo stretchy="true" fence="true" form="postfix">)</mo></mrow></mrow></math>'
    )
    assert tex_to_mathml(r"\left( x \right)") == (
        f'{INLINE}<mrow><mrow><mo stretchy="false" fence="true" form="prefix">(</mo><mi>x</mi>'
        '<mo stretchy="false" fence="true" form="postfix">)</mo></mrow></mrow></math>'
    )


def test_pmatrix_grouped_with_its_brackets() -> None:
    """Assert a pmatrix, written with arithmatex's escaped `&amp;`, is a table in its own bracketed row."""
    check(
        r"""
        <div class="arithmatex">\[A = \begin{pmatrix} 1 &amp; 2 \\ 3 &amp; 4 \end{pmatrix}\]</div>
        """,
        f'<div class="arithmatex">{BLOCK}<mrow><mi>A</mi><mo>=</mo><mrow><mo>(</mo><mtable>'
        "<mtr><mtd><mn>1</mn></mtd><mtd><mn>2</mn></mtd></mtr>"
        "<mtr><mtd><mn>3</mn></mtd><mtd><mn>4</mn></mtd></mtr>"
        "</mtable><mo>)</mo></mrow></mrow></math></div>",
    )


def test_operatorname_is_an_identifier() -> None:
    """Assert \\operatorname{softmax} is an upright <mi> applied to its argument, with no operator spacing."""
    assert tex_to_mathml(r"\operatorname{softmax}(x)") == (
        f'{INLINE}<mrow><mi>softmax</mi><mo lspace="0" rspace="0">\u2061</mo>'
        '<mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo></mrow></math>'
    )


def test_function_name_spaced_before_a_letter() -> None:
    """Assert a function applied to a bare letter gets TeX's thin space, and a subscript stays on the name."""
    assert tex_to_mathml(r"\operatorname{softmax}_i x") == (
        f'{INLINE}<mrow><msub><mi>softmax</mi><mi>i</mi></msub>'
        '<mo lspace="0" rspace="0.1667em">\u2061</mo><mi>x</mi></mrow></math>'
    )


def test_slash_is_not_spaced() -> None:
    """Assert a plain `/` has no operator spacing."""
    assert tex_to_mathml("a/b") == f'{INLINE}<mrow><mi>a</mi><mo lspace="0" rspace="0">/</mo><mi>b</mi></mrow></math>'


@pytest.mark.parametrize(("tex", "unary"), [
    ("(-1, 0)", True), ("(2, -1)", True), ("a = -b", True), (r"\left(-\frac{1}{4}\right)", True), ("a + -b", True),
    ("a - b", False), ("(a) - b", False),
])
def test_a_sign_after_a_bracket_relation_operator_or_comma_is_unary(tex: str, unary: bool) -> None:
    """Assert a minus or plus right after an opening bracket, a relation, an operator or a comma is set against what
    follows, as TeX sets it (a browser spaced "( − 1, 0)" as a subtraction), and a subtraction keeps its spaces."""
    signs = re.findall(r"<mo[^>]*>[+−]</mo>", tex_to_mathml(tex))
    assert signs[-1] == ('<mo lspace="0" rspace="0">−</mo>' if unary else "<mo>−</mo>"), signs


def test_a_full_stop_ending_a_formula_is_not_spaced() -> None:
    """Assert the full stop that ends a display formula sits against it, as in TeX (Chromium spaced it off as an
    operator: "base^(-2i/d) .")."""
    assert tex_to_mathml("x.") == f'{INLINE}<mrow><mi>x</mi><mo lspace="0" rspace="0">.</mo></mrow></math>'


def test_escaped_characters_round_trip() -> None:
    """Assert arithmatex's `&lt;` and `&amp;` are read as LaTeX and written back as valid XML."""
    check(
        r'<span class="arithmatex">\(a &lt; b \text{a&lt;b&amp;c}\)</span>',
        f'<span class="arithmatex">{INLINE}<mrow><mi>a</mi><mo>&lt;</mo><mi>b</mi>'
        "<mtext>a&lt;b&amp;c</mtext></mrow></math></span>",
    )


def test_mathrm_letter_stays_upright() -> None:
    """Assert \\mathrm{d} is an upright d, while a plain d is left to the browser's italic."""
    assert tex_to_mathml(r"\mathrm{d}x") == (
        f'{INLINE}<mrow><mi mathvariant="normal">d</mi><mi>x</mi></mrow></math>'
    )


def test_everything_else_byte_identical() -> None:
    """Assert text, attributes, entities and whitespace around the formulas are left exactly as they were."""
    page = arithmatex(
        r"""
        # Scores &amp; weights

        Weights $w_1$ and  $w_2$, see <a href="#x?a=1&amp;b=2">there</a>.

        $$
        s = q \cdot k
        $$

        Tail &lt;kept&gt;.
        """
    )
    converted = convert_math(page)
    head, _, _ = converted.partition(INLINE)
    assert head == page.partition("\\(")[0]
    assert converted.endswith(page.rpartition("</div>")[2])
    assert "\\(" not in converted and "\\[" not in converted


def test_code_untouched() -> None:
    """Assert math-like text in code spans and fenced code blocks stays as written."""
    page = arithmatex(
        r"""
        Inline `$x$` and `\(y\)`.

        ```html
        <span class="arithmatex">\(z\)</span>
        ```
        """
    )
    assert convert_math(page) == page


def test_raw_arithmatex_markup_inside_pre_untouched() -> None:
    """Assert an arithmatex wrapper that appears inside <pre> or <code> is not converted."""
    check(
        r"""
        <pre><span class="arithmatex">\(x\)</span></pre>
        <code><span class="arithmatex">\(y\)</span></code>
        """,
        r"""
        <pre><span class="arithmatex">\(x\)</span></pre>
        <code><span class="arithmatex">\(y\)</span></code>
        """,
    )


def test_extra_classes_and_id_kept() -> None:
    """Assert a fenced math block's id and extra classes stay on the wrapper."""
    check(
        r'<div id="eq" class="arithmatex wide">\[x\]</div>',
        f'<div id="eq" class="arithmatex wide">{BLOCK}<mrow><mi>x</mi></mrow></math></div>',
    )


@pytest.mark.parametrize(
    ("formula", "reason"),
    [
        (r"\frac{1}", "<mfrac> needs 2 arguments"),
        (r"\foo + 1", "unknown command '\\foo'"),
        (r"x}", "unbalanced brace"),
        (r"a &amp; b", "column separator outside a matrix"),
        (r"\left( x", "extra left or missing right"),
        (r"x^", "missing super script or subscript"),
    ],
)
def test_error_quotes_formula(formula: str, reason: str) -> None:
    """Assert a formula latex2mathml cannot convert raises MathConversionError quoting it."""
    with pytest.raises(MathConversionError) as caught:
        convert_math(f'<p>See <span class="arithmatex">\\({formula}\\)</span>.</p>')
    tex = formula.replace("&amp;", "&")
    assert f"the formula '{tex}'" in str(caught.value)
    assert reason in str(caught.value)
    assert caught.value.formula == tex
    assert isinstance(caught.value, ValueError)


LATEX_PIECES = st.sampled_from([
    "x", "1", "+", "=", "/", "<", "&", "&amp;", "&lt;", "{", "}", "^", "_", "\\", "\\\\", "(", ")", " ",
    r"\frac", r"\sqrt", r"\tfrac", r"\left(", r"\right)", r"\operatorname{softmax}", r"\text{a}",
    r"\begin{pmatrix}", r"\end{pmatrix}", r"\top", r"\cdot", "\n", "$", "]", "[",
])


@settings(max_examples=300, deadline=None)
@given(
    formula=st.lists(LATEX_PIECES, max_size=12).map("".join) | st.text(max_size=20),
    display=st.booleans(),
)
def test_random_formulas_convert_or_raise_math_error(formula: str, display: bool) -> None:
    """Assert any arithmatex-like HTML gives a string or MathConversionError, never another exception."""
    html = (f'<div class="arithmatex">\\[{formula}\\]</div>' if display
            else f'<p><span class="arithmatex">\\({formula}\\)</span></p>')
    try:
        result = convert_math(html)
    except MathConversionError:
        return
    assert isinstance(result, str)


@settings(max_examples=300, deadline=None)
@given(formula=st.lists(LATEX_PIECES, max_size=12).map("".join))
def test_every_formula_that_converts_reads_as_plain_text(formula: str) -> None:
    """Assert any formula that becomes MathML also becomes one line of text with no LaTeX left in it."""
    try:
        tex_to_mathml(formula)
    except MathConversionError:
        return
    text = tex_to_text(formula)
    assert "\\" not in text and "\n" not in text and text == text.strip(), (formula, text)


@pytest.mark.parametrize(("tex", "text"), [
    (r"\partial L / \partial W_Q = X^\top\, \partial L / \partial Q", "∂L/∂W_Q = X^⊤ ∂L/∂Q"),
    (r"a_i = e^{s_i} / \sum_k e^{s_k}", "a_i = e^(s_i)/∑_k e^(s_k)"),  # a script with a script is bracketed
    (r"w_j = \frac{e^{s_j}}{e^{s_1} + e^{s_2}}", "w_j = e^(s_j)/(e^(s_1) + e^(s_2))"),  # so is a sum
    (r"\operatorname{LayerNorm}(s) = \frac{s - \mu}{\sqrt{\sigma^2 + \varepsilon}}",
     "LayerNorm(s) = (s − μ)/√(σ^2 + ε)"),
    (r"O = \operatorname{softmax}\left(QK^\top / \sqrt{d_k}\right) V", "O = softmax(Q K^⊤/√(d_k)) V"),
    (r"e^{\ln 2} = 2", "e^(ln 2) = 2"),  # a function name before its argument, bracketed or not
    (r"u_{\text{rolls},1} = -\tfrac{1}{4}", "u_(rolls,1) = −1/4"),  # a sign is not spaced
    (r"M = \begin{pmatrix} 0 & -\infty \\ \ln 2 & 0 \end{pmatrix}", "M = (0 −∞; ln 2 0)"),
    (r"s_{ij} = q'_i \cdot k'_j", "s_ij = q′_i · k′_j"),
    (r"1 + 2 + \dots + n = n(n+1)/2", "1 + 2 + … + n = n(n + 1)/2"),
    (r"(B, n) \xrightarrow{\text{reshape}} (B, h, n)", "(B, n) reshape → (B, h, n)"),
    (r"q = x\,W_Q \qquad k = x\,W_K", "q = x W_Q\u2003k = x W_K"),  # statements an em space apart
    (r"\text{bytes} = 2 \times L \times g", "bytes = 2 × L × g"),
])
def test_a_formula_reads_as_one_line_of_text(tex: str, text: str) -> None:
    """Assert each kind of formula the pages write reads as a person would type it."""
    assert tex_to_text(tex) == text


def test_transposed_matrix_is_one_base() -> None:
    """Assert a bracketed matrix with a superscript is one <mrow> base of a two-argument <msup>."""
    assert tex_to_mathml(r"\begin{pmatrix} 0 \\ 1 \end{pmatrix}^{\!\top}") == (
        f"{INLINE}<mrow><msup><mrow><mo>(</mo><mtable><mtr><mtd><mn>0</mn></mtd></mtr>"
        "<mtr><mtd><mn>1</mn></mtd></mtr></mtable><mo>)</mo></mrow>"
        '<mrow><mspace width="-0.1667em" /><mi mathvariant="normal">⊤</mi></mrow></msup></mrow></math>'
    )


def test_infinity_is_not_an_operator() -> None:
    """Assert \\infty is an ordinary symbol, so e^{-\\infty} has no gap between the sign and ∞."""
    assert tex_to_mathml(r"e^{-\infty}") == (
        f'{INLINE}<mrow><msup><mi>e</mi><mrow><mo>−</mo><mi mathvariant="normal">∞</mi></mrow></msup></mrow></math>'
    )


def test_table_of_contents_titles_get_mathml_like_their_headings() -> None:
    """Assert a heading's inline math in the table of contents becomes MathML, and plain titles stay as they are."""
    from attention_site.mathml import convert_title

    title = convert_title(r"Adding a position row: \(e_i + p_i\)")
    assert title.startswith("Adding a position row: <math ")
    assert "<msub><mi>e</mi><mi>i</mi></msub>" in title
    assert convert_title("Softmax") == "Softmax"


# ---------------------------------------------------------------------------------------------------------
# Typesetting as TeX does it, checked on formulas as the pages write them

DOCS = Path(__file__).resolve().parent.parent / "docs"
RE_PAGE_FORMULA = re.compile(r"\$\$(?P<display>.+?)\$\$|\$(?P<inline>[^$\n]+)\$", re.DOTALL)


def page_formula(page: str, start: str) -> str:
    """The TeX of the first formula on docs/`page` that starts with `start` (spaces ignored)."""
    for match in RE_PAGE_FORMULA.finditer((DOCS / page).read_text(encoding="utf-8")):
        tex = (match["display"] or match["inline"]).strip()
        if tex.replace(" ", "").startswith(start.replace(" ", "")):
            return tex
    raise AssertionError(f"no formula starting '{start}' on docs/{page}: has the page changed?")


def test_words_in_scripts_are_one_upright_identifier() -> None:
    """Assert pos and model in the sinusoidal formula are words (one <mi> each), not runs of italic letters."""
    mathml = tex_to_mathml(page_formula("walkthrough/positions.md", r"p_{pos,\,2i} ="), display=True)
    assert mathml.count("<mi>pos</mi>") == 2  # the subscript and the numerator
    assert "<msub><mi>d</mi><mrow><mi>model</mi></mrow></msub>" in mathml
    assert "<mi>p</mi><mi>o</mi>" not in mathml
    assert "<mi>m</mi><mi>o</mi>" not in mathml


def test_d_model_is_one_word() -> None:
    """Assert d_{model}, as the output projection page writes it, has the word model as its subscript."""
    mathml = tex_to_mathml(page_formula("walkthrough/output-projection.md", r"h\,d_v \times d_{model}"))
    assert "<msub><mi>d</mi><mrow><mi>model</mi></mrow></msub>" in mathml


def test_two_letter_indices_stay_letters() -> None:
    """Assert the indices ij of a_{ij} stay two italic letters: a pair of indices, not a word."""
    mathml = tex_to_mathml(page_formula("walkthrough/softmax.md", "a_{ij} ="), display=True)
    assert "<msub><mi>a</mi><mrow><mi>i</mi><mi>j</mi></mrow></msub>" in mathml


def test_word_joined_after_function_names() -> None:
    """Assert a joined word is not taken for a function name (no invisible application after pos)."""
    mathml = tex_to_mathml("pos + 1")
    assert mathml == f"{INLINE}<mrow><mi>pos</mi><mo>+</mo><mn>1</mn></mrow></math>"


def test_operators_in_scripts_are_unspaced() -> None:
    """Assert the − in e^{m - m_new} and the + in p_{pos, 2i+1} have no space, the main line's + keeps its own."""
    running = tex_to_mathml(page_formula("beyond/tiled-attention.md", r"l \leftarrow l"), display=True)
    assert '<mi>m</mi><mo lspace="0" rspace="0">−</mo><msub><mi>m</mi>' in running
    assert "</msup><mo>+</mo><munder>" in running  # on the main line: the font's spacing
    cosine = tex_to_mathml(page_formula("walkthrough/positions.md", r"p_{pos,\,2i+1}"), display=True)
    assert '<mi>i</mi><mo lspace="0" rspace="0">+</mo><mn>1</mn>' in cosine
    assert '<mi>pos</mi><mo lspace="0" rspace="0">,</mo>' in cosine


def test_relation_under_a_sum_is_unspaced() -> None:
    """Assert the = of a sum's limit j=1 is set close, as TeX sets relations in scripts."""
    assert '<mi>j</mi><mo lspace="0" rspace="0">=</mo><mn>1</mn>' in tex_to_mathml(r"\sum_{j=1}^{n} a_j")


def test_fences_around_a_short_row_keep_their_size() -> None:
    """Assert \\left( \\right) around max_j s_j keep the font's size (Chromium would stretch them over the j)."""
    mathml = tex_to_mathml(page_formula("beyond/tiled-attention.md", r"m_{\text{new}} = \max"), display=True)
    assert mathml.count('stretchy="false" fence="true"') == 2
    assert 'stretchy="true"' not in mathml


def test_negative_space_after_a_function_name_leaves_no_space() -> None:
    """Assert max followed by \\! and a bracket gets no thin space (Chromium draws a negative space as none)."""
    mathml = tex_to_mathml(page_formula("beyond/tiled-attention.md", r"m_{\text{new}} = \max"), display=True)
    assert '<mi>max</mi><mo lspace="0" rspace="0">\u2061</mo><mspace width="-0.1667em" />' in mathml


def test_plain_norm_bars_do_not_stretch() -> None:
    """Assert the ‖ ‖ of the loss, written without \\left \\right, keep their size beside a script."""
    mathml = tex_to_mathml(page_formula("beyond/one-training-step.md", r"\tfrac12\lVert o - t"))
    assert mathml.count('<mo stretchy="false">‖</mo>') == 2


def test_left_right_and_matrix_brackets_still_stretch() -> None:
    """Assert \\left( \\right) and a pmatrix's brackets are left to stretch, and plain ( ) are not."""
    sine = tex_to_mathml(page_formula("walkthrough/positions.md", r"p_{pos,\,2i} ="), display=True)
    assert '<mo stretchy="true" fence="true" form="prefix">(</mo><mfrac>' in sine
    matrix = tex_to_mathml(r"(x) \begin{pmatrix} 1 \\ 2 \end{pmatrix}")
    assert matrix.count('<mo stretchy="false">') == 2
    assert "<mrow><mo>(</mo><mtable>" in matrix
    assert "</mtable><mo>)</mo></mrow>" in matrix


def test_statements_of_one_display_line_become_one_math_each() -> None:
    """Assert `\\qquad` between statements of a display formula splits it into one <math> per statement (math.css
    sets them side by side and wraps them on a narrow screen), with nothing of the formula lost or added."""
    page = convert_math(r'<div class="arithmatex">\[Q = X W_Q, \qquad K = X W_K, \qquad V = X W_V .\]</div>')
    assert page == ('<div class="arithmatex">' + tex_to_mathml("Q = X W_Q,", display=True)
                    + tex_to_mathml("K = X W_K,", display=True) + tex_to_mathml("V = X W_V .", display=True)
                    + "</div>")
    assert page.count(BLOCK) == 3


@pytest.mark.parametrize("formula", [
    r"a \text{ and \qquad so} b",  # inside a brace
    r"\left( x \qquad y \right)",  # inside \left...\right
    r"\begin{pmatrix} 1 \qquad 2 \end{pmatrix}",  # inside an environment
    r"\qquad a",  # nothing before it
    r"a \qquad",  # nothing after it
])
def test_a_qquad_that_separates_no_statements_leaves_one_formula(formula: str) -> None:
    """Assert a `\\qquad` inside a group, or with no statement on one side, leaves the formula one <math>."""
    page = convert_math(rf'<div class="arithmatex">\[{formula}\]</div>')
    assert page.count("<math ") == 1, page


@pytest.mark.parametrize(("text", "glued"), [
    (r"pair (\(i = 0\)). Heads", "pair [(MATH).] Heads"),
    (r"by \(i\), and a \(d_k\)-wide row", "by [MATH,] and a [MATH-wide] row"),
    (r"of <em>x</em>(\(a\))-th", "of <em>x</em>[(MATH)-th]"),
    (r"spaced ( \(a\) ) out", "spaced ( [MATH] ) out"),
    (r"<p>\(a\)</p>&#10;<td>\(b\)&nbsp;c</td>", "<p>[MATH]</p>&#10;<td>[MATH&nbsp;c]</td>"),
    (r"\(a\)\(b\),", "[MATH][MATH,]"),
])
def test_what_touches_an_inline_formula_moves_into_its_wrapper(text: str, glued: str) -> None:
    """Assert the characters that touch an inline formula without a space (a bracket, punctuation, a hyphenated
    word) move inside its wrapper, which math.css keeps on one line, and nothing else moves (shown here as
    [...] for the wrapper and MATH for the <math> element)."""
    source = re.sub(r"\\\(.*?\\\)", lambda formula: f'<span class="arithmatex">{formula[0]}</span>', text)
    page = re.sub(r"<math .*?</math>", "MATH", convert_math(source))
    assert page.replace('<span class="arithmatex">', "[").replace("</span>", "]") == glued


def test_text_after_display_math_stays_outside_its_box() -> None:
    """Assert text right after a display formula's box is left where it was."""
    page = convert_math(r'<div class="arithmatex">\[x\]</div>, then')
    assert re.sub(r"<math .*?</math>", "MATH", page) == '<div class="arithmatex">MATH</div>, then'


@pytest.mark.parametrize(("tex", "mathml"), [
    ("q'_{2i}",
     '<msub><mrow><mi>q</mi><mo lspace="0" rspace="0">′</mo></mrow><mrow><mn>2</mn><mi>i</mi></mrow></msub>'),
    ("k'", '<mrow><mi>k</mi><mo lspace="0" rspace="0">′</mo></mrow>'),
    (r"x^{\prime}", '<mrow><mi>x</mi><mo lspace="0" rspace="0">′</mo></mrow>'),
    ("f''", '<mrow><mi>f</mi><mo lspace="0" rspace="0">″</mo></mrow>'),
    (r"x^{\prime 2}", "<msup><mi>x</mi><mrow><mi>′</mi><mn>2</mn></mrow></msup>"),
])
def test_a_prime_sits_beside_its_letter_at_the_text_size(tex: str, mathml: str) -> None:
    """Assert a prime alone in a superscript is set right after its letter at the text's size, a subscript after
    both (as a superscript the raised prime glyph came out a speck above the letter), and a superscript that holds
    more than primes stays a superscript."""
    assert tex_to_mathml(tex) == f"{INLINE}<mrow>{mathml}</mrow></math>"


def test_inline_math_is_never_split() -> None:
    """Assert inline math keeps its `\\qquad` as space inside one <math>: only display lines wrap."""
    assert convert_math(r'<span class="arithmatex">\(a \qquad b\)</span>').count("<math ") == 1


@pytest.mark.parametrize(("text", "readable"), [
    (r"<p>the weight matrix \(A\) by hand</p>", "<p>the weight matrix A by hand</p>"),
    (r"weights \(a_i = e^{s_i} / \sum_k e^{s_k}\). Raising \(s_j\)", "weights a_i = e^(s_i)/∑_k e^(s_k). Raising s_j"),
    (r"gives</p> \[ J = \operatorname{diag}(a) - a\,a^\top , \] <p>where", "gives</p> J = diag(a) − a a^⊤, <p>where"),
    (r"\(x &lt; y\) and \(\sqrt{d_k}\)", "x &lt; y and √(d_k)"),
    (r"\(\partial L / \partial M = \tfrac{1}{4}\)", "∂L/∂M = 1/4"),
    (r'<pre><code>re.compile(r"\(x\)")</code></pre> and <code>\(not math\)</code>',
     r'<pre><code>re.compile(r"\(x\)")</code></pre> and <code>\(not math\)</code>'),
    (r"a broken \(\frac{1}\) formula", r"a broken \frac{1} formula"),
    ("no formula at all", "no formula at all"),
])
def test_a_formula_reads_as_plain_text_and_code_is_left_alone(text: str, readable: str) -> None:
    """Assert each formula of a search document reads as plain text (a broken one as its LaTeX, which its page's
    build reports), and the same characters in code are left alone."""
    assert readable_formulas(text) == readable


def test_a_function_name_as_a_script_adds_no_child_to_the_script() -> None:
    """Assert a named function written as a bare sub- or superscript (`x_\\max`, hypothesis's
    `_\\operatorname{softmax}^x`) gets no function application inside its script element, which would give an
    msubsup four children (and a plain-text reading that failed), while `\\sin^2 x` still applies sin to x."""
    assert tex_to_mathml(r"x_\max") == f'{INLINE}<mrow><msub><mi>x</mi><mi>max</mi></msub></mrow></math>'
    assert "<msubsup><mi /><mi>softmax</mi><mi>x</mi></msubsup>" in tex_to_mathml(r"_\operatorname{softmax}^x")
    assert tex_to_text(r"_\operatorname{softmax}^x") == "_softmax^x"
    assert '</msup><mo lspace="0" rspace="0.1667em">\u2061</mo><mi>x</mi>' in tex_to_mathml(r"\sin^2 x")
