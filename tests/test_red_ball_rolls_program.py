"""The red-ball-rolls program on the code page prints exactly what the page shows beside it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from attention_site.directives import expand_directives

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "docs" / "programs" / "red_ball_rolls.py"
CODE_PAGE = ROOT / "docs" / "walkthrough" / "code.md"


def shown_output() -> str:
    """The text inside the fenced block the page's directive renders."""
    rendered = expand_directives("<!-- attn:block red-ball-rolls program-output -->", "docs/walkthrough/code.md")
    lines = rendered.strip().split("\n")
    assert lines[0] == "```text" and lines[-1] == "```"
    return "\n".join(lines[1:-1]) + "\n"


def test_program_prints_what_the_page_shows() -> None:
    """Assert running the program gives, byte for byte, the output the code page renders."""
    run = subprocess.run([sys.executable, str(PROGRAM)], capture_output=True, text=True, check=True, timeout=60)
    assert run.stderr == ""
    assert run.stdout == shown_output()


def test_page_includes_the_program_and_its_output() -> None:
    """Assert the code page includes the program file and the directive that shows its output."""
    page = CODE_PAGE.read_text(encoding="utf-8")
    assert '--8<-- "docs/programs/red_ball_rolls.py"' in page
    assert "<!-- attn:block red-ball-rolls program-output -->" in page


def test_shown_output_has_the_seed_figures() -> None:
    """Assert the rendered output holds the weight row of rolls and its output row (1/2, 5/4)."""
    text = shown_output()
    assert "  rolls   0.2500  0.5000  0.2500" in text
    assert "  rolls   0.5000  1.2500" in text
