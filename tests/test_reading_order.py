"""The order a reader meets the pages in: the nav of mkdocs.yml (which also makes each page's footer links to
the previous and next page), the walk-through's list of its chapters and the home page's count of them (#33)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from attention_site.further_pages import NavLoader, nav_pages

ROOT = Path(__file__).resolve().parent.parent
WALKTHROUGH = "walkthrough/"
OVERVIEW = WALKTHROUGH + "index.md"
LINK = re.compile(r"\]\((?P<target>[\w-]+\.md)(?:#[\w-]+)?\)")
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
                "twenty-one", "twenty-two", "twenty-three", "twenty-four", "twenty-five")


def reading_order() -> list[str]:
    """Every page of the nav, in order, as a path from docs/."""
    return [path for _, path in nav_pages(yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), NavLoader)["nav"])]


def chapters() -> list[str]:
    """The walk-through's chapters in the nav's order, its overview left out."""
    return [path for path in reading_order() if path.startswith(WALKTHROUGH) and path != OVERVIEW]


def page(path: str) -> str:
    """The Markdown of the page at `path` from docs/."""
    return (ROOT / "docs" / path).read_text("utf-8")


def test_meaning_comes_right_after_query_key_value_in_the_walk_through() -> None:
    """Assert the page reading a key as what a word offers follows the chapter that names the three roles."""
    order = reading_order()
    assert order[order.index("walkthrough/query-key-value.md") + 1] == "walkthrough/meaning.md"


def test_the_code_comes_right_after_the_last_chapter_its_program_computes() -> None:
    """Assert the chapter before The code is the latest, in reading order, of the chapters its line-by-line table
    links (each line of the program names the chapter that worked it), so the code follows what it covers."""
    code = page("walkthrough/code.md")
    table = code[code.index("## Line by line"):code.index("`keepdims=True`")]
    covered = {WALKTHROUGH + found["target"] for found in LINK.finditer(table)}
    order = chapters()
    assert len(covered) >= 5 and covered <= set(order)
    last = max(covered, key=order.index)
    assert order[order.index(last) + 1] == "walkthrough/code.md", f"the code covers up to {last}"


def test_kv_cache_memory_is_read_right_after_the_walk_through_and_generation_points_to_it() -> None:
    """Assert KV-cache memory in real models is the first page going further, the walk-through's chapter on the
    cache ends by pointing to it, and the page opens by assuming that chapter."""
    order = reading_order()
    after_walkthrough = order.index(chapters()[-1]) + 1
    assert order[after_walkthrough] == "beyond/kv-cache-memory.md"
    generation = page("walkthrough/generation.md").rstrip().rsplit("\n\n", 1)[-1]
    assert "](../beyond/kv-cache-memory.md)" in generation
    assert "](../walkthrough/generation.md)" in page("beyond/kv-cache-memory.md").split("\n\n")[1]


def test_the_overview_lists_every_chapter_in_the_navs_order() -> None:
    """Assert the walk-through's overview, under "The chapters", links every chapter once, in reading order."""
    overview = page(OVERVIEW)
    listed = overview[overview.index("## The chapters"):overview.index("## Notation")]
    assert [WALKTHROUGH + found["target"] for found in LINK.finditer(listed)] == chapters()


def test_the_home_page_counts_the_walk_through_s_chapters() -> None:
    """Assert the home page's "in N short chapters" is the number of chapters in the nav, in words."""
    count = re.search(r"in ([\w-]+) short\s+chapters", page("index.md"))
    assert count and count[1] == NUMBER_WORDS[len(chapters())], count
