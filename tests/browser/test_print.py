"""Printing the lesson and the exercises: a worksheet by default, the answer key on request.

The PDFs Chromium prints are read back with `pdftotext` (Debian's poppler-utils), so the test
checks what lands on paper, not what the stylesheet intends.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest
from playwright.sync_api import Page

from browser.conftest import ARTIFACTS, wait_for_features

pytestmark = pytest.mark.browser

PAGES = ["lesson/", "walkthrough/exercises/"]
NUMBER = re.compile(r"\d+(?:\.\d+)?")

# The text of the answers, and of everything else a worksheet prints, read from the page on screen.
# An answer is a "success" block, or the body of a "question" block that holds no answer block.
SPLIT_ANSWERS = """() => {
    const answers = "details.success, details.question:not(:has(details.success)) > :not(summary)";
    const text = node => {
        const copy = node.cloneNode(true);
        copy.querySelectorAll("annotation, .attention-calculator, .fill-in-toolbar").forEach(n => n.remove());
        const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
        const parts = [];
        while (walker.nextNode()) parts.push(walker.currentNode.data);
        return parts.join(" ");  // one number per text node: math and figures put each in its own
    };
    const article = document.querySelector(".md-content__inner");
    const rest = article.cloneNode(true);
    rest.querySelectorAll(answers).forEach(node => node.remove());
    return {
        answers: [...article.querySelectorAll(answers)].map(text).join(" "),
        rest: text(rest),
        blanks: [...article.querySelectorAll(".fill-in")].map(cell => cell.dataset.display),
    };
}"""

VISIBLE_CONTROLS = """() => [...document.querySelectorAll("button, input, select, textarea, [role=button]")]
    .filter(node => node.getClientRects().length > 0)
    .map(node => node.outerHTML.slice(0, 120))"""


def numbers(text: str) -> set[str]:
    """The numbers written in `text`, as strings of digits."""
    return set(NUMBER.findall(text))


def print_to_text(page: Page, name: str) -> str:
    """Print the page to a PDF in test-artifacts/ and return the text pdftotext reads from it."""
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / f"{name}.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    result = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True)
    return result.stdout


def answer_figures(page: Page) -> tuple[set[str], list[str]]:
    """The numbers that only the answers show, and the answer of every empty box."""
    split = page.evaluate(SPLIT_ANSWERS)
    figures = numbers(split["answers"]) - numbers(split["rest"])
    return figures, [number for blank in split["blanks"] for number in NUMBER.findall(blank)]


@pytest.fixture(autouse=True)
def _needs_pdftotext() -> None:
    """Skip (fail on CI) without Debian's poppler-utils."""
    if shutil.which("pdftotext") is None:
        message = "pdftotext is missing: apt-get install poppler-utils (scripts/install-browser.sh)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


@pytest.mark.parametrize("path", PAGES)
def test_the_printed_worksheet_has_no_answer_and_no_control(page: Page, site_url: str, path: str) -> None:
    """Assert the default print holds the questions but no answer figure, no answer block and no control."""
    page.goto(site_url + path)
    wait_for_features(page)
    figures, _ = answer_figures(page)
    assert len(figures) >= 5, figures
    page.locator(".fill-in__input").first.fill("0.7")
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")  # as Material does

    text = print_to_text(page, "worksheet-" + path.strip("/").replace("/", "-"))
    assert page.locator("h1").evaluate("h => h.firstChild.textContent.trim()") in text
    leaked = figures & numbers(text)
    assert not leaked, f"answer figures on the worksheet: {sorted(leaked)}"
    for words in ["Answer", "Show answers", "Print answer key", "Reset", "0.7"]:
        assert not re.search(rf"(?<![\w.]){re.escape(words)}(?![\w.])", text), words
    page.emulate_media(media="print")
    assert page.evaluate(VISIBLE_CONTROLS) == []


@pytest.mark.parametrize("path", PAGES)
def test_the_printed_answer_key_holds_every_answer(page: Page, site_url: str, path: str) -> None:
    """Assert "Print answer key" prints every answer figure and the answer of every empty box."""
    page.goto(site_url + path)
    wait_for_features(page)
    figures, blanks = answer_figures(page)
    page.evaluate("window.print = () => { window.printed = true; }")  # the dialog would block the test
    page.get_by_role("button", name="Print answer key").first.click()
    assert page.evaluate("window.printed")

    text = print_to_text(page, "answer-key-" + path.strip("/").replace("/", "-"))
    missing = (figures | set(blanks)) - numbers(text)
    assert not missing, f"answers missing from the key: {sorted(missing)}"
    assert "Answer" in text
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert page.locator("html").get_attribute("data-print") is None
    assert page.locator("details[open]").count() == 0


def test_a_printed_tab_label_stays_on_the_sheet_of_its_tab(page: Page, site_url: str) -> None:
    """Assert the transformer layer's tabs (each weight matrix of the feed-forward network) print with their labels
    on the same sheet as their tables: the label "First layer" ended a sheet whose next one held its table."""
    page.goto(site_url + "walkthrough/transformer-layer/")
    wait_for_features(page)
    sheets = print_to_text(page, "tabs-transformer-layer").split("\f")
    for label, row in [("First layer", "row of 𝑊1"), ("Second layer", "row of 𝑊2")]:
        [sheet] = [sheet for sheet in sheets if label in sheet]
        assert row in sheet, (label, sheet[-300:])


@pytest.mark.parametrize("path", ["lesson/", "walkthrough/meaning/", "beyond/engineers-path/", "walkthrough/history/",
                                  "walkthrough/code/"])
def test_no_printed_sheet_ends_with_a_lead_in(page: Page, site_url: str, path: str) -> None:
    """Assert no sheet but the last ends with a sentence that introduces what follows ("Their weights:") or with the
    file name of a code block: the table, formula, tabs or code it announces printed on the next sheet."""
    page.goto(site_url + path)
    wait_for_features(page)
    sheets = [[line.strip() for line in sheet.splitlines() if line.strip()]
              for sheet in print_to_text(page, "lead-ins-" + path.strip("/").replace("/", "-")).split("\f")]
    endings = [sheet[-1] for sheet in sheets[:-1] if sheet]
    assert len(endings) >= 2 and [line for line in endings if line.endswith((":", ".py"))] == [], endings


BOX_SIZES = """() => [...document.querySelectorAll(".md-content .fill-in")].map(cell => {
    const box = cell.getBoundingClientRect();
    const em = parseFloat(getComputedStyle(cell).fontSize);
    return {label: cell.dataset.label, ready: cell.hasAttribute("data-ready"), ems: [box.width / em, box.height / em]};
})"""


@pytest.mark.parametrize("path", PAGES)
def test_every_printed_answer_box_has_room_to_write_in(page: Page, site_url: str, path: str) -> None:
    """Assert that on paper every answer box, built into an input on screen or not, is at least 5 em wide and 1.5 em
    high: once built, the boxes printed as 2-px bars (the screen's min-width: 0 for a built box won)."""
    page.goto(site_url + path)
    wait_for_features(page)
    page.emulate_media(media="print")
    boxes = page.evaluate(BOX_SIZES)
    assert len(boxes) >= 6 and all(box["ready"] for box in boxes)
    cramped = [box for box in boxes if box["ems"][0] < 4.99 or box["ems"][1] < 1.5]
    assert cramped == [], cramped


# The text of the first row of every table that repeats, in an answer block just below it, a table of empty boxes.
REPEATED_ROWS = """() => [...document.querySelectorAll(".md-content .md-typeset__scrollwrap:has(.fill-in)")]
    .map(box => {
        let next = box.nextElementSibling;
        while (next?.matches(".table-note, .fill-in-toolbar")) next = next.nextElementSibling;
        return next;
    })
    .filter(next => next?.matches("details.success"))
    .map(answer => answer.querySelector("tbody tr").textContent.replace(/\\s+/g, ""))"""


@pytest.mark.parametrize("path", PAGES)
def test_the_printed_answer_key_shows_each_answer_once(page: Page, site_url: str, path: str) -> None:
    """Assert the answer key prints a table of empty boxes once more than the worksheet does (where its boxes are
    empty and its answers hidden): its boxes, filled in, and the answer block below, which repeats the whole table,
    printed every answer twice."""
    page.goto(site_url + path)
    wait_for_features(page)
    rows = page.evaluate(REPEATED_ROWS)
    assert rows, "no table of boxes with its answer below it"
    name = path.strip("/").replace("/", "-")
    worksheet = re.sub(r"\s+", "", print_to_text(page, "worksheet-once-" + name))
    page.evaluate("window.print = () => {}")
    page.get_by_role("button", name="Print answer key").first.click()
    key = re.sub(r"\s+", "", print_to_text(page, "answer-key-once-" + name))
    assert {row: key.count(row) - worksheet.count(row) for row in rows} == dict.fromkeys(rows, 1)
