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

A key can be computed by anyone from the repository, so an entry is also sealed: it carries a keyed hash (HMAC)
of its key and content under a secret that never lives in the repository, made once per machine in the user's
cache folder (`machine_secret`). An entry that a pull request committed, edited or replaced carries no valid
seal and is made afresh; and a build refuses to start while git tracks anything under `.cache/`
(`tracked_cache_files`).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

FOLDER = ".cache"
SEAL = "SEAL"  # the file of a kept folder that holds its keyed hash
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
        self.store(path, {"files": files, "text": made, "seal": seal(path.name, made, json.dumps(files))})
        return made

    def cached(self, function: Callable[..., str]) -> Callable[..., str]:
        """`function` of text (and numbers), answered from the cache: its name and arguments are the inputs."""

        def answer(*args: object) -> str:
            return self.get(lambda: function(*args), function.__name__, *map(str, args))

        return answer

    def load(self, path: Path) -> str | None:
        """A kept result sealed on this machine whose files are unchanged, or None."""
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            sealed = hmac.compare_digest(str(kept["seal"]), seal(path.name, kept["text"], json.dumps(kept["files"])))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return kept["text"] if sealed and unchanged(kept["files"]) else None

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
        kept = {path.name: path.read_bytes() for path in sorted(folder.iterdir())}
        if hmac.compare_digest(kept.pop(SEAL, b"").decode("ascii", "replace"), folder_seal(folder.name, kept)):
            return kept
        shutil.rmtree(folder, ignore_errors=True)  # not sealed here: made elsewhere, or edited
    made = make()
    partial = folder.with_name(f"{folder.name}.{os.getpid()}.partial")
    partial.mkdir(parents=True, exist_ok=True)
    for name, data in {**made, SEAL: folder_seal(folder.name, made).encode()}.items():
        (partial / name).write_bytes(data)
    partial.replace(folder) if not folder.exists() else shutil.rmtree(partial)
    return made


def seal(key: str, *parts: str) -> str:
    """The keyed hash of an entry: its key and content, under this machine's secret."""
    digest = hmac.new(machine_secret(), key.encode(), hashlib.sha256)
    for part in parts:
        digest.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def folder_seal(key: str, files: dict[str, bytes]) -> str:
    """The keyed hash of a kept folder: its key, and each file's name and bytes."""
    digest = hmac.new(machine_secret(), key.encode(), hashlib.sha256)
    for name, data in sorted(files.items()):
        digest.update(b"\0" + name.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()


@functools.cache
def machine_secret() -> bytes:
    """This machine's secret for sealing entries, made once in the user's cache folder (never in the repository);
    where that folder cannot be written, a secret for this process alone, so nothing kept is trusted later."""
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "attention-by-hand"
    path = home / "cache-secret"
    try:
        if not path.is_file():
            home.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "wb") as file:
                file.write(os.urandom(32))
        secret = path.read_bytes()
        return secret if len(secret) >= 32 else os.urandom(32)
    except OSError:
        return os.urandom(32)


def tracked_cache_files(root: Path) -> list[str]:
    """The files git tracks under the project's `.cache/` (none in a sound checkout; none without git)."""
    try:
        done = subprocess.run(["git", "ls-files", "--", FOLDER], cwd=root, capture_output=True, text=True,
                              timeout=60, check=False)
    except OSError:
        return []
    return done.stdout.split()
