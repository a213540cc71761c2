"""How long the whole test suite takes, against an earlier version's suite run side by side (issue 14).

A shared 2-core machine changes speed by half from one hour to the next, so a test time means something only
next to another measured in the same run. This script clones two commits of this repository into throw-away
folders: the current commit (HEAD as committed; the tests import this checkout's installed packages, so commit
first) and an earlier version (0.1.0 by default, whose suite of 384
tests, about 3.5 minutes, is issue 14's yardstick). Both use this checkout's environment (`.venv`,
`node_modules`: run `make setup` first). Each runs its own version's pytest line from the `test` target of its
own Makefile, with CI=true, one after the other, in alternating order from one repetition to the next. It
prints each version's tests passed and wall-clock times, and the ratio of the medians.

    python bench/test_time.py                    # 1 repetition: about 11 minutes
    python bench/test_time.py --repeat 3
    python bench/test_time.py --against v0.2.0   # any commit, tag or branch
    python bench/test_time.py --no-write         # print only; leave bench/results/ alone
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from _common import ROOT, fail, markdown_table, median, ratio, table, write_results

RE_PASSED = re.compile(r"(\d+) passed")
RE_FAILED = re.compile(r"(\d+) (?:failed|errors?)\b")
ENVIRONMENT = (".venv", "node_modules")


@dataclass
class Suite:
    """One version's test suite in its own clone, and what each run of it gave."""

    name: str
    commit: str
    folder: Path
    command: str
    seconds: list[float] = field(default_factory=list)
    passed: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)


def git(*args: str, cwd: Path = ROOT) -> str:
    """The output of `git ARGS`, stripped; a failing command stops the script with git's message."""
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if result.returncode:
        fail(f"git {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout.strip()


def version_commit(version: str) -> str:
    """The commit of a released version, from the tags scripts/release_tags.py works out of the changelog."""
    listing = subprocess.run([sys.executable, "scripts/release_tags.py"], cwd=ROOT, capture_output=True, text=True)
    commits = dict(line.split()[:2] for line in listing.stdout.splitlines())
    if version not in commits:
        fail(f"{version} is neither a commit nor a release of CHANGELOG.md: "
             f"{listing.stdout.strip() or listing.stderr.strip()}")
    return git("rev-parse", "--verify", f"{commits[version]}^{{commit}}")


def resolve(reference: str) -> str:
    """The full hash of a commit, tag, branch or released version (`v0.1.0` even in a copy without tags)."""
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{reference}^{{commit}}"], cwd=ROOT,
                           capture_output=True, text=True)
    if found.returncode == 0:
        return found.stdout.strip()
    return version_commit(reference)


def pytest_line(folder: Path) -> str:
    """The pytest command of the `test` target in the Makefile of a clone, with the environment's Python."""
    makefile = (folder / "Makefile").read_text("utf-8")
    recipe = re.search(r"^test:.*\n((?:\t.*\n|#.*\n|\s*\n)*)", makefile, re.MULTILINE)
    commands = [line.strip() for line in (recipe[1] if recipe else "").splitlines() if "-m pytest" in line]
    if not commands:
        fail(f"no `-m pytest` line in the test target of {folder / 'Makefile'}")
    return commands[0].replace("$(PYTHON)", ".venv/bin/python").replace("$(VENV)", ".venv")


def clone(name: str, commit: str, into: Path) -> Suite:
    """Clone the repository at `commit` into `into/name`, linked to this checkout's environment."""
    folder = into / name
    git("clone", "--quiet", "--shared", "--no-checkout", str(ROOT), str(folder))
    git("checkout", "--quiet", commit, cwd=folder)
    for part in ENVIRONMENT:
        if not (ROOT / part).exists():
            fail(f"{ROOT / part} is missing: run `make setup` first")
        (folder / part).symlink_to(ROOT / part)
    return Suite(name, commit, folder, pytest_line(folder))


def run(suite: Suite) -> None:
    """Run the suite once and record its wall-clock time and counts."""
    environment = {**os.environ, "CI": "true"}
    started = time.perf_counter()
    result = subprocess.run(["bash", "-c", suite.command], cwd=suite.folder, env=environment,
                            capture_output=True, text=True)
    suite.seconds.append(time.perf_counter() - started)
    summary = (result.stdout.strip().splitlines() or [""])[-1]
    suite.passed.append(int(match[1]) if (match := RE_PASSED.search(summary)) else 0)
    suite.failed.append(sum(int(count) for count in RE_FAILED.findall(summary)))
    print(f"  {suite.name}: {summary or result.stderr.strip()[-300:]}", flush=True)


def minutes(seconds: float) -> str:
    """Seconds as `m min s s`, rounded to the second."""
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60} s"


def outcome(passed: int, failed: int) -> str:
    """A run's counts as a reader says them: `1,342 passed`, `1,340 passed, 2 failed`."""
    return f"{passed:,} passed" + (f", {failed:,} failed" if failed else "")


def report(suites: list[Suite]) -> tuple[list[str], list[list[object]]]:
    """The table of both suites: version, commit, the tests of its last run, the median and each run's time."""
    header = ["suite", "commit", "tests", "median", "each run, in order"]
    rows = [[suite.name, suite.commit[:7], outcome(suite.passed[-1], suite.failed[-1]), minutes(median(suite.seconds)),
             ", ".join(minutes(seconds) for seconds in suite.seconds)] for suite in suites]
    return header, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="v0.1.0", help="the earlier version: a commit, tag or release")
    parser.add_argument("--repeat", type=int, default=1, help="how many runs of each suite (default 1)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/results/ alone")
    options = parser.parse_args()
    if options.repeat < 1:
        fail("--repeat must be at least 1")
    with tempfile.TemporaryDirectory(prefix="test-time-") as folder:
        suites = [clone("current", resolve("HEAD"), Path(folder)),
                  clone(options.against, resolve(options.against), Path(folder))]
        for repetition in range(options.repeat):
            print(f"repetition {repetition + 1} of {options.repeat}", flush=True)
            for suite in suites if repetition % 2 else reversed(suites):
                run(suite)
    header, rows = report(suites)
    current, earlier = suites
    times = ratio(median(current.seconds), median(earlier.seconds))
    per_test = ratio(median(current.seconds) / max(current.passed), median(earlier.seconds) / max(earlier.passed))
    verdict = "met" if times <= 1.0 else "not met"
    summary = (f"The current suite takes {times:.2f} × the time of {options.against}'s ({per_test:.2f} × per test), "
               f"median of {options.repeat} run{'s' * (options.repeat > 1)} each, side by side (issue 14's "
               f"target: no longer than 0.1.0's: {verdict}). Each suite runs its own Makefile's pytest line: "
               f"`{current.command}` and `{earlier.command}`.")
    print(table(header, rows))
    print(summary)
    if any(any(suite.failed) or not all(suite.passed) for suite in suites):
        fail("a suite did not pass: the figures above are not a comparison of passing suites")
    if not options.no_write:
        write_results("test_time", "python bench/test_time.py" + (f" --repeat {options.repeat}" * (options.repeat > 1)),
                      markdown_table(header, rows, right=(2, 3, 4)) + "\n\n" + summary)


if __name__ == "__main__":
    main()
