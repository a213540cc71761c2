"""`make serve`'s start: a port that is taken, or no port at all, is one clear line, not a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys

from conftest import ROOT

SERVE = ROOT / "scripts" / "serve.py"


def test_a_port_in_use_is_one_line() -> None:
    """Assert a taken port gives exit status 1 and one line naming the port and the next one to try."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, str(SERVE), str(port)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"serve: port {port} is in use (another `make serve`?); stop it, or run `make serve PORT={port + 1}`"]


def test_a_port_that_is_not_a_number_is_one_line() -> None:
    """Assert PORT=abc is refused in one line that says what is accepted."""
    done = subprocess.run([sys.executable, str(SERVE), "abc"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip() == "serve: PORT=abc is not a port number from 1024 to 65535"
