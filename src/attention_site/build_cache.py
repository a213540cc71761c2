"""Results kept between builds (`.cache/` in the project), under keys that cover every input.

A kept result may only be served when a fresh build would make the very same bytes, so every key is a hash of
all that the result depends on:

- the text of every source file of `attention_site` and `attention_core` (the examples' inputs, the core's
  arithmetic, the engine's rendering), and the installed versions of the libraries whose output is kept
  (NumPy computes the numbers, latex2mathml writes the MathML): `sources_key`, computed once per loaded engine;
- the inputs of the one result: a page's text, its path and front-matter lines, an option (`cache_key`);
- the project files the result read while it was made (the program a listing shows, CONTRIBUTING.md): their
  paths and hashes are stored with the result and checked again before it is served (`read_input`).

The workbooks (`.cache/workbooks/KEY/`), the expanded directives of each page (`.cache/pages/KEY`) and each
page's MathML (`.cache/mathml/KEY`) use the same key. Nothing here imports NumPy or latex2mathml: a build
whose pages are all cached loads neither.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

FOLDER = ".cache"
LIBRARIES = ("numpy", "latex2mathml", "tinycss2")  # installed libraries whose output a kept result holds
read_files: list[dict[str, str]] = []  # the files read by each result being made, innermost last


def sources_key(folders: Iterable[Path]) -> str:
    """A hash of every Python source under `folders`, the Python version and the libraries' versions."""
    digest = hashlib.sha256(f"python {sys.version}\n".encode())
    for library in LIBRARIES:
        digest.update(f"{library} {installed_version(library)}\n".encode())
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            digest.update(path.relative_to(folder.parent).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cache_key(sources: str, *inputs: str) -> str:
    """The key of one result: the sources' hash and each of the result's own inputs."""
    digest = hashlib.sha256(sources.encode())
    for text in inputs:
        digest.update(b"\0" + text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:32]


def installed_version(library: str) -> str:
    """The version of an installed library, read from its metadata folder's name without importing it."""
    spec = importlib.util.find_spec(library)
    if spec is None or spec.origin is None:
        return "absent"
    site = Path(spec.origin).parent.parent
    found = sorted(path.name for path in site.glob(f"{library}-*.dist-info"))
    return found[-1] if found else f"unversioned at {site}"


def read_input(path: Path) -> str:
    """Read a project file a result depends on, noting its hash so that a kept result is checked against it."""
    data = path.read_bytes()
    if read_files:
        read_files[-1][str(path)] = hashlib.sha256(data).hexdigest()
    return data.decode("utf-8")


@contextmanager
def recording() -> Iterator[dict[str, str]]:
    """Collect the files `read_input` reads inside the block: path -> hash."""
    read_files.append({})
    try:
        yield read_files[-1]
    finally:
        read_files.pop()


def unchanged(files: dict[str, str]) -> bool:
    """Tell whether every file a kept result read still holds the bytes it held then."""
    for name, digest in files.items():
        path = Path(name)
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            return False
    return True


class TextCache:
    """The results of one pure function of text, kept in `.cache/KIND/SOURCES/KEY` as JSON with the files they
    read; SOURCES is the start of the sources' hash, so the results of older sources can be dropped whole."""

    def __init__(self, folder: Path, sources: str) -> None:
        self.root, self.sources = folder, sources
        self.folder = folder / sources[:16]

    def prune(self) -> None:
        """Remove the results kept for other sources: after an edit under src/ they can never be served again."""
        if self.root.is_dir():
            for older in self.root.iterdir():
                if older != self.folder:
                    shutil.rmtree(older, ignore_errors=True)

    def get(self, make: Callable[[], str], *inputs: str) -> str:
        """The kept result for `inputs`, or `make()`'s, kept for the next build (an error is never kept)."""
        path = self.folder / cache_key(self.sources, *inputs)
        kept = self.load(path)
        if kept is not None:
            return kept
        with recording() as files:
            made = make()
        self.store(path, {"files": files, "text": made})
        return made

    def cached(self, function: Callable[..., str]) -> Callable[..., str]:
        """`function` of text (and numbers), answered from the cache: its name and arguments are the inputs."""

        def answer(*args: object) -> str:
            return self.get(lambda: function(*args), function.__name__, *map(str, args))

        return answer

    def load(self, path: Path) -> str | None:
        """A kept result whose files are unchanged, or None."""
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return kept["text"] if unchanged(kept["files"]) else None

    def store(self, path: Path, kept: dict[str, object]) -> None:
        """Write a result whole or not at all (a rename), so a parallel or stopped build never reads half of one."""
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial.write_text(json.dumps(kept), encoding="utf-8")
            partial.replace(path)
        except OSError:  # a read-only checkout builds without keeping anything
            partial.unlink(missing_ok=True)


def kept_files(folder: Path, make: Callable[[], dict[str, bytes]]) -> dict[str, bytes]:
    """The files kept in `folder` (a path that ends in their key), or `make()`'s, kept there for the next build.

    The folder is written whole or not at all (a rename), so a parallel or stopped build never reads part of it.
    """
    if folder.is_dir():
        return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}
    made = make()
    partial = folder.with_name(f"{folder.name}.{os.getpid()}.partial")
    partial.mkdir(parents=True, exist_ok=True)
    for name, data in made.items():
        (partial / name).write_bytes(data)
    partial.replace(folder) if not folder.exists() else shutil.rmtree(partial)
    return made
