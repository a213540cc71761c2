"""The "Change the numbers" button moves no text: reader.js adds it under a live page's title after the page is first
painted, and in the flow it pushed the whole page down by 59 px as it arrived, a layout shift that Lighthouse counted
against the home page at desktop size (0.18: score 90) and the PyTorch page on a phone (0.20: score 87) on
2026-12-05. The build marks a live page's title (`h1.attn-live-title`, live.py), and reader.css keeps the button's
room under it from the first paint. (A `:has(.attn-live)` rule over the article did the same but made Chromium's
start-up slower: Lighthouse's total blocking time on the engineer's path 250-470 ms against 90-140 ms.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1350, "height": 940}, "phone": {"width": 375, "height": 800}}

# The top of the first element under the title that is not the button, and whether the button is there.
UNDER_TITLE = """(size) => {
    document.documentElement.setAttribute("data-text-size", size);
    const title = document.querySelector(".md-content h1");
    let next = title.nextElementSibling;
    if (next.matches(".attn-live-toggle")) next = next.nextElementSibling;
    return {top: next.getBoundingClientRect().top - title.getBoundingClientRect().bottom,
            button: title.parentNode.querySelector(".attn-live-toggle") !== null};
}"""


def under_title(browser: Browser, url: str, viewport: dict[str, int], size: str, scripts: bool) -> dict[str, object]:
    """Where the text under the page's title starts, with reader.js run (`scripts`) or refused, as it is painted
    before reader.js has run."""
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    try:
        tab = context.new_page()
        if not scripts:
            tab.route("**/javascripts/reader.js", lambda route: route.abort())
        tab.goto(url, wait_until="networkidle")
        if scripts:
            tab.wait_for_selector(".attn-live-toggle", state="attached")
        return tab.evaluate(UNDER_TITLE, size)
    finally:
        context.close()


@pytest.mark.parametrize("size", ["100", "200"])
@pytest.mark.parametrize(("path", "screen"), [("", "desktop"), ("lesson/", "phone")])
def test_the_live_button_moves_no_text_under_the_title(browser: Browser, site_url: str, path: str, screen: str,
                                                        size: str) -> None:
    """Assert the text under a live page's title starts as far under it before reader.js adds "Change the
    numbers" as after, at desktop and phone size, with the reader's text at 100 % and 200 %."""
    before = under_title(browser, site_url + path, SIZES[screen], size, scripts=False)
    after = under_title(browser, site_url + path, SIZES[screen], size, scripts=True)
    assert before["button"] is False and after["button"] is True
    assert after["top"] == pytest.approx(before["top"], abs=0.5), (
        f"/{path} at {screen} size, text {size} %: the text under the title moved by "
        f"{after['top'] - before['top']:.2f} px when the button came")
