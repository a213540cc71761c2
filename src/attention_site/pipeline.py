"""A page's pure stages, in their one order: safety, expand, leftovers, tables, MathML, head.

Both ways of building the site call these and nothing else: the MkDocs adapter (`mkdocs_hooks`, one event per
stage, with the search reading the page between tables and MathML) and the Python-Markdown extension
(`extension.py`, the route Zensical takes: a preprocessor and a postprocessor). So a page reads the same on
both routes, and a stage changed here changes for both:

1. safety: snippet includes only from the snippet folders (`safety.py`);
2. expand: every directive replaced by what it computes (`directives`), HTML that would run code refused, the
   directives a live page recomputes in the browser marked (`live.py`);
3. leftovers: a directive Markdown left in the rendered page (a fence hid it from the scanner) stops the build,
   and so does any element or attribute of its HTML that is not on the allowlist (`html_check.py`);
4. tables: each table in its scroll box, the rows-as-cards tables labelled with their columns
   (`postprocess/page_body.py`), while formulas are still LaTeX, so a column named with a formula is labelled as text
   (`q · k_j`); and each long name in inline code given its line-break opportunities (`<wbr>`) at its punctuation;
5. MathML: LaTeX to MathML (`mathml/`);
6. head: the finished HTML document's sharing tags, search on demand and Content Security Policy
   (`postprocess/document.head`, calling `page_head.py` and `page_assets.py` beside it); only a build that writes whole
   documents has one (the MkDocs route), which imports it without the engine, so that a page that cannot be built is
   secured all the same.

Every stage is a pure function of its text; the MkDocs adapter passes in `expand` and `convert` wrapped in its
caches. Errors are `DirectiveError`s (`page:line: ...`) or `MathConversionError`s, raised to the caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import safety
from .directives import check_expanded
from .html_check import check_html
from .live import expand_live
from .mathml import convert_math, convert_title
from .postprocess.document import Head, head
from .postprocess.page_body import with_name_breaks, with_tables_boxed


@dataclass(frozen=True)
class PageSource:
    """Where a page comes from: its path as the repository shows it, its file as written (front matter included)
    and how many lines the build removed from its top before handing it over."""

    path: str
    text: str
    offset: int = 0


@dataclass(frozen=True)
class Pipeline:
    """The stages for one build: the snippet folders it allows and the expansion and conversion it uses."""

    snippet_folders: tuple[Path, ...] = ()
    expand: Callable[[str, str, int], str] = field(default=expand_live)  # live directives marked for live.js
    convert: Callable[[str], str] = field(default=convert_math)
    convert_title: Callable[[str], str] = field(default=convert_title)

    def markdown(self, markdown: str, page: PageSource) -> str:
        """Stages 1 and 2 on the page's Markdown: refuse what is unsafe, then expand every directive."""
        if self.snippet_folders:
            safety.check_snippets(markdown, page.path, list(self.snippet_folders), page.offset)
        return self.expand(markdown, page.path, page.offset)

    def content(self, html: str, page: PageSource) -> str:
        """Stages 3 and 4 on the page's HTML: refuse a directive left in it, then box and label its tables and mark
        where its names in code may break."""
        check_expanded(html, page.text, page.path)
        check_html(html, page.text, page.path)  # raw HTML as Markdown made it, snippets and listings included
        return with_name_breaks(with_tables_boxed(html))

    def math(self, html: str) -> str:
        """Stage 5: every formula of the page's HTML as MathML."""
        return self.convert(html)

    def body(self, html: str, page: PageSource) -> str:
        """Stages 3 to 5 at once, for a route that gets the page's HTML once (the extension)."""
        return self.math(self.content(html, page))

    def title(self, title: str) -> str:
        """A heading as a table of contents shows it: its formulas as MathML (stage 5, for the contents)."""
        return self.convert_title(title) if "\\(" in title else title


__all__ = ["Head", "PageSource", "Pipeline", "head"]
