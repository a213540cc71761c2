"""The sizes a page may have: characters, line length, nesting, and how far Markdown's links would read.

Each limit keeps Python-Markdown's own work on a page bounded (bench/markdown_cost.py measures it).
"""

from __future__ import annotations

import re

from .errors import DirectiveError

MAX_PAGE_CHARS = 1_000_000
MAX_LINE_CHARS = 20_000
MAX_NESTING = 16  # lists, quotes and boxes inside one another: Python-Markdown recurses for each (300 overflowed)
# Python-Markdown's link patterns read from each `[` to its `]`, or to the end of the paragraph when it has none:
# quadratic on a run of `[` (19,990 on a line took 76 s). A paragraph may make them read at most this many times
# its own length, plus BRACKET_ALLOWANCE characters (the site's own pages read at most 0.31 times theirs).
MAX_BRACKET_READING = 2
BRACKET_ALLOWANCE = 16
RE_BRACKET = re.compile(r"\\.|[\[\]]")  # an escaped character (`\[` opens no link), or a bracket
RE_NESTING = re.compile(r"^(?:[ \t]*>)*[ \t]*")


def check_size(markdown: str, lines: list[str]) -> None:
    """Refuse pages and lines beyond the sizes the build accepts, naming the first line that is too long."""
    if len(markdown) > MAX_PAGE_CHARS:
        raise DirectiveError(f"the page holds {len(markdown):,} characters; a page may hold at most "
                             f"{MAX_PAGE_CHARS:,} (split it into several pages)", line=1)
    for index, line in enumerate(lines):
        if len(line) > MAX_LINE_CHARS:
            raise DirectiveError(f"this line holds {len(line):,} characters; a line may hold at most "
                                 f"{MAX_LINE_CHARS:,}", line=index + 1)
        check_nesting(line, index + 1)
    check_brackets(lines)


def check_nesting(line: str, number: int) -> None:
    """Refuse a line nested deeper than MAX_NESTING levels (four columns of indentation or one `>` each)."""
    lead = RE_NESTING.match(line)[0]  # type: ignore[index]
    depth = lead.count(">") + len(lead.rpartition(">")[2].expandtabs(4)) // 4
    if depth > MAX_NESTING:
        raise DirectiveError(f"this line is nested {depth} levels deep (lists, quotes or indented boxes); a page may "
                             f"nest at most {MAX_NESTING}", line=number)


def check_brackets(lines: list[str]) -> None:
    """Refuse a paragraph whose `[` would make Markdown's links read more than MAX_BRACKET_READING times it."""
    start = 0
    for index in range(len(lines) + 1):
        if index < len(lines) and lines[index].strip():
            continue
        block = "\n".join(lines[start:index])
        limit = MAX_BRACKET_READING * len(block) + BRACKET_ALLOWANCE
        if "[" in block and (read := bracket_reading(block)) > limit:
            raise DirectiveError(f"Markdown would read {read:,} characters to match the '[' of this paragraph with "
                                 f"their ']' (at most {limit:,}: {MAX_BRACKET_READING} times its length); close "
                                 "each '[' with its ']', write '\\[' for one that opens no link, or split the "
                                 "paragraph", line=start + 1)
        start = index + 1


def bracket_reading(block: str) -> int:
    """How many characters Python-Markdown's link patterns read in a paragraph: from each `[` to its `]`, or to the
    paragraph's end when it has none."""
    opened: list[int] = []
    read = 0
    for match in RE_BRACKET.finditer(block):
        if match[0] == "[":
            opened.append(match.start())
        elif match[0] == "]" and opened:
            read += match.start() - opened.pop()
    return read + sum(len(block) - position for position in opened)
