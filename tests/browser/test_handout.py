"""The teacher's handout prints as two A4 sheets with boxes to write in and no answer; the answer key has them all.

Printed by Chromium to PDF and read back with poppler-utils (`pdfinfo` for the sheets, `pdftotext` for the text),
so the tests check what lands on paper. Boxes are measured in print emulation at the width of an A4 sheet's
text (210 mm less the handout's margins of 14 mm each side).
"""

from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import Page

from browser.conftest import ARTIFACTS, wait_for_features
from browser.test_answers_kept_back import decimals
from browser.test_print import _needs_pdftotext, print_to_text  # noqa: F401 (its fixture, autouse)

pytestmark = pytest.mark.browser

HANDOUT, KEY = "teachers/handout/", "teachers/answer-key/"
PX_PER_MM = 96 / 25.4
A4_TEXT_WIDTH_MM = 210 - 2 * 14
A4_POINTS = (595, 842)  # 210 mm by 297 mm, to the nearest point

BOXES = """() => [...document.querySelectorAll(".handout .fill-in, .handout-line, .handout-working")].map(node => {
    const box = node.getBoundingClientRect();
    return {kind: node.className.split(" ")[0], left: box.left, top: box.top, width: box.width, height: box.height};
})"""
ANSWERS = """() => [...document.querySelectorAll(".handout .fill-in")].map(cell => cell.dataset.display)"""
VISIBLE_TEXT = """() => document.querySelector(".md-content__inner").innerText"""


def open_page(page: Page, url: str) -> None:
    """Open a page of the site with its features (the boxes exercises.js builds) set up."""
    page.goto(url)
    wait_for_features(page)


def sheets(pdf: str) -> tuple[int, list[tuple[float, float]]]:
    """The number of sheets of a PDF and the size in points of each, from pdfinfo."""
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "99", pdf], capture_output=True, text=True, check=True).stdout
    count = int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)[1])
    sizes = [(float(w), float(h)) for w, h in re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", info)]
    return count, sizes


def overlapping(boxes: list[dict]) -> list[tuple[dict, dict]]:
    """The pairs of boxes that cover a part of one another."""
    def cross(a: dict, b: dict) -> bool:
        return (a["left"] < b["left"] + b["width"] and b["left"] < a["left"] + a["width"]
                and a["top"] < b["top"] + b["height"] and b["top"] < a["top"] + a["height"])
    return [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if cross(a, b)]


def test_the_handout_prints_on_exactly_two_a4_sheets_with_no_answer(page: Page, site_url: str) -> None:
    """Assert Chromium prints the handout on two A4 sheets, holding its three tables and two exercises, and none
    of the figures of the answer key or of its own boxes' answers."""
    open_page(page, site_url + KEY)
    answers = decimals(page.evaluate(VISIBLE_TEXT))
    open_page(page, site_url + HANDOUT)
    answers |= {figure for display in page.evaluate(ANSWERS) for figure in decimals(display)}
    assert len(answers) >= 20, answers

    text = print_to_text(page, "handout")
    count, sizes = sheets(str(ARTIFACTS / "handout.pdf"))
    assert count == 2
    assert all(abs(w - A4_POINTS[0]) < 1 and abs(h - A4_POINTS[1]) < 1 for w, h in sizes), sizes
    for heading in ["Step 1", "Step 2", "Step 3", "Exercise 1", "Exercise 2"]:
        assert heading in text
    assert sorted(answers & decimals(text)) == []
    assert not re.search(r"\bAnswers?\b|Show answers|Check", text)


def test_the_handout_has_boxes_to_write_in_on_paper(page: Page, site_url: str) -> None:
    """Assert that in print every blank is a box at least 20 mm by 8 mm, the lines and the working space are
    wide and tall enough to write on, no two overlap, and all of them lie within the sheet's text width."""
    page.set_viewport_size({"width": round(A4_TEXT_WIDTH_MM * PX_PER_MM), "height": 1000})
    open_page(page, site_url + HANDOUT)
    page.emulate_media(media="print")
    boxes = page.evaluate(BOXES)
    smallest = {"fill-in": (20, 8), "handout-line": (50, 4), "handout-working": (150, 50)}
    too_small = [box for box in boxes if box["width"] < smallest[box["kind"]][0] * PX_PER_MM
                 or box["height"] < smallest[box["kind"]][1] * PX_PER_MM]
    assert too_small == []
    assert sum(box["kind"] == "fill-in" for box in boxes) >= 30
    assert {box["kind"] for box in boxes} == set(smallest)
    assert overlapping(boxes) == []
    assert max(box["left"] + box["width"] for box in boxes) <= A4_TEXT_WIDTH_MM * PX_PER_MM + 1


def test_the_answer_key_holds_every_answer_of_the_handout_with_its_working(page: Page, site_url: str) -> None:
    """Assert the answer key shows the answer of every box on the handout, the divisions of softmax written out,
    and Step 3 done with the weights as printed."""
    open_page(page, site_url + HANDOUT)
    wanted = {display for display in page.evaluate(ANSWERS)}
    open_page(page, site_url + KEY)
    shown = page.evaluate(VISIBLE_TEXT)
    numbers = set(re.findall(r"\d+(?:\.\d+)?", shown))
    assert sorted(wanted - numbers) == []
    assert re.search(r"7\.39 ÷ 11\.11", shown) and "weight as printed × value" in shown
