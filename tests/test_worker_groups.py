"""The test run itself: `make test` shares its costly fixtures among the tests of one pytest-xdist group, which
must therefore run on one worker (`--dist loadgroup`)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

GROUPED = textwrap.dedent('''
    import os
    from pathlib import Path

    import pytest

    pytestmark = pytest.mark.xdist_group("shared")

    @pytest.mark.parametrize("case", range(6))
    def test_case(case):
        Path(__file__).with_name(f"ran-{case}").write_text(os.environ["PYTEST_XDIST_WORKER"])
    ''')


def test_a_group_of_tests_runs_on_one_worker(tmp_path: Path) -> None:
    """Assert six tests of one xdist_group run on one of two workers, as `make test` runs them: with pytest 9.2,
    pytest-xdist 3.8 named the group on an attribute pytest no longer reads, so each worker made the mutation test's
    fixture of every mutation again (two times two minutes)."""
    (tmp_path / "test_grouped.py").write_text(GROUPED, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q",
                           "-p", "no:cacheprovider", "-c", "/dev/null", str(tmp_path)],
                          capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:]
    workers = [(tmp_path / f"ran-{case}").read_text() for case in range(6)]
    assert len(set(workers)) == 1, workers
