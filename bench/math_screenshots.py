"""Screenshots of the site's formulas, and the same MathML drawn by MathJax 3 beside them (not a benchmark).

It builds the site from a temporary copy and opens pages in headless Chromium once the fonts are ready:

- `math-PAGE.png`: the stretch of a page from one display formula to another, as a reader sees it (SHOTS);
- `math-vs-mathjax-NAME.png`: one formula of a page (COMPARED), twice side by side: on the left as the site
  draws it (Chromium's MathML with the site's math font and math.css), on the right the very same `<math>`
  element typeset by MathJax 3 (`mathjax@3.2.2` from npm, installed into a temporary folder as
  bench/page_weight.py installs it; its MathML input and CommonHTML output with its own TeX fonts).

MathJax is the reference most readers know: a visible difference between the two columns (spacing around an
operator in a script, a bracket taller than its content, a seam in a stretched bracket, a word in italic) is
something to fix in attention_site/mathml/tex.py or math.css.

    python bench/math_screenshots.py
"""

from __future__ import annotations

import argparse
import html
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from _common import RESULTS, project_copy
from lighthouse import serving_gzip as serving
from page_weight import CHROMIUM, CHROMIUM_ARGS, build, install_mathjax

if TYPE_CHECKING:
    from playwright.sync_api import Page

# File name: the page, and which of its display formulas (first, last; counted from 0) the shot spans.
SHOTS = {
    "math-weighted-sum": ("walkthrough/weighted-sum/", 0, 2),
    "math-lesson-softmax": ("lesson/", 2, 2),
    "math-lesson-matrices": ("lesson/", 4, 4),
}
# File name: the page, and the start of the formula's text as the browser reads it (textContent, no spaces).
COMPARED = {
    "d-model": ("walkthrough/output-projection/", "hdv×dmodel"),
    "positions-pos": ("walkthrough/positions/", "ppos,2i=sin"),
    "scores-sqrt-dk": ("walkthrough/scores/", "S=QK⊤dk"),
    "softmax-sum": ("walkthrough/softmax/", "aij=emij"),
    "running-sum-limits": ("beyond/tiled-attention/", "l←l"),
    "softmax-matrix": ("walkthrough/softmax/", "A=softmax"),
    "lesson-matrices": ("lesson/", "Q=("),
    "norm-loss": ("beyond/one-training-step/", "L=12‖"),
    "running-max": ("beyond/tiled-attention/", "mnew=max"),
    "weighted-sum": ("walkthrough/weighted-sum/", "orolls=∑"),
}
MARGIN = 32  # CSS pixels above the first formula and below the last
SPAN = """([first, last]) => {
  const formulas = [...document.querySelectorAll('div.arithmatex')];
  const top = formulas[first].getBoundingClientRect().top + scrollY;
  const bottom = formulas[Math.min(last, formulas.length - 1)].getBoundingClientRect().bottom + scrollY;
  const column = document.querySelector('article').getBoundingClientRect();
  return {x: column.left, y: top, width: column.width, height: bottom - top};
}"""
FORMULA = """(start) => {
  const found = [...document.querySelectorAll('.arithmatex > math')]
    .find(math => math.textContent.replace(/\\s+/g, '').startsWith(start));
  return found ? found.outerHTML : null;
}"""
# The comparison page: Material's body text size (16 px at this width), the site's math.css on the left.
COMPARISON_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{name}</title>
<link rel="stylesheet" href="/stylesheets/math.css">
<style>
  body {{ margin: 0; font: 16px/1.6 sans-serif; color: #000; background: #fff; }}
  figure {{ display: inline-grid; grid-template-columns: auto auto; gap: 0 24px; margin: 0; padding: 12px; }}
  figcaption {{ font-size: 12px; color: #555; }}
  .side {{ padding: 8px 12px; border: 1px solid #ddd; display: flex; align-items: center; }}
  .mathjax mjx-container {{ margin: 0 !important; }}
</style>
<script>
  window.MathJax = {{ startup: {{ typeset: false }}, chtml: {{ scale: 1 }} }};
</script>
<script src="/mathjax/mml-chtml.js"></script>
</head><body>
<figure>
  <figcaption>site: Chromium MathML, DejaVu Math</figcaption><figcaption>MathJax 3.2.2, same MathML</figcaption>
  <div class="side ours">{math}</div><div class="side mathjax">{math}</div>
</figure>
</body></html>
"""
TYPESET = """() => MathJax.startup.promise
  .then(() => MathJax.typesetPromise([document.querySelector('.mathjax')]))
  .then(() => document.fonts.ready).then(() => true)"""


def shoot(site: Path, output: Path) -> list[Path]:
    """Write one PNG per entry of SHOTS and of COMPARED and return their paths."""
    from playwright.sync_api import sync_playwright

    written = []
    with serving(site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 1000, "height": 800})
        for name, (page, first, last) in SHOTS.items():
            tab.goto(base + page, wait_until="networkidle")
            tab.evaluate("document.fonts.ready.then(() => true)")
            box = tab.evaluate(SPAN, [first, last])
            clip = {**box, "y": box["y"] - MARGIN, "height": box["height"] + 2 * MARGIN}
            path = output / f"{name}.png"
            tab.screenshot(path=path, clip=clip, full_page=True)
            written.append(path)
        sharp = browser.new_page(viewport={"width": 1400, "height": 600}, device_scale_factor=2)
        for name, (page, start) in COMPARED.items():
            written.append(compare(sharp, site, base, name, page, start, output))
        browser.close()
    return written


def compare(tab: Page, site: Path, base: str, name: str, page: str, start: str, output: Path) -> Path:
    """Shoot one formula of `page` as the site draws it and as MathJax 3 draws the same MathML."""
    tab.goto(base + page, wait_until="networkidle")
    math = tab.evaluate(FORMULA, start)
    if math is None:
        raise SystemExit(f"no formula starting '{start}' on {page} (COMPARED['{name}'])")
    file = f"compare-{name}.html"
    (site / file).write_text(COMPARISON_PAGE.format(name=html.escape(name), math=math), encoding="utf-8")
    tab.goto(base + file, wait_until="networkidle")
    tab.evaluate(TYPESET)
    path = output / f"math-vs-mathjax-{name}.png"
    tab.locator("figure").screenshot(path=path)
    return path


def main() -> None:
    """Build the site, add MathJax 3 to it, and take the screenshots."""
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    with project_copy("math-screenshots-") as project, tempfile.TemporaryDirectory(prefix="mathjax-") as folder:
        site = build(project)
        shutil.copytree(install_mathjax(Path(folder)), site / "mathjax")
        for path in shoot(site, RESULTS):
            print(f"wrote {path.relative_to(RESULTS.parent.parent)}")


if __name__ == "__main__":
    main()
