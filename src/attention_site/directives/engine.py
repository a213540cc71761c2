"""Expanding a page's directives into Markdown: the pure function behind the MkDocs hook."""

from __future__ import annotations

from collections.abc import Callable

from .choices import check_choices
from .counts import page_counts
from .errors import DirectiveError, DirectiveErrors, did_you_mean, quoted
from .kinds import KINDS
from .labels import UnknownLabel, mentions, unpinned_labels
from .limits import check_size
from .prose_lint import example_tokens_by_name, lint_prose
from .registry import Entry, lookup, split_options
from .restated import restated_claims
from .syntax import (
    Directive,
    Found,
    comments_like_directives,
    directives_in_line,
    outside_code,
    refuse_active_html,
)

Mark = Callable[[Found, str, str], str]  # (directive found, its line, its expansion) -> what the page gets


def unmarked(place: Found, line: str, text: str) -> str:
    """A directive's expansion as it is."""
    return text


def expand_directives(markdown: str, page: str = "<page>", line_offset: int = 0, mark: Mark = unmarked) -> str:
    """Return `markdown` with every directive outside code replaced by what it computes.

    `page` and `line_offset` (the lines of front matter removed before this text) place errors:
    a `DirectiveError` reads `page:line: what is wrong; what is accepted`, one line for each directive that
    failed (every failing directive of the page is reported, not only the first). `mark` may wrap each
    directive's expansion (live.py marks where the browser recomputes).
    """
    lines = markdown.split("\n")
    try:
        check_size(markdown, lines)
    except DirectiveError as error:
        raise error.at(page, line_offset + error.line) from None
    errors = []
    for index, line in outside_code(lines):
        try:
            lines[index] = expand_line(line, index + 1, mark)
        except DirectiveError as error:  # keep going: one build names every stale claim of the page
            errors.append(error.at(page, line_offset + index + 1))
    errors += lint_prose(markdown, page, line_offset) + label_errors(markdown, errors, page, line_offset)
    errors += check_choices(markdown, page, line_offset)
    reported = {error.line for error in errors}  # a sentence the prose lint names already is not named twice
    later = restated_claims(markdown, page, line_offset) + page_counts(markdown, page, line_offset)
    errors += [error for error in later if error.line not in reported]
    errors = sorted(errors, key=lambda error: error.line)
    if errors:
        raise errors[0] if len(errors) == 1 else DirectiveErrors(errors)
    return "\n".join(lines)


def label_errors(markdown: str, errors: list[DirectiveError], page: str, line_offset: int) -> list[DirectiveError]:
    """The page's other lines writing a label that a failing directive pins (a renamed token), and the lint's
    tokens written but never pinned."""
    missing = {error.label for error in errors if isinstance(error, UnknownLabel)}
    followed = mentions(markdown, missing, page, line_offset, {error.line for error in errors}) if missing else []
    try:  # a page with no directive speaks of no example: attention_core is not imported for it
        tokens = example_tokens_by_name() if "attn:" in markdown else {}
    except ValueError:  # an example input that does not load: the page's directives report it, at its field
        tokens = {}
    return followed + unpinned_labels(markdown, tokens, page, line_offset) if tokens else followed


def check_expanded(html: str, source: str, page: str = "<page>", line_offset: int = 0) -> None:
    """Refuse a rendered page that still holds a directive: the scanner took it for code, Markdown did not.

    `source` is the page's Markdown as written, to place the error at the directive's line.
    """
    for comment in comments_like_directives(html):
        probe = comment[:40]
        position = source.find(probe)
        line = source.count("\n", 0, position) + 1 if position >= 0 else 1
        raise DirectiveError(
            f"'{quoted(comment)}' was left unexpanded: Markdown reads this line as text, but an unclosed or "
            "indented code fence above it hid it from the directive scanner; close the fence with a line of "
            "just ``` (or ~~~), or show directives in code with a fenced block",
            page=page, line=line_offset + line,
        )


def expand_line(line: str, number: int, mark: Mark = unmarked) -> str:
    """Expand the directives of one line, after refusing any HTML on it that would run code."""
    if "<" not in line and ":" not in line:  # no tag, no directive, no script URL: most lines of a page
        return line
    refuse_active_html(line, number)
    found = list(directives_in_line(line, number))
    if not found:
        return line
    pieces, last = [], 0
    for place in found:
        pieces += [line[last : place.start], render_found(place, line, mark)]
        last = place.end
    return "".join([*pieces, line[last:]])


def render_found(place: Found, line: str = "", mark: Mark = unmarked) -> str:
    """Render one directive (marked by `mark`); blocks stand on their own lines, indented like the directive."""
    kind = KINDS.get(place.directive.kind)
    if kind is not None and kind.alone and not place.alone:
        raise DirectiveError(f"attn:{kind.name} must stand alone on its line, with nothing before or after it")
    text = mark(place, line, render(place.directive))
    if kind is None or not kind.alone:
        return text
    body = [place.indent + row if row else "" for row in text.split("\n")]
    return "\n".join(["", *body, ""])


def render(directive: Directive) -> str:
    """Compute what one directive stands for."""
    kind = KINDS.get(directive.kind)
    if kind is None:
        raise DirectiveError(f"unknown directive 'attn:{directive.kind}'; {did_you_mean(directive.kind, KINDS)}")
    entry = find_entry(directive)
    own, generic = split_options(directive.kind, entry, directive.options)
    try:
        shown = entry.make(own)
    except DirectiveError:
        raise
    except (ValueError, ArithmeticError) as error:
        raise DirectiveError(f"{entry.example} {entry.name}: {error}") from None
    if kind.claim:
        generic["about"] = f"{entry.example} {entry.name}"
    return kind.render(shown, **generic)


def find_entry(directive: Directive) -> Entry:
    """The registry entry a directive names by example and name."""
    if len(directive.words) != 2:
        raise DirectiveError(
            f"attn:{directive.kind} takes an example and a name, then options: "
            f"<!-- attn:{directive.kind} EXAMPLE NAME option=value -->; got {len(directive.words)} name(s)"
        )
    return lookup(directive.kind, *directive.words)  # loads the entries of that example only
