"""The lesson's two programs print exactly what the lesson page shows under them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from attention_site.directives import expand_directives

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "docs" / "lesson" / "index.md"
PROGRAMS = {  # program file -> the directive that renders its printout on the lesson page
    "docs/programs/lesson_one_token.py": "<!-- attn:block bus-is-late one-token-printout -->",
    "docs/programs/lesson_all_tokens.py": "<!-- attn:block bus-is-late all-tokens-printout -->",
}


def shown_output(directive: str) -> str:
    """The text inside the fenced block that the directive renders on the page."""
    lines = expand_directives(directive, "docs/lesson/index.md").strip().split("\n")
    assert lines[0].startswith("```") and lines[-1] == "```", lines
    return "\n".join(lines[1:-1]) + "\n"


@pytest.mark.parametrize(("program", "directive"), PROGRAMS.items())
def test_program_prints_what_the_page_shows(program: str, directive: str) -> None:
    """Assert running the program with the project's Python prints, byte for byte, what the page renders."""
    run = subprocess.run([sys.executable, str(ROOT / program)], capture_output=True, text=True, check=True,
                         timeout=60)
    assert run.stderr == ""
    assert run.stdout == shown_output(directive)


@pytest.mark.parametrize(("program", "directive"), PROGRAMS.items())
def test_lesson_includes_the_program_and_its_printout(program: str, directive: str) -> None:
    """Assert the lesson includes the program file with snippets, followed by the directive of its printout."""
    page = LESSON.read_text(encoding="utf-8")
    include = f'--8<-- "{program}"'
    assert include in page and directive in page
    assert page.index(include) < page.index(directive)


def test_all_tokens_printout_holds_the_seed_matrices() -> None:
    """Assert the all-tokens printout shows the weight matrix to 3 places and W @ V to 2."""
    text = shown_output(PROGRAMS["docs/programs/lesson_all_tokens.py"])
    assert "late     0.665   0.090   0.245" in text
    assert "bus      0.212   0.576   0.212" in text
    assert "late      7.88    2.12" in text
    assert "is        6.82    3.18" in text
