"""The second engine: Zensical builds the same pages with the same text, the same errors and a fresh preview.

Material for MkDocs reaches end of life on 5 May 2027; Zensical is its successor. It runs Markdown extensions
but not MkDocs hooks, so it builds through `scripts/zensical.py` and `attention_site.extension`.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import change_ball_key, copy_project, project_env
from servers import Served, fetch, free_port, wait_for

pytestmark = pytest.mark.slow

RE_ARTICLE = re.compile(r"<article[^>]*>(.*?)</article>", re.DOTALL)
RE_TAG = re.compile(r"<[^>]+>")
PAGE = "walkthrough/weighted-sum/"


def zensical(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run `scripts/zensical.py ARGS` in a project copy, with the copy's own packages."""
    return subprocess.run([sys.executable, "scripts/zensical.py", *args], cwd=project, env=project_env(project),
                          capture_output=True, text=True, timeout=600)


def main_text(page: Path) -> list[str]:
    """The words a reader reads in a page's article: tags dropped, entities decoded, spaces collapsed."""
    article = RE_ARTICLE.search(page.read_text(encoding="utf-8"))
    assert article, page
    return html.unescape(RE_TAG.sub(" ", article[1])).split()


@pytest.fixture(scope="module")
def both_builds(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The same sources built by MkDocs (strict: the session's site) and by Zensical."""
    project = copy_project(tmp_path_factory.mktemp("engines") / "project")
    built = zensical(project, "build", str(project / "site-zensical"))
    assert built.returncode == 0, built.stdout + built.stderr
    return built_site, project / "site-zensical"


def test_both_engines_give_every_page_the_same_text(both_builds: tuple[Path, Path]) -> None:
    """Assert every page's main text is word for word the same in the MkDocs and the Zensical build."""
    first, second = both_builds
    pages = sorted(path.relative_to(first) for path in first.rglob("index.html"))
    assert len(pages) >= 29
    for page in pages:
        assert main_text(second / page) == main_text(first / page), page


def test_zensical_pages_have_numbers_and_mathml_and_no_directive(both_builds: tuple[Path, Path]) -> None:
    """Assert the Zensical pages hold the computed numbers, MathML, the workbooks, and no directive or raw TeX."""
    _, site = both_builds
    lesson = (site / "lesson/index.html").read_text(encoding="utf-8")
    assert "<math" in lesson and "\\(" not in lesson and "attn:" not in lesson.replace("&lt;!-- attn:", "")
    assert "(1/2, 5/4)" in (site / PAGE / "index.html").read_text(encoding="utf-8")
    assert (site / "downloads/red-ball-rolls.xlsx").stat().st_size > 5_000


def test_a_typo_stops_zensical_with_the_page_and_line(tmp_path: Path) -> None:
    """Assert a wrong directive fails the Zensical build with the file and line, and no traceback."""
    project = copy_project(tmp_path / "project")
    page = project / "docs/walkthrough/why-attention.md"
    page.write_text(page.read_text() + "\nRolls: <!-- attn:value red-ball-rolls outptu row=rolls -->\n")
    line = page.read_text().count("\n")
    done = zensical(project, "build")
    assert done.returncode == 1
    assert f"ERROR   -  docs/walkthrough/why-attention.md:{line}: unknown value 'outptu'" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_directive_left_in_a_page_stops_zensical(tmp_path: Path) -> None:
    """Assert a directive that a fence hid from the engine but not from Markdown fails the Zensical build."""
    project = copy_project(tmp_path / "project")
    page = project / "docs/walkthrough/why-attention.md"
    hidden = "\n    ```\n    code\n\nRolls: <!-- attn:value red-ball-rolls output row=rolls -->\n\n```\nz\n```\n"
    page.write_text(page.read_text() + hidden)
    done = zensical(project, "build")
    assert done.returncode == 1
    assert "docs/walkthrough/why-attention.md:" in done.stderr and "was left unexpanded" in done.stderr


@pytest.fixture
def zensical_server(tmp_path: Path) -> Iterator[Served]:
    """`scripts/zensical.py serve` running on a free port in a project copy."""
    project = copy_project(tmp_path / "project")
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("w") as sink:
        process = subprocess.Popen([sys.executable, "scripts/zensical.py", "serve", str(port)], cwd=project,
                                   env=project_env(project), stdout=sink, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/attention-by-hand/"
    try:
        wait_for(lambda: "(1/2, 5/4)" in fetch(base + PAGE), "Zensical serving the first build")
        yield Served(base, project, log, process)
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_zensical_preview_shows_a_changed_example_and_stops_whole(zensical_server: Served) -> None:
    """Assert changing ball's key under `scripts/zensical.py serve` restarts Zensical and serves the new numbers;
    and that stopping the script as a process manager does (SIGTERM) stops Zensical too, freeing the port."""
    change_ball_key(zensical_server.project)
    wait_for(lambda: "(2/5, 7/5)" in fetch(zensical_server.base + PAGE), "the preview showing (2/5, 7/5)")
    assert "restarting Zensical" in zensical_server.log.read_text()
    zensical_server.process.terminate()
    zensical_server.process.wait(timeout=30)
    assert fetch(zensical_server.base + PAGE) == "", "Zensical outlived the preview script"


def test_a_typo_under_the_zensical_preview_shows_on_its_page_and_the_preview_keeps_serving(
        zensical_server: Served) -> None:
    """Assert a wrong directive saved under `scripts/zensical.py serve` is printed once with its page and line and
    no traceback, that the page shows the message in the browser, and that the preview serves on and recovers."""
    page = zensical_server.project / "docs" / PAGE.rstrip("/")
    page = page.with_suffix(".md")
    good = page.read_text(encoding="utf-8")
    page.write_text(good + "\nRolls: <!-- attn:value red-ball-rolls outptu row=rolls -->\n", encoding="utf-8")
    line = page.read_text(encoding="utf-8").count("\n")
    message = f"docs/{PAGE.rstrip('/')}.md:{line}: unknown value 'outptu'"
    wait_for(lambda: "This page does not build" in fetch(zensical_server.base + PAGE), "the page showing its error")
    assert message in html.unescape(fetch(zensical_server.base + PAGE))
    log = zensical_server.log.read_text()
    assert log.count(f"ERROR   -  {message}") == 1 and "Traceback" not in log
    assert zensical_server.process.poll() is None, "the preview stopped at a page typo"
    page.write_text(good, encoding="utf-8")
    wait_for(lambda: "(1/2, 5/4)" in fetch(zensical_server.base + PAGE), "the page built again once fixed")
