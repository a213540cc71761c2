"""Every main worked example as a spreadsheet with live formulas, and a practice copy of each.

    from attention_site.workbooks import workbook_bytes, write_workbooks
    data = workbook_bytes("red-ball-rolls", practice=False, site_url="https://example.org/site/")
    paths = write_workbooks(Path("site/downloads"), site_url=...)

Workbooks are built from the example dataclasses of `attention_core` (the inputs as authored, the core's
numbers for every derived cell, which the tests compare with a real spreadsheet program's). The same
inputs and the same SOURCE_DATE_EPOCH give the same bytes.
"""

from __future__ import annotations

from .build import (
    WORKBOOKS,
    book_for,
    file_names,
    site_url_from,
    teaching_pages,
    workbook_bytes,
    write_workbooks,
)
from .layout import Book, Grid, Placed, Sheet, input_value, place
from .reproducible import build_time

__all__ = [
    "WORKBOOKS",
    "Book",
    "Grid",
    "Placed",
    "Sheet",
    "book_for",
    "build_time",
    "file_names",
    "input_value",
    "place",
    "site_url_from",
    "teaching_pages",
    "workbook_bytes",
    "write_workbooks",
]
