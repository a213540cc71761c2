"""Shared fixtures: a throw-away copy of the project, and building it with MkDocs."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The processes the tests start (builds, the mutation and parity runners, which import the engine anew for every input
# set) read the engine's bytecode from one folder outside the project rather than compile it at each import, even
# where PYTHONDONTWRITEBYTECODE is set: that was a third of the runners' time.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "attention-by-hand-bytecode")
# The file that holds the red-ball inputs shared by several examples, among them ball's key "ln 2".
SHARED_INPUTS = "src/attention_core/examples/base.py"
RE_BALL_KEY = re.compile(r'(RED_BALL_W_K: Rows = \(\("0",\), \(")ln 2')
BALL_KEY_IN_PROGRAM = "np.log(2.0)"
PROGRAMS_OF_THE_BALL_KEY = ("red_ball_rolls.py", "red_ball_rolls_torch.py")  # the programs that set it


def change_ball_key(project: Path, program_too: bool = True) -> None:
    """Change ball's key from ln 2 to ln 3 in a project copy, as a contributor would: in the shared inputs of the
    examples built on red ball rolls and, unless told not to, in the program that teaches it."""
    examples = project / SHARED_INPUTS
    source, changed = RE_BALL_KEY.subn(r"\1ln 3", examples.read_text())
    assert changed == 1, "RED_BALL_W_K no longer holds ball's key as 'ln 2'; update this helper"
    examples.write_text(source)
    if program_too:
        for name in PROGRAMS_OF_THE_BALL_KEY:
            program = project / "docs/programs" / name
            assert program.read_text().count(BALL_KEY_IN_PROGRAM) == 1, name
            program.write_text(program.read_text().replace(BALL_KEY_IN_PROGRAM, "np.log(3.0)"))
IGNORED = shutil.ignore_patterns(
    ".git", ".venv", "node_modules", "site", "__pycache__", ".pytest_cache", ".hypothesis",
    ".ruff_cache", "test-artifacts", "*.egg-info", ".cache", "zensical-docs",
)


def copy_project(destination: Path) -> Path:
    """Copy the project's sources (not its virtualenv, build or caches) to `destination`."""
    shutil.copytree(ROOT, destination, ignore=IGNORED)
    return destination


def project_env(project: Path, **extra: str) -> dict[str, str]:
    """The environment for running the build of `project`: its own `src/` packages ahead of the installed ones."""
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(project / "src"), **extra}


def mkdocs(project: Path, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
           python_options: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """Run `python [PYTHON_OPTIONS] -m mkdocs ARGS` for `project` (with its own packages), from the folder `cwd` (the
    project's own by default), and return the finished process."""
    environment = project_env(project, **(env or {}))
    return subprocess.run(
        [sys.executable, *python_options, "-m", "mkdocs", *args], cwd=cwd or project, env=environment,
        capture_output=True, text=True, timeout=600,
    )


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    """A fresh copy of the project that a test may edit and build."""
    return copy_project(tmp_path / "project")


# The environment of the session's own build: dates from a fixed instant, as `make build` takes them from the
# last commit, so the build is reproducible (tests/test_reproducible.py builds once more and compares).
REPRODUCIBLE = {"SOURCE_DATE_EPOCH": "1700000000", "PYTHONHASHSEED": "1", "TZ": "UTC"}
# What may differ between two honest builds of the same commit, except the sources: where the checkout lives, the
# hash seed (set and dict-of-str ordering) and the local time zone.
ANOTHER_MACHINE = {**REPRODUCIBLE, "PYTHONHASHSEED": "2", "TZ": "Pacific/Auckland"}


def strict_build(project: Path, site: Path, cwd: Path | None = None, **env: str) -> Path:
    """Build `project` with --strict into `site` (from the folder `cwd`, the project's own by default), assert it
    succeeded, and return `site`."""
    result = mkdocs(project, "build", "--strict", "-f", str(project / "mkdocs.yml"), "--site-dir", str(site),
                    env=env, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return site


def made_once(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], Path]) -> Path:
    """What `make(folder)` returns, made once per test run however many pytest-xdist workers ask for it: the first
    makes it in a folder of the run that every worker sees, the others wait for it and take the same result."""
    run = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent  # each worker's folder sits in the run's own
    folder, made = run / name, run / f"{name}.made"
    with (run / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also when `make` fails
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            made.write_text(str(make(folder)))
    return Path(made.read_text())


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as `mkdocs build --strict` writes it, built once per test run, reproducibly, and from a folder
    other than the project's (so it also shows the build finds the core and the snippets from anywhere)."""

    def build(root: Path) -> Path:
        project = copy_project(root / "project")
        (root / "elsewhere").mkdir()
        return strict_build(project, project / "site", cwd=root / "elsewhere", **REPRODUCIBLE)

    return made_once(tmp_path_factory, "built", build)


@pytest.fixture(scope="session")
def site_with_a_new_ball_key(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with ball's key changed from ln 2 to ln 3 (examples and program), built strictly into
    its `site/`; returns the project."""

    def build(root: Path) -> Path:
        project = copy_project(root / "project")
        change_ball_key(project)
        strict_build(project, project / "site")
        return project

    return made_once(tmp_path_factory, "new-ball-key", build)


@dataclass(frozen=True)
class TwoBuilds:
    """One project copy built twice in a row, as on another machine (ANOTHER_MACHINE): `first` from nothing (the
    build caches empty), `second` from the caches the first left; with the top-level modules each one imported."""

    project: Path
    first: Path
    second: Path
    imported: dict[str, set[str]]


def imported_modules(importtime: str) -> set[str]:
    """The top-level modules named in the report of `python -X importtime`."""
    return {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in importtime.splitlines()
            if line.startswith("import time:")}


@pytest.fixture(scope="session")
def cold_then_warm(tmp_path_factory: pytest.TempPathFactory) -> TwoBuilds:
    """Two strict builds of one fresh project copy, the second served by the caches of the first; made once per
    run for the tests of reproducibility (the first against the session's build) and of the build caches."""

    def build(root: Path) -> Path:
        project = copy_project(root / "project")
        for site in ("first", "second"):
            done = mkdocs(project, "build", "--strict", "--site-dir", site, env=ANOTHER_MACHINE,
                          python_options=("-X", "importtime"))
            assert done.returncode == 0, done.stderr[-2000:]
            (root / f"{site}.imported").write_text("\n".join(sorted(imported_modules(done.stderr))))
        return root

    root = made_once(tmp_path_factory, "cold-then-warm", build)
    project = root / "project"
    imported = {site: set((root / f"{site}.imported").read_text().split()) for site in ("first", "second")}
    return TwoBuilds(project, project / "first", project / "second", imported)
