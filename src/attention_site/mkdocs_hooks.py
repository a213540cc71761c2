"""The MkDocs adapter: MkDocs' events in, the engine's pure functions called, errors placed at `page:line`.

`hooks/site_hooks.py` (listed under `hooks:` in mkdocs.yml) re-exports the events below. MkDocs never
reloads hook modules nor what they import (mkdocs issue #3993), so this adapter reloads the engine and
`attention_core` itself whenever one of their files changed; an edit to a page alone keeps the loaded engine
and its computed examples. This module and the page helpers it imports (`document`, `page_assets`,
`page_head`) are the parts of `attention_site` that are never reloaded: restart the preview after editing them.

Under `mkdocs build` every problem stops the build with `page:line`. Under `mkdocs serve` a broken page is
served as a page that shows the same message, so the browser says what to fix instead of waiting, and the
page comes back by itself once the line is fixed. Every page carries a Content Security Policy that lets
only the site's own scripts (and the inline scripts of the theme, by hash), styles and fonts run.
"""

from __future__ import annotations

import functools
import html
import importlib
import inspect
import os
import re
import subprocess
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import urlsplit

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority, get_plugin_logger
from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

from attention_site import document, live_reload, page_assets, page_head

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page
    from mkdocs.structure.toc import AnchorLink
    from mkdocs.utils.templates import TemplateContext

    from attention_site.build_cache import TextCache
    from attention_site.pipeline import PageSource, Pipeline

PACKAGE = Path(__file__).resolve().parent
RELOADED_PACKAGES = ("attention_core", "attention_site")
REQUIRED_EXTENSIONS = ("pymdownx.arithmatex", "pymdownx.superfences", "tables", "md_in_html")
RE_LINE_BREAK = re.compile(r"\r\n?|\n")
PAGES_CACHED = 256
DOWNLOADS = "downloads"  # where the example workbooks are served: downloads/red-ball-rolls.xlsx
WORKBOOK_CACHE = ".cache/workbooks"  # kept between builds, keyed on every input (see workbook_files)
# The same keys (attention_site/build_cache.py) for the pages, their MathML (and the search documents' plain-text
# formulas) and the trimmed theme stylesheets.
PAGE_CACHE, MATHML_CACHE, THEME_CACHE = ".cache/pages", ".cache/mathml", ".cache/theme"
WORKER_SHIM = "assets/javascripts/iframe-worker-shim.js"  # served by the offline build, from npm's iframe-worker
WORKER_SHIM_SOURCE = "node_modules/iframe-worker/shim/index.js"

log = get_plugin_logger(__name__)
Stamp = tuple[tuple[str, int, int], ...]
T = TypeVar("T")


@dataclass(frozen=True)
class Engine:
    """The engine as loaded for one state of its files: page functions (cached per page text) and their errors."""

    stamp: Stamp
    pipeline: Pipeline  # the page's stages, with expansion and MathML kept in the caches
    page_source: Callable[[str, str, int], PageSource]  # how the pipeline is told of a page
    directive_error: type[Exception]
    math_error: type[Exception]
    safety: ModuleType
    workbooks: ModuleType
    theme_cache: TextCache  # Material's stylesheets as trimmed for the site (page_assets)
    readable_documents: Callable[[str], str]  # the search's documents with formulas as plain text
    live: ModuleType  # live pages: what the browser needs to recompute a page (live.py)
    live_manifest: Callable[[str], str]  # a page's live.json, kept between builds like its expansion


engine: Engine | None = None
offline = False  # a build for reading from disk (Material's offline plugin): its search runs in an iframe worker
page_dates: dict[str, str] = {}  # each page's last commit date, read once a build
reloaded = False  # this build loaded the engine afresh: every page depends on it, so every page is rebuilt
templates: Stamp = ()  # the theme overrides (overrides/) as the last build saw them
templates_changed = False  # every page is drawn with them, so every page is rebuilt
broken: str | None = None  # why the engine could not load, shown on every page while serving


@dataclass
class Session:
    """How MkDocs was started: serving (show errors in the browser) or building, rebuilding dirty or whole."""

    serving: bool = False  # broken pages are served as their error instead of stopping the build
    dirty: bool = False  # `serve --dirty` (make serve): only changed pages rebuild, unless the engine reloaded


session = Session()


@dataclass
class Problems:
    """Every page of this build that did not build, with its messages, so that one build names them all."""

    by_page: dict[str, list[str]] = field(default_factory=dict)

    def add(self, page: str, message: str) -> str:
        """Keep one page's message (one line for each problem in it) and return it for the page to show."""
        self.by_page.setdefault(page, []).append(message)
        return message

    def count(self) -> int:
        """How many problems were found: a message names one a line."""
        return sum(message.count("\n") + 1 for messages in self.by_page.values() for message in messages)

    def summary(self) -> str:
        """How many problems on how many pages, and what to do."""
        problems, pages = self.count(), len(self.by_page)
        return (f"{problems} problem{'s' * (problems != 1)} on {pages} page{'s' * (pages != 1)}; fix each line "
                "named above and build again")

    def report(self) -> str:
        """Every message, page by page in the order they were built, then the summary."""
        return "\n".join([*(m for messages in self.by_page.values() for m in messages), self.summary()])


problems = Problems()


def on_startup(*, command: str, dirty: bool) -> None:
    """Remember how MkDocs was started."""
    session.serving, session.dirty = command == "serve", dirty


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Check the prerequisites and load the engine afresh if its files changed, so edits show without a restart."""
    global engine, broken, reloaded, templates, templates_changed
    problems.by_page.clear()
    missing = [name for name in REQUIRED_EXTENSIONS if name not in config.markdown_extensions]
    if missing:
        raise PluginError(f"mkdocs.yml: markdown_extensions lacks {', '.join(missing)}; the pages need them")
    anchor_snippets(config, project_root(config))
    use_local_worker_shim(config)
    page_dates.clear()
    page_dates.update(commit_dates(project_root(config)))
    stamp = (*fingerprint([PACKAGE, core_folder()]), file_stamp(Path(config.config_file_path)))
    reloaded = engine is None or engine.stamp != stamp
    overrides = [Path(config.theme.custom_dir)] if config.theme.custom_dir else []
    templates, previous = fingerprint(overrides, "*"), templates
    templates_changed = templates != previous
    if reloaded:
        try:
            engine, broken = load_engine(stamp, project_root(config), snippet_folders(config)), None
        except PluginError as error:
            if not session.serving:
                raise
            engine, broken = None, str(error)
            log.error(broken)
    return config


class CompiledTemplates(BytecodeCache):
    """The theme's templates as `mkdocs serve` compiled them in an earlier rebuild, kept in memory.

    Every rebuild makes a new Jinja environment, which would parse and compile the ~50 templates of the theme
    again: more than half of a one-page rebuild. Jinja stores each template's source checksum with its code and
    compiles afresh when the source changed, so an edited override is never served stale."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


compiled_templates = CompiledTemplates()


def on_env(env: Environment, /, *, config: MkDocsConfig, files: Files) -> Environment:
    """While serving, reuse the templates compiled by earlier rebuilds (a build compiles them once anyway)."""
    if session.serving:
        env.bytecode_cache = compiled_templates
    return env


def on_files(files: Files, /, *, config: MkDocsConfig) -> Files:
    """Refuse files that lead out of docs/ (symbolic links) and pages that are not UTF-8, before anything is copied."""
    if session.dirty and (reloaded or templates_changed):  # the engine, an example, mkdocs.yml or an override
        # changed: no page's output can be trusted
        for file in files.documentation_pages():
            file.is_modified = lambda: True  # type: ignore[method-assign]
    if engine is None:
        return files
    docs, root = Path(config.docs_dir), project_root(config)
    for file in files:
        if file.abs_src_path is None or file.src_dir is None or Path(file.src_dir) != docs:
            continue  # the theme's own files, or files made by a plugin
        path = Path(file.abs_src_path)
        shown = display_path(path, root)
        guard(engine.safety.check_in_folder, path, docs, shown)
        if file.is_documentation_page():
            guard(engine.safety.check_utf8, path.read_bytes(), shown)
    try:
        workbooks = workbook_files(config)
    except PluginError as error:  # an example that does not load
        fail(str(error))  # stops a build; while serving, every page's expansion shows the same message
        workbooks = {}
    for name, data in workbooks.items():
        files.append(File.generated(config, f"{DOWNLOADS}/{name}", content=data))
    if offline:
        shim = root / WORKER_SHIM_SOURCE
        if not shim.is_file():
            raise PluginError(f"{WORKER_SHIM_SOURCE} is missing; run `npm ci` (make setup does) for the offline build")
        files.append(File.generated(config, WORKER_SHIM, abs_src_path=str(shim)))
    return files


def workbook_files(config: MkDocsConfig) -> dict[str, bytes]:
    """Every example's workbook, by file name: from the cache when nothing they depend on has changed.

    The key covers every input: the text of every source file of both packages (so the examples' inputs
    and the code that lays the sheets out), the site's URL (the sheets link to it) and SOURCE_DATE_EPOCH (the
    files' dates). A cache hit therefore returns exactly the bytes a fresh build would write.
    """
    assert engine is not None
    key = workbook_key(config.site_url or "", os.environ.get("SOURCE_DATE_EPOCH", ""))
    workbooks = engine.workbooks  # its every_workbook loads the core and openpyxl: only on a cache miss
    every_workbook = with_core(lambda: workbooks.every_workbook(site_url=config.site_url or None), project_root(config))
    build_cache = importlib.import_module("attention_site.build_cache")  # reloaded with the engine
    return build_cache.kept_files(project_root(config) / WORKBOOK_CACHE / key, every_workbook)


def workbook_key(site_url: str, epoch: str) -> str:
    """A hash of everything a workbook depends on: both packages' sources, the site's URL, the build date."""
    build_cache = importlib.import_module("attention_site.build_cache")  # reloaded with the engine
    return build_cache.cache_key(build_cache.sources_key([PACKAGE, core_folder()]), "workbooks", site_url, epoch)


def guard(check: Callable[..., None], *args: object) -> None:
    """Run one safety check; its DirectiveError stops the build as a clean `file:line: message`."""
    assert engine is not None
    try:
        check(*args)
    except engine.directive_error as error:
        raise PluginError(str(error)) from None


def display_path(path: Path, root: Path) -> str:
    """A path as the repository shows it (`docs/x.md`), without resolving links (the link is what is named)."""
    try:
        return path.absolute().relative_to(root).as_posix()
    except ValueError:
        return str(path)


def use_local_worker_shim(config: MkDocsConfig) -> None:
    """In an offline build, load the iframe-worker shim from the site itself instead of the CDN Material names, and
    turn instant navigation off: from file:// Material's bundle ends its `document$` before the page's first emit
    when the feature is on, and every script waiting on it (Material's own, the site's) never runs."""
    global offline
    plugin = config.plugins.get("material/offline") or config.plugins.get("offline")
    offline = bool(plugin and plugin.config.enabled)
    if offline:
        polyfills = config.extra.get("polyfills", [])
        config.extra["polyfills"] = [WORKER_SHIM if "iframe-worker" in url else url for url in polyfills]
        features = config.theme.get("features", [])
        config.theme["features"] = [name for name in features if not name.startswith("navigation.instant")]


def project_root(config: MkDocsConfig) -> Path:
    """The folder that holds mkdocs.yml."""
    return folder_of(config.config_file_path)


@functools.cache
def folder_of(config_file: str) -> Path:
    """The folder that holds a configuration file, resolved once (each page asks for it three times)."""
    return Path(config_file).resolve().parent


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


def snippet_folders(config: MkDocsConfig) -> tuple[Path, ...]:
    """The folders pymdownx.snippets reads from, as mkdocs.yml names them (anchored to the project)."""
    snippets = config.mdx_configs.get("pymdownx.snippets") or {}
    return tuple(Path(folder) for folder in snippets.get("base_path", ()))


def fingerprint(folders: list[Path], pattern: str = "*.py") -> Stamp:
    """The path, size and modification time of every file matching `pattern` under `folders` (Python files by
    default: what a reload depends on)."""
    return tuple(file_stamp(path) for path in sorted(path for folder in folders for path in folder.rglob(pattern)
                                                     if path.is_file()))


def file_stamp(path: Path) -> tuple[str, int, int]:
    """A file's path, size and modification time."""
    info = path.stat()
    return str(path), info.st_size, info.st_mtime_ns


def load_engine(stamp: Stamp, root: Path, snippets: tuple[Path, ...] = ()) -> Engine:
    """Import the engine, the math converter and the core afresh, dropping any earlier copies."""
    forget(RELOADED_PACKAGES, keep=__name__)
    try:
        build_cache = importlib.import_module("attention_site.build_cache")
        sources = build_cache.sources_key([PACKAGE, core_folder()])
        directives = importlib.import_module("attention_site.directives")
        mathml = importlib.import_module("attention_site.mathml")
        pipeline = importlib.import_module("attention_site.pipeline")
        live = importlib.import_module("attention_site.live")
        safety = importlib.import_module("attention_site.safety")
        workbooks = importlib.import_module("attention_site.workbooks")
    except ImportError as error:
        raise PluginError(f"the hooks cannot import {error.name}: {error}; run `make serve` to set up") from None
    except Exception as error:  # a bug in the engine: say where, without a traceback
        raise PluginError(f"{place_of(error, root)}: {type(error).__name__}: {error}") from None
    # Both are pure functions of their text once the engine is loaded, so a rebuild that changed one page
    # redoes only that page; the caches go with the engine whenever its files change. Between builds the
    # results are kept on disk under keys that cover the sources too, so an unchanged page loads neither
    # NumPy nor the examples nor latex2mathml.
    pages, formulas, theme = (build_cache.TextCache(root / folder, sources)
                              for folder in (PAGE_CACHE, MATHML_CACHE, THEME_CACHE))
    for kept in (pages, formulas, theme):
        kept.prune()  # results of older sources can never be served again
    return Engine(
        stamp=stamp,
        pipeline=pipeline.Pipeline(
            snippet_folders=snippets,
            expand=functools.lru_cache(PAGES_CACHED)(pages.cached(with_core(live.expand_live, root))),
            convert=functools.lru_cache(PAGES_CACHED)(formulas.cached(mathml.convert_math)),
            convert_title=formulas.cached(mathml.convert_title),
        ),
        page_source=pipeline.PageSource,
        directive_error=directives.DirectiveError,
        math_error=mathml.MathConversionError,
        safety=safety,
        workbooks=workbooks,
        theme_cache=theme,
        readable_documents=formulas.cached(mathml.readable_documents),
        live=live,
        live_manifest=pages.cached(with_core(live.page_manifest, root)),
    )


def with_core(compute: Callable[..., T], root: Path) -> Callable[..., T]:
    """`compute`, which needs attention_core, run once the core is loaded (see load_core)."""

    @functools.wraps(compute)
    def run(*args: object) -> T:
        load_core(root)
        return compute(*args)

    return run


def load_core(root: Path) -> None:
    """Import attention_core, whose examples check their inputs as they load: when a page must be expanded or the
    workbooks written afresh, never for a build that reads them all back from the cache. An input that does not
    parse stops the build (or shows on every served page) with its file, line and field."""
    try:
        importlib.import_module("attention_core")
    except Exception as error:  # an example input that does not parse, or a bug: say where, without a traceback
        raise PluginError(f"{place_of(error, root)}: {type(error).__name__}: {error}") from None


def place_of(error: Exception, root: Path) -> str:
    """Where an error loading the engine comes from: an example's field, or the deepest line of an example's module
    involved (a validator of the core refusing it), or else the deepest project line."""
    example, field = getattr(error, "example", None), getattr(error, "field", None)
    frames = traceback.extract_tb(error.__traceback__)
    if example is not None and field is not None:  # its module failed to import: find its file in the traceback
        path = Path(inspect.getsourcefile(example) or "")
        lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
        start = next((i for i, text in enumerate(lines) if text.startswith(f"class {example.__name__}(")), 0)
        line = next((i for i in range(start, len(lines)) if lines[i].strip().startswith(f"{field}:")), start)
        return f"{display_path(path, root)}:{line + 1}"
    ours = [frame for frame in frames if Path(frame.filename).is_relative_to(root)]
    inputs = [frame for frame in ours if "attention_core/examples/" in Path(frame.filename).as_posix()]
    frame = inputs[-1] if inputs else ours[-1] if ours else frames[-1]  # an example's line before the core's check
    return f"{display_path(Path(frame.filename), root)}:{frame.lineno}"


def forget(packages: tuple[str, ...], keep: str) -> None:
    """Drop the packages and their submodules from the import cache, all but the module `keep`."""
    for name in list(sys.modules):
        if name.split(".")[0] in packages and name != keep and name != keep.rpartition(".")[0]:
            del sys.modules[name]


def source_path(page: Page, config: MkDocsConfig) -> str:
    """The page's path as a contributor sees it in the repository: `docs/lesson/index.md`."""
    return repository_path(page.file.abs_src_path or page.file.src_uri, config.config_file_path)


@functools.cache
def repository_path(source: str, config_file: str) -> str:
    """A source file's path from the folder of the configuration file, resolved once per build process."""
    return Path(source).resolve().relative_to(folder_of(config_file)).as_posix()


def page_source(page: Page, config: MkDocsConfig, markdown: str | None = None) -> PageSource:
    """The page as the pipeline knows it: its repository path, its file and (given its Markdown) the front matter's
    lines."""
    assert engine is not None
    offset = 0 if markdown is None else front_matter_lines(page, markdown)
    return engine.page_source(source_path(page, config), page.file.content_string, offset)


def front_matter_lines(page: Page, markdown: str) -> int:
    """How many lines MkDocs removed from the top of the page (its front matter)."""
    whole = page.file.content_string
    return len(RE_LINE_BREAK.split(whole)) - len(RE_LINE_BREAK.split(markdown))


def on_page_markdown(markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Refuse snippets from outside their folder, then replace every directive of the page with what it computes."""
    updated = page_dates.get(source_path(page, config))
    if updated:
        page.meta.setdefault("revision_date", updated)  # Material shows it under the page as "Last update"
    if engine is None:
        return failed_page_markdown(broken or "the engine did not load")
    path = source_path(page, config)
    try:
        return engine.pipeline.markdown(markdown, page_source(page, config, markdown))
    except (engine.directive_error, PluginError) as error:  # a typo on the page, or an example that does not load
        return failed_page_markdown(page_failed(path, str(error)))


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


def fail(message: str) -> str:
    """Stop the build with `message`; while serving, log it and return it for the page to show instead."""
    if not session.serving:
        raise PluginError(message)
    log.error(message)
    return message


def page_failed(page: str, message: str) -> str:
    """Keep a page's problem for the end of the build (which then stops, naming all of them), log it while
    serving, and return it for the page to show instead of its content."""
    if session.serving:
        log.error(message)
    return problems.add(page, message)


def failed_page_markdown(message: str) -> str:
    """A page that shows why it could not be built, for the browser of someone running `mkdocs serve`."""
    return ("# This page does not build\n\n"
            f'<pre class="attn-build-error">{html.escape(message)}</pre>\n\n'
            "Fix the line named above and save: this page reloads by itself.\n")


def on_page_content(html_text: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Refuse a directive that Markdown left in the page, convert the LaTeX of its headings to MathML and put each
    table in its scroll box. The text's LaTeX waits for on_page_context."""
    if engine is None:
        return html_text
    try:
        boxed = engine.pipeline.content(html_text, page_source(page, config))
    except engine.directive_error as error:
        return error_page(page_failed(source_path(page, config), str(error)))
    try:
        for item in walk(page.toc):
            item.title = engine.pipeline.title(item.title)
    except engine.math_error as error:
        return error_page(math_failure(page, config, error))
    return boxed


@event_priority(-100)  # after every plugin's, so after Material's search has read the page
def on_page_context(context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
                    ) -> TemplateContext:
    """Convert the page's LaTeX to MathML (no math JavaScript), once Material's search has indexed its text.

    Read as LaTeX, a formula costs the search's HTML parser none of its MathML tags (8,500 on the site, about a
    sixth of the indexing); its documents then show it as plain text (mathml.readable_formulas)."""
    if engine is None or page.content is None:
        return context
    try:
        page.content = engine.pipeline.math(page.content)
    except engine.math_error as error:
        page.content = error_page(math_failure(page, config, error))
    return context


def math_failure(page: Page, config: MkDocsConfig, error: Exception) -> str:
    """Stop the build at the page and line of a formula that does not convert (while serving: the message)."""
    path = source_path(page, config)
    return page_failed(path, f"{path}:{formula_line(page, error)}: {error}")


def error_page(message: str) -> str:
    """The HTML of a page that could not be built: what to fix, in place of its content."""
    return f'<h1>This page does not build</h1><pre class="attn-build-error">{html.escape(message)}</pre>'


def on_post_page(output: str, /, *, page: Page, config: MkDocsConfig) -> str:
    """Add the sharing tags, the search on demand and the Content Security Policy (the site's own files, inline
    scripts by hash).

    The offline build goes without the last two: from disk, its search runs in a worker shim that writes an
    inline script into an iframe, which no hash can name. Its pages passed every other check of the build.
    """
    title = f"{page.title} - {config.site_name}" if page.title and not page.is_homepage else config.site_name
    about = document.Head(site_name=config.site_name, title=title, url=page.canonical_url or "",
                          description=page.meta.get("description") or config.site_description or "",
                          serving=session.serving, offline=offline,
                          **inline_scripts(output, config, get_relative_url(".", page.url), source_path(page, config)))
    if engine is not None:  # a live page's live.json beside it; offline, inside it (no fetch from disk)
        manifest = engine.live_manifest(page.file.content_string)
        output = engine.live.with_manifest(output, manifest, Path(config.site_dir) / page.file.dest_uri, offline)
    try:
        return document.head(output, about)
    except ValueError as error:
        raise PluginError(str(error)) from None


def on_post_template(output_content: str, /, *, template_name: str, config: MkDocsConfig) -> str:
    """Give HTML pages made from templates alone (404.html) the same search and Content Security Policy."""
    if not template_name.endswith(".html") or offline:
        return output_content
    try:
        base_url = urlsplit(config.site_url or "/").path  # as MkDocs renders an error page's templates
        return document.secured(output_content, serving=session.serving,
                                **inline_scripts(output_content, config, base_url, template_name))
    except ValueError as error:
        raise PluginError(str(error)) from None


def inline_scripts(output: str, config: MkDocsConfig, base_url: str, shown: str) -> dict[str, object]:
    """The inline scripts a page's policy allows: those the templates of the theme and of overrides/ make for it
    (rendered for its `base_url`) and, while serving, the reload script. Any other inline script reached the page
    some other way: it is a problem of the page, and blocked by the browser while serving."""
    sources = template_sources(tuple(config.theme.dirs), templates)
    shipped = page_head.shipped_scripts(sources, {"config": config, "base_url": base_url})
    for script in page_head.foreign_scripts(output, shipped):
        page_failed(shown, f"{shown}: an inline script that no template of the theme or of overrides/ holds reached "
                           f"the page: '{script.strip()[:80]}'; pages may not hold scripts (the site's own live in "
                           "docs/javascripts/, its inline ones in overrides/)")
    return {"shipped": shipped, "added": (live_reload.RELOAD_SCRIPT,) if session.serving else ()}


@functools.lru_cache(maxsize=4)
def template_sources(folders: tuple[str, ...], stamp: Stamp) -> tuple[str, ...]:
    """The inline scripts of the theme's templates and the overrides, read again when an override changed."""
    return page_head.template_scripts(map(Path, folders))


def on_post_build(*, config: MkDocsConfig) -> None:
    """Serve the search's documents with readable formulas (kept between builds like the pages' MathML), on demand
    (the offline build keeps them in the index, as Material does), the site's own scripts and stylesheets minified
    and Material's stylesheets trimmed to the rules the site can use (not in the preview, where a contributor reads
    them in the browser and waits for every rebuild)."""
    if problems.by_page:
        if not session.serving:
            raise PluginError(problems.report())
        log.error(problems.summary())
    page_assets.serve_search_documents(Path(config.site_dir), on_demand=not offline,
                                       readable=engine.readable_documents if engine else None)
    if not session.serving:
        page_assets.minify_own_assets(Path(config.site_dir))
        page_assets.serve_trimmed_theme_stylesheets(Path(config.site_dir), config.theme["features"], config.extra,
                                                    engine.theme_cache if engine else None)


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
