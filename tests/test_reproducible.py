"""Reproducible builds: the same sources give the same site, byte for byte (issue 6, reliability 1)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from conftest import TwoBuilds

pytestmark = pytest.mark.slow


Files = dict[str, bytes]
Builds = tuple[Files, Files]


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
def two_builds(built_site: Path, cold_then_warm: TwoBuilds) -> Builds:
    """The files of two clean builds of two separate copies of the project: the session's (REPRODUCIBLE: seed 1,
    UTC), and one made in another folder with another hash seed and time zone (ANOTHER_MACHINE)."""
    return tree(built_site), tree(cold_then_warm.first)


def test_two_clean_builds_write_the_same_files(two_builds: Builds) -> None:
    """Assert both builds write exactly the same list of files."""
    first, second = two_builds
    assert sorted(first) == sorted(second)


def test_two_clean_builds_are_byte_identical(two_builds: Builds) -> None:
    """Assert every file the two builds share has the same bytes, and show how the first few differ."""
    first, second = two_builds
    differing = [name for name in sorted(first.keys() & second.keys()) if first[name] != second[name]]
    report = "\n\n".join(explain(name, first[name], second[name]) for name in differing[:5])
    assert not differing, f"{len(differing)} file(s) differ: {differing[:20]}\n\n{report}"


def test_no_build_path_leaks_into_the_site(built_site: Path, two_builds: Builds) -> None:
    """Assert no built file names the folder it was built in (a machine's path must not reach readers)."""
    first, _ = two_builds
    folder = str(built_site.parent).encode()
    leaking = [name for name, data in first.items() if folder in data]
    assert not leaking, f"the build folder's path appears in {leaking}"


def test_sitemap_dates_come_from_source_date_epoch(two_builds: Builds) -> None:
    """Assert the sitemap's dates are those of SOURCE_DATE_EPOCH, not of the day of the build."""
    first, _ = two_builds
    sitemap = readable("sitemap.xml", first["sitemap.xml"])
    lastmod = {line.strip() for line in sitemap.splitlines() if "<lastmod>" in line}
    assert lastmod == {"<lastmod>2023-11-14</lastmod>"}, lastmod
