"""Tests for the walk-through's pictures (entries/red_ball_rolls/pictures.py): what a reader sees and hears."""

from __future__ import annotations

import re

import pytest

from attention_site.directives import DirectiveError, expand_directives


def figure(example: str, name: str) -> str:
    """Render one picture directive."""
    return expand_directives(f"<!-- attn:figure {example} {name} -->", "docs/x.md")


def test_weights_heatmap_prints_the_exact_weights_and_hatches_the_future() -> None:
    """Assert the heat map's cells read 1; 1/2, 1/2; 1/4, 1/2, 1/4 and its description names the masked cells."""
    svg = figure("red-ball-rolls", "weights-heatmap")
    assert svg.startswith('\n<figure class="attn-figure" markdown="0">\n<svg')
    cells = re.findall(r">(1/4|1/2|1)</text>", svg)
    assert cells == ["1", "1/2", "1/2", "1/4", "1/2", "1/4", "1"]  # the last 1 ends the legend's ramp
    assert "red: 1, masked, masked. ball: 1/2, 1/2, masked. rolls: 1/4, 1/2, 1/4." in svg
    assert "<figcaption>Each row is one query&#x27;s weights and sums to 1" in svg


def test_mask_grid_and_rnn_path_are_labelled() -> None:
    """Assert the mask grid and the RNN path carry a title and a caption a reader can follow."""
    mask = figure("red-ball-rolls", "mask-grid")
    assert "<title id=\"rbr-mask-title\">Causal mask for red ball rolls</title>" in mask
    path = figure("rnn-path", "paths")
    assert "From token 1 to token 6" in path and ">5 steps<" in path and ">1 step<" in path


def test_spread_chart_has_both_series() -> None:
    """Assert the spread chart labels the raw and the scaled series."""
    chart = figure("head-width", "spread-chart")
    assert ">raw q·k<" in chart and ">q·k / √dₖ<" in chart


def test_a_picture_is_not_a_value() -> None:
    """Assert asking a picture for an inline value stops with page:line and names attn:figure."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: 'red-ball-rolls mask-grid' cannot be shown by "
                                             r"attn:value; use attn:figure"):
        expand_directives("<!-- attn:value red-ball-rolls mask-grid -->", "docs/x.md")
