"""What every built page's content gets after Markdown: each plain table already in Material's scroll box, and the
cells of a table that reads as cards on a phone labelled with their columns' names.

Material's bundle, as it starts, moves every table without a class into a scroll box of its own
(`div.md-typeset__scrollwrap > div.md-typeset__table`). A moved table is taken out of the page and put back, so
Chromium styles and lays out all of it again: on the long reference pages over 1,600 elements, three quarters of
a second of a phone's main thread. The build writes each table in that box instead, with the class `abh-table`,
which Material's script passes over (it looks for `table:not([class])`); reader.css gives the class the look
Material gives a plain table.

A table of sentences in three columns or more scrolls sideways on a phone or squeezes its sentences into columns
a few words wide. Put alone in `<div class="rows-as-cards" markdown>`, it is written in a scroll box of that class
instead of the `<div>`, so that slides and print treat it as any table, and each of its body cells gets its
column's name (`data-column`), from which reader.css shows each row as a card of labelled paragraphs on a narrow
screen, with no script.

Pure functions on a page's HTML text; the MkDocs hooks and the Python-Markdown extension both call them.
"""

from __future__ import annotations

import html
import itertools
import re

from ..mathml import readable_formulas

RE_PLAIN_TABLE = re.compile(r"<table(?![^>]*\bclass=)(?P<attributes>[^>]*)>(?P<body>.*?)</table>", re.DOTALL)
RE_TABLE_AS_CARDS = re.compile(
    r'<div class="rows-as-cards">\s*<table(?![^>]*\bclass=)(?P<attributes>[^>]*)>(?P<body>.*?)</table>\s*</div>',
    re.DOTALL)
TABLE_IN_BOX = ('<div class="md-typeset__scrollwrap{box_class}"><div class="md-typeset__table">'
                '<table class="abh-table"{attributes}>{body}</table></div></div>')
RE_HEADER_CELL = re.compile(r"<th\b[^>]*>(?P<text>.*?)</th>", re.DOTALL)
RE_BODY_ROW = re.compile(r"<tr>.*?</tr>", re.DOTALL)
RE_BODY_CELL = re.compile(r"<td\b")
RE_NUMBER_FIRST = re.compile(r"(<tr>\s*<td\b[^>]*)(>\s*\d+\s*</td>)")  # a row whose first cell is a bare number
RE_TAG = re.compile(r"<[^>]*>")


def with_tables_boxed(page_html: str) -> str:
    """The page with every table that has no class (the tables Material would move) in Material's scroll box,
    marked `abh-table`, the body cells of each table in a `rows-as-cards` box labelled with their column."""
    page_html = RE_TABLE_AS_CARDS.sub(lambda match: TABLE_IN_BOX.format(
        box_class=" rows-as-cards", attributes=match["attributes"], body=_columns_labelled(match["body"])), page_html)
    return RE_PLAIN_TABLE.sub(lambda match: TABLE_IN_BOX.format(box_class="", **match.groupdict()), page_html)


def _columns_labelled(table: str) -> str:
    """The inside of `table` with `data-column="<its column's header, as text>"` on each body cell, and
    `data-numbered` on a first cell that is a bare number (its card is titled "step 1", not "1": reader.css)."""
    head, tbody, body = table.partition("<tbody>")
    names = [html.escape(html.unescape(RE_TAG.sub("", readable_formulas(cell["text"]))).strip())
             for cell in RE_HEADER_CELL.finditer(head)]

    def labelled(row: re.Match[str]) -> str:
        columns = itertools.chain(names, itertools.repeat(""))
        cells = RE_BODY_CELL.sub(lambda _: f'<td data-column="{next(columns)}"', row[0])
        return RE_NUMBER_FIRST.sub(r"\1 data-numbered\2", cells, count=1)

    return head + tbody + RE_BODY_ROW.sub(labelled, body)
