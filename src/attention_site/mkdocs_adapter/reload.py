"""Loading the engine afresh whenever its files change, since MkDocs never reloads hook modules (mkdocs #3993).

The adapter itself (this package, `mkdocs_hooks` and the page helpers it imports from `postprocess/`: `document`,
`page_assets`, `page_head`) is never reloaded: restart the preview after editing it. Everything else of
`attention_site`, and `attention_core`, is dropped from the import cache and imported again, and what the adapter
needs of it is kept in an `Engine` of typed functions.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger

from attention_site.directives.errors import escaped

from .config import project_root
from .state import Engine, Stamp

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

    from .state import State

PACKAGE = Path(__file__).resolve().parent.parent
ADAPTER = __name__.rpartition(".")[0]
RELOADED_PACKAGES = ("attention_core", "attention_site")
PAGES_CACHED = 256
# Kept between builds under keys that cover every source (attention_site/build_cache.py): the pages, their MathML
# (and the search documents' plain-text formulas) and the trimmed theme stylesheets.
PAGE_CACHE, MATHML_CACHE, THEME_CACHE = ".cache/pages", ".cache/mathml", ".cache/theme"
# Shown on pages by a directive, like the programs of the snippet folders: an edit reloads the engine (its pages'
# expansions, kept in memory, read them) and so rebuilds every page, as --dirty would rebuild none of them.
SHOWN_FILES = ("CONTRIBUTING.md",)
T = TypeVar("T")
log = get_plugin_logger(__name__)


def core_folder() -> Path:
    """Where `attention_core` is installed (the project's own folder in an editable install)."""
    spec = importlib.util.find_spec("attention_core")
    if spec is None or spec.origin is None:
        raise PluginError("attention_core is not installed; run `make serve` (or `pip install -e .`) to set up")
    return Path(spec.origin).parent


def fingerprint(folders: list[Path], pattern: str = "*.py") -> Stamp:
    """The path, size and modification time of every file matching `pattern` under `folders` (Python files by
    default: what a reload depends on)."""
    return tuple(file_stamp(path) for path in sorted(path for folder in folders for path in folder.rglob(pattern)
                                                     if path.is_file()))


def file_stamp(path: Path) -> tuple[str, int, int]:
    """A file's path, size and modification time."""
    info = path.stat()
    return str(path), info.st_size, info.st_mtime_ns


def shown_files(root: Path) -> Stamp:
    """The stamps of the project files outside docs/ that pages show through a directive (CONTRIBUTING.md)."""
    return tuple(file_stamp(root / name) for name in SHOWN_FILES if (root / name).is_file())


def load_engine(stamp: Stamp, root: Path, snippets: tuple[Path, ...] = ()) -> Engine:
    """Import the engine, the math converter and the core afresh, dropping any earlier copies."""
    forget(RELOADED_PACKAGES)
    try:
        build_cache = importlib.import_module("attention_site.build_cache")
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
    # Both are pure functions of their text once the engine is loaded, so a rebuild that changed one page redoes
    # only that page; the caches go with the engine whenever its files change. Between builds the results are kept
    # on disk under keys that cover the sources too, so an unchanged page loads neither NumPy nor the examples nor
    # latex2mathml.
    sources = build_cache.sources_key([PACKAGE, core_folder()])
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
        check_in_folder=safety.check_in_folder,
        check_utf8=safety.check_utf8,
        every_workbook=with_core(lambda **options: workbooks.every_workbook(**options), root),  # openpyxl: on use
        theme_cache=theme,
        readable_documents=formulas.cached(mathml.readable_documents),
        live_manifest=pages.cached(with_core(live.page_manifest, root)),
        with_manifest=live.with_manifest,
    )


def with_core(compute: Callable[..., T], root: Path) -> Callable[..., T]:
    """`compute`, which needs attention_core, run once the core is loaded (see load_core)."""

    @functools.wraps(compute)
    def run(*args: object, **options: object) -> T:
        load_core(root)
        return compute(*args, **options)

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
    if example is not None and field is not None:
        return field_line(example, field, source_of(example, frames), root)
    ours = [frame for frame in frames if Path(frame.filename).is_relative_to(root)]
    inputs = [frame for frame in ours if "attention_core/examples/" in Path(frame.filename).as_posix()]
    frame = inputs[-1] if inputs else ours[-1] if ours else frames[-1]  # an example's line before the core's check
    return f"{display_path(Path(frame.filename), root)}:{frame.lineno}"


def source_of(example: type, frames: traceback.StackSummary) -> Path:
    """The file that defines an example's class: its module's, or (when that module failed to import) the file of
    that module in the traceback."""
    module = sys.modules.get(example.__module__)
    if module is not None and module.__file__:
        return Path(module.__file__)
    module_file = example.__module__.replace(".", "/") + ".py"
    return Path(next((frame.filename for frame in frames if frame.filename.endswith(module_file)), ""))


def field_line(example: type, field: str, path: Path, root: Path) -> str:
    """`file:line` of an example's field in the file that defines its class."""
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    start = next((i for i, text in enumerate(lines) if text.startswith(f"class {example.__name__}(")), 0)
    line = next((i for i in range(start, len(lines)) if lines[i].strip().startswith(f"{field}:")), start)
    return f"{display_path(path, root)}:{line + 1}"


def display_path(path: Path, root: Path) -> str:
    """A path as the repository shows it (`docs/x.md`), without resolving links (the link is what is named), every
    character of its name that does not print written as its escape (a file may be named with an ESC)."""
    try:
        return escaped(path.absolute().relative_to(root).as_posix())
    except ValueError:
        return escaped(str(path))


def forget(packages: tuple[str, ...]) -> None:
    """Drop the packages and their submodules from the import cache, all but the adapter (and its top package)."""
    kept = {"attention_site", "attention_site.mkdocs_hooks"}
    for name in list(sys.modules):
        if name.split(".")[0] in packages and name not in kept and not name.startswith(ADAPTER):
            del sys.modules[name]


def refresh(state: State, config: MkDocsConfig, snippets: tuple[Path, ...]) -> None:
    """Load the engine afresh if its files, an example's, mkdocs.yml, a file of the snippet folders or a file a page
    shows (SHOWN_FILES) changed, and note whether the theme's overrides did (both rebuild every page). While
    serving, an engine that does not load is shown on every page."""
    stamp = (*fingerprint([PACKAGE, core_folder()]), file_stamp(Path(config.config_file_path)),
             *fingerprint(list(snippets), "*"), *shown_files(project_root(config)))
    state.reloaded = state.engine is None or state.engine.stamp != stamp
    overrides = [Path(config.theme.custom_dir)] if config.theme.custom_dir else []
    templates = fingerprint(overrides, "*")
    state.templates_changed, state.templates = templates != state.templates, templates
    if not state.reloaded:
        return
    try:
        state.engine, state.broken = load_engine(stamp, project_root(config), snippets), None
    except PluginError as error:
        if not state.serving:
            raise
        state.engine, state.broken = None, str(error)
        log.error(state.broken)
