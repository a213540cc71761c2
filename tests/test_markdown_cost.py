"""Markdown's own cost on pages at the engine's limits, bounded by counting Python-Markdown's work, never timing it.

Python-Markdown's link patterns read from each `[` to its matching `]`, or to the paragraph's end when it has none:
a run of unclosed `[` costs the square of its length (19,990 on a line took 76 s). The engine refuses a paragraph
whose brackets would make them read more than MAX_BRACKET_READING times its length (`directives/limits.py`). These
tests count what Markdown really reads on the densest pages the engine accepts, up to the page-size limit, so the
bound holds in `make test` and cannot drift; bench/markdown_cost.py prints the same counts beside timings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import markdown
import markdown.inlinepatterns
import pytest

from attention_site.directives import DirectiveError
from attention_site.directives.limits import MAX_PAGE_CHARS, check_size

LINE = "a plain line of prose with some words in it, and a link to [the lesson](../lesson/index.md).\n"
# The most Markdown's link patterns may read per character of a page the engine accepts: three patterns (inline
# links, references, short references) each read from every `[`, a paragraph may make one read twice its length
# and 16 characters more, and paragraphs of seven `[` and a blank line make that allowance count most (9.3).
READ_PER_CHARACTER = 10


@contextmanager
def link_reading() -> Iterator[list[int]]:
    """Count the characters Python-Markdown's link patterns read: `getText`, which its inline link, reference and
    image patterns share, reads from one `[` to its `]` or to the end of the paragraph."""
    read = [0]
    get_text = markdown.inlinepatterns.LinkInlineProcessor.getText

    def counting(self: markdown.inlinepatterns.LinkInlineProcessor, data: str, index: int) -> tuple[str, int, bool]:
        text, end, handled = get_text(self, data, index)
        read[0] += end - index
        return text, end, handled

    markdown.inlinepatterns.LinkInlineProcessor.getText = counting  # type: ignore[method-assign]
    try:
        yield read
    finally:
        markdown.inlinepatterns.LinkInlineProcessor.getText = get_text  # type: ignore[method-assign]


def read_by_markdown(page: str) -> int:
    """The characters Markdown's link patterns read converting `page`."""
    with link_reading() as read:
        markdown.markdown(page)
    return read[0]


def accepted(page: str) -> bool:
    """Tell whether the engine's size limits let the page by."""
    try:
        check_size(page, page.split("\n"))
    except DirectiveError:
        return False
    return True


def densest(paragraph: Callable[[int], str], size: int) -> str:
    """A page of `size` characters at most, of the paragraph `paragraph(k)` with the largest k the engine accepts."""
    low, high = 0, 20_000
    while low < high:  # the engine accepts k up to some bound and refuses every k above it
        middle = (low + high + 1) // 2
        low, high = (middle, high) if accepted(paragraph(middle)) else (low, middle - 1)
    block = paragraph(low) + "\n\n"
    return block * (size // len(block))


SHAPES: dict[str, Callable[[int], str]] = {  # paragraphs whose `[` make Markdown read, more as k grows
    "prose ending in a run of '['": lambda k: LINE * 3 + "[" * k,
    "a run of '[' before prose": lambda k: "[" * k + LINE * 3,
    "nested brackets": lambda k: "[" * k + "x" + "]" * k,
    "'[' spread through prose": lambda k: "a [b " * k,
    "paragraphs of a run of '[' alone": lambda k: "[" * k,
}


def plain(size: int) -> str:
    """Paragraphs of prose with one link a line, `size` characters at most."""
    block = LINE * 3 + "\n"
    return block * (size // len(block))


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_markdown_reads_a_bounded_amount_per_character_of_a_page_at_the_limit(shape: Callable[[int], str]) -> None:
    """Assert the densest page of each shape the engine accepts makes Markdown's links read at most
    READ_PER_CHARACTER characters per character of it, and no more per character at 200,000 characters than at
    50,000 (linear work; the next test reads a page of the page-size limit)."""
    per_character = []
    for size in (MAX_PAGE_CHARS // 20, MAX_PAGE_CHARS // 5):
        page = densest(shape, size)
        assert accepted(page) and len(page) > 0.95 * size
        per_character.append(read_by_markdown(page) / len(page))
    assert per_character[1] <= READ_PER_CHARACTER, f"{per_character[1]:.2f} characters read per character"
    assert per_character[1] <= 1.01 * per_character[0], per_character


def test_a_page_at_the_limit_reads_a_few_times_its_size_where_a_plain_page_reads_a_fraction() -> None:
    """Assert, at the page-size limit, Markdown's links read the plain page a fraction of its length and the page at
    the bracket limit a few times its length (not its square: a run of 2,000 '[' alone makes them read 2,998 times
    its length, and the engine refuses it)."""
    page, prose = densest(SHAPES["prose ending in a run of '['"], MAX_PAGE_CHARS), plain(MAX_PAGE_CHARS)
    at_limit, plain_read = read_by_markdown(page), read_by_markdown(prose)
    print(f"link reading: {plain_read:,} for a plain page of {len(prose):,} characters, {at_limit:,} for a page at "
          f"the bracket limit of {len(page):,}")
    assert plain_read <= 0.5 * len(prose)
    assert at_limit <= READ_PER_CHARACTER * len(page)
    run = "[" * 2_000
    assert read_by_markdown(run) >= 1_000 * len(run) and not accepted(run)
