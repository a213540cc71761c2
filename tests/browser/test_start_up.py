"""What a page does as it starts: nothing that makes the browser restyle the whole page once its content is parsed
(each such restyle blocks a phone's main thread longest on the longest pages), and the light/dark toggle, which the
site runs itself for that reason (overrides/partials/javascripts/palette.html), doing all that Material's did."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from browser.conftest import wait_for_features
from browser.test_phone import TABLES_THAT_SCROLL

pytestmark = pytest.mark.browser

LONG_PAGE = "lesson/"

# Run before the page's own scripts: record every change of a stylesheet link's address, every <meta> for the
# colour scheme or the browser's bar added or changed, each with whether the page's content had been parsed by then,
# and every table taken out of the page (a moved table is taken out and put back).
WATCH_START_UP = """(() => {
    const parsed = () => document.querySelector(".md-content") !== null;
    window.startUp = {links: [], metas: [], schemeAtContent: null, tablesTakenOut: 0};
    const href = Object.getOwnPropertyDescriptor(HTMLLinkElement.prototype, "href");
    Object.defineProperty(HTMLLinkElement.prototype, "href", {
        configurable: true,
        get: href.get,
        set(value) {
            if (this.rel === "stylesheet" && this.getAttribute("href") !== value) {
                window.startUp.links.push({from: this.getAttribute("href"), contentParsed: parsed()});
            }
            href.set.call(this, value);
        },
    });
    new MutationObserver((records) => {
        if (window.startUp.schemeAtContent === null && parsed()) {
            window.startUp.schemeAtContent = document.body.getAttribute("data-md-color-scheme");
        }
        for (const record of records) {
            for (const node of record.removedNodes) {
                if (node.nodeType === 1 && (node.matches("table") || node.querySelector("table"))) {
                    window.startUp.tablesTakenOut += 1;
                }
            }
            const nodes = record.type === "childList" ? [...record.addedNodes] : [record.target];
            for (const node of nodes) {
                if (node.nodeName === "META" && ["color-scheme", "theme-color"].includes(node.name)) {
                    window.startUp.metas.push({name: node.name, contentParsed: parsed()});
                }
            }
        }
    }).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["content"]});
})()"""

# The browser's bar colour Material would set: the header's background, as #rrggbb.
HEADER_COLOUR = """() => "#" + getComputedStyle(document.querySelector(".md-header")).backgroundColor
    .match(/\\d+/g).slice(0, 3).map((value) => (+value).toString(16).padStart(2, "0")).join("")"""


def metas(page: Page) -> dict[str, list[str]]:
    """The content of every colour-scheme and theme-colour <meta> in the page's head, by name."""
    return page.evaluate("""() => Object.fromEntries(["color-scheme", "theme-color"].map((name) =>
        [name, [...document.head.querySelectorAll(`meta[name="${name}"]`)].map((meta) => meta.content)]))""")


def test_no_stylesheet_is_loaded_again_once_the_content_is_parsed(page: Page, site_url: str) -> None:
    """Assert every stylesheet link's address is made absolute by the head script, before the content is parsed,
    so that Material's instant navigation, which makes every address absolute when it starts, reloads no stylesheet
    (a reload restyles the whole page and lays out all its text again)."""
    page.add_init_script(WATCH_START_UP)
    page.goto(site_url + LONG_PAGE)
    wait_for_features(page)
    changes = page.evaluate("window.startUp.links")
    stylesheets = page.evaluate("""() => [...document.querySelectorAll('link[rel="stylesheet"]')]
        .map((link) => link.getAttribute("href"))""")
    assert [change for change in changes if change["contentParsed"]] == []
    assert len(changes) == len(stylesheets), (changes, stylesheets)
    assert all(re.match(r"https?://", href) for href in stylesheets), stylesheets


def test_every_table_is_built_in_its_scroll_box_and_never_moved(page: Page, site_url: str) -> None:
    """Assert every table of the long page (but the calculator's, which its script makes) arrives in Material's
    scroll box, with the class that Material's script passes over, and that nothing takes a table out of the page
    as it starts: Material's script moves each table without a class into that box, and a moved table is styled
    and laid out again, all of it (attention_site/postprocess/page_body.py)."""
    page.add_init_script(WATCH_START_UP)
    page.goto(site_url + LONG_PAGE)
    wait_for_features(page)
    tables = page.evaluate("""() => [...document.querySelectorAll(".md-content table:not(.calculator__table)")]
        .map((table) => [table.className, table.parentElement.className, table.parentElement.parentElement.classList[0],
         table.parentElement.parentElement.parentElement.className])""")
    assert len(tables) >= 8, tables
    assert all(table[:3] == ["abh-table", "md-typeset__table", "md-typeset__scrollwrap"]
               and "md-typeset__scrollwrap" not in table[3] for table in tables), tables
    assert page.evaluate("window.startUp.tablesTakenOut") == 0


# Run before the page's own scripts: count every <wbr> put into the page's code once the document has been parsed.
WATCH_NAME_BREAKS = """(() => {
    window.breaksAdded = 0;
    let parsed = false;
    document.addEventListener("DOMContentLoaded", () => { parsed = true; });
    new MutationObserver((records) => {
        if (!parsed) return;
        for (const record of records) {
            for (const node of record.addedNodes) {
                const breaks = node.nodeName === "WBR" || (node.nodeType === 1 && node.querySelector("wbr"));
                if (breaks) window.breaksAdded += 1;
            }
        }
    }).observe(document, {childList: true, subtree: true});
})()"""


def test_names_in_code_arrive_with_their_breaks_and_none_is_added_after(page: Page, site_url: str) -> None:
    """Assert the long names in inline code of the PyTorch page (`torch.nn.functional.scaled_dot_product_attention`)
    arrive with their line-break opportunities written by the build, and that no script adds one as the page starts:
    a break added after the first paint wraps a line again and moves the page (Lighthouse's layout shift)."""
    page.add_init_script(WATCH_NAME_BREAKS)
    page.goto(site_url + "beyond/pytorch/")
    wait_for_features(page)
    names = page.evaluate("""() => [...document.querySelectorAll(".md-content :not(pre) > code:has(wbr)")]
        .map((code) => code.innerHTML)""")
    assert "torch.<wbr>nn.<wbr>functional.<wbr>scaled_<wbr>dot_<wbr>product_<wbr>attention" in names, names[:5]
    assert page.evaluate("window.breaksAdded") == 0


# Every table of the page twice, at the end of its article, each copy the only child of a container of its own (so
# that no sibling rule tells them apart): once as the build writes it, once as a plain table (no class), which is
# what Material's stylesheet styles; then every computed property of every element of the two, side by side. The
# offsets of a positioned element (a sticky header row) are where the layout put it, which differs between copies.
PLAIN_TABLE_DIFFERENCES = """() => {
    const article = document.querySelector(".md-content__inner");
    const offset = /^(top|right|bottom|left|inset-(block|inline)-(start|end))$/;
    const copies = (box, plain) => {
        const holder = document.createElement("div");
        const copy = box.cloneNode(true);
        if (plain) copy.querySelector("table").removeAttribute("class");
        holder.append(copy);
        article.append(holder);
        return [copy, ...copy.querySelectorAll("*")];
    };
    const differences = [];
    const boxes = [...article.querySelectorAll(".md-typeset__scrollwrap:has(> .md-typeset__table > table.abh-table)")];
    for (const [index, box] of boxes.entries()) {
        const built = copies(box, false), plain = copies(box, true);
        built.forEach((element, i) => {
            const ours = getComputedStyle(element), materials = getComputedStyle(plain[i]);
            for (const property of ours) {
                const [mine, theirs] = [ours.getPropertyValue(property), materials.getPropertyValue(property)];
                if (mine !== theirs && !(offset.test(property) && ours.position !== "static")) {
                    differences.push(`table ${index + 1} <${element.localName}> ${property}: ${mine}, plain ${theirs}`);
                }
            }
        });
    }
    return [boxes.length, differences];
}"""


@pytest.mark.parametrize("width", [1280, 1024])
def test_a_table_of_seven_columns_fits_the_column_of_text(page: Page, site_url: str, width: int) -> None:
    """Assert no table of the KV-cache page (seven and nine columns of model sizes) scrolls sideways on a desktop:
    Material's 5rem floor on each header cell made the seven-column ones 14 px wider than the column of text."""
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + "beyond/kv-cache-memory/")
    wait_for_features(page)
    assert page.locator(".md-content table:has(tr > :nth-child(7))").count() >= 2
    assert page.evaluate(TABLES_THAT_SCROLL) == []


@pytest.mark.parametrize("width", [1280, 375])
def test_a_built_table_looks_exactly_as_material_draws_a_plain_table(page: Page, site_url: str, width: int) -> None:
    """Assert every table of the long page computes every style as Material's stylesheet styles a plain table:
    reader.css restates Material's rules for the class the build gives tables (so that Material's script does not
    move them), and a Material release that changed those rules would otherwise leave the site's tables behind."""
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + LONG_PAGE)
    wait_for_features(page)
    tables, differences = page.evaluate(PLAIN_TABLE_DIFFERENCES)
    assert tables >= 8
    assert not differences, f"{len(differences)} differences, the first ones:\n" + "\n".join(differences[:20])


@pytest.mark.parametrize(("system", "scheme", "colour_scheme"), [("light", "default", "light"),
                                                                 ("dark", "slate", "dark")])
def test_the_colour_scheme_is_set_before_the_content_and_never_after(page: Page, site_url: str, system: str,
                                                                   scheme: str, colour_scheme: str) -> None:
    """Assert a first visit follows the system's light or dark before any content is parsed (no flash, no restyle),
    and that the two <meta> tags for the browser (its scrollbars, its bar's colour) are each added once and set then
    and never again as the page starts."""
    page.emulate_media(color_scheme=system)
    page.add_init_script(WATCH_START_UP)
    page.goto(site_url + LONG_PAGE)
    wait_for_features(page)
    start_up = page.evaluate("window.startUp")
    assert start_up["schemeAtContent"] == scheme
    assert start_up["metas"], "no colour-scheme or theme-colour <meta> was seen"
    assert [meta for meta in start_up["metas"] if meta["contentParsed"]] == []
    assert metas(page) == {"color-scheme": [colour_scheme], "theme-color": [page.evaluate(HEADER_COLOUR)]}


def test_the_header_toggle_cycles_the_themes_remembers_the_choice_and_answers_enter(page: Page,
                                                                                 site_url: str) -> None:
    """Assert the header's toggle goes from following the system to light, to dark and back, showing one button at a
    time, with the browser's <meta> tags following; that the choice is the page's after a reload; that Enter on the
    toggle moves on as a click does; and that while it follows the system, a change of the system's scheme shows."""
    page.emulate_media(color_scheme="light")
    page.goto(site_url + LONG_PAGE)
    wait_for_features(page)
    body = page.locator("body")
    toggle = page.locator("[data-theme-toggle]")
    steps = [("Switch to light mode", "default", "(prefers-color-scheme: light)"),
             ("Switch to dark mode", "slate", "(prefers-color-scheme: dark)"),
             ("Switch to system preference", "default", "(prefers-color-scheme)")]
    for button, scheme, media in steps:
        expect(toggle.locator("label:not([hidden])")).to_have_count(1)
        toggle.get_by_title(button).click()
        expect(body).to_have_attribute("data-md-color-scheme", scheme)
        expect(body).to_have_attribute("data-md-color-media", media)
        assert metas(page)["theme-color"] == [page.evaluate(HEADER_COLOUR)]
        assert metas(page)["color-scheme"] == ["dark" if scheme == "slate" else "light"]

    page.emulate_media(color_scheme="dark")  # following the system, which turns dark
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    page.emulate_media(color_scheme="light")
    expect(body).to_have_attribute("data-md-color-scheme", "default")

    toggle.get_by_title("Switch to light mode").click()
    toggle.get_by_title("Switch to dark mode").click()
    page.reload()
    wait_for_features(page)
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    expect(toggle.get_by_title("Switch to system preference")).to_be_visible()

    page.locator("input[data-md-color-media='(prefers-color-scheme: dark)']").focus()
    page.keyboard.press("Enter")
    expect(body).to_have_attribute("data-md-color-media", "(prefers-color-scheme)")
    expect(toggle.get_by_title("Switch to light mode")).to_be_visible()
