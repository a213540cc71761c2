"""Template cache: what each of `mkdocs serve`'s rebuilds spends on the theme's templates, by bytecode cache (#34).

Every rebuild of `mkdocs serve` makes a new Jinja environment (`config.theme.get_env()`), which parses and compiles
the theme's templates again unless a bytecode cache hands back the code compiled earlier. Three caches are timed
side by side, in turn, on the site's own theme (Material with `overrides/`):

- none:        no cache, every rebuild compiles every template;
- memory:      `attention_site.mkdocs_adapter.serve.CompiledTemplates`, the code kept in the server's memory;
- filesystem:  Jinja's own `FileSystemBytecodeCache`, one file a template in a temporary folder (as `.cache/` would
               hold it), which also outlives the server.

A rebuild is timed as a new environment loading every template a page can use (main.html and 404.html and all
they extend or include): the first rebuild of a session (the filesystem cache then empty) and the median of the
next ones. The filesystem cache is also timed "restarted": a new server whose folder an earlier one filled.

    python bench/template_cache.py              # 15 warm rebuilds per cache
    python bench/template_cache.py --reps 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable

from _common import ROOT, table
from jinja2 import BytecodeCache, Environment, FileSystemBytecodeCache, meta
from mkdocs.config import load_config

from attention_site.mkdocs_adapter.serve import CompiledTemplates

Make = Callable[[], Environment]


def theme_environment() -> Make:
    """A function that makes a new Jinja environment of the site's theme, as each rebuild does."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    config = load_config(str(ROOT / "mkdocs.yml"))
    return config.theme.get_env


def page_templates(env: Environment, roots: tuple[str, ...] = ("main.html", "404.html")) -> list[str]:
    """The templates a page of the site can load: main.html and 404.html, and all they extend or include."""
    found: list[str] = []
    waiting = list(roots)
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        found.append(name)
        source = env.loader.get_source(env, name)[0]  # type: ignore[union-attr]
        waiting += [ref for ref in meta.find_referenced_templates(env.parse(source)) if ref is not None]
    return found


def one_rebuild(make: Make, cache: BytecodeCache | None, names: list[str]) -> float:
    """Seconds to make an environment and load the page templates `names` through `cache`."""
    start = time.perf_counter()
    env = make()
    env.bytecode_cache = cache
    for name in names:
        env.get_template(name)
    return time.perf_counter() - start


def session(make: Make, cache: BytecodeCache | None, names: list[str], reps: int) -> tuple[float, float]:
    """The first rebuild's seconds and the median of the `reps` later ones'."""
    cold = one_rebuild(make, cache, names)
    return cold, statistics.median(one_rebuild(make, cache, names) for _ in range(reps))


def main() -> None:
    """Time the three caches in turn and print a Markdown table (milliseconds per rebuild)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=15, help="warm rebuilds timed per cache")
    args = parser.parse_args()
    make = theme_environment()
    names = page_templates(make())
    one_rebuild(make, None, names)  # imports and the file system's caches warmed for every row alike
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for label, cache in (("none", None), ("memory (CompiledTemplates)", CompiledTemplates()),
                             ("filesystem (FileSystemBytecodeCache)", FileSystemBytecodeCache(folder))):
            cold, warm = session(make, cache, names, args.reps)
            rows.append((label, f"{cold * 1000:.0f}", f"{warm * 1000:.1f}"))
        cold, warm = session(make, FileSystemBytecodeCache(folder), names, args.reps)
        rows.append(("filesystem, server restarted", f"{cold * 1000:.0f}", f"{warm * 1000:.1f}"))
    print(f"{len(names)} templates (main.html, 404.html and all they extend or include), {args.reps} later rebuilds")
    print(table(("cache", "first rebuild ms", "each later rebuild ms (median)"), rows))


if __name__ == "__main__":
    main()
