"""Figures as a reader sees them: words about a heat map that stay true in every theme."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from browser.conftest import wait_for_features
from browser.test_every_page import APPLY_SETTING, SETTINGS

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
