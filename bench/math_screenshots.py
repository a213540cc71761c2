"""Screenshots of the formulas on two pages, to look at after the math font changes (not a benchmark).

It builds the site from a temporary copy, opens each page in headless Chromium once the fonts are ready, and
writes one PNG per shot to bench/results/: the stretch of a page from one display formula to another, chosen
to show fractions, a sum with limits, a root, and matrices in stretched brackets.

    python bench/math_screenshots.py
"""

from __future__ import annotations

import argparse
from pathlib import Path

from _common import RESULTS, project_copy
from lighthouse import serving_gzip as serving
from page_weight import CHROMIUM, build

# File name: the page, and which of its display formulas (first, last; counted from 0) the shot spans.
SHOTS = {
    "math-weighted-sum": ("walkthrough/weighted-sum/", 0, 2),
    "math-lesson-softmax": ("lesson/", 2, 2),
    "math-lesson-matrices": ("lesson/", 4, 4),
}
MARGIN = 32  # CSS pixels above the first formula and below the last
SPAN = """([first, last]) => {
  const formulas = [...document.querySelectorAll('div.arithmatex')];
  const top = formulas[first].getBoundingClientRect().top + scrollY;
  const bottom = formulas[Math.min(last, formulas.length - 1)].getBoundingClientRect().bottom + scrollY;
  const column = document.querySelector('article').getBoundingClientRect();
  return {x: column.left, y: top, width: column.width, height: bottom - top};
}"""


def shoot(site: Path, output: Path) -> list[Path]:
    """Write one PNG per entry of SHOTS and return their paths."""
    from playwright.sync_api import sync_playwright

    written = []
    with serving(site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        tab = browser.new_page(viewport={"width": 1000, "height": 800})
        for name, (page, first, last) in SHOTS.items():
            tab.goto(base + page, wait_until="networkidle")
            tab.evaluate("document.fonts.ready.then(() => true)")
            box = tab.evaluate(SPAN, [first, last])
            clip = {**box, "y": box["y"] - MARGIN, "height": box["height"] + 2 * MARGIN}
            path = output / f"{name}.png"
            tab.screenshot(path=path, clip=clip, full_page=True)
            written.append(path)
        browser.close()
    return written


def main() -> None:
    """Build the site and take the screenshots."""
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    with project_copy("math-screenshots-") as project:
        for path in shoot(build(project), RESULTS):
            print(f"wrote {path.relative_to(RESULTS.parent.parent)}")


if __name__ == "__main__":
    main()
