"""Scratch pages that carry the hooks' markup contracts, for testing the reader's features alone.

They are written into a throw-away copy of the project (never into docs/), so the widgets can be
tested before, and independently of, the pages that will use them.
"""

from __future__ import annotations

import json
from pathlib import Path

BUS_IS_LATE = {
    "example": "bus-is-late", "tokens": ["bus", "is", "late"], "query_token": "late", "query": [1, 0],
    "keys": [[2, 1], [0, 2], [1, 1]], "values": [[10, 0], [0, 10], [5, 5]],
    "scale": 1, "digits": 3, "output_digits": 2,
}

FILL_INS = [  # (answer, places, display, label): softmax of (2, 0, 1), and one integer
    (0.6652409557748219, 3, "0.665", "weight of bus"),
    (0.09003057317038046, 3, "0.090", "weight of is"),
    (0.24472847105479767, 3, "0.245", "weight of late"),
    (2, 0, "2", "score of bus"),
]


def fill_in(answer: float, places: int, display: str, label: str) -> str:
    """The empty span the hooks emit for one cell a student fills in."""
    return (f'<span class="fill-in" data-answer="{answer!r}" data-places="{places}" '
            f'data-display="{display}" data-label="{label}"></span>')


def calculator(spec: dict) -> str:
    """The calculator container the hooks emit, with its no-JavaScript fallback text."""
    return (f"<div class=\"attention-calculator\" data-calculator='{json.dumps(spec)}'>"
            '<p class="attention-calculator__fallback">With JavaScript on, this is a calculator.</p></div>')


def widgets_page() -> str:
    """A page with an intro, four sections (so five slides), a fill-in table and a calculator."""
    rows = "\n".join(f"| {cell[3]} | {fill_in(*cell)} |" for cell in FILL_INS)
    return f"""# Playground

An introduction paragraph, so that the first slide has the title and some text.

## Fill in the weights

| cell | your answer |
|---|---|
{rows}

## The calculator

{calculator(BUS_IS_LATE)}

## A wide table

| {" | ".join(f"column {i}" for i in range(24))} |
|{"---|" * 24}
| {" | ".join(str(i * 1000) for i in range(24))} |

## The last section

That is all. Back to the [home page](../index.md).
"""


def add_playground(project: Path) -> None:
    """Write the scratch pages into `project`'s docs and link them from the home page."""
    folder = project / "docs" / "browser-playground"
    folder.mkdir()
    (folder / "index.md").write_text(widgets_page(), encoding="utf-8")
    home = project / "docs" / "index.md"
    home.write_text(home.read_text(encoding="utf-8") + "\n\n[Playground](browser-playground/index.md)\n",
                    encoding="utf-8")
