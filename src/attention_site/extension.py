"""The whole engine as one Python-Markdown extension, for builds that run extensions but not MkDocs hooks.

    markdown_extensions:
      - attention_site.extension

Zensical (the successor of Material for MkDocs) builds this site this way: `scripts/zensical.py` writes its
configuration from mkdocs.yml with this extension added. The extension does inside Markdown processing
what the MkDocs hooks do around it:

1. before anything else reads the page, every directive is expanded (errors name the page and line);
2. at the very end, a page that still holds a directive is refused, and LaTeX becomes MathML.

The page's path comes from the build's rendering context when it offers one (Zensical's `page.path`,
relative to docs/), else from the extension's `page` option. The build gives the text without its front
matter; the line offset is read from the page file itself, so errors name the line a contributor sees.
"""

from __future__ import annotations

from markdown import Markdown
from markdown.extensions import Extension
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

from .directives import check_expanded, expand_directives
from .directives.listings import project_root
from .mathml import convert_math
from .page_body import with_tables_boxed

FIRST = 40  # above snippets (32), fenced code (25) and raw HTML blocks (20): nothing hides a directive
LAST = 1  # below raw HTML (30), `&` substitution (20) and unescaping (10): the page's final HTML
DOCS = "docs"


class PagePlace:
    """Where the page being converted lives: its path for messages, its source text, its front-matter lines."""

    def __init__(self, md: Markdown, page: str) -> None:
        self.md, self.fallback = md, page

    def path(self) -> str:
        """The page's path as the repository shows it (`docs/lesson/index.md`)."""
        try:  # Python-Markdown's registry has no .get
            context = self.md.preprocessors["rendering_context"]
        except KeyError:
            context = None
        inner = getattr(getattr(context, "page", None), "path", None)
        return f"{DOCS}/{inner}" if inner else self.fallback

    def source(self) -> str:
        """The page file as written, front matter included, or '' when there is no such file."""
        file = project_root() / self.path()
        return file.read_text(encoding="utf-8") if file.is_file() else ""

    def offset(self, text: str) -> int:
        """How many lines the build removed from the top of the page (its front matter)."""
        source = self.source()
        return max(0, source.count("\n") - text.count("\n")) if source else 0


class ExpandDirectives(Preprocessor):
    """Replace the page's directives with what they compute."""

    def __init__(self, md: Markdown, place: PagePlace) -> None:
        super().__init__(md)
        self.place = place

    def run(self, lines: list[str]) -> list[str]:
        """The page's lines with every directive expanded; a DirectiveError names `page:line`."""
        text = "\n".join(lines)
        return expand_directives(text, self.place.path(), self.place.offset(text)).split("\n")


class FinishPage(Postprocessor):
    """Refuse a directive Markdown left in the page, then convert its LaTeX to MathML and box its tables."""

    def __init__(self, md: Markdown, place: PagePlace) -> None:
        super().__init__(md)
        self.place = place

    def run(self, text: str) -> str:
        """The page's final HTML with MathML for every formula."""
        check_expanded(text, self.place.source(), self.place.path())
        return with_tables_boxed(convert_math(text))


class AttentionExtension(Extension):
    """Register both steps; `page` names the page in messages when the build gives no rendering context."""

    def __init__(self, **kwargs: object) -> None:
        self.config = {"page": ["<page>", "the page's path, for error messages"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        """Add the two steps to `md`."""
        place = PagePlace(md, str(self.getConfig("page")))
        md.preprocessors.register(ExpandDirectives(md, place), "attn_directives", FIRST)
        md.postprocessors.register(FinishPage(md, place), "attn_finish", LAST)


def makeExtension(**kwargs: object) -> AttentionExtension:
    """Entry point Python-Markdown uses for `extensions=["attention_site.extension"]`."""
    return AttentionExtension(**kwargs)


__all__ = ["AttentionExtension", "makeExtension"]
