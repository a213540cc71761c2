"""The git tag of every released version, worked out from CHANGELOG.md and the history of pyproject.toml.

    python scripts/release_tags.py            list each version's tag, its commit, and whether the tag exists
    python scripts/release_tags.py --create   also create the tags that are missing (CI pushes them from main)

A tag is not part of a branch: a clone, a fork or a mirror of main has none unless it is made again. So the
tags are written down where every copy has them. Each `## X.Y.Z (YYYY-MM-DD)` heading of the changelog is a
release; its tag `vX.Y.Z` points at the commit the heading names (`## 0.1.0 (2026-11-30, commit cbc5683)`), or,
when it names none, at the release commit: the one that set `version = "X.Y.Z"` in pyproject.toml (CONTRIBUTING,
"Releasing a version"). A heading that cannot be resolved, a tag already pointing elsewhere, or a pyproject
version that is not the newest release stops with the file and line; so does a shallow clone, before anything.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RE_RELEASE = re.compile(r"## (?P<version>\d+\.\d+\.\d+) \(\d{4}-\d{2}-\d{2}(?:, commit (?P<commit>[0-9a-f]{7,40}))?\)")
UNRELEASED = "## Unreleased"


class ReleaseError(Exception):
    """A release that cannot be tagged, with where it is written and what would be accepted."""


@dataclass(frozen=True)
class Release:
    """One version of the changelog: its tag, the commit the tag points at, and the heading's line."""

    version: str
    commit: str
    line: int

    @property
    def tag(self) -> str:
        return f"v{self.version}"


def git(repository: Path, *args: str) -> str:
    """The output of `git ARGS` in `repository`, stripped; a failing command raises CalledProcessError."""
    return subprocess.run(["git", *args], cwd=repository, capture_output=True, text=True, check=True).stdout.strip()


def release_headings(changelog: str) -> list[tuple[str, str | None, int]]:
    """Each release heading of the changelog, newest first: (version, the commit it names or None, line)."""
    headings = []
    for number, text in enumerate(changelog.splitlines(), start=1):
        if not text.startswith("## ") or text == UNRELEASED:
            continue
        match = RE_RELEASE.fullmatch(text)
        if not match:
            raise ReleaseError(f"CHANGELOG.md:{number}: {text!r} is neither {UNRELEASED!r} nor a release heading "
                               "such as '## 1.2.0 (2027-01-31)' or '## 1.2.0 (2027-01-31, commit 1a2b3c4)'")
        headings.append((match["version"], match["commit"], number))
    return headings


def release_commit(repository: Path, version: str, line: int) -> str:
    """The commit that first set pyproject.toml's version to `version`."""
    setting = f'version = "{version}"'
    commits = git(repository, "log", "--reverse", "--format=%H", "-S", setting, "--", "pyproject.toml").split()
    if not commits:
        raise ReleaseError(f"CHANGELOG.md:{line}: no commit sets {setting!r} in pyproject.toml; name the release's "
                           f"commit in the heading, as in '## {version} (YYYY-MM-DD, commit 1a2b3c4)'")
    return commits[0]


def named_commit(repository: Path, commit: str, line: int) -> str:
    """The full hash of a commit a heading names, which must be in the history of HEAD."""
    try:
        full = git(repository, "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")
        git(repository, "merge-base", "--is-ancestor", full, "HEAD")
    except subprocess.CalledProcessError:
        raise ReleaseError(f"CHANGELOG.md:{line}: commit {commit} is not in the history of HEAD") from None
    return full


def releases(repository: Path) -> list[Release]:
    """Every release of the changelog with the commit its tag points at, after checking pyproject's version."""
    if git(repository, "rev-parse", "--is-shallow-repository") == "true":
        raise ReleaseError("this clone is shallow: a release's commit may lie outside it, and the oldest commit it "
                           "holds seems to set every version; `git fetch --unshallow` brings the whole history")
    headings = release_headings((repository / "CHANGELOG.md").read_text("utf-8"))
    version = tomllib.loads((repository / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    if headings and headings[0][0] != version:
        raise ReleaseError(f"pyproject.toml: version {version} is not the newest release of the changelog, "
                           f"{headings[0][0]} (CHANGELOG.md:{headings[0][2]}); a release changes both together")
    return [Release(number, named_commit(repository, commit, line) if commit
                    else release_commit(repository, number, line), line)
            for number, commit, line in headings]


def existing_tag(repository: Path, tag: str) -> str | None:
    """The commit `tag` points at, or None when there is no such tag."""
    try:
        return git(repository, "rev-parse", "--verify", "--quiet", f"refs/tags/{tag}^{{commit}}")
    except subprocess.CalledProcessError:
        return None


def tag_releases(repository: Path, create: bool) -> list[str]:
    """One line per release: tag, commit and state; with `create`, the missing tags are made. They are lightweight
    tags: an annotated one would carry who made it and when, and differ from one copy of the repository to the next."""
    lines = []
    for release in releases(repository):
        found = existing_tag(repository, release.tag)
        if found not in (None, release.commit):
            raise ReleaseError(f"CHANGELOG.md:{release.line}: tag {release.tag} points at {found[:12]}, not at "
                               f"{release.commit[:12]}; delete the tag or name its commit in the heading")
        state = "tagged" if found else "missing"
        if not found and create:
            git(repository, "tag", release.tag, release.commit)
            state = "created"
        lines.append(f"{release.tag} {release.commit[:12]} {state}")
    return lines


def main(arguments: list[str]) -> int:
    """List, or with --create also create, the tag of every release."""
    if arguments not in ([], ["--create"]):
        print("usage: python scripts/release_tags.py [--create]", file=sys.stderr)
        return 2
    try:
        print("\n".join(tag_releases(ROOT, create=arguments == ["--create"])))
    except ReleaseError as error:
        print(f"release_tags: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
