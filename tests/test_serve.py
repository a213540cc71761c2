"""Live preview: `mkdocs serve` shows a changed example input, and survives a typo, without a restart."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import change_ball_key, project_env

pytestmark = pytest.mark.slow

PAGE = "reference/directives/"
RE_SERVING = re.compile(r"Serving on (http://127\.0\.0\.1:\d+/\S*)")
WAIT_SECONDS = 90


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


@pytest.fixture
def server(project_copy: Path, tmp_path: Path) -> Iterator[Served]:
    """`mkdocs serve` running on a free loopback port in a project copy."""
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"],
            cwd=project_copy, stdout=sink, stderr=subprocess.STDOUT, env=project_env(project_copy),
        )
    try:
        wait_for(lambda: RE_SERVING.search(log.read_text()) is not None, "the server starting")
        base = RE_SERVING.search(log.read_text())[1]
        wait_for(lambda: "(1/2, 5/4)" in fetch(base + PAGE), "the first build being served")
        yield Served(base, project_copy, log, process)
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_editing_an_example_input_shows_new_numbers_without_restart(server: Served) -> None:
    """Assert that after changing ball's key to ln 3 in the core, the served page shows rolls' new output."""
    base = server.base
    change_ball_key(server.project)
    wait_for(lambda: "(2/5, 7/5)" in fetch(base + PAGE), "the served page showing (2/5, 7/5)")
    assert "(1/2, 5/4)" not in fetch(base + PAGE)


def test_a_typo_is_reported_and_the_server_keeps_running(server: Served) -> None:
    """Assert a typo prints page:line and leaves the server running, and fixing it serves the page again.

    While a build is broken, MkDocs holds requests until the next good build instead of serving a half-built
    site, so the test checks the process is alive rather than fetching.
    """
    page = server.project / "docs/reference/directives.md"
    good = page.read_text()
    page.write_text(good + "\nRolls: <!-- attn:value red-ball-rolls outptu row=rolls -->\n")
    line = good.count("\n") + 2
    error = f"docs/reference/directives.md:{line}: unknown value 'outptu'"
    wait_for(lambda: error in server.log.read_text(), "the error being printed")
    assert "Traceback" not in server.log.read_text()
    assert server.process.poll() is None
    page.write_text(good + "\nRolls: <!-- attn:value red-ball-rolls output row=rolls -->.\n")
    wait_for(lambda: "Rolls: (1/2, 5/4)." in fetch(server.base + PAGE), "the fixed page being served")
