"""The package keeps its promise outside this project: the wheel alone, in a fresh venv, renders a page through the
extension, with every package it imports declared in pyproject.toml.

Offline: the fresh venv installs from no index, only from a folder of wheels repacked from the distributions the
pinned venv holds (exactly the versions requirements.txt pins), so pip resolves the wheel's declared
requirements as it would from PyPI, and an undeclared one is simply absent.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import tomllib
import venv
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from conftest import ROOT, copy_project
from packaging.requirements import Requirement

pytestmark = pytest.mark.slow

PAGE = r"""Rolls becomes <!-- attn:value red-ball-rolls output row=rolls --> after attention,
scaled by \(1/\sqrt{d_k}\).

<!-- attn:table red-ball-rolls weights -->
"""
RENDER = f"""
import json, markdown, attention_site
html = markdown.markdown({PAGE!r}, extensions=["tables", "pymdownx.arithmatex", "attention_site.extension"],
                         extension_configs={{"pymdownx.arithmatex": {{"generic": True}}}})
try:
    import mkdocs
except ImportError:
    mkdocs = None
print(json.dumps({{"html": html, "package": attention_site.__file__, "mkdocs": mkdocs is not None}}))
"""
STANDARD = frozenset(sys.stdlib_module_names)
IMPORT_NAMES = {"pyyaml": "yaml", "mkdocs-material": "material", "pymdown-extensions": "pymdownx",
                "minify-go": "minify"}


def imported_packages(folder: Path, leaving_out: tuple[str, ...] = ()) -> set[str]:
    """The top-level names of every package the modules under `folder` import (but those whose path relative to it
    starts with one of `leaving_out`), less the standard library's and the project's own."""
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        if path.relative_to(folder).as_posix().startswith(leaving_out):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - STANDARD - {"attention_core", "attention_site"}


def declared(extras: bool = True) -> dict[str, str]:
    """Every requirement of pyproject.toml (with or without the extras) by import name: the requirement as written."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    optional = [requirement for extra in project["optional-dependencies"].values() for requirement in extra]
    requirements = [*project["dependencies"], *(optional if extras else [])]
    return {IMPORT_NAMES.get(name := r.split(">=")[0].lower(), name): r for r in requirements}


def test_every_package_the_code_imports_is_declared_with_a_lower_bound() -> None:
    """Assert each third-party package imported under src/ is a requirement of pyproject.toml with `>=`."""
    wanted = declared()
    imported = imported_packages(ROOT / "src")
    assert imported <= set(wanted), f"imported but not declared: {sorted(imported - set(wanted))}"
    assert all(">=" in requirement for requirement in wanted.values())


def test_the_engine_needs_no_extra_but_for_the_mkdocs_adapter() -> None:
    """Assert every package imported under src/, but by the MkDocs adapter, is a requirement without an extra: the
    extension route installs none."""
    engine = imported_packages(ROOT / "src", ("attention_site/mkdocs_hooks.py", "attention_site/mkdocs_adapter/"))
    core = declared(extras=False)
    assert engine <= set(core), f"imported by the engine but declared only in an extra: {sorted(engine - set(core))}"


def required(names: list[str]) -> dict[str, metadata.Distribution]:
    """The installed distributions `names` need, theirs too, by normalised name: what pip would resolve."""
    needed: dict[str, metadata.Distribution] = {}
    waiting = list(names)
    while waiting:
        requirement = Requirement(waiting.pop())
        key = re.sub(r"[-_.]+", "-", requirement.name).lower()
        if key in needed or (requirement.marker and not requirement.marker.evaluate({"extra": ""})):
            continue
        needed[key] = metadata.distribution(requirement.name)
        waiting += needed[key].requires or []
    return needed


def repacked(distribution: metadata.Distribution, folder: Path) -> Path:
    """An installed distribution as a wheel again (the files its RECORD lists in site-packages), for pip to install
    with no index."""
    name = re.sub(r"[-_.]+", "_", distribution.metadata["Name"]).lower()
    wheel = folder / f"{name}-{distribution.version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as packed:
        for file in distribution.files or []:
            source = Path(str(distribution.locate_file(file)))
            if file.parts[0] != ".." and "__pycache__" not in file.parts and source.is_file():
                packed.write(source, file.as_posix())
    return wheel


def test_the_wheel_alone_renders_a_page_through_the_extension(tmp_path: Path) -> None:
    """Assert the built wheel, installed offline into a fresh venv with what it declares (no MkDocs), renders a
    page's value, table and formula (as MathML) from a folder outside the project, by Python-Markdown naming
    `attention_site.extension`."""
    project = copy_project(tmp_path / "project")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet", "-w",
                    str(tmp_path / "dist"), str(project)], check=True, capture_output=True, timeout=300)
    [wheel] = (tmp_path / "dist").glob("*.whl")
    wheelhouse = tmp_path / "wheelhouse"
    wheelhouse.mkdir()
    project_table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for distribution in required(project_table["dependencies"]).values():
        repacked(distribution, wheelhouse)
    venv.create(tmp_path / "fresh", with_pip=True)
    python = tmp_path / "fresh/bin/python"
    installed = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-index", "--find-links",
                                str(wheelhouse), str(wheel)], capture_output=True, text=True, timeout=600,
                               env={**os.environ, "PIP_CONFIG_FILE": os.devnull})  # no index, no other folder
    assert installed.returncode == 0, installed.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run([str(python), "-c", RENDER], cwd=elsewhere, capture_output=True, text=True, timeout=300,
                          env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert Path(result["package"]).is_relative_to(tmp_path / "fresh") and not result["mkdocs"]
    assert "Rolls becomes (1/2, 5/4) after attention," in re.sub(r"<[^>]+>", "", result["html"])  # as read
    assert "<msqrt><mrow><msub><mi>d</mi><mi>k</mi></msub></mrow></msqrt>" in result["html"]  # math as MathML
    assert '<td style="text-align: right;">1/4</td>' in result["html"]
