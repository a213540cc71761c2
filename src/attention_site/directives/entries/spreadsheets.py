"""The link to each example's workbook (`EXAMPLE spreadsheet`), registered for every example that has one.

The workbooks themselves are made by `attention_site.workbooks` and served from downloads/ by the build.
"""

from __future__ import annotations

from ...workbooks.names import EXAMPLES_WITH_WORKBOOKS, file_names
from ..registry import block
from ..shown import MarkdownBlock

DOWNLOADS = "/downloads"  # absolute links are resolved from docs/ (mkdocs.yml: validation.links)


def spreadsheet_link(example: str) -> MarkdownBlock:
    """A note that links to the example's workbook and its practice copy."""
    model, practice = file_names(example)
    return MarkdownBlock(
        '!!! example optional "Open this example as a spreadsheet"\n\n'
        f"    [{model}]({DOWNLOADS}/{model}) holds every step as live formulas: change an input cell and every "
        "cell after it recomputes, one sheet per step. The "
        f"[practice copy]({DOWNLOADS}/{practice}) leaves the steps blank, with a check beside each cell that "
        "shows ✓ once your value is right to the places this site shows."
    )


for key in EXAMPLES_WITH_WORKBOOKS:
    block(key, "spreadsheet", f"A link to {key}.xlsx, the example as a workbook, and its practice copy.")(
        lambda key=key: spreadsheet_link(key)
    )
