"""The whole engine as one Python-Markdown extension, for builds that run extensions but not MkDocs hooks.

    markdown_extensions:
      - attention_site.extension

Zensical (the successor of Material for MkDocs) builds this site this way: `scripts/zensical.py` writes its
configuration from mkdocs.yml with this extension added. The extension runs the page pipeline
(`attention_site.pipeline`) inside Markdown processing, in the same order as the MkDocs hooks do around it:

1. before anything else reads the page, the safety checks and the expansion of every directive (errors name
   the page and line);
2. at the very end, the leftovers check, the tables' boxes and MathML, on the whole page only: the table of
   contents renders each heading through the postprocessors to make its id, and MkDocs makes that id from the
   heading as written (`dividing-by-sqrtd_k`), so until the page's tree is finished they hand a heading back as
   it came; the contents' titles then get their MathML as the MkDocs route gives them.

The page's path comes from the build's rendering context when it offers one (Zensical's `page.path`,
relative to docs/), else from the extension's `page` option. The build gives the text without its front
matter; the line offset is read from the page file itself, so errors name the line a contributor sees. The
snippet folders are those the build's `pymdownx.snippets` reads from.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from markdown import Markdown
from markdown.extensions import Extension
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from .directives.errors import DirectiveError
from .directives.listings import project_root
from .failed_page import error_page, failed_page_markdown
from .mathml import MathConversionError
from .pipeline import PageSource, Pipeline

FIRST = 40  # above snippets (32), fenced code (25) and raw HTML blocks (20): nothing hides a directive
LAST = 1  # below raw HTML (30), `&` substitution (20) and unescaping (10): the page's final HTML
TREE_DONE = 4  # below toc (5), which runs the postprocessors on each heading to make its id
DOCS = "docs"


class PagePlace:
    """Where the page being converted lives, read afresh for each page the Markdown instance converts."""

    def __init__(self, md: Markdown, page: str) -> None:
        self.md, self.fallback = md, page
        self.current = PageSource(page, "")
        self.finished = False  # the page's tree is done: the postprocessors now see the whole page

    def path(self) -> str:
        """The page's path as the repository shows it (`docs/lesson/index.md`)."""
        try:  # Python-Markdown's registry has no .get
            context = self.md.preprocessors["rendering_context"]
        except KeyError:
            context = None
        inner = getattr(getattr(context, "page", None), "path", None)
        return f"{DOCS}/{inner}" if inner else self.fallback

    def read(self, text: str) -> PageSource:
        """The page whose Markdown (front matter removed) is `text`: its path, file and front-matter lines."""
        path = self.path()
        file = project_file(path)
        source = file.read_text(encoding="utf-8") if file is not None and file.is_file() else ""
        offset = max(0, source.count("\n") - text.count("\n")) if source else 0
        self.current, self.finished = PageSource(path, source, offset), False
        return self.current


def project_file(path: str) -> Path | None:
    """A page's file in the project, or None for a build outside it (the extension installed from its wheel
    alone): its messages then count lines from the text the build gives."""
    try:
        return project_root() / path
    except DirectiveError:
        return None


def snippet_folders(md: Markdown) -> tuple[Path, ...]:
    """The folders the build's snippet includes read from (none when it has no pymdownx.snippets)."""
    try:
        snippets = md.preprocessors["snippet"]
    except KeyError:
        return ()
    return tuple(Path(folder) for folder in getattr(snippets, "base_path", ()))


class Preview:
    """What a page that does not build does: stop the build, or, in a preview, print its message once and show it
    in place of the page, so that the preview keeps serving while the line is fixed."""

    def __init__(self, serving: bool) -> None:
        self.serving = serving
        self.said: set[str] = set()

    def failed(self, error: ValueError) -> str:
        """The message a broken page shows in a preview; outside one, `error` is raised again."""
        if not self.serving:
            raise error
        message = str(error)
        if message not in self.said:
            self.said.add(message)
            print(f"ERROR   -  {message}", file=sys.stderr, flush=True)
        return message


class ExpandDirectives(Preprocessor):
    """Stages 1 and 2: refuse unsafe includes, then replace the page's directives with what they compute."""

    def __init__(self, md: Markdown, place: PagePlace, preview: Preview) -> None:
        super().__init__(md)
        self.place, self.preview = place, preview

    def run(self, lines: list[str]) -> list[str]:
        """The page's lines with every directive expanded; a DirectiveError names `page:line`."""
        text = "\n".join(lines)
        pipeline = Pipeline(snippet_folders=snippet_folders(self.md))
        try:
            return pipeline.markdown(text, self.place.read(text)).split("\n")
        except DirectiveError as error:
            return failed_page_markdown(self.preview.failed(error)).split("\n")


class TreeFinished(Treeprocessor):
    """Mark the page's tree finished, after the table of contents made the headings' ids, and give the contents'
    titles their MathML, as the MkDocs route does (`Pipeline.title`)."""

    def __init__(self, md: Markdown, place: PagePlace) -> None:
        super().__init__(md)
        self.place = place

    def run(self, root: object) -> None:
        """Mark the tree finished; convert the formulas of the contents' titles (a bad one fails the page later)."""
        self.place.finished = True
        with contextlib.suppress(MathConversionError):  # the heading itself carries it: FinishPage reports it
            with_math_titles(getattr(self.md, "toc_tokens", []), Pipeline())


def with_math_titles(tokens: list[dict[str, object]], pipeline: Pipeline) -> None:
    """Each title of the contents (`name` and `html`, nested in `children`) with its formulas as MathML."""
    for token in tokens:
        for key in ("name", "html"):
            if isinstance(token.get(key), str):
                token[key] = pipeline.title(str(token[key]))
        with_math_titles(token.get("children", []), pipeline)  # type: ignore[arg-type]


class FinishPage(Postprocessor):
    """Stages 3 to 5: refuse a directive Markdown left in the page, box its tables, convert its LaTeX to MathML."""

    def __init__(self, md: Markdown, place: PagePlace, preview: Preview) -> None:
        super().__init__(md)
        self.place, self.preview = place, preview

    def run(self, text: str) -> str:
        """The page's final HTML, with MathML for every formula; a heading the contents render is left as it is."""
        if not self.place.finished:
            return text
        try:
            return Pipeline().body(text, self.place.current)
        except (DirectiveError, MathConversionError) as error:
            return error_page(self.preview.failed(error))


class AttentionExtension(Extension):
    """Register both steps; `page` names the page in messages when the build gives no rendering context."""

    def __init__(self, **kwargs: object) -> None:
        self.config = {"page": ["<page>", "the page's path, for error messages"],
                       "preview": [False, "show a page that does not build as its message instead of stopping"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        """Add the two steps to `md`."""
        place, preview = PagePlace(md, str(self.getConfig("page"))), Preview(bool(self.getConfig("preview")))
        md.preprocessors.register(ExpandDirectives(md, place, preview), "attn_directives", FIRST)
        md.treeprocessors.register(TreeFinished(md, place), "attn_tree_finished", TREE_DONE)
        md.postprocessors.register(FinishPage(md, place, preview), "attn_finish", LAST)


def makeExtension(**kwargs: object) -> AttentionExtension:
    """Entry point Python-Markdown uses for `extensions=["attention_site.extension"]`."""
    return AttentionExtension(**kwargs)


__all__ = ["AttentionExtension", "makeExtension"]
