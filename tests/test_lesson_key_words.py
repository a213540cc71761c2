"""The lesson's key words show each word at work without giving away what the steps and exercises ask for."""

from __future__ import annotations

import re
from pathlib import Path

LESSON = Path(__file__).resolve().parent.parent / "docs" / "lesson" / "index.md"
RE_DIRECTIVE = re.compile(r"<!-- attn:(?:value|tex|word) bus-is-late ([\w-]+)((?: [\w=,-]+)*) -->")
INPUTS = {"query", "queries", "keys", "values"}  # what the student is given, not asked for


def section(text: str, title: str) -> str:
    """The lesson's section under the heading `## title`, up to the next heading of that level."""
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def queries_asked(text: str) -> set[str]:
    """The queries whose results a student works out: late's (no query= option) and each exercise's."""
    return {"late"} | set(re.findall(r"query=([\w,-]+)", section(text, "Exercises")))


def test_the_key_words_show_no_result_the_steps_or_exercises_ask_for() -> None:
    """Assert every computed example in the key-words table is an input, or belongs to a query that no step and no
    exercise asks about (the table once showed late's scores and weights, Step 1's and Step 2's answers)."""
    text = LESSON.read_text("utf-8")
    asked = queries_asked(text)
    shown = [(name, re.search(r"query=([\w,-]+)", options)) for name, options in
             RE_DIRECTIVE.findall(section(text, "Key words"))]
    results = [(name, match[1] if match else "late") for name, match in shown if name not in INPUTS]
    assert len(results) >= 3, shown
    assert [(name, query) for name, query in results if query in asked] == []
