"""Long names in code (directives, options, page paths, file names) wrap only at their punctuation, never inside a
word, and no page scrolls sideways, on a 375 px phone and a 1280 px screen."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from attention_site.directives.entries import REFERENCE_PAGES, example_keys
from browser.conftest import Tab, wait_for_features

pytestmark = pytest.mark.browser

PAGES = ["reference/directives/", *(f"{REFERENCE_PAGES}/{key}/" for key in example_keys()), "reference/performance/"]
WIDTHS = [375, 1280]

# Every inline code whose text a line break cuts between two letters or digits, as the lines it is drawn on: each
# character's box is measured, and a character whose box starts lower than the one before it starts a new line.
NAMES_BROKEN_IN_A_WORD = r"""() => {
    const broken = [];
    for (const code of document.querySelectorAll(".md-content code:not(pre code)")) {
        const lines = [""];
        let top = null;
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            const range = document.createRange();
            for (let i = 0; i < text.data.length; i++) {
                range.setStart(text, i);
                range.setEnd(text, i + 1);
                const box = range.getClientRects()[0];
                if (!box) continue;
                if (top !== null && box.top > top + 3) lines.push("");
                top = box.top;
                lines[lines.length - 1] += text.data[i];
            }
        }
        const cut = lines.slice(1).some((line, i) => /[\p{L}\p{N}]$/u.test(lines[i]) && /^[\p{L}\p{N}]/u.test(line));
        if (cut) broken.push(lines.join(" | "));
    }
    return broken;
}"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", PAGES)
def test_code_names_break_only_at_punctuation_and_no_page_scrolls_sideways(
        tabs: Callable[..., Tab], site_url: str, path: str, width: int) -> None:
    """Assert no inline code of the directives reference (its index and each example's page) or of the performance
    page is drawn broken between two letters or digits (Material's word-break broke `/walkthrough/positions/` into
    `/walkth | rough/p | osition | s/` on a phone), and the page is no wider than the screen."""
    page = tabs(viewport={"width": width, "height": 800}).page
    page.goto(site_url + path)
    wait_for_features(page)
    broken = page.evaluate(NAMES_BROKEN_IN_A_WORD)
    assert broken == [], f"{path} at {width} px: {len(broken)} names broken inside a word: {broken[:5]}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{path} scrolls sideways at {width} px"
