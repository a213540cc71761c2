"""The tests' one way to expand a page: a small page written indented in a test in, Markdown out."""

from __future__ import annotations

import textwrap

from attention_site.directives import expand_directives

PAGE = "docs/x.md"


def dedented(text: str) -> str:
    """A page written in a triple-quoted string, dedented, without its first and last line breaks."""
    return textwrap.dedent(text).strip("\n")


def expand(text: str, page: str = PAGE) -> str:
    """Expand a page written in a triple-quoted string (see `dedented`)."""
    return expand_directives(dedented(text), page)
