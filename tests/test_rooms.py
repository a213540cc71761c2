"""The rooms of an example: adding one touches its core module, its entry module and its page, nothing else.

A throw-away example (`tiny-demo`) is written into a copy of the two packages as exactly two new modules, and a
fresh interpreter shows that everything that follows from an example's key picks it up by itself: the core's
registry, its entries and a page's directive, the reference's index and the page the build makes for it, and the
API page of the examples' inputs. No list anywhere had to name it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from attention_site.directives.entries import REFERENCE_FRONT_MATTER

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
    "api": api_page(examples=True),
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
