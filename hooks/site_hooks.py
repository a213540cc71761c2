"""MkDocs hooks: a thin adapter between MkDocs and the directive engine in `hooks/directives/`.

The engine does not import MkDocs. This module finds the project, reloads the engine and
`attention_core` whenever one of their files changed (MkDocs itself never reloads hook modules, so
`mkdocs serve` would otherwise keep showing the numbers of the first build; an edit to a page alone
keeps the loaded engine and its computed examples), places errors at `page:line`, and converts math
to MathML once a page is HTML.
"""

from __future__ import annotations

import functools
import importlib
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page
    from mkdocs.structure.toc import AnchorLink

RELOADED_PACKAGES = ("attention_core", "directives", "mathml", "figures")
REQUIRED_EXTENSIONS = ("pymdownx.arithmatex", "pymdownx.superfences", "tables", "md_in_html")
RE_LINE_BREAK = re.compile(r"\r\n?|\n")
PAGES_CACHED = 256

log = get_plugin_logger(__name__)
modules: dict[str, object] = {}


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Check the prerequisites and load the engine afresh, so edits show without a restart."""
    missing = [name for name in REQUIRED_EXTENSIONS if name not in config.markdown_extensions]
    if missing:
        raise PluginError(f"mkdocs.yml: markdown_extensions lacks {', '.join(missing)}; the pages need them")
    root = Path(config.config_file_path).resolve().parent
    hooks = Path(__file__).resolve().parent
    for folder in (hooks, root):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    anchor_snippets(config, root)
    stamp = fingerprint([root / "attention_core", hooks])
    if modules.get("stamp") != stamp:
        load_engine()
        modules["stamp"] = stamp
    return config


def anchor_snippets(config: MkDocsConfig, root: Path) -> None:
    """Resolve pymdownx.snippets' base paths against the project, not the folder MkDocs was started from."""
    snippets = config.mdx_configs.get("pymdownx.snippets")
    if snippets is not None:
        paths = snippets.get("base_path", ["."])
        snippets["base_path"] = [str(root / path) for path in ([paths] if isinstance(paths, str) else paths)]


def fingerprint(folders: list[Path]) -> tuple[tuple[str, int, int], ...]:
    """The path, size and modification time of every Python file under `folders`: what a reload depends on."""
    files = sorted(path for folder in folders for path in folder.rglob("*.py"))
    return tuple((str(path), (info := path.stat()).st_size, info.st_mtime_ns) for path in files)


def load_engine() -> None:
    """Import the engine, the math converter and the core afresh, dropping any earlier copies."""
    forget(RELOADED_PACKAGES)
    try:
        engine, mathml = importlib.import_module("directives"), importlib.import_module("mathml")
    except ImportError as error:
        raise PluginError(f"the hooks cannot import {error.name}: {error}; run `make serve` to set up") from None
    # Both are pure functions of their text once the engine is loaded, so a rebuild that changed one page
    # redoes only that page; the caches go with the modules whenever the engine's files change.
    modules.update(
        directives=engine, mathml=mathml,
        expand=functools.lru_cache(maxsize=PAGES_CACHED)(engine.expand_directives),
        convert=functools.lru_cache(maxsize=PAGES_CACHED)(mathml.convert_math),
    )


def forget(packages: tuple[str, ...]) -> None:
    """Drop the packages and their submodules from the import cache."""
    for name in list(sys.modules):
        if name.split(".")[0] in packages:
            del sys.modules[name]


def source_path(page: Page, config: MkDocsConfig) -> str:
    """The page's path as a contributor sees it in the repository: `docs/lesson/index.md`."""
    root = Path(config.config_file_path).resolve().parent
    return Path(page.file.abs_src_path or page.file.src_uri).resolve().relative_to(root).as_posix()


def front_matter_lines(page: Page, markdown: str) -> int:
    """How many lines MkDocs removed from the top of the page (its front matter)."""
    whole = page.file.content_string
    return len(RE_LINE_BREAK.split(whole)) - len(RE_LINE_BREAK.split(markdown))


def on_page_markdown(markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace every directive of the page with the Markdown it computes."""
    engine = modules["directives"]
    try:
        return modules["expand"](markdown, source_path(page, config), front_matter_lines(page, markdown))
    except engine.DirectiveError as error:
        raise PluginError(str(error)) from None


def on_page_content(html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Convert the page's LaTeX to MathML, so readers load no math JavaScript."""
    mathml = modules["mathml"]
    try:
        for item in walk(page.toc):
            item.title = mathml.convert_title(item.title)
        return modules["convert"](html)
    except mathml.MathConversionError as error:
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
