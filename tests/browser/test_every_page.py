"""Every page of the built site: nothing requested from another host, no axe-core violation in five
reading settings, no sideways scroll on a 375 px phone; and math rendered with the math font."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from browser.conftest import foreign, open_context, run_axe

pytestmark = pytest.mark.browser

SETTINGS = {  # name: (stored reading settings, emulated colour scheme)
    "default": ({}, "light"),
    "dark": ({}, "dark"),
    "cream-and-tint": ({"paper": "cream", "tint": "yellow"}, "light"),
    "more-contrast": ({"contrast": "more"}, "light"),
    "text-200": ({"size": "200"}, "light"),
}


def site_pages(site: Path) -> list[str]:
    """Every HTML page of the built site, as a path relative to its root."""
    pages = sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html")
                   if path.relative_to(site).parts[0] != "assets")
    return [page.removesuffix("index.html") for page in pages]


def page_file(site: Path, path: str) -> Path:
    """The HTML file behind a page path from `site_pages`."""
    return site / path if path.endswith(".html") else site / path / "index.html"


def describe(violations: list[dict]) -> list[str]:
    """One line per axe violation: rule, impact and the first few offending elements."""
    return [f"{v['id']} ({v['impact']}): " + "; ".join(" ".join(node["target"]) for node in v["nodes"][:4])
            for v in violations]


@pytest.mark.parametrize("setting", SETTINGS)
def test_every_page_has_no_axe_violation(browser: Browser, built_site: Path, site_url: str, setting: str) -> None:
    """Assert axe-core finds nothing on any page in this reading setting, and no request leaves."""
    stored, scheme = SETTINGS[setting]
    requests: list[str] = []
    context = open_context(browser, requests, viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    page.goto(site_url)
    page.evaluate("s => localStorage.setItem(window.readerSettings.key, s)", json.dumps(stored))
    problems: dict[str, list[str]] = {}
    try:
        for path in site_pages(built_site):
            page.goto(site_url + path)
            assert page.get_attribute("html", "data-text-size") == stored.get("size", "100")
            violations = run_axe(page)
            if violations:
                problems[path] = describe(violations)
    finally:
        context.close()
    assert not problems, json.dumps(problems, indent=1)
    assert not [url for url in requests if foreign(url)]


def test_no_page_scrolls_sideways_on_a_phone(browser: Browser, built_site: Path, site_url: str) -> None:
    """Assert no page is wider than a 375 px screen (wide tables and math scroll in their own box)."""
    requests: list[str] = []
    context = open_context(browser, requests, viewport={"width": 375, "height": 740}, is_mobile=True,
                           has_touch=True)
    page = context.new_page()
    too_wide = {}
    try:
        for path in site_pages(built_site):
            page.goto(site_url + path)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 375:
                too_wide[path] = width
    finally:
        context.close()
    assert not too_wide, too_wide
    assert not [url for url in requests if foreign(url)]


def test_math_renders_with_the_math_font(page: Page, built_site: Path, site_url: str) -> None:
    """Assert a MathML formula has a size on screen and the site's math font has loaded."""
    with_math = [path for path in site_pages(built_site)
                 if "<math" in page_file(built_site, path).read_text("utf-8", errors="replace")]
    assert with_math, "no page has MathML"
    page.goto(site_url + with_math[0])
    box = page.locator("math").first.bounding_box()
    assert box and box["width"] > 0 and box["height"] > 0
    families = page.evaluate("""async () => {
        await document.fonts.ready;
        return [...document.fonts].filter(font => font.status === "loaded").map(font => font.family);
    }""")
    assert any("math" in family.lower() for family in families), families
