"""How running text is set, at every width from a small phone's to a desktop's: no line parts an inline formula
from the bracket or punctuation that touches it, and a paragraph seldom ends on a line of one word."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser


# For each width of the text column: every inline formula whose touching character (a bracket, a comma, the
# first letter of "-wide": the text right before or after it, with no space between) is laid out on another line.
SPLIT_FROM_WHAT_TOUCHES = """(widths) => {
    const inner = document.querySelector('.md-content__inner');
    const block = node => node.closest('p, li, td, th, h1, h2, h3, h4, h5, h6, dt, dd, figcaption, caption');
    const texts = document.createTreeWalker(inner, NodeFilter.SHOW_TEXT, {acceptNode: text =>
        text.parentElement.closest('math') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
    const touching = math => {
        const pairs = [];
        texts.currentNode = math;
        const after = texts.nextNode();
        if (after && /^\\S/.test(after.data) && block(after.parentElement) === block(math)) pairs.push([after, 0]);
        texts.currentNode = math;
        const before = texts.previousNode();
        if (before && /\\S$/.test(before.data) && block(before.parentElement) === block(math))
            pairs.push([before, before.data.length - 1]);
        return pairs.map(([text, at]) => { const range = document.createRange();
            range.setStart(text, at); range.setEnd(text, at + 1); return [range, text.data[at]]; });
    };
    const pairs = [...inner.querySelectorAll('math:not([display=block])')]
        .flatMap(math => touching(math).map(([range, character]) => [math, range, character]));
    const split = new Set();
    for (const width of widths) {
        inner.style.width = width + 'px';
        for (const [math, range, character] of pairs) {
            const formula = math.getBoundingClientRect(), next = range.getBoundingClientRect();
            if (formula.width && next.width && (next.top >= formula.bottom || next.bottom <= formula.top))
                split.add(`${math.textContent} | ${character}`);
        }
    }
    return {checked: pairs.length, split: [...split]};
}"""


@pytest.mark.parametrize("path", ["lesson/", "walkthrough/", "beyond/rotary-and-alibi/"])
def test_no_line_parts_a_formula_from_what_touches_it(page: Page, site_url: str, path: str) -> None:
    """Assert that at every width of the text column from a small phone's to a desktop's (260 to 760 px, 5 px
    apart) no line ends between an inline formula and the bracket, punctuation or word that touches it ("d_k" /
    ". Values", "(" / "i = 0"): a browser may break on either side of a <math>, and once did on these pages."""
    page.goto(site_url + path)
    page.evaluate("document.fonts.ready.then(() => true)")
    found = page.evaluate(SPLIT_FROM_WHAT_TOUCHES, list(range(260, 761, 5)))
    assert found["checked"] >= 10, found
    assert found["split"] == [], found["split"]


# Every paragraph or list item of two lines or more whose last line holds a single word (a formula counts as a word).
ONE_WORD_LAST_LINES = """() => {
    const ends = [];
    let paragraphs = 0;
    for (const block of document.querySelectorAll('.md-content .md-typeset :is(p, li)')) {
        if (!block.offsetParent || block.closest('table')) continue;
        const words = [];
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, {acceptNode:
            node => node.nodeType === Node.ELEMENT_NODE
                ? (node.matches('math') ? NodeFilter.FILTER_ACCEPT
                   : node.matches('ul, ol') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP)
                : node.parentElement.closest('math') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.nodeType === Node.ELEMENT_NODE) { words.push(node.getBoundingClientRect()); continue; }
            for (const word of node.data.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const pieces = range.getClientRects();
                if (pieces.length) words.push(pieces[pieces.length - 1]);
            }
        }
        if (new Set(words.map(word => Math.round(word.bottom))).size < 2) continue;
        paragraphs += 1;
        const [before, last] = words.slice(-2);
        if (last.top >= before.bottom - 2) ends.push(block.textContent.trim().slice(-40));
    }
    return {paragraphs, ends};
}"""


@pytest.mark.parametrize("width", [375, 1280])
def test_a_paragraph_seldom_ends_on_a_line_of_one_word(page: Page, site_url: str, width: int) -> None:
    """Assert that on a phone and on a desktop at most one paragraph of the three longest walk-through pages ends on
    a line of one word ("... here they are 1 and" / "0."): 125 of the site's 1,289 paragraphs did on a phone before
    the text was set to wrap "pretty", 11 after (those whose last word is too long to share a line)."""
    page.set_viewport_size({"width": width, "height": 800})
    found = {"paragraphs": 0, "ends": []}
    for path in ["lesson/", "walkthrough/transformer-layer/", "walkthrough/softmax/"]:
        page.goto(site_url + path)
        page.evaluate("document.fonts.ready.then(() => true)")
        on_page = page.evaluate(ONE_WORD_LAST_LINES)
        found["paragraphs"] += on_page["paragraphs"]
        found["ends"] += [f"{path}: ...{end}" for end in on_page["ends"]]
    assert found["paragraphs"] >= 60, found
    assert len(found["ends"]) <= 1, found
