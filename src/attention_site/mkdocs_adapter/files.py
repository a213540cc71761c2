"""The files of a build: those of docs/ checked before anything is copied, the workbooks and the offline shim added."""

from __future__ import annotations

import importlib
import os
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from attention_site import lms_copy
from attention_site.directives.entries import reference_pages

from .config import WORKER_SHIM, project_root
from .failures import fail, page_failed
from .reload import PACKAGE, core_folder, display_path

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

    from .state import Engine, State

DOWNLOADS = "downloads"  # where the example workbooks are served: downloads/red-ball-rolls.xlsx
WORKBOOK_CACHE = ".cache/workbooks"  # kept between builds, keyed on every input (see workbook_files)
WORKER_SHIM_SOURCE = "node_modules/iframe-worker/shim/index.js"


def site_files(files: Files, config: MkDocsConfig, state: State) -> Files:
    """The build's files, checked, with every page marked for rebuilding when the engine or the theme changed."""
    if state.dirty and (state.reloaded or state.templates_changed):  # no page's output can be trusted
        for file in files.documentation_pages():
            file.is_modified = lambda: True  # type: ignore[method-assign]
    if state.engine is None:
        return files
    check_pages_folder(files, config, state, state.engine)
    add_reference_pages(files, config, state)  # before the served pages are counted: they are pages too
    if state.serving:
        forget_deleted_pages(files, config, state)
    try:
        workbooks = workbook_files(config, state.engine)
    except PluginError as error:  # an example that does not load
        fail(state.problems, str(error), state.serving)  # stops a build; while serving, every page shows it
        workbooks = {}
    for name, data in workbooks.items():
        files.append(File.generated(config, f"{DOWNLOADS}/{name}", content=data))
    for copy in lms_copy.COPIES.values():  # written from its built page after the build; listed now for links
        files.append(File.generated(config, copy, content=""))
    if state.offline:
        files.append(worker_shim(config))
    return files


def add_reference_pages(files: Files, config: MkDocsConfig, state: State) -> None:
    """Add each example's page of the reference of directives, which the build makes from the example's key; a
    file of docs/ in its place is a problem of the build, named, and left out."""
    for path, text in reference_pages().items():
        written = files.get_file_from_path(path)
        if written is not None:
            files.remove(written)
            shown = display_path(Path(config.docs_dir) / path, project_root(config))
            page_failed(state.problems, shown, f"{shown}:1: the reference page of an example is made by the build "
                        "from the example's key; delete this file", state.serving)
        files.append(File.generated(config, path, content=text))


def check_pages_folder(files: Files, config: MkDocsConfig, state: State, engine: Engine) -> None:
    """Leave out of the site every file that leads out of docs/ (a symbolic link), is of a type or name the site
    does not serve, or is a page that is not UTF-8: none is read or copied. Each is a problem of the build (named
    at its end); while serving, the rest of the site is still served."""
    docs, root = Path(config.docs_dir), project_root(config)
    for file in list(files):
        if file.abs_src_path is None or file.src_dir is None or Path(file.src_dir) != docs:
            continue  # the theme's own files, or files made by a plugin
        path = Path(file.abs_src_path)
        shown = display_path(path, root)
        try:
            engine.check_in_folder(path, docs, shown)
            if file.is_documentation_page():
                engine.check_utf8(path.read_bytes(), shown)
        except engine.directive_error as error:
            files.remove(file)
            page_failed(state.problems, shown, str(error), state.serving)


def forget_deleted_pages(files: Files, config: MkDocsConfig, state: State) -> None:
    """While serving, remove the output of every page gone since the last build (deleted, or refused above): the
    preview's site folder keeps it, and --dirty never rebuilds it."""
    pages = {file.dest_uri for file in files.documentation_pages()}
    site = Path(config.site_dir)
    for gone in sorted(state.served_pages - pages):
        (site / gone).unlink(missing_ok=True)
    state.served_pages = pages


def workbook_files(config: MkDocsConfig, engine: Engine) -> dict[str, bytes]:
    """Every example's workbook, by file name: from the cache when nothing they depend on has changed.

    The key covers every input: the text of every source file of both packages (so the examples' inputs
    and the code that lays the sheets out), the site's URL (the sheets link to it) and SOURCE_DATE_EPOCH (the
    files' dates). A cache hit therefore returns exactly the bytes a fresh build would write.
    """
    key = workbook_key(config.site_url or "", os.environ.get("SOURCE_DATE_EPOCH", ""))
    build_cache = importlib.import_module("attention_site.build_cache")  # reloaded with the engine
    books: dict[str, bytes] = build_cache.kept_files(project_root(config) / WORKBOOK_CACHE / key,
                                                     lambda: engine.every_workbook(site_url=config.site_url or None))
    return books


def workbook_key(site_url: str, epoch: str, sources: list[Path] | None = None) -> str:
    """A hash of everything a workbook depends on: both packages' sources, the site's URL, the build date, and the
    version of openpyxl that writes the file (another version writes other bytes)."""
    build_cache = importlib.import_module("attention_site.build_cache")  # reloaded with the engine
    folders = sources if sources is not None else [PACKAGE, core_folder()]
    writer = metadata.version("openpyxl")  # read from its metadata: importing openpyxl would import NumPy
    key: str = build_cache.cache_key(build_cache.sources_key(folders), "workbooks", site_url, epoch, writer)
    return key


def worker_shim(config: MkDocsConfig) -> File:
    """The iframe-worker shim the offline build's search needs, served from the site (npm's copy)."""
    shim = project_root(config) / WORKER_SHIM_SOURCE
    if not shim.is_file():
        raise PluginError(f"{WORKER_SHIM_SOURCE} is missing; run `npm ci` (make setup does) for the offline build")
    return File.generated(config, WORKER_SHIM, abs_src_path=str(shim))
