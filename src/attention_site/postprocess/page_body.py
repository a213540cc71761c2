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

A long name in inline code (`torch.nn.functional.scaled_dot_product_attention`, `/walkthrough/positions/`) may break
only at its spaces and after the / _ - . , or : between two letters or digits (reader.css lets code break nowhere
else). The build writes a `<wbr>` at each of those places, so the page wraps there from its first paint: marked by a
script after the paint, lines wrapped again and the page moved (Lighthouse's layout shift).

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
# Inline code, and what must be passed over whole on the way: a code block (<pre>) and a comment.
RE_INLINE_CODE = re.compile(
    r"<!--.*?-->|<pre[\s>].*?</pre>|(?P<open><code(?:\s[^>]*)?>)(?P<body>.*?)(?P<close></code>)", re.DOTALL)
RE_MARKUP_OR_CHARACTER = re.compile(r"(?P<tag><[^>]*>)|&(?:#\d+|#x[0-9a-fA-F]+|\w+);|.", re.DOTALL)
NAME_MARKS = "/_.,:-"
SHORTEST_NAME_BROKEN = 12  # characters of the code's text
DIGITS = "0123456789"


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


def with_name_breaks(page_html: str) -> str:
    """The page with a `<wbr>` after each / _ - . , : between two letters or digits in inline code of 12 characters
    or more (not a point or comma between two digits: 1.5 stays whole), never in a code block, a tag or an entity;
    code that already holds a `<wbr>` is left as written."""
    def marked(match: re.Match[str]) -> str:
        if match["open"] is None or "<wbr" in match["body"]:
            return match[0]
        return match["open"] + _breaks_written(match["body"]) + match["close"]

    return RE_INLINE_CODE.sub(marked, page_html)


def _breaks_written(code: str) -> str:
    """The inside of one inline code with its breaks: each character (an entity is one) read as text across the
    tags (a highlighted name is a span a token), the `<wbr>` written right after the mark it follows."""
    pieces = list(RE_MARKUP_OR_CHARACTER.finditer(code))
    texts = [(index, html.unescape(piece[0])) for index, piece in enumerate(pieces) if piece["tag"] is None]
    text = "".join(characters for _, characters in texts)
    if len(text) < SHORTEST_NAME_BROKEN:
        return code
    owner = [index for index, characters in texts for _ in characters]  # the piece each character of `text` is in
    after = {owner[place - 1] for place in range(2, len(text)) if _breaks_before(text, place)}
    return "".join(piece[0] + ("<wbr>" if index in after else "") for index, piece in enumerate(pieces))


def _breaks_before(text: str, place: int) -> bool:
    """Whether a name may break before `text[place]`: a mark after a letter or digit, a letter or digit next, and not
    a decimal point or comma between digits."""
    before, mark, next_character = text[place - 2], text[place - 1], text[place]
    if mark not in NAME_MARKS or not (before.isalnum() and next_character.isalnum()):
        return False
    return not (mark in ".," and before in DIGITS and next_character in DIGITS)
