"""Every page of the built site: nothing requested from another host, no axe-core violation in five
reading settings, no sideways scroll on a 375 px phone; and math rendered with the math font."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from attention_site.directives.entries import reference_pages
from browser.conftest import Tab, foreign, open_context, run_axe, wait_for_features

pytestmark = pytest.mark.browser
DOCS = Path(__file__).resolve().parents[2] / "docs"

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
                   if path.relative_to(site).parts[0] not in {"assets", "downloads"})  # downloads: files, not pages
    return [page.removesuffix("index.html") for page in pages]


def page_file(site: Path, path: str) -> Path:
    """The HTML file behind a page path from `site_pages`."""
    return site / path if path.endswith(".html") else site / path / "index.html"


# The axe rules whose outcome a reading setting can change. A setting changes colours and the size of text, never
# the page's elements, their roles or names: every other rule gives the same answer in every setting, so it runs
# once, in the default one.
RULES_A_SETTING_CAN_CHANGE = ["color-contrast", "link-in-text-block", "scrollable-region-focusable"]


def describe(violations: list[dict]) -> list[str]:
    """One line per axe violation: rule, impact and the first few offending elements."""
    return [f"{v['id']} ({v['impact']}): " + "; ".join(" ".join(node["target"]) for node in v["nodes"][:4])
            for v in violations]


def page_paths() -> list[str]:
    """Every page's path on the site, from the Markdown in docs/ and the pages the build makes from the examples'
    keys (both known before the site is built)."""
    paths = []
    sources = [source.relative_to(DOCS).as_posix() for source in DOCS.rglob("*.md")]
    for source in sorted([*sources, *reference_pages()]):
        relative = source.removesuffix(".md")
        paths.append("" if relative == "index" else relative.removesuffix("index") if relative.endswith("index")
                     else relative + "/")
    return [*paths, "404.html"]


def test_the_walks_cover_every_built_page(built_site: Path) -> None:
    """Assert the pages the per-page tests walk (known from docs/ before the build) are every page the build wrote."""
    assert sorted(page_paths()) == sorted(site_pages(built_site))


@pytest.fixture(scope="module")
def axe_page(browser: Browser) -> Iterator[Page]:
    """A page for axe-core. Its context lets the test tool itself be injected past the site's Content Security
    Policy (test_the_content_security_policy_is_enforced shows the policy holds for everything else)."""
    requests: list[str] = []
    context = open_context(browser, requests, viewport={"width": 1280, "height": 800}, bypass_csp=True)
    yield context.new_page()
    context.close()
    assert [url for url in requests if foreign(url)] == []


@pytest.mark.parametrize("path", page_paths())
def test_no_axe_violation_in_five_settings(axe_page: Page, built_site: Path, site_url: str, path: str) -> None:
    """Assert axe-core finds nothing on the page in any of the five reading settings: every rule in the default
    setting, and in the four others the rules about colour, contrast and scrolling, which a setting can change.

    The page is loaded once and switched through the settings in place, the way the settings panel
    switches them (test_settings.py checks that a reload gives the same result).
    """
    assert page_file(built_site, path).is_file(), path
    axe_page.goto(site_url + path)
    problems: dict[str, list[str]] = {}
    for setting, (stored, scheme) in SETTINGS.items():
        axe_page.evaluate(APPLY_SETTING, [stored, scheme])
        violations = run_axe(axe_page, None if setting == "default" else RULES_A_SETTING_CAN_CHANGE)
        if violations:
            problems[setting] = describe(violations)
    assert not problems, json.dumps(problems, indent=1)


def test_axe_names_the_elements_of_a_planted_violation(axe_page: Page, site_url: str) -> None:
    """Assert the walk's axe run finds a violation planted in a page, in the default setting and with only the rules
    a setting can change, and names the offending element (found first without names, then named)."""
    axe_page.goto(site_url + "walkthrough/softmax/")
    axe_page.evaluate("""() => {
        const faint = document.createElement("p");
        faint.id = "planted-faint";
        faint.textContent = "Grey on white, too faint to read.";
        faint.style.color = "#d0d0d0";
        document.querySelector(".md-content__inner").prepend(faint);
    }""")
    for rules in (None, RULES_A_SETTING_CAN_CHANGE):
        assert [line for line in describe(run_axe(axe_page, rules)) if line.startswith("color-contrast")] == [
            "color-contrast (serious): #planted-faint"], rules


def test_the_content_security_policy_is_enforced(page: Page, site_url: str) -> None:
    """Assert a script that is not the site's own cannot run on a page, while the page's own scripts do."""
    page.goto(site_url + "lesson/")
    wait_for_features(page)
    with pytest.raises(Exception, match="Content Security Policy"):
        page.add_script_tag(content="window.injected = true;")
    assert page.evaluate("window.injected === undefined")


# Every box of the content that scrolls (either way) and that no keyboard can reach: neither focusable itself nor
# holding anything focusable. axe-core's rule scrollable-region-focusable, which the axe walk runs at 1280 px, asks
# the same; checked directly here, in 20 ms a page, where injecting axe into every page doubled this walk's time.
SCROLL_BOXES_OUT_OF_KEYBOARD_REACH = """() => [...document.querySelectorAll('.md-content *')].filter(box => {
    const style = getComputedStyle(box);
    const scrolls = (/auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1)
        || (/auto|scroll/.test(style.overflowY) && box.scrollHeight > box.clientHeight + 1);
    return scrolls && box.tabIndex < 0
        && !box.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
}).map(box => [box, box.parentElement].map(node => node.tagName.toLowerCase() + (node.id ? '#' + node.id : ''))
    .join(' in '))"""


@pytest.mark.parametrize("path", page_paths())
def test_on_a_phone_no_page_scrolls_sideways_and_every_scroll_box_takes_the_keyboard(
        tabs: Callable[..., Tab], built_site: Path, site_url: str, path: str) -> None:
    """Assert the page is no wider than a 375 px screen, at 100 % and 200 % text (wide tables, math and code scroll
    in their own box), and every box that scrolls there can be reached from a keyboard (Material makes a wide code
    block focusable only on a screen with hover; the walk at 1280 px cannot see a box that scrolls only on a
    phone)."""
    assert page_file(built_site, path).is_file(), path
    phone = tabs(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    phone.page.goto(site_url + path)
    problems = {}
    for setting in ["default", "text-200"]:
        phone.page.evaluate(APPLY_SETTING, [SETTINGS[setting][0], "default"])
        width = phone.page.evaluate("document.documentElement.scrollWidth")
        if width > 375:
            problems[f"{setting}: page width"] = width
        if boxes := phone.page.evaluate(SCROLL_BOXES_OUT_OF_KEYBOARD_REACH):
            problems[f"{setting}: boxes that scroll out of a keyboard's reach"] = boxes
    assert not problems, json.dumps(problems, indent=1)
    assert not [url for url in phone.requests if foreign(url)]


def test_math_renders_with_the_math_font(page: Page, built_site: Path, site_url: str) -> None:
    """Assert a MathML formula has a size on screen and the site's math font has loaded."""
    with_math = [path for path in site_pages(built_site)
                 if "<math" in page_file(built_site, path).read_text("utf-8", errors="replace")]
    assert with_math, "no page has MathML"
    page.goto(site_url + with_math[0])
    box = page.locator("math >> visible=true").first.bounding_box()  # not one inside a closed answer or option
    assert box and box["width"] > 0 and box["height"] > 0
    families = page.evaluate("""async () => {
        await document.fonts.ready;
        return [...document.fonts].filter(font => font.status === "loaded").map(font => font.family);
    }""")
    assert any("math" in family.lower() for family in families), families
