"""Reading settings: chosen once, applied on every page before the first paint, usable by keyboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from browser.conftest import wait_for_features

pytestmark = pytest.mark.browser

# A probe placed first in <body>: it runs before anything in the body can be painted, and records
# what the head script and the stylesheets have already decided by then.
PROBE = ("<script>window.firstPaint = {paper: document.documentElement.dataset.paper,"
         " tint: document.documentElement.dataset.tint, size: document.documentElement.dataset.textSize,"
         " background: getComputedStyle(document.body).backgroundColor};</script>")
TEXT_SIZE = "parseFloat(getComputedStyle(document.querySelector('.md-content .md-typeset')).fontSize)"


def inject_probe(route: Route) -> None:
    """Serve the page with the probe inserted right after the <body> tag."""
    response = route.fetch()
    html = response.text()
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
    assert first == {"paper": "cream", "tint": "blue", "size": "150", "background": cream_background}
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
