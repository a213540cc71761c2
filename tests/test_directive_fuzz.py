"""Any text given to the engine gives Markdown or a DirectiveError naming the page and line, nothing else."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from attention_site.directives import DirectiveError, expand_directives

PAGE = "docs/fuzz.md"
RE_PLACE = re.compile(r"^docs/fuzz\.md:(\d+): \S")
VALID = [
    "<!-- attn:table red-ball-rolls weights -->",
    "<!-- attn:value red-ball-rolls output row=rolls -->",
    "<!-- attn:tex red-ball-rolls weights -->",
    "<!-- attn:table red-ball-rolls weighted-sum blanks=weight digits=2 -->",
    "<!-- attn:value red-ball-rolls w-k row=ball -->",
]
BROKEN = [
    "<!-- attn:table red-ball-rolls wieghts -->",
    "<!-- attn:value red-ball-rolls weights -->",
    "<!-- attn:table -->",
    "<!-- attn: -->",
    "<!-- attn:table red-ball-rolls weights digits=-1 -->",
    "<!-- ATTN:table red-ball-rolls weights -->",
    "<!-- attn:table red-ball-rolls weights",
    "<!-- attn:value red-ball-rolls output row=rolls row=red -->",
]
directive = st.sampled_from(VALID + BROKEN)
noise = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\r"), max_size=30)
word = st.sampled_from(["Text", "| a | b |", "- item", "1. step", "> quote", "$x$", "", "    indented"])


@st.composite
def pages(draw: st.DrawFn) -> tuple[str, int]:
    """A page of random fragments, and how many directive texts were placed inside code."""
    lines, in_code = [], 0
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["plain", "inline", "fence", "admonition", "list", "table", "noise"]))
        text = draw(directive)
        if kind == "inline":
            lines.append(f"Write `{text}` like this.")
            in_code += 1
        elif kind == "fence":
            lines += ["```markdown", text, "```"]
            in_code += 1
        elif kind == "admonition":
            lines += ["!!! note", "", f"    {text}"]
        elif kind == "list":
            lines.append(f"- {draw(word)} {text}")
        elif kind == "table":
            lines.append(f"| cell | {text} |")
        elif kind == "noise":
            lines.append(draw(noise))
        else:
            lines.append(text)
    ending = draw(st.sampled_from(["", "\n"]))
    return "\n".join(lines) + ending, in_code


@settings(max_examples=300, deadline=None)
@given(pages())
def test_a_page_expands_or_fails_with_page_and_line(page: tuple[str, int]) -> None:
    """Assert every page gives Markdown with no directive left outside code, or an error at page:line."""
    text, in_code = page
    try:
        out = expand_directives(text, PAGE)
    except DirectiveError as error:
        place = RE_PLACE.match(str(error))
        assert place, str(error)
        assert 1 <= int(place[1]) <= text.count("\n") + 1
        return
    assert len(re.findall(r"<!--\s*attn\s*:", out, re.IGNORECASE)) == in_code


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=80))
def test_any_directive_body_gives_markdown_or_a_directive_error(body: str) -> None:
    """Assert arbitrary text inside <!-- attn:... --> never raises anything but DirectiveError."""
    try:
        expand_directives(f"<!-- attn:{body} -->", PAGE)
    except DirectiveError as error:
        assert str(error).startswith(f"{PAGE}:1: ")
