"""The trimmed stylesheets change nothing a reader sees: on representative pages, in the light and the dark
scheme, and with the search open on its results, every element's computed style (and its ::before, ::after,
::marker and ::placeholder where they exist) is the same with Material's original stylesheets."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

# The home page, the lesson (calculator, fill-in cells, figures), a chapter, a page with tabs, closed and open
# answer blocks and footnotes, the reference, the 404 page.
PAGES = ("", "lesson/", "walkthrough/softmax/", "beyond/rotary-and-alibi/", "reference/directives/", "404.html")
SCHEMES = ("default", "slate")
QUERY = "softmax"

# The properties compared: every property (longhands of shorthands) that Material's original stylesheets or the
# site's own declare anywhere, read by the browser itself. Only these can differ when a rule of Material's is
# missing (inherited ones and sizes among them). Custom properties are compared through the properties that use
# them (Material's icons are custom properties holding whole SVG images: reading them on every element of a long
# page took ten seconds), and the browser's other 400 or so properties cannot change.
PROPERTIES = """async (originals) => {
    const names = new Set();
    const walk = (rules) => {
        for (const rule of rules) {
            if (rule.style) for (let i = 0; i < rule.style.length; i++) {
                if (!rule.style[i].startsWith("--")) names.add(rule.style[i]);
            }
            if (rule.cssRules) walk(rule.cssRules);
        }
    };
    const folder = new URL("assets/stylesheets/", document.querySelector('link[href*=".trimmed."]').href);
    for (const name of Object.values(originals)) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(await (await fetch(new URL(name, folder))).text());
        walk(sheet.cssRules);
    }
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    window.stylesProperties = [...names].sort();
    return window.stylesProperties.length;
}"""

# Every element's computed style as one string per element and pseudo-element, kept in the page (the head's
# elements draw nothing, and its links are what the test swaps). A pseudo-element that draws nothing (content
# none or normal) is recorded by its content alone.
SNAPSHOT = """() => {
    // Lay the whole page out afresh first: Chromium may report an `auto` margin as 0px on an element whose layout
    // it reused since the first load (the page's main column with tabs in it did), though it is drawn in place.
    const root = document.documentElement;
    root.style.display = "none";
    void root.offsetHeight;
    root.style.removeProperty("display");
    void root.offsetHeight;
    const properties = window.stylesProperties;
    const styles = [];
    const text = (style) => properties.map(
        (property) => property + "\\u0001" + style.getPropertyValue(property)).join("\\u0002");
    for (const element of [document.documentElement, document.body, ...document.body.querySelectorAll("*")]) {
        const pseudos = ["::before", "::after"];
        if (element.localName === "li" || element.localName === "summary") pseudos.push("::marker");
        if (element.localName === "input") pseudos.push("::placeholder");
        styles.push([element, "", text(getComputedStyle(element))]);
        for (const pseudo of pseudos) {
            const style = getComputedStyle(element, pseudo);
            const drawn = pseudo !== "::before" && pseudo !== "::after"
                || !["none", "normal"].includes(style.getPropertyValue("content"));
            styles.push([element, pseudo, drawn ? text(style) : "content\\u0001" + style.getPropertyValue("content")]);
        }
    }
    return styles;
}"""

# Record the styles now; later compare with them and describe the first differences.
RECORD = f"() => {{ window.stylesBefore = ({SNAPSHOT})(); return window.stylesBefore.length; }}"
COMPARE = f"""() => {{
    const after = ({SNAPSHOT})();
    const before = window.stylesBefore;
    if (after.length !== before.length) return [`${{before.length}} styles before, ${{after.length}} after`];
    const differences = [];
    for (let i = 0; i < after.length && differences.length < 10; i++) {{
        if (after[i][0] !== before[i][0]) return ["the page's elements changed meanwhile"];
        if (after[i][2] === before[i][2]) continue;
        const split = (text) => Object.fromEntries(
            text.split("\\u0002").filter(Boolean).map((declaration) => declaration.split("\\u0001")));
        const [was, now] = [split(before[i][2]), split(after[i][2])];
        const element = after[i][0];
        const name = element.localName + (element.id ? "#" + element.id : "")
            + (element.getAttribute("class") ? "." + element.getAttribute("class").trim().split(/\\s+/).join(".") : "");
        for (const property of new Set([...Object.keys(was), ...Object.keys(now)])) {{
            if (was[property] !== now[property])
                differences.push(`${{name}}${{after[i][1]}} ${{property}}: ${{was[property]}} -> ${{now[property]}}`);
        }}
    }}
    return differences;
}}"""

# Put Material's original stylesheets where the trimmed ones are linked: each original is added right after
# its trimmed copy and, once loaded, the copy is removed, so the cascade's order stays and nothing is unstyled
# meanwhile. Then wait two frames.
SWAP = """async (originals) => {
    const links = [...document.querySelectorAll('link[rel="stylesheet"]')].filter(
        (link) => link.getAttribute("href").includes(".trimmed."));
    if (links.length !== 2) throw new Error(`${links.length} trimmed stylesheets linked, not 2`);
    await Promise.all(links.map((link) => new Promise((loaded, failed) => {
        const kind = link.getAttribute("href").split("/").pop().split(".")[0];
        const original = document.createElement("link");
        original.rel = "stylesheet";
        original.href = link.href.replace(/[^/]+$/, originals[kind]);
        original.onload = () => { link.remove(); loaded(); };
        original.onerror = () => failed(new Error("could not load " + original.href));
        link.after(original);
    })));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""

# Put the page in a colour scheme and wait until it settles: fonts loaded, animations ended, and the heat maps'
# numbers recoloured for the new scheme (reader.js does it 300 ms after a change of scheme).
SETTLE = """async (scheme) => {
    if (document.body.getAttribute("data-md-color-scheme") !== scheme) {
        document.body.setAttribute("data-md-color-scheme", scheme);
        await new Promise((done) => setTimeout(done, 400));
    }
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const finite = document.getAnimations().filter((animation) => animation.effect
        && animation.effect.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => {})));
}"""


def original_names(site: Path) -> dict[str, str]:
    """Material's own stylesheets' file names in the built site, by kind (main, palette)."""
    names = {path.name.split(".")[0]: path.name for path in sorted((site / "assets/stylesheets").glob("*.min.css"))
             if ".trimmed." not in path.name}
    assert sorted(names) == ["main", "palette"], names
    return names


def differences_with_the_originals(page: Page, originals: dict[str, str]) -> list[str]:
    """Record every computed style, put the original stylesheets in, and return what differs."""
    assert page.evaluate(PROPERTIES, originals) > 150
    assert page.evaluate(RECORD) > 100
    page.evaluate(SWAP, originals)
    return page.evaluate(COMPARE)


def opened(page: Page, url: str, scheme: str) -> None:
    """Open a page with motion reduced, in a colour scheme, settled; check it links the trimmed stylesheets."""
    page.emulate_media(reduced_motion="reduce")
    page.goto(url, wait_until="networkidle")
    page.evaluate(SETTLE, scheme)
    assert page.locator('link[href*=".trimmed."]').count() == 2


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("path", PAGES)
def test_every_computed_style_is_the_same_with_materials_original_stylesheets(
        page: Page, site_url: str, built_site: Path, path: str, scheme: str) -> None:
    """Assert the page computes the very same style for every element with the trimmed stylesheets as with
    Material's, in the light and the dark scheme."""
    opened(page, site_url + path, scheme)
    assert differences_with_the_originals(page, original_names(built_site)) == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_search_and_its_results_look_the_same_with_materials_original_stylesheets(
        page: Page, site_url: str, built_site: Path, scheme: str) -> None:
    """Assert that with the search open on its results (built by Material's script from class names in its code),
    every element computes the same style with the trimmed stylesheets as with Material's. The search is the same
    on every page, so one page shows it."""
    opened(page, site_url + "walkthrough/softmax/", scheme)
    page.keyboard.press("s")
    page.keyboard.type(QUERY)
    page.locator(".md-search-result__item").first.wait_for()
    page.evaluate(SETTLE, scheme)
    assert page.locator(".md-search-result__item").count() > 1
    assert page.locator(".md-search-result mark").count() > 1
    assert differences_with_the_originals(page, original_names(built_site)) == []


def test_a_phone_sees_the_same_styles_with_the_navigation_drawer_open(
        browser: Browser, site_url: str, built_site: Path) -> None:
    """Assert that on a phone-sized screen, with Material's navigation drawer open, every element computes the same
    style with the trimmed stylesheets as with Material's (its rules for small screens sit in their own @media)."""
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        opened(page, site_url + "lesson/", "default")
        page.locator(".md-header label[for=__drawer]").click()
        page.evaluate(SETTLE, "default")
        assert page.locator("#__drawer").is_checked()
        assert differences_with_the_originals(page, original_names(built_site)) == []
    finally:
        context.close()
