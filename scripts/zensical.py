"""Build or preview the site with Zensical, the successor of Material for MkDocs, from the same mkdocs.yml.

    python scripts/zensical.py build [SITE_DIR]    # default: site-zensical/
    python scripts/zensical.py serve [PORT]        # default: 8000; restarts itself when src/ changes

Zensical reads mkdocs.yml but runs no MkDocs hooks, so this script writes its configuration from
mkdocs.yml with the engine added as a Markdown extension (`attention_site.extension`: directives, checks,
MathML), as zensical.generated.yml beside it (git ignores it). After a build it writes the example workbooks into
downloads/, as the MkDocs hooks do. Zensical reads a copy of docs/ (`zensical-docs/`, ignored
by git) holding the pages the MkDocs build makes as it goes (each example's reference page). Zensical keeps its
Python code loaded while serving, so `serve` watches src/ and restarts Zensical when the engine or an example
changes, and copies each edit of docs/ into the copy it serves: a preview never shows a stale number.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "zensical.generated.yml"  # Zensical wants its site folder inside the config's folder
STAGED_DOCS = ROOT / "zensical-docs"  # docs/ with the pages the build makes, for Zensical (its --clean empties .cache/)
EXTENSION = "attention_site.extension"
POLL_SECONDS = 0.5
RE_ENGINE_ERROR = re.compile(r"^RuntimeError: Python error: (?:DirectiveErrors?|MathConversionError): (.+)$", re.M)


class ConfigLoader(yaml.SafeLoader):
    """YAML's safe loader, plus MkDocs' `!ENV [NAME, default]` tag, read from the environment."""


def environment_value(loader: yaml.SafeLoader, node: yaml.Node) -> object:
    """The value of `!ENV NAME` or `!ENV [NAME, ..., default]`: the first variable set, else the default."""
    names = [loader.construct_scalar(node)] if isinstance(node, yaml.ScalarNode) else loader.construct_sequence(node)
    *variables, default = names if len(names) > 1 else [*names, None]
    for name in variables:
        if name in os.environ:
            return yaml.safe_load(os.environ[name])
    return default


ConfigLoader.add_constructor("!ENV", environment_value)


def write_config(site_dir: Path, preview: bool = False) -> Path:
    """Zensical's configuration: mkdocs.yml with the engine as an extension, beside it (paths stay relative); in a
    preview the engine shows a page that does not build as its message, so that Zensical keeps serving."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=ConfigLoader)
    config.pop("hooks", None)
    config["site_dir"] = site_dir.resolve().relative_to(ROOT).as_posix()
    config["docs_dir"] = staged_docs().relative_to(ROOT).as_posix()
    config["markdown_extensions"].append({EXTENSION: {"preview": True}} if preview else EXTENSION)
    CONFIG.write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return CONFIG


def staged_docs() -> Path:
    """docs/ as Zensical reads it: a fresh copy, with the pages the MkDocs build makes as it goes (each example's
    page of the reference of directives, from the example's key), which Zensical, running no hooks, cannot."""
    from attention_site.directives.entries import reference_pages

    shutil.rmtree(STAGED_DOCS, ignore_errors=True)
    shutil.copytree(ROOT / "docs", STAGED_DOCS)
    for path, text in reference_pages().items():
        (STAGED_DOCS / path).write_text(text, encoding="utf-8")
    return STAGED_DOCS


def build(site_dir: Path) -> int:
    """Build the site with Zensical into `site_dir`, then add the workbooks; return the exit status.

    Zensical reports an error from a Markdown extension with two Python tracebacks around it; the engine's
    own errors already name the page and line, so only they are printed.
    """
    done = subprocess.run([sys.executable, "-m", "zensical", "build", "--clean", "-f", str(write_config(site_dir))],
                          cwd=ROOT, check=False, capture_output=True, text=True)
    ours = RE_ENGINE_ERROR.findall(done.stderr)
    print(done.stdout, end="")
    if ours:
        print("\n".join(f"ERROR   -  {line}" for line in dict.fromkeys(ours)), file=sys.stderr)
    else:
        print(done.stderr, end="", file=sys.stderr)
    if done.returncode == 0:
        from attention_site.workbooks import write_workbooks

        write_workbooks(site_dir / "downloads")
    return done.returncode


def sources_stamp() -> tuple[tuple[str, int], ...]:
    """The modification times of the engine's and the core's Python files: what a restart depends on."""
    return tuple((str(path), path.stat().st_mtime_ns) for path in sorted((ROOT / "src").rglob("*.py")))


def docs_stamp() -> dict[Path, int]:
    """The modification time of every file of docs/, by its path inside docs/."""
    docs = ROOT / "docs"
    return {path.relative_to(docs): path.stat().st_mtime_ns for path in docs.rglob("*") if path.is_file()}


def sync_docs(before: dict[Path, int]) -> dict[Path, int]:
    """Copy each file of docs/ changed or added since `before` into the staged copy Zensical serves (and delete
    each one removed), so that its own watcher rebuilds the page; return the new stamp."""
    now = docs_stamp()
    for path in [path for path, stamp in now.items() if before.get(path) != stamp]:
        (STAGED_DOCS / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / "docs" / path, STAGED_DOCS / path)
    for path in before.keys() - now.keys():
        (STAGED_DOCS / path).unlink(missing_ok=True)
    return now


def serve(port: str) -> None:
    """Run `zensical serve`, restarting it whenever a Python file under src/ changes and copying each edit of docs/
    into the copy it serves. However this script is stopped (Ctrl+C, a SIGTERM from a process manager or a test),
    Zensical stops with it and frees the port."""
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    while True:
        stamp, pages = sources_stamp(), docs_stamp()
        config = write_config(ROOT / "site-zensical", preview=True)  # stages docs/ afresh, with the made pages
        server = subprocess.Popen([sys.executable, "-m", "zensical", "serve", "-f", str(config), "-a",
                                   f"127.0.0.1:{port}"], cwd=ROOT)
        try:
            while server.poll() is None and sources_stamp() == stamp:
                time.sleep(POLL_SECONDS)
                pages = sync_docs(pages)
            if server.poll() is not None:  # Zensical stopped by itself
                sys.exit(server.returncode)
        except KeyboardInterrupt:
            return
        finally:
            server.terminate()
            server.wait(timeout=30)
        print("zensical.py: the engine or an example changed; restarting Zensical", flush=True)


def main() -> None:
    """Dispatch `build` or `serve`."""
    command, *rest = sys.argv[1:] or ["build"]
    if command == "build":
        sys.exit(build(Path(rest[0]) if rest else ROOT / "site-zensical"))
    if command == "serve":
        serve(rest[0] if rest else "8000")
        return
    sys.exit(f"zensical.py: unknown command {command!r}; accepted: build [SITE_DIR], serve [PORT]")


if __name__ == "__main__":
    main()
