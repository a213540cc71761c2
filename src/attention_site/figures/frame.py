"""The frame every picture shares: the labelled, scalable <svg>, its text, lines, arrowheads, hatching and
coordinates."""

from __future__ import annotations

import re
from html import escape

RE_ID_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
RE_TRAILING_ZEROS = re.compile(r"\.?0+$")
FONT_SIZE = 14
LEGEND_LINE = 28  # the height of a line of a chart's legend



def _svg(kind: str, width: float, height: float, title: str, desc: str, id_prefix: str, body: list[str],
         *, shrink: bool = True) -> str:
    """Wrap `body` in a scalable, labelled <svg> of natural size `width` x `height`.

    With `shrink=False` the picture never gets narrower than its natural size (its text stays legible) and
    a narrow screen scrolls it sideways in its figure (figures.css) instead.
    """
    if not RE_ID_PREFIX.fullmatch(id_prefix):
        raise ValueError(f"id_prefix must be a letter then letters, digits, '-' or '_', got '{id_prefix}'")
    if not title.strip() or not desc.strip():
        raise ValueError("a figure needs a non-empty title and desc (its text alternative)")
    floor = "" if shrink else f"--abh-floor: {_n(width)}px; "  # figures.css: the floor grows with the text size
    # data-search-exclude: Material's search skips the drawing, whose labels and numbers would read as one run of
    # characters ("ipos02468..."), keeps the figure's caption, and removes the attribute from the built page.
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="abh-figure {kind}" role="img" data-search-exclude="drawing" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" width="100%" style="{floor}max-width: {_n(width)}px" '
        f'font-size="{FONT_SIZE}" aria-labelledby="{id_prefix}-title {id_prefix}-desc">'
        f'<title id="{id_prefix}-title">{escape(title)}</title><desc id="{id_prefix}-desc">{escape(desc)}</desc>'
        + "".join(body) + "</svg>"
    )


def _text(x: float, y: float, text: str, cls: str, *, anchor: str = "start", middle: bool = False) -> str:
    """Return one <text> at (x, y), anchored at its start, middle or end, optionally centred vertically."""
    baseline = ' dominant-baseline="central"' if middle else ""
    return (f'<text class="{cls}" x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}"{baseline}>'
            f"{escape(text)}</text>")


def _line(x1: float, y1: float, x2: float, y2: float, cls: str, id_prefix: str | None = None) -> str:
    """Return one <line>, with an arrowhead at its end when `id_prefix` is given."""
    marker = f' marker-end="url(#{id_prefix}-arrow)"' if id_prefix else ""
    return f'<line class="{cls}" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"{marker}/>'


def _n(number: float) -> str:
    """Format a coordinate with at most two decimals and no trailing zeros (stable across runs)."""
    text = f"{number:.2f}"
    return RE_TRAILING_ZEROS.sub("", text) if "." in text else text


def _arrow_marker(id_prefix: str) -> str:
    """Return the <defs> with the arrowhead that ends every edge."""
    return (f'<defs><marker id="{id_prefix}-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" '
            'markerHeight="7" orient="auto-start-reverse"><path class="abh-arrowhead" d="M0 0L10 5L0 10Z"/>'
            "</marker></defs>")


def _hatch_pattern(id_prefix: str) -> str:
    """Return the <defs> with the diagonal hatching that marks masked cells."""
    return (f'<defs><pattern id="{id_prefix}-hatch" patternUnits="userSpaceOnUse" width="8" height="8" '
            'patternTransform="rotate(45)"><rect class="abh-hatch-ground" width="8" height="8"/>'
            '<line class="abh-hatch" x1="0" y1="0" x2="0" y2="8"/></pattern></defs>')
