"""Links and anchors: the strict build refuses a broken one (issue 6, reliability 4).

One copy of the project gets every bad link and one good link at once; a strict build prints a warning for
each before it stops, and each test reads its own in the log. The unchanged site building cleanly is proven
by the `built_site` fixture, so a failure here is the planted links' doing and nothing else's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import copy_project, mkdocs

# One worker runs these together under `pytest -n`, so the shared fixture is made once.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("links")]

# The page every copy of the site has; a bad link is appended at its end.
PAGE = "index.md"


def add_link(project: Path, page: str, target: str) -> None:
    """Append a paragraph with a link to `target` at the end of `docs/page`."""
    path = project / "docs" / page
    text = path.read_text(encoding="utf-8")
    path.write_text(f"{text.rstrip()}\n\nSee [this part]({target}) for more.\n", encoding="utf-8")


def strict_build(project: Path) -> tuple[int, str]:
    """Build `project` with --strict and return its exit code and its log."""
    result = mkdocs(project, "build", "--strict", "--site-dir", str(project / "site"))
    return result.returncode, result.stdout + result.stderr


def built_path(page: str) -> str:
    """Where MkDocs writes a page's HTML (directory URLs): `a/b.md` -> `a/b/index.html`."""
    stem = page.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem + ".html"
    return stem + "/index.html"


def another_page(project: Path, site: Path) -> str:
    """A built page other than PAGE, as its source path relative to `docs/` (skips if there is none)."""
    docs = project / "docs"
    sources = sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md"))
    pages = [page for page in sources if page != PAGE and (site / built_path(page)).is_file()]
    if not pages:
        pytest.skip("the site has a single page")
    return pages[0]


# The links planted in one copy of the site, all at once: a strict build prints every warning before it stops,
# so one build shows what each link does. The last is good and must not be reported.
MISSING_PAGES = ["no-such-page.md", "../outside-docs.md"]
MISSING_ANCHOR = "#no-such-section"


@pytest.fixture(scope="module")
def planted(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """One strict build of a copy with every bad link and one good link planted on PAGE: its targets, exit
    code and log."""
    project = copy_project(tmp_path_factory.mktemp("links") / "project")
    there = f"{another_page(project, built_site)}{MISSING_ANCHOR}"  # PAGE is at the top of docs/
    good = f"#{first_heading_id((built_site / 'index.html').read_text(encoding='utf-8'))}"
    for target in [*MISSING_PAGES, MISSING_ANCHOR, there, good]:
        add_link(project, PAGE, target)
    code, log = strict_build(project)
    return {"anchor there": there, "good": good, "code": code, "log": log}


def test_the_unchanged_site_builds_strictly(built_site: Path) -> None:
    """Assert the site as it is builds with --strict, so the failures below are the bad links' doing."""
    assert (built_site / "index.html").is_file()


@pytest.mark.parametrize("target", MISSING_PAGES)
def test_a_link_to_a_missing_page_fails_the_build(planted: dict[str, object], target: str) -> None:
    """Assert a link to a page that does not exist stops the strict build and the log quotes the link."""
    log = str(planted["log"])
    assert planted["code"] != 0, log
    assert re.search(rf"'{re.escape(target)}'.*not found", log), log


def test_a_broken_anchor_on_the_same_page_fails_the_build(planted: dict[str, object]) -> None:
    """Assert a link to a heading the page does not have stops the strict build and names the anchor."""
    log = str(planted["log"])
    assert planted["code"] != 0, log
    assert re.search(rf"'{MISSING_ANCHOR}'.*no such anchor", log), log


def test_a_broken_anchor_on_another_page_fails_the_build(planted: dict[str, object]) -> None:
    """Assert a link to an existing page but a missing heading of it stops the strict build."""
    log, target = str(planted["log"]), str(planted["anchor there"])
    assert planted["code"] != 0, log
    assert f"'{target}'" in log and f"does not contain an anchor '{MISSING_ANCHOR}'" in log, log


def test_a_good_link_and_anchor_are_not_reported(planted: dict[str, object]) -> None:
    """Assert the check is not simply failing every new link: a link to a real heading, planted beside the bad
    ones, draws no warning."""
    log, good = str(planted["log"]), str(planted["good"])
    assert f"'{good}'" not in log, log
    assert len(re.findall(rf"Doc file '{PAGE}' contains a link", log)) == 4, log


def first_heading_id(html: str) -> str:
    """The id of the first h1–h3 heading in the page's article that has one."""
    article = html[html.find("<article"):]
    match = re.search(r'<h[1-3][^>]*\bid="([^"]+)"', article)
    if match is None:
        pytest.skip("the home page has no heading with an id")
    return match.group(1)
