"""Search: found words, and the search's documents fetched only once the reader opens the search."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from browser.conftest import wait_for_features

pytestmark = pytest.mark.browser

DOCUMENTS = "search/documents.json"
MATERIAL_WORKER = "assets/javascripts/workers/search."


def test_search_finds_a_page_and_loads_its_documents_only_when_opened(page: Page, site_url: str) -> None:
    """Assert a first visit fetches neither the documents nor Material's worker, and a search then finds pages."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.removeprefix(site_url)))
    page.goto(site_url + "lesson/", wait_until="networkidle")
    wait_for_features(page)
    assert not [url for url in fetched if url.startswith((DOCUMENTS, MATERIAL_WORKER))], fetched

    page.keyboard.press("s")
    page.keyboard.type("softmax")
    titles = page.locator(".md-search-result__item h1")
    titles.first.wait_for()
    assert any(title.startswith("Softmax") for title in titles.all_inner_texts()), titles.all_inner_texts()
    assert fetched.count(DOCUMENTS) == 1

    page.locator(".md-search-result__item a").first.click()
    page.wait_for_url("**/softmax/**")
    expect(page.locator(".md-content h1")).to_contain_text("Softmax")
    page.keyboard.press("s")
    search = page.locator(".md-search__input")
    expect(search).to_be_focused()
    search.press("Control+a")  # the box may still hold the last query; a reader retypes it whole
    page.keyboard.type("causal mask")  # keys, as a reader types: Material searches on keyup, which fill() never sends
    expect(titles.first).to_have_text("The causal mask")
    assert fetched.count(DOCUMENTS) == 1, "instant navigation keeps the worker and its index"


def test_search_opened_from_a_link_with_a_query(page: Page, site_url: str) -> None:
    """Assert a link that opens the search with ?q= shows its results straight away."""
    page.goto(site_url + "?q=kv+cache")
    page.locator(".md-search-result__item").first.wait_for()
    assert page.locator(".md-search-result__meta").inner_text() != "Initializing search"


def test_a_result_shows_its_formulas_as_text_not_latex(page: Page, site_url: str) -> None:
    """Assert a search result quotes a heading's and a paragraph's formulas as a reader types them (∂L/∂M), with no
    LaTeX command in what the results show."""
    page.goto(site_url + "?q=jacobian")
    wait_for_features(page)
    results = page.locator(".md-search-result__list")
    expect(results).to_contain_text("Back through softmax: ∂L/∂M")
    expect(results).to_contain_text("∂L/∂m = J ∂L/∂a")
    assert re.findall(r"\\[A-Za-z]+", results.inner_text()) == []  # a corner such as "weight \ score" is text


def test_a_result_quoting_a_docstring_wraps_on_a_phone(page: Page, site_url: str) -> None:
    """Assert on a 375 px screen a result that quotes an API docstring (a <pre>) wraps its lines: the results' box
    clips whatever is wider, so the ends of the lines were lost."""
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(site_url + "?q=softmax")
    wait_for_features(page)
    expect(page.locator(".md-search-result__meta")).to_have_text(re.compile(r"\d+ matching documents"))
    quoted = page.locator(".md-search-result pre", has_text="Return softmax").filter(visible=True)
    results = page.locator(".md-search__scrollwrap")
    for _ in range(20):  # the API ranks below the lesson and chapters: Material shows ten pages, more as one scrolls
        if quoted.count() or not results.evaluate("box => box.scrollTop + box.clientHeight < box.scrollHeight - 1"):
            break
        results.evaluate("box => box.scrollTo(0, box.scrollHeight)")
        page.wait_for_timeout(100)
    expect(quoted.first).to_be_visible()  # the first result of the API page; its others are folded under "more"
    for pre in quoted.all():
        assert pre.evaluate("pre => pre.scrollWidth <= pre.clientWidth + 1 && pre.getBoundingClientRect().right <= 375")


LEARNER_PAGES = ("lesson/", "walkthrough/")
REFERENCE_PAGES = ("reference/api/", "reference/directives/")
RESULT_PAGES = """() => [...document.querySelectorAll(".md-search-result__list > .md-search-result__item")]
    .map(item => new URL(item.querySelector("a").href).pathname)"""


def settled_results(page: Page) -> list[str]:
    """The result pages once the list stops changing: Material searches at every keyup, so the list shown when the
    count first appears may still be that of a word half typed ("dot p"), on a slow machine."""
    shown = page.evaluate(RESULT_PAGES)
    for _ in range(40):
        page.wait_for_timeout(250)
        now = page.evaluate(RESULT_PAGES)
        if now == shown:
            return now
        shown = now
    raise AssertionError(f"the search results kept changing: {shown}")


@pytest.mark.parametrize("words", ["dot product", "softmax"])
def test_a_learner_s_words_find_the_lesson_and_chapters_before_the_reference(
        page: Page, site_url: str, words: str) -> None:
    """Assert a learner's words, typed in the search, list a page of the lesson or the walk-through first (the lesson
    is boosted for "dot product", where a page going further came first), and every reference page (the API, the
    directives) below every page of the lesson and the walk-through: a section of the reference titled
    `dot-product-gradients` or `softmax` ranked above the lesson, since titles weigh a thousand times more."""
    page.goto(site_url + "lesson/")
    wait_for_features(page)
    page.keyboard.press("s")
    page.keyboard.type(words)
    expect(page.locator(".md-search-result__meta")).to_have_text(re.compile(r"\d+ matching documents"))
    ranked = [path.removeprefix(urlsplit(site_url).path) for path in settled_results(page)]
    learner = [rank for rank, path in enumerate(ranked) if path.startswith(LEARNER_PAGES)]
    reference = [rank for rank, path in enumerate(ranked) if path.startswith(REFERENCE_PAGES)]
    assert learner, f"'{words}' found no page of the lesson or the walk-through: {ranked}"
    assert ranked[0].startswith(LEARNER_PAGES), f"'{words}' lists another page before the lesson's: {ranked}"
    assert all(rank > max(learner) for rank in reference), f"'{words}' ranks a reference page above a chapter: {ranked}"
