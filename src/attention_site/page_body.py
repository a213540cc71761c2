"""What every built page's content gets after Markdown: each plain table in a box of its own.

Material's bundle, as it starts, moves every table without a class into a scroll box of its own. Moving a
child of the page's article makes Chromium restyle the whole article (its sibling rules, Material's
`table:not([class]) + *` and the MathML rules of its own stylesheet, may match anew), once per page load and
on a long page over 1,500 elements; moving the only child of a box restyles the box. Pure functions on a
page's HTML text; the MkDocs hooks and the Python-Markdown extension both call them.
"""

from __future__ import annotations

import re

RE_PLAIN_TABLE = re.compile(r"<table(?![^>]*\bclass=)[^>]*>.*?</table>", re.DOTALL)
TABLE_BOX = '<div class="abh-table">{table}</div>'


def with_tables_boxed(page_html: str) -> str:
    """The page with every table that has no class (the tables Material wraps) alone in a `div.abh-table`."""
    return RE_PLAIN_TABLE.sub(lambda match: TABLE_BOX.format(table=match[0]), page_html)
