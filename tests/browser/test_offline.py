"""The copy of the site for reading from disk (`make offline`): opened from a folder, search finds pages and
nothing is fetched from anywhere else, the worker shim included."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT, copy_project, mkdocs
from playwright.sync_api import Browser, expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]
FROM_DISK = {"file", "data", "blob", "about"}


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built with the offline plugin on, as `make offline` builds it."""
    project = copy_project(tmp_path_factory.mktemp("offline") / "project")
    (project / "node_modules").symlink_to(ROOT / "node_modules")  # the worker shim comes from npm's iframe-worker
    done = mkdocs(project, "build", "--strict", "--site-dir", str(project / "site-offline"), env={"OFFLINE": "true"})
    assert done.returncode == 0, done.stderr
    return project / "site-offline"


def test_search_works_from_disk_without_leaving_it(browser: Browser, offline_site: Path) -> None:
    """Assert opening index.html from disk, pressing s and typing 'softmax' lists results, with no request out."""
    requests: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.on("request", lambda request: requests.append(request.url))
    tab = context.new_page()
    tab.goto((offline_site / "index.html").as_uri())
    tab.keyboard.press("s")
    tab.keyboard.type("softmax")
    expect(tab.locator(".md-search-result__item").first).to_be_visible(timeout=15_000)
    assert tab.locator(".md-search-result__item").count() >= 3
    context.close()
    assert [url for url in requests if url.split(":", 1)[0] not in FROM_DISK] == []
    assert any(url.endswith("iframe-worker-shim.js") for url in requests)
