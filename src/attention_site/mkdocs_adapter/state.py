"""What one MkDocs process knows between its events and its rebuilds: one record, passed to each room."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .failures import Problems

if TYPE_CHECKING:
    from attention_site.build_cache import TextCache
    from attention_site.pipeline import PageSource, Pipeline

Stamp = tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class Engine:
    """The engine as loaded for one state of its files: the page pipeline (its expansion and MathML kept in the
    caches), the checks on files and the workbooks, each a typed function of the freshly imported modules."""

    stamp: Stamp
    pipeline: Pipeline
    page_source: Callable[[str, str, int], PageSource]  # how the pipeline is told of a page
    directive_error: type[Exception]
    math_error: type[Exception]
    check_in_folder: Callable[[Path, Path, str], None]  # a file of docs/ that leads out of it stops the build
    check_utf8: Callable[[bytes, str], None]
    every_workbook: Callable[..., dict[str, bytes]]  # loads the core and openpyxl: only on a cache miss
    theme_cache: TextCache  # Material's stylesheets as trimmed for the site (page_assets)
    readable_documents: Callable[[str], str]  # the search's documents with formulas as plain text
    live_manifest: Callable[[str], str]  # a page's live.json (live.py), kept between builds like its expansion
    with_manifest: Callable[[str, str, Path, bool], str]  # the page with its live.json beside it (offline: inside)


@dataclass
class State:
    """How MkDocs was started, the engine it runs and what this build has seen so far."""

    serving: bool = False  # broken pages are served as their error instead of stopping the build
    dirty: bool = False  # `serve --dirty` (make serve): only changed pages rebuild, unless the engine reloaded
    offline: bool = False  # a build for reading from disk (Material's offline plugin): search in an iframe worker
    engine: Engine | None = None
    broken: str | None = None  # why the engine could not load, shown on every page while serving
    reloaded: bool = False  # this build loaded the engine afresh: every page depends on it, so all are rebuilt
    templates: Stamp = ()  # the theme overrides (overrides/) as the last build saw them
    templates_changed: bool = False  # every page is drawn with them, so every page is rebuilt
    page_dates: dict[str, str] = field(default_factory=dict)  # each page's last commit date, read once a build
    problems: Problems = field(default_factory=Problems)  # the pages of this build that did not build
    served_pages: set[str] = field(default_factory=set)  # while serving, the pages the last build wrote (dest_uri)
