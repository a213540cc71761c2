"""Tests for attention_site/figures/: SVGs that parse, say what they show, and come out the same every time."""

from __future__ import annotations

import colorsys
import itertools
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from attention_site.figures import (
    ArrayShape,
    decoding_steps_svg,
    flow_diagram_svg,
    growth_chart_svg,
    growth_charts,
    head_split_svg,
    heatmap_svg,
    mask_grid_svg,
    path_diagram_svg,
    positions_heatmap_svg,
    residual_stream_svg,
)

SVG = "{http://www.w3.org/2000/svg}"
TOKENS = ["red", "ball", "rolls"]
WEIGHTS = [[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [0.25, 0.25, 0.5]]
CAUSAL = [[j > i for j in range(3)] for i in range(3)]


def heatmap(prefix: str = "w") -> str:
    """Draw the red-ball-rolls weights with the causal mask."""
    return heatmap_svg(WEIGHTS, TOKENS, TOKENS, title="Weights <A>", desc="Rows are queries & columns keys.",
                       masked=CAUSAL, id_prefix=prefix)


def mask_grid(prefix: str = "m") -> str:
    """Draw the causal mask grid of three tokens."""
    allowed = [[not blocked for blocked in row] for row in CAUSAL]
    return mask_grid_svg(allowed, TOKENS, title="Causal mask", desc="Lower triangle allowed.", id_prefix=prefix)


def growth(prefix: str = "g", narrow: bool = False) -> str:
    """Draw naive against tiled memory on log axes (for a phone's column when `narrow`)."""
    xs = [128.0 * 2**k for k in range(6)]
    return growth_chart_svg(xs, {"naive": [x * x for x in xs], "tiled": [64 * x for x in xs]},
                            title="Memory", desc="Naive grows as n².", x_label="n", y_label="entries",
                            id_prefix=prefix, narrow=narrow)


def narrow_growth(prefix: str = "gn") -> str:
    """Draw the chart of `growth` for a phone's column."""
    return growth(prefix, narrow=True)


def positions(prefix: str = "p") -> str:
    """Draw sinusoidal encodings of 6 positions in 4 dimensions."""
    P = [[math.sin(p / 100 ** (i / 4)) if i % 2 == 0 else math.cos(p / 100 ** ((i - 1) / 4)) for i in range(4)]
         for p in range(6)]
    return positions_heatmap_svg(P, title="Positions", desc="Sines and cosines.", id_prefix=prefix)


def paths(prefix: str = "r") -> str:
    """Draw the RNN chain against attention's edge for 6 tokens."""
    return path_diagram_svg(6, title="Paths", desc="Five steps against one.", id_prefix=prefix)


def flow(prefix: str = "f") -> str:
    """Draw X -> Q, V -> O with a route from V past the next stage."""
    stages = [[ArrayShape("X", 3, 3)], [ArrayShape("Q", 3, 1, "queries"), ArrayShape("V", 3, 2)],
              [ArrayShape("A", 3, 3, "softmax", tuple(tuple(j > i for j in range(3)) for i in range(3)))],
              [ArrayShape("O", 3, 2, "A V")]]
    return flow_diagram_svg(stages, [("X", "Q"), ("X", "V"), ("Q", "A"), ("A", "O"), ("V", "O")], title="Flow",
                            desc="Shapes:", id_prefix=prefix)


def stream(prefix: str = "s") -> str:
    """Draw a post-norm sub-layer: X, an operation, an addition fed by a skip, a normalisation."""
    nodes = [ArrayShape("X", 3, 3), "MultiHead", "+", "LayerNorm", ArrayShape("R", 3, 3)]
    return residual_stream_svg([("post-norm", nodes, [(0, 2)])], title="Stream", desc="One sub-layer.",
                               id_prefix=prefix)


def decoding(prefix: str = "dq") -> str:
    """Draw two decoding steps: the query against one cached key, then two."""
    steps = [("red", (1, 1), (1, 1), (1, 2), ("red",)), ("ball", (1, 1), (2, 1), (2, 2), ("red", "ball"))]
    return decoding_steps_svg(steps, title="Decoding", desc="Two steps.", id_prefix=prefix)


def head_split(prefix: str = "hs") -> str:
    """Draw one sequence of two tokens, d_model = 2, split into two heads of one column."""
    full = [[["1", "2"], ["3", "4"]]]
    return head_split_svg(full, [[[["1"], ["2"]], [["3"], ["4"]]]], [[[["1"], ["3"]], [["2"], ["4"]]]],
                          [["a", "b"]], title="Split", desc="Two heads.", id_prefix=prefix)


FIGURES: list[Callable[[str], str]] = [heatmap, mask_grid, growth, narrow_growth, positions, paths, flow, stream,
                                       decoding, head_split]


@pytest.mark.parametrize("draw", FIGURES)
def test_svg_parses_and_is_labelled(draw: Callable[[str], str]) -> None:
    """Assert the SVG parses as XML, is an image named by its own title and desc, and scales."""
    root = ET.fromstring(draw("fig"))
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "fig-title fig-desc"
    assert root.find(f"{SVG}title").get("id") == "fig-title"
    assert root.find(f"{SVG}desc").get("id") == "fig-desc"
    assert root.get("width") == "100%" and root.get("viewBox").startswith("0 0 ")
    assert "max-width" in root.get("style")


@pytest.mark.parametrize("draw", [flow, stream, decoding])
def test_diagrams_never_shrink_and_name_every_shape(draw: Callable[[str], str]) -> None:
    """Assert a diagram keeps its natural width (min-width) and its desc names each drawn shape."""
    root = ET.fromstring(draw("d"))
    width = root.get("viewBox").split()[2]
    assert root.get("style") == f"--abh-floor: {width}px; max-width: {width}px"
    shapes = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "abh-shape" and "×" in t.text]
    assert shapes and all(shape in root.find(f"{SVG}desc").text for shape in shapes)


def test_flow_draws_each_array_in_its_shape_and_joins_the_late_edge() -> None:
    """Assert X has 9 cells, Q 3, V 6, A 9 with 3 hatched, O 6, and V reaches O's arrow by a joined route."""
    root = ET.fromstring(flow())
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "abh-array"]
    assert [len(g.findall(f"{SVG}rect")) for g in groups] == [9, 3, 6, 9, 6]
    assert sum(r.get("fill") == "url(#f-hatch)" for r in root.iter(f"{SVG}rect")) == 3
    assert len(root.findall(f"{SVG}circle")) == 1 and len(root.findall(f"{SVG}path")) == 1
    assert "".join(next(t for t in root.iter(f"{SVG}text") if t.get("class") == "abh-symbol").itertext()) == "X"


def test_subscript_is_a_tspan() -> None:
    """Assert W_O is written as W with a subscript O, read back as 'WO'."""
    svg = flow_diagram_svg([[ArrayShape("W_O", 4, 3)]], [], title="t", desc="d", id_prefix="w")
    symbol = next(t for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == "abh-symbol")
    assert "".join(symbol.itertext()) == "WO" and symbol.find(f"{SVG}tspan").get("baseline-shift") == "sub"


@pytest.mark.parametrize("draw", FIGURES)
def test_deterministic(draw: Callable[[str], str]) -> None:
    """Assert the same input gives byte-identical output."""
    assert draw("same") == draw("same")


@pytest.mark.parametrize("draw", FIGURES)
def test_ids_carry_the_prefix(draw: Callable[[str], str]) -> None:
    """Assert every id starts with the prefix, so two figures on a page never share one."""
    ids = [element.get("id") for element in ET.fromstring(draw("one")).iter() if element.get("id")]
    assert ids and all(identifier.startswith("one-") for identifier in ids)
    assert not set(ids) & {element.get("id") for element in ET.fromstring(draw("two")).iter()}


@pytest.mark.parametrize("draw", FIGURES)
def test_no_colour_written_in_svg(draw: Callable[[str], str]) -> None:
    """Assert colours come from figures.css: no hex colour in the SVG itself."""
    assert "#" not in draw("c").replace("url(#c-", "")


def test_title_and_desc_escaped() -> None:
    """Assert `<` and `&` in the text alternative are escaped and read back intact."""
    root = ET.fromstring(heatmap())
    assert root.find(f"{SVG}title").text == "Weights <A>"
    assert root.find(f"{SVG}desc").text == "Rows are queries & columns keys."


def test_masked_cells_hatched_and_blank() -> None:
    """Assert exactly the causal triangle's cells are hatched and carry no value."""
    groups = [g for g in ET.fromstring(heatmap()).iter(f"{SVG}g") if g.find(f"{SVG}title") is not None]
    masked = [g for g in groups if "abh-masked" in g.find(f"{SVG}rect").get("class")]
    assert [g.find(f"{SVG}title").text for g in masked] == [
        "red → ball: masked", "red → rolls: masked", "ball → rolls: masked",
    ]
    assert all(g.find(f"{SVG}rect").get("fill") == "url(#w-hatch)" for g in masked)
    assert all(g.find(f"{SVG}text") is None for g in masked)


def test_cells_show_values_and_shade() -> None:
    """Assert unmasked cells print their weight and are shaded by it."""
    cells = [g for g in ET.fromstring(heatmap()).iter(f"{SVG}g") if g.find(f"{SVG}title") is not None]
    rolls = [g for g in cells if g.find(f"{SVG}title").text.startswith("rolls")]
    assert [g.find(f"{SVG}text").text for g in rolls] == ["0.25", "0.25", "0.50"]
    # ramp r(w) = (1 - e^(-4w)) / (1 - e^(-4)): r(0.25) = 0.644, r(0.5) = 0.881; opacity 0.06 + 0.9 r
    assert [g.find(f"{SVG}rect").get("fill-opacity") for g in rolls] == ["0.64", "0.64", "0.85"]
    assert [g.find(f"{SVG}rect").get("style") for g in rolls] == ["--abh-ramp: 64%"] * 2 + ["--abh-ramp: 88%"]


def test_the_ramp_rises_from_faint_to_full() -> None:
    """Assert the heat ramp rises with the weight, from a faint 0 (opacity 0.06) to a full 1 (0.96)."""
    from attention_site.figures.grids import _ramp, _shade

    weights = [k / 100 for k in range(101)]
    assert [_ramp(w) for w in weights] == sorted(_ramp(w) for w in weights)
    assert _ramp(0) == 0 and _ramp(1) == pytest.approx(1)
    assert _shade(0) == pytest.approx(0.06) and _shade(1) == pytest.approx(0.96)



def test_an_axis_keeps_one_number_style() -> None:
    """Assert a log axis that reaches 10⁷ writes 10,000 as 10⁴, and one that stays below 10⁵ keeps digits."""
    from attention_site.figures import growth_chart_svg

    def ticks(svg: str) -> list[str]:
        return [t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if "abh-tick" in (t.get("class") or "")]

    wide = growth_chart_svg([4, 16, 64], {"a": [10.0, 1e4, 1e7]}, title="t", desc="d", x_label="x", y_label="y",
                            log=True, id_prefix="w")
    assert "10⁴" in ticks(wide) and "10,000" not in ticks(wide)
    narrow = growth_chart_svg([4, 16, 64], {"a": [10.0, 100.0, 1e4]}, title="t", desc="d", x_label="x",
                              y_label="y", log=True, id_prefix="n")
    assert "10,000" in ticks(narrow)


def test_a_log_axis_in_powers_writes_every_tick_as_a_power() -> None:
    """Assert the cost chart's count axis, which reaches 10⁷, reads 10⁰ 10¹ 10² ... 10⁷ in both drawings (it read
    1, 10, 100 and then 10³ ... 10⁷), and its axis of tokens, all below 10⁵, stays in digits."""
    from attention_site.directives import expand_directives

    page = expand_directives("<!-- attn:figure cost growth-chart -->", "docs/x.md")
    drawings = re.findall(r"<svg\b.*?</svg>", page, re.DOTALL)
    assert len(drawings) == 2  # wide, and for a phone
    for svg in drawings:
        ticks = [t for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == "abh-tick"]
        counts = [t.text for t in ticks if t.get("text-anchor") == "end"]  # the y axis, labelled at its left
        tokens = [t.text or "" for t in ticks if t.get("text-anchor") == "middle"]  # the x axis, under it
        assert counts == ["10⁰", "10¹", "10²", "10³", "10⁴", "10⁵", "10⁶", "10⁷"]
        assert tokens and all(tick.replace(",", "").isdigit() for tick in tokens), tokens


@pytest.mark.parametrize(("top", "expected"), [
    (1.61, ["0", "0.5", "1", "1.5", "2"]),  # the trained head's loss: it read 0.322, 0.644, 0.966, 1.29, 1.61
    (0.9, ["0", "0.2", "0.4", "0.6", "0.8", "1"]),
    (37.0, ["0", "10", "20", "30", "40"]),
    (1.0, ["0", "0.2", "0.4", "0.6", "0.8", "1"]),
])
def test_a_linear_axis_ticks_round_steps_and_holds_every_point(top: float, expected: list[str]) -> None:
    """Assert a linear y axis is ticked at round steps (1, 2, 2.5 or 5 times a power of ten) from 0 to the first
    step at or above the data's top, and every point is drawn inside the plot."""
    from attention_site.figures import growth_chart_svg

    svg = growth_chart_svg([0, 1, 2], {"a": [top, top / 2, 0.0]}, title="t", desc="d", x_label="x", y_label="y",
                           log=False, id_prefix="l")
    ticks = [t for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == "abh-tick"]
    assert [t.text for t in ticks if t.get("text-anchor") == "end"] == expected
    grid = [float(line.get("y1")) for line in ET.fromstring(svg).iter(f"{SVG}line") if line.get("class") == "abh-grid"]
    points = [g for g in ET.fromstring(svg).iter(f"{SVG}g") if "abh-marker" in (g.get("class") or "")
              and g.find(f"{SVG}title") is not None]  # the data's markers, each with its tip; the legend's have none
    marks = [float(mark.get("cy")) for g in points for mark in g.iter(f"{SVG}circle")]
    assert marks and all(min(grid) <= y <= max(grid) for y in marks)


def test_cell_text_replaces_values() -> None:
    """Assert given cell text is printed as written."""
    text = [["1", "", ""], ["1/2", "1/2", ""], ["1/4", "1/4", "1/2"]]
    svg = heatmap_svg(WEIGHTS, TOKENS, TOKENS, title="t", desc="d", cell_text=text, masked=CAUSAL, id_prefix="x")
    texts = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if "abh-cell-text" in t.get("class")]
    assert texts == ["1", "1/2", "1/2", "1/4", "1/4", "1/2"]


def test_mask_grid_marks_blocked_cells() -> None:
    """Assert the mask grid hatches the three future cells and fills the six allowed ones."""
    rects = [r.get("class") for r in ET.fromstring(mask_grid()).iter(f"{SVG}rect") if "abh-cell" in
             (r.get("class") or "")]
    assert rects.count("abh-cell abh-masked") == 3
    assert rects.count("abh-cell abh-allowed") == 6


def test_growth_chart_has_a_legend_per_series() -> None:
    """Assert a chart of two labelled series draws two lines and names both."""
    root = ET.fromstring(growth())
    assert len(list(root.iter(f"{SVG}polyline"))) == 2
    assert {"naive", "tiled"} <= {t.text for t in root.iter(f"{SVG}text")}


def test_a_line_chart_comes_drawn_wide_and_for_a_phone() -> None:
    """Assert growth_charts gives two drawings of one chart, wide and narrow, with no id in both; the narrow one fits
    a 375 px phone's 343 px column, everything in it drawn inside it (a label taken at 8 units a character), and
    its legend is one entry a line where the wide one sets the entries side by side."""
    xs = [4.0, 16.0, 64.0, 256.0, 1024.0]
    both = ET.fromstring("<div>" + growth_charts(xs, {"score entries n²": [x * x for x in xs], "tokens n": xs},
                                                 title="t", desc="d", x_label="tokens n", y_label="count",
                                                 id_prefix="c") + "</div>")
    wide, narrow = both
    assert [svg.get("class") for svg in both] == ["abh-figure abh-chart abh-chart-wide",
                                                  "abh-figure abh-chart abh-chart-narrow"]
    ids = [node.get("id") for node in both.iter() if node.get("id")]
    assert len(ids) == len(set(ids)) and "c-narrow-title" in ids
    width = float(narrow.get("viewBox").split()[2])
    assert width <= 343 < float(wide.get("viewBox").split()[2])
    reach = {"start": 1, "middle": 0.5, "end": 0}  # of a label's width, right of its x
    rights = [float(x) for line in narrow.iter(f"{SVG}polyline") for x in re.findall(r"([\d.]+),", line.get("points"))]
    rights += [float(text.get("x")) + 8 * len(text.text) * reach[text.get("text-anchor")]
               for text in narrow.iter(f"{SVG}text")]
    assert 0 < max(rights) <= width

    def legend_entries(svg: ET.Element) -> list[tuple[str, str]]:
        return [(text.get("x"), text.get("y")) for text in svg.find(f"{SVG}g[@class='abh-legend']").iter(f"{SVG}text")]

    (x1, y1), (x2, y2) = legend_entries(narrow)
    assert x1 == x2 and float(y2) - float(y1) == 28
    assert legend_entries(wide)[0][1] == legend_entries(wide)[1][1]


def test_the_path_of_six_tokens_fits_a_phone_with_each_row_named_above_it() -> None:
    """Assert the RNN's path against attention's edge, for six tokens, fits a 375 px phone's 343 px column, every
    circle inside the picture, and each row's name above its first circle (on the left it pushed token 6 off)."""
    root = ET.fromstring(paths())
    width = float(root.get("viewBox").split()[2])
    circles = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r"))) for c in root.iter(f"{SVG}circle")]
    assert len(circles) == 12 and width <= 343
    assert all(x - r > 0 and x + r < width for x, _, r in circles)
    names = {t.text: (float(t.get("x")), float(t.get("y"))) for t in root.iter(f"{SVG}text")
             if t.get("class") == "abh-label"}
    for name, (x, y) in names.items():
        first = min(circle for circle in circles if circle[1] > y)  # the first circle of the row below the name
        assert x == first[0] - first[2] and y < first[1] - first[2], name
    assert set(names) == {"RNN", "attention"}


def test_single_series_chart_without_legend() -> None:
    """Assert one unlabelled series is drawn without a legend."""
    svg = growth_chart_svg([1, 10, 100], [1, 100, 10_000], title="n²", desc="d", x_label="n", y_label="n²",
                           id_prefix="s")
    assert 'class="abh-legend"' not in svg and ">10,000</text>" in svg


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: heatmap_svg([[0.5, 1.5]], ["a"], ["a", "b"], title="t", desc="d", id_prefix="x"),
         "values[0][1] = 1.5 is outside [0, 1]"),
        (lambda: heatmap_svg([[0.5]], ["a", "b"], ["a"], title="t", desc="d", id_prefix="x"),
         "row_labels has 2 labels but the grid has 1"),
        (lambda: heatmap_svg([[0.5]], ["a"], ["a"], title="t", desc="d", id_prefix="1x"), "id_prefix"),
        (lambda: heatmap_svg([[0.5]], ["a"], ["a"], title=" ", desc="d", id_prefix="x"), "non-empty title"),
        (lambda: mask_grid_svg([[True, False]], ["a"], title="t", desc="d", id_prefix="x"), "must be square"),
        (lambda: growth_chart_svg([1, 2], [0, 4], title="t", desc="d", x_label="x", y_label="y", id_prefix="x"),
         "a log scale needs positive values"),
        (lambda: growth_chart_svg([1, 2], [1], title="t", desc="d", x_label="x", y_label="y", id_prefix="x"),
         "has 1 values but xs has 2"),
        (lambda: positions_heatmap_svg([[float("nan")]], title="t", desc="d", id_prefix="x"), "outside [-1, 1]"),
        (lambda: path_diagram_svg(1, title="t", desc="d", id_prefix="x"), "from 2 to 12, got 1"),
        (lambda: flow_diagram_svg([[ArrayShape("X", 1, 1)]], [("X", "Y")], title="t", desc="d", id_prefix="x"),
         "edge names 'Y'"),
        (lambda: flow_diagram_svg([[ArrayShape("X", 1, 1)], [ArrayShape("Y", 1, 1)]], [("Y", "X")], title="t",
                                  desc="d", id_prefix="x"), "goes upwards"),
        (lambda: residual_stream_svg([("c", [ArrayShape("X", 1, 1), "FFN"], [(0, 1)])], title="t", desc="d",
                                     id_prefix="x"), "must run from a node down to a"),
    ],
)
def test_bad_input_raises_value_error(call: Callable[[], str], message: str) -> None:
    """Assert bad input raises ValueError quoting what is wrong."""
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        call()


def test_only_small_position_maps_carry_a_tooltip_per_cell() -> None:
    """Assert a 4x4 map names every cell's value on hover and a 32x32 map does not (the desc summarises it)."""
    small = positions_heatmap_svg([[0.5] * 4] * 4, title="t", desc="d", id_prefix="small")
    large = positions_heatmap_svg([[0.5] * 32] * 32, title="t", desc="d", id_prefix="large")
    assert small.count("<title>pos ") == 16
    assert large.count("<title>pos ") == 0 and large.count('class="abh-cell') == 1024


# ---------------------------------------------------------------------------------------------------------
# Heat-map colours as the stylesheets set them: figures.css's inks over reader.css's pages

STYLESHEETS = Path(__file__).resolve().parent.parent / "docs" / "stylesheets"
RE_PROPERTY = re.compile(r"(--[\w-]+):\s*([^;]+);")
RE_HSL = re.compile(r"hsl\((\d+)deg (\d+)% (\d+)%\)")
TINTS = ("none", "blue", "green", "yellow", "rose", "grey")
MORE_CONTRAST_DARK_PAGE = "#0b0c10"  # reader.css: more contrast on white paper in the dark scheme


def declared(css: str, selector: str) -> dict[str, str]:
    """The custom properties declared in the rule of `css` whose selector is exactly `selector`."""
    match = re.search(r"(?:^|\n)" + re.escape(selector) + r"\s*{([^}]*)}", css)
    assert match, f"no rule '{selector}'"
    return dict(RE_PROPERTY.findall(match.group(1)))


def rgb(colour: str) -> tuple[float, float, float]:
    """A CSS hex or `hsl(Hdeg S% L%)` colour as sRGB channels from 0 to 1."""
    hsl = RE_HSL.fullmatch(colour.strip())
    if hsl:
        hue, saturation, lightness = (int(part) for part in hsl.groups())
        red, green, blue = colorsys.hls_to_rgb(hue / 360, lightness / 100, saturation / 100)
        return red, green, blue
    digits = colour.strip().lstrip("#")
    red, green, blue = (int(digits[k:k + 2], 16) / 255 for k in (0, 2, 4))
    return red, green, blue


def mixed(first: tuple[float, ...], share: float, second: tuple[float, ...]) -> tuple[float, ...]:
    """`color-mix(in srgb, first share, second)` (and an opacity `share` of `first` over `second`)."""
    return tuple(share * a + (1 - share) * b for a, b in zip(first, second, strict=True))


def heat_colour(weight: float, page: tuple[float, ...], high: str, low: str) -> tuple[float, ...]:
    """The colour a heat cell of `weight` shows: the inks mixed by the ramp, at the cell's opacity, over the page."""
    from attention_site.figures.grids import _ramp, _shade

    ink = mixed(rgb(high), round(100 * _ramp(weight)) / 100, rgb(low))
    return mixed(ink, _shade(weight), page)


def oklab(colour: tuple[float, ...]) -> tuple[float, float, float]:
    """An sRGB colour in OKLab (Ottosson, 2020), where distance follows the difference an eye sees."""
    red, green, blue = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in colour)
    cones = [
        (0.4122214708 * red + 0.5363325363 * green + 0.0514459929 * blue) ** (1 / 3),
        (0.2119034982 * red + 0.6806995451 * green + 0.1073969566 * blue) ** (1 / 3),
        (0.0883024619 * red + 0.2817188376 * green + 0.6299787005 * blue) ** (1 / 3),
    ]
    rows = ((0.2104542553, 0.7936177850, -0.0040720468), (1.9779984951, -2.4285922050, 0.4505937099),
            (0.0259040371, 0.7827717662, -0.8086757660))
    lightness, a, b = (sum(k * c for k, c in zip(row, cones, strict=True)) for row in rows)
    return lightness, a, b


def heat_themes() -> dict[str, tuple[tuple[float, ...], str, str]]:
    """Every page colour a reader can choose (scheme, paper, tint, more contrast), with the heat inks on it."""
    figures = (STYLESHEETS / "figures.css").read_text(encoding="utf-8")
    reader = (STYLESHEETS / "reader.css").read_text(encoding="utf-8")
    light = declared(figures, ":root")
    inks = {
        ("light", "white"): light,
        ("light", "cream"): {**light, **declared(figures, '[data-paper="cream"] [data-md-color-scheme="default"]')},
        ("dark", "white"): {**light, **declared(figures, '[data-md-color-scheme="slate"]')},
    }
    inks["dark", "cream"] = inks["dark", "white"]
    papers = {"white": declared(reader, ":root"), "cream": declared(reader, 'html[data-paper="cream"]')}
    themes = {}
    for (scheme, paper), ink in inks.items():
        paper_colour = rgb(papers[paper][f"--reader-paper-{scheme}"])
        for tint in TINTS:
            page = paper_colour
            if tint != "none":
                tint_colour = declared(reader, f'html[data-tint="{tint}"]')[f"--reader-tint-{scheme}"]
                page = mixed(rgb(tint_colour), 0.75, paper_colour)  # reader.css: the tint 75 % into the paper
            themes[f"{scheme}-{paper}-{tint}"] = (page, ink["--abh-heat"], ink["--abh-heat-low"])
    themes["dark-more-contrast"] = (rgb(MORE_CONTRAST_DARK_PAGE), *(inks["dark", "white"][k]
                                                                    for k in ("--abh-heat", "--abh-heat-low")))
    return themes


THEMES = heat_themes()
# The lesson's weights for the query of late: the three a reader must tell apart on its heat map.
LESSON_WEIGHTS = (0.090, 0.212, 0.245)
# CSS Color 4 takes a difference of 0.02 in OKLab (deltaEOK) as just noticeable when it maps colours into a
# screen's gamut. Cells of a heat map are compared across the map, not side by side, so two weights must be at
# least 1.75 times that apart to tell at a glance (the old single-hue ramp gave 0.019-0.022: one step).
CLEARLY_APART = 0.035


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_lesson_weights_clearly_apart_in_every_theme(theme: str) -> None:
    """Assert 0.090, 0.212 and 0.245 show colours at least CLEARLY_APART apart in OKLab, in every theme."""
    page, high, low = THEMES[theme]
    seen = [heat_colour(w, page, high, low) for w in LESSON_WEIGHTS]
    differences = [math.dist(oklab(a), oklab(b)) for a, b in itertools.combinations(seen, 2)]
    assert min(differences) >= CLEARLY_APART, [round(d, 3) for d in differences]


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_heavier_cells_always_further_from_the_page(theme: str) -> None:
    """Assert the legend reads one way: each step of weight moves the cell's colour further from the page."""
    page, high, low = THEMES[theme]
    distances = [math.dist(oklab(heat_colour(k / 20, page, high, low)), oklab(page)) for k in range(21)]
    assert distances == sorted(distances)
