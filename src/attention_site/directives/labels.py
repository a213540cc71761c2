"""Labels a page names (tokens, rows, columns, heads): derived from the example's data, or pinned and followed.

A label comes from an example's data, so a page may not hold it as a bare word that nothing checks. Three rules
keep every label on a page true when the data changes:

- **Derived.** An option may name a row or column by its place, `row=@last`, `col=@1` (`@first`, `@last` or
  `@N`, counted from 1), and a word may be the label itself: `pick=label` (the label of the row, or else the
  column, picked), `pick=labels` (every row label, as prose: `red, ball and rolls`), `pick=sequence` (every row
  label in order, as a sentence reads: `dog bites man`). Tab titles are written with these.
- **Pinned.** A label written as a word (`*rolls*` in italics, or a token in a tab title) must be pinned on its
  page by a directive of an example that has it (`row=rolls`, `largest=rolls`, ...), so that a renamed token
  stops the build there: `unpinned_labels` is the lint that says so.
- **Followed.** When a pinned label is no longer a label of its entry (`UnknownLabel`), the build names every
  other line of the page that writes it (`mentions`), so that one run lists every stale word, not only the
  directives.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from .errors import DirectiveError, did_you_mean
from .prose_lint import paragraphs
from .syntax import Directive, directives_in_line, outside_code

RE_REFERENCE = re.compile(r"@(?:first|last|[1-9][0-9]{0,4})\Z")
RE_TAB_TITLE = re.compile(r'^\s*(?:===|\?\?\?\+?|!!!)\s*(?:[a-z-]+\s+)?"(?P<title>[^"]*)"')
RE_ITALIC_WORD = re.compile(r"(?<![*\w])\*([^*\s][^*]*?)\*(?!\*)")
RE_HIDDEN = re.compile(r"`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|\]\([^)]*\)|<!--.*?-->|<[^>]*>")  # code, math, links, tags
PINNING_KEYS = ("row", "col", "largest", "smallest", "tied", "nonzero", "greater", "equal", "labels")
OTHER_KEYS = ("other-row", "other-col")  # pins of the entry same= or differs= names, of another example if named
ACCEPTED = "a label of the matrix, or its place: @first, @last or @N (from 1)"


class UnknownLabel(DirectiveError):
    """A label a directive pins that its entry does not have: the page's other mentions of it are stale too."""

    def __init__(self, message: str, label: str, *, page: str = "<page>", line: int = 0) -> None:
        super().__init__(message, page=page, line=line)
        self.label = label

    def at(self, page: str, line: int) -> DirectiveError:
        """Return the same error placed at `page:line`, still naming its label."""
        return UnknownLabel(self.message, self.label, page=page, line=line)


def label_of(wanted: str | None, labels: tuple[str, ...], key: str) -> str | None:
    """The label an option names: itself, its place (`@last`), or `h1-o2` for the label `h1 o2`."""
    if wanted is None or wanted in labels:
        return wanted
    if wanted.startswith("@"):
        return label_at(wanted, labels, key)
    spaced = wanted.replace("-", " ")
    if spaced in labels:
        return spaced
    raise UnknownLabel(f"{key}={wanted} is not a label of this matrix; {did_you_mean(wanted, labels)}", wanted)


def label_at(wanted: str, labels: tuple[str, ...], key: str) -> str:
    """The label at the place `@first`, `@last` or `@N` names, or an error giving the places there are."""
    if not RE_REFERENCE.match(wanted):
        raise DirectiveError(f"{key}={wanted[:40]} is not a place; accepted: {ACCEPTED}")
    place = {"@first": 1, "@last": len(labels)}.get(wanted) or int(wanted[1:])
    if place > len(labels):
        raise DirectiveError(f"{key}={wanted} names place {place}, but this matrix has {len(labels)} "
                             f"({', '.join(labels[:9])}); accepted: @1 to @{len(labels)}, @first or @last")
    return labels[place - 1]


def mentions(markdown: str, labels: Iterable[str], page: str, line_offset: int,
             reported: set[int]) -> list[DirectiveError]:
    """An error at every line not yet `reported` that writes one of `labels`, which the data no longer has."""
    wanted = {label.lower(): label for label in labels}
    errors = []
    for number, word in written_labels(markdown):
        label = wanted.get(word.lower())
        if label is not None and line_offset + number not in reported:
            reported.add(line_offset + number)
            errors.append(DirectiveError(
                f"the page writes '{word}', which a directive of this page pins but the example's data no longer "
                f"has; rename it here too, or compute it (attn:word ... pick=label)", page=page,
                line=line_offset + number))
    return errors


def written_labels(markdown: str, titles: bool = True) -> Iterator[tuple[int, str]]:
    """(line, word) of every label the prose writes: words in italics, and (`titles`) each word of a tab title."""
    for index, line in outside_code(markdown.split("\n")):
        title = RE_TAB_TITLE.match(line)
        text = RE_HIDDEN.sub(" ", title["title"] if title else line)
        words = (text.split() if titles else []) if title else RE_ITALIC_WORD.findall(text)
        yield from ((index + 1, word.strip(".,;:!?()'’*_")) for word in words)


def pins(markdown: str) -> dict[str, set[str]]:
    """The labels each example's directives on a page pin (`row=rolls`, `largest=red,ball`), lower-cased."""
    pinned: dict[str, set[str]] = {}
    for directive in page_directives(markdown):
        if len(directive.words) == 2:
            options, example = directive.options, directive.words[0]
            other = (options.get("same") or options.get("differs") or "").rpartition(":")[0] or example
            pinned.setdefault(example, set()).update(pinned_by(options, PINNING_KEYS))
            pinned.setdefault(other, set()).update(pinned_by(options, OTHER_KEYS))
    return pinned


def pinned_by(options: dict[str, str], keys: tuple[str, ...]) -> set[str]:
    """The labels the options `keys` of one directive name, lower-cased, as written and with '-' for a space."""
    values = (options.get(key, "") for key in keys)
    return {label for value in values for raw in value.split(",") if raw
            for label in (raw.lower(), raw.replace("-", " ").lower())}


def page_directives(markdown: str) -> Iterator[Directive]:
    """Every directive of a page outside code (a malformed one is reported by the expansion, not here)."""
    if "attn:" not in markdown:  # most sentences and lines the lints ask about: nothing to look for
        return
    for index, line in outside_code(markdown.split("\n")):
        try:
            yield from (found.directive for found in directives_in_line(line, index + 1))
        except DirectiveError:
            continue


def unpinned_labels(markdown: str, tokens: dict[str, tuple[str, ...]], page: str = "<page>",
                    line_offset: int = 0) -> list[DirectiveError]:
    """The lint: each token written in italics that none of the examples it may speak of pins on the page (named
    once, at its first line); and each tab title typed out of tokens. A mention speaks of the examples whose
    directives its paragraph holds, or of every example of the page when its paragraph holds none."""
    pinned = pins(markdown)
    errors, seen = [], set()
    for number, paragraph in paragraphs(markdown.split("\n")):
        named = examples_of(paragraph)
        examples = [e for e in pinned if e in named] or list(pinned)
        for line, word in italic_words(paragraph, number):
            having = [e for e in examples if word.lower() in (t.lower() for t in tokens.get(e, ()))]
            if having and word.lower() not in seen and not any(word.lower() in pinned[e] for e in having):
                seen.add(word.lower())
                errors.append(DirectiveError(unpinned_message(word, having), page=page, line=line_offset + line))
    known = {token.lower() for example in pinned for token in tokens.get(example, ())}
    errors += [DirectiveError(typed_title_message(title), page=page, line=line_offset + number)
               for number, title in typed_titles(markdown, known)]
    return sorted(errors, key=lambda error: error.line)


def italic_words(paragraph: str, first: int) -> Iterator[tuple[int, str]]:
    """(line, word) of each word of a paragraph in italics, outside code, math, links and comments."""
    for number, line in enumerate(paragraph.split("\n"), start=first):
        yield from ((number, word) for word in RE_ITALIC_WORD.findall(RE_HIDDEN.sub(" ", line)))


def examples_of(paragraph: str) -> set[str]:
    """The examples the directives of one paragraph name."""
    return {directive.words[0] for directive in page_directives(paragraph) if len(directive.words) == 2}


def typed_titles(markdown: str, known: set[str]) -> Iterator[tuple[int, str]]:
    """(line, title) of each tab or box title, without a directive, whose every word is a token (`dog bites man`)."""
    for index, line in outside_code(markdown.split("\n")):
        title = RE_TAB_TITLE.match(line)
        text = title["title"] if title and "attn:" not in title["title"] else ""
        if text.split() and all(word.lower() in known for word in text.split()):
            yield index + 1, text


def unpinned_message(word: str, examples: list[str]) -> str:
    """The lint's message for a token the page writes but never pins."""
    return (f"the page writes '{word}', a token of {' and '.join(repr(e) for e in examples)}, but no directive of "
            f"{'that example' if len(examples) == 1 else 'them'} on this page pins it (row={word.replace(' ', '-')}, "
            "labels=..., largest=...), so a renamed token would leave it stale; pin it in a directive of its "
            "sentence, or compute it (attn:word ... pick=label)")


def typed_title_message(title: str) -> str:
    """The lint's message for a title typed out of an example's tokens."""
    return (f"the title '{title[:60]}' is typed out of an example's tokens, which its data may rename or reorder; "
            "compute it: === \"<!-- attn:word EXAMPLE NAME pick=sequence -->\" (or pick=label with row=)")
