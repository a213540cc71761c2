"""The teacher's page: its class plans fill the time they promise, and every part they name is in the lesson."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
TEACHERS = DOCS / "teachers" / "index.md"
RE_HEADING = re.compile(r"^## (.+)$", re.MULTILINE)
RE_ROW = re.compile(r"^\| *(\d+) *\| *(.+?) *\|", re.MULTILINE)


def plan(title: str) -> list[tuple[int, str]]:
    """The (minutes, part of the lesson) rows of the plan under the heading `title`."""
    text = TEACHERS.read_text("utf-8")
    start = text.index(f"## {title}\n")
    following = RE_HEADING.search(text, start + 1)
    section = text[start : following.start() if following else len(text)]
    return [(int(minutes), part) for minutes, part in RE_ROW.findall(section)]


@pytest.mark.parametrize(("title", "minutes"), [("A 45-minute class", 45), ("A 30-minute class", 30)])
def test_a_class_plan_adds_up_to_its_length(title: str, minutes: int) -> None:
    """Assert the minutes of the plan's rows add up to the class it names."""
    rows = plan(title)
    assert len(rows) >= 5 and sum(row[0] for row in rows) == minutes, rows


@pytest.mark.parametrize("title", ["A 45-minute class", "A 30-minute class"])
def test_every_part_a_plan_names_is_a_section_of_the_lesson_or_of_this_page(title: str) -> None:
    """Assert each row of the plan names a heading of the lesson (or the exit ticket of this page), in order."""
    lesson = (DOCS / "lesson" / "index.md").read_text("utf-8")
    headings = [re.sub(r"[*`]", "", h) for h in RE_HEADING.findall(lesson)] + ["Exit ticket"]
    names = [re.sub(r"\]\([^)]*\)|\[|[*`]", "", part).split(" and ")[0] for _, part in plan(title)]
    places = []
    for name in names:
        prefix = re.sub(r" \d+$", "", name.split(":")[0]).lower()  # "Exercise 1" is in "Exercises"
        matches = [i for i, heading in enumerate(headings) if heading.lower().startswith(prefix)]
        assert matches, f"'{name}' is not a section of the lesson: {headings}"
        places.append(matches[0])
    assert places == sorted(places), names
