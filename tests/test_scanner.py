"""The directive scanner reads code as Markdown does, refuses look-alikes, stays linear, and keeps its limits."""

from __future__ import annotations

import re

import markdown
import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError, check_expanded, expand_directives
from attention_site.directives.limits import MAX_LINE_CHARS, MAX_NESTING, MAX_PAGE_CHARS
from attention_site.directives.syntax import Work, directives_in_line, outside_code

EXTENSIONS = ["pymdownx.superfences", "md_in_html", "tables", "admonition", "pymdownx.details"]
ROLLS = "Rolls is <!-- attn:value red-ball-rolls output row=rolls -->."


def build(page: str) -> str:
    """Expand a page, render it as the site's Markdown does, and check nothing was left: the adapter's steps."""
    text = dedented(page)
    html = markdown.markdown(expand_directives(text, "docs/x.md"), extensions=EXTENSIONS)
    check_expanded(html, text, "docs/x.md")
    return html


@pytest.mark.parametrize("page", [
    f"```x``` is inline code, not a fence.\n\n{ROLLS}",
    f"Text\n\n```python\nnever closed\n\n{ROLLS}",
    f"``` a`b\nnot a fence: a backtick in the info string\n```\n\n{ROLLS}",
    f"~~~\n```\n<!-- attn:nonsense -->\n~~~\n\n{ROLLS}",
    f"- item\n\n    ```\n    <!-- attn:nonsense -->\n    ```\n\n{ROLLS}",
    f"> ```\n> <!-- attn:nonsense -->\n> ```\n\n{ROLLS}",
], ids=["inline triple backticks", "unclosed fence", "backtick in info", "tilde fence holding backticks",
        "fence in a list", "fence in a quote"])
def test_fence_shapes_give_the_number(page: str) -> None:
    """Assert every fence shape Markdown reads as text or as a closed block leaves the number in the sentence."""
    html = build(page)
    assert "Rolls is (1/2, 5/4)." in html
    assert "<!-- attn" not in html


def test_a_fence_inside_an_indented_code_block_stops_with_page_and_line() -> None:
    """Assert a fence that only the scanner sees (inside indented code) fails at the hidden directive's line."""
    page = f"Para\n\n    ```\n    code\n\n{ROLLS}\n\n```\nz\n```\n"
    with pytest.raises(DirectiveError) as caught:
        build(page)
    assert str(caught.value).startswith("docs/x.md:6: '<!-- attn:value red-ball-rolls output row=rolls -->' was left")
    assert "close the fence" in str(caught.value)


SITE_BLOCKS = [*EXTENSIONS, "abbr", "attr_list", "def_list", "footnotes", "pymdownx.tabbed"]
DIRECTIVE = "<!-- attn:value red-ball-rolls output row=rolls -->"
INDENTED = {  # page shapes, each with the directive once: code or not, as Python-Markdown decides
    "after a paragraph": "Para\n\n    {d}",
    "at the start": "    {d}",
    "after a paragraph, no blank": "Para\n    {d}",
    "tab after a paragraph": "Para\n\n\t{d}",
    "after a heading": "# H\n    {d}",
    "after a rule": "---\n    {d}",
    "after a table": "| a |\n|---|\n| b |\n\n    {d}",
    "code continued past a blank": "Para\n\n    a\n\n    {d}",
    "list item": "- item\n\n    {d}",
    "list item past two blanks": "- item\n\n\n    {d}",
    "ordered item": "1. item\n\n    {d}",
    "code in a list item": "- item\n\n        {d}",
    "code in a nested item": "- a\n    - b\n\n            {d}",
    "after a list ended": "- item\n\nPara\n\n    {d}",
    "admonition": "!!! note\n\n    {d}",
    "code in an admonition": "!!! note\n    Text\n\n        {d}",
    "after an admonition ended": "!!! note\n    x\n\ny\n\n    {d}",
    "details": "??? note\n    x\n\n    {d}",
    "tab": '=== "A"\n\n    {d}',
    "footnote": "Text[^1]\n\n[^1]: note\n\n    {d}",
    "definition": "Term\n:   def\n\n    {d}",
    "quote": "> Para\n>\n>     {d}",
    "lazy line of a quote": "> Para\n    {d}",
    "markdown div": "<div markdown>\n\n    {d}\n\n</div>",
    "after a fence": "```\nx\n```\n    {d}",
    "fence with indented lines": "```\n\n    x\n```\n\n{d}",
}


@pytest.mark.parametrize("shape", INDENTED.values(), ids=INDENTED.keys())
def test_a_directive_is_code_exactly_where_markdown_shows_code(shape: str) -> None:
    """Assert a directive in indented code stays as written and Markdown shows it as code, and one that is not in
    code is expanded: no page shows a number in a code block, nor leaves a directive in its HTML."""
    page = shape.format(d=DIRECTIVE)
    expanded = expand_directives(page, "docs/x.md")
    html = markdown.markdown(expanded, extensions=SITE_BLOCKS)
    check_expanded(html, page, "docs/x.md")
    code = "".join(re.findall(r"<pre>.*?</pre>", html, re.DOTALL))
    assert "(1/2, 5/4)" not in code, html
    assert ("&lt;!-- attn:value" in code) == (DIRECTIVE in expanded) != ("(1/2, 5/4)" in html), html


def test_a_directive_in_an_indented_raw_html_block_stops_at_its_line() -> None:
    """Assert the one shape the scanner reads as code but Markdown as raw HTML stops the build at the directive."""
    page = f"Para\n\n<div>\n\n    {DIRECTIVE}\n\n</div>"
    with pytest.raises(DirectiveError, match=r"^docs/x\.md:5: .* was left unexpanded"):
        check_expanded(markdown.markdown(expand_directives(page, "docs/x.md"), extensions=SITE_BLOCKS), page,
                       "docs/x.md")


@pytest.mark.parametrize(("directive", "named"), [
    ("<!-- \u0430ttn:value red-ball-rolls output row=rolls -->", "U+0430 CYRILLIC SMALL LETTER A"),
    ("<!-- at\u200btn:value red-ball-rolls output row=rolls -->", "U+200B ZERO WIDTH SPACE"),
    ("<!-- attn\uff1avalue red-ball-rolls output row=rolls -->", "U+FF1A FULLWIDTH COLON"),
    ("<!-- ATTN:value red-ball-rolls output row=rolls -->", "U+0041 LATIN CAPITAL LETTER A"),
    ("<!-- attn :value red-ball-rolls output row=rolls -->", "its namespace is not written 'attn:'"),
], ids=["cyrillic a", "zero-width space", "fullwidth colon", "capitals", "space before colon"])
def test_a_look_alike_is_an_error_that_says_what_it_holds(directive: str, named: str) -> None:
    """Assert a comment that reads as a directive but is not one stops the build and names the odd character."""
    with pytest.raises(DirectiveError) as caught:
        expand(f"One.\n\nRolls is {directive}.")
    assert str(caught.value).startswith("docs/x.md:3: ")
    assert "looks like a directive but is not one" in str(caught.value) and named in str(caught.value)


def test_plain_comments_pass_untouched() -> None:
    """Assert ordinary HTML comments, even ones mentioning attn later on, are left as written."""
    page = "<!-- a note for editors: attn: later -->\n<!-- -->\n<!--attention-->"
    assert expand(page) == page


@pytest.mark.parametrize("size", [10_000, 1_000_000])
@pytest.mark.parametrize(("name", "unit"), [
    ("unclosed openings", "<!-- x "),
    ("backtick runs", "`` ` ``` a "),
    ("directives", "<!-- attn:value red-ball-rolls output row=rolls --> "),
    ("open comments", "<!--<!--"),
])
def test_scanning_a_line_is_linear(name: str, unit: str, size: int) -> None:
    """Assert the scanner looks at each character a bounded number of times, whatever the line holds."""
    line = unit * (size // len(unit))
    work = Work()
    found = list(directives_in_line(line, 1, work))
    assert len(found) == (line.count("attn:") if "attn" in unit else 0)
    assert work.characters <= 3 * len(line) + 16 * line.count("<!--"), f"{name}: {work.characters:,} for {len(line):,}"
    print(f"{name}: {len(line):,} characters, {work.characters:,} looked at")


def test_unclosed_fences_of_growing_length_stay_linear() -> None:
    """Assert a page of fences that never close, each longer than the last, is read in two passes per line (the
    fences, then the indentation)."""
    lines = ["`" * (3 + k) + "python" for k in range(5_000)]
    work = Work()
    assert len(list(outside_code(lines, work))) == len(lines)
    assert work.characters == 2 * sum(map(len, lines))


@pytest.mark.parametrize("lines", [
    ["- " * 9_999 + "x"] * 50,
    ["> " * 16 + "x"] * 30_000,
    [("    " * (k % 16)) + "- x" for k in range(30_000)],
    ["- x", "", "    y"] * 50_000,
], ids=["runs of list markers", "nested quotes", "nested items", "items with indented lines"])
def test_reading_indentation_is_linear(lines: list[str]) -> None:
    """Assert each line is read once for its fences and at most once a level for its indentation, however the page
    nests (a line of 10,000 list markers opens 10,000 lists; levels past the nesting limit are not read)."""
    work = Work()
    list(outside_code(lines, work))
    assert work.characters <= (MAX_NESTING + 2) * sum(map(len, lines)), f"{work.characters:,}"


def test_an_unclosed_directive_in_a_long_line_fails_at_once() -> None:
    """Assert many openings without a closing fail on the first, naming the line."""
    with pytest.raises(DirectiveError, match=r"^docs/x.md:2: this directive is not closed on its line"):
        expand("ok\n" + "<!-- attn:" * 1_000)


def test_a_page_over_the_limit_is_refused() -> None:
    """Assert a 5 MB page stops at line 1 and says the limit."""
    with pytest.raises(DirectiveError) as caught:
        expand("word " * 1_000_000)
    assert str(caught.value) == (f"docs/x.md:1: the page holds 5,000,000 characters; a page may hold at most "
                                 f"{MAX_PAGE_CHARS:,} (split it into several pages)")


def test_a_line_over_the_limit_is_refused_with_its_number() -> None:
    """Assert an over-long line is named by its number and the limit is said."""
    with pytest.raises(DirectiveError) as caught:
        expand("short\n\n" + "x" * (MAX_LINE_CHARS + 1))
    assert str(caught.value) == (f"docs/x.md:3: this line holds {MAX_LINE_CHARS + 1:,} characters; a line may "
                                 f"hold at most {MAX_LINE_CHARS:,}")
