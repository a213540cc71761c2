"""On a 375 px phone: every answer box of every fill-in table in view, tables of short numbers that fit the screen,
wide tables that say they scroll, the API page's docstrings and a line of separate formulas wrapped, display
math from edge to edge, tables of sentences compared as a card per row."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.conftest import ARTIFACTS, Tab, foreign, open_context, wait_for_features
from browser.test_every_page import APPLY_SETTING, SETTINGS, page_file, site_pages

pytestmark = pytest.mark.browser

WIDTH = 375

# Every answer box whose box is not wholly inside the screen, or is hidden by something that
# scrolls (a box one has to scroll sideways to find does not count as in view).
BOXES_OUT_OF_VIEW = """(selector) => {
    const out = [];
    for (const input of document.querySelectorAll(selector)) {
        const box = input.getBoundingClientRect();
        let clipped = box.left < 0 || box.right > window.innerWidth || box.width === 0;
        for (let node = input.parentElement; node && !clipped; node = node.parentElement) {
            if (!/auto|scroll|hidden/.test(getComputedStyle(node).overflowX)) continue;
            const frame = node.getBoundingClientRect();
            clipped = box.left < frame.left - 1 || box.right > frame.right + 1;
        }
        if (clipped) out.push([input.getAttribute("aria-label"), Math.round(box.left), Math.round(box.right)]);
    }
    return out;
}"""


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A 375 x 740 touch screen; fails the test on any request to another host."""
    requests: list[str] = []
    context = open_context(browser, requests, viewport={"width": WIDTH, "height": 740}, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()
    assert not [url for url in requests if foreign(url)]


TYPING_BOXES = """() => [...document.querySelectorAll(".fill-in__input, .calculator__input")].map(input => ({
    label: input.getAttribute("aria-label"), px: parseFloat(getComputedStyle(input).fontSize),
    mode: input.getAttribute("inputmode")}))"""


def test_answer_boxes_take_a_minus_and_a_slash_without_zooming_a_phone(phone: Page, site_url: str) -> None:
    """Assert every fill-in box and calculator box of the lesson has text of at least 16 px (iOS zooms the page into a
    field under 16 px: they had 12.8 px) and a keyboard with a minus and a slash (iOS's decimal pad has neither,
    while the rule under each table invites -0.5 and 1/4)."""
    phone.goto(site_url + "lesson/")
    wait_for_features(phone)
    boxes = phone.evaluate(TYPING_BOXES)
    assert len(boxes) >= 20
    assert [box for box in boxes if box["px"] < 16 or box["mode"] in {"decimal", "numeric", "tel"}] == []


def test_every_answer_box_is_in_view_on_a_phone(phone: Page, built_site: Path, site_url: str) -> None:
    """Assert at 375 px, at 100 % and 200 % text, every input of every fill-in table lies inside the screen."""
    pages = [path for path in site_pages(built_site)
             if 'class="fill-in"' in page_file(built_site, path).read_text("utf-8")]
    assert "lesson/" in pages and "walkthrough/exercises/" in pages
    out = {}
    for path in pages:
        phone.goto(site_url + path)
        wait_for_features(phone)
        assert phone.locator(".fill-in__input").count() > 0
        for setting in ["default", "text-200"]:
            phone.evaluate(APPLY_SETTING, [SETTINGS[setting][0], "default"])
            if boxes := phone.evaluate(BOXES_OUT_OF_VIEW, ".md-content .fill-in__input"):
                out[f"{path} ({setting})"] = boxes
    assert not out, json.dumps(out, indent=1)


def test_the_paired_boxes_of_step_3_sit_in_one_card_per_row(phone: Page, site_url: str) -> None:
    """Assert the lesson's step 3 shows each token's two boxes together, with the column's name, typed into."""
    phone.goto(site_url + "lesson/")
    wait_for_features(phone)
    first = phone.get_by_role("textbox", name="weight × value for bus, entry 1")
    second = phone.get_by_role("textbox", name="weight × value for bus, entry 2")
    first.scroll_into_view_if_needed()
    first.fill("6.65")
    second.fill("0")
    expect(second).to_be_in_viewport()
    row = phone.locator("tr", has=first)
    assert row.evaluate("r => getComputedStyle(r).display") == "block"
    assert "weight × value" in row.locator("td", has=first).evaluate("td => getComputedStyle(td, '::before').content")
    ARTIFACTS.mkdir(exist_ok=True)
    row.screenshot(path=str(ARTIFACTS / "phone-step-3-card.png"))


def test_every_calculator_box_is_in_view_on_a_phone(phone: Page, site_url: str) -> None:
    """Assert at 375 px every box of the lesson's calculator (query, keys, values) lies inside the screen."""
    phone.goto(site_url + "lesson/")
    wait_for_features(phone)
    assert phone.locator(".calculator__input").count() == 14
    assert phone.evaluate(BOXES_OUT_OF_VIEW, ".calculator__input") == []


def test_a_table_that_scrolls_sideways_says_so(phone: Page, playground_url: str) -> None:
    """Assert the playground's 24-column table shows a "scrolls sideways" cue on a phone."""
    phone.goto(playground_url)
    wait_for_features(phone)
    wrapper = phone.locator(".md-typeset__scrollwrap", has=phone.locator("th", has_text="column 23"))
    expect(wrapper).to_have_attribute("data-scrolls", "")
    cue = wrapper.evaluate("w => getComputedStyle(w, '::before').content")
    assert "scrolls sideways" in cue


# Every table box of the page that scrolls sideways: its first cell, its number of columns and how far it overflows.
TABLES_THAT_SCROLL = """() => [...document.querySelectorAll(".md-content .md-typeset__scrollwrap")]
    .filter(box => box.querySelector("table") && box.scrollWidth > box.clientWidth + 1)
    .map(box => `"${box.querySelector("th, td").textContent.trim()}": ${box.querySelector("tr").cells.length} `
        + `columns, ${box.scrollWidth - box.clientWidth} px too wide`)"""

# Pages whose every table is a few columns of short numbers (the running examples'), which fit a phone.
PAGES_OF_SMALL_TABLES = ["lesson/", "walkthrough/scores/", "walkthrough/causal-mask/", "walkthrough/softmax/",
                         "walkthrough/output-projection/", "walkthrough/transformer-layer/", "walkthrough/meaning/"]


def test_a_table_of_short_numbers_fits_a_phone_without_scrolling(phone: Page, site_url: str) -> None:
    """Assert no table of pages of small tables scrolls sideways at 375 px: Material's 5rem floor on a header
    cell's width made a 4 x 4 table of two-digit numbers 402 px wide (reader.css lifts it on narrow screens)."""
    scrolling = {}
    for path in PAGES_OF_SMALL_TABLES:
        phone.goto(site_url + path)
        wait_for_features(phone)
        assert phone.locator(".md-content table").count() > 0, path
        if tables := phone.evaluate(TABLES_THAT_SCROLL):
            scrolling[path] = tables
    assert not scrolling, json.dumps(scrolling, indent=1)


def test_the_api_page_docstrings_wrap_on_a_phone(phone: Page, site_url: str) -> None:
    """Assert no signature or docstring of the API page is wider than its box at 375 px: they are prose, wrapped
    on a narrow screen instead of read a screen at a time sideways."""
    phone.goto(site_url + "reference/api/")
    wait_for_features(phone)
    blocks = phone.locator(".md-content pre.abh-text")
    assert blocks.count() > 50
    too_wide = phone.evaluate("""() => [...document.querySelectorAll(".md-content pre.abh-text")]
        .filter(block => block.scrollWidth > block.clientWidth + 1)
        .map(block => block.textContent.split("\\n")[0])""")
    assert too_wide == []


# Each display line of separate statements (one <math> each, split at \qquad): how wide it is against its box, the
# rows its statements take and the space between each two.
STATEMENT_LINES = """() => [...document.querySelectorAll(".md-content div.arithmatex:has(> math + math)")]
  .map(line => ({
    over: line.scrollWidth - line.clientWidth,
    rows: 1 + [...line.children].slice(1).filter((math, i) =>
        math.getBoundingClientRect().left <= line.children[i].getBoundingClientRect().left).length,
    gaps: [...line.children].slice(1).map((math, i) =>
        Math.round(math.getBoundingClientRect().left - line.children[i].getBoundingClientRect().right)),
}))"""


def test_a_line_of_separate_statements_wraps_on_a_phone(phone: Page, page: Page, site_url: str) -> None:
    """Assert "q = x W_Q, k = x W_K, v = x W_V" on one display line (query, key, value) sits on one row 2em apart
    on a desktop, and LayerNorm's three definitions, wider than a phone together, wrap to its screen one under
    another instead of scrolling sideways."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + "walkthrough/query-key-value/")
    wait_for_features(page)
    [desktop] = page.evaluate(STATEMENT_LINES)
    em = page.locator(".md-content div.arithmatex:has(> math + math)").evaluate(
        "line => parseFloat(getComputedStyle(line).fontSize)")
    assert desktop["rows"] == 1 and desktop["over"] <= 0
    assert all(abs(gap - 2 * em) <= 1 for gap in desktop["gaps"]), (desktop, em)
    phone.goto(site_url + "walkthrough/transformer-layer/")
    wait_for_features(phone)
    [narrow] = phone.evaluate(STATEMENT_LINES)
    assert narrow["rows"] >= 2 and narrow["over"] <= 1, narrow


# Each display formula's box as laid out: its edges, whether it scrolls, and the middle of what it draws.
DISPLAY_BOXES = """() => [...document.querySelectorAll('.md-content div.arithmatex')].map(box => {
    const edges = box.getBoundingClientRect(), maths = [...box.children].map(math => math.getBoundingClientRect());
    const left = Math.min(...maths.map(math => math.left)), right = Math.max(...maths.map(math => math.right));
    return {formula: box.textContent.slice(0, 40), left: edges.left, right: edges.right, middle: (left + right) / 2,
            scrolls: box.scrollWidth > box.clientWidth + 1};
})"""


def test_display_math_runs_to_the_screen_edges_and_sits_in_the_middle_on_a_phone(phone: Page, site_url: str) -> None:
    """Assert every display formula's box on the rotary page runs from edge to edge of a phone's screen, as code
    does, and a formula that fits sits in the middle of the screen (the box once stopped 32 px short of the right
    edge, every formula off centre, and the rotation's matrices scrolled for their last few pixels)."""
    phone.goto(site_url + "beyond/rotary-and-alibi/")
    wait_for_features(phone)
    boxes = phone.evaluate(DISPLAY_BOXES)
    assert len(boxes) >= 4
    assert [box for box in boxes if abs(box["left"]) > 0.5 or abs(box["right"] - WIDTH) > 0.5] == []
    assert [box["formula"] for box in boxes if box["scrolls"]] == []
    assert [box for box in boxes if abs(box["middle"] - WIDTH / 2) > 1] == []


# Each table of sentences in a rows-as-cards box: whether it or its box scrolls, whether its header row shows, and
# what each row shows as its cells' labels (the label drawn before each cell but the first).
CARDS = """() => [...document.querySelectorAll('.md-content .rows-as-cards table')].map(table => ({
    scrolls: [table, table.closest('.md-typeset__scrollwrap')].some(box => box.scrollWidth > box.clientWidth + 1),
    header: table.tHead.getBoundingClientRect().height > 1,
    right: table.getBoundingClientRect().right,
    columns: [...table.tHead.rows[0].cells].map(cell => cell.textContent.trim()),
    labels: [...table.tBodies[0].rows].map(row => [...row.cells].slice(1).map(cell =>
        getComputedStyle(cell, '::before').content.replace(/^"|"$/g, ''))),
}))"""


def test_a_table_of_sentences_compared_reads_as_a_card_per_row_on_a_phone(phone: Page, page: Page,
                                                                          site_url: str) -> None:
    """Assert each of the variants page's four comparison tables (aspect, post-norm, pre-norm; ...) is a table with
    its header row on a desktop, and on a phone a card per row that never scrolls sideways, each cell after the
    first labelled with its column's name (the first, post-norm against pre-norm, scrolled by 214 px)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    for tab in (page, phone):
        tab.goto(site_url + "beyond/variants/")
    desktop, narrow = page.evaluate(CARDS), phone.evaluate(CARDS)
    assert len(desktop) == len(narrow) == 4
    assert all(table["header"] and table["labels"][0] == ["none", "none"] for table in desktop), desktop
    for table in narrow:
        assert not table["scrolls"] and not table["header"] and table["right"] <= WIDTH, table
        assert table["labels"] == [table["columns"][1:]] * len(table["labels"]), table


def test_a_card_numbered_by_its_first_cell_is_titled_with_its_column(phone: Page, page: Page, site_url: str) -> None:
    """Assert the transformer layer's four steps, a table on a desktop whose first column holds 1 to 4 under "step",
    are cards titled "step 1" to "step 4" on a phone, where a bare "1" would say nothing."""
    page.set_viewport_size({"width": 1280, "height": 800})
    for tab in (page, phone):
        tab.goto(site_url + "walkthrough/transformer-layer/")
    for step in range(1, 5):
        expect(phone.locator(".rows-as-cards").get_by_role("cell", name=f"step {step}", exact=True)).to_be_visible()
        expect(page.locator(".rows-as-cards").get_by_role("cell", name=str(step), exact=True)).to_be_visible()


def test_a_fill_in_table_shown_as_cards_does_not_say_it_scrolls(phone: Page, site_url: str) -> None:
    """Assert the exercises' fill-in tables, a card per row on a phone, carry no "scrolls sideways" cue: the
    table scrolled before the exercises' script laid it out as cards, so its box must be measured again after."""
    phone.goto(site_url + "walkthrough/exercises/")
    wait_for_features(phone)
    boxes = phone.locator(".md-typeset__scrollwrap", has=phone.locator("table[data-fill-in-table]"))
    assert boxes.count() >= 1
    for index in range(boxes.count()):
        expect(boxes.nth(index)).not_to_have_attribute("data-scrolls", "")
        assert boxes.nth(index).evaluate("box => box.scrollWidth <= box.clientWidth + 1")


# The smallest text of each figure on screen, in CSS pixels (its font size times the figure's scale),
# and the page's small text: the size of a table's text.
FIGURE_TEXT = """() => {
    const table = document.querySelector(".md-content .md-typeset table.abh-table");
    const small = table ? parseFloat(getComputedStyle(table).fontSize) : 12.8;
    const figures = [...document.querySelectorAll(".md-content svg.abh-figure")]
        .filter(svg => svg.getClientRects().length);
    return {small, figures: figures.map(svg => {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const sizes = [...svg.querySelectorAll("text")]
            .map(text => parseFloat(getComputedStyle(text).fontSize) * scale);
        return [svg.querySelector("title").textContent, Math.min(...sizes)];
    }), scrolling: figures.filter(svg => svg.parentElement.scrollWidth > svg.parentElement.clientWidth + 1)
        .map(svg => svg.querySelector("title").textContent)};
}"""


def test_figure_text_is_never_smaller_than_the_page_small_text_on_a_phone(
        phone: Page, built_site: Path, site_url: str) -> None:
    """Assert at 375 px, at 100 % and 200 % text, no figure's text is smaller than the page's table text; and at
    100 % every figure fits the screen but the map of 32 positions by 32 dimensions, whose 1,024 cells and their
    labels need 500 px (the RNN's path, with its row names on the left, hid token 6 off the screen)."""
    pages = [path for path in site_pages(built_site) if "abh-figure" in page_file(built_site, path).read_text("utf-8")]
    assert len(pages) >= 5
    too_small, scrolling = {}, set()
    for path in pages:
        phone.goto(site_url + path)
        wait_for_features(phone)
        for setting in ["default", "text-200"]:
            phone.evaluate(APPLY_SETTING, [SETTINGS[setting][0], "default"])
            measured = phone.evaluate(FIGURE_TEXT)
            small = [(title, round(size, 1)) for title, size in measured["figures"] if size < measured["small"] - 0.05]
            if small:
                too_small[f"{path} ({setting}, page text {measured['small']} px)"] = small
            if setting == "default":
                scrolling |= {f"{path}: {title}" for title in measured["scrolling"]}
    assert not too_small, json.dumps(too_small, indent=1)
    assert {entry for entry in scrolling if "32 positions by 32 dimensions" not in entry} == set()
    assert scrolling, "the map of 32 positions, 500 px wide, no longer scrolls: the walk no longer sees scrolling"


# Each line chart's figure on the page: the class of the one drawing shown (wide or narrow) and whether the figure
# scrolls sideways.
CHARTS_SHOWN = """() => [...document.querySelectorAll(".md-content figure")]
    .filter(figure => figure.querySelector("svg.abh-chart"))
    .map(figure => [[...figure.querySelectorAll("svg.abh-chart")].filter(svg => svg.getClientRects().length)
        .map(svg => svg.classList[2]).join(" "), figure.scrollWidth > figure.clientWidth + 1])"""


@pytest.mark.parametrize("path", ["walkthrough/cost/", "walkthrough/scaling/", "reference/performance/"])
def test_a_line_chart_is_drawn_to_fit_the_column(tabs: Callable[..., Tab], site_url: str, path: str) -> None:
    """Assert a line chart shows whole, in one drawing: the wide one on a desktop, the narrow one on a phone and
    wherever the wide one would need more than the column at the reader's text size; only at 200 % text on a phone
    does the narrow one scroll sideways (its labels keep their size)."""
    expected = {(WIDTH, "default"): ["abh-chart-narrow", False], (WIDTH, "text-200"): ["abh-chart-narrow", True],
                (1280, "default"): ["abh-chart-wide", False], (1280, "text-200"): ["abh-chart-narrow", False]}
    seen = {}
    for width in (WIDTH, 1280):
        tab = tabs(viewport={"width": width, "height": 800}, is_mobile=width == WIDTH, has_touch=width == WIDTH)
        tab.page.goto(site_url + path)
        for setting in ("default", "text-200"):
            tab.page.evaluate(APPLY_SETTING, [SETTINGS[setting][0], "default"])
            charts = tab.page.evaluate(CHARTS_SHOWN)
            assert charts and all(chart == charts[0] for chart in charts), charts
            seen[width, setting] = charts[0]
        assert not [url for url in tab.requests if foreign(url)]
    assert seen == expected
