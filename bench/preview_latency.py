"""Preview latency: from saving a page to `mkdocs serve` serving the rebuilt page (issue 6, benchmark 2).

Two servers run side by side on free loopback ports, each from its own temporary copy of the project:

- this site:   the project as it is (the hooks expand directives, reload attention_core, convert math);
- plain site:  the same pages and configuration with the `hooks:` list removed, so a plain Material site with
               the same number (and text) of pages; directives stay as invisible HTML comments.

Each repetition appends a new sentence to the same page of both copies in turn (the page with the most
directives) and polls that page's URL until the sentence is served. Medians and the ratio are printed.
Target: this site at most 1.10 x the plain one.

    python bench/preview_latency.py            # 7 repetitions (about 1-2 minutes)
    python bench/preview_latency.py --quick    # 3 repetitions
"""

from __future__ import annotations

import argparse
import contextlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import IGNORED, ROOT, fail, free_port, median, mkdocs_env, ratio, table

RE_HOOKS_BLOCK = re.compile(r"^hooks:[ \t]*\n(?:[ \t]+-[^\n]*\n)+", re.MULTILINE)
RE_SITE_URL = re.compile(r"^site_url:\s*(\S+)", re.MULTILINE)
POLL_SECONDS = 0.02
# Loopback only, and never through a proxy that the environment may name.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
SITES = ("this site", "plain site")


def fetch(url: str) -> str | None:
    """The body of `url`, or None while the server is not answering it."""
    try:
        with OPENER.open(url, timeout=5) as response:
            return response.read().decode("utf-8", errors="replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def busiest_page(docs: Path) -> str:
    """The page with the most directives (where the hooks work hardest), relative to docs/."""
    pages = sorted(docs.rglob("*.md"))
    if not pages:
        fail("docs/ has no pages")
    busiest = max(pages, key=lambda p: (p.read_text(encoding="utf-8").count("<!-- attn:"), -len(str(p))))
    return busiest.relative_to(docs).as_posix()


def page_url(base: str, page: str) -> str:
    """The served URL of a page with MkDocs' directory URLs: `a/b.md` -> `BASE/a/b/`."""
    stem = page.removesuffix(".md")
    stem = stem.removesuffix("index").rstrip("/")
    return f"{base}{stem}/" if stem else base


@contextlib.contextmanager
def serving(project: Path, log: Path) -> Iterator[str]:
    """Run `mkdocs serve` for `project` on a free loopback port; yield its base URL, and stop it afterwards."""
    port = free_port()
    text = (project / "mkdocs.yml").read_text(encoding="utf-8")
    found = RE_SITE_URL.search(text)
    mount = urlsplit(found.group(1)).path if found else "/"
    base = f"http://127.0.0.1:{port}{mount.rstrip('/')}/"
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
            cwd=project, env=mkdocs_env(), stdout=output, stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 180
            while fetch(base) is None:
                if server.poll() is not None or time.monotonic() > deadline:
                    fail(f"`mkdocs serve` for {project.parent.name} did not start:\n{log.read_text()[-2000:]}")
                time.sleep(0.2)
            yield base
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()


def time_one_edit(source: Path, url: str, marker: str, timeout: float = 120) -> float:
    """Append a sentence holding `marker` to `source` and return the seconds until `url` serves it."""
    text = source.read_text(encoding="utf-8")
    start = time.perf_counter()
    source.write_text(f"{text.rstrip()}\n\nPreview check {marker}.\n", encoding="utf-8")
    while time.perf_counter() - start < timeout:
        body = fetch(url)
        if body is not None and marker in body:
            return time.perf_counter() - start
        time.sleep(POLL_SECONDS)
    fail(f"{url} did not show the edit within {timeout:.0f} s")
    raise AssertionError  # not reached


def main() -> None:
    """Start both servers, time the edits in turn, print the medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7, help="edits timed on each site")
    parser.add_argument("--quick", action="store_true", help="3 repetitions")
    args = parser.parse_args()
    reps = 3 if args.quick else args.reps
    with tempfile.TemporaryDirectory(prefix="preview-latency-") as folder:
        projects = {name: Path(shutil.copytree(ROOT, Path(folder) / name.replace(" ", "-") / "project",
                                               ignore=IGNORED)) for name in SITES}
        config = projects["plain site"] / "mkdocs.yml"
        config.write_text(RE_HOOKS_BLOCK.sub("", config.read_text(encoding="utf-8"), count=1), encoding="utf-8")
        page = busiest_page(projects["this site"] / "docs")
        seconds: dict[str, list[float]] = {name: [] for name in SITES}
        with contextlib.ExitStack() as stack:
            bases = {name: stack.enter_context(serving(projects[name], Path(folder) / f"{name[:5]}.log"))
                     for name in SITES}
            print(f"  both servers up; editing docs/{page}", flush=True)
            for rep in range(reps):
                for name in SITES:  # in turn, so only one server rebuilds at a time
                    marker = f"bench-{rep}-{time.time_ns()}"
                    seconds[name].append(time_one_edit(projects[name] / "docs" / page,
                                                       page_url(bases[name], page), marker))
                    time.sleep(0.5)  # let the watcher settle before the next edit
                print(f"  repetition {rep + 1}/{reps} done", flush=True)
    report(seconds, reps, page)


def report(seconds: dict[str, list[float]], reps: int, page: str) -> None:
    """Print the side-by-side medians and the ratio against the target."""
    med = {name: median(seconds[name]) for name in SITES}
    print(f"\npreview latency: save docs/{page} -> rebuilt page served by `mkdocs serve`, median of {reps}\n")
    print(table(["site", "median s", "min s", "max s"],
                [[name, f"{med[name]:.2f}", f"{min(seconds[name]):.2f}", f"{max(seconds[name]):.2f}"]
                 for name in SITES]))
    slower = ratio(med["this site"], med["plain site"])
    print(f"\nthis site / plain site = {slower:.2f}x   (target <= 1.10x)  {'met' if slower <= 1.10 else 'NOT met'}")


if __name__ == "__main__":
    main()
