"""Reproducible builds: the same sources give the same site, byte for byte (issue 6, reliability 1)."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest
from conftest import copy_project, mkdocs

# 2023-11-14 22:13:20 UTC: any fixed instant will do, as long as both builds share it.
SOURCE_DATE_EPOCH = "1700000000"

# Everything that may differ between two honest builds of the same commit, except the sources: where the
# checkout lives, the hash seed (set and dict-of-str ordering), and the local time zone.
BUILDS = {
    "first": {"PYTHONHASHSEED": "1", "TZ": "UTC"},
    "second": {"PYTHONHASHSEED": "2", "TZ": "Pacific/Auckland"},
}


Files = dict[str, bytes]
Builds = tuple[Files, Files]


def copy_twice(root: Path) -> dict[str, Path]:
    """Two copies of the project, the second made from the first, so both hold exactly the same sources."""
    first = copy_project(root / "first" / "project")
    second = Path(shutil.copytree(first, root / "second" / "project"))
    return {"first": first, "second": second}


def build_clean(project: Path, name: str) -> Path:
    """Build one copy with --strict in the environment of build `name`, and return its site directory."""
    site = project / "site"
    env = {"SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, **BUILDS[name]}
    result = mkdocs(project, "build", "--strict", "--clean", "--site-dir", str(site), env=env)
    assert result.returncode == 0, f"{name} build failed:\n{result.stderr}"
    return site


def tree(site: Path) -> Files:
    """Every file under `site`, by its path relative to `site`, with its bytes."""
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def readable(name: str, data: bytes) -> str:
    """The text of a built file, decompressed if it is gzip, for a report a person can read."""
    if name.endswith(".gz"):
        data = gzip.decompress(data)
    return data.decode("utf-8", errors="replace")


def explain(name: str, first: bytes, second: bytes) -> str:
    """Where two versions of a file first differ, with some context (minified files are one long line)."""
    a, b = readable(name, first), readable(name, second)
    if a == b:
        return f"{name}: same content, different bytes (a header or a timestamp inside the file?)"
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    line = a.count("\n", 0, at) + 1
    return f"{name}, line {line}:\n  first:  {a[max(0, at - 80):at + 80]!r}\n  second: {b[max(0, at - 80):at + 80]!r}"


@pytest.fixture(scope="module")
def build_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder that holds both copies of the project."""
    return tmp_path_factory.mktemp("reproducible")


@pytest.fixture(scope="module")
def two_builds(build_root: Path) -> Builds:
    """The files of two clean builds of two separate copies of the project."""
    projects = copy_twice(build_root)
    return tree(build_clean(projects["first"], "first")), tree(build_clean(projects["second"], "second"))


@pytest.mark.slow
def test_two_clean_builds_write_the_same_files(two_builds: Builds) -> None:
    """Assert both builds write exactly the same list of files."""
    first, second = two_builds
    assert sorted(first) == sorted(second)


@pytest.mark.slow
def test_two_clean_builds_are_byte_identical(two_builds: Builds) -> None:
    """Assert every file the two builds share has the same bytes, and show how the first few differ."""
    first, second = two_builds
    differing = [name for name in sorted(first.keys() & second.keys()) if first[name] != second[name]]
    report = "\n\n".join(explain(name, first[name], second[name]) for name in differing[:5])
    assert not differing, f"{len(differing)} file(s) differ: {differing[:20]}\n\n{report}"


@pytest.mark.slow
def test_no_build_path_leaks_into_the_site(build_root: Path, two_builds: Builds) -> None:
    """Assert no built file names the folder it was built in (a machine's path must not reach readers)."""
    first, _ = two_builds
    folder = str(build_root / "first").encode()
    leaking = [name for name, data in first.items() if folder in data]
    assert not leaking, f"the build folder's path appears in {leaking}"


@pytest.mark.slow
def test_sitemap_dates_come_from_source_date_epoch(two_builds: Builds) -> None:
    """Assert the sitemap's dates are those of SOURCE_DATE_EPOCH, not of the day of the build."""
    first, _ = two_builds
    if "sitemap.xml" not in first:
        pytest.skip("this site writes no sitemap.xml")
    sitemap = readable("sitemap.xml", first["sitemap.xml"])
    lastmod = {line.strip() for line in sitemap.splitlines() if "<lastmod>" in line}
    assert lastmod <= {"<lastmod>2023-11-14</lastmod>"}, lastmod
