"""What every built page's content gets after Markdown: each plain table already in Material's scroll box.

Material's bundle, as it starts, moves every table without a class into a scroll box of its own
(`div.md-typeset__scrollwrap > div.md-typeset__table`). A moved table is taken out of the page and put back, so
Chromium styles and lays out all of it again: on the long reference pages over 1,600 elements, three quarters of
a second of a phone's main thread. The build writes each table in that box instead, with the class `abh-table`,
which Material's script passes over (it looks for `table:not([class])`); reader.css gives the class the look
Material gives a plain table. Pure functions on a page's HTML text; the MkDocs hooks and the Python-Markdown
extension both call them.
"""

from __future__ import annotations

import re

RE_PLAIN_TABLE = re.compile(r"<table(?![^>]*\bclass=)(?P<attributes>[^>]*)>(?P<body>.*?)</table>", re.DOTALL)
TABLE_IN_BOX = ('<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
                '<table class="abh-table"{attributes}>{body}</table></div></div>')


def with_tables_boxed(page_html: str) -> str:
    """The page with every table that has no class (the tables Material would move) in Material's scroll box,
    marked `abh-table`."""
    return RE_PLAIN_TABLE.sub(lambda match: TABLE_IN_BOX.format(**match.groupdict()), page_html)
