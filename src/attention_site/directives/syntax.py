"""Finding directives in a page: `<!-- attn:KIND [EXAMPLE NAME] [option=value ...] -->`.

Directives inside fenced code blocks and inline code spans are left as written, so that pages can show the
syntax. What counts as code follows Python-Markdown with pymdownx.superfences: a fence opens only if a
closing fence follows (an unclosed fence is text), a backtick fence's info string holds no backtick
(```` ```x``` ```` is inline code), and a closing fence has nothing after it. An indented code block is code
too, as Python-Markdown reads one: four columns of indentation after a blank line, a heading or a rule, or at the
start, unless the indented lines continue a list item, a box (admonition, details, tab), a footnote or a
definition, whose lines are then read again one level in; a quote's lines are read again without their `>`.
A directive this scanner and Markdown read differently is caught after the build, which refuses any page that
still holds one.

Every scan is linear in the length of the page: each character is looked at a bounded number of times,
whatever the page holds (`Work` counts them, for the tests). Pages and lines have size limits (`limits.py`).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field

from .errors import DirectiveError, quoted
from .limits import MAX_NESTING

OPEN, CLOSE = "<!--", "-->"
LOOK_AHEAD = 16  # characters after `<!--` read to tell a directive (or a look-alike) from a plain comment
RE_FENCE = re.compile(r"^[ \t]*(?:>[ \t]*)*(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
RE_WORD = re.compile(r"[a-z][a-z0-9-]*\Z")
RE_OPTION = re.compile(r"(?P<key>[a-z][a-z0-9-]*)=(?P<value>\S+)\Z")
RE_DIRECTIVE_START = re.compile(r"\s*attn:")
RE_LOOKS_LIKE_DIRECTIVE = re.compile(r"[\s-]*attn\s*:")  # `<!--- attn:` too: Markdown drops it unseen
INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)
CONFUSABLE = str.maketrans({"а": "a", "ɑ": "a", "α": "a", "т": "t", "τ": "t", "п": "n", "ո": "n", "η": "n"})


@dataclass
class Work:
    """How many characters a scan looked at: the tests' measure that parsing stays linear."""

    characters: int = 0


@dataclass(frozen=True)
class Directive:
    """One parsed directive: its kind, positional words and `key=value` options."""

    kind: str
    words: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)
    source: str = ""


@functools.lru_cache(maxsize=4096)
def parse_directive(body: str) -> Directive:
    """Parse the text between `<!-- attn:` and `-->`, once per text (the expansion and each lint read a page's
    directives; the one Directive they share is never changed)."""
    kind, *rest = body.split() or [""]
    if not RE_WORD.match(kind):
        raise DirectiveError(
            f"'{quoted(kind)}' is not a directive kind; write <!-- attn:KIND EXAMPLE NAME option=value -->"
        )
    words: list[str] = []
    options: dict[str, str] = {}
    for token in rest:
        option = RE_OPTION.match(token)
        if option:
            if option["key"] in options:
                raise DirectiveError(f"option '{option['key']}' is given twice")
            options[option["key"]] = option["value"]
        elif options:
            raise DirectiveError(f"'{quoted(token)}' comes after the options; names go first, then key=value options")
        elif RE_WORD.match(token):
            words.append(token)
        else:
            raise DirectiveError(
                f"'{quoted(token)}' is neither a name (lower-case letters, digits and '-') nor an option key=value"
            )
    return Directive(kind, tuple(words), options, f"<!-- attn:{quoted(body.strip(), 200)} -->")


@dataclass(frozen=True)
class Found:
    """A directive found in a page: where it is, and whether it stands alone on its line."""

    directive: Directive
    line: int
    start: int
    end: int
    alone: bool
    indent: str


RE_BACKTICKS = re.compile(r"`+")


def code_spans(line: str, work: Work | None = None) -> list[tuple[int, int]]:
    """The (start, end) of every inline code span: a run of n backticks up to the next run of exactly n."""
    if work is not None:
        work.characters += len(line)
    if "`" not in line:
        return []
    runs = [match.span() for match in RE_BACKTICKS.finditer(line)]
    following: list[int | None] = [None] * len(runs)
    last_of_length: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):  # from the right: the next run of the same length, in one pass
        length = runs[index][1] - runs[index][0]
        following[index] = last_of_length.get(length)
        last_of_length[length] = index
    spans, index = [], 0
    while index < len(runs):
        closing = following[index]
        if closing is None:
            index += 1
        else:
            spans.append((runs[index][0], runs[closing][1]))
            index = closing + 1
    return spans


def directives_in_line(line: str, number: int, work: Work | None = None) -> Iterator[Found]:
    """Yield the directives of one line outside inline code, with their positions, in one pass."""
    work = work or Work()
    spans, span_index, position = code_spans(line, work), 0, 0
    while (start := line.find(OPEN, position)) >= 0:
        work.characters += start - position + LOOK_AHEAD
        while span_index < len(spans) and spans[span_index][1] <= start:
            span_index += 1
        if span_index < len(spans) and spans[span_index][0] <= start:
            position = spans[span_index][1]
            continue
        opening = RE_DIRECTIVE_START.match(line, start + len(OPEN), start + len(OPEN) + LOOK_AHEAD)
        if opening is None:
            refuse_look_alike(line[start : start + len(OPEN) + LOOK_AHEAD], number)
            position = start + len(OPEN)
            continue
        end = line.find(CLOSE, opening.end())
        if end < 0:
            raise DirectiveError("this directive is not closed on its line; a directive is one line: <!-- attn:... -->",
                                 line=number)
        work.characters += end - opening.end() + len(CLOSE)
        yield found_at(line, number, start, end + len(CLOSE), line[opening.end() : end])
        position = end + len(CLOSE)


def found_at(line: str, number: int, start: int, end: int, body: str) -> Found:
    """The directive whose text runs from `start` to `end` of the line."""
    try:
        directive = parse_directive(body)
    except DirectiveError as error:
        raise error.at("<page>", number) from None
    alone = line[:start].strip() == "" and line[end:].strip() == ""
    indent = line[: len(line) - len(line.lstrip())]
    return Found(directive, number, start, end, alone, indent)


def refuse_look_alike(comment: str, number: int) -> None:
    """Stop at a comment that reads as a directive but is not one: `ATTN:`, a Cyrillic а, a hidden space."""
    head = comment[len(OPEN) :]
    plain = unicodedata.normalize("NFKC", head.translate(INVISIBLE)).translate(CONFUSABLE).lower()
    if not RE_LOOKS_LIKE_DIRECTIVE.match(plain):
        return
    strange = [f"U+{ord(c):04X} {unicodedata.name(c, 'unnamed')}" for c in head.split(":")[0] + ":"
               if ord(c) > 127 or c.isupper()]
    what = f"it holds {', '.join(dict.fromkeys(strange))}" if strange else "its namespace is not written 'attn:'"
    if head.lstrip().startswith("-"):
        what = "it opens with more than two dashes, so it would stay a plain comment, unseen; a directive opens with "
        what += "'<!--'"
    raise DirectiveError(
        f"'{quoted(comment.strip(), 30)}' looks like a directive but is not one: {what}; "
        "write <!-- attn:... --> in plain lower-case ASCII", line=number,
    )


def outside_code(lines: list[str], work: Work | None = None) -> Iterator[tuple[int, str]]:
    """Yield (index, line) for the lines outside code blocks: fenced ones that Markdown would close, and indented."""
    code = code_lines(tuple(lines)) if work is None else scanned_code(lines, work)
    for index, line in enumerate(lines):
        if index not in code:
            yield index, line


@functools.lru_cache(maxsize=4096)
def code_lines(lines: tuple[str, ...]) -> frozenset[int]:
    """The indexes of the lines in code blocks, scanned once per text: the expansion and each lint ask of a page and of
    its paragraphs."""
    return scanned_code(list(lines), Work())


def scanned_code(lines: list[str], work: Work) -> frozenset[int]:
    """The indexes of the lines in code blocks, each character looked at counted in `work`."""
    code: set[int] = set()
    shapes = fenced_as_blocks(lines, code, work)
    indented_code(list(enumerate(shapes)), code, work)
    return frozenset(code)


def fenced_as_blocks(lines: list[str], code: set[int], work: Work) -> list[str]:
    """The lines, each line of a fenced block (its fences too) added to `code` and replaced by the opening fence as
    written, so the indentation pass reads the block as one piece of text: its blank and indented lines are not
    code blocks of their own."""
    longest_after = longest_closing_fences(lines, work)
    shapes, fence, opening = list(lines), None, ""
    for index, line in enumerate(lines):
        match = RE_FENCE.match(line)
        if fence is None and match and opens(match) and longest_after[match["fence"][0]][index + 1] >= len(
                match["fence"]):
            fence, opening = match["fence"], line[: match.end("fence")]
        elif fence is None:
            continue
        elif match and closes(match, fence):
            fence = None
        shapes[index] = opening
        code.add(index)
    return shapes


RE_QUOTE = re.compile(r" {0,3}> ?")
RE_BREAK = re.compile(r" {0,3}(?:#{1,6}(?:[ \t].*)?|(?:[-*_=][ \t]*){3,})\Z")  # a heading or a rule: one line
RE_CONTAINER = re.compile(
    r" {0,3}(?:(?:[-*+]|\d+\.)[ \t]+(?P<item>.*)"  # a list item, its text the first line of its content
    r"|(?:!!!|\?\?\?\+?|===[+!]?)[ \t]+\S.*"  # an admonition, details or a tab: a title, no content
    r"|\[\^[^\]\s]+\]:[ \t]*(?P<note>.*)"  # a footnote
    r"|:[ \t]+(?P<term>.*))\Z"  # a definition
)
Lines = list[tuple[int, str]]  # (index in the page, text read at one level)
INDENT = 4  # Python-Markdown's tab_length: one level of a list item or a box, and the indentation of code


def indented_code(lines: Lines, code: set[int], work: Work, depth: int = 0) -> None:
    """Add to `code` the index of every line that Markdown reads as an indented code block; `lines` are (index,
    text) read at one level (a list item's or a box's lines one indentation in, a quote's without its `>`)."""
    if depth > MAX_NESTING:  # deeper pages are refused by check_nesting; a line of 10,000 '- ' is read 17 times
        return
    state = "start"  # what came last: the start, a blank line, a heading or rule, text, or code
    inner: Lines | None = None  # the lines of the open list item, box, footnote or definition, one level in
    quote: Lines | None = None  # the lines of the open quote, without their `>`
    for index, line in lines:
        work.characters += len(line)
        text = line.expandtabs(INDENT)
        indent = len(text) - len(text.lstrip(" "))
        if not text.strip():
            read_inner(quote, code, work, depth)
            quote, state = None, "code" if state == "code" else "blank"
            if inner is not None:
                inner.append((index, ""))
        elif indent >= INDENT and inner is not None:
            inner.append((index, text[INDENT:]))
        elif indent >= INDENT and quote is not None:  # a lazy line of the quote's paragraph
            quote.append((index, text))
        elif indent >= INDENT:
            state = "code" if state in ("start", "blank", "break", "code") else state
            code.update([index] if state == "code" else [])
        elif inner is not None and state != "blank" and not RE_CONTAINER.match(text):  # a lazy line of the item
            inner.append((index, text))
        elif quote is not None and not RE_QUOTE.match(text):
            quote.append((index, text))
        else:
            read_inner(inner, code, work, depth)
            state, inner, quote = level_opened(index, text, quote, code, work, depth)
    read_inner(inner, code, work, depth)
    read_inner(quote, code, work, depth)


def level_opened(index: int, text: str, quote: Lines | None, code: set[int], work: Work,
                 depth: int) -> tuple[str, Lines | None, Lines | None]:
    """Read a line that starts a block at this level: (what came last, the container it opens, the open quote)."""
    if (marker := RE_QUOTE.match(text)) is not None:
        quote = quote if quote is not None else []
        quote.append((index, text[marker.end() :]))
        return "text", None, quote
    read_inner(quote, code, work, depth)
    if RE_BREAK.match(text):
        return "break", None, None
    container = RE_CONTAINER.match(text)
    if container is None:
        return "text", None, None
    first = next((group for group in container.groups() if group), None)
    return "text", [(index, first)] if first else [], None


def read_inner(lines: Lines | None, code: set[int], work: Work, depth: int) -> None:
    """Read the lines of a container or a quote one level in, if one is open; the caller's is then closed."""
    if lines:
        indented_code(lines, code, work, depth + 1)


def longest_closing_fences(lines: list[str], work: Work) -> dict[str, list[int]]:
    """For each fence character and line index, the longest bare fence at or after that line (0 if none)."""
    longest = {"`": [0] * (len(lines) + 1), "~": [0] * (len(lines) + 1)}
    for index in range(len(lines) - 1, -1, -1):
        work.characters += len(lines[index])
        match = RE_FENCE.match(lines[index])
        bare = match is not None and not match["info"].strip()
        for char, table in longest.items():
            here = len(match["fence"]) if bare and match["fence"][0] == char else 0  # type: ignore[index]
            table[index] = max(table[index + 1], here)
    return longest


def opens(match: re.Match[str]) -> bool:
    """Tell whether a fence line can open a block: a backtick fence's info string holds no backtick."""
    return not (match["fence"][0] == "`" and "`" in match["info"])


def closes(match: re.Match[str], fence: str) -> bool:
    """Tell whether a fence line closes the block that `fence` opened (same character, at least as long)."""
    return match["fence"][0] == fence[0] and len(match["fence"]) >= len(fence) and not match["info"].strip()


def comments_like_directives(html: str) -> Iterator[str]:
    """Yield every comment of rendered HTML that is, or looks like, a directive: one Markdown left unexpanded."""
    position = 0
    while (start := html.find(OPEN, position)) >= 0:
        head = html[start : start + len(OPEN) + LOOK_AHEAD]
        plain = unicodedata.normalize("NFKC", head[len(OPEN) :].translate(INVISIBLE)).translate(CONFUSABLE).lower()
        if RE_LOOKS_LIKE_DIRECTIVE.match(plain):
            end = html.find(CLOSE, start)
            yield html[start : end + len(CLOSE) if end >= 0 else start + 80]
        position = start + len(OPEN)


RE_ACTIVE_TAG = re.compile(r"^/?\s*(script|iframe|object|embed|frame|frameset|base|meta|form)\b", re.IGNORECASE)
RE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
RE_ACTIVE_URL = re.compile(r"(?:java|vb)script\s*:|data\s*:\s*text/html", re.IGNORECASE)


def refuse_active_html(line: str, number: int) -> None:
    """Stop at HTML that would run code in a reader's browser: script-like tags, on*= handlers, script URLs.

    Pages are Markdown from strangers' pull requests; the site's own scripts live in docs/javascripts/.
    Code spans are skipped; the tags are found in one pass (each `>` closes the last `<` before it).
    """
    text = blank_code_spans(line)
    previous = 0
    while (close := text.find(">", previous)) >= 0:
        start = text.rfind("<", previous, close)
        if start >= 0:
            refuse_tag(text[start + 1 : close], number)
        previous = close + 1
    url = RE_ACTIVE_URL.search(text)
    if url:
        raise DirectiveError(f"'{quoted(url.group(0))}' links to code; pages may not hold script URLs", line=number)


def refuse_tag(tag: str, number: int) -> None:
    """Refuse one tag's text (between `<` and `>`) if it is script-like or carries an event handler."""
    active = RE_ACTIVE_TAG.match(tag)
    if active:
        raise DirectiveError(f"'<{quoted(tag, 40)}>': pages may not hold <{active.group(1).lower()}> tags; "
                             "the site's scripts live in docs/javascripts/", line=number)
    handler = RE_HANDLER.search(tag)
    if handler:
        raise DirectiveError(f"'<{quoted(tag, 40)}>': pages may not hold event handlers such as "
                             f"'{handler.group(0).strip()}'; the site's scripts live in docs/javascripts/", line=number)


def blank_code_spans(line: str) -> str:
    """The line with its inline code spans blanked out (same length), so code can show any HTML."""
    spans = code_spans(line)
    if not spans:
        return line
    pieces, last = [], 0
    for start, end in spans:
        pieces += [line[last:start], " " * (end - start)]
        last = end
    return "".join([*pieces, line[last:]])
