"""Helpers for tests that run a preview server (MkDocs' or Zensical's) in a project copy."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

WAIT_SECONDS = 90
RE_SERVING = re.compile(r"Serving on (http://127\.0\.0\.1:\d+/\S*)")


@dataclass(frozen=True)
class Served:
    """A running preview server: its base address, the project it serves, its log and its process."""

    base: str
    project: Path
    log: Path
    process: subprocess.Popen[bytes]


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> str:
    """The body of `url`, or an empty string while the server is not answering."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode()
    except OSError:
        return ""


def wait_for(condition: Callable[[], bool], what: str) -> None:
    """Poll `condition` until it holds, or fail saying what did not happen."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.5)
    pytest.fail(f"within {WAIT_SECONDS} s, {what} did not happen")


@contextmanager
def make_serve(project: Path, log: Path, env: dict[str, str], first: str) -> Iterator[Served]:
    """What `make serve` runs (scripts/serve.py: mkdocs serve --dirty) on a free port in `project`, once the page
    `first` (a path under the site) is served."""
    with log.open("w") as sink:
        process = subprocess.Popen([sys.executable, "scripts/serve.py", str(free_port())], cwd=project,
                                   stdout=sink, stderr=subprocess.STDOUT, env=env)
    try:
        wait_for(lambda: RE_SERVING.search(log.read_text()) is not None, "the server starting")
        base = RE_SERVING.search(log.read_text())[1]
        wait_for(lambda: "</html>" in fetch(base + first), "the first build being served")
        yield Served(base, project, log, process)
    finally:
        process.terminate()
        process.wait(timeout=30)
