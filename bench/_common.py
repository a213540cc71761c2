"""Small helpers shared by the benchmark scripts: medians, ratios, tables, and where the project lives."""

from __future__ import annotations

import datetime
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"

# What a copy of the project leaves out: the environment, builds, caches, version control.
IGNORED = shutil.ignore_patterns(
    ".git", ".venv", "node_modules", "site", "__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache",
    "test-artifacts", "*.egg-info", ".cache", "zensical-docs",
)


def median(values: Sequence[float]) -> float:
    """The median of a non-empty list of measurements."""
    return statistics.median(values)


def ratio(numerator: float, denominator: float) -> float:
    """numerator / denominator, or infinity when the denominator is zero."""
    return numerator / denominator if denominator else float("inf")


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain-text table with right-aligned columns, as printed by every script."""
    cells = [[str(c) for c in header], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def mkdocs_env(**extra: str) -> dict[str, str]:
    """The environment for running MkDocs quietly (run from a copy, `python -m` puts the copy first)."""
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1", **extra}


def run_mkdocs(project: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m mkdocs ARGS` in `project` and return the finished process."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", *args], cwd=project, env=env or mkdocs_env(),
        capture_output=True, text=True, timeout=900,
    )


@contextmanager
def project_copy(prefix: str) -> Iterator[Path]:
    """A throw-away copy of the project's sources, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        yield Path(shutil.copytree(ROOT, Path(folder) / "project", ignore=IGNORED))


def free_port() -> int:
    """A TCP port on the loopback interface that nothing is listening on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fail(message: str) -> None:
    """Stop the script with a clear message and exit code 2 (a missing piece, not a slow result)."""
    print(f"cannot run: {message}", file=sys.stderr)
    raise SystemExit(2)


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[object]], right: Sequence[int] = ()) -> str:
    """A Markdown table; the columns numbered in `right` are right-aligned (numbers)."""
    rule = ["---:" if i in right else "---" for i in range(len(header))]
    lines = [header, rule, *[[str(c) for c in row] for row in rows]]
    return "\n".join("| " + " | ".join(line) + " |" for line in lines)


def machine() -> str:
    """The machine the figures come from, in words: cores, memory, and how busy it was."""
    memory = ""
    with suppress(OSError, ValueError, IndexError):
        kib = int(Path("/proc/meminfo").read_text().split("\n")[0].split()[1])
        memory = f", {kib / 1024 / 1024:.0f} GiB of memory"
    load = f", load average {os.getloadavg()[0]:.1f} at the end" if hasattr(os, "getloadavg") else ""
    return f"{platform.system()} on {os.cpu_count()} cores{memory}{load}"


def write_results(name: str, command: str, body: str) -> Path:
    """Write figures as Markdown to bench/results/NAME.md, which docs/reference/performance.md includes."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.md"
    stamp = f"Measured on {datetime.date.today().isoformat()} with `{command}`: {machine()}."
    path.write_text(f"{body.rstrip()}\n\n*{stamp}*\n", encoding="utf-8")
    return path
