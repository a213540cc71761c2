"""No answer before the student works: the lesson's text ahead of each answers block holds none of its answers.

An answers block (`??? success`) answers the blank table or the exercise above it. Its answers are the figures
it shows (numbers with decimals: powers, weights, products, outputs) that no earlier answers block gave. None
of them may appear in the text a student reads before opening it: the page up to the block, and the rest of
the block's section after it, which a printed sheet shows beside the question. Checked on screen, in the built
page's text, and on paper, in the text of the lesson as Chromium prints it (answers hidden).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page

from browser.conftest import wait_for_features
from browser.test_print import _needs_pdftotext, print_to_text  # noqa: F401 (its fixture, autouse)

pytestmark = pytest.mark.browser

DECIMAL = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")

# The article as a list of pieces in reading order: headings, answers blocks, and the text around them. Math is
# read by its MathML (its TeX annotation dropped); the calculator is left out: it only shows what a reader asks.
SEGMENTS = """() => {
    const article = document.querySelector(".md-content__inner").cloneNode(true);
    article.querySelectorAll("annotation, .attention-calculator, .fill-in-toolbar, .headerlink")
        .forEach(node => node.remove());
    const blocks = [...article.querySelectorAll("details.success")];
    const pieces = [];
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    while (walker.nextNode()) {
        const node = walker.currentNode;
        if (node.nodeType === Node.ELEMENT_NODE) {
            if (/^H[23]$/.test(node.tagName)) pieces.push({kind: "heading", text: node.textContent.trim()});
            continue;
        }
        const block = node.parentElement.closest("details.success");
        pieces.push(block ? {kind: "answer", block: blocks.indexOf(block), text: node.data}
                          : {kind: "text", text: node.data});
    }
    return pieces;
}"""


@dataclass(frozen=True)
class AnswersBlock:
    """One answers block: its new figures, the text a student reads before opening it, and the next heading."""

    answers: frozenset[str]
    before: str
    next_heading: str


def decimals(text: str) -> set[str]:
    """The numbers with decimals written in `text`."""
    return set(DECIMAL.findall(text))


def answers_blocks(pieces: list[dict]) -> list[AnswersBlock]:
    """Each answers block of the page, in order, with the figures no earlier block gave."""
    count = 1 + max(piece.get("block", -1) for piece in pieces)
    given: set[str] = set()
    found = []
    for index in range(count):
        own = "".join(piece["text"] + " " for piece in pieces if piece.get("block") == index)
        last = max(i for i, piece in enumerate(pieces) if piece.get("block") == index)
        ends = next((i for i in range(last, len(pieces)) if pieces[i]["kind"] == "heading"), len(pieces))
        before = " ".join(piece["text"] for piece in pieces[:ends] if piece["kind"] != "answer")
        heading = pieces[ends]["text"] if ends < len(pieces) else ""
        found.append(AnswersBlock(frozenset(decimals(own) - given), before, heading))
        given |= decimals(own)
    return found


def lesson_blocks(page: Page, site_url: str) -> list[AnswersBlock]:
    """The lesson's answers blocks, read from the built page."""
    page.goto(site_url + "lesson/")
    wait_for_features(page)
    blocks = answers_blocks(page.evaluate(SEGMENTS))
    assert len(blocks) >= 8 and sum(len(block.answers) for block in blocks) >= 15, blocks
    return blocks


def test_on_screen_no_answers_block_is_given_away_by_the_text_before_it(page: Page, site_url: str) -> None:
    """Assert the lesson's text up to each answers block (and on to the end of its section) shows none of the
    figures the block is first to give: the key words' examples and Step 3's result sentence once did."""
    leaks = [(block.next_heading, sorted(block.answers & decimals(block.before)))
             for block in lesson_blocks(page, site_url)]
    assert [leak for leak in leaks if leak[1]] == []


def test_on_paper_no_answers_block_is_given_away_by_the_sheets_before_it(page: Page, site_url: str) -> None:
    """Assert the printed lesson, up to the heading after each answers block, shows none of its answers."""
    blocks = lesson_blocks(page, site_url)
    printed = " ".join(print_to_text(page, "answers-kept-back-lesson").split())
    leaks, end = [], 0
    for block in blocks:
        end = printed.find(" ".join(block.next_heading.split())[:30], end) if block.next_heading else len(printed)
        assert end > 0, block.next_heading
        leaks += [(block.next_heading, figure) for figure in sorted(block.answers & decimals(printed[:end]))]
    assert leaks == []
