"""The pages' and MathML's cache cannot serve a stale number: every input moves its key, a hit equals a fresh result."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, TwoBuilds

from attention_site.build_cache import TextCache, cache_key, read_input, sources_key

# Expand one page through the page cache of a project copy, the way the MkDocs hooks do; print what it gave
# and whether the engine had to run (a miss) or the cache answered (a hit).
EXPAND_THROUGH_CACHE = """
import importlib.util, json, sys
from pathlib import Path
from attention_site import build_cache
from attention_site.directives import expand_directives

root, page = Path(sys.argv[1]), sys.argv[2]
folders = [Path(importlib.util.find_spec(name).origin).parent for name in ("attention_site", "attention_core")]
pages = build_cache.TextCache(root / ".cache/pages", build_cache.sources_key(folders))
ran = []

def expand(markdown, path, offset):
    ran.append(path)
    return expand_directives(markdown, path, offset)

text = pages.cached(expand)(page, "docs/x.md", 0)
print(json.dumps({"text": text, "computed": bool(ran), "numpy": "numpy" in sys.modules}))
"""
# Load the engine as the MkDocs hooks do for sources no build has seen, then expand one page through it; print which
# of the heavy modules each step imported.
LOAD_THEN_EXPAND = """
import json, sys
from pathlib import Path
from attention_site.mkdocs_adapter import reload

root, page = Path(sys.argv[1]), sys.argv[2]
heavy = ("numpy", "attention_core")
engine = reload.load_engine((), root)
loaded = [name for name in heavy if name in sys.modules]
text = engine.pipeline.expand(page, "docs/x.md", 0)
print(json.dumps({"on load": loaded, "on expanding": [name for name in heavy if name in sys.modules], "text": text}))
"""
SCORE_OF_BUS = "late scores bus: <!-- attn:value bus-is-late scores row=late col=bus -->"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The engine's and the core's sources, the programs a listing reads and the mkdocs.yml that marks the project's
    folder, copied where a test may edit them."""
    shutil.copytree(ROOT / "src", tmp_path / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(ROOT / "docs/programs", tmp_path / "docs/programs")
    return tmp_path


def expand(project: Path, page: str, script: str = EXPAND_THROUGH_CACHE) -> dict[str, object]:
    """Expand `page` in a fresh process running the copy's own packages, through the copy's page cache."""
    env = {**os.environ, "PYTHONPATH": str(project / "src")}
    done = subprocess.run([sys.executable, "-c", script, str(project), page], capture_output=True,
                          text=True, check=True, timeout=120, env=env)
    return json.loads(done.stdout)


def test_the_core_is_loaded_by_the_first_page_expanded_not_by_loading_the_engine(project: Path) -> None:
    """Assert loading the engine for new sources imports neither NumPy nor the core (a build whose pages and
    workbooks are all kept never needs them); the first page the cache cannot answer does, and is computed."""
    assert expand(project, SCORE_OF_BUS, LOAD_THEN_EXPAND) == {
        "on load": [], "on expanding": ["numpy", "attention_core"],
        "text": 'late scores bus: <span class="attn-live" data-live="0">2</span>'}  # marked for live.js


def test_a_changed_example_input_or_option_misses_and_gives_the_new_number(project: Path) -> None:
    """Assert a second build is served from the cache without NumPy, and a changed option, example input or core
    byte each miss and give the number a fresh engine gives."""
    first = expand(project, SCORE_OF_BUS)
    assert first == {"text": "late scores bus: 2", "computed": True, "numpy": True}  # late's (1, 0) . bus's (2, 1)
    assert expand(project, SCORE_OF_BUS) == {"text": "late scores bus: 2", "computed": False, "numpy": False}
    other_column = expand(project, SCORE_OF_BUS.replace("col=bus", "col=is"))
    assert other_column == {"text": "late scores bus: 0", "computed": True, "numpy": True}  # (1, 0) . (0, 2)
    example = project / "src/attention_core/examples/bus_is_late.py"
    example.write_text(example.read_text().replace('keys_text: Rows = (("2", "1"),', 'keys_text: Rows = (("3", "1"),'))
    assert expand(project, SCORE_OF_BUS) == {"text": "late scores bus: 3", "computed": True, "numpy": True}
    core = project / "src/attention_core/softmax.py"
    core.write_text(core.read_text() + "\n# one more line of the core\n")
    assert expand(project, SCORE_OF_BUS)["computed"] is True


def test_a_changed_program_is_read_again(project: Path) -> None:
    """Assert a page showing a program is served from the cache until the program's file changes, then made anew."""
    page = "<!-- attn:block bus-is-late one-token-program -->"
    first = expand(project, page)
    assert first["computed"] is True and "```python" in str(first["text"])
    assert expand(project, page)["computed"] is False
    program = next(path for path in (project / "docs/programs").glob("*.py") if path.name in str(first["text"]))
    program.write_text(program.read_text() + "\n# a comment added to the program\n")
    again = expand(project, page)
    assert again["computed"] is True and "# a comment added to the program" in str(again["text"])


def test_the_key_covers_every_source_byte_and_input(project: Path) -> None:
    """Assert the shared key moves with one byte of either package and with each input of a result."""
    folders = [project / "src/attention_site", project / "src/attention_core"]
    sources = sources_key(folders)
    assert sources_key(folders) == sources
    key = cache_key(sources, "convert_math", "<p>x</p>")
    assert cache_key(sources, "convert_math", "<p>y</p>") != key
    assert cache_key(sources, "expand_directives", "<p>x</p>") != key
    engine = project / "src/attention_site/mathml/tex.py"
    engine.write_bytes(engine.read_bytes().replace(b"0.1667em", b"0.1668em", 1))
    assert cache_key(sources_key(folders), "convert_math", "<p>x</p>") != key


def test_a_result_that_read_a_file_is_not_served_once_the_file_changed(tmp_path: Path) -> None:
    """Assert a kept result lists the files it read and is made again when one of them changes."""
    source = tmp_path / "CONTRIBUTING.md"
    source.write_text("first", encoding="utf-8")
    cache, made = TextCache(tmp_path / "cache", "sources"), []

    def make() -> str:
        made.append(1)
        return read_input(source).upper()

    assert [cache.get(make, "page"), cache.get(make, "page"), len(made)] == ["FIRST", "FIRST", 1]
    source.write_text("second", encoding="utf-8")
    assert [cache.get(make, "page"), len(made)] == ["SECOND", 2]


def test_results_kept_for_older_sources_are_dropped(tmp_path: Path) -> None:
    """Assert pruning keeps the current sources' results and removes those of earlier sources."""
    old, new = TextCache(tmp_path / "pages", "a" * 64), TextCache(tmp_path / "pages", "b" * 64)
    assert old.get(lambda: "old", "page") == "old" and new.get(lambda: "new", "page") == "new"
    new.prune()
    assert [path.name for path in (tmp_path / "pages").iterdir()] == ["b" * 16]
    assert new.get(lambda: "made again", "page") == "new"


@pytest.mark.slow
def test_a_second_build_serves_the_same_site_without_loading_numpy(cold_then_warm: TwoBuilds) -> None:
    """Assert the second of two builds of unchanged pages writes the same HTML and never imports NumPy."""
    assert {"numpy", "attention_core", "latex2mathml"} <= cold_then_warm.imported["first"]
    assert not {"numpy", "attention_core", "latex2mathml"} & cold_then_warm.imported["second"]
    first, second = cold_then_warm.first, cold_then_warm.second
    pages = sorted(path.relative_to(first) for path in first.rglob("*.html"))
    assert len(pages) > 25
    for page in pages:
        assert (first / page).read_bytes() == (second / page).read_bytes(), page
