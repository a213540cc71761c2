"""The one exception a page can cause, and the 'did you mean' that goes with it."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class DirectiveError(ValueError):
    """A directive that cannot be rendered; `str()` reads `page:line: what is wrong; what is accepted`."""

    def __init__(self, message: str, *, page: str = "<page>", line: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.page = page
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


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Say which of `choices` are closest to `word`, or list them all when none is close."""
    choices = sorted(choices)
    close = difflib.get_close_matches(word, choices, n=3, cutoff=0.5)
    if close:
        return "did you mean " + " or ".join(f"'{name}'" for name in close) + "?"
    return "expected one of " + ", ".join(f"'{name}'" for name in choices)
