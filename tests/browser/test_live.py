"""Live pages in Chromium: the reader changes an example's inputs and every directive of the page follows, equal to
what the build writes for the same inputs, element by element (tests/live_parity.py gives the build's side)."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path

import pytest
from conftest import made_once
from mutations import DOCS, as_tuples, other_mutations, takes, text_mutations
from playwright.sync_api import Browser, Page, expect

from attention_core import EXAMPLES
from attention_core.examples.base import Example
from attention_site.directives.mirror import mirror_of
from attention_site.live import MANIFEST, page_manifest
from browser.conftest import Tab, open_context, run_axe

pytestmark = pytest.mark.browser

LESSON = "lesson/"
RUNNER = Path(__file__).resolve().parent.parent / "live_parity.py"
# Read what the page shows for every live directive, the same way from the live page and from the build's HTML:
# a table's cells (a blank by what "show answers" writes and its answer to 12 digits: NumPy's matrix product, run by
# BLAS with fused multiply-adds, may differ from a loop in the last bit) and note, a figure's cells and text
# alternative, a check's mark (empty while it holds), anything else its text; {stale} where nothing was computed.
READER = """(scope, directives) => {
  const cell = c => {
    const blanks = [...c.querySelectorAll(".fill-in")];
    const answer = b => b.dataset.display + " = " + Number(b.dataset.answer).toPrecision(12) + " ± " +
      (b.dataset.slack ? Number(b.dataset.slack).toPrecision(9) : "0");
    return blanks.length ? blanks.map(answer).join(" | ") : c.textContent.trim();
  };
  const read = (d, mark) => {
    if (mark.hasAttribute("data-cannot")) return {stale: mark.getAttribute("data-cannot")};
    if (d.kind === "check") {
      const note = mark.querySelector(".attn-live-stale");
      const said = note && note.textContent.replace(/^No longer true for these numbers: /, "");
      return note ? {stale: said.replace(/\\.$/, "")} : "";
    }
    if (d.kind === "table") {
      const table = mark.closest("table"), note = window.AttentionByHand.live.noteAfter(
        table.closest(".md-typeset__scrollwrap") || table);
      return {cells: [...table.rows].map(r => [...r.cells].map(cell)),
              note: note && !note.hidden ? note.textContent : null};
    }
    if (d.kind === "figure") {
      const cells = [...mark.querySelectorAll("rect.abh-cell")];
      const kept = a => a.name !== "style" && !a.name.startsWith("data-");  // styles and search marks: read apart
      const drawing = [...mark.querySelectorAll("svg, svg *")].map(n => [n.localName,
        ...[...n.attributes].filter(kept).map(a => a.name + "=" + a.value).sort(),
        [...n.childNodes].filter(c => c.nodeType === 3).map(c => c.data).join("")]);
      return {desc: mark.querySelector("desc").textContent, caption: mark.querySelector("figcaption").textContent,
              drawing,
              cells: cells.map(r => [
        r.getAttribute("fill-opacity"), r.style.getPropertyValue("--abh-ramp").trim(), r.parentNode.textContent,
        r.parentNode.querySelector(".abh-on-strong") !== null])};
    }
    return mark.textContent;
  };
  const out = {};
  for (const d of directives) {
    const mark = scope.querySelector(`[data-live="${d.id}"], .attn-live-${d.id}`);
    out[d.id] = mark ? read(d, mark) : "no mark on the page";
  }
  return out;
}"""
READ = """async (directives) => {
  const live = window.AttentionByHand.live;
  if (live) await live.drawn();  // the pictures far from view, drawn once the page is idle
  return (""" + READER + """)(document, directives);
}"""
# Show an example's inputs, draw at once what would wait for an idle moment, and read the page and the build's HTML
# for the same inputs in one call: {id: [browser, build]} for each directive that differs (a build that stopped at a
# directive gives its {stale} as is).
COMPARE = """async ([example, inputs, html, stopped, directives]) => {
  const live = window.AttentionByHand.live, read = """ + READER + """;
  live.show({[example]: inputs});
  live.drawPending();
  await live.drawn();
  const shown = read(document, directives);
  const built = {...read(new DOMParser().parseFromString(html, "text/html"), directives), ...stopped};
  return Object.fromEntries(Object.keys(built).filter(id => JSON.stringify(shown[id]) !== JSON.stringify(built[id]))
    .map(id => [id, [shown[id], built[id]]]));
}"""


def built(sources: list[str], cases: list[dict[str, object]]) -> list[dict[str, dict[str, object]]]:
    """What the build writes for each case's inputs on each page of `sources` (under docs/, or a whole path),
    directive by directive, by page (one fresh process for them all)."""
    done = subprocess.run([sys.executable, str(RUNNER), *sources], input=json.dumps(cases), text=True,
                          capture_output=True, check=True, timeout=600, cwd=RUNNER.parent)
    return json.loads(done.stdout)


def read_page(page: Page, directives: list[dict[str, object]]) -> dict[str, object]:
    """What the live page shows for each directive."""
    return page.evaluate(READ, directives)


def open_live(page: Page, url: str) -> list[dict[str, object]]:
    """Open `url` and its "Change the numbers" fields from the keyboard; return the page's live directives."""
    page.goto(url)
    toggle = page.get_by_role("button", name="Change the numbers")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".attn-live-panel [open] :is(input, select)").first).to_be_visible()
    return page.evaluate("() => window.AttentionByHand.live.loadManifest().then(m => m.directives)")


def show(page: Page, example: str, inputs: dict[str, object]) -> None:
    """Hand live.js an example's inputs, as a reader's typing does."""
    page.evaluate("([name, inputs]) => window.AttentionByHand.live.show({[name]: inputs})", [example, inputs])


def listed(value: object) -> object:
    """An authored input as JSON holds it: lists for tuples."""
    return [listed(item) for item in value] if isinstance(value, tuple | list) else value


def inputs_of(example: str, **changed: object) -> dict[str, object]:
    """An example's inputs as authored, with `changed` in place, and those linked to them as live.js keeps them: the
    lesson's query of late follows Q's row, as the example requires; a table with a row per number from -N to N is
    resized with N (positions' w^K and w^V with the clip), a new outer row starting as the old outermost one."""
    own = EXAMPLES[example]
    inputs = {name: listed(value) for name, value in {**own.authored, **changed}.items()}
    if "queries" in inputs and "query" in inputs:
        inputs["query"] = inputs["queries"][own.tokens.index(own.focus)]
    for field, (by, _) in mirror_of(example).centred.items():
        if by in changed and field not in changed:
            rows, n = inputs[field], changed[by]
            was = (len(rows) - 1) // 2
            inputs[field] = [rows[max(-was, min(was, k)) + was] for k in range(-n, n + 1)]
    return inputs


def mutated_cases(example: str) -> list[dict[str, object]]:
    """An example's own inputs, then tests/mutations.py's changes of each input a reader may edit (random, sign,
    zero, swap and tie; each other choice of a choice; a ranged whole number as ranged_mutations changes it), every
    one inside the range a reader may type."""
    rng, own = random.Random(32), EXAMPLES[example]
    cases = [inputs_of(example)]
    for name in mirror_of(example).editable:
        authored = own.authored.get(name)
        changes = text_mutations(authored, rng) if authored else (
            other_mutations(own, name, getattr(own, name)) if chosen(own, name) else ranged_mutations(own, name, rng))
        cases.extend(case for case in (inputs_of(example, **{name: new}) for _, new in changes
                                       if not refusal(own, name, new))  # refused: the tests of refusals beside a field
                     if not refused_together(own, case))
    authored = [name for name in mirror_of(example).editable if name in own.authored]
    for k in range(FEWEST_CASES - len(cases) if authored else 0):  # few short inputs (scaling's): more random ones
        name = authored[k % len(authored)]
        cases.append(inputs_of(example, **{name: next(text_mutations(own.authored[name], rng))[1]}))
    return cases


FEWEST_CASES = 12  # the cases each example of a live page is compared on, at least


def chosen(own: Example, name: str) -> bool:
    """Whether input `name` is one of a few choices (`chosen`: the focus, a flag, the norm)."""
    return any(item.name == name and "choice" in item.metadata for item in fields(own))


def refusal(own: Example, name: str, value: object) -> str | None:
    """Why the example's declaration of input `name` refuses `value`: its range (out of range, not a divisor, not
    rising), or what its authored numbers must be (`bounded_text`); None if it declares neither or takes it."""
    metadata = {item.name: item.metadata for item in fields(own)}
    if "range" in metadata.get(name, {}):
        return metadata[name]["range"].refusal(as_tuple(value), own)
    entries = metadata.get(f"{name}_text", {}).get("entries")
    return entries.refusal(as_tuple(value)) if entries else None


def refused_together(own: Example, inputs: dict[str, object]) -> bool:
    """Whether the example refuses these inputs together, each in its range (positions' table as long as its heat map:
    live.js refuses that beside the field, test_a_number_bounded_by_another_... holds it)."""
    return not takes(own, {f"{name}_text" if name in own.authored else name: as_tuples(value)
                           for name, value in inputs.items()})


def as_tuple(value: object) -> object:
    """A ranged value as the example holds it: a tuple for a list of whole numbers."""
    return tuple(value) if isinstance(value, list) else value


EVERY_VALUE_BELOW = 16  # a single ranged number of fewer values than this is tried at each


def ranged_mutations(own: Example, name: str, rng: random.Random) -> Iterator[tuple[str, object]]:
    """tests/mutations.py's changes of a ranged whole number (or tuple of them), then each number drawn twice from
    its declared range, all of them at its low and its high end, and a single number of a short range at every value
    of it."""
    yield from other_mutations(own, name, getattr(own, name))
    low, high = own.range_of(name)
    value = getattr(own, name)
    numbers = list(value) if isinstance(value, tuple) else [value]
    shaped = (lambda xs: tuple(xs)) if isinstance(value, tuple) else (lambda xs: xs[0])
    for j in range(len(numbers)):
        for _ in range(2):
            yield "drawn", shaped([*numbers[:j], rng.randint(low, high), *numbers[j + 1:]])
    yield "low", shaped([low] * len(numbers))
    yield "high", shaped([high] * len(numbers))
    if len(numbers) == 1 and high - low < EVERY_VALUE_BELOW:  # a short range: every value of it
        yield from (("every", k) for k in range(low, high + 1) if k not in (value, low, high))


def source_of(folder: str) -> str:
    """The page under docs/ that the build wrote into `folder` (`teachers/handout/` from teachers/handout.md)."""
    name = folder.strip("/")
    return f"{name}/index.md".lstrip("/") if not name or (DOCS / name / "index.md").is_file() else f"{name}.md"


@pytest.fixture(scope="module")
def live_pages(built_site: Path) -> list[str]:
    """Every page the build made live (it wrote a live.json beside it), by its folder: `lesson/` (`` for home)."""
    folders = (path.parent.relative_to(built_site).as_posix() for path in built_site.rglob(MANIFEST))
    return sorted("" if folder == "." else folder + "/" for folder in folders)


CHAPTERS = ("causal-mask", "code", "history", "interpretation", "output-projection", "projections", "query-key-value",
            "scores", "second-head", "softmax", "weighted-sum", "worked-example")
LIVE_PAGES = ["", "beyond/checks/", "lesson/", "lesson/code/", "teachers/", "teachers/answer-key/", "teachers/handout/",
              "walkthrough/",
              *(f"walkthrough/{chapter}/" for chapter in CHAPTERS), "walkthrough/cost/", "walkthrough/generation/",
              "walkthrough/why-attention/", "walkthrough/transformer-layer/", "beyond/variants/",
              "beyond/tiled-attention/", "walkthrough/meaning/", "beyond/kv-cache-memory/",
              "beyond/engineers-path/", "beyond/pytorch/",
              "beyond/inference-economics/", "beyond/one-training-step/", "walkthrough/positions/",
              "beyond/rotary-and-alibi/", "beyond/cross-attention-and-padding/",
              "walkthrough/initialisation/", "walkthrough/exercises/", "beyond/whole-model/", "walkthrough/scaling/",
              "beyond/trained-head/"]


def test_the_live_pages_are_those_whose_every_number_live_js_computes(
        live_pages: list[str], tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert the build made live the pages whose every computed number live.js mirrors: the home page (two
    examples), the lesson, the handout, the walk-through's chapters on red ball rolls, the cost and generation
    chapters, the page on checks and the trained head, every page with a worked example; not the API, which shows
    blocks only."""
    assert live_pages == sorted(LIVE_PAGES)
    page = tabs(viewport={"width": 1280, "height": 800}).page
    page.goto(site_url + "reference/api/")
    assert page.locator(".attn-live").count() == 0 and page.locator(".attn-live-toggle").count() == 0


@pytest.fixture(scope="module")
def examples_of(live_pages: list[str], built_site: Path) -> dict[str, list[str]]:
    """The examples each live page recomputes (its live.json's), by page folder."""
    manifests = {folder: json.loads((built_site / folder / MANIFEST).read_text(encoding="utf-8"))
                 for folder in live_pages}
    return {folder: sorted(manifest["examples"]) for folder, manifest in manifests.items()}


@pytest.fixture(scope="module")
def truth(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, list[str]], tuple[list[dict[str, object]],
                                                                                       list[dict[str, object]]]]:
    """By example, made once per test run on first use (whichever pytest-xdist worker asks first): its input cases,
    and what the build writes for each on every live page using it (by source)."""

    def of(example: str, folders: list[str]) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
        def make(folder: Path) -> Path:
            cases = mutated_cases(example)
            sources = [source_of(page) for page in folders]
            written = folder / "truth.json"
            written.write_text(json.dumps([cases, built(sources, [{"example": example, "inputs": i} for i in cases])]))
            return written

        cases, fragments = json.loads(made_once(tmp_path_factory, f"live-truth-{example}", make).read_text())
        return cases, fragments

    return of


@pytest.mark.parametrize("folder", sorted(LIVE_PAGES))
def test_every_live_page_equals_the_build_for_its_numbers_and_their_mutations(
        folder: str, examples_of: dict[str, list[str]], truth: Callable[..., tuple[list[dict[str, object]],
                                                                                   list[dict[str, object]]]],
        tabs: Callable[..., Tab], site_url: str, built_site: Path) -> None:
    """Assert, on each live page (one test apiece: `-k generation` runs one), that live.js mirrors exactly the
    entries live.py lists, that recomputing the page's own inputs leaves it as built, and that for each of
    tests/mutations.py's changes of each of its examples' inputs the page offers every live directive's text in the
    browser equals the build's for the same inputs, element by element, each check's verdict and message and each
    figure's caption included. (An input a page does not offer, read_by keeping it beside its readers, changes no
    directive of it: tests/test_live.py renders every directive of the site to hold that.)"""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    live = "window.AttentionByHand.live"
    examples = examples_of[folder]
    offered = json.loads((built_site / folder / MANIFEST).read_text(encoding="utf-8"))["examples"]
    directives = open_live(page, site_url + folder)
    mirrored = page.evaluate(f"() => {live}.loadManifest().then({live}.mirrored)")
    assert mirrored == {name: sorted(mirror_of(name).entries) for name in examples}, folder
    as_built = read_page(page, directives)
    assert "no mark on the page" not in as_built.values()
    for example in examples:
        show(page, example, inputs_of(example))
        assert read_page(page, directives) == as_built, folder
        cases, fragments_by_case = truth(example, [f for f, names in examples_of.items() if example in names])
        own, not_offered = inputs_of(example), set(mirror_of(example).editable) - set(offered[example]["editable"])
        for inputs, by_page in zip(cases, fragments_by_case, strict=True):
            if any(inputs.get(name) != own.get(name) for name in not_offered):
                continue  # a change of an input this page does not offer
            differing = differences(page, directives, example, inputs, by_page[source_of(folder)])
            assert not differing, f"{folder} with {example} {inputs}: browser vs build {differing}"
        show(page, example, inputs_of(example))
        assert len(cases) >= FEWEST_CASES or not mirror_of(example).editable, folder  # head width offers nothing


def differences(page: Page, directives: list[dict[str, object]], example: str, inputs: dict[str, object],
                fragments: dict[str, object]) -> dict[str, object]:
    """Each directive whose text in the browser, once `example` shows `inputs`, differs from the build's `fragments`
    for them: {id: [browser, build]}."""
    html = "".join(fragment for fragment in fragments.values() if isinstance(fragment, str))
    stopped = {key: value for key, value in fragments.items() if isinstance(value, dict)}  # the build stops
    return page.evaluate(COMPARE, [example, inputs, html, stopped, directives])


def cells_of(page: Page, heading_id: str) -> list[str]:
    """The text of the body cells of the first table after a heading."""
    table = page.locator(f"h2#{heading_id} ~ .md-typeset__scrollwrap table").first
    return table.locator("tbody td").all_inner_texts()


def test_a_reader_types_a_key_and_the_page_follows_in_the_url_undo_and_reset(browser: Browser, site_url: str) -> None:
    """Assert typing a key recomputes tables, words, the heat map and marks a claim; a bad entry is refused beside
    it; the address opens the same page in a new tab; undo and reset bring the page back to the build's."""
    requests: list[str] = []
    context = open_context(browser, requests, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    directives = open_live(page, site_url + LESSON)
    as_built = read_page(page, directives)
    softmax_before = cells_of(page, "step-2-from-scores-to-weights-with-softmax")
    field = page.get_by_label("key of is, entry 1")
    field.fill("3")
    field.press("Enter")
    status = page.locator(".attn-live-panel__status")
    expect(status).to_contain_text("checked sentences no longer hold")
    assert status.get_attribute("aria-live") == "polite"
    changed = read_page(page, directives)
    assert cells_of(page, "step-2-from-scores-to-weights-with-softmax") != softmax_before
    words = [d["id"] for d in directives if d["kind"] == "word" and d["options"] == {"row": "late", "pick": "largest"}]
    assert {changed[str(i)] for i in words} == {"is"} and {as_built[str(i)] for i in words} == {"bus"}
    figure = next(str(d["id"]) for d in directives if d["kind"] == "figure")
    assert changed[figure] != as_built[figure]
    claim = page.locator("mark.attn-live-stale").first
    expect(claim).to_contain_text("No longer true for these numbers")
    assert "set-keys=2,1;3,2;1,1" in page.url
    field.fill("eleven")
    field.press("Enter")
    expect(page.locator("#" + field.get_attribute("aria-describedby"))).to_contain_text("Not used")
    assert field.get_attribute("aria-invalid") == "true" and read_page(page, directives) == changed
    other = context.new_page()
    other.goto(page.url)
    expect(other.locator(".attn-live-panel__status")).to_contain_text("Numbers taken from the address")
    assert read_page(other, directives) == changed
    page.get_by_role("button", name="Undo").click()
    assert read_page(page, directives) == as_built and "set-" not in page.url
    page.get_by_role("button", name="Reset to the page's numbers").click()
    assert read_page(page, directives) == as_built
    other.get_by_role("button", name="Reset to the page's numbers").click()
    assert read_page(other, directives) == as_built and "set-" not in other.url
    context.close()
    assert all("127.0.0.1" in url or url.startswith(("data:", "about:")) for url in requests)


def test_an_entry_outside_the_range_its_example_declares_is_refused_beside_it(tabs: Callable[..., Tab],
                                                                          site_url: str) -> None:
    """Assert the weighted-sum chapter offers red ball rolls' calculator places, which the example declares from 1 to
    10: 11 is refused beside its field with what is accepted and nothing recomputed, 6 is taken (the page's word
    "four" becomes "six"); and that a key of 12, which no range of the lesson's example forbids, is taken on the home
    page."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    directives = open_live(page, site_url + "walkthrough/weighted-sum/")
    as_built = read_page(page, directives)
    field = page.get_by_label("decimal places of the keys the calculator is given", exact=False)
    field.fill("11")
    field.press("Enter")
    message = page.locator("#" + field.get_attribute("aria-describedby"))
    expect(message).to_have_text("Not used: 11 is out of range; accepted: decimal places of the keys the calculator "
                                 "is given (ln 2 as 0.6931): a whole number from 1 to 10.")
    assert field.get_attribute("aria-invalid") == "true" and read_page(page, directives) == as_built
    assert "set-" not in page.url
    field.fill("6")
    field.press("Enter")
    expect(message).to_have_text("")
    assert field.get_attribute("aria-invalid") is None and "set-calculator_places=6" in page.url
    places = [str(d["id"]) for d in directives if d["name"] == "calculator-places"]
    assert places and all(read_page(page, directives)[i] == "six" for i in places)
    open_live(page, site_url)
    key = page.get_by_label("key of is, entry 1", exact=True)
    key.fill("12")
    key.press("Enter")
    assert key.get_attribute("aria-invalid") is None and "set-keys=2,1;12,2;1,1" in page.url


def test_the_calculator_follows_the_numbers_a_reader_changes_on_its_page(tabs: Callable[..., Tab],
                                                                      site_url: str) -> None:
    """Assert the weighted-sum chapter's calculator takes the keys as the page's numbers give them: to two places
    once the reader sets the calculator's places to 2 (the sentence says two), to four again after reset, its weights
    recomputed; and that the lesson's calculator takes a key the reader changes in the panel."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + "walkthrough/weighted-sum/")
    page.locator(".attention-calculator").scroll_into_view_if_needed()
    ball = page.get_by_role("textbox", name="key of ball, entry 1")
    expect(ball).to_have_value("0.6931")
    field = page.get_by_label("decimal places of the keys the calculator is given", exact=False)
    field.fill("2")
    field.press("Enter")
    expect(ball).to_have_value("0.69")
    expect(page.locator(".attention-calculator").first).to_have_attribute("data-state", "ready")
    page.get_by_role("button", name="Reset to the page's numbers").click()
    expect(ball).to_have_value("0.6931")
    open_live(page, site_url + LESSON)
    key = page.locator(".attn-live-panel").get_by_label("key of is, entry 1")
    key.fill("3")
    key.press("Enter")
    page.locator(".attention-calculator").scroll_into_view_if_needed()
    expect(page.locator(".attention-calculator").get_by_role("textbox", name="key of is, entry 1")).to_have_value("3")
    expect(page.locator(".attention-calculator .calculator__weight").nth(1)).to_have_text("0.665")


def test_slides_and_print_show_the_numbers_the_reader_changed(tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert a page opened with a reader's numbers says which in one line, on the page, on a later slide in slide
    mode and in print, and says nothing once reset to the build's numbers."""
    page = tabs(viewport={"width": 1280, "height": 720}).page
    page.goto(site_url + LESSON + "?set-keys=2,1;3,2;1,1")
    summary = page.locator(".attn-live-summary")
    expect(summary).to_have_text("Numbers changed by the reader: keys (2, 1), (3, 2), (1, 1).")
    page.locator(".md-content__inner h1").click()
    page.keyboard.press("v")
    position = page.locator(".slide-position")
    expect(position).to_contain_text("1 / ")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(position).to_contain_text("4 / ")
    expect(summary).to_be_in_viewport()
    page.keyboard.press("Escape")
    page.emulate_media(media="print")
    expect(summary).to_be_visible()
    page.emulate_media(media="screen")
    page.get_by_role("button", name="Reset to the page's numbers").click()
    expect(summary).to_be_hidden()


HEAD_SPLIT = """([example, inputs, print]) => {
  const live = window.AttentionByHand.live, drawing = document.getElementById("head-split-title").closest("svg");
  const before = drawing.textContent;
  live.show({[example]: inputs});
  const during = drawing.textContent;
  if (print) window.dispatchEvent(new Event("beforeprint"));  // as the browser does before it prints
  const printed = drawing.textContent;
  return live.drawn().then(() => [before, during, print ? printed : drawing.textContent]);
}"""


def test_a_picture_far_from_view_is_drawn_when_the_page_is_idle_or_printed(tabs: Callable[..., Tab],
                                                                         site_url: str) -> None:
    """Assert that on the engineer's path, read from its top, the head-split picture (screens below, some 250
    elements) keeps its drawing through the recompute itself and shows the new numbers once the page is idle, or at
    once when the page is printed; and that, scrolled into view, it is drawn in the recompute."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + "beyond/engineers-path/")
    w_q = [["2", "0", "0", "1"], ["0", "1", "1", "0"], ["1", "1", "0", "0"], ["0", "0", "1", "1"]]
    changed = inputs_of("batched-heads", W_q=w_q)
    before, during, after = page.evaluate(HEAD_SPLIT, ["batched-heads", changed, False])
    assert before == during != after
    _, during, printed = page.evaluate(HEAD_SPLIT, ["batched-heads", inputs_of("batched-heads"), True])
    assert during == after and printed == before
    page.locator("#head-split-title").evaluate("title => title.closest('figure').scrollIntoView()")
    _, during, _ = page.evaluate(HEAD_SPLIT, ["batched-heads", changed, False])
    assert during == after


# Show head width's inputs and read its table at once, in the next task, and once the page says all is computed:
# [its aria-busy and opacity at once, the status then, aria-busy in the next task, both after, its body cells].
SPREADS_APART = """async ([id, inputs]) => {
  const live = window.AttentionByHand.live, mark = document.querySelector(`[data-live="${id}"], .attn-live-${id}`);
  const table = mark.closest("table");
  live.show({"head-width": inputs});
  const atOnce = table.getAttribute("aria-busy") + " " + getComputedStyle(table).opacity;
  const status = document.querySelector(".attn-live-panel__status").textContent;
  const meanwhile = await new Promise(resolve => setTimeout(() => resolve(table.getAttribute("aria-busy"))));
  await live.drawn();
  const rows = [...table.tBodies[0].rows].map(row => [...row.cells].map(c => c.textContent.trim()));
  return [atOnce, status, meanwhile, table.getAttribute("aria-busy") + " " + getComputedStyle(table).opacity, rows];
}"""


def test_numbers_drawn_apart_dim_what_needs_them_and_then_follow(tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert that on the scaling chapter a new seed for head width's 2.7 million draws leaves its table dimmed and
    busy (aria-busy) while the browser draws them in slices, the page answering other work between two slices, and
    the status says part of the page is still being computed; and that then the table shows NumPy's spreads for that
    seed, no longer busy."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    directives = open_live(page, site_url + "walkthrough/scaling/")
    (spread,) = [d["id"] for d in directives if (d["example"], d["name"]) == ("head-width", "spread")]
    at_once, status, meanwhile, after, rows = page.evaluate(SPREADS_APART, [spread, inputs_of("head-width", seed=7)])
    assert at_once == "true 0.4" and meanwhile == "true" and after == "null 1"
    assert "still being computed" in status
    seven = dataclasses.replace(EXAMPLES["head-width"], seed=7)
    assert [row[2:] for row in rows] == [[f"{raw:.3f}", f"{scaled:.3f}"]
                                         for raw, scaled in zip(seven.raw_sd, seven.scaled_sd, strict=True)]
    assert seven.raw_sd[0] != EXAMPLES["head-width"].raw_sd[0]


def test_a_part_the_page_does_not_name_is_fetched_once_the_readers_numbers_need_it(tabs: Callable[..., Tab],
                                                                                   site_url: str) -> None:
    """Assert that the cost chapter, whose live.json names no part, leaves live/charts.js unfetched while its chart
    stays as built (other lengths of the table changed), and that a reader's first length of the growth chart fetches
    it and draws the chart again: its description lists the new lengths' score entries; the reset draws the page's."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + "walkthrough/cost/")
    charts = "() => performance.getEntriesByType('resource').some(r => r.name.endsWith('/live/charts.js'))"
    description = page.locator("#cost-growth-desc")
    built = description.text_content()
    page.get_by_label("sequence lengths n, entry 1", exact=True).fill("5")
    page.get_by_label("sequence lengths n, entry 1", exact=True).press("Enter")
    page.evaluate("() => window.AttentionByHand.live.drawn()")
    assert not page.evaluate(charts) and description.text_content() == built
    field = page.get_by_label("sequence lengths n of the growth chart, entry 1", exact=True)
    field.fill("3")
    field.press("Enter")
    page.evaluate("() => window.AttentionByHand.live.drawn()")
    assert page.evaluate(charts)
    assert "n = 3: 9 entries. n = 8: 64 entries." in description.text_content()
    page.get_by_role("button", name="Reset to the page's numbers").click()
    page.evaluate("() => window.AttentionByHand.live.drawn()")
    assert description.text_content() == built


def test_a_program_kept_as_built_says_so_once_the_reader_changes_its_numbers(tabs: Callable[..., Tab],
                                                                               site_url: str) -> None:
    """Assert that on the lesson's programs page, whose programs and printouts stay as built, a key typed by the
    reader shows under each of the four a note that it keeps the page's own numbers, and a reset hides them again."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + "lesson/code/")
    notes = page.locator("[data-live-block]")
    assert notes.count() == 4 and not any(note.is_visible() for note in notes.all())
    field = page.get_by_label("key of is, entry 1")
    field.fill("3")
    field.press("Enter")
    assert [note.text_content() for note in notes.all() if note.is_visible()] == [
        "Not recomputed: this shows the page's own numbers, not the ones you changed."] * 4
    page.get_by_role("button", name="Reset to the page's numbers").click()
    assert not any(note.is_visible() for note in notes.all())


def test_a_page_of_two_examples_open_and_changed_passes_axe(browser: Browser, site_url: str) -> None:
    """Assert the home page, which speaks of two examples, opens fields for both (the lesson's keys, red ball rolls'
    W_K), follows a change of each, and that axe-core finds nothing with the panel open and claims marked."""
    requests: list[str] = []
    context = open_context(browser, requests, viewport={"width": 1280, "height": 800}, bypass_csp=True)
    page = context.new_page()
    open_live(page, site_url)
    for label, value in (("key of is, entry 1", "3"), ("W_k, row 3, entry 1", "1")):
        field = page.get_by_label(label, exact=True)
        field.fill(value)
        field.press("Enter")
    expect(page.locator(".attn-live-summary")).to_have_text(
        "Numbers changed by the reader: keys (2, 1), (3, 2), (1, 1); W_k (0), (ln 2), (1).")
    violations = run_axe(page)
    context.close()
    assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]
    assert all("127.0.0.1" in url or url.startswith(("data:", "about:")) for url in requests)


# Claims with a tolerance (close=, ratio= of two entries or of= another, slope= on linear and log axes, same= and
# differs= within=), each holding, failing or refused for the examples' own numbers, and within= too wide to say
# anything (refused by the build as by live.js). No live page states most of them yet: the checks stand on a page
# of their own, which live.js computes in the lesson's tab.
TOLERANT_CHECKS = {
    "bus-is-late": (
        "weights col=bus close=0.6 within=0.1", "all-weights row=late close=1/3 within=50%",
        "keys row=bus ratio=2 within=0.01", "keys row=bus ratio=2", "keys row=is ratio=1/2 within=5%",
        "all-scores row=late ratio=2 of=all-weights",
        "all-scores row=bus ratio=1 of=all-scores other-row=late within=0.5",
        "powers-of-e slope=6 within=1", "powers-of-e slope=1 axes=log within=0.1",
        "all-scores row=late col=is close=0 within=0.0001", "all-scores row=late col=is close=0 within=1",
        "all-scores row=late close=2 within=2", "all-scores row=late same=all-scores other-row=bus within=0.5",
        "all-scores row=late differs=all-scores other-row=bus within=1.5", "keys row=bus ratio=2 within=3"),
    "red-ball-rolls": (
        "output row=rolls same=unmasked-output within=0.01", "weights row=rolls col=ball close=1/2 within=0.05",
        "output row=rolls ratio=0.4 within=1%", "keys ratio=2", "queries-head2-minus-head1 close=0 within=0.0001",
        "weights row=rolls ratio=1 of=unmasked-weights other-row=rolls within=0.1")}


def verdict(result: object) -> object:
    """What a check says: None while it holds, else the build's (or live.js's) message."""
    if isinstance(result, dict):
        return result.get("stale") or result.get("claim")
    return None


@pytest.mark.parametrize("example", sorted(TOLERANT_CHECKS))
def test_claims_with_a_tolerance_follow_the_build_for_every_mutation(example: str, tabs: Callable[..., Tab],
                                                                    site_url: str, tmp_path: Path) -> None:
    """Assert live.js's close=, ratio=, slope= and within= (same= and differs= with it) give the build's verdict and
    message, check by check, for an example's own inputs and each of tests/mutations.py's changes of them."""
    page_source = tmp_path / "claims.md"
    checks = (f"Claim.<!-- attn:check {example} {check} -->" for check in TOLERANT_CHECKS[example])
    page_source.write_text("\n".join(checks), encoding="utf-8")
    manifest = json.loads(page_manifest(page_source.read_text(encoding="utf-8")))
    assert len(manifest["directives"]) == len(TOLERANT_CHECKS[example])  # every one of them is live
    cases = mutated_cases(example)
    as_built = [fragments[str(page_source)] for fragments in built([str(page_source)], [
        {"example": example, "inputs": inputs} for inputs in cases])]
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + LESSON)
    seen = page.evaluate("""async ([manifest, example, cases]) => {
      const live = window.AttentionByHand.live;
      await live.loadEntries(manifest);  // the lesson's page has fetched bus is late's file only
      return cases.map(inputs => live.computeAll(manifest, {...live.ownInputs(manifest), [example]: inputs}));
    }""", [manifest, example, cases])
    verdicts = {"holding": 0, "failing": 0}
    for inputs, browser, build in zip(cases, seen, as_built, strict=True):
        differing = {key: (verdict(browser[key]), verdict(value)) for key, value in build.items()
                     if verdict(browser[key]) != verdict(value)}
        assert not differing, f"{example} {inputs}: browser vs build {differing}"
        for value in build.values():
            verdicts["failing" if verdict(value) else "holding"] += 1
    assert min(verdicts.values()) > len(cases), verdicts  # both sides of each check are tried, many times


def test_a_check_comparing_with_another_examples_entry_follows_the_reader_there(
        tabs: Callable[..., Tab], site_url: str, tmp_path: Path) -> None:
    """Assert a check comparing with an entry of another example (the exercises' output is red ball rolls' output for
    rolls, as the deck works it) carries that example's inputs and gives the build's verdict and message for red ball
    rolls' own inputs and each of tests/mutations.py's changes of them: it holds on the published numbers and is
    marked, as the build would stop, when the reader changes the inputs it is copied from."""
    page_source = tmp_path / "compared.md"
    page_source.write_text("Claim.<!-- attn:check exercises output same=red-ball-rolls:output other-row=rolls -->",
                           encoding="utf-8")
    manifest = json.loads(page_manifest(page_source.read_text(encoding="utf-8")))
    assert sorted(manifest["examples"]) == ["exercises", "red-ball-rolls"]
    cases = mutated_cases("red-ball-rolls")
    as_built = [fragments[str(page_source)] for fragments in built([str(page_source)], [
        {"example": "red-ball-rolls", "inputs": inputs} for inputs in cases])]
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + LESSON)
    seen = page.evaluate("""async ([manifest, cases]) => {
      const live = window.AttentionByHand.live;
      await live.loadEntries(manifest);
      return cases.map(inputs => live.computeAll(manifest, {...live.ownInputs(manifest), "red-ball-rolls": inputs}));
    }""", [manifest, cases])
    verdicts = [(verdict(browser["0"]), verdict(build["0"])) for browser, build in zip(seen, as_built, strict=True)]
    assert all(browser == build for browser, build in verdicts), verdicts
    assert verdicts[0] == (None, None) and any(build for _, build in verdicts)  # holds as published, then fails


REFUSED = [  # (page, example, field, entry index, entry typed): a value each example's range refuses, and why
    ("beyond/kv-cache-memory/", "grouped-heads", "kv_heads", 1, 3),  # 3 K/V heads do not divide 4 query heads
    ("beyond/inference-economics/", "inference", "batches", 1, 1),  # 1, 1, 64 do not rise
    ("beyond/whole-model/", "whole-model", "h", 0, 3),  # 3 heads do not divide d_model = 4
    ("beyond/rotary-and-alibi/", "rotary", "offset_starts", 1, 0),  # 0, 0, 10 do not rise
    ("beyond/pytorch/", "batched-heads", "h", 0, 3),  # 3 heads do not divide d_model = 4
]


@pytest.mark.parametrize(("folder", "example", "name", "index", "typed"), REFUSED, ids=[r[1] for r in REFUSED])
def test_a_value_the_example_refuses_is_refused_beside_its_field_with_its_reason(
        folder: str, example: str, name: str, index: int, typed: int, tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert a whole number within its declared bounds that the example's range still refuses (a K/V head count
    that does not divide the query heads, batch sizes that do not rise, heads that do not divide d_model) is refused
    beside its field with the example's own reason (base.py's Range.refusal), nothing recomputed; and a value it
    accepts is taken."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    directives = open_live(page, site_url + folder)
    as_built = read_page(page, directives)
    own = EXAMPLES[example]
    value = getattr(own, name)
    numbers = list(value) if isinstance(value, tuple) else [value]
    refused = [*numbers[:index], typed, *numbers[index + 1:]]
    reason = refusal(own, name, tuple(refused) if isinstance(value, tuple) else typed)
    assert reason
    field = page.locator(f"#attn-live-{example}-{name}-0-{index}")
    field.fill(str(typed))
    field.press("Enter")
    expect(page.locator(f"#attn-live-{example}-{name}-0-{index}-error")).to_have_text(f"Not used: {reason}.")
    assert field.get_attribute("aria-invalid") == "true" and read_page(page, directives) == as_built
    assert f"set-{name}" not in page.url
    field.fill(str(numbers[index]))
    field.press("Enter")
    expect(page.locator(f"#attn-live-{example}-{name}-0-{index}-error")).to_have_text("")


def test_a_number_bounded_by_another_follows_the_readers_value_of_it(tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert ALiBi's head shown, declared from 1 to its number of heads, follows the reader's heads: with head 8
    shown, 4 heads are refused beside the heads' field with the head's own reason (as the example refuses them), 16
    are taken, and then head 12 is too; the address keeps both."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + "beyond/rotary-and-alibi/")
    own = EXAMPLES["alibi"]
    head_range = next(item.metadata["range"] for item in fields(own) if item.name == "head")

    def enter(name: str, value: int) -> str:
        field = page.locator(f"#attn-live-alibi-{name}-0-0")
        field.fill(str(value))
        field.press("Enter")
        return f"#attn-live-alibi-{name}-0-0-error"

    expect(page.locator(enter("head", 8))).to_have_text("")
    reason = head_range.refusal(8, dataclasses.replace(own, heads=4))
    expect(page.locator(enter("heads", 4))).to_have_text(f"Not used: {reason}.")
    assert "set-heads" not in page.url and "set-head=8" in page.url
    expect(page.locator(enter("heads", 16))).to_have_text("")
    expect(page.locator(enter("head", 12))).to_have_text("")
    assert "set-heads=16" in page.url and "set-head=12" in page.url


def test_authored_numbers_the_example_refuses_are_refused_beside_their_field(tabs: Callable[..., Tab],
                                                                          site_url: str) -> None:
    """Assert the whole model's p of top-p, declared above 0 and at most 1, and its temperatures, above 0 and rising,
    refuse 3/2 and a middle temperature of 1/4 beside their fields with the example's own reasons (base.py's
    Entries.refusal), nothing recomputed, and take 1/2 and 3/2; each field is named by what the example declares
    it is (p is one number, not a row of the tokens')."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    directives = open_live(page, site_url + "beyond/whole-model/")
    expect(page.get_by_label("p of top-p sampling", exact=True)).to_have_count(1)
    expect(page.get_by_label("temperatures, from low to high, entry 2", exact=True)).to_have_count(1)
    declared = {item.name: item.metadata.get("entries") for item in fields(EXAMPLES["whole-model"])}
    for field, index, typed, refused, taken in (("top_p", 0, "3/2", "3/2", "1/2"),
                                                ("temperatures", 1, "1/4", ("1/2", "1/4", "2"), "3/2")):
        before = read_page(page, directives)
        box = page.locator(f"#attn-live-whole-model-{field}-0-{index}")
        box.fill(typed)
        box.press("Enter")
        reason = declared[f"{field}_text"].refusal(refused)
        expect(page.locator(f"#attn-live-whole-model-{field}-0-{index}-error")).to_have_text(f"Not used: {reason}.")
        assert read_page(page, directives) == before and f"set-{field}" not in page.url
        box.fill(taken)
        box.press("Enter")
        expect(page.locator(f"#attn-live-whole-model-{field}-0-{index}-error")).to_have_text("")
        assert f"set-{field}=" in page.url


def test_a_matrix_whose_rows_are_not_the_tokens_names_each_row(tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert the whole model's embedding, one row per word of its vocabulary (six, where the prompt has three
    tokens), is offered with each row named by its word, in the caption and in each field's name."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + "beyond/whole-model/")
    table = page.locator(".attn-live-panel__table", has=page.locator("caption", has_text="Embedding"))
    expect(table.locator("caption")).to_have_text("Embedding (one row per word of the vocabulary)")
    vocabulary = EXAMPLES["whole-model"].vocabulary
    expect(table.locator("th[scope=row]")).to_have_text(list(vocabulary))
    expect(page.get_by_label(f"embedding of {vocabulary[-1]}, entry 1", exact=True)).to_have_count(1)


def test_the_relative_tables_are_offered_by_distance_and_the_page_follows(tabs: Callable[..., Tab],
                                                                        site_url: str) -> None:
    """Assert position information offers its relative tables under the page's names, w^K and w^V, a row per
    clipped distance -1 to 1 (not per token), and that a new entry of w^K recomputes the key table and the relative
    scores and goes into the address."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    directives = open_live(page, site_url + "walkthrough/positions/")
    table = page.locator(".attn-live-panel__table", has=page.locator("caption", has_text="w^K"))
    expect(table.locator("caption")).to_have_text("w^K, the relative key table (one row per clipped distance d)")
    expect(table.locator("th[scope=row]")).to_have_text(["distance \u22121", "distance 0", "distance 1"])
    before = read_page(page, directives)
    field = page.get_by_label("w^K of distance 1, entry 1", exact=True)
    field.fill("2")
    field.press("Enter")
    after = read_page(page, directives)
    changed = {d["name"] for d in directives if before[str(d["id"])] != after[str(d["id"])]}
    assert {"key-table", "pair-keys", "relative-scores", "relative-weights"} <= changed
    assert "set-a_K=-1,0;0,0;2,0" in page.url


def test_two_examples_inputs_of_one_name_stand_under_their_titles_and_apart_in_the_address(
        tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert the KV-cache page, whose two examples each have a bytes per number, offers each example's fields in a
    group named by its title, each field with its own id; that a reader's 4 in grouped heads' goes into the address
    under that example's name and changes its cache sizes, not kv-memory's; and that the address, opened in a new
    tab, shows the same numbers."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    directives = open_live(page, site_url + "beyond/kv-cache-memory/")
    groups = page.locator("details.attn-live-panel__example")
    expect(groups.locator("summary")).to_have_text(["Red ball rolls, query heads sharing K/V heads",
                                                    "KV-cache memory of published models"])
    expect(page.get_by_role("group", name="KV-cache memory of published models")).to_be_visible()  # two: both open
    ids = page.evaluate("() => [...document.querySelectorAll('.attn-live-panel [id]')].map(node => node.id)")
    assert len(ids) == len(set(ids))
    grouped, memory = (groups.nth(k).get_by_label("bytes per stored number", exact=True) for k in range(2))
    before = read_page(page, directives)
    grouped.fill("4")
    grouped.press("Enter")
    after = read_page(page, directives)
    changed = {(d["example"], d["name"]) for d in directives if before[str(d["id"])] != after[str(d["id"])]}
    assert changed == {("grouped-heads", "cache-size")}
    assert "set-grouped-heads.bytes_per_value=4" in page.url and "set-bytes_per_value" not in page.url
    expect(memory).to_have_value("2")
    other = page.context.new_page()  # a new tab of the same browser
    other.goto(page.url)
    expect(other.locator(".attn-live-panel input").first).to_be_visible()
    assert read_page(other, directives) == after
    other.close()


def test_a_page_of_many_examples_opens_with_its_own_fields_showing_and_the_others_folded(
        tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert that on a 375 px phone the exercises page, nine examples, opens "Change the numbers" with only the
    exercises' own fields showing and the eight others folded under their titles (the panel within three screens,
    where all nine open took seven), that a title opens its example's fields from the keyboard, and that an example
    whose numbers the address changes opens with its fields showing."""
    page = tabs(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True).page
    open_live(page, site_url + "walkthrough/exercises/")
    groups = page.locator("details.attn-live-panel__example")
    expect(groups).to_have_count(9)
    expect(page.locator("details.attn-live-panel__example[open] > summary")).to_have_text(["Exercises"])
    expect(page.get_by_role("group", name="Exercises").locator("input").first).to_be_visible()
    rolls = page.get_by_role("group", name="Red ball rolls", exact=True)
    expect(rolls).to_be_hidden()
    panel = page.locator(".attn-live-panel").bounding_box()
    assert panel is not None and panel["height"] < 3 * 740, panel
    page.locator("summary", has_text=re.compile("^Red ball rolls$")).focus()
    page.keyboard.press("Enter")
    expect(rolls.locator("input").first).to_be_visible()
    page.goto(site_url + "walkthrough/exercises/?set-causal=false")
    expect(page.locator("details.attn-live-panel__example[open] > summary")).to_have_text(["Exercises",
                                                                                          "Red ball rolls"])
    expect(page.get_by_role("group", name="Red ball rolls", exact=True).get_by_role("checkbox")).not_to_be_checked()


def test_a_new_clip_resizes_the_relative_tables_by_distance_and_the_address_keeps_both(
        tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert that on position information a clip of 2 gives w^K and w^V a row per distance -2 to 2, the new outer
    rows starting as the old outer ones (so the relative scores stay, and the distances table follows), that the
    address opened in a new tab shows the same fields and page, that a length of the position tables equal to the
    heat map's positions is refused beside its field with the heat map's reason, and that undo brings three rows
    back."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    directives = open_live(page, site_url + "walkthrough/positions/")
    table = page.locator(".attn-live-panel__table", has=page.locator("caption", has_text="w^K"))
    before = read_page(page, directives)
    clip = page.get_by_label("the clipping distance k of relative positions", exact=True)
    clip.fill("2")
    clip.press("Enter")
    expect(table.locator("th[scope=row]")).to_have_text([f"distance {d}".replace("-", "\u2212") for d in range(-2, 3)])
    assert [cell.input_value() for cell in table.locator("input").all()] == ["-1", "0", "-1", "0", "0", "0", "1", "0",
                                                                             "1", "0"]
    after = read_page(page, directives)
    changed = {d["name"] for d in directives if before[str(d["id"])] != after[str(d["id"])]}
    assert {"clip", "distances", "key-table", "value-table"} <= changed and "relative-scores" not in changed
    assert "set-clip=2" in page.url and "set-a_K=-1,0;-1,0;0,0;1,0;1,0" in page.url
    other = page.context.new_page()  # a new tab of the same browser
    other.goto(page.url)
    expect(other.locator(".attn-live-panel__table", has=other.locator("caption", has_text="w^K"))
           .locator("th[scope=row]")).to_have_count(5)
    assert read_page(other, directives) == after
    other.close()
    length = page.get_by_label("rows of the position tables (at least one a token)", exact=True)
    length.fill("32")
    length.press("Enter")
    reason = "32 is out of range; accepted: positions of the heat map, more than the worked table's: a whole number " \
             "from 33 to 64"
    expect(page.locator("#attn-live-positions-table_length-0-0-error")).to_have_text(f"Not used: {reason}.")
    length.fill("6")
    length.press("Enter")
    page.get_by_role("button", name="Undo").click()
    expect(table.locator("th[scope=row]")).to_have_count(3)
    assert read_page(page, directives) == before


def test_a_choice_is_picked_from_a_list_and_the_page_follows(tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert that on the weighted sum's chapter the focus is offered as a list of the tokens: red, picked, goes into
    the address and changes the weighted sum and its calculator's query, and a reset brings the page back; and that
    on the layer's chapter the norm, picked as pre, changes the layer's output Y and goes into the address."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    directives = open_live(page, site_url + "walkthrough/weighted-sum/")
    before = read_page(page, directives)
    focus = page.get_by_label("The token whose query the pages follow", exact=True)
    expect(focus.locator("option")).to_have_text(["red", "ball", "rolls"])
    expect(focus).to_have_value("rolls")
    focus.select_option("red")
    expect(page.locator(".attn-live-panel__status")).to_contain_text("Recomputed for the token whose query the pages "
                                                                       "follow = red")
    assert "set-focus=red" in page.url
    after = read_page(page, directives)
    assert {d["name"] for d in directives if before[str(d["id"])] != after[str(d["id"])]} >= {"weighted-sum"}
    page.get_by_role("button", name="Reset to the page's numbers").click()
    expect(focus).to_have_value("rolls")
    assert read_page(page, directives) == before
    directives = open_live(page, site_url + "walkthrough/transformer-layer/")
    before = read_page(page, directives)
    page.get_by_label("Where each sublayer's layer normalisation stands: after it (post) or before", exact=True) \
        .select_option("pre")
    after = read_page(page, directives)
    assert "set-norm=pre" in page.url and any(before[str(d["id"])] != after[str(d["id"])]
                                              for d in directives if d["name"] == "y")


def test_the_causal_mask_is_a_box_to_tick_and_every_picture_of_it_follows(tabs: Callable[..., Tab],
                                                                           site_url: str) -> None:
    """Assert that red ball rolls' causal mask is a ticked box: unticked from the keyboard on the mask's chapter, the
    address says so, the mask's grid is drawn again with no hatched cell and a caption saying so, the sentences that
    state which keys a query may use are marked, and the summary says "causal off"; a new tab opened at that address
    shows the same; on the chapter of both heads' maps, the maps lose their hatching and the legend's "masked", and
    ticked again the page is as built; on the walk-through's start the flow diagram's M and A lose their six hatched
    cells, and an undo brings them back."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + "walkthrough/causal-mask/")
    box = page.get_by_role("checkbox", name="The causal mask: each token attends to itself and the tokens before it")
    expect(box).to_be_checked()
    box.focus()
    page.keyboard.press("Space")
    expect(box).not_to_be_checked()
    assert "set-causal=false" in page.url
    grid = page.locator("figure:has(svg.abh-mask)")
    expect(grid.locator("rect.abh-cell.abh-masked")).to_have_count(0)
    expect(grid.locator("rect.abh-cell.abh-allowed")).to_have_count(9)
    expect(grid.locator("figcaption")).to_contain_text("with no causal mask no cell is hatched")
    expect(grid.locator("svg > title")).to_have_text("No mask on red ball rolls")
    expect(page.locator(".attn-live-stale").first).to_contain_text("the set of non-zero entries is red; with these "
                                                                    "inputs it is red, ball and rolls")
    expect(page.locator(".attn-live-summary")).to_have_text("Numbers changed by the reader: causal off.")
    expect(page.locator(".attn-live-panel .attn-live-panel__status")).to_contain_text(
        "Recomputed for the causal mask = off. 3 checked sentences no longer hold")
    shared = page.context.new_page()
    try:
        shared.goto(page.url)
        expect(shared.locator("figure:has(svg.abh-mask) rect.abh-cell.abh-masked")).to_have_count(0)
        expect(shared.get_by_role("checkbox", name="The causal mask", exact=False)).not_to_be_checked()  # open
    finally:
        shared.close()

    directives = open_live(page, site_url + "walkthrough/interpretation/")
    before = read_page(page, directives)
    maps = page.locator("figure:has(svg.abh-heatmap)")
    expect(maps.locator("rect.abh-cell.abh-masked")).to_have_count(6)  # three cells above the diagonal, twice
    box.uncheck()
    expect(maps.locator("rect.abh-cell.abh-masked")).to_have_count(0)
    expect(maps.locator(".abh-legend text", has_text="masked")).to_have_count(0)
    box.check()
    assert read_page(page, directives) == before

    open_live(page, site_url + "walkthrough/")
    flow = page.locator("figure:has(svg.abh-flow)")
    expect(flow.locator("rect.abh-masked")).to_have_count(6)
    box.uncheck()
    expect(flow.locator("rect.abh-masked")).to_have_count(0)
    expect(flow.locator("figcaption")).to_contain_text("with no causal mask no cell is hatched")
    page.get_by_role("button", name="Undo").click()
    expect(flow.locator("rect.abh-masked")).to_have_count(6)
    expect(flow.locator("figcaption")).to_contain_text("hatched cells are future positions")


def test_inputs_that_are_no_token_s_rows_are_numbered(tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert the exercises' new keys, three rows that are keys, not the tokens red, ball, rolls, are offered as key 1
    to key 3, with no caption calling them a row per token."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + "walkthrough/exercises/")
    table = page.locator(".attn-live-panel__table", has=page.locator("caption", has_text="New_keys"))
    expect(table.locator("caption")).to_have_text("New_keys")
    expect(table.locator("th[scope=row]")).to_have_text(["key 1", "key 2", "key 3"])
    expect(page.get_by_label("new_keys of key 2, entry 1", exact=True)).to_have_count(1)


def test_a_reader_types_into_a_one_row_input_and_the_page_follows(tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert the meaning page offers the query of it as one row of fields named by its word: typing 0 for its second
    entry (breakable) makes the words glass and table tie, changes the weights and marks the claim that glass gets the
    largest weight, and the address carries the row as typed; the Transformer layer's bias b_1 is offered likewise."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    directives = open_live(page, site_url + "walkthrough/meaning/")
    as_built = read_page(page, directives)
    field = page.get_by_label("query of it, entry 2", exact=True)
    expect(field).to_have_value("3")
    field.fill("0")
    field.press("Enter")
    expect(page.locator(".attn-live-panel__status")).to_contain_text("checked sentences no longer hold")
    assert "set-query=3,0,0,0" in page.url
    changed = read_page(page, directives)
    weights = [str(d["id"]) for d in directives if d["name"] == "weights" and d["kind"] == "value"]
    assert weights and all(changed[i] != as_built[i] for i in weights)
    expect(page.locator("mark.attn-live-stale").first).to_contain_text("No longer true for these numbers")
    expect(page.locator(".attn-live-summary")).to_have_text("Numbers changed by the reader: query (3, 0, 0, 0).")
    open_live(page, site_url + "walkthrough/transformer-layer/")
    expect(page.get_by_label("b_1, entry 2", exact=True)).to_have_value("-1/2")
