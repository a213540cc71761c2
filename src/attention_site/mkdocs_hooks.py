"""The MkDocs adapter: MkDocs' events in, the engine's pure functions called, errors placed at `page:line`.

`hooks/site_hooks.py` (listed under `hooks:` in mkdocs.yml) re-exports the three events below. MkDocs never
reloads hook modules nor what they import (mkdocs issue #3993), so this adapter reloads the engine and
`attention_core` itself whenever one of their files changed; an edit to a page alone keeps the loaded engine
and its computed examples. This module is the one part of `attention_site` that is never reloaded.
"""

from __future__ import annotations

import functools
import importlib
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page
    from mkdocs.structure.toc import AnchorLink

PACKAGE = Path(__file__).resolve().parent
RELOADED_PACKAGES = ("attention_core", "attention_site")
REQUIRED_EXTENSIONS = ("pymdownx.arithmatex", "pymdownx.superfences", "tables", "md_in_html")
RE_LINE_BREAK = re.compile(r"\r\n?|\n")
PAGES_CACHED = 256

log = get_plugin_logger(__name__)
Stamp = tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class Engine:
    """The engine as loaded for one state of its files: page functions (cached per page text) and their errors."""

    stamp: Stamp
    expand: Callable[[str, str, int], str]
    check_expanded: Callable[[str, str, str], None]
    convert: Callable[[str], str]
    convert_title: Callable[[str], str]
    directive_error: type[Exception]
    math_error: type[Exception]


engine: Engine | None = None


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Check the prerequisites and load the engine afresh if its files changed, so edits show without a restart."""
    global engine
    missing = [name for name in REQUIRED_EXTENSIONS if name not in config.markdown_extensions]
    if missing:
        raise PluginError(f"mkdocs.yml: markdown_extensions lacks {', '.join(missing)}; the pages need them")
    anchor_snippets(config, project_root(config))
    stamp = fingerprint([PACKAGE, core_folder()])
    if engine is None or engine.stamp != stamp:
        engine = load_engine(stamp)
    return config


def project_root(config: MkDocsConfig) -> Path:
    """The folder that holds mkdocs.yml."""
    return Path(config.config_file_path).resolve().parent


def core_folder() -> Path:
    """Where `attention_core` is installed (the project's own folder in an editable install)."""
    spec = importlib.util.find_spec("attention_core")
    if spec is None or spec.origin is None:
        raise PluginError("attention_core is not installed; run `make serve` (or `pip install -e .`) to set up")
    return Path(spec.origin).parent


def anchor_snippets(config: MkDocsConfig, root: Path) -> None:
    """Resolve pymdownx.snippets' base paths against the project, not the folder MkDocs was started from."""
    snippets = config.mdx_configs.get("pymdownx.snippets")
    if snippets is not None:
        paths = snippets.get("base_path", ["."])
        snippets["base_path"] = [str(root / path) for path in ([paths] if isinstance(paths, str) else paths)]


def fingerprint(folders: list[Path]) -> Stamp:
    """The path, size and modification time of every Python file under `folders`: what a reload depends on."""
    files = sorted(path for folder in folders for path in folder.rglob("*.py"))
    return tuple((str(path), (info := path.stat()).st_size, info.st_mtime_ns) for path in files)


def load_engine(stamp: Stamp) -> Engine:
    """Import the engine, the math converter and the core afresh, dropping any earlier copies."""
    forget(RELOADED_PACKAGES, keep=__name__)
    try:
        directives = importlib.import_module("attention_site.directives")
        mathml = importlib.import_module("attention_site.mathml")
    except ImportError as error:
        raise PluginError(f"the hooks cannot import {error.name}: {error}; run `make serve` to set up") from None
    # Both are pure functions of their text once the engine is loaded, so a rebuild that changed one page
    # redoes only that page; the caches go with the engine whenever its files change.
    return Engine(
        stamp=stamp,
        expand=functools.lru_cache(maxsize=PAGES_CACHED)(directives.expand_directives),
        check_expanded=directives.check_expanded,
        convert=functools.lru_cache(maxsize=PAGES_CACHED)(mathml.convert_math),
        convert_title=mathml.convert_title,
        directive_error=directives.DirectiveError,
        math_error=mathml.MathConversionError,
    )


def forget(packages: tuple[str, ...], keep: str) -> None:
    """Drop the packages and their submodules from the import cache, all but the module `keep`."""
    for name in list(sys.modules):
        if name.split(".")[0] in packages and name != keep and name != keep.rpartition(".")[0]:
            del sys.modules[name]


def loaded() -> Engine:
    """The engine loaded by `on_config`."""
    if engine is None:
        raise PluginError("the engine is not loaded: on_config did not run")
    return engine


def source_path(page: Page, config: MkDocsConfig) -> str:
    """The page's path as a contributor sees it in the repository: `docs/lesson/index.md`."""
    return Path(page.file.abs_src_path or page.file.src_uri).resolve().relative_to(project_root(config)).as_posix()


def front_matter_lines(page: Page, markdown: str) -> int:
    """How many lines MkDocs removed from the top of the page (its front matter)."""
    whole = page.file.content_string
    return len(RE_LINE_BREAK.split(whole)) - len(RE_LINE_BREAK.split(markdown))


def on_page_markdown(markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace every directive of the page with the Markdown it computes."""
    current = loaded()
    try:
        return current.expand(markdown, source_path(page, config), front_matter_lines(page, markdown))
    except current.directive_error as error:
        raise PluginError(str(error)) from None


def on_page_content(html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Refuse a directive that Markdown left in the page, then convert LaTeX to MathML (no math JavaScript)."""
    current = loaded()
    try:
        current.check_expanded(html, page.file.content_string, source_path(page, config))
    except current.directive_error as error:
        raise PluginError(str(error)) from None
    try:
        for item in walk(page.toc):
            item.title = current.convert_title(item.title)
        return current.convert(html)
    except current.math_error as error:
        raise PluginError(f"{source_path(page, config)}:{formula_line(page, error)}: {error}") from None


def walk(items: Iterable[AnchorLink]) -> Iterator[AnchorLink]:
    """Every entry of a table of contents, depth first."""
    for item in items:
        yield item
        yield from walk(item.children)


def formula_line(page: Page, error: Exception) -> int:
    """The line of the page source where the failing formula starts, or 1 if it cannot be found."""
    formula = getattr(error, "formula", "")
    text = page.file.content_string
    position = text.find(formula.strip()[:40]) if formula else -1
    return text.count("\n", 0, position) + 1 if position >= 0 else 1
