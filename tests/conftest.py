"""Shared fixtures: a throw-away copy of the project, and building it with MkDocs."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The file that holds the red-ball inputs shared by several examples, among them ball's key "ln 2".
SHARED_INPUTS = "src/attention_core/examples/base.py"
RE_BALL_KEY = re.compile(r'(RED_BALL_W_K: Rows = \(\("0",\), \(")ln 2')
BALL_KEY_IN_PROGRAM = "np.log(2.0)"


def change_ball_key(project: Path, program_too: bool = True) -> None:
    """Change ball's key from ln 2 to ln 3 in a project copy, as a contributor would: in the shared inputs of the
    examples built on red ball rolls and, unless told not to, in the program that teaches it."""
    examples = project / SHARED_INPUTS
    source, changed = RE_BALL_KEY.subn(r"\1ln 3", examples.read_text())
    assert changed == 1, "RED_BALL_W_K no longer holds ball's key as 'ln 2'; update this helper"
    examples.write_text(source)
    if program_too:
        program = project / "docs/programs/red_ball_rolls.py"
        assert program.read_text().count(BALL_KEY_IN_PROGRAM) == 1
        program.write_text(program.read_text().replace(BALL_KEY_IN_PROGRAM, "np.log(3.0)"))
IGNORED = shutil.ignore_patterns(
    ".git", ".venv", "node_modules", "site", "__pycache__", ".pytest_cache", ".hypothesis",
    ".ruff_cache", "test-artifacts", "*.egg-info",
)


def copy_project(destination: Path) -> Path:
    """Copy the project's sources (not its virtualenv, build or caches) to `destination`."""
    shutil.copytree(ROOT, destination, ignore=IGNORED)
    return destination


def project_env(project: Path, **extra: str) -> dict[str, str]:
    """The environment for running the build of `project`: its own `src/` packages ahead of the installed ones."""
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(project / "src"), **extra}


def mkdocs(project: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m mkdocs ARGS` in `project` (with its own packages) and return the finished process."""
    environment = project_env(project, **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", *args], cwd=project, env=environment,
        capture_output=True, text=True, timeout=600,
    )


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    """A fresh copy of the project that a test may edit and build."""
    return copy_project(tmp_path / "project")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as `mkdocs build --strict` writes it, built once per test session."""
    project = copy_project(tmp_path_factory.mktemp("built") / "project")
    result = mkdocs(project, "build", "--strict", "--site-dir", str(project / "site"))
    assert result.returncode == 0, result.stderr
    return project / "site"
