"""Which examples have a workbook and what the files are called: all a page's link needs, nothing to import."""

from __future__ import annotations

# In the order of the site; `build.WORKBOOKS` lays out exactly these (a test holds them equal).
EXAMPLES_WITH_WORKBOOKS = (
    "red-ball-rolls", "bus-is-late", "scaling", "kv-cache", "red-ball-layer", "tiled-attention", "positions",
)


def file_names(example_key: str) -> tuple[str, str]:
    """The model's and the practice copy's file names: `red-ball-rolls.xlsx`, `red-ball-rolls-practice.xlsx`."""
    return f"{example_key}.xlsx", f"{example_key}-practice.xlsx"
