"""A page's three events: its Markdown (safety, expand), its HTML (leftovers, tables, the contents' formulas) and,
once the search has read it, its MathML. Each calls the page pipeline; a problem becomes the page's error page."""

from __future__ import annotations

import functools
import re
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError

from ..failed_page import error_page, failed_page_markdown
from .config import folder_of
from .failures import page_failed

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page
    from mkdocs.structure.toc import AnchorLink

    from attention_site.pipeline import PageSource

    from .state import Engine, State

RE_LINE_BREAK = re.compile(r"\r\n?|\n")


def page_markdown(markdown: str, page: Page, config: MkDocsConfig, state: State) -> str:
    """Stages 1 and 2: the page's directives expanded, after its snippet includes were checked."""
    path = source_path(page, config)
    updated = state.page_dates.get(path)
    if updated:
        page.meta.setdefault("revision_date", updated)  # Material shows it under the page as "Last update"
    if state.engine is None:
        return failed_page_markdown(state.broken or "the engine did not load")
    try:
        return state.engine.pipeline.markdown(markdown, page_source(state.engine, page, config, markdown))
    except (state.engine.directive_error, PluginError) as error:  # a typo, or an example that does not load
        return failed_page_markdown(page_failed(state.problems, path, str(error), state.serving))


def page_content(html: str, page: Page, config: MkDocsConfig, state: State) -> str:
    """Stages 3 and 4, and the contents' formulas: a directive left in the page refused, its tables boxed."""
    engine = state.engine
    if engine is None:
        return html
    try:
        boxed = engine.pipeline.content(html, page_source(engine, page, config))
    except engine.directive_error as error:
        return error_page(page_failed(state.problems, source_path(page, config), str(error), state.serving))
    try:
        for item in walk(page.toc):
            item.title = engine.pipeline.title(item.title)
    except engine.math_error as error:
        return error_page(math_failure(page, config, state, error))
    return boxed


def page_math(page: Page, config: MkDocsConfig, state: State) -> None:
    """Stage 5: the page's LaTeX as MathML, in place."""
    if state.engine is None or page.content is None:
        return
    try:
        page.content = state.engine.pipeline.math(page.content)
    except state.engine.math_error as error:
        page.content = error_page(math_failure(page, config, state, error))


def math_failure(page: Page, config: MkDocsConfig, state: State, error: Exception) -> str:
    """The problem of a formula that does not convert, at its page and line."""
    path = source_path(page, config)
    return page_failed(state.problems, path, f"{path}:{formula_line(page, error)}: {error}", state.serving)


def page_source(engine: Engine, page: Page, config: MkDocsConfig, markdown: str | None = None) -> PageSource:
    """The page as the pipeline knows it: its repository path, its file and (given its Markdown) the front matter's
    lines."""
    offset = 0 if markdown is None else front_matter_lines(page, markdown)
    return engine.page_source(source_path(page, config), page.file.content_string, offset)


def source_path(page: Page, config: MkDocsConfig) -> str:
    """The page's path as a contributor sees it in the repository: `docs/lesson/index.md` (for a page the build
    makes, where its file would be)."""
    source = page.file.abs_src_path or str(Path(config.docs_dir) / page.file.src_uri)
    return repository_path(source, config.config_file_path)


@functools.cache
def repository_path(source: str, config_file: str) -> str:
    """A source file's path from the folder of the configuration file, resolved once per build process."""
    return Path(source).resolve().relative_to(folder_of(config_file)).as_posix()


def front_matter_lines(page: Page, markdown: str) -> int:
    """How many lines MkDocs removed from the top of the page (its front matter)."""
    whole = page.file.content_string
    return len(RE_LINE_BREAK.split(whole)) - len(RE_LINE_BREAK.split(markdown))


def formula_line(page: Page, error: Exception) -> int:
    """The line of the page source where the failing formula starts, or 1 if it cannot be found."""
    formula = getattr(error, "formula", "")
    text = page.file.content_string
    position = text.find(formula.strip()[:40]) if formula else -1
    return text.count("\n", 0, position) + 1 if position >= 0 else 1


def walk(items: Iterable[AnchorLink]) -> Iterator[AnchorLink]:
    """Every entry of a table of contents, depth first."""
    for item in items:
        yield item
        yield from walk(item.children)


def commit_dates(root: Path) -> dict[str, str]:
    """The date of the last commit of every page (`docs/x.md` -> `2026-12-01`), from git history, never the
    clock: one `git log` for the whole build, newest commit first. Without git history, no dates."""
    try:
        done = subprocess.run(["git", "log", "--format=%x00%cs", "--name-only", "--", "docs"], cwd=root,
                              capture_output=True, text=True, timeout=60, check=False)
    except OSError:
        return {}
    dates: dict[str, str] = {}
    for block in done.stdout.split("\0")[1:]:
        date, *names = block.strip().split("\n")
        for name in names:
            dates.setdefault(name, date)
    return dates
