"""The rooms of an example: adding one touches its core module, its entry module and its page, nothing else.

A throw-away example (`tiny-demo`) is written into a copy of the two packages as exactly two new modules, and a
fresh interpreter shows that everything that follows from an example's key picks it up by itself: the core's
registry, its entries and a page's directive, the reference's index and the page the build makes for it, and the
API page of the examples' inputs. No list anywhere had to name it. Then, in a copy of the whole project, the
example and its page are added by changing exactly the files CONTRIBUTING names, and the site builds strictly.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import copy_project, mkdocs

from attention_site.directives.entries import REFERENCE_FRONT_MATTER
from attention_site.further_pages import UNGROUPED

ROOT = Path(__file__).resolve().parents[1]

CORE_MODULE = '''
"""The worked example 'tiny-demo': a sentence of four tokens, counted."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Example, ranged


@dataclass(frozen=True)
class TinyDemo(Example):
    """A throw-away example of the rooms test: how many tokens a sentence has."""

    name: str = "tiny-demo"
    title: str = "a sentence, counted"
    tokens: tuple[str, ...] = ()
    length: int = ranged(4, 1, 12, "tokens in the sentence")


TINY_DEMO = TinyDemo()
'''

ENTRY_MODULE = '''
"""A sentence, counted (example "tiny-demo"): the number of its tokens."""

from __future__ import annotations

from attention_core.examples.tiny_demo import TINY_DEMO as EX

from ..registry import scalar
from ..shown import Scalar
from .common import count


@scalar(EX.name, "length", "How many tokens the sentence has.")
def length() -> Scalar:
    return count(EX.length)
'''

PROBE = '''
import json
import attention_core
from attention_site.api_page import api_page
from attention_site.directives import expand_directives
from attention_site.directives.entries import reference_pages

page = "docs/demo.md"
print(json.dumps({
    "registered": "tiny-demo" in attention_core.EXAMPLES,
    "value": expand_directives("It has <!-- attn:value tiny-demo length --> tokens.", page),
    "made page": reference_pages().get("reference/directives/tiny-demo.md", ""),
    "index": "[`tiny-demo`](tiny-demo.md)" in expand_directives("<!-- attn:block reference directives -->", page),
    "its reference": expand_directives("<!-- attn:block reference directives example=tiny-demo -->", page),
    "api": api_page("examples"),
}))
'''


def test_a_new_example_is_two_modules_and_a_page_and_is_picked_up_everywhere(tmp_path: Path) -> None:
    """Assert an example added as its core module and its entry module alone (and a page that names it) is in
    the core's registry, expands on the page, is listed on the reference's index, gets its reference page from
    the build and its section on the API page, with no other file of either package changed."""
    copy = tmp_path / "project"
    shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    (copy / "src/attention_core/examples/tiny_demo.py").write_text(CORE_MODULE.lstrip(), encoding="utf-8")
    (copy / "src/attention_site/directives/entries/tiny_demo.py").write_text(ENTRY_MODULE.lstrip(), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(PROBE)], cwd=copy, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(copy / "src")}, timeout=300)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["registered"] is True
    assert seen["value"] == "It has 4 tokens."
    assert seen["made page"] == (f"{REFERENCE_FRONT_MATTER}# Directives of `tiny-demo`\n\n"
                                 "<!-- attn:block reference directives example=tiny-demo -->\n")
    assert seen["index"] is True
    assert "How many tokens the sentence has." in seen["its reference"]
    assert "## `TinyDemo`\n\nIn `attention_core.examples.tiny_demo`." in seen["api"]
    assert "## `TINY_DEMO`" in seen["api"]


PAGE = "# A sentence, counted\n\nIt has <!-- attn:value tiny-demo length --> tokens.\n"
NAV_AFTER = re.compile(r"^( +)- [^\n]*: beyond/[\w-]+\.md\n(?!\1- [^\n]*: beyond/)", re.MULTILINE)  # the last
GROUPS_END = re.compile(r"^\)\nUNGROUPED", re.MULTILINE)
RE_EVERY_FILE = re.compile(r"That is every file a new example and its page touch:(.*?)Nothing else lists", re.DOTALL)


def fingerprints(project: Path) -> dict[str, str]:
    """A hash of each file of a project copy, by its path in the project."""
    return {path.relative_to(project).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in project.rglob("*") if path.is_file()}


def add_tiny_demo(project: Path) -> None:
    """Add the example tiny-demo and its page under beyond/ as CONTRIBUTING's steps say: its two modules, the page,
    its line in mkdocs.yml's nav, and its group on the home page."""
    (project / "src/attention_core/examples/tiny_demo.py").write_text(CORE_MODULE.lstrip(), encoding="utf-8")
    (project / "src/attention_site/directives/entries/tiny_demo.py").write_text(ENTRY_MODULE.lstrip(), "utf-8")
    (project / "docs/beyond/tiny-demo.md").write_text(PAGE, encoding="utf-8")
    config = project / "mkdocs.yml"
    text, added = NAV_AFTER.subn(lambda last: f"{last[0]}{last[1]}- \"A sentence, counted\": beyond/tiny-demo.md\n",
                                 config.read_text(encoding="utf-8"), count=1)
    assert added == 1, "no page of beyond/ in mkdocs.yml's nav to add one after"
    config.write_text(text, encoding="utf-8")
    groups = project / "src/attention_site/further_pages.py"
    text, added = GROUPS_END.subn('    ("Counting", ("tiny-demo.md",)),\n)\nUNGROUPED', groups.read_text("utf-8"))
    assert added == 1, "GROUPS no longer ends with ')' before UNGROUPED; update this test"
    groups.write_text(text, encoding="utf-8")


@pytest.mark.slow
def test_a_new_example_and_its_page_build_changing_only_the_files_contributing_names(tmp_path: Path) -> None:
    """Assert adding an example and its page under beyond/ changes exactly the files CONTRIBUTING's paragraph names
    (EXAMPLE read as the example's module or page), and then the site builds with --strict: the page shows its
    number, has its reference page, and the home page lists it under its own heading, not the catch-all one. A step
    the paragraph left out (the nav, once) fails here: the strict build stops, or the files differ."""
    project = copy_project(tmp_path / "project")
    before = fingerprints(project)
    add_tiny_demo(project)
    after = fingerprints(project)
    changed = {path for path in before.keys() | after.keys() if before.get(path) != after.get(path)}
    every_file = RE_EVERY_FILE.search((ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8"))
    assert every_file, "CONTRIBUTING no longer says which files a new example touches"
    named = {path.replace("EXAMPLE.py", "tiny_demo.py").replace("EXAMPLE.md", "tiny-demo.md")
             for path in re.findall(r"`([\w./-]+\.(?:py|md|yml))`", every_file[1])}
    assert changed == named
    built = mkdocs(project, "build", "--strict", "--site-dir", str(project / "site"))
    assert built.returncode == 0, built.stderr
    site = project / "site"
    assert "It has 4 tokens." in (site / "beyond/tiny-demo/index.html").read_text(encoding="utf-8")
    assert (site / "reference/directives/tiny-demo/index.html").exists()
    home = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r"<strong>Counting</strong>: <a href=\"beyond/tiny-demo/\">A sentence, counted</a>", home), \
        re.findall(r"<li><strong>.*?</li>", home)
    assert f"<strong>{UNGROUPED}</strong>" not in home
