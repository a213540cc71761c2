"""The directive engine as a Python-Markdown extension, for builds that run extensions but not MkDocs hooks.

    markdown.markdown(text, extensions=[DirectiveExtension(page="docs/lesson/index.md"), "tables"])

It runs before every other preprocessor that could hide a directive (snippets, fenced code, raw HTML).
"""

from __future__ import annotations

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from .engine import expand_directives

PRIORITY = 40  # above snippets (32), fenced code (25) and raw HTML blocks (20)


class DirectivePreprocessor(Preprocessor):
    """Expand the page's directives before Markdown reads it."""

    def __init__(self, md: Markdown, page: str) -> None:
        super().__init__(md)
        self.page = page

    def run(self, lines: list[str]) -> list[str]:
        """Return the lines with every directive replaced; a DirectiveError names `page:line`."""
        return expand_directives("\n".join(lines), self.page).split("\n")


class DirectiveExtension(Extension):
    """Register the directive preprocessor; `page` is the path that error messages name."""

    def __init__(self, **kwargs: object) -> None:
        self.config = {"page": ["<page>", "the page's path, for error messages"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        """Add the preprocessor to `md`."""
        md.preprocessors.register(DirectivePreprocessor(md, self.getConfig("page")), "attn_directives", PRIORITY)


def makeExtension(**kwargs: object) -> DirectiveExtension:
    """Entry point Python-Markdown uses for `extensions=["attention_site.directives.extension"]`."""
    return DirectiveExtension(**kwargs)
