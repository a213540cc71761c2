"""CONTRIBUTING's list of what only the MkDocs build has is the MkDocs adapter's rooms, which the extension route
(Zensical's) never imports, and the stages both builds share are the pipeline's but its last, the head."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attention_site
from attention_site import pipeline

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(attention_site.__file__).parent
ADAPTER = PACKAGE / "mkdocs_adapter"
GUIDE = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
MKDOCS_ONLY = GUIDE[GUIDE.index("What only the MkDocs build has"):GUIDE.index("CI deploys the MkDocs build.")]
RE_ROOM = re.compile(r"^- `(\w+)\.py`(?: and `(\w+)\.py`)?:", re.MULTILINE)
RE_SHARED_STAGES = re.compile(r"same stages in the same order \(`src/attention_site/pipeline\.py`: ([^)]+)\)")
RE_PIPELINE_STAGES = re.compile(r"in their one order: ([^.]+)\.")


def imported(path: Path) -> set[str]:
    """The modules of attention_site a file imports anywhere in it, relative imports resolved, and those it loads
    by name with importlib.import_module."""
    inside = path.is_relative_to(PACKAGE)  # a script outside the package imports it by absolute names only
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts if inside else ()
    package = package if path.name == "__init__.py" else package[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = ".".join([*package[:len(package) - node.level + 1], *[node.module or ""]]).strip(".") \
                if node.level else node.module or ""
            names |= {base, *(f"{base}.{alias.name}" for alias in node.names)}
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module" and node.args \
                and isinstance(node.args[0], ast.Constant):
            names.add(str(node.args[0].value))
    return {name for name in names if name.split(".")[0] == "attention_site"}


def module_file(name: str) -> Path | None:
    """The file of a module of attention_site, or None for a name that is not a module (a function imported)."""
    path = PACKAGE.parent.joinpath(*name.split("."))
    return next((file for file in (path / "__init__.py", path.with_suffix(".py")) if file.exists()), None)


def reached(start: list[Path]) -> set[str]:
    """Every module of attention_site that importing `start` imports, packages' __init__ included."""
    seen: set[str] = set()
    todo = [name for path in start for name in imported(path)]
    while todo:
        name = todo.pop()
        file = module_file(name)
        if name in seen or file is None:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:end]) for end in range(1, len(parts))] + sorted(imported(file))
    return seen


def test_the_list_names_every_room_of_the_adapter_and_nothing_else() -> None:
    """Assert CONTRIBUTING's list of what only the MkDocs build has names each room of mkdocs_adapter/ (all but
    `state`, the record the rooms share), so a new room must be described there."""
    named = {name for pair in RE_ROOM.findall(MKDOCS_ONLY) for name in pair if name}
    rooms = {path.stem for path in ADAPTER.glob("*.py")} - {"__init__", "state"}
    assert named == rooms


def test_the_extension_route_never_imports_the_adapter() -> None:
    """Assert neither the extension nor scripts/zensical.py reaches the adapter or its events by any import, so
    what the adapter does, only the MkDocs build does."""
    route = reached([PACKAGE / "extension.py", ROOT / "scripts/zensical.py"])
    assert {"attention_site.pipeline", "attention_site.workbooks"} <= route  # the walk follows both starts
    assert not {name for name in route if name.startswith("attention_site.mkdocs_")}
    assert "attention_site.mkdocs_adapter.files" in reached([PACKAGE / "mkdocs_hooks.py"])


def test_the_shared_stages_are_the_pipeline_s_but_the_head() -> None:
    """Assert the stages CONTRIBUTING says both builds run are the pipeline's, in its order, less the last, the head,
    which the list names as the adapter's and the extension never calls."""
    shared = [stage.strip() for stage in RE_SHARED_STAGES.search(GUIDE.replace("\n", " ")).group(1).split(",")]
    stages = [stage.strip() for stage in RE_PIPELINE_STAGES.search(pipeline.__doc__ or "").group(1).split(",")]
    assert [*shared, "head"] == stages
    assert "the pipeline's sixth stage, the head" in MKDOCS_ONLY.replace("\n  ", " ") and len(stages) == 6
    extension = ast.parse((PACKAGE / "extension.py").read_text(encoding="utf-8"))
    assert not [node for node in ast.walk(extension) if getattr(node, "attr", getattr(node, "id", "")) == "head"]
