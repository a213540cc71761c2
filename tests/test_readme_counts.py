"""README states no count of tests but one measured: the suite's size is written by bench/test_time.py into
bench/results/test_time.md with its time, and a count typed in README went stale within a day (1,769 and 1,286)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RE_COUNT = re.compile(r"\b(\d{1,3}(?:,\d{3})*|\d+) (?:tests|passed)\b")


def test_every_count_of_tests_in_the_readme_is_a_measured_one() -> None:
    """Assert each "N tests" or "N passed" of README.md is a count of tests passed in bench/results/test_time.md."""
    measured = set(RE_COUNT.findall((ROOT / "bench/results/test_time.md").read_text(encoding="utf-8")))
    typed = RE_COUNT.findall((ROOT / "README.md").read_text(encoding="utf-8").replace("\n", " "))
    assert measured, "bench/results/test_time.md no longer says how many tests passed; update this test"
    assert [count for count in typed if count not in measured] == []
