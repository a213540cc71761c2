"""The pages going further: the home page's list of them, made from the nav, every page in a group; and the line
each opens with, saying what it assumes and how long it takes."""

from __future__ import annotations

import posixpath
import re
import textwrap
from pathlib import Path

import pytest
import yaml

from attention_site.directives.engine import expand_line
from attention_site.further_pages import (
    FOLDER,
    GROUPS,
    UNGROUPED,
    NavLoader,
    further_pages,
    further_pages_markdown,
    nav_pages,
)

ROOT = Path(__file__).resolve().parent.parent
NAV = textwrap.dedent("""\
    plugins:
      - offline:
          enabled: !ENV [OFFLINE, false]
    nav:
      - Home: index.md
      - Going further:
          - "One training step": beyond/one-training-step.md
          - "Checks for understanding": beyond/checks.md
          - "A page nobody grouped": beyond/new-page.md
      - Reference:
          - "Directives": reference/directives/index.md
    """)


def test_the_list_groups_the_navs_pages_and_keeps_an_ungrouped_one() -> None:
    """Assert the nav's beyond/ pages come under their groups' headings, linked with the nav's titles, and a page
    no group names is still listed, under the last heading; MkDocs' !ENV tag does not stop the reading."""
    assert further_pages_markdown(NAV) == "\n".join([
        "- **The whole model, and how it learns**: [One training step](beyond/one-training-step.md).",
        "- **Checking yourself**: [Checks for understanding](beyond/checks.md).",
        f"- **{UNGROUPED}**: [A page nobody grouped](beyond/new-page.md).",
    ])


def test_every_page_of_the_site_going_further_is_in_a_named_group() -> None:
    """Assert each beyond/ page of the site's nav is listed under a group of GROUPS, and each name there is a page."""
    groups = dict(further_pages((ROOT / "mkdocs.yml").read_text("utf-8")))
    ungrouped = [path for _, path in groups.get(UNGROUPED, [])]
    assert not ungrouped, f"add {ungrouped} to a group of GROUPS in src/attention_site/further_pages.py"
    listed = {path.removeprefix(FOLDER) for pages in groups.values() for _, path in pages}
    assert listed == {name for _, names in GROUPS for name in names} and len(listed) >= 9
    assert all((ROOT / "docs" / FOLDER / name).is_file() for name in listed)


def test_the_home_page_shows_the_list_and_no_jargon() -> None:
    """Assert the home page carries the generated list and no longer says "beyond the seeds" (#33 correction 7)."""
    home = (ROOT / "docs" / "index.md").read_text("utf-8")
    assert "<!-- attn:block reference further-pages -->" in home and "beyond the seeds" not in home.lower()


# A page going further opens, right under its title, with one italic paragraph: what it assumes, linked, and
# how long it takes, "*Assumes: ...; about N minutes.*" (#33).
OPENING = re.compile(r"\A# [^\n]+\n\n\*Assumes: (?P<what>[^*]+?);\s+about\s+(?P<minutes>\S+)\s+minutes\.\*\n\n")
LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
BLOCK = re.compile(r"^<!-- attn:block [^>]*-->$", re.MULTILINE)  # a listing, a printout: read as the page's words
# Reading speeds that bound an honest estimate, in words of the page's Markdown (comments left out, its listings
# in) a minute: 120 for a reader who skims the tables, 50 for one who checks the arithmetic as the pages ask.
FASTEST, SLOWEST = 120, 50
# The pages going further, and the lesson's programs, whose reading is its two listings.
TIMED_PAGES = [*sorted(f"{FOLDER}{path.name}" for path in (ROOT / "docs" / FOLDER).glob("*.md")), "lesson/code.md"]


def site_pages() -> set[str]:
    """Every page of the site's nav, as a path from docs/."""
    return {path for _, path in nav_pages(yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), NavLoader)["nav"])}


def opening(page: str) -> re.Match[str]:
    """The opening paragraph of docs/PAGE, or a failure naming the page."""
    found = OPENING.match((ROOT / "docs" / page).read_text("utf-8"))
    assert found, f"docs/{page} does not open, under its title, with '*Assumes: ...; about N minutes.*'"
    return found


def words_read(markdown: str) -> int:
    """The words a reader reads on a page: its Markdown's, without comments, with those of its listings."""
    listings = sum(len(expand_line(block.group(0), 1).split()) for block in BLOCK.finditer(markdown))
    return len(COMMENT.sub("", markdown).split()) + listings


@pytest.mark.parametrize("page", TIMED_PAGES)
def test_every_page_going_further_says_what_it_assumes_with_links_to_pages_of_the_site(page: str) -> None:
    """Assert the opening line of each timed page links at least one page, and every page it links is in the
    site's nav (resolved from the page's folder, an anchor aside)."""
    targets = [found["target"] for found in LINK.finditer(opening(page)["what"])]
    assert targets, f"{page}: the Assumes line links no page"
    pages = site_pages()
    for target in targets:
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), target.split("#")[0]))
        assert resolved in pages, f"{page}: the Assumes line links {target}, not a page of the site"


@pytest.mark.parametrize("page", TIMED_PAGES)
def test_every_page_going_further_gives_an_honest_whole_number_of_minutes(page: str) -> None:
    """Assert the minutes of each opening line are a whole number from 5 to 90, and lie between the page's
    words (its listings' too) read at FASTEST and at SLOWEST words a minute (the estimates were made from the
    page's length)."""
    minutes = opening(page)["minutes"]
    assert minutes.isdigit() and 5 <= int(minutes) <= 90, f"{page}: 'about {minutes} minutes'"
    words = words_read((ROOT / "docs" / page).read_text("utf-8"))
    assert words / FASTEST <= int(minutes) <= words / SLOWEST, \
        f"{page}: {words} words take {words / FASTEST:.0f} to {words / SLOWEST:.0f} minutes, not {minutes}"


def test_a_pages_listings_count_among_its_words() -> None:
    """Assert the lesson's programs page, 179 words of Markdown around two listings and their printouts, is read as
    some 680 words (10 minutes lies within them only with its listings)."""
    markdown = (ROOT / "docs" / "lesson" / "code.md").read_text("utf-8")
    assert len(COMMENT.sub("", markdown).split()) / SLOWEST < 10 <= words_read(markdown) / SLOWEST
