"""Markdown's cost on pages at the engine's limits against a plain page of the same size, side by side.

Python-Markdown's link patterns read from each `[` to its `]` (or to the paragraph's end), so a run of `[` costs
the square of its length (19,990 on one line took 76 s), and its lists recurse once per level (300 overflowed).
The engine now refuses a paragraph whose brackets would make it read more than twice its length, and a line
nested more than 16 levels (`attention_site/directives/limits.py`). This script builds pages that sit just inside
each limit, as large as the page-size limit allows (1,000,000 characters), and a plain page of as many characters,
and converts each with the site's Markdown extensions and the engine's checks, in turn (`--repeat` rounds),
printing the median time, the characters Markdown's links read (counted in Python-Markdown itself, and as the
engine estimates it) and each page's ratio to the plain one. Then one page just over each limit, to show that it
is refused, and a short run of `[` converted by Markdown alone, for what the limit prevents. The counts are the
bound's proof, asserted in `make test` (tests/test_markdown_cost.py); the times show what a build waits.

    python bench/markdown_cost.py              # pages at the page-size limit, 3 rounds
    python bench/markdown_cost.py --size 200000 --repeat 5
    python bench/markdown_cost.py --quick      # 50,000 characters, 3 rounds
    python bench/markdown_cost.py --no-write   # print only
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

import markdown
from _common import ROOT, markdown_table, median, ratio, table, write_results
from mkdocs.config import load_config

sys.path.insert(0, str(ROOT / "tests"))
from test_markdown_cost import link_reading  # the counter the test asserts the bound with, in Markdown itself

from attention_site.directives import DirectiveError, expand_directives
from attention_site.directives.limits import (
    BRACKET_ALLOWANCE,
    MAX_BRACKET_READING,
    MAX_NESTING,
    MAX_PAGE_CHARS,
    bracket_reading,
)

LINE = "a plain line of prose with some words in it, and a link to [the lesson](../lesson/index.md).\n"


def plain(size: int) -> str:
    """Paragraphs of prose with one link each, `size` characters in all."""
    block = LINE * 3 + "\n"
    return block * (size // len(block))


def brackets_at_limit(size: int) -> str:
    """Paragraphs of prose that end in as many unclosed `[` as the limit allows: the densest reading it lets by."""
    text = LINE * 3
    runs = 0
    while bracket_reading(text + "[" * (runs + 1)) <= MAX_BRACKET_READING * (len(text) + runs + 1) + BRACKET_ALLOWANCE:
        runs += 1
    block = text + "[" * runs + "\n\n"
    return block * (size // len(block))


def nested(size: int, depth: int = MAX_NESTING) -> str:
    """Lists nested `depth` levels deep (MAX_NESTING: at the limit), over and over."""
    block = "".join("    " * level + "- item\n" for level in range(depth + 1)) + "\n"
    return block * (size // len(block))


def over_limits() -> dict[str, str]:
    """One page just over each limit."""
    return {"one more '[' than allowed": brackets_at_limit(2_000).split("\n\n")[0] + "[",
            f"{MAX_NESTING + 1} levels": "".join("    " * level + "- item\n" for level in range(MAX_NESTING + 2))}


def page_reading(page: str) -> int:
    """The characters Markdown's links read on a page, paragraph by paragraph (the engine's count)."""
    return sum(bracket_reading(block) for block in page.split("\n\n"))


def read_by_markdown(convert: Callable[[str], str], page: str) -> int:
    """The characters Markdown's link patterns read converting one page (a conversion of its own, not timed)."""
    with link_reading() as read:
        convert(page)
    return read[0]


def converter() -> Callable[[str], str]:
    """The site's Markdown, with its extensions and their options, after the engine's checks and expansion."""
    config = load_config(str(ROOT / "mkdocs.yml"))
    md = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)
    return lambda page: md.reset().convert(expand_directives(page, "docs/x.md"))


def timed(convert: Callable[[str], str], page: str) -> float:
    """Seconds to convert one page."""
    start = time.perf_counter()
    convert(page)
    return time.perf_counter() - start


def measure(pages: dict[str, str], repeat: int) -> dict[str, list[float]]:
    """Each page converted once a round, in turn."""
    convert = converter()
    times: dict[str, list[float]] = {name: [] for name in pages}
    for _ in range(repeat):
        for name, page in pages.items():
            times[name].append(timed(convert, page))
    return times


def refusal(page: str) -> str:
    """The engine's message for a page over a limit."""
    try:
        expand_directives(page, "docs/x.md")
    except DirectiveError as error:
        return str(error).split(";")[0]
    return "NOT REFUSED"


def main() -> None:
    """Measure, print, and write bench/results/markdown_cost.md."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="50,000-character pages, 3 rounds")
    parser.add_argument("--size", type=int, default=MAX_PAGE_CHARS, help="characters a page (the limit: 1,000,000)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-write", action="store_true", help="print only")
    options = parser.parse_args()
    size, repeat = (50_000, 3) if options.quick else (min(options.size, MAX_PAGE_CHARS), options.repeat)
    pages = {"plain prose": plain(size), "brackets at the limit": brackets_at_limit(size),
             "lists 1 deep": nested(size, 1), f"lists {MAX_NESTING} deep": nested(size)}
    times = measure(pages, repeat)
    base = median(times["plain prose"])
    convert = converter()
    header = ["page", "characters", "Markdown's link reading", "per character", "engine's estimate", "median s",
              "× plain"]
    rows = []
    for name, page in pages.items():
        read = read_by_markdown(convert, page)
        rows.append([name, f"{len(page):,}", f"{read:,}", f"{read / len(page):.2f}", f"{page_reading(page):,}",
                     f"{median(times[name]):.3f}", f"{ratio(median(times[name]), base):.2f}"])
    print(table(header, rows))
    refused = [[name, refusal(page)] for name, page in over_limits().items()]
    print(table(["page over a limit", "the engine says"], refused))
    run = "[" * 2_000
    alone = timed(lambda page: markdown.markdown(page), run)
    print(f"\nMarkdown alone on a run of 2,000 '[' (refused by the engine): {alone:.2f} s; a run of 19,990 took 76 s")
    if not options.no_write:
        body = (f"{markdown_table(header, rows, right=(1, 2, 3, 4, 5, 6))}\n\n"
                f"{markdown_table(['page over a limit', 'the engine says'], refused)}\n\n"
                f"Markdown alone on a run of 2,000 `[` (refused by the engine): {alone:.2f} s.")
        given = " --quick" if options.quick else f" --size {size} --repeat {repeat}"
        command = "python bench/markdown_cost.py" + given
        print(f"\nwritten: {write_results('markdown_cost', command, body)}")
    sys.exit(0)


if __name__ == "__main__":
    main()
