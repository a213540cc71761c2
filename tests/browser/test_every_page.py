"""Every page of the built site: nothing requested from another host, no axe-core violation in five
reading settings, no sideways scroll on a 375 px phone; and math rendered with the math font."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from browser.conftest import foreign, open_context, run_axe

pytestmark = pytest.mark.browser

SETTINGS = {  # name: (reading settings, Material's colour scheme)
    "default": ({}, "default"),
    "dark": ({}, "slate"),
    "cream-and-tint": ({"paper": "cream", "tint": "yellow"}, "default"),
    "more-contrast": ({"contrast": "more"}, "default"),
    "text-200": ({"size": "200"}, "default"),
}

# Switch a loaded page to one setting, as the settings panel does. Motion is reduced meanwhile, so
# that Material's colour transitions end at once and axe sees the colours a reader settles on; then
# wait two frames, so that what reacts to the change (scroll boxes at 200 % text) has run.
APPLY_SETTING = """async ([stored, scheme]) => {
    window.readerSettings.apply(Object.assign({}, stored, {motion: "reduce"}));
    document.body.setAttribute("data-md-color-scheme", scheme);
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


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


def test_every_page_has_no_axe_violation_in_five_settings(page: Page, built_site: Path, site_url: str) -> None:
    """Assert axe-core finds nothing on any page in any of the five reading settings.

    Each page is loaded once and switched through the settings in place, the way the settings panel
    switches them (test_settings.py checks that a reload gives the same result).
    """
    problems: dict[str, dict[str, list[str]]] = {}
    for path in site_pages(built_site):
        page.goto(site_url + path)
        for setting, (stored, scheme) in SETTINGS.items():
            page.evaluate(APPLY_SETTING, [stored, scheme])
            violations = run_axe(page)
            if violations:
                problems.setdefault(setting, {})[path] = describe(violations)
    assert not problems, json.dumps(problems, indent=1)


def test_no_page_scrolls_sideways_on_a_phone(browser: Browser, built_site: Path, site_url: str) -> None:
    """Assert no page is wider than a 375 px screen, at 100 % and 200 % text (wide tables and math
    scroll in their own box)."""
    requests: list[str] = []
    context = open_context(browser, requests, viewport={"width": 375, "height": 740}, is_mobile=True,
                           has_touch=True)
    page = context.new_page()
    too_wide = {}
    try:
        for path in site_pages(built_site):
            page.goto(site_url + path)
            for setting in ["default", "text-200"]:
                page.evaluate(APPLY_SETTING, [SETTINGS[setting][0], "default"])
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > 375:
                    too_wide[f"{path} ({setting})"] = width
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
