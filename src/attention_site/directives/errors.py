"""The one exception a page can cause, and the 'did you mean' that goes with it."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

RE_LONG_RUN = re.compile(r"\S{120,}")


class DirectiveError(ValueError):
    """A directive that cannot be rendered; `str()` reads `page:line: what is wrong; what is accepted`.

    Values from a page are quoted with `quoted`; the message and the page's name pass through `escaped` once more,
    so no path can echo a byte that does not print, whoever wrote the message."""

    def __init__(self, message: str, *, page: str = "<page>", line: int = 0) -> None:
        message = RE_LONG_RUN.sub(lambda run: quoted(run.group(0)), message)  # a 10⁶-digit value stays short
        message = escaped(message)
        super().__init__(message)
        self.message = message
        self.page = escaped(page)
        self.line = line

    def at(self, page: str, line: int) -> DirectiveError:
        """Return the same error placed at `page:line`."""
        return DirectiveError(self.message, page=page, line=line)

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.message}"


class DirectiveErrors(DirectiveError):
    """Every directive of a page that failed, one `page:line: message` a line, so one build names them all."""

    def __init__(self, errors: list[DirectiveError]) -> None:
        super().__init__(errors[0].message, page=errors[0].page, line=errors[0].line)
        self.errors = errors

    def at(self, page: str, line: int) -> DirectiveError:
        """Return the errors unchanged: each already has its place."""
        return self

    def __str__(self) -> str:
        return "\n".join(map(str, self.errors))


def quoted(text: str, most: int = 60) -> str:
    """A value from a page, cut short for an error message and `escaped`."""
    return escaped(text) if len(text) <= most else escaped(text[:most]) + f"… ({len(text):,} characters)"


def escaped(text: str) -> str:
    """`text` with every character that does not print (NUL, ESC, a C1 control, a line break, a direction override)
    written as its escape (`\\x1b`, `\\u202e`): a message never moves a terminal's cursor, colours it or turns text."""
    return "".join(char if char.isprintable() else char.encode("unicode_escape").decode("ascii") for char in text)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Say which of `choices` are closest to `word`, or list them all when none is close."""
    choices = sorted(choices)
    close = difflib.get_close_matches(word[:60], choices, n=3, cutoff=0.5)
    if close:
        return "did you mean " + " or ".join(f"'{name}'" for name in close) + "?"
    return "expected one of " + ", ".join(f"'{name}'" for name in choices)
