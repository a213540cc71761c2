"""The workbook cache cannot serve a stale file: its key covers every input, and a hit equals a fresh build."""

from __future__ import annotations

import shutil
from importlib import metadata
from importlib.metadata import version
from pathlib import Path

import pytest
from conftest import ANOTHER_MACHINE, ROOT, TwoBuilds

from attention_site.mkdocs_adapter.files import workbook_key as key_of
from attention_site.workbooks import every_workbook


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    """A copy of both packages' sources that the key is computed from."""
    return Path(shutil.copytree(ROOT / "src", tmp_path / "src", ignore=shutil.ignore_patterns("__pycache__")))


def test_the_key_changes_with_every_input(sources: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert the key moves with an example's input, the engine's code, the site's URL, the build date and the
    version of openpyxl."""

    def workbook_key(site_url: str, epoch: str) -> str:
        return key_of(site_url, epoch, [sources / "attention_site", sources / "attention_core"])

    key = workbook_key("https://a/", "1700000000")
    assert workbook_key("https://a/", "1700000000") == key
    assert workbook_key("https://b/", "1700000000") != key
    assert workbook_key("https://a/", "1700000001") != key
    example = sources / "attention_core/examples/bus_is_late.py"
    example.write_text(example.read_text().replace('(("2", "1"),', '(("0", "1"),'))
    changed_input = workbook_key("https://a/", "1700000000")
    assert changed_input != key
    layout = sources / "attention_site/workbooks/xlsx.py"
    layout.write_text(layout.read_text() + "\n# a changed comment is a changed source\n")
    changed_source = workbook_key("https://a/", "1700000000")
    assert changed_source not in (key, changed_input)
    monkeypatch.setattr(metadata, "version", lambda name: "0.0.1" if name == "openpyxl" else version(name))
    assert workbook_key("https://a/", "1700000000") not in (key, changed_input, changed_source)


@pytest.mark.slow
def test_a_cached_build_serves_the_bytes_of_a_fresh_one(cold_then_warm: TwoBuilds) -> None:
    """Assert two builds (the second from the cache) serve workbooks equal to ones made afresh in this process."""
    assert len(list((cold_then_warm.project / ".cache/workbooks").iterdir())) == 1
    from datetime import UTC, datetime

    fresh = every_workbook(site_url="https://attention-by-hand.github.io/attention-by-hand/",
                           when=datetime.fromtimestamp(int(ANOTHER_MACHINE["SOURCE_DATE_EPOCH"]), UTC))
    for name, data in fresh.items():
        assert (cold_then_warm.first / "downloads" / name).read_bytes() == data, name
        assert (cold_then_warm.second / "downloads" / name).read_bytes() == data, name


def test_a_workbook_is_its_module_in_books_and_its_decorator() -> None:
    """Assert the examples the pages link to (read off books/ without importing it) are those the writer lays out,
    and that a layout registered outside the module named after its example, or a module of books/ that registers
    none, stops with a message naming the module that is accepted."""
    import pytest

    from attention_core.examples.scaling import SCALING
    from attention_site.workbooks import EXAMPLES_WITH_WORKBOOKS, WORKBOOKS, build, names

    assert tuple(WORKBOOKS) == EXAMPLES_WITH_WORKBOOKS and "kv-cache" in WORKBOOKS
    with pytest.raises(ValueError, match=r"laid out in books/test_workbook_cache.py; accepted: books/scaling.py"):
        names.workbook(SCALING)(test_a_workbook_is_its_module_in_books_and_its_decorator)
    layouts = dict(names.LAYOUTS)
    try:
        del names.LAYOUTS["scaling"]
        with pytest.raises(ValueError, match=r"books/scaling.py lays out no workbook"):
            build.registered_workbooks()
    finally:
        names.LAYOUTS.update(layouts)


def test_expanding_pages_does_not_load_the_spreadsheet_writer() -> None:
    """Assert importing the engine (all a page's directives need) leaves openpyxl unloaded."""
    import subprocess
    import sys

    probe = "import sys, attention_site.directives; print('openpyxl' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout == "False\n"
