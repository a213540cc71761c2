"""Links and anchors: the strict build refuses a broken one (issue 6, reliability 4).

Each test adds one bad link to a temporary copy of the project and checks that `mkdocs build --strict` stops
and names it. The unchanged site building cleanly is proven by the `built_site` fixture, so a failure here is
the bad link's doing and nothing else's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import mkdocs

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


@pytest.mark.slow
def test_the_unchanged_site_builds_strictly(built_site: Path) -> None:
    """Assert the site as it is builds with --strict, so the failures below are the bad links' doing."""
    assert (built_site / "index.html").is_file()


@pytest.mark.slow
@pytest.mark.parametrize("target", ["no-such-page.md", "../outside-docs.md"])
def test_a_link_to_a_missing_page_fails_the_build(built_site: Path, project_copy: Path, target: str) -> None:
    """Assert a link to a page that does not exist stops the strict build and the log quotes the link."""
    add_link(project_copy, PAGE, target)
    code, log = strict_build(project_copy)
    assert code != 0, log
    assert f"'{target}'" in log and "not found" in log, log


@pytest.mark.slow
def test_a_broken_anchor_on_the_same_page_fails_the_build(built_site: Path, project_copy: Path) -> None:
    """Assert a link to a heading the page does not have stops the strict build and names the anchor."""
    add_link(project_copy, PAGE, "#no-such-section")
    code, log = strict_build(project_copy)
    assert code != 0, log
    assert "'#no-such-section'" in log and "no such anchor" in log, log


@pytest.mark.slow
def test_a_broken_anchor_on_another_page_fails_the_build(built_site: Path, project_copy: Path) -> None:
    """Assert a link to an existing page but a missing heading of it stops the strict build."""
    other = another_page(project_copy, built_site)
    target = f"{other}#no-such-section"  # PAGE is at the top of docs/
    add_link(project_copy, PAGE, target)
    code, log = strict_build(project_copy)
    assert code != 0, log
    assert f"'{target}'" in log and "does not contain an anchor '#no-such-section'" in log, log


@pytest.mark.slow
def test_a_good_link_and_anchor_still_build(built_site: Path, project_copy: Path) -> None:
    """Assert the check is not simply failing every new link: a link to a real heading builds cleanly."""
    html = (built_site / "index.html").read_text(encoding="utf-8")
    anchor = first_heading_id(html)
    add_link(project_copy, PAGE, f"#{anchor}")
    code, log = strict_build(project_copy)
    assert code == 0, log


def first_heading_id(html: str) -> str:
    """The id of the first h1–h3 heading in the page's article that has one."""
    article = html[html.find("<article"):]
    match = re.search(r'<h[1-3][^>]*\bid="([^"]+)"', article)
    if match is None:
        pytest.skip("the home page has no heading with an id")
    return match.group(1)
