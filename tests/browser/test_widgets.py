"""Slides, fill-in exercises and the calculator, used the way a reader uses them."""

from __future__ import annotations

import json
import math
import random
import re

import numpy as np
import pytest
from answer_cases import CASES
from playwright.sync_api import Browser, Page, expect

from attention_core import scaled_dot_product_attention
from attention_site.failed_page import error_page
from browser.conftest import open_context, wait_for_features
from browser.playground import BUS_IS_LATE

pytestmark = pytest.mark.browser


def visible_heading(page: Page) -> str:
    """The text of the h1 or h2 of the slide on screen."""
    heading = page.locator(".md-content__inner > [data-slide-current]:is(h1, h2)")
    return heading.evaluate("node => node.firstChild.textContent.trim()")


def expect_slide(page: Page, number: int, count: int | None, heading: str) -> None:
    """Assert slide `number` of `count` (any count if None) is the one on screen, in the counter and in the URL."""
    expect(page.locator(".slide-position")).to_have_text(re.compile(rf"^{number} / {count or '[0-9]+'}$"))
    assert visible_heading(page) == heading
    assert re.search(rf"[?&]slide={number}\b", page.url), page.url
    others = page.locator(".md-content__inner > [data-slide]:not([data-slide-current])")
    assert all(not block.is_visible() for block in others.all())


def test_slides_follow_keys_buttons_gear_and_url(page: Page, playground_url: str) -> None:
    """Assert keys, buttons, the gear and the URL move through the five slides as a presenter expects."""
    page.goto(playground_url)
    wait_for_features(page)
    page.get_by_role("button", name="Present as slides").click()
    headings = ["Playground", "Fill in the weights", "The calculator", "A wide table", "The last section"]
    expect_slide(page, 1, 5, headings[0])
    page.keyboard.press("ArrowRight")
    expect_slide(page, 2, 5, headings[1])
    page.keyboard.press("PageDown")
    expect_slide(page, 3, 5, headings[2])
    page.keyboard.press("End")
    expect_slide(page, 5, 5, headings[4])
    page.keyboard.press("ArrowLeft")
    expect_slide(page, 4, 5, headings[3])
    page.keyboard.press("Shift+Space")
    expect_slide(page, 3, 5, headings[2])
    page.keyboard.press("Space")
    expect_slide(page, 4, 5, headings[3])
    page.keyboard.press("PageUp")
    page.keyboard.press("Home")
    expect_slide(page, 1, 5, headings[0])

    page.reload()
    page.keyboard.press("ArrowRight")
    expect_slide(page, 2, 5, headings[1])
    page.reload()
    expect_slide(page, 2, 5, headings[1])

    page.get_by_role("button", name="Next slide").click()  # by mouse
    expect_slide(page, 3, 5, headings[2])
    previous = page.get_by_role("button", name="Previous slide")
    previous.focus()
    page.keyboard.press("Enter")  # by keyboard
    expect_slide(page, 2, 5, headings[1])
    page.keyboard.press("Space")  # on a focused button, Space presses it: once, not twice
    expect_slide(page, 1, 5, headings[0])
    expect(previous).to_be_disabled()

    gear = page.get_by_role("button", name="Slide settings")
    gear.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Reading settings")
    expect(dialog).to_be_visible()
    dialog.get_by_role("radio", name="175 %").check()
    page.keyboard.press("Escape")  # closes the panel, not the slides
    expect(dialog).to_be_hidden()
    expect(gear).to_be_focused()
    expect(page.locator("html")).to_have_attribute("data-text-size", "175")
    expect_slide(page, 1, None, headings[0])  # larger text: long sections now take several slides
    gear.click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Close").click()

    page.keyboard.press("Escape")
    expect(page.locator(".slide-controls")).to_have_count(0)
    assert "slide=" not in page.url
    expect(page.get_by_role("heading", name="The last section")).to_be_visible()
    page.keyboard.press("v")
    expect_slide(page, 1, None, headings[0])


def test_slides_fit_the_screen_on_a_phone(page: Page, playground_url: str) -> None:
    """Assert a slide fits a 375 px wide screen and the buttons stay on screen."""
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(playground_url + "?slide=3")
    expect(page.locator(".slide-position")).to_have_text(re.compile(r"^3 / \d+$"))  # a phone may need more slides
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    for name in ["Previous slide", "Next slide", "Slide settings"]:
        box = page.get_by_role("button", name=name).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 375 and box["y"] + box["height"] <= 667


def test_exercises_mark_right_and_wrong_answers_and_show_answers(page: Page, playground_url: str) -> None:
    """Assert Check marks each cell by the rounding rule, Show answers fills them, Clear empties them."""
    page.goto(playground_url)
    table = page.locator("table", has=page.locator(".fill-in"))
    toolbar = page.get_by_role("group", name="Check your answers")
    expect(toolbar).to_contain_text("Round to 3 decimal places")
    typed = {"weight of bus": "0.67", "weight of is": "0.1", "weight of late": "−0.245", "score of bus": "4/2"}
    for label, text in typed.items():
        table.get_by_role("textbox", name=label).fill(text)
    toolbar.get_by_role("button", name="Check").click()
    verdicts = {label: page.locator(".fill-in", has=page.get_by_role("textbox", name=label)).get_attribute("class")
                for label in typed}
    assert "fill-in--right" in verdicts["weight of bus"]  # 0.67: one place fewer, rounded
    assert "fill-in--wrong" in verdicts["weight of is"]  # 0.1: too few places
    assert "fill-in--wrong" in verdicts["weight of late"]  # the sign is wrong
    assert "fill-in--right" in verdicts["score of bus"]  # 4/2 is exactly 2
    expect(table.get_by_role("textbox", name="weight of is")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".fill-in--wrong .fill-in__mark").first).to_contain_text("wrong")
    expect(toolbar.get_by_role("status")).to_have_text("2 of 4 right; not yet: weight of is, weight of late.")

    table.get_by_role("textbox", name="weight of is").fill("0.090")
    table.get_by_role("textbox", name="weight of late").fill("0.2447")
    toolbar.get_by_role("button", name="Check").click()
    expect(toolbar.get_by_role("status")).to_have_text("4 of 4 right.")

    toolbar.get_by_role("button", name="Clear").click()
    expect(table.get_by_role("textbox", name="weight of bus")).to_have_value("")
    toolbar.get_by_role("button", name="Show answers").click()
    shown = [table.get_by_role("textbox", name=label).input_value() for label in typed]
    assert shown == ["0.665", "0.090", "0.245", "2"]


def test_the_lessons_checker_takes_answers_worked_from_the_printed_weights(page: Page, site_url: str) -> None:
    """Assert the lesson's Step 3 marks 1.225 (0.245 × 5, from the printed weight) and 1.23 right for 1.22, as it
    marks 1.2, and 1.21 wrong; and that the browser's rule gives every verdict of tests/answer_cases.py, as Python and
    LibreOffice do."""
    page.goto(site_url + "lesson/")
    wait_for_features(page)
    box = page.get_by_role("textbox", name="weight × value for late, entry 1")
    check = page.locator(".fill-in-toolbar", has_text="Round to 2").get_by_role("button", name="Check")
    cell = page.locator(".fill-in", has=box)
    for typed, verdict in [("1.225", "right"), ("1.23", "right"), ("1.2", "right"), ("1.21", "wrong")]:
        box.fill(typed)
        check.click()
        expect(cell).to_have_class(re.compile(rf"\bfill-in--{verdict}\b"))
    cases = [[repr(case.typed), case.answer, case.places, case.slack] for case in CASES]
    verdicts = page.evaluate("cases => cases.map(c => window.AttentionByHand.exercises.isRight(...c))", cases)
    assert verdicts == [case.right for case in CASES]


def displayed_weights(page: Page) -> list[str]:
    """The weights the calculator shows, top to bottom."""
    return page.locator(".attention-calculator .calculator__weight").all_inner_texts()


def reference_weights(query: list[float], keys: list[list[float]], scale: float, digits: int) -> list[str]:
    """Weights attention_core gives for one query row, formatted to `digits` places as the page shows them."""
    q, k = np.array([query], dtype=float), np.array(keys, dtype=float)  # (1, d_k), (n, d_k)
    result = scaled_dot_product_attention(q, k, k, scale=scale)  # weights (1, n)
    return [f"{w:.{digits}f}" for w in result.weights[0]]


def scroll_to_calculator(page: Page) -> None:
    """Scroll to the page's first calculator, as a reader does, and wait until it is built and shows its numbers
    (calculator.js arrives when a calculator comes near, and live.js, which computes them, after it)."""
    page.locator(".attention-calculator").first.scroll_into_view_if_needed()
    expect(page.locator(".calculator__input").first).to_be_visible()
    expect(page.locator(".attention-calculator").first).to_have_attribute("data-state", "ready")  # live.js's numbers


def set_vector(page: Page, label_prefix: str, vector: list[float]) -> None:
    """Type `vector` into the calculator's inputs whose names start with `label_prefix`."""
    for i, value in enumerate(vector, start=1):
        page.get_by_role("textbox", name=f"{label_prefix}, entry {i}").fill(str(value))


@pytest.mark.parametrize("where", ["playground", "lesson"])
def test_calculator_matches_attention_core(page: Page, request: pytest.FixtureRequest, where: str) -> None:
    """Assert the weights shown equal attention_core's, to the shown places, for (0, 1) and random inputs, and the
    title says whose query it is: late's, then the reader's (0, 1), then late's again after Reset."""
    if where == "lesson":
        page.goto(request.getfixturevalue("site_url") + "lesson/")
    else:
        page.goto(request.getfixturevalue("playground_url"))
    scroll_to_calculator(page)
    spec = json.loads(page.locator(".attention-calculator").first.get_attribute("data-calculator"))
    assert {key: spec[key] for key in BUS_IS_LATE} == BUS_IS_LATE
    digits, keys = spec["digits"], spec["keys"]
    assert displayed_weights(page) == reference_weights(spec["query"], keys, spec["scale"], digits)
    title = page.locator(".calculator__title").first
    expect(title).to_have_text("Attention calculator: the query of \u201clate\u201d")
    set_vector(page, "query of late", [0, 1])
    assert displayed_weights(page) == reference_weights([0, 1], keys, spec["scale"], digits)
    expect(title).to_have_text("Attention calculator: the query (0, 1)")

    generator = random.Random(5)
    for _ in range(2):
        query = [round(generator.uniform(-3, 3), 2) for _ in spec["query"]]
        keys = [[round(generator.uniform(-3, 3), 2) for _ in key] for key in spec["keys"]]
        set_vector(page, "query of late", query)
        for token, key in zip(spec["tokens"], keys, strict=True):
            set_vector(page, f"key of {token}", key)
        assert displayed_weights(page) == reference_weights(query, keys, spec["scale"], digits)

    page.get_by_role("textbox", name="query of late, entry 1").fill("abc")
    expect(page.get_by_role("alert")).to_contain_text("Not a number")
    page.get_by_role("button", name="Reset").click()
    assert displayed_weights(page) == ["0.665", "0.090", "0.245"]
    expect(page.locator(".calculator__output")).to_have_text("(7.88, 2.12)")
    expect(title).to_have_text("Attention calculator: the query of \u201clate\u201d")


def test_the_calculator_names_the_largest_weight_so_a_designed_query_is_checked(page: Page, site_url: str) -> None:
    """Assert the lesson's calculator names the token with the largest weight, as its exercise 5 asks the reader to
    check a query of their own: bus for late's query, is for (−1, 1), all three as a tie for (0, 0), and nothing
    while a box holds no number."""
    page.goto(site_url + "lesson/")
    scroll_to_calculator(page)
    largest = page.locator(".calculator__largest").first
    expect(largest).to_have_text("bus")
    for query, named in [([-1, 1], "is"), ([0, 0], "bus, is and late (a tie)"), ([-1, -2], "late")]:
        set_vector(page, "query of late", query)
        expect(largest).to_have_text(named)
    page.get_by_role("textbox", name="query of late, entry 1").fill("abc")
    expect(largest).to_have_text("\u2013")


def test_calculator_marks_a_box_without_a_number_and_steps_with_the_arrows(page: Page, playground_url: str) -> None:
    """Assert "abc" marks its box, says what a box accepts and blanks the results; arrows step a value."""
    page.goto(playground_url)
    box = page.get_by_role("textbox", name="query of late, entry 1")
    box.fill("abc")
    expect(box).to_have_attribute("aria-invalid", "true")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("\u201cabc\u201d in query of late, entry 1")
    expect(alert).to_contain_text("such as 2, -0.5, 1.25")
    assert box.get_attribute("aria-describedby") == alert.get_attribute("id")
    assert displayed_weights(page) == ["\u2013"] * 3  # no stale weights beside a box that gives none
    expect(page.locator(".calculator__output")).to_have_text("\u2013")

    box.fill("0.6931")
    expect(box).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator(".calculator__message")).to_be_hidden()
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth")  # wide enough for 0.6931
    box.fill("1")
    box.press("ArrowUp")
    expect(box).to_have_value("2")
    assert displayed_weights(page) == reference_weights([2, 0], BUS_IS_LATE["keys"], 1, 3)
    box.press("Shift+ArrowDown")
    expect(box).to_have_value("1.9")


def test_enter_in_an_answer_box_checks_the_table(page: Page, playground_url: str) -> None:
    """Assert Enter in a fill-in box runs Check, and the mark does not push the box's neighbours."""
    page.goto(playground_url)
    box = page.get_by_role("textbox", name="weight of bus")
    before = box.bounding_box()
    box.fill("0.665")
    box.press("Enter")
    expect(page.get_by_role("group", name="Check your answers").get_by_role("status")).to_have_text(
        "1 of 4 right; 3 empty.")
    expect(page.locator(".fill-in", has=box)).to_have_class(re.compile("fill-in--right"))
    assert box.bounding_box() == before


def test_red_ball_rolls_calculator_matches_attention_core(page: Page, site_url: str) -> None:
    """Assert the walk-through's calculator shows rolls' weights (1/4, 1/2, 1/4) and follows a new query."""
    page.goto(site_url + "walkthrough/weighted-sum/")
    scroll_to_calculator(page)
    spec = json.loads(page.locator(".attention-calculator").first.get_attribute("data-calculator"))
    assert spec["tokens"] == ["red", "ball", "rolls"] and spec["query_token"] == "rolls"
    keys, digits = spec["keys"], spec["digits"]
    assert displayed_weights(page) == reference_weights(spec["query"], keys, spec["scale"], digits)
    assert displayed_weights(page) == ["0.250", "0.500", "0.250"]
    set_vector(page, "query of rolls", [5])
    assert displayed_weights(page) == reference_weights([5], keys, spec["scale"], digits)
    assert float(displayed_weights(page)[1]) > 0.9


def test_the_calculator_is_a_view_over_live_js(browser: Browser, site_url: str) -> None:
    """Assert the lesson's calculator fetches live.js only when it comes near (not on a first visit), takes an entry
    as a live page's fields do (ln 2, 1/4), and shows its numbers by the site's one policy (a true minus)."""
    requests: list[str] = []
    context = open_context(browser, requests, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(site_url + "lesson/", wait_until="networkidle")
    scripts = lambda: {url.rsplit("/", 1)[-1] for url in requests if "/javascripts/" in url}  # noqa: E731
    assert "live.js" not in scripts()
    scroll_to_calculator(page)
    assert "live.js" in scripts()
    spec = json.loads(page.locator(".attention-calculator").first.get_attribute("data-calculator"))
    set_vector(page, "key of is", ["ln 2", "1/4"])
    box = page.get_by_role("textbox", name="key of is, entry 1")
    assert box.get_attribute("aria-invalid") is None
    keys = [spec["keys"][0], [math.log(2), 0.25], spec["keys"][2]]
    assert displayed_weights(page) == reference_weights(spec["query"], keys, spec["scale"], spec["digits"])
    set_vector(page, "query of late", [-1, 0])
    scores = page.locator(".calculator__results tbody tr").first.locator("td").first
    expect(scores).to_have_text("\u22122.000")
    context.close()


def test_printing_the_lesson_gives_a_worksheet_or_the_answer_key(page: Page, site_url: str) -> None:
    """Assert print shows empty boxes and no buttons, and the answer-key print shows each box's answer; and that a
    page printed before its boxes were built (exercises.js arrives when they come near) prints the same boxes."""
    page.goto(site_url + "lesson/")
    first = page.locator(".fill-in").first
    after = "el => getComputedStyle(el, '::after').content"
    page.emulate_media(media="print")
    assert page.locator(".fill-in__input").count() == 0
    assert first.evaluate("el => parseFloat(getComputedStyle(el).borderTopWidth)") > 0
    assert first.evaluate(after) in ("none", "normal", '""')
    page.emulate_media(media="screen")
    first.scroll_into_view_if_needed()
    page.locator(".fill-in__input").first.fill("0.7")
    page.emulate_media(media="print")
    assert page.locator(".fill-in-toolbar").first.is_hidden()
    assert page.locator(".fill-in__input").first.is_hidden()
    assert first.evaluate(after) in ("none", "normal", '""')
    page.evaluate("document.documentElement.setAttribute('data-print', 'answer-key')")
    assert first.evaluate(after) == f'"{first.get_attribute("data-display")}"'


def navigate_instantly(page: Page, path: str, heading: str) -> None:
    """Follow the navigation's link to `path` and assert Material's instant navigation brought the page (whose
    title holds `heading`) into the same document."""
    page.evaluate("window.sameDocument = true")
    page.locator(f'.md-nav--primary a.md-nav__link[href$="{path}"]').click()
    page.wait_for_url(re.compile(re.escape(path) + "(#.*)?$"))  # navigation.tracking may add the anchor in view
    expect(page.locator("h1")).to_contain_text(heading)
    assert page.evaluate("window.sameDocument === true"), "expected Material's instant navigation"


def test_widget_code_arrives_when_a_widget_comes_near_including_after_instant_navigation(
        browser: Browser, site_url: str) -> None:
    """Assert the lesson loads neither the exercises' nor the calculator's script until the reader scrolls near
    a fill-in cell or the calculator, that each then builds at once, and that pages reached by instant
    navigation get theirs too: from the script already loaded, or fetched when their first widget comes near."""
    requests: list[str] = []
    context = open_context(browser, requests, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(site_url + "lesson/", wait_until="networkidle")
        scripts = lambda: {url.rsplit("/", 1)[-1] for url in requests if "/javascripts/" in url}  # noqa: E731
        assert not {"exercises.js", "calculator.js"} & scripts(), scripts()
        assert page.locator(".fill-in__input").count() == 0

        page.locator(".fill-in").first.scroll_into_view_if_needed()
        expect(page.locator(".fill-in__input").first).to_be_visible()
        assert "exercises.js" in scripts()
        scroll_to_calculator(page)
        assert "calculator.js" in scripts()

        requests.clear()
        navigate_instantly(page, "walkthrough/weighted-sum/", "weighted sum")
        scroll_to_calculator(page)
        assert "calculator.js" not in scripts(), "a script is fetched once, then serves every later page"

        page.goto(site_url, wait_until="networkidle")
        requests.clear()
        navigate_instantly(page, "lesson/", "bus")
        assert "exercises.js" not in scripts()
        page.locator(".fill-in").first.scroll_into_view_if_needed()
        expect(page.locator(".fill-in__input").first).to_be_visible()
        assert "exercises.js" in scripts()
    finally:
        context.close()


def test_a_long_build_error_wraps_on_the_error_page(page: Page, site_url: str) -> None:
    """Assert the message of a page that does not build, as long as a bad example input's (300 characters on one
    line), wraps inside the page at 1280 px instead of running off it."""
    message = ("src/attention_core/examples/bus_is_late.py:25: ExampleInputError: BusIsLate.keys_text: entry '2x' is "
               "not understood; accepted: an optional '-' followed by an integer ('2'), a decimal ('0.5'), a fraction "
               "of integers ('1/4'), 'ln N' or 'sqrt N' with N a positive integer or decimal, at most 40 characters")
    page.goto(site_url + "lesson/")
    page.locator(".md-content__inner").evaluate("(inner, html) => { inner.innerHTML = html; }", error_page(message))
    shown = page.locator("pre.attn-build-error").evaluate("""pre => {
        const article = document.querySelector(".md-content__inner").getBoundingClientRect();
        return {inside: pre.getBoundingClientRect().right <= article.right + 1,
                scrolls: pre.scrollWidth > pre.clientWidth + 1,
                lines: Math.round(pre.clientHeight / parseFloat(getComputedStyle(pre).lineHeight)),
                page: document.documentElement.scrollWidth <= window.innerWidth};
    }""")
    assert shown["inside"] and not shown["scrolls"] and shown["page"] and shown["lines"] >= 2, shown
