"""Every page as slides on a projector: text readable from the back row, and no slide that scrolls or clips."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from attention_site.class_plan import CLASS_MINUTES, LESSON, PLAN
from browser.conftest import ARTIFACTS, Tab, open_context, wait_for_features
from browser.test_every_page import page_file, page_paths

pytestmark = pytest.mark.browser

SCREENS = {  # (width, height): the smallest body text on a slide, in CSS pixels
    (1920, 1080): 24,
    (1280, 720): 18,
}

# Walk through every slide of the page and report, for each, the smallest text of its running
# prose (paragraphs, lists, table cells, captions, code) and how far its content overflows the
# stage, down or sideways (a wide table's own scroll box counts as overflow too).
SLIDE_REPORT = """async () => {
    await document.fonts.ready;
    await window.AttentionByHand.load("slides");  // slides.js is loaded on first use
    const slides = window.AttentionByHand.slides;
    const stage = document.querySelector(".md-content");
    const text = "p, li, td, th, dd, dt, figcaption, summary, pre, blockquote";
    const report = [];
    slides.enter(1);
    for (let i = 0; i < slides.state.count; i++) {
        slides.go(i);
        const shown = [...document.querySelectorAll(".md-content__inner [data-slide-current]")];
        const sizes = shown.flatMap(block => [block, ...block.querySelectorAll(text)])
            .filter(node => node.matches(text) && node.getClientRects().length && node.textContent.trim())
            .map(node => parseFloat(getComputedStyle(node).fontSize));
        const wide = shown.flatMap(block => [block, ...block.querySelectorAll("*")])
            .filter(node => node.scrollWidth > node.clientWidth + 1
                && /auto|scroll/.test(getComputedStyle(node).overflowX));
        report.push({
            slide: i + 1,
            smallest: Math.min(...sizes),
            down: stage.scrollHeight - stage.clientHeight,
            across: Math.max(stage.scrollWidth - stage.clientWidth, ...wide.map(n => n.scrollWidth - n.clientWidth)),
        });
    }
    slides.leave();
    return report;
}"""


@pytest.mark.parametrize("path", page_paths())
@pytest.mark.parametrize(("width", "height"), list(SCREENS))
def test_every_slide_is_readable_and_fits(tabs: Callable[..., Tab], built_site: Path, site_url: str,
                                         width: int, height: int, path: str) -> None:
    """Assert on every slide of the page the body text is at least the screen's floor and nothing overflows."""
    assert page_file(built_site, path).is_file(), path
    floor = SCREENS[(width, height)]
    page = tabs(viewport={"width": width, "height": height}).page
    page.goto(site_url + path)
    wait_for_features(page)
    report = page.evaluate(SLIDE_REPORT)
    problems = [slide for slide in report if slide["smallest"] < floor or slide["down"] > 1 or slide["across"] > 1]
    assert report and not problems, json.dumps(problems, indent=1)


def test_a_long_section_becomes_several_slides_that_repeat_its_title(page: Page, site_url: str) -> None:
    """Assert the lesson's "All three tokens at once" continues on a second slide titled "(continued)"."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(site_url + "lesson/")
    wait_for_features(page)
    page.get_by_role("button", name="Present as slides").click()
    expect(page.locator(".slide-position")).to_contain_text("1 / ")  # slides.js arrives on first use
    heading = page.get_by_role("heading", name="All three tokens at once")
    while not heading.is_visible():
        page.keyboard.press("ArrowRight")
    size = heading.evaluate("h => parseFloat(getComputedStyle(h.nextElementSibling).fontSize)")
    assert size >= 24
    page.keyboard.press("ArrowRight")
    expect(heading).to_be_hidden()
    continued = page.locator(".md-content__inner").evaluate("n => getComputedStyle(n, '::before').content")
    assert continued == '"All three tokens at once (continued)"'
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "slide-lesson-all-three-continued.png"))


# Walk through every slide and, for each table that is cut across slides, count its windows, those that show its
# header row whole and on top of what it covers, those that show no row whole, and the body rows shown whole below
# the header on some slide.
TABLE_WINDOWS = """async () => {
    await window.AttentionByHand.load("slides");
    const slides = window.AttentionByHand.slides;
    const tables = new Map();
    slides.enter(1);
    for (let i = 0; i < slides.state.count; i++) {
        slides.go(i);
        const box = document.querySelector(".md-content__inner > .md-typeset__scrollwrap[data-slide-window]");
        if (!box) continue;
        const frame = box.getBoundingClientRect(), head = box.querySelector("thead th").getBoundingClientRect();
        const whole = (rect, top) => rect.height > 0 && rect.top >= top - 1 && rect.bottom <= frame.bottom + 1;
        const table = box.querySelector("table"), rows = [...table.tBodies[0].rows];
        const seen = tables.get(table) || {windows: 0, headed: 0, rows: rows.length, shown: new Set()};
        const thead = box.querySelector("thead"), right = Math.min(frame.right, thead.getBoundingClientRect().right);
        const points = [];
        for (let x = Math.max(frame.left, head.left) + 2; x < right - 2; x += 4) {
            points.push([x, head.top + 2], [x, head.top + head.height / 2], [x, head.bottom - 2]);
        }
        const onTop = points.every(([x, y]) => thead.contains(document.elementFromPoint(x, y)));
        const shown = rows.filter(row => whole(row.getBoundingClientRect(), head.bottom));
        seen.windows += 1;
        seen.headed += whole(head, frame.top) && onTop ? 1 : 0;
        seen.bare = (seen.bare || 0) + (shown.length ? 0 : 1);
        shown.forEach(row => seen.shown.add(rows.indexOf(row)));
        tables.set(table, seen);
    }
    slides.leave();
    return [...tables.values()].map(seen => ({...seen, shown: seen.shown.size}));
}"""


@pytest.mark.parametrize(("path", "width", "height"), [
    ("walkthrough/meaning/", 1280, 720), ("reference/performance/", 1280, 720), ("walkthrough/code/", 1280, 720),
    ("walkthrough/softmax/", 740, 360),  # a phone on its side: there the header row was once left alone
])
def test_a_table_cut_across_slides_shows_its_header_on_each(page: Page, site_url: str, path: str, width: int,
                                                           height: int) -> None:
    """Assert every window onto a table cut across slides shows the table's header row and at least one row whole,
    and every row of the table is shown whole, below the header, on one of them (none lost under the header)."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_url + path)
    wait_for_features(page)
    tables = page.evaluate(TABLE_WINDOWS)
    assert tables and all(table["windows"] >= 2 for table in tables), tables
    assert [table for table in tables
            if table["headed"] < table["windows"] or table["bare"] or table["shown"] < table["rows"]] == []


def test_a_swipe_moves_between_slides_on_a_touch_screen(browser: Browser, site_url: str) -> None:
    """Assert a swipe to the left shows the next slide and a swipe to the right the previous one."""
    context = open_context(browser, [], viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site_url + "lesson/?slide=2")
        position = page.locator(".slide-position")
        expect(position).to_contain_text("2 / ")
        swipe = """([x0, x1]) => {
            const target = document.querySelector(".md-content__inner [data-slide-current]");
            const touch = x => new Touch({identifier: 1, target, clientX: x, clientY: 300});
            const send = (type, touches, x) =>
                target.dispatchEvent(new TouchEvent(type, {touches, changedTouches: [touch(x)], bubbles: true}));
            send("touchstart", [touch(x0)], x0);
            send("touchend", [], x1);
        }"""
        page.evaluate(swipe, [300, 100])
        expect(position).to_contain_text("3 / ")
        page.evaluate(swipe, [100, 300])
        expect(position).to_contain_text("2 / ")
    finally:
        context.close()


def test_slides_are_laid_out_again_when_the_text_size_changes(page: Page, site_url: str) -> None:
    """Assert choosing 200 % text during a talk re-cuts the slides: more of them, the same section on
    screen, and the current one still fits."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(site_url + "lesson/?slide=3")
    wait_for_features(page)
    position = page.locator(".slide-position")
    expect(position).to_contain_text("3 / ")
    before = int(position.inner_text().split("/")[1])
    heading = page.locator(".md-content__inner > h2[data-slide-current]").inner_text()
    page.evaluate("window.readerSettings.save({size: '200'})")
    expect(position).not_to_have_text(re.compile(rf" / {before}$"))
    assert int(position.inner_text().split("/")[1]) > before
    assert page.locator(".md-content__inner > h2[data-slide-current]").inner_text() == heading
    stage = page.locator(".md-content")
    assert stage.evaluate("s => s.scrollHeight <= s.clientHeight")
    size = page.locator(".md-content__inner > [data-slide-current]:not(h2)").first.evaluate(
        "n => parseFloat(getComputedStyle(n).fontSize)")
    assert size >= 48


# For each fill-in table, shown on its slide: whether its first box, its Check button and its Show-answers button
# are on screen above the slide controls.
FILL_IN_SLIDES = """async () => {
    await window.AttentionByHand.load("slides");
    const slides = window.AttentionByHand.slides;
    slides.enter(1);
    const bar = document.querySelector(".slide-controls").getBoundingClientRect().top;
    const inView = node => {
        const box = node.getBoundingClientRect();
        return node.getClientRects().length > 0 && box.top >= 0 && box.bottom <= bar + 1;
    };
    const seen = [...document.querySelectorAll(".md-content__inner > .fill-in-toolbar")].map(toolbar => {
        const table = toolbar.previousElementSibling;
        slides.go(Number(table.getAttribute("data-slide")));
        const buttons = [...toolbar.querySelectorAll("button")];
        return {slide: slides.state.index + 1, box: inView(table.querySelector(".fill-in input")),
                check: inView(buttons.find(b => b.textContent === "Check")),
                answers: inView(buttons.find(b => b.textContent === "Show answers"))};
    });
    slides.leave();
    return seen;
}"""


@pytest.mark.parametrize("path", ["lesson/", "walkthrough/exercises/"])
@pytest.mark.parametrize(("width", "height"), list(SCREENS))
def test_a_fill_in_table_is_on_the_slide_of_its_buttons(tabs: Callable[..., Tab], site_url: str, path: str,
                                                        width: int, height: int) -> None:
    """Assert every fill-in table shows on one slide with its Check and Show-answers buttons, all above the slide
    controls: Step 3 of the lesson at 1920x1080 and Step 1 at 1280x720 had the buttons on the next slide."""
    page = tabs(viewport={"width": width, "height": height}).page
    page.goto(site_url + path)
    wait_for_features(page)
    seen = page.evaluate(FILL_IN_SLIDES)
    assert seen and [table for table in seen if not (table["box"] and table["check"] and table["answers"])] == []


@pytest.mark.parametrize(("width", "height"), list(SCREENS))
def test_an_answer_opened_on_a_slide_is_laid_out_again_in_view(tabs: Callable[..., Tab], site_url: str,
                                                               width: int, height: int) -> None:
    """Assert opening the lesson's first "Answers" on its slide lays the slides out again: the open answer is on the
    slide shown, the stage does not scroll, and the answer ends above the slide controls (it ran under them)."""
    page = tabs(viewport={"width": width, "height": height}).page
    page.goto(site_url + "lesson/")
    wait_for_features(page)
    page.keyboard.press("v")
    expect(page.locator(".slide-position")).to_contain_text("1 / ")  # slides.js loads on the key: wait for it
    answer = page.locator(".md-content__inner > details.success").first
    while not answer.is_visible():
        page.keyboard.press("ArrowRight")
    answer.locator("summary").click()
    expect(answer).to_have_attribute("open", "")
    expect(answer).to_have_attribute("data-slide-current", "")
    shown = answer.evaluate("""answer => {
        const stage = document.querySelector(".md-content"), box = answer.getBoundingClientRect();
        return {scrolls: stage.scrollHeight - stage.clientHeight, top: box.top, bottom: box.bottom,
                bar: document.querySelector(".slide-controls").getBoundingClientRect().top};
    }""")
    assert shown["scrolls"] <= 1 and shown["top"] >= 0 and shown["bottom"] <= shown["bar"], shown
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"slide-lesson-answer-open-{width}x{height}.png"))
    page.keyboard.press("Escape")


def test_escape_leaves_slides_from_an_answer_box(page: Page, site_url: str) -> None:
    """Assert Escape pressed while typing in a fill-in box leaves slide mode, as it does anywhere else on a slide."""
    page.goto(site_url + "lesson/?slide=1")
    wait_for_features(page)
    expect(page.locator(".slide-position")).to_contain_text("1 / ")
    box = page.locator(".fill-in input").first
    while not box.is_visible():
        page.keyboard.press("ArrowRight")
    box.fill("2")
    box.press("Escape")
    expect(page.locator("html")).not_to_have_attribute("data-slides", "")
    expect(page.locator(".slide-controls")).to_have_count(0)


# What the slide shown now holds: its headings' anchors, whether it shows code, an optional block or the calculator,
# and the notes view's text and visibility.
CLASS_SLIDE = """() => {
    const shown = [...document.querySelectorAll(".md-content__inner > [data-slide-current]")];
    const view = document.getElementById("slide-notes");
    return {
        anchors: shown.filter(block => block.tagName === "H2").map(block => block.id),
        code: shown.some(block => block.matches("pre, .highlight, .optional, .attention-calculator")
            || block.querySelector("pre, .highlight, .optional, .attention-calculator") !== null),
        notesVisible: Boolean(view && view.getClientRects().length),
        notes: view ? view.innerText : "",
        pageNotesVisible: [...document.querySelectorAll(".speaker-notes")].some(n => n.getClientRects().length > 0),
        overflow: (stage => stage.scrollHeight - stage.clientHeight)(document.querySelector(".md-content")),
    };
}"""


def class_anchors() -> list[str]:
    """The lesson's sections the 45-minute plan covers, in order (the title slide apart)."""
    return [s.anchor for part in PLAN for s in part.sections if s.page == LESSON and s.anchor]


@pytest.mark.parametrize(("width", "height"), list(SCREENS))
def test_the_class_slides_leave_out_the_code_and_carry_notes_hidden_until_t(tabs: Callable[..., Tab], site_url: str,
                                                                          width: int, height: int) -> None:
    """Assert, by keyboard alone from the teacher's page's link, the class slide set shows exactly the plan's
    sections, no code, optional block or calculator on any slide, none taller than the stage, and on every slide
    notes of its part (its minute of the 45) that stay hidden until `t` shows them and `t` hides them again; the
    page's own notes never show."""
    page = tabs(viewport={"width": width, "height": height}).page
    page.goto(site_url + "teachers/")
    page.get_by_role("link", name="Present the class slides").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"lesson/\?slide=1&set=class$"))
    position = page.locator(".slide-position")
    expect(position).to_contain_text("1 / ")
    count, anchors = int(position.inner_text().split("/")[1]), []
    for number in range(1, count + 1):
        expect(position).to_have_text(f"{number} / {count}")
        hidden = page.evaluate(CLASS_SLIDE)
        page.keyboard.press("t")
        shown = page.evaluate(CLASS_SLIDE)
        page.keyboard.press("t")
        assert not hidden["notesVisible"] and shown["notesVisible"] and not page.evaluate(CLASS_SLIDE)["notesVisible"]
        assert not shown["code"] and not shown["pageNotesVisible"] and hidden["overflow"] <= 1, (number, shown)
        assert re.search(rf"Minute \d+ of {CLASS_MINUTES}, for \d+ minutes", shown["notes"]), (number, shown)
        assert "Ask:" in shown["notes"] and "Listen for:" in shown["notes"], (number, shown)
        anchors += shown["anchors"]
        if number == 4:
            page.keyboard.press("t")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"slide-class-notes-{width}x{height}.png"))
            page.keyboard.press("t")
        page.keyboard.press("ArrowRight")
    assert anchors == class_anchors()
    page.keyboard.press("Escape")
    assert "set=class" not in page.url


def test_the_notes_never_show_on_the_page_and_v_gives_every_section(page: Page, site_url: str) -> None:
    """Assert the lesson shows none of its speaker notes on screen or in print, and `v` still gives every section,
    the code among them, with no notes until `t`."""
    page.goto(site_url + "lesson/")
    wait_for_features(page)
    assert page.locator(".speaker-notes").count() >= 9 and not page.evaluate(CLASS_SLIDE)["pageNotesVisible"]
    page.emulate_media(media="print")
    assert not page.evaluate(CLASS_SLIDE)["pageNotesVisible"]
    page.emulate_media(media="screen")
    page.keyboard.press("v")
    position = page.locator(".slide-position")
    expect(position).to_contain_text("1 / ")
    code = page.get_by_role("heading", name="The code")
    while not code.is_visible():
        page.keyboard.press("ArrowRight")
    assert not page.evaluate(CLASS_SLIDE)["notesVisible"]
    page.keyboard.press("t")
    assert "No notes for this slide." in page.evaluate(CLASS_SLIDE)["notes"]
