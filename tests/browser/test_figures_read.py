"""Figures as a reader sees them: words about a heat map that stay true in every theme."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from browser.conftest import Tab, wait_for_features
from browser.test_every_page import APPLY_SETTING, SETTINGS, page_file, site_pages

pytestmark = pytest.mark.browser

# Both scripts below read colours as a browser computes them: rgb(...) or, from color-mix(), color(srgb 0-1 ...),
# and weigh them into relative luminance (WCAG).
COLOUR_HELPERS = """
    const rgb = text => text.match(/[\\d.]+/g).slice(0, 3).map(Number)
        .map(c => text.startsWith("color(") ? c * 255 : c);  // a color-mix() computes to color(srgb 0-1)
    const luminance = ([r, g, b]) => [r, g, b].map(c => c / 255)
        .map(c => c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
"""

# For each cell of the lesson's heat map: its weight, and how far its colour (the heat ink at the
# cell's opacity over the page) is from the page's background in relative luminance, signed:
# positive when the cell is darker than the page.
CELL_SHADES = """() => {
""" + COLOUR_HELPERS + """    const svg = document.querySelector("svg.abh-heatmap");
    const page = rgb(getComputedStyle(document.body).backgroundColor);
    return [...svg.querySelectorAll("rect.abh-cell.abh-heat")].map(cell => {
        const ink = rgb(getComputedStyle(cell).fill);
        const alpha = parseFloat(getComputedStyle(cell).fillOpacity);
        const seen = ink.map((c, i) => alpha * c + (1 - alpha) * page[i]);
        return [Number(cell.parentElement.querySelector("text").textContent), luminance(page) - luminance(seen)];
    });
}"""

WORDS_NEAR_THE_MAP = """() => {
    const figure = document.querySelector("svg.abh-heatmap").closest("figure");
    const before = figure.previousElementSibling;
    return [before ? before.textContent : "", figure.querySelector("figcaption")?.textContent || "",
            figure.querySelector("desc")?.textContent || ""].join(" ");
}"""


def claims_about_shade(words: str) -> set[str]:
    """The shade words ("darker", "lighter") used to say which cells carry more weight."""
    return set(re.findall(r"\b(darker|lighter|paler|brighter)\b", words.lower()))


@pytest.mark.parametrize("setting", ["default", "dark", "more-contrast"])
def test_the_lesson_heat_map_words_match_its_colours(page: Page, site_url: str, setting: str) -> None:
    """Assert more weight always stands out more from the page, and no word near the map says otherwise."""
    page.goto(site_url + "lesson/")
    wait_for_features(page)
    page.evaluate(APPLY_SETTING, list(SETTINGS[setting]))
    cells = sorted(page.evaluate(CELL_SHADES))
    contrast = [abs(shade) for _, shade in cells]
    assert contrast == sorted(contrast), cells  # the heavier the cell, the further from the page
    darker = cells[-1][1] > 0
    true_words = {"darker"} if darker else {"lighter", "paler", "brighter"}
    wrong = claims_about_shade(page.evaluate(WORDS_NEAR_THE_MAP)) - true_words
    assert not wrong, f"in {setting}, heavier cells are {'darker' if darker else 'lighter'}, yet the words say {wrong}"


# Each heat-map number: the contrast between its colour and the colour its cell shows on this page.
CELL_NUMBER_CONTRAST = """() => {
""" + COLOUR_HELPERS + """    const page = rgb(getComputedStyle(document.body).backgroundColor);
    return [...document.querySelectorAll(".md-content svg.abh-figure g > rect.abh-cell")].flatMap(cell => {
        const text = cell.parentElement.querySelector(".abh-cell-text");
        if (!text || !text.getClientRects().length) return [];
        const style = getComputedStyle(cell);
        const alpha = parseFloat(style.fillOpacity);
        const seen = rgb(style.fill).map((c, i) => alpha * c + (1 - alpha) * page[i]);
        const [a, b] = [luminance(seen), luminance(rgb(getComputedStyle(text).fill))].sort((x, y) => y - x);
        return [[text.textContent, (a + 0.05) / (b + 0.05), getComputedStyle(text).stroke]];
    });
}"""


@pytest.mark.parametrize("setting", ["default", "dark", "cream-and-tint", "more-contrast"])
def test_heat_map_numbers_read_without_a_halo(page: Page, site_url: str, setting: str) -> None:
    """Assert every number on a heat map has 4.5:1 against its cell, drawn without a halo, in four settings."""
    problems = {}
    for path in ["lesson/", "walkthrough/second-head/", "walkthrough/softmax/"]:
        page.goto(site_url + path)
        wait_for_features(page)
        page.evaluate(APPLY_SETTING, list(SETTINGS[setting]))
        page.wait_for_timeout(400)  # the numbers are recoloured once the theme has settled
        cells = page.evaluate(CELL_NUMBER_CONTRAST)
        assert cells, path
        low = [(text, round(ratio, 2), stroke) for text, ratio, stroke in cells if ratio < 4.5 or stroke != "none"]
        if low:
            problems[path] = low[:5]
    assert not problems, problems


# Every legend of every figure whose drawn box (in the figure's own units) reaches past its viewBox.
LEGENDS_OUTSIDE = """() => [...document.querySelectorAll(".md-content svg.abh-figure")].flatMap(svg => {
    const [, , width, height] = svg.getAttribute("viewBox").split(/[\\s,]+/).map(Number);
    return [...svg.querySelectorAll(".abh-legend > *")].map(part => [part, part.getBBox()])
        .filter(([, box]) => box.x < -0.5 || box.y < -0.5 || box.x + box.width > width + 0.5
                             || box.y + box.height > height + 0.5)
        .map(([part, box]) => [svg.querySelector("title")?.textContent, part.textContent || part.getAttribute("class"),
                               Math.round(box.x + box.width), width, Math.round(box.y + box.height), height]);
})"""


def test_every_figure_legend_is_drawn_inside_its_frame(tabs: Callable[..., Tab], built_site: Path,
                                                       site_url: str) -> None:
    """Assert no part of any figure's legend (the heat maps' "masked" among them) reaches past the figure's frame: on
    a 3-column map it was drawn 60 units outside it, clipped on a phone and missing in slides."""
    pages = [path for path in site_pages(built_site) if "abh-legend" in page_file(built_site, path).read_text("utf-8")]
    assert "walkthrough/causal-mask/" in pages
    page = tabs(viewport={"width": 1280, "height": 800}).page
    outside = {}
    for path in pages:
        page.goto(site_url + path)
        if found := page.evaluate(LEGENDS_OUTSIDE):
            outside[path] = found[:3]
    assert outside == {}
