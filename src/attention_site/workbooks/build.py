"""The public calls: which examples have workbooks, their bytes, and writing them all to a folder."""

from __future__ import annotations

import importlib
import io
import re
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType

from attention_core import Example

from ..project import project_folder
from .layout import Book
from .names import EXAMPLES_WITH_WORKBOOKS, LAYOUTS, Workbook, book_module, file_names
from .reproducible import build_time, repack
from .xlsx import model_workbook, practice_workbook

RE_SITE_URL = re.compile(r"^site_url:\s*['\"]?([^'\"\s#]+)", re.MULTILINE)


def registered_workbooks() -> MappingProxyType[str, Workbook]:
    """Every example's workbook, by key: each module of books/ imported, which registers its layout (@workbook)."""
    for key in EXAMPLES_WITH_WORKBOOKS:
        importlib.import_module(f"{__package__}.books.{book_module(key)}")
    unregistered = [key for key in EXAMPLES_WITH_WORKBOOKS if key not in LAYOUTS]
    if unregistered:
        raise ValueError(f"books/{book_module(unregistered[0])}.py lays out no workbook; accepted: a module of "
                         "books/ whose layout function carries @workbook(EXAMPLE), EXAMPLE the one it is named after")
    return MappingProxyType({key: LAYOUTS[key] for key in EXAMPLES_WITH_WORKBOOKS})


WORKBOOKS = registered_workbooks()


def book_for(example_key: str, example: Example | None = None) -> Book:
    """The layout of one example's workbook; `example` replaces the site's (a changed input, in tests)."""
    if example_key not in WORKBOOKS:
        raise ValueError(f"no workbook for example {example_key!r}; accepted: {', '.join(WORKBOOKS)}")
    entry = WORKBOOKS[example_key]
    return entry.layout(entry.example if example is None else example)


def project_config() -> Path:
    """The mkdocs.yml of the project this package sits in."""
    try:
        return project_folder() / "mkdocs.yml"
    except FileNotFoundError as error:
        raise ValueError(f"{error}; or pass site_url= to say where the pages are") from None


def site_url_from(config: Path | None = None) -> str:
    """The `site_url` of an mkdocs.yml (the project's by default), read as text: no YAML loader needed."""
    config = config or project_config()
    match = RE_SITE_URL.search(config.read_text(encoding="utf-8"))
    if match is None:
        raise ValueError(f"{config} has no site_url; the workbooks link to the site's pages with it")
    return match[1]


def workbook_bytes(example_key: str, practice: bool = False, *, site_url: str | None = None,
                   example: Example | None = None, when: datetime | None = None) -> bytes:
    """The .xlsx of one example: the model copy, or the practice copy with `practice=True`.

    `site_url` defaults to the project's mkdocs.yml; `when` (the files' dates) to SOURCE_DATE_EPOCH.
    """
    book = book_for(example_key, example)
    url = site_url or site_url_from()
    when = when or build_time()
    wb = practice_workbook(book, url) if practice else model_workbook(book, url)
    wb.properties.created = when.astimezone(UTC).replace(tzinfo=None)  # openpyxl writes naive times as UTC
    buffer = io.BytesIO()
    wb.save(buffer)
    return repack(buffer.getvalue(), when)


def teaching_pages() -> dict[str, tuple[str, ...]]:
    """Each page (its URL path, e.g. `walkthrough/scores/`) and the examples whose workbooks it teaches.

    For the "Open this example as a spreadsheet" links: the pages come from the sheets, not from a list.
    """
    pages: dict[str, list[str]] = {}
    for key in WORKBOOKS:
        for sheet in book_for(key).sheets:
            keys = pages.setdefault(sheet.page.split("#")[0], [])
            if key not in keys:
                keys.append(key)
    return {page: tuple(keys) for page, keys in pages.items()}


def write_workbooks(folder: Path, *, site_url: str | None = None, when: datetime | None = None) -> list[Path]:
    """Write every workbook and its practice copy into `folder` (created if needed); return the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in every_workbook(site_url=site_url, when=when).items():
        (folder / name).write_bytes(data)
        written.append(folder / name)
    return written


def every_workbook(*, site_url: str | None = None, when: datetime | None = None) -> dict[str, bytes]:
    """Every workbook and practice copy, by file name, in the order of `WORKBOOKS`."""
    return {
        name: workbook_bytes(key, practice, site_url=site_url, when=when)
        for key in WORKBOOKS
        for name, practice in zip(file_names(key), (False, True), strict=True)
    }
