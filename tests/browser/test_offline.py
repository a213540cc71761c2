"""The copy of the site for reading from disk (`make offline`): opened from a folder, search finds pages and
nothing is fetched from anywhere else, the worker shim included."""

from __future__ import annotations

import re
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


def test_every_feature_works_from_disk(browser: Browser, offline_site: Path) -> None:
    """Assert that, opened from disk, the lesson's header has its settings and slides buttons, a fill-in box takes an
    answer and Check marks it right, the calculator is built and recomputes, the settings change the page, slide
    mode opens, and Material's own parts (the code blocks' tool bars, on the lesson's programs) are there: every
    script that waits for Material's document$ runs from file:// too."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto((offline_site / "lesson" / "index.html").as_uri())
    expect(tab.get_by_role("button", name="Reading settings")).to_be_visible()
    expect(tab.get_by_role("button", name="Present as slides")).to_be_visible()

    cell = tab.locator(".fill-in").first
    cell.scroll_into_view_if_needed()
    box = cell.locator("input")
    box.fill(cell.get_attribute("data-display") or "")
    cell.locator("xpath=ancestor::table/following::button[.='Check'][1]").click()
    expect(cell).to_have_class(re.compile(r"\bfill-in--right\b"))

    tab.locator(".attention-calculator").first.scroll_into_view_if_needed()
    output = tab.locator(".calculator__output").first
    expect(output).to_have_text("(7.88, 2.12)")
    tab.get_by_role("textbox", name="query of late, entry 1").fill("0")
    expect(output).not_to_have_text("(7.88, 2.12)")

    tab.get_by_role("button", name="Reading settings").click()
    tab.get_by_role("dialog", name="Reading settings").get_by_role("radio", name="175 %").check()
    expect(tab.locator("html")).to_have_attribute("data-text-size", re.compile(r"175"))
    tab.keyboard.press("Escape")
    tab.get_by_role("button", name="Present as slides").click()
    expect(tab.locator(".slide-position")).to_have_text(re.compile(r"^1 / \d+$"))
    tab.goto((offline_site / "lesson" / "code.html").as_uri())  # the lesson's programs (file URLs: no folders)
    expect(tab.locator(".md-code__nav").first).to_be_attached()  # Material mounts its parts through document$ too
    context.close()
    assert errors == []


def test_the_lesson_follows_changed_numbers_from_disk(browser: Browser, offline_site: Path) -> None:
    """Assert that, opened from disk, Change the numbers opens the lesson's fields from the data the page holds (a
    page read from disk cannot fetch a live.json, and none is written) and a changed key recomputes the page."""
    assert not (offline_site / "lesson" / "live.json").exists()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto((offline_site / "lesson" / "index.html").as_uri())
    tab.get_by_role("button", name="Change the numbers").click()
    field = tab.get_by_label("key of is, entry 1")
    field.fill("3")
    field.press("Enter")
    expect(tab.locator(".attn-live-panel__status")).to_contain_text("checked sentences no longer hold")
    expect(tab.locator("mark.attn-live-stale").first).to_contain_text("with these inputs it is is")
    context.close()
    assert errors == []
