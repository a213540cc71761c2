"""Reading settings: chosen once, applied on every page before the first paint, usable by keyboard."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import pytest
from conftest import ROOT
from playwright.sync_api import Browser, Page, Route, expect

from browser.conftest import open_context, wait_for_features

pytestmark = pytest.mark.browser

# A probe placed first in <body>: it runs before anything in the body can be painted, and records
# what the head script and the stylesheets have already decided by then.
PROBE = ("<script>window.firstPaint = {paper: document.documentElement.dataset.paper,"
         " tint: document.documentElement.dataset.tint, size: document.documentElement.dataset.textSize,"
         " background: getComputedStyle(document.body).backgroundColor,"
         " classes: document.documentElement.className};</script>")
TEXT_SIZE = "parseFloat(getComputedStyle(document.querySelector('.md-content .md-typeset')).fontSize)"


def inject_probe(route: Route) -> None:
    """Serve the page with the probe inserted right after the <body> tag, and admitted by the page's Content
    Security Policy through its hash (the policy stays on for everything else)."""
    response = route.fetch()
    body = re.search(r"<script>(.*?)</script>", PROBE, re.DOTALL)[1]
    digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
    html = response.text().replace("script-src 'self'", f"script-src 'self' 'sha256-{digest}'", 1)
    start = html.index("<body")
    end = html.index(">", start) + 1
    route.fulfill(response=response, body=html[:end] + PROBE + html[end:])


def open_settings(page: Page) -> None:
    """Open the reading settings from the header button."""
    page.get_by_role("button", name="Reading settings").click()
    expect(page.get_by_role("dialog", name="Reading settings")).to_be_visible()


def test_settings_survive_instant_navigation_and_reload_and_apply_before_first_paint(
        page: Page, playground_url: str) -> None:
    """Assert cream + blue tint + 150 % text stay applied across instant navigation and a reload."""
    page.goto(playground_url)
    wait_for_features(page)
    open_settings(page)
    dialog = page.get_by_role("dialog", name="Reading settings")
    dialog.get_by_role("radio", name="Cream").check()
    dialog.get_by_role("radio", name="Blue").check()
    dialog.get_by_role("radio", name="150 %").check()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    html = page.locator("html")
    expect(html).to_have_attribute("data-paper", "cream")
    expect(html).to_have_attribute("data-tint", "blue")
    expect(html).to_have_attribute("data-text-size", "150")
    cream_background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert cream_background != "rgb(255, 255, 255)"
    text_size = page.evaluate(TEXT_SIZE)

    page.evaluate("window.sameDocument = true")
    page.get_by_role("link", name="home page").click()
    home = playground_url.replace("browser-playground/", "")
    page.wait_for_url(lambda url: url.split("#")[0] == home, wait_until="commit")
    expect(page.locator("h1")).to_contain_text("Attention by Hand")
    assert page.evaluate("window.sameDocument === true"), "expected Material's instant navigation"
    expect(html).to_have_attribute("data-paper", "cream")
    expect(html).to_have_attribute("data-tint", "blue")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == cream_background

    page.route("**/*.html", inject_probe)
    page.route(lambda url: url.endswith("/"), inject_probe)
    page.goto(playground_url)
    first = page.evaluate("window.firstPaint")
    classes = set(first.pop("classes").split())  # the marks Material's bundle would make later, made already
    assert first == {"paper": "cream", "tint": "blue", "size": "150", "background": cream_background}
    assert {"js", "js-focus-visible"} <= classes and "no-js" not in classes, classes
    assert page.evaluate(TEXT_SIZE) == text_size


def test_settings_follow_the_system_until_the_reader_chooses(page: Page, playground_url: str) -> None:
    """Assert dark, more contrast and reduced motion come from the system, and a choice overrides it."""
    page.emulate_media(color_scheme="dark", reduced_motion="reduce", contrast="more")
    page.goto(playground_url)
    wait_for_features(page)
    html = page.locator("html")
    expect(html).to_have_attribute("data-contrast", "more")
    expect(html).to_have_attribute("data-motion", "reduce")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    open_settings(page)
    dialog = page.get_by_role("dialog", name="Reading settings")
    expect(dialog.get_by_role("radio", name="Follow the system")).to_be_checked()
    dialog.get_by_role("radio", name="Normal").first.check()
    dialog.get_by_role("radio", name="Light").check()
    expect(html).to_have_attribute("data-contrast", "normal")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    page.reload()
    wait_for_features(page)
    expect(html).to_have_attribute("data-contrast", "normal")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    expect(html).to_have_attribute("data-motion", "reduce")


def test_settings_panel_works_with_the_keyboard(page: Page, playground_url: str) -> None:
    """Assert the panel opens with Enter, radios move with arrows, Escape closes and focus returns."""
    page.goto(playground_url)
    wait_for_features(page)
    button = page.get_by_role("button", name="Reading settings")
    button.focus()
    expect(button).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Reading settings")
    expect(dialog).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(dialog.get_by_role("radio", name="Follow the system")).to_be_focused()
    page.keyboard.press("Tab")  # to the paper group
    expect(dialog.get_by_role("radio", name="White")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(dialog.get_by_role("radio", name="Cream")).to_be_checked()
    expect(page.locator("html")).to_have_attribute("data-paper", "cream")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    expect(button).to_have_attribute("aria-expanded", "false")


SETTINGS_DATA = ROOT / "overrides" / "partials" / "reading-settings.json"


def test_the_panel_offers_what_the_one_settings_file_lists(page: Page, playground_url: str) -> None:
    """Assert the panel's groups and options are those of reading-settings.json, each applies its
    attribute, and neither the template nor the script keeps a copy of the values."""
    data = json.loads(SETTINGS_DATA.read_text("utf-8"))
    page.goto(playground_url)
    wait_for_features(page)
    open_settings(page)
    dialog = page.get_by_role("dialog", name="Reading settings")
    legends = dialog.locator("fieldset legend").all_inner_texts()
    assert legends == [data["settings"][name]["legend"] for name in data["order"]]
    for name in data["order"]:
        spec = data["settings"][name]
        group = dialog.locator("fieldset", has=page.locator("legend", has_text=spec["legend"]))
        assert group.locator("label").all_inner_texts() == [label for _, label in spec["options"]]
        if "attribute" in spec:
            value, label = spec["options"][-1]
            group.get_by_role("radio", name=label, exact=True).check()
            expect(page.locator("html")).to_have_attribute(spec["attribute"], value)
    copies = {path: text for path in [ROOT / "overrides" / "main.html", ROOT / "docs" / "javascripts" / "settings.js"]
              if re.search(r'"(cream|yellow|175)"', text := path.read_text("utf-8"))}
    assert not copies, f"settings values copied outside {SETTINGS_DATA.name}: {list(copies)}"


def test_on_a_phone_the_title_fits_and_close_stays_in_view(browser: Browser, site_url: str) -> None:
    """Assert at 375 x 667 the header shows the page title whole and the panel's Close button is on screen."""
    context = open_context(browser, [], viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    try:
        phone.goto(site_url + "lesson/")
        wait_for_features(phone)
        site_name = phone.locator(".md-header__topic:first-child .md-ellipsis")
        expect(site_name).to_have_text("Attention by Hand")
        assert site_name.evaluate("t => t.scrollWidth <= t.clientWidth"), "the site name is cut"
        phone.mouse.wheel(0, 400)
        title = phone.locator(".md-header__topic[data-md-component=header-topic] .md-ellipsis")
        expect(title).to_have_text("The bus is late")
        assert title.evaluate("t => t.scrollWidth <= t.clientWidth"), "the title is cut"
        open_settings(phone)
        close = phone.get_by_role("dialog", name="Reading settings").get_by_role("button", name="Close")
        expect(close).to_be_in_viewport(ratio=1)
        close.click()
        expect(phone.get_by_role("dialog", name="Reading settings")).to_be_hidden()
    finally:
        context.close()


# Switch the theme as the settings panel does (check one of the toggle's inputs and send "change"), then
# read a navigation link's colour on the next frame and once every transition would have ended.
SWITCH_AND_WATCH = """async (media) => {
    const link = document.querySelector(".md-nav--primary .md-nav__link");
    const before = getComputedStyle(link).color;
    const input = document.querySelector(`input[data-md-color-media="${media}"]`);
    input.checked = true;
    input.dispatchEvent(new Event("change"));
    await new Promise((done) => requestAnimationFrame(() => done()));
    const next = getComputedStyle(link).color;
    await new Promise((done) => setTimeout(done, 600));
    return {before, next, settled: getComputedStyle(link).color,
            switching: document.documentElement.hasAttribute("data-theme-switching")};
}"""


def test_a_theme_switch_shows_its_colours_at_once_and_a_page_load_restyles_nothing_for_it(
        page: Page, site_url: str) -> None:
    """Assert that switching to dark and back shows the new colours on the very next frame (no colour transition),
    that the site's switching attribute is gone afterwards, and that the stylesheets have no rule on Material's
    data-md-color-switching, which Material sets and removes on every page load (each time a restyle of the
    whole page)."""
    page.goto(site_url + "walkthrough/softmax/")
    wait_for_features(page)
    for media in ("(prefers-color-scheme: dark)", "(prefers-color-scheme: light)"):
        seen = page.evaluate(SWITCH_AND_WATCH, media)
        assert seen["before"] != seen["settled"], seen
        assert seen["next"] == seen["settled"], seen
        assert not seen["switching"]
    rules = page.evaluate("""() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
        .map((rule) => rule.cssText).filter((text) => text.includes("data-md-color-switching"))""")
    assert rules == []
