"""Browser check: MathML from attention_site/mathml/, set in the served math font, renders in Chromium."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser, Page

from attention_site.mathml import convert_math

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
FONT_CHECK = '16px "DejaVu Math TeX Gyre"'

# What arithmatex writes for a fraction inline and a matrix inside stretched brackets on display.
ARITHMATEX_HTML = r"""
<p>The weight is <span class="arithmatex">\(\tfrac{1}{4} + \frac{a}{b}\)</span> here.</p>
<div class="arithmatex">\[
A = \operatorname{softmax}\left(\frac{Q K^\top}{\sqrt{d_k}}\right)
  = \begin{pmatrix} 0.5 &amp; 0.25 \\ 0.25 &amp; 0.5 \\ 1 &amp; 0 \end{pmatrix}
\]</div>
"""


def page_html() -> str:
    """Return a small HTML page that loads math.css and holds the converted formulas."""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<link rel="stylesheet" href="stylesheets/math.css">'
        '<style>body{font:16px/1.6 Helvetica,Arial,sans-serif;margin:24px;width:480px}</style>'
        f'</head><body><article class="md-typeset">{convert_math(ARITHMATEX_HTML)}</article></body></html>'
    )


@pytest.fixture
def rendered(browser: Browser, tmp_path: Path) -> Iterator[Page]:
    """Open the page in the session's Chromium and yield it once fonts are ready."""
    site = tmp_path / "site"
    shutil.copytree(DOCS / "stylesheets", site / "stylesheets")
    shutil.copytree(DOCS / "assets" / "fonts", site / "assets" / "fonts")
    (site / "index.html").write_text(page_html(), encoding="utf-8")
    page = browser.new_page(viewport={"width": 560, "height": 360}, device_scale_factor=2)
    page.goto((site / "index.html").as_uri())
    page.evaluate("document.fonts.ready.then(() => true)")
    if os.environ.get("MATH_SCREENSHOT"):
        page.screenshot(path=os.environ["MATH_SCREENSHOT"], full_page=True)
    yield page
    page.close()


@pytest.mark.browser
def test_math_font_loads(rendered) -> None:
    """Assert the served math font is loaded and used for the formulas."""
    assert rendered.evaluate(f"document.fonts.check('{FONT_CHECK}')")
    family = rendered.evaluate("getComputedStyle(document.querySelector('math')).fontFamily")
    assert family.startswith('"DejaVu Math TeX Gyre"')
    statuses = rendered.evaluate("[...document.fonts].map(font => font.status)")
    assert statuses == ["loaded"]


@pytest.mark.browser
def test_formulas_have_boxes(rendered) -> None:
    """Assert every <math> element, inline and display, is laid out with a non-empty box."""
    boxes = rendered.evaluate(
        "[...document.querySelectorAll('math')].map(m => m.getBoundingClientRect().toJSON())"
    )
    assert len(boxes) == 2
    assert all(box["width"] > 0 and box["height"] > 0 for box in boxes)


@pytest.mark.browser
def test_matrix_brackets_stretch(rendered) -> None:
    """Assert the matrix's brackets and the \\left( \\right) pair grow to the height of what they enclose."""
    heights = rendered.evaluate(
        """() => {
          const height = el => el.getBoundingClientRect().height;
          const table = document.querySelector('mtable');
          const open = table.previousElementSibling;
          const fraction = document.querySelector('math[display=block] mfrac');
          const left = fraction.previousElementSibling;
          const letter = document.querySelector('math[display=block] mi');
          return {table: height(table), open: height(open), fraction: height(fraction),
                  left: height(left), letter: height(letter)};
        }"""
    )
    assert heights["open"] >= 0.9 * heights["table"], heights
    assert heights["left"] >= 0.9 * heights["fraction"], heights
    assert heights["open"] > 2 * heights["letter"], heights


@pytest.mark.browser
def test_wide_display_math_scrolls_in_its_box(rendered) -> None:
    """Assert a display formula wider than the column scrolls inside its box, not the page."""
    rendered.set_viewport_size({"width": 320, "height": 480})
    rendered.evaluate("document.body.style.width = '280px'")
    box = rendered.evaluate(
        """() => { const div = document.querySelector('div.arithmatex');
                   return {scroll: div.scrollWidth, client: div.clientWidth,
                           page: document.documentElement.scrollWidth}; }"""
    )
    assert box["scroll"] > box["client"], box
    assert box["page"] <= 320, box
