"""Hostile pages, as a stranger's pull request might bring them: each gives the right output or a page:line error.

The engine is pure and fast, so most cases expand one page; the cases that need files (links out of docs/,
snippets, pages that are not UTF-8, a broken example input) run a whole strict build of a project copy.
"""

from __future__ import annotations

import functools
import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import markdown
import pytest
from conftest import ROOT, mkdocs
from mkdocs.config import load_config
from pages import dedented, expand
from pymdownx.snippets import SnippetExtension, SnippetMissingError

from attention_core.examples.base import ExampleInputError
from attention_core.examples.red_ball_rolls import RedBallRolls
from attention_site.build_cache import TextCache, cache_key, kept_files
from attention_site.directives import DirectiveError, listings
from attention_site.directives.mirror import PARTS, mirrors
from attention_site.html_check import check_html
from attention_site.live_reload import RELOAD_SCRIPT
from attention_site.mathml.tex import MathConversionError, tex_to_mathml
from attention_site.mkdocs_adapter.reload import display_path
from attention_site.postprocess import page_head
from attention_site.safety import EXAMPLE_SCRIPTS, SCRIPTS, check_file_type, check_no_links, check_snippets
from attention_site.snippets import ConfinedSnippets

Test = TypeVar("Test", bound=Callable[..., None])


def hostile(outcome: str) -> Callable[[Test], Test]:
    """Mark a test each of whose parameters is one hostile case, with what the case asserts: `refused` (stops at its
    page or file and line) or `built` (gives the right text). The guide's counts are made from these marks."""
    def marked(test: Test) -> Test:
        test.hostile = outcome  # type: ignore[attr-defined]
        return test
    return marked


ROLLS = "<!-- attn:value red-ball-rolls output row=rolls -->"
TABLE = "<!-- attn:table red-ball-rolls weights -->"
RE_PLACED = re.compile(r"^docs/x\.md:(?P<line>\d+): \S")

# (page, what the error says) for pages that must stop the build; the error is always at line 1 here.
REFUSED = {
    # unknown, missing and duplicate names and options
    "unknown kind": ("<!-- attn:tabel red-ball-rolls weights -->", "unknown directive 'attn:tabel'"),
    "unknown example": ("<!-- attn:table red-bal-rolls weights -->", "did you mean 'red-ball-rolls'"),
    "unknown entry": ("<!-- attn:table red-ball-rolls wieghts -->", "did you mean 'weights'"),
    "no names": ("<!-- attn:table -->", "takes an example and a name"),
    "one name": ("<!-- attn:table red-ball-rolls -->", "got 1 name(s)"),
    "three names": ("<!-- attn:table red-ball-rolls weights extra -->", "got 3 name(s)"),
    "empty": ("<!-- attn: -->", "'' is not a directive kind"),
    "unknown option": ("<!-- attn:table red-ball-rolls weights colour=red -->", "unknown option 'colour'"),
    "duplicate option": (f"{ROLLS[:-4]} row=red -->", "option 'row' is given twice"),
    "name after option": ("<!-- attn:table red-ball-rolls digits=2 weights -->", "comes after the options"),
    "wrong kind for entry": ("<!-- attn:figure red-ball-rolls weights -->", "cannot be shown by attn:figure"),
    "table inline": (f"Text {TABLE} text", "must stand alone on its line"),
    "bad label": ("<!-- attn:value red-ball-rolls output row=car -->", "row=car is not a label"),
    "matrix in a sentence": ("<!-- attn:value red-ball-rolls weights -->", "pick a row with row=NAME"),
    "blank of no column": ("<!-- attn:table red-ball-rolls weighted-sum blanks=nothing -->", "names no column"),
    # numbers: huge, negative, NaN, look-alike, Python
    "digits too large": ("<!-- attn:table red-ball-rolls weights digits=99 -->", "out of range"),
    "digits negative": ("<!-- attn:table red-ball-rolls weights digits=-1 -->", "out of range"),
    "digits huge": ("<!-- attn:table red-ball-rolls weights digits=" + "9" * 5000 + " -->", "(5,000 characters)"),
    "digits NaN": ("<!-- attn:table red-ball-rolls weights digits=nan -->", "not a whole number in ASCII digits"),
    "digits inf": ("<!-- attn:table red-ball-rolls weights digits=inf -->", "not a whole number in ASCII digits"),
    "digits float": ("<!-- attn:table red-ball-rolls weights digits=2.5 -->", "not a whole number"),
    "digits Arabic-Indic": ("<!-- attn:table red-ball-rolls weights digits=٣ -->", "not a whole number in ASCII"),
    "digits fullwidth": ("<!-- attn:table red-ball-rolls weights digits=５ -->", "not a whole number in ASCII"),
    "digits plus": ("<!-- attn:table red-ball-rolls weights digits=+3 -->", "not a whole number in ASCII"),
    "digits hex": ("<!-- attn:table red-ball-rolls weights digits=0x3 -->", "not a whole number"),
    "digits exponent": ("<!-- attn:table red-ball-rolls weights digits=1e1 -->", "not a whole number"),
    "digits Python": ("<!-- attn:table red-ball-rolls weights digits=__import__('os') -->", "not a whole number"),
    "cost n huge": ("<!-- attn:table cost table n=1000000000 -->", "out of range"),
    "cost n zero": ("<!-- attn:table cost table n=0 -->", "out of range"),
    "cost n too many": ("<!-- attn:table cost table n=" + ",".join(["4"] * 20) + " -->", "has 20 numbers"),
    "cost n empty item": ("<!-- attn:table cost table n=4,,8 -->", "not a whole number"),
    # option values with quotes, HTML, paths
    "quote in value": ('<!-- attn:value red-ball-rolls output row="rolls" -->', "is not a label"),
    "html in value": ("<!-- attn:value red-ball-rolls output row=<b>rolls</b> -->", "is not a label"),
    "path in value": ("<!-- attn:value red-ball-rolls output row=../../etc/passwd -->", "is not a label"),
    "python in value": ("<!-- attn:value red-ball-rolls output row=__import__('os').system('id') -->",
                        "is not a label"),
    "quote in name": ('<!-- attn:table "red-ball-rolls" weights -->', "is neither a name"),
    "capital name": ("<!-- attn:table Red-Ball-Rolls weights -->", "is neither a name"),
    "kind with dot": ("<!-- attn:os.system red-ball-rolls weights -->", "is not a directive kind"),
    "choice not accepted": ("<!-- attn:word bus-is-late scores row=late pick=__class__ -->", "is not accepted"),
    # unterminated and look-alike comments
    "unterminated": ("<!-- attn:table red-ball-rolls weights", "is not closed on its line"),
    "unterminated many": ("<!-- attn:" * 2000, "is not closed on its line"),
    "closed on next line": ("<!-- attn:value red-ball-rolls output row=rolls\n-->", "is not closed on its line"),
    "capital namespace": ("<!-- ATTN:table red-ball-rolls weights -->", "looks like a directive"),
    "cyrillic a": ("<!-- \u0430ttn:table red-ball-rolls weights -->", "CYRILLIC SMALL LETTER A"),
    "greek alpha": ("<!-- \u03b1ttn:table red-ball-rolls weights -->", "GREEK SMALL LETTER ALPHA"),
    "zero-width joiner": ("<!-- at\u200dtn:table red-ball-rolls weights -->", "ZERO WIDTH JOINER"),
    "soft hyphen": ("<!-- at\u00adtn:table red-ball-rolls weights -->", "SOFT HYPHEN"),
    "fullwidth colon": ("<!-- attn\uff1atable red-ball-rolls weights -->", "FULLWIDTH COLON"),
    "fullwidth letters": ("<!-- \uff41ttn:table red-ball-rolls weights -->", "FULLWIDTH LATIN SMALL LETTER A"),
    # raw HTML that would run code
    "script tag": ("<script>alert(1)</script>", "may not hold <script> tags"),
    "script tag capitals": ("<SCRIPT src=x.js></SCRIPT>", "may not hold <script> tags"),
    "script closing only": ("text </script> text", "may not hold <script> tags"),
    "iframe": ('<iframe src="https://example.org"></iframe>', "may not hold <iframe> tags"),
    "object": ('<object data="x.swf"></object>', "may not hold <object> tags"),
    "embed": ('<embed src="x">', "may not hold <embed> tags"),
    "base": ('<base href="https://example.org/">', "may not hold <base> tags"),
    "meta refresh": ('<meta http-equiv="refresh" content="0;url=https://example.org">', "may not hold <meta>"),
    "onclick": ('<p onclick="steal()">hi</p>', "event handlers such as 'onclick='"),
    "onerror on img": ('<img src=x onerror=alert(1)>', "event handlers such as 'onerror='"),
    "onload upper": ('<svg ONLOAD="x()"></svg>', "event handlers"),
    "javascript link": ("[click](javascript:alert(1))", "links to code"),
    "javascript spaced": ('<a href="javascript :alert(1)">x</a>', "links to code"),
    "vbscript link": ("[x](vbscript:msgbox)", "links to code"),
    "data html link": ("[x](data:text/html;base64,PHNjcmlwdD4=)", "links to code"),
    # sizes
    "page of 5 MB": ("word " * 1_000_000, "a page may hold at most 1,000,000"),
    "line of 30 kB": ("x" * 30_000, "a line may hold at most 20,000"),
    # claims
    "false claim": ("<!-- attn:check bus-is-late scores row=late largest=is -->", "with these inputs it is bus"),
    "claim without claim": ("<!-- attn:check bus-is-late scores row=late -->", "needs a claim"),
    # claims that could never fail, comments Markdown would hide, bytes that would drive a terminal
    "greater with one label": ("<!-- attn:check red-ball-rolls weights row=rolls greater=ball -->",
                               "greater= compares only ball here and so could never fail"),
    "equal=all on one number": ("<!-- attn:check red-ball-rolls weights row=rolls col=ball equal=all -->",
                                "equal= compares only ball here and so could never fail"),
    "equal with one label twice": ("<!-- attn:check red-ball-rolls weights row=rolls equal=ball,ball -->",
                                   "could never fail"),
    "same= with itself": ("<!-- attn:check red-ball-rolls weights same=weights -->",
                          "same= compares 'red-ball-rolls weights' with itself"),
    "same= with itself by place": ("<!-- attn:check red-ball-rolls weights row=rolls same=weights other-row=@last -->",
                                   "compares 'red-ball-rolls weights' (row rolls) with itself"),
    "differs= with itself": ("<!-- attn:check red-ball-rolls weights row=ball differs=red-ball-rolls:weights -->",
                             "differs= compares 'red-ball-rolls weights' (row ball) with itself"),
    "close=0 within=1000 on a weight": (
        "<!-- attn:check red-ball-rolls weights row=rolls col=ball close=0 within=1000 -->",
        "within=1000 is not smaller than one unit of the last decimal"),
    "close=1 within=1": ("<!-- attn:check red-ball-rolls weights row=red col=red close=1 within=1 -->",
                         "within=1 is not smaller than the number close= names (1)"),
    "close=1 within=100%": ("<!-- attn:check red-ball-rolls weights row=red col=red close=1 within=100% -->",
                            "within=100% is not smaller than the number close= names (1)"),
    "ratio=2 within=2": ("<!-- attn:check scaling raw-scores ratio=2 within=2 -->",
                         "within=2 is not smaller than the number ratio= names (2)"),
    "slope=1/2 within=0.5": ("<!-- attn:check head-width spreads col=raw slope=1/2 axes=log within=0.5 -->",
                             "within=0.5 is not smaller than the number slope= names (0.5)"),
    "same= within as wide as the numbers": (
        "<!-- attn:check red-ball-rolls weights row=ball same=weights other-row=rolls within=1 -->",
        "within=1 is not smaller than the largest number same= names (0.5)"),
    "three dashes": ("<!--- attn:table red-ball-rolls weights -->", "opens with more than two dashes"),
    "three dashes inline": ("Text <!--- attn:value red-ball-rolls output row=rolls --> text",
                            "opens with more than two dashes"),
    "NUL byte": ("<!-- attn:table red\x00ball weights -->", "'red\\x00ball' is neither a name"),
    "ESC sequence": ("<!-- attn:table red-ball-rolls wei\x1b[31mghts -->", "'wei\\x1b[31mghts' is neither"),
    "direction override": ("<!-- attn:table red-ball-rolls wei\u202eghts -->", "'wei\\u202eghts' is neither"),
    # Markdown's own cost: runs of brackets (quadratic) and nesting (recursion)
    "run of brackets": ("[" * 19_990, "Markdown would read 199,810,045 characters to match the '['"),
    "brackets over three lines": ("\n".join(["[" * 5_000] * 3), "Markdown would read"),
    "nested brackets": ("[" * 3_000 + "x" + "]" * 3_000, "Markdown would read"),
    "lists 300 deep": ("".join("    " * level + "- x\n" for level in range(300)), "nested 17 levels deep"),
    "quotes 300 deep": ("> " * 300 + "x", "this line is nested 300 levels deep"),
}
RE_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

# (page, what it must become) for pages that must build.
BUILT = {
    "plain directive": (f"Rolls is {ROLLS}.", "Rolls is (1/2, 5/4)."),
    "no space after comment": (ROLLS.replace("<!-- ", "<!--"), "(1/2, 5/4)"),
    "extra spaces": (ROLLS.replace(" row", "    row"), "(1/2, 5/4)"),
    "label with dash for space": ("<!-- attn:value red-ball-rolls w-o row=h2-o2 col=u1 -->", "−1"),
    "in inline code": (f"Write `{ROLLS}`.", f"Write `{ROLLS}`."),
    "in double-backtick code": (f"Write ``{ROLLS}``.", f"Write ``{ROLLS}``."),
    "in fenced code": (f"```\n{ROLLS}\n```", f"```\n{ROLLS}\n```"),
    "in tilde fence": (f"~~~\n{ROLLS}\n~~~", f"~~~\n{ROLLS}\n~~~"),
    "in long fence": (f"`````md\n```\n{ROLLS}\n```\n`````", f"`````md\n```\n{ROLLS}\n```\n`````"),
    "in quoted fence": (f"> ```\n> {ROLLS}\n> ```", f"> ```\n> {ROLLS}\n> ```"),
    "unclosed fence is text": (f"```\nRolls is {ROLLS}.", "Rolls is (1/2, 5/4)."),
    "in indented code": (f"Para\n\n    {ROLLS}", f"Para\n\n    {ROLLS}"),
    "in indented code at the start": (f"    {ROLLS}\n\nPara", f"    {ROLLS}\n\nPara"),
    "in indented code after a heading": (f"# H\n    {ROLLS}", f"# H\n    {ROLLS}"),
    "in indented code after a list": (f"- item\n\nPara\n\n    {ROLLS}", f"Para\n\n    {ROLLS}"),
    "in indented code in a box": (f"!!! note\n    Text\n\n        {ROLLS}", f"Text\n\n        {ROLLS}"),
    "in indented code in a quote": (f"> Para\n>\n>     {ROLLS}", f">     {ROLLS}"),
    "in a list item, not code": (f"- item\n\n    Rolls is {ROLLS}.", "    Rolls is (1/2, 5/4)."),
    "in a box, not code": (f"!!! note\n\n    Rolls is {ROLLS}.", "    Rolls is (1/2, 5/4)."),
    "indented after text, not code": (f"Para\n    Rolls is {ROLLS}.", "    Rolls is (1/2, 5/4)."),
    "triple backticks inline": (f"```x``` then {ROLLS}", "```x``` then (1/2, 5/4)"),
    "script shown in code": ("Write `<script>` and `onclick=` in code.", "Write `<script>` and `onclick=` in code."),
    "script in fence": ("```html\n<script>alert(1)</script>\n```", "```html\n<script>alert(1)</script>\n```"),
    "plain comment": ("<!-- an editor's note -->", "<!-- an editor's note -->"),
    "escaped brackets": ("\\[" * 5_000, "\\[\\["),
    "many links": ("[a](b) " * 2_000, "[a](b) [a](b)"),
    "lists 16 deep": ("".join("    " * level + "- x\n" for level in range(17)), "- x"),
    "close=0 within a tenth of a unit": (
        "<!-- attn:check red-ball-rolls weights row=red col=ball close=0 within=0.0001 -->", ""),
    "differs= from another row": ("<!-- attn:check red-ball-rolls weights row=ball differs=weights other-row=rolls -->",
                                  ""),
    "word one": ("<!-- attn:word red-ball-rolls weights row=rolls col=ball pick=words -->", "one half"),
    "harmless tags": ('<span class="x">a</span> <abbr title="y">b</abbr>', '<span class="x">a</span>'),
    "the word javascript": ("JavaScript is off on this machine.", "JavaScript is off"),
    "the word onclick alone": ("An onclick handler is how pages react.", "An onclick handler"),
}


# (page, what the error says, its line) for HTML that the line-by-line scanner lets by and the parsed page refuses.
REFUSED_PARSED = {
    "script split over lines": ("# X\n\n<script\n>alert(1)</script\n>", "<script> elements", 3),
    "meta refresh split": ('Text\n\n<meta\nhttp-equiv="refresh" content="0;url=https://example.org">',
                           "<meta> elements", 3),
    "iframe split": ('<iframe\nsrc="https://example.org"></iframe>', "<iframe> elements", 1),
    "object split": ('<object\ndata="x.swf"></object>', "<object> elements", 1),
    "embed split": ('<embed\nsrc="x">', "<embed> elements", 1),
    "base split": ('a\n\n<base\nhref="https://example.org/">', "<base> elements", 3),
    "form split": ('<form\naction="https://example.org"><input name=q></form>', "<form> elements", 1),
    "onerror split": ('<img src=x\nonerror=alert(1)>', "the attribute onerror= on <img>", 2),
    "entity-encoded javascript": ('<a href="&#106;avascript:alert(1)">x</a>', "the link href='javascript:", 1),
    "javascript with a tab": ('<a href="java\tscript:alert(1)">x</a>', "the link href=", 1),
    "attr_list handler": ("# X\n\nA paragraph.\n{: onclick=\"alert(1)\" }", "the attribute onclick= on <p>", 4),
    "attr_list link": ("[x](#a){: href=\"javascript:alert(1)\" }", "the link href=", 1),
    "MathML href": ("Here $\\href{javascript:alert(1)}{x}$ is.", "links in formulas", 1),
    "style element": ("<style>body{display:none}</style>", "<style> elements", 1),
    "style overlay": ('<div style="position:fixed;inset:0">x</div>', "the style 'position:fixed", 1),
    "svg animation": ('<svg><animate attributeName="href" to="javascript:alert(1)"/></svg>', "<animate>", 1),
    "svg foreignObject": ("<svg><foreignObject><p>x</p></foreignObject></svg>", "<foreignobject>", 1),
    "link element": ('<link rel="stylesheet" href="https://example.org/x.css">', "<link> elements", 1),
    "button formaction": ('<button formaction="https://example.org">x</button>', "<button> elements", 1),
    "input image": ('<input type="image" src="https://example.org/x.png">', "<input type=image>", 1),
    "target blank": ('<a href="https://example.org" target="_blank">x</a>', "the attribute target= on <a>", 1),
    "data url image": ('<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="">', "the link src=", 1),
    "cdata": ("<![CDATA[x]]>", "sections such as", 1),
    "ESC in an element name": ("<bl\x1bink>x</bl\x1bink>", "<bl\\x1bink> elements", 1),
    "NUL in an attribute name": ('<span cl\x00ass="y">x</span>', "the attribute cl\\x00ass= on <span>", 1),
    "direction override in an element name": ("<in\u202eput>", "<in\\u202eput> elements", 1),
}
# Pages with the HTML the site's own pages use, which must build through the same check.
BUILT_PARSED = {
    "table with alignment": "| a | b |\n|:-|-:|\n| 1 | 2 |",
    "footnote": "Text[^1].\n\n[^1]: A note.",
    "details": '??? note "More"\n    Hidden text.',
    "tabs": '=== "One"\n    First.\n\n=== "Two"\n    Second.',
    "attr_list class": "A paragraph.\n{: .lead #intro }",
    "image and links": "![a figure](figure.png) [a page](../other.md) [mail](mailto:a@b.org) [web](https://x.org)",
    "abbr": "The HTML spec.\n\n*[HTML]: Hyper Text Markup Language",
    "svg figure": '<svg viewBox="0 0 10 10" role="img"><title>t</title><rect x="1" y="1" width="2" height="2"/></svg>',
    "math": "Inline $\\frac{1}{2}$ and $$x^2$$",
    "href shown in code": "Write `$\\href{url}{text}$` to link, which pages may not.",
    "styled width": '<div class="x" style="max-width: 20px" markdown>\n\nText\n\n</div>',
}


@functools.cache
def site_markdown() -> markdown.Markdown:
    """Python-Markdown with the site's extensions and their options, as mkdocs.yml gives them."""
    config = load_config(str(ROOT / "mkdocs.yml"))
    return markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)


def rendered(page: str) -> str:
    """The HTML Markdown makes of a page, with the site's extensions."""
    return site_markdown().reset().convert(page)


@pytest.mark.parametrize(("page", "message", "line"), REFUSED_PARSED.values(), ids=REFUSED_PARSED.keys())
@hostile("refused")
def test_html_that_markdown_makes_is_judged_on_the_parsed_page(page: str, message: str, line: int) -> None:
    """Assert the page's HTML, as Markdown made it, stops at the page and line of what is refused."""
    with pytest.raises(DirectiveError) as caught:
        check_html(rendered(page), page, "docs/x.md")
    assert str(caught.value).startswith(f"docs/x.md:{line}: pages may not hold "), str(caught.value)
    assert message in str(caught.value), str(caught.value)
    assert not RE_CONTROL.search(str(caught.value)), repr(str(caught.value))  # raw, ESC would drive the terminal


@pytest.mark.parametrize("page", BUILT_PARSED.values(), ids=BUILT_PARSED.keys())
@hostile("built")
def test_the_html_the_site_uses_passes_the_parsed_check(page: str) -> None:
    """Assert tables, footnotes, tabs, details, attr_list classes, links, images, SVG and math pass."""
    check_html(rendered(dedented(page)), page, "docs/x.md")


@pytest.mark.parametrize(("page", "message"), REFUSED.values(), ids=REFUSED.keys())
@hostile("refused")
def test_a_hostile_page_stops_at_its_line(page: str, message: str) -> None:
    """Assert the page stops with page:line, says what is wrong, and quotes no more than a short value."""
    with pytest.raises(DirectiveError) as caught:
        expand(page)
    error = str(caught.value)
    assert RE_PLACED.match(error), error[:300]
    assert message in error, error[:300]
    assert len(error) < 2_000
    assert not RE_CONTROL.search(error), repr(error[:300])  # echoed raw, NUL and ESC would reach the terminal


@pytest.mark.parametrize(("page", "result"), BUILT.values(), ids=BUILT.keys())
@hostile("built")
def test_a_harmless_page_builds_to_the_right_text(page: str, result: str) -> None:
    """Assert the page builds and holds the expected text."""
    assert result in expand(page)


HIDDEN_BYTES = {"NUL": "\x00", "ESC": "\x1b[31m", "direction override": "\u202e", "C1 control": "\x9b"}
DIRECTIVE_PLACES = [  # each place of a directive where a page's own text is quoted back in an error
    "<!-- attn:{x}table red-ball-rolls weights -->", "<!-- attn:table red-ball-rolls{x} weights -->",
    "<!-- attn:table red-ball-rolls weights{x} -->", "<!-- attn:table red-ball-rolls weights digits=3{x} -->",
    "<!-- attn:table red-ball-rolls weights {x}=3 -->", "<!-- attn:value red-ball-rolls output row=rolls{x} -->",
    "<!-- attn:check red-ball-rolls weights row=rolls greater=ball{x},red -->",
    "<!-- attn:check red-ball-rolls weights row=rolls close=1{x} within=0.1 -->",
    "<!-- attn:check red-ball-rolls weights row=rolls close=1 within=0.1{x} -->",
    "<!-- attn:check red-ball-rolls weights same=out{x}put -->",
    "<!-- attn:check rotary base size=sl{x}ow -->", "<!-- attn:check rotary base published=ba{x}se -->",
    "<!-- at{x}tn:table red-ball-rolls weights -->", "<sc{x}ript>", '<a href="javascript:{x}">x</a>',
    "<!-- attn:word red-ball-rolls weights row=rolls pick=lar{x}gest -->", "[x](javascript:{x}1)",
]


@pytest.mark.parametrize("byte", HIDDEN_BYTES.values(), ids=HIDDEN_BYTES.keys())
@hostile("refused")
def test_no_message_echoes_a_byte_that_does_not_print(byte: str) -> None:
    """Assert a NUL, an ESC sequence, a direction override or a C1 control put in any place of a directive, a tag,
    an attribute or a page's file name comes back escaped (as \\x1b) in the error, never raw."""
    for place in DIRECTIVE_PLACES:
        page = place.format(x=byte)
        try:
            expand(page)
            check_html(rendered(page), page, "docs/x.md")
        except DirectiveError as error:
            assert not RE_CONTROL.search(str(error)), repr(str(error))
    assert not RE_CONTROL.search(str(DirectiveError("x", page=f"docs/a{byte}.md", line=1)))
    with pytest.raises(MathConversionError) as caught:  # a formula of the page, quoted when it does not convert
        tex_to_mathml(f"\\frac{{a{byte}}}")
    assert not RE_CONTROL.search(str(caught.value)), repr(str(caught.value))


def hostile_counts() -> dict[str, int]:
    """The hostile cases of this module, by speed and by outcome: each parameter of a test marked `hostile` is one."""
    counts = dict.fromkeys(("cases", "fast", "builds", "refused", "built"), 0)
    for test in [value for value in globals().values() if callable(value) and hasattr(value, "hostile")]:
        marks = getattr(test, "pytestmark", [])
        cases = next((len(mark.args[1]) for mark in marks if mark.name == "parametrize"), 1)
        slow = any(mark.name == "slow" for mark in marks)
        for key in ("cases", "builds" if slow else "fast", test.hostile):
            counts[key] += cases
    return counts


def test_the_guide_states_the_suites_counts() -> None:
    """Assert CONTRIBUTING.md's security section gives the hostile cases' counts as this module holds them, so a
    case added or removed fails here until the sentence is updated."""
    counts = hostile_counts()
    said = (f"`tests/test_hostile.py` holds the hostile cases: {counts['cases']} of them ({counts['fast']} fast, "
            f"{counts['builds']} whole builds), {counts['refused']} refused with their page (or file) and line and "
            f"{counts['built']} built to the right text; none is accepted silently wrong.")
    guide = " ".join((ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8").split())
    assert said in guide, f"CONTRIBUTING.md's security section should say: {said}"
    assert counts["cases"] == counts["refused"] + counts["built"] == counts["fast"] + counts["builds"]


def test_the_suite_is_large() -> None:
    """Assert the hostile suite holds the issue's cases and at least 60 more."""
    assert len(REFUSED) + len(BUILT) + len(REFUSED_PARSED) + len(BUILT_PARSED) >= 110


def planted(project: Path, relative: str, data: bytes | str) -> Path:
    """Write a file into a project copy."""
    path = project / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return path


def site_holds(site: Path, text: str) -> bool:
    """Tell whether any file of a built site holds `text`."""
    return site.exists() and any(text.encode() in path.read_bytes() for path in site.rglob("*") if path.is_file())


@pytest.mark.slow
@pytest.mark.parametrize("case", ["environ", "passwd", "git config"])
@hostile("refused")
def test_a_link_out_of_docs_never_reaches_the_site(case: str, project_copy: Path) -> None:
    """Assert a committed symbolic link from docs/ to a file outside stops the build, and no secret is written."""
    target = {"environ": "/proc/self/environ", "passwd": "/etc/passwd", "git config": str(project_copy / "README.md")}
    (project_copy / "docs/leak.txt").symlink_to(target[case])
    out = project_copy / "out"
    result = mkdocs(project_copy, "build", "--strict", "--site-dir", str(out), env={"FOO_SECRET": "s3cr3t-planted"})
    assert result.returncode == 1
    assert "docs/leak.txt:1: docs/leak.txt is a link to" in result.stderr and "Traceback" not in result.stderr
    assert not site_holds(out, "s3cr3t-planted")
    assert not (out / "leak.txt").exists()


@pytest.mark.slow
@hostile("refused")
def test_a_snippet_from_outside_its_folders_is_refused(project_copy: Path) -> None:
    """Assert a snippet naming .git/config or a file outside docs/programs and bench/results stops at its line."""
    planted(project_copy, "docs/x.md", '# X\n\nText\n\n--8<-- "../../README.md"\n')
    result = mkdocs(project_copy, "build", "--strict", "--site-dir", str(project_copy / "out"))
    assert result.returncode == 1
    assert "docs/x.md:5: snippet '../../README.md' is not a file inside docs/programs/ or bench/results/" in (
        result.stderr)
    assert "Traceback" not in result.stderr


@pytest.mark.slow
@hostile("refused")
def test_a_script_from_a_snippet_or_split_over_lines_stops_the_build(project_copy: Path) -> None:
    """Assert a script brought by a snippet of docs/programs/ (which the line scanner never reads) and a meta refresh
    split over two lines each stop the build at their page, and neither reaches the site."""
    planted(project_copy, "docs/programs/note.txt", "<script\n>window.planted = 1</script\n>\n")
    planted(project_copy, "docs/x.md", '# X\n\n--8<-- "note.txt"\n')
    planted(project_copy, "docs/y.md", '# Y\n\nText\n\n<meta\nhttp-equiv="refresh" content="0;url=https://example.org">\n')
    out = project_copy / "out"
    result = mkdocs(project_copy, "build", "--site-dir", str(out))
    assert result.returncode == 1
    assert "docs/x.md:1: pages may not hold <script> elements" in result.stderr
    assert "docs/y.md:5: pages may not hold <meta> elements" in result.stderr
    assert "Traceback" not in result.stderr
    pages = [path.read_text(encoding="utf-8") for path in out.rglob("*.html")]
    assert pages and not any("window.planted" in page or 'http-equiv="refresh"' in page for page in pages)


SNIPPET_FORMS = {  # every form pymdownx.snippets reads, each naming the link planted in bench/results/
    "docs/fenced.md": '# F\n\n```text\n--8<-- "leak.txt"\n```\n',
    "docs/single.md": '# S\n\n-8<- "leak.txt"\n',
    "docs/block.md": "# B\n\n--8<--\nleak.txt\n--8<--\n",
    "docs/nested.md": '# N\n\n--8<-- "outer.txt"\n',
}


@pytest.mark.slow
@hostile("refused")
def test_a_link_in_a_snippet_folder_never_reaches_a_page_by_any_form(project_copy: Path) -> None:
    """Assert a symbolic link in bench/results/ to a secret stops the build at the link, for a snippet inside a
    fence, the single-dash form, the block form and a nested include alike, and the secret is on no page."""
    secret = planted(project_copy, "outside/secret.txt", "s3cr3t-planted\n")
    (project_copy / "bench/results/leak.txt").symlink_to(secret)
    planted(project_copy, "docs/programs/outer.txt", '--8<-- "leak.txt"\n')
    for page, text in SNIPPET_FORMS.items():
        planted(project_copy, page, text)
    out = project_copy / "out"
    result = mkdocs(project_copy, "build", "--site-dir", str(out))
    assert result.returncode == 1
    assert "bench/results/leak.txt:1: bench/results/leak.txt is a symbolic link" in result.stderr
    assert "Traceback" not in result.stderr
    assert not site_holds(out, "s3cr3t-planted")


@hostile("refused")
def test_a_link_at_any_depth_of_a_snippet_folder_is_refused(tmp_path: Path) -> None:
    """Assert a link two folders down in a snippet folder, and a snippet folder that is a link, are refused."""
    folder = tmp_path / "bench/results"
    (folder / "a/b").mkdir(parents=True)
    (folder / "a/b/x.txt").symlink_to("/etc/passwd")
    with pytest.raises(DirectiveError, match=r"^bench/results/a/b/x\.txt:1: .* is a symbolic link"):
        check_no_links([folder])
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/programs").symlink_to(tmp_path / "bench")
    with pytest.raises(DirectiveError, match=r"^docs/programs:1: "):
        check_no_links([tmp_path / "docs/programs"])


@hostile("built")
def test_a_forged_or_edited_cache_entry_is_never_served(tmp_path: Path) -> None:
    """Assert a page entry written by someone else (its key computed offline, as a pull request could) or edited
    after it was kept is made afresh, while the machine's own entry is served."""
    cache = TextCache(tmp_path / "pages", "s" * 64)
    path = cache.folder / cache_key("s" * 64, "page")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"files": {}, "text": "<script>forged()</script>"}), encoding="utf-8")
    assert cache.get(lambda: "made here", "page") == "made here"
    assert cache.get(lambda: "made again", "page") == "made here"  # the entry this machine sealed
    kept = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**kept, "text": "<script>edited()</script>"}), encoding="utf-8")
    assert cache.get(lambda: "made once more", "page") == "made once more"


@hostile("built")
def test_a_forged_workbook_folder_is_made_afresh(tmp_path: Path) -> None:
    """Assert a kept workbook folder whose file was replaced (or that came without this machine's seal) is made
    again, and the machine's own folder is served."""
    folder = tmp_path / "workbooks/KEY"
    assert kept_files(folder, lambda: {"a.xlsx": b"made here"}) == {"a.xlsx": b"made here"}
    assert kept_files(folder, lambda: {"a.xlsx": b"made again"}) == {"a.xlsx": b"made here"}
    (folder / "a.xlsx").write_bytes(b"=HYPERLINK(forged)")
    assert kept_files(folder, lambda: {"a.xlsx": b"made afresh"}) == {"a.xlsx": b"made afresh"}
    (folder / "SEAL").unlink()
    assert kept_files(folder, lambda: {"a.xlsx": b"unsealed"}) == {"a.xlsx": b"unsealed"}


@pytest.mark.slow
@hostile("refused")
def test_a_cache_tracked_by_git_stops_the_build(project_copy: Path) -> None:
    """Assert one file under .cache/ that git tracks (force-added, as a pull request could) stops the build before
    anything is built, naming the file and what to do."""
    planted(project_copy, ".cache/pages/0123/abcd", '{"files": {}, "text": "<script>x()</script>"}')
    for command in (["init", "-q"], ["add", "-f", ".cache/pages/0123/abcd"]):
        subprocess.run(["git", *command], cwd=project_copy, check=True, capture_output=True)
    result = mkdocs(project_copy, "build", "--site-dir", str(project_copy / "out"))
    assert result.returncode == 1
    assert (".cache/pages/0123/abcd:1: git tracks 1 file(s) under .cache/; the build cache is kept by each machine "
            "and never committed") in result.stderr
    assert "Traceback" not in result.stderr and not (project_copy / "out/index.html").exists()


# file of docs/ -> what the refusal says; each would be published as it is, outside every page's policy.
REFUSED_FILES = {
    "x.html": "docs/ may not hold '.html' files",
    "figures/x.svg": "docs/ may not hold '.svg' files",
    "x.SVG": "docs/ may not hold '.svg' files",
    "x.xhtml": "docs/ may not hold '.xhtml' files",
    "x.js": "a .js file belongs in docs/javascripts/",
    "programs/x.js": "a .js file belongs in docs/javascripts/",
    "x.mjs": "docs/ may not hold '.mjs' files",
    "x": "docs/ may not hold 'files without a suffix' files",
    "stylesheets/x.css.map": "docs/ may not hold '.map' files",
    "javascripts/planted.js": "docs/javascripts/planted.js is not one of the site's scripts (calculator.js,",
    "javascripts/sub/reader.js": "docs/javascripts/sub/reader.js is not one of the site's scripts",
    "javascripts/Reader.JS": "docs/javascripts/Reader.JS is not one of the site's scripts",
    "javascripts/live/planted.js": "docs/javascripts/live/planted.js is not one of the site's scripts",
    "javascripts/live/Charts.js": "docs/javascripts/live/Charts.js is not one of the site's scripts",
    "javascripts/live/kv-cache.js/x.js": "docs/javascripts/live/kv-cache.js/x.js is not one of the site's scripts",
    "javascripts/live/../live.js": "docs/javascripts/live/../live.js is not one of the site's scripts",
    "javascripts/live/live/kv-cache.js": "docs/javascripts/live/live/kv-cache.js is not one of the site's scripts",
}


@pytest.mark.parametrize(("relative", "message"), REFUSED_FILES.items(), ids=REFUSED_FILES.keys())
@hostile("refused")
def test_a_file_of_a_type_the_site_does_not_serve_is_refused(relative: str, message: str) -> None:
    """Assert HTML, SVG, scripts outside docs/javascripts/ and unknown types stop the build naming the file."""
    with pytest.raises(DirectiveError, match=rf"^docs/{re.escape(relative)}:1: {re.escape(message)}"):
        check_file_type(relative, f"docs/{relative}")


@hostile("refused")
def test_a_file_named_with_a_byte_that_does_not_print_is_named_with_its_escape(tmp_path: Path) -> None:
    """Assert the adapter names a file of docs/ whose name holds ESC with the escape written out, as every message of
    the engine quotes what a page holds: a name that moves the terminal's cursor never reaches it raw."""
    assert display_path(tmp_path / "docs/x\x1b[2J\u202e.html", tmp_path) == "docs/x\\x1b[2J\\u202e.html"
    assert display_path(Path("/elsewhere/\x00.md"), tmp_path) == "/elsewhere/\\x00.md"


def test_the_files_the_site_serves_pass_the_type_check() -> None:
    """Assert every file docs/ holds now is of a type served where it is."""
    for path in sorted((ROOT / "docs").rglob("*")):
        if path.is_file():
            check_file_type(path.relative_to(ROOT / "docs").as_posix(), path.name)


def test_every_declared_script_is_a_file_of_the_site() -> None:
    """Assert the list of the site's scripts names exactly the files of docs/javascripts/ (none left behind), and
    that live/ holds one file for each example the browser mirrors and for each part of live.js, and no other."""
    folder = ROOT / "docs/javascripts"
    assert sorted(path.name for path in folder.iterdir() if path.is_file()) == sorted(SCRIPTS)
    assert [path.name for path in folder.iterdir() if path.is_dir()] == [EXAMPLE_SCRIPTS.strip("/")]
    files = sorted(path.name for path in (folder / EXAMPLE_SCRIPTS).iterdir())
    assert files == sorted(f"{name}.js" for name in [*mirrors(), *PARTS])


@pytest.mark.slow
@hostile("refused")
def test_an_svg_with_a_script_in_docs_stops_the_build(project_copy: Path) -> None:
    """Assert an SVG file under docs/ holding a script stops the build naming it, and is not published."""
    planted(project_copy, "docs/figure.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>')
    out = project_copy / "out"
    result = mkdocs(project_copy, "build", "--site-dir", str(out))
    assert result.returncode == 1
    assert "docs/figure.svg:1: docs/ may not hold '.svg' files" in result.stderr and "Traceback" not in result.stderr
    assert not (out / "figure.svg").exists()


@pytest.mark.slow
@hostile("refused")
def test_a_page_that_is_not_utf8_names_its_line(project_copy: Path) -> None:
    """Assert invalid UTF-8 stops the build at the line of the bad byte, without a traceback."""
    planted(project_copy, "docs/x.md", b"# X\n\nfine\n\ncaf\xe9\n")
    result = mkdocs(project_copy, "build", "--strict", "--site-dir", str(project_copy / "out"))
    assert result.returncode == 1
    assert "docs/x.md:5: byte 0xe9 is not UTF-8" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
@hostile("refused")
def test_a_bad_example_input_names_its_file_line_and_field(project_copy: Path) -> None:
    """Assert "one" in an example's W_v_text stops the build naming the module, the field's line and the field."""
    module = project_copy / "src/attention_core/examples/red_ball_rolls.py"
    source = module.read_text()
    bad = 'W_v2_text: Rows = (("one", "0"), ("0", "2"), ("1", "1"))'
    module.write_text(source.replace("W_v2_text: Rows = RED_BALL_W_V", bad))
    line = 1 + next(i for i, text in enumerate(module.read_text().splitlines()) if "W_v2_text:" in text)
    result = mkdocs(project_copy, "build", "--strict", "--site-dir", str(project_copy / "out"))
    assert result.returncode == 1
    assert (f"src/attention_core/examples/red_ball_rolls.py:{line}: ExampleInputError: RedBallRolls.W_v2_text: "
            "entry 'one' is not understood") in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
@hostile("refused")
def test_a_bad_input_of_a_module_level_example_is_said_once_without_a_traceback(project_copy: Path) -> None:
    """Assert '2x' in the lesson's keys stops the build once, at the field's line: finding that line crashed with a
    traceback, the example's module having left sys.modules when it failed to import."""
    module = project_copy / "src/attention_core/examples/bus_is_late.py"
    module.write_text(module.read_text().replace('keys_text: Rows = (("2", "1"),', 'keys_text: Rows = (("2x", "1"),'))
    line = 1 + next(i for i, text in enumerate(module.read_text().splitlines()) if "keys_text:" in text)
    result = mkdocs(project_copy, "build", "--strict", "--site-dir", str(project_copy / "out"))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-2000:]
    said = f"src/attention_core/examples/bus_is_late.py:{line}: ExampleInputError: BusIsLate.keys_text: entry '2x'"
    assert result.stderr.count(said) == 1, result.stderr[-2000:]


@pytest.mark.slow
def test_every_page_carries_the_content_security_policy(built_site: Path) -> None:
    """Assert every HTML page has the CSP meta tag, and it lists the hash of every inline script it holds (all of
    them shipped by the templates: a page whose own script is not would fail the strict build), but not the
    preview's reload script."""
    pages = sorted(page for page in built_site.rglob("*.html") if "downloads" not in page.parts)  # files, not pages
    assert len(pages) > 25
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if page.parent.name == "downloads":  # a copy for a learning platform: no script at all, nor any policy
            assert "<script" not in text.lower() and " on" not in re.sub(r">[^<]*<", "><", text), page
            continue
        policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', text)
        assert policy, page
        assert "default-src 'self'" in policy[1] and "object-src 'none'" in policy[1]
        inline = set(re.findall(r"<script>(.*?)</script>", text, re.DOTALL))
        sources = set(re.split(r"[\s;]+", policy[1]))
        assert inline and {page_head.source_hash(script) for script in inline} <= sources, page
        assert page_head.source_hash(RELOAD_SCRIPT) not in policy[1], page  # allowed while serving only


def snippet_html(extension: markdown.Extension, page: str) -> str:
    """A page rendered with one snippet extension (and fences), or the error it raised."""
    try:
        return markdown.Markdown(extensions=[extension, "pymdownx.superfences"]).convert(page)
    except SnippetMissingError as error:
        return f"refused: {error}"


@pytest.mark.parametrize("page", SNIPPET_FORMS.values(), ids=SNIPPET_FORMS.keys())
@hostile("refused")
def test_every_snippet_form_is_read_inside_its_folder_by_its_real_path(tmp_path: Path, page: str) -> None:
    """Assert a link in a snippet folder to a secret outside it is included by pymdownx.snippets in each form
    (fenced, single-dash, block, nested), and refused by the site's confined extension in each, with no link ban."""
    secret = planted(tmp_path, "outside/secret.txt", "s3cr3t-planted\n")
    folder = tmp_path / "bench/results"
    planted(tmp_path, "bench/results/outer.txt", '--8<-- "leak.txt"\n')
    (folder / "leak.txt").symlink_to(secret)
    options = {"base_path": [str(folder)], "check_paths": True}
    assert "s3cr3t-planted" in snippet_html(SnippetExtension(**options), page)  # what pymdownx alone does
    confined = snippet_html(ConfinedSnippets(**options), page)
    assert "s3cr3t-planted" not in confined and confined.startswith("refused: "), confined


# page -> (line, what the error says) for snippet includes that Markdown would end in a traceback
SNIPPET_REFUSED = {
    'A\n\n```text\n--8<-- "nope.txt"\n```': (4, "snippet 'nope.txt' is not a file inside docs/programs/"),
    'A\n\n-8<- "nope.txt"': (3, "snippet 'nope.txt' is not a file inside"),
    '--8<--\nnope.txt\n--8<--': (2, "snippet 'nope.txt' is not a file inside"),
    '-8<- "programs"': (1, "snippet 'programs' is not a file inside"),
    '-8<- "red_ball_rolls.py:nosuch"': (1, "snippet section 'nosuch' is not in its file"),
    '-8<- "https://example.org/x"': (1, "snippet 'https://example.org/x' is not a file inside"),
    '-8<- "/etc/passwd"': (1, "snippet '/etc/passwd' is not a file inside"),
}


@pytest.mark.parametrize(("page", "expected"), SNIPPET_REFUSED.items(), ids=list(map(repr, SNIPPET_REFUSED)))
@hostile("refused")
def test_a_snippet_that_cannot_be_included_stops_at_its_line(page: str, expected: tuple[int, str]) -> None:
    """Assert a missing file, a folder, a section the file lacks, a URL or an absolute path, in any form, stops at
    the page's line naming it (pymdownx raised SnippetMissingError, a traceback in the build)."""
    line, message = expected
    with pytest.raises(DirectiveError) as caught:
        check_snippets(page, "docs/x.md", [ROOT / "docs/programs", ROOT / "bench/results"])
    assert str(caught.value).startswith(f"docs/x.md:{line}: {message}"), str(caught.value)


@hostile("refused")
def test_a_nested_snippet_that_cannot_be_included_names_the_file_that_includes_it(tmp_path: Path) -> None:
    """Assert a snippet file that includes a missing one is named with its own line."""
    folder = tmp_path / "docs/programs"
    planted(tmp_path, "docs/programs/outer.txt", 'one\n--8<-- "gone.txt"\n')
    with pytest.raises(DirectiveError, match=r"^docs/programs/outer\.txt:2: snippet 'gone\.txt' is not a file"):
        check_snippets('--8<-- "outer.txt"', "docs/x.md", [folder])


# an input of a listed program (docs/programs/, which a pull request may change) -> what its error says; each
# ended in a traceback (MemoryError, ZeroDivisionError, RecursionError...), or held the build on a huge allocation
LISTING_INPUTS = {
    "X = [0] * 100000000000": "the input does not evaluate (TypeError: arithmetic takes numbers, not [0])",
    "X = 'a' * 99999999999": "arithmetic takes numbers",
    "X = 1 / 0": "the input does not evaluate (ZeroDivisionError: division by zero)",
    "X = np.log(0)": "(ValueError: math domain error)",
    "X = np.sqrt(-1)": "(ValueError: math domain error)",
    "X = np.exp(1000)": "(OverflowError: math range error)",
    "X = np.eye(10000000)": "np.eye takes sizes from 1 to 1024",
    "X = np.eye('a')": "np.eye takes sizes from 1 to 1024",
    "X = np.array([1, [2]])": "the input does not evaluate (ValueError: setting an array element",
    "X = np.array()": "the input does not evaluate (TypeError:",
    "X = " + "+".join(["1"] * 5_000): "the program nests an expression too deeply to be read",
    "X = " + "-" * 5_000 + "1": "the program nests an expression too deeply to be read",
}


@pytest.mark.parametrize(("source", "message"), LISTING_INPUTS.items(), ids=[s[:30] for s in LISTING_INPUTS])
@hostile("refused")
def test_a_listed_programs_input_that_does_not_evaluate_names_its_line(source: str, message: str) -> None:
    """Assert an input that would divide by zero, allocate terabytes or recurse stops at the program's line."""
    path = "docs/programs/x.py"
    with pytest.raises(DirectiveError) as caught:
        line, node = listings.top_level_assignments(f'"""A program."""\n\n{source}\n', path)["X"]
        listings.evaluated(node, path, line)
    said = caught.value.message  # as the page's directive reports it, after the page's own place
    assert re.search(r"^docs/programs/x\.py:[13]: ", said) and message in said, said


@hostile("refused")
def test_a_listed_programs_text_input_is_stale_not_a_traceback() -> None:
    """Assert a program that sets a numeric input to a text is reported as differing from the example."""
    with pytest.raises(DirectiveError) as caught:
        listings.check_input("docs/programs/x.py", 3, "X", "abc", [[1.0, 0.0]])
    assert caught.value.message.startswith("docs/programs/x.py:3: the program sets X = abc, but the example has")


@pytest.mark.parametrize("name", ["../../escaped", "a/b", "Rolls", "x.xlsx", "", "-x", "x\x00"])
@hostile("refused")
def test_an_example_name_that_would_leave_its_folder_is_refused(name: str) -> None:
    """Assert an example named with a path, a capital, a dot or a control character is refused at its field: its
    name becomes its workbook's and reference page's file names (`downloads/NAME.xlsx`)."""
    with pytest.raises(ExampleInputError, match=r"^RedBallRolls\.name: .* is not a name: lower-case letters"):
        RedBallRolls(name=name)


@pytest.mark.slow
@hostile("refused")
def test_an_example_named_with_a_path_writes_nothing_outside_the_site(project_copy: Path) -> None:
    """Assert an example renamed '../../escaped' (its workbook was written two folders above the site) stops the
    build at the name's line in the example's file, and no file appears outside the site."""
    module = project_copy / "src/attention_core/examples/red_ball_rolls.py"
    module.write_text(module.read_text().replace('name: str = "red-ball-rolls"', 'name: str = "../../escaped"'))
    line = 1 + next(i for i, text in enumerate(module.read_text().splitlines()) if "name: str =" in text)
    result = mkdocs(project_copy, "build", "--site-dir", str(project_copy / "out/site"))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-2000:]
    assert (f"src/attention_core/examples/red_ball_rolls.py:{line}: ExampleInputError: RedBallRolls.name: "
            "'../../escaped' is not a name") in result.stderr
    assert not list(project_copy.glob("escaped*")) and not list((project_copy / "out").glob("escaped*"))
