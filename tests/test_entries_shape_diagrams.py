"""Tests for the diagrams of shapes: each array's drawn shape is the core's, and the SVG is well made."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from pages import expand

from attention_core import layer_norm, transformer_layer
from attention_core.examples.red_ball_layer import RED_BALL_LAYER
from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS

SVG = "{http://www.w3.org/2000/svg}"
DIAGRAMS = [("red-ball-rolls", "flow-diagram"), ("red-ball-rolls", "heads-diagram"),
            ("red-ball-layer", "norms-diagram"), ("kv-cache", "decoding-steps"),
            ("batched-heads", "head-split")]


def svg_of(example: str, name: str) -> ET.Element:
    """Render one figure directive and parse its SVG."""
    html = expand(f"<!-- attn:figure {example} {name} -->")
    return ET.fromstring(re.search(r"<svg.*</svg>", html, re.S).group(0))


def drawn(root: ET.Element) -> list[tuple[str, tuple[int, int]]]:
    """Every array the diagram draws, in order: its symbol as read (else its tooltip's) and its shape as printed."""
    arrays = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") != "abh-array":
            continue
        texts = {t.get("class"): "".join(t.itertext()) for t in group.iter(f"{SVG}text")}
        rows, cols = texts["abh-shape"].split(" × ")
        symbol = texts.get("abh-symbol") or group.find(f"{SVG}title").text.split(":")[0]
        arrays.append((symbol, (int(rows), int(cols))))
    return arrays


def cells(root: ET.Element) -> list[tuple[str, int]]:
    """Each drawn grid's symbol (from its tooltip) and its number of cells."""
    return [(g.find(f"{SVG}title").text.split(":")[0], len(g.findall(f"{SVG}rect")))
            for g in root.iter(f"{SVG}g") if g.get("class") == "abh-array"]


def test_flow_shapes_are_the_heads_arrays() -> None:
    """Assert the flow reads X 3 × 3, Q 3 × 1, K 3 × 1, V 3 × 2, S, M, A 3 × 3, O 3 × 2: the arrays' own shapes."""
    head = RED_BALL_ROLLS.head
    expected = [("X", RED_BALL_ROLLS.X), ("Q", head.Q), ("K", head.K), ("V", head.V), ("S", head.scaled),
                ("M", head.masked), ("A", head.weights), ("O", head.output)]
    root = svg_of("red-ball-rolls", "flow-diagram")
    assert drawn(root) == [(symbol, array.shape) for symbol, array in expected]
    assert drawn(root)[:4] == [("X", (3, 3)), ("Q", (3, 1)), ("K", (3, 1)), ("V", (3, 2))]
    assert cells(root) == [(symbol, array.size) for symbol, array in expected]


def test_flow_and_notation_put_the_division_by_root_d_k_in_s_not_m() -> None:
    """Assert the overview's figure notes S as Q Kᵀ ÷ √dₖ and M as masked alone, as its notation table (and the scores
    chapter) define them: the figure put the division in M (#33 correction 4)."""
    desc = "".join(svg_of("red-ball-rolls", "flow-diagram").find(f"{SVG}desc").itertext())
    assert "S (3 × 3, Q Kᵀ ÷ √dₖ)" in desc and "M (3 × 3, masked)" in desc, desc
    table = expand("<!-- attn:table red-ball-rolls shapes -->")
    s_row, m_row = (next(line for line in table.splitlines() if line.startswith(f"| ${x}$ |")) for x in "SM")
    assert "\\sqrt{d_k}" in s_row and "sqrt" not in m_row, (s_row, m_row)


def test_flow_hatches_the_masked_cells() -> None:
    """Assert M and A hatch exactly the three future cells of the causal mask."""
    root = svg_of("red-ball-rolls", "flow-diagram")
    hatched = {g.find(f"{SVG}title").text[0]: sum("abh-masked" in r.get("class") for r in g.iter(f"{SVG}rect"))
               for g in root.iter(f"{SVG}g") if g.get("class") == "abh-array"}
    assert hatched == {"X": 0, "Q": 0, "K": 0, "V": 0, "S": 0, "M": 3, "A": 3, "O": 0}
    assert int((~RED_BALL_ROLLS.mask).sum()) == 3


def test_heads_diagram_shapes_are_the_multihead_arrays() -> None:
    """Assert O¹, O² 3 × 2, concat 3 × 4, W_O 4 × 3 and U 3 × 3, as the core computes them."""
    mh = RED_BALL_ROLLS.multihead
    expected = [("O¹", mh.heads[0].output.shape), ("O²", mh.heads[1].output.shape), ("concat", mh.concat.shape),
                ("WO", mh.W_o.shape), ("U", mh.output.shape)]
    assert drawn(svg_of("red-ball-rolls", "heads-diagram")) == expected
    assert [shape for _, shape in expected] == [(3, 2), (3, 2), (3, 4), (4, 3), (3, 3)]


def test_norms_diagram_shapes_are_the_layers_arrays() -> None:
    """Assert both columns' X, R, Y (and pre-norm's final output) have the shapes of the layer's arrays."""
    heads = RED_BALL_LAYER.heads
    post, pre = (transformer_layer(heads.X, RED_BALL_LAYER.parameters, mask=heads.mask, norm=norm)
                 for norm in ("post", "pre"))
    expected = [("X", post.X.shape), ("R", post.R.shape), ("Y", post.Y.shape),
                ("X", pre.X.shape), ("R", pre.R.shape), ("Y", pre.Y.shape), ("out", layer_norm(pre.Y).shape)]
    root = svg_of("red-ball-layer", "norms-diagram")
    assert drawn(root) == expected
    steps = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "abh-op-text"]
    assert steps == ["MultiHead", "+", "LayerNorm", "FFN", "+", "LayerNorm",
                     "LayerNorm", "MultiHead", "+", "LayerNorm", "FFN", "+", "final LayerNorm"]


@pytest.mark.parametrize(("example", "name"), DIAGRAMS)
def test_diagram_is_labelled_and_never_shrinks(example: str, name: str) -> None:
    """Assert each diagram is an image with a title and a desc naming every shape, and keeps its natural width."""
    root = svg_of(example, name)
    assert root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title.text.strip() and desc.text.strip()
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    for _, (rows, cols) in drawn(root):
        assert f"{rows} × {cols}" in desc.text
    width = root.get("viewBox").split()[2]
    assert root.get("style") == f"--abh-floor: {width}px; max-width: {width}px"


@pytest.mark.parametrize(("example", "name"), DIAGRAMS)
def test_diagram_same_bytes_twice(example: str, name: str) -> None:
    """Assert rendering a diagram twice gives the same bytes."""
    first = expand(f"<!-- attn:figure {example} {name} -->")
    assert first == expand(f"<!-- attn:figure {example} {name} -->")


def test_flow_follows_a_changed_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert wider queries and keys (d_k = 2) are drawn wider: the flow takes Q's and K's shapes from the arrays."""
    from dataclasses import replace

    from attention_site.directives.entries.red_ball_rolls import pictures

    two = (("1", "0"), ("0", "1"), ("1", "1"))
    wide = replace(RED_BALL_ROLLS, W_q_text=two, W_k_text=two)
    monkeypatch.setattr(pictures, "EX", wide)
    shapes = dict(drawn(ET.fromstring(pictures.flow_diagram().svg)))
    assert shapes["Q"] == shapes["K"] == (3, 2) == np.shape(wide.head.K)
