"""Finding directives in a page: `<!-- attn:KIND [EXAMPLE NAME] [option=value ...] -->`.

Directives inside fenced code blocks and inline code spans are left as written, so that pages can show
the syntax. Indented code blocks are not recognised (inside admonitions and lists every line is indented):
show a directive in a fenced block or in backticks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .errors import DirectiveError

NAMESPACE = "attn"
RE_DIRECTIVE = re.compile(r"<!--\s*attn:(?P<body>.*?)-->")
RE_OPENING = re.compile(r"<!--\s*attn\s*:", re.IGNORECASE)
RE_FENCE = re.compile(r"^\s*(?:>\s*)*(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
RE_CODE_SPAN = re.compile(r"(?P<ticks>`+).+?(?P=ticks)")
RE_WORD = re.compile(r"[a-z][a-z0-9-]*\Z")
RE_OPTION = re.compile(r"(?P<key>[a-z][a-z0-9-]*)=(?P<value>\S+)\Z")


@dataclass(frozen=True)
class Directive:
    """One parsed directive: its kind, positional words and `key=value` options."""

    kind: str
    words: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)
    source: str = ""


def parse_directive(body: str) -> Directive:
    """Parse the text between `<!-- attn:` and `-->`."""
    kind, *rest = body.split() or [""]
    if not RE_WORD.match(kind):
        raise DirectiveError(
            f"'{kind}' is not a directive kind; write <!-- attn:KIND EXAMPLE NAME option=value -->"
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
            raise DirectiveError(f"'{token}' comes after the options; names go first, then key=value options")
        elif RE_WORD.match(token):
            words.append(token)
        else:
            raise DirectiveError(
                f"'{token}' is neither a name (lower-case letters, digits and '-') nor an option key=value"
            )
    return Directive(kind, tuple(words), options, f"<!-- attn:{body.strip()} -->")


@dataclass(frozen=True)
class Found:
    """A directive found in a page: where it is, and whether it stands alone on its line."""

    directive: Directive
    line: int
    start: int
    end: int
    alone: bool
    indent: str


def code_spans(line: str) -> list[tuple[int, int]]:
    """Return the (start, end) of every inline code span in `line`."""
    return [match.span() for match in RE_CODE_SPAN.finditer(line)]


def in_spans(position: int, spans: list[tuple[int, int]]) -> bool:
    """Tell whether `position` falls inside one of `spans`."""
    return any(start <= position < end for start, end in spans)


def directives_in_line(line: str, number: int) -> Iterator[Found]:
    """Yield the directives of one line outside inline code, with their positions."""
    spans = code_spans(line)
    for match in RE_DIRECTIVE.finditer(line):
        if in_spans(match.start(), spans):
            continue
        try:
            directive = parse_directive(match["body"])
        except DirectiveError as error:
            raise error.at("<page>", number) from None
        alone = line[: match.start()].strip() == "" and line[match.end() :].strip() == ""
        indent = line[: len(line) - len(line.lstrip())]
        yield Found(directive, number, match.start(), match.end(), alone, indent)
    for match in RE_OPENING.finditer(line):
        if not in_spans(match.start(), spans) and not RE_DIRECTIVE.match(line, match.start()):
            raise DirectiveError(malformed_opening(line[match.start() :]), line=number)


def malformed_opening(rest: str) -> str:
    """Say what is wrong with text that starts like a directive but is not one."""
    if "-->" not in rest:
        return "this directive is not closed on its line; a directive is one line: <!-- attn:... -->"
    return f"'{rest[: rest.index('-->') + 3]}' is not a directive; write the namespace as 'attn:' in lower case"


def outside_code(lines: list[str]) -> Iterator[tuple[int, str]]:
    """Yield (index, line) for the lines that are not inside a fenced code block."""
    fence: str | None = None
    for index, line in enumerate(lines):
        match = RE_FENCE.match(line)
        if fence is None and match:
            fence = match["fence"]
        elif fence is None:
            yield index, line
        elif match and closes(match, fence):
            fence = None


def closes(match: re.Match[str], fence: str) -> bool:
    """Tell whether a fence line closes the block that `fence` opened (same character, at least as long)."""
    return match["fence"][0] == fence[0] and len(match["fence"]) >= len(fence) and not match["info"].strip()
