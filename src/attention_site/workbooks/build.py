"""The public calls: which examples have workbooks, their bytes, and writing them all to a folder."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any

from attention_core import Example
from attention_core.examples.bus_is_late import BUS_IS_LATE
from attention_core.examples.kv_cache import KV_CACHE
from attention_core.examples.positions import POSITIONS
from attention_core.examples.red_ball_layer import RED_BALL_LAYER
from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS
from attention_core.examples.scaling import SCALING
from attention_core.examples.tiled_attention import TILED_ATTENTION

from ..project import project_folder
from .bus_is_late import bus_is_late_book
from .kv_cache import kv_cache_book
from .layout import Book
from .names import file_names
from .positions import positions_book
from .red_ball_layer import red_ball_layer_book
from .red_ball_rolls import red_ball_rolls_book
from .reproducible import build_time, repack
from .scaling import scaling_book
from .tiled_attention import tiled_book
from .xlsx import model_workbook, practice_workbook

RE_SITE_URL = re.compile(r"^site_url:\s*['\"]?([^'\"\s#]+)", re.MULTILINE)


@dataclass(frozen=True)
class Workbook:
    """One example with a workbook: the example as the site uses it and the function laying it out."""

    example: Example
    layout: Callable[[Any], Book]


WORKBOOKS: MappingProxyType[str, Workbook] = MappingProxyType({
    entry.example.name: entry
    for entry in (
        Workbook(RED_BALL_ROLLS, red_ball_rolls_book),
        Workbook(BUS_IS_LATE, bus_is_late_book),
        Workbook(SCALING, scaling_book),
        Workbook(KV_CACHE, kv_cache_book),
        Workbook(RED_BALL_LAYER, red_ball_layer_book),
        Workbook(TILED_ATTENTION, tiled_book),
        Workbook(POSITIONS, positions_book),
    )
})


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
