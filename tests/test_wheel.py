"""The package keeps its promise outside this project: the wheel alone, in a fresh venv, renders a page through the
extension, with every package it imports declared in pyproject.toml."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest
from conftest import ROOT, copy_project

pytestmark = pytest.mark.slow

PAGE = """Rolls becomes <!-- attn:value red-ball-rolls output row=rolls --> after attention.

<!-- attn:table red-ball-rolls weights -->
"""
RENDER = f"""
import json, markdown, attention_site
html = markdown.markdown({PAGE!r}, extensions=["tables", "attention_site.extension"])
try:
    import mkdocs
except ImportError:
    mkdocs = None
print(json.dumps({{"html": html, "package": attention_site.__file__, "mkdocs": mkdocs is not None}}))
"""
STANDARD = frozenset(sys.stdlib_module_names)
IMPORT_NAMES = {"pyyaml": "yaml", "mkdocs-material": "material", "pymdown-extensions": "pymdownx"}


def imported_packages(folder: Path) -> set[str]:
    """The top-level names of every package the modules under `folder` import, but the standard library's and
    the project's own."""
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - STANDARD - {"attention_core", "attention_site"}


def declared() -> dict[str, str]:
    """Every requirement of pyproject.toml, extras included, by import name: the requirement as written."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = [requirement for extra in project["optional-dependencies"].values() for requirement in extra]
    requirements = [*project["dependencies"], *extras]
    return {IMPORT_NAMES.get(name := r.split(">=")[0].lower(), name): r for r in requirements}


def test_every_package_the_code_imports_is_declared_with_a_lower_bound() -> None:
    """Assert each third-party package imported under src/ is a requirement of pyproject.toml with `>=`."""
    wanted = declared()
    imported = imported_packages(ROOT / "src")
    assert imported <= set(wanted), f"imported but not declared: {sorted(imported - set(wanted))}"
    assert all(">=" in requirement for requirement in wanted.values())


def test_the_wheel_alone_renders_a_page_through_the_extension(tmp_path: Path) -> None:
    """Assert the built wheel, installed into a fresh venv with what it declares (no MkDocs), renders a page's
    value and table from a folder outside the project, by Python-Markdown naming `attention_site.extension`."""
    project = copy_project(tmp_path / "project")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet", "-w",
                    str(tmp_path / "dist"), str(project)], check=True, capture_output=True, timeout=300)
    [wheel] = (tmp_path / "dist").glob("*.whl")
    venv.create(tmp_path / "fresh", with_pip=True)
    python = tmp_path / "fresh/bin/python"
    installed = subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], capture_output=True,
                               text=True, timeout=600)
    assert installed.returncode == 0, installed.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run([str(python), "-c", RENDER], cwd=elsewhere, capture_output=True, text=True, timeout=300,
                          env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert Path(result["package"]).is_relative_to(tmp_path / "fresh") and not result["mkdocs"]
    assert "<p>Rolls becomes (1/2, 5/4) after attention.</p>" in result["html"]
    assert '<td style="text-align: right;">1/4</td>' in result["html"]
