"""The figures of the newest pages, drawn from the same arrays as their tables (#33): the KV cache growing a decoding
step at a time (kv-cache decoding-steps) and the 4-D reshape of batched heads (batched-heads head-split).

Each is read back from its SVG: the panels, rows and cells it draws are counted against the core's arrays, its
numbers read back in order, and the same count made again with a changed example, so a figure that typed a size
instead of reading it fails here."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from pages import expand

from attention_core.examples.batched_heads import BATCHED_HEADS
from attention_core.examples.kv_cache import KV_CACHE
from attention_site.directives.entries import batched_heads as batched_entries
from attention_site.directives.entries import kv_cache as kv_entries
from attention_site.figures import decoding_steps_svg, head_split_svg

SVG = "{http://www.w3.org/2000/svg}"
PHONE_COLUMN = 343  # a 375 px phone's column, as tests/test_figures.py measures it
CHAR = 8  # units a character of 14-unit text takes, at most (tests/test_figures.py takes the same)
CELL_CHAR = 7.5  # of 13-unit cell text


def svg_of(example: str, name: str) -> ET.Element:
    """Render one figure directive as a page does and parse its SVG."""
    html = expand(f"<!-- attn:figure {example} {name} -->")
    return ET.fromstring(re.search(r"<svg.*</svg>", html, re.S).group(0))


def caption_of(example: str, name: str) -> str:
    """The caption the figure directive writes under its picture."""
    html = expand(f"<!-- attn:figure {example} {name} -->")
    return re.sub(r"<[^>]+>", "", re.search(r"<figcaption>(.*?)</figcaption>", html, re.S).group(1))


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    """The <g> elements whose class list holds `cls`, in document order."""
    return [g for g in root.iter(f"{SVG}g") if cls in (g.get("class") or "").split()]


def texts(root: ET.Element, cls: str) -> list[str]:
    """The text of every <text> of class `cls`, in document order."""
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text") if cls in (t.get("class") or "").split()]


def right_edges(root: ET.Element) -> list[float]:
    """How far right each text and rectangle reaches, a text taken at CHAR units a character."""
    reach = {"start": 1, "middle": 0.5, "end": 0}
    edges = [float(r.get("x")) + float(r.get("width")) for r in root.iter(f"{SVG}rect") if r.get("x")]
    edges += [float(t.get("x")) + CHAR * len("".join(t.itertext())) * reach[t.get("text-anchor")]
              for t in root.iter(f"{SVG}text")]
    return edges


def fits_a_phone(root: ET.Element) -> None:
    """Assert the picture is at most a phone's column wide and everything in it is drawn inside it."""
    width = float(root.get("viewBox").split()[2])
    assert width <= PHONE_COLUMN, width
    assert 0 < max(right_edges(root)) <= width, (max(right_edges(root)), width)
    lefts = [float(t.get("x")) for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "start"]
    assert min(lefts) >= 0


# ---- the KV cache, a decoding step at a time ----

def decoding_panels(root: ET.Element) -> list[dict[str, object]]:
    """Each panel of the decoding figure as read: its heading, cells of q, K and V, new cells, arrows, row labels."""
    read = []
    for panel in groups(root, "abh-panel"):
        arrays = {g.find(f"{SVG}title").text.split(":")[0]: g for g in groups(panel, "abh-array")}
        read.append({
            "heading": texts(panel, "abh-label")[0],
            "cells": {name: len(g.findall(f"{SVG}rect")) for name, g in arrays.items()},
            "new": {name: sum("abh-new" in r.get("class") for r in g.iter(f"{SVG}rect")) for name, g in arrays.items()},
            "arrows": sum(line.get("class") == "abh-edge" for line in panel.iter(f"{SVG}line")),
            "rows": texts(panel, "abh-row-label"),
        })
    return read


def expected_panels(example) -> list[dict[str, object]]:
    """What each panel must show for `example`: its step's arrays, as the core computed them."""
    tokens = example.tokens
    return [{"heading": f"step {step.step}: {tokens[step.step - 1]}",
             "cells": {"q": step.query.size, "K": step.cache.K.size, "V": step.cache.V.size},
             "new": {"q": step.query.size, "K": step.cache.K.shape[1], "V": step.cache.V.shape[1]},
             "arrows": step.keys_cached,
             "rows": [*tokens[: step.step - 1], f"{tokens[step.step - 1]} (new)"]}
            for step in example.steps]


def test_one_panel_a_step_with_the_cache_and_one_query_row() -> None:
    """Assert the figure draws one panel per decoding step, each with the query (1 × d_k), the cached K and V (one
    row longer each step, that row new) and one arrow from the query to each cached key: 3 steps, 1, 2, 3 rows."""
    panels = decoding_panels(svg_of("kv-cache", "decoding-steps"))
    assert panels == expected_panels(KV_CACHE)
    assert [p["arrows"] for p in panels] == [1, 2, 3] and panels[2]["cells"] == {"q": 1, "K": 3, "V": 6}


def test_the_decoding_figure_follows_a_changed_example(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert a fourth token and keys two wide (d_k = 2) give four panels, the last with four key rows of two cells,
    and a desc and caption that say four steps: nothing in the figure is typed."""
    four = (("1", "0", "0"), ("0", "1", "0"), ("0", "0", "1"), ("1", "1", "0"))
    two = (("1", "0"), ("0", "1"), ("1", "1"))
    longer = replace(KV_CACHE, tokens=(*KV_CACHE.tokens, "far"), X_text=four, W_q_text=two, W_k_text=two)
    monkeypatch.setattr(kv_entries, "EX", longer)
    root = ET.fromstring(kv_entries.decoding_steps().svg)
    panels = decoding_panels(root)
    assert panels == expected_panels(longer)
    assert len(panels) == 4 and panels[3]["cells"]["K"] == 8 and panels[3]["rows"][-1] == "far (new)"
    assert "step 4 (far)" in root.find(f"{SVG}desc").text
    assert kv_entries.decoding_steps().caption.startswith("Four steps")


def test_the_decoding_figure_fits_a_phone_and_names_what_it_draws() -> None:
    """Assert the figure fits a 375 px phone's column with every label inside it, and its text alternative names
    each step's token and the size of its q, K and V, as the picture draws them."""
    root = svg_of("kv-cache", "decoding-steps")
    fits_a_phone(root)
    desc = root.find(f"{SVG}desc").text
    for step in KV_CACHE.steps:
        (t, d_k), d_v = step.cache.K.shape, step.cache.V.shape[1]
        assert f"step {t} ({KV_CACHE.tokens[t - 1]}): q 1 × {d_k}, K {t} × {d_k}, V {t} × {d_v}" in desc
    assert caption_of("kv-cache", "decoding-steps").startswith("Three steps")


def test_decoding_steps_refuse_rows_that_do_not_match() -> None:
    """Assert a panel whose cached K and V differ in rows, or whose labels miss a row, is refused."""
    with pytest.raises(ValueError, match="rows"):
        decoding_steps_svg([("x", (1, 1), (2, 1), (1, 2), ("a",))], title="t", desc="d", id_prefix="k")
    with pytest.raises(ValueError, match="label"):
        decoding_steps_svg([("x", (1, 1), (2, 1), (2, 2), ("a",))], title="t", desc="d", id_prefix="k")


# ---- the 4-D reshape of batched heads ----

def number(text: str) -> float:
    """A number as a cell prints it: `2`, `−1/2`, `0.5`."""
    return float(Fraction(text.replace("\N{MINUS SIGN}", "-")))


def split_panels(root: ET.Element) -> list[list[tuple[int, float]]]:
    """Each panel's cells in the order drawn: (the head its colour names, the number it prints)."""
    panels = []
    for panel in groups(root, "abh-panel"):
        cells = []
        for cell in groups(panel, "abh-split-cell"):
            rect, text = cell.find(f"{SVG}rect"), cell.find(f"{SVG}text")
            head = int(re.search(r"abh-head-(\d+)", cell.get("class")).group(1))
            assert "abh-cell" in rect.get("class")
            cells.append((head, number(text.text)))
        panels.append(cells)
    return panels


def expected_split(example) -> list[list[tuple[int, float]]]:
    """Each panel's cells as the core's arrays hold them, read in memory order, each with its head (from 1)."""
    full, cut, split = example.queries_full, example.queries_cut, example.batched.Q
    d_head = example.d_head
    return [[(int(j) // d_head + 1, float(full[b, i, j])) for b, i, j in np.ndindex(full.shape)],
            [(int(k) + 1, float(cut[b, i, k, c])) for b, i, k, c in np.ndindex(cut.shape)],
            [(int(k) + 1, float(split[b, k, i, c])) for b, k, i, c in np.ndindex(split.shape)]]


def test_reshape_moves_no_number_and_transpose_groups_each_head() -> None:
    """Assert the three panels print X W_Q (B, n, d_model), its reshape (B, n, h, d_head) and Q (B, h, n, d_head) cell
    for cell in memory order, each cell coloured by its head: the reshape reads the very same sequence of numbers,
    while the transpose reorders them so that each head's n rows come together."""
    panels = split_panels(svg_of("batched-heads", "head-split"))
    assert panels == expected_split(BATCHED_HEADS)
    assert len(panels[0]) == BATCHED_HEADS.queries_full.size == 24
    assert panels[1] == panels[0] and panels[2] != panels[0]
    first_block = panels[2][: 3 * 2]  # sequence 1, head 1: n rows of d_head
    assert {head for head, _ in first_block} == {1}


def test_the_split_figure_labels_its_shapes_from_the_arrays() -> None:
    """Assert each panel names its shape as the core's arrays have it, and the text alternative says the same."""
    root = svg_of("batched-heads", "head-split")
    shapes = [", ".join(str(k) for k in a.shape) for a in (BATCHED_HEADS.queries_full, BATCHED_HEADS.queries_cut,
                                                           BATCHED_HEADS.batched.Q)]
    headings = ["".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "abh-shape"
                and "=" in "".join(t.itertext())]
    assert [heading.split("= ")[1] for heading in headings] == [f"({shape})" for shape in shapes]
    desc = root.find(f"{SVG}desc").text
    assert all(f"({shape})" in desc for shape in shapes)
    assert caption_of("batched-heads", "head-split").startswith("The reshape")


@pytest.mark.parametrize("heads", [1, 4])
def test_the_split_figure_follows_a_changed_number_of_heads(monkeypatch: pytest.MonkeyPatch, heads: int) -> None:
    """Assert with h = 1 or 4 the panels still hold the arrays cell for cell, with as many heads' colours and labels
    as there are heads."""
    changed = replace(BATCHED_HEADS, h=heads)
    monkeypatch.setattr(batched_entries, "EX", changed)
    root = ET.fromstring(batched_entries.head_split().svg)
    panels = split_panels(root)
    assert panels == expected_split(changed)
    assert {head for head, _ in panels[2]} == set(range(1, heads + 1))
    assert f"h = {heads}" in root.find(f"{SVG}desc").text


def test_the_split_figure_fits_a_phone_with_its_numbers_inside_their_cells() -> None:
    """Assert the figure fits a 375 px phone's column and every number fits its cell."""
    root = svg_of("batched-heads", "head-split")
    fits_a_phone(root)
    for cell in groups(root, "abh-split-cell"):
        rect, text = cell.find(f"{SVG}rect"), cell.find(f"{SVG}text")
        assert CELL_CHAR * len(text.text) + 4 <= float(rect.get("width")), text.text


def test_head_split_refuses_arrays_that_do_not_match() -> None:
    """Assert a reshape whose heads do not cut d_model evenly is refused."""
    full = [[["1", "2", "3"]]]
    with pytest.raises(ValueError, match="d_model"):
        head_split_svg(full, [[[["1"], ["2"]]]], [[[["1"]], [["2"]]]], [["a"]], title="t", desc="d", id_prefix="s")
