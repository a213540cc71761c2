"""The teacher's page: its class plans fill the time they promise, and every part they name is in the lesson; the
45-minute plan is one record (attention_site.class_plan) whose parts carry the lesson's speaker notes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from attention_site.class_plan import CLASS_MINUTES, LESSON, PLAN

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


@pytest.mark.parametrize(("title", "minutes"), [("A 30-minute class", 30)])
def test_a_class_plan_adds_up_to_its_length(title: str, minutes: int) -> None:
    """Assert the minutes of the plan's rows add up to the class it names."""
    rows = plan(title)
    assert len(rows) >= 5 and sum(row[0] for row in rows) == minutes, rows


@pytest.mark.parametrize("title", ["A 30-minute class"])
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


RE_NOTES = re.compile(r"<!-- attn:block bus-is-late speaker-notes part=([\w-]+) -->")


def test_the_45_minute_plan_adds_up_to_the_class_its_heading_names() -> None:
    """Assert the record's minutes add up to the class, the teacher's page is titled with it and shows the record."""
    text = TEACHERS.read_text("utf-8")
    assert sum(part.minutes for part in PLAN) == CLASS_MINUTES and len(PLAN) >= 5
    assert f"## A {CLASS_MINUTES}-minute class\n" in text and "<!-- attn:block bus-is-late class-plan -->" in text


def lesson_sections() -> list[tuple[str, list[str]]]:
    """The lesson's sections in order, as (anchor of the heading, parts of the speaker notes in the section); the
    title and introduction come first, with the anchor ''."""
    text = (DOCS / "lesson" / "index.md").read_text("utf-8")
    sections = [("", text[: text.index("\n## ")])]
    for match in re.finditer(r"^## (.+)\n((?:(?!^## ).*\n?)*)", text, re.MULTILINE):
        sections.append((slugify(re.sub(r"[*`]", "", match[1]), "-"), match[2]))
    return [(anchor, RE_NOTES.findall(body)) for anchor, body in sections]


def test_each_part_of_the_plan_has_its_notes_once_in_each_lesson_section_it_covers_in_order() -> None:
    """Assert every lesson section a part names exists and carries that part's notes once, no section carries notes
    of a part that does not name it, and the parts follow the lesson's order."""
    found = lesson_sections()
    anchors = [anchor for anchor, _ in found]
    covered = [(s.anchor, part.key) for part in PLAN for s in part.sections if s.page == LESSON]
    assert [(anchor, key) for anchor, keys in found for key in keys] == covered
    assert all(anchor in anchors for anchor, _ in covered)
