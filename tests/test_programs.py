"""The programs of docs/programs/: each page shows the file itself, its inputs are the example's, and running it
prints exactly what the page shows under it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, copy_project, project_env

from attention_site.directives import expand_directives


class Program:
    """One program: its file, the page that teaches it, and the directives of its listing and its printout."""

    def __init__(self, file: str, page: str, listing: str, printout: str) -> None:
        self.file, self.page, self.listing, self.printout = file, page, listing, printout

    def __repr__(self) -> str:
        return self.file


PROGRAMS = [
    Program("lesson_one_token.py", "docs/lesson/code.md", "<!-- attn:block bus-is-late one-token-program -->",
            "<!-- attn:block bus-is-late one-token-printout -->"),
    Program("lesson_all_tokens.py", "docs/lesson/code.md", "<!-- attn:block bus-is-late all-tokens-program -->",
            "<!-- attn:block bus-is-late all-tokens-printout -->"),
    Program("red_ball_rolls.py", "docs/walkthrough/code.md", "<!-- attn:block red-ball-rolls program -->",
            "<!-- attn:block red-ball-rolls program-output -->"),
    Program("red_ball_rolls_torch.py", "docs/beyond/pytorch.md", "<!-- attn:block red-ball-rolls torch-program -->",
            "<!-- attn:block red-ball-rolls torch-output -->"),
    Program("batched_heads_torch.py", "docs/beyond/pytorch.md", "<!-- attn:block batched-heads torch-program -->",
            "<!-- attn:block batched-heads torch-output -->"),
]
INITIALISATION = Program("initialisation.py", "docs/walkthrough/initialisation.md",
                         "<!-- attn:block initialisation program -->", "<!-- attn:table initialisation w-q head=1")


def fenced(directive: str, page: str) -> str:
    """The text inside the fenced block that a directive renders."""
    lines = expand_directives(directive, page).strip().split("\n")
    assert lines[0].startswith("```") and lines[-1] == "```", lines
    return "\n".join(lines[1:-1]) + "\n"


@pytest.mark.parametrize("program", PROGRAMS, ids=repr)
def test_program_prints_what_the_page_shows(program: Program) -> None:
    """Assert running the program with the project's Python prints, byte for byte, what the page renders."""
    run = subprocess.run([sys.executable, str(ROOT / "docs/programs" / program.file)], capture_output=True,
                         text=True, check=True, timeout=60)
    assert run.stderr == ""
    assert run.stdout == fenced(program.printout, program.page)


@pytest.mark.parametrize("program", PROGRAMS, ids=repr)
def test_page_shows_the_file_itself_then_its_printout(program: Program) -> None:
    """Assert the page shows the program file byte for byte, followed by the directive of its printout."""
    page = (ROOT / program.page).read_text(encoding="utf-8")
    assert page.index(program.listing) < page.index(program.printout)
    assert fenced(program.listing, program.page) == (ROOT / "docs/programs" / program.file).read_text(encoding="utf-8")
    assert "--8<--" not in page, "programs are shown through their checked listing, not a snippet include"


def test_all_tokens_printout_holds_the_seed_matrices() -> None:
    """Assert the all-tokens printout shows the weight matrix to 3 places and W @ V to 2."""
    text = fenced(PROGRAMS[1].printout, PROGRAMS[1].page)
    assert "late     0.665   0.090   0.245" in text
    assert "bus      0.212   0.576   0.212" in text
    assert "late      7.88    2.12" in text
    assert "is        6.82    3.18" in text


def test_red_ball_rolls_printout_has_the_seed_figures() -> None:
    """Assert the code page's printout holds the weight row of rolls and its output row (1/2, 5/4)."""
    text = fenced(PROGRAMS[2].printout, PROGRAMS[2].page)
    assert "  rolls   0.2500  0.5000  0.2500" in text
    assert "  rolls   0.5000  1.2500" in text


@pytest.mark.parametrize(("program", "line", "before", "after"), [
    (PROGRAMS[0], 9, "keys = [[2, 1], [0, 2], [1, 1]]", "keys = [[0, 1], [0, 2], [1, 1]]"),
    (PROGRAMS[1], 10, "keys = [[2, 1], [0, 2], [1, 1]]", "keys = [[2, 1], [0, 2], [1, 2]]"),
    (PROGRAMS[2], 17, "W_v = np.array([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]])",
     "W_v = np.array([[1.0, 0.0], [0.0, 2.0], [2.0, 1.0]])"),
], ids=["one-token keys", "all-tokens keys", "red-ball W_v"])
def test_a_program_that_no_longer_matches_its_example_stops_the_build(
        program: Program, line: int, before: str, after: str, tmp_path: Path) -> None:
    """Assert a program input changed away from the example fails with the page, the program's line and both values."""
    project = copy_project(tmp_path / "project")
    path = project / "docs/programs" / program.file
    source = path.read_text(encoding="utf-8")
    assert source.count(before) == 1
    path.write_text(source.replace(before, after), encoding="utf-8")
    probe = f"from attention_site.directives import expand_directives\nexpand_directives({program.listing!r}, 'p.md')"
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=project_env(project),
                         timeout=120)
    assert run.returncode != 0
    assert f"p.md:1: docs/programs/{program.file}:{line}: the program sets " in run.stderr
    assert "but the example has" in run.stderr


def test_an_input_the_build_cannot_read_without_running_is_refused(tmp_path: Path) -> None:
    """Assert an input computed by a function call other than the few NumPy constructors is refused, not run."""
    project = copy_project(tmp_path / "project")
    path = project / "docs/programs/lesson_one_token.py"
    path.write_text(path.read_text().replace("query = [1, 0]", "query = __import__('os').getcwd()"))
    probe = "from attention_site.directives import expand_directives\n" \
            "expand_directives('<!-- attn:block bus-is-late one-token-program -->', 'p.md')"
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=project_env(project),
                         timeout=120)
    assert "docs/programs/lesson_one_token.py:11: an input must be written with literals" in run.stderr


def test_the_initialisation_program_draws_what_the_page_tables_show() -> None:
    """Assert the page shows the initialisation program itself, and its draws equal initialise_heads' to 1e-15."""
    import runpy

    from attention_core import initialise_heads
    from attention_core.examples.initialisation import INITIALISATION as EX

    page = (ROOT / INITIALISATION.page).read_text(encoding="utf-8")
    assert page.index(INITIALISATION.listing) < page.index(INITIALISATION.printout)
    program = ROOT / "docs/programs" / INITIALISATION.file
    assert fenced(INITIALISATION.listing, INITIALISATION.page) == program.read_text(encoding="utf-8")
    drawn = runpy.run_path(str(program))["W"]  # our own program file, run by the test, never by the build
    expected = initialise_heads(EX.seed, EX.d_model, EX.d_k, EX.d_v, EX.h)
    for kind, core in (("W_q", expected.W_q), ("W_k", expected.W_k), ("W_v", expected.W_v)):
        assert len(drawn[kind]) == len(core)
        for ours, theirs in zip(drawn[kind], core, strict=True):
            assert abs(ours - theirs).max() < 1e-15, kind
    assert abs(drawn["W_O"] - expected.W_o).max() < 1e-15
