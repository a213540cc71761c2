"""Every main worked example as a spreadsheet with live formulas, and a practice copy of each.

    from attention_site.workbooks import workbook_bytes, write_workbooks
    data = workbook_bytes("red-ball-rolls", practice=False, site_url="https://example.org/site/")
    paths = write_workbooks(Path("site/downloads"), site_url=...)

Workbooks are built from the example dataclasses of `attention_core` (the inputs as authored, the core's
numbers for every derived cell, which the tests compare with a real spreadsheet program's). The same
inputs and the same SOURCE_DATE_EPOCH give the same bytes.
"""

from __future__ import annotations

import importlib
from typing import Any

from .names import EXAMPLES_WITH_WORKBOOKS, file_names

# Writing workbooks needs openpyxl (a third of a second to import): the names a page's links need are here,
# the rest is imported on first use, so a build that only links to the workbooks never loads it.
LAZY = {
    "WORKBOOKS": ".build", "book_for": ".build", "every_workbook": ".build", "site_url_from": ".build",
    "teaching_pages": ".build", "workbook_bytes": ".build", "write_workbooks": ".build",
    "Book": ".layout", "Grid": ".layout", "Placed": ".layout", "Sheet": ".layout", "input_value": ".layout",
    "place": ".layout", "build_time": ".reproducible",
}


def __getattr__(name: str) -> Any:
    """Import the writing side of the package when one of its names is first used."""
    if name not in LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(LAZY[name], __name__), name)


__all__ = ["EXAMPLES_WITH_WORKBOOKS", "file_names", *LAZY]
