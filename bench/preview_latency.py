"""Preview latency: from saving a page to `mkdocs serve` serving the rebuilt page (issue 6, benchmark 2).

Two servers run side by side on free loopback ports, each from its own temporary copy of the project:

- this site:   the project as it is (the hooks expand directives, reload attention_core, convert math);
- plain site:  the same pages and configuration with the `hooks:` list removed, so a plain Material site with
               the same number of pages. By default its pages hold what the hooks would have written (every
               directive replaced by its output once, before timing, by the engine's own
               `expand_directives`, as bench/hook_overhead.py does; math left as LaTeX), so both servers
               rebuild the same tables and figures and the difference is the hooks' own work. With
               `--bare` the directives stay as invisible HTML comments instead: lighter pages than any real
               equivalent site would have, kept to compare with earlier figures.

Each repetition appends a new sentence to the same page of both copies in turn (the page with the most
directives) and polls that page's URL until the sentence is served. Medians and the ratio are printed, with
what explains them: MkDocs' own "built in" figure for each rebuild, and the CPU time the server process spent
between saving and serving (read from /proc on Linux), which other jobs on a shared machine do not inflate.
Both servers run with --dirty, as `make serve` does (a saved page rebuilds that page; the hooks rebuild all of
them when the engine, an example or mkdocs.yml changes). Targets: this site at most 1.0 s from save to served
page, and at most 1.10 x the plain one (on the time a contributor waits).

    python bench/preview_latency.py            # 7 repetitions (about 1-2 minutes)
    python bench/preview_latency.py --full     # every page rebuilt on each save, as before --dirty
    python bench/preview_latency.py --quick    # 3 repetitions
    python bench/preview_latency.py --bare     # the plain site without the directives' output
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from _common import IGNORED, ROOT, fail, free_port, markdown_table, median, mkdocs_env, ratio, table, write_results
from hook_overhead import expand_pages

RE_HOOKS_BLOCK = re.compile(r"^hooks:[ \t]*\n(?:[ \t]+-[^\n]*\n)+", re.MULTILINE)
RE_SITE_URL = re.compile(r"^site_url:\s*(\S+)", re.MULTILINE)
RE_BUILT_IN = re.compile(r"Documentation built in ([0-9.]+) seconds")
POLL_SECONDS = 0.02
# Loopback only, and never through a proxy that the environment may name.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
SITES = ("this site", "plain site")
MEASURES = ("latency", "built in", "server CPU")


@dataclass
class Server:
    """A running `mkdocs serve`: its base URL, its log file and its process."""

    base: str
    log: Path
    process: subprocess.Popen[bytes]

    def builds(self) -> list[float]:
        """Every "built in" figure the server has logged so far, in seconds."""
        return [float(found) for found in RE_BUILT_IN.findall(self.log.read_text(errors="replace"))]

    def cpu_seconds(self) -> float:
        """User + system CPU seconds the server process has used so far (NaN where /proc is missing)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


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
def serving(project: Path, log: Path, dirty: bool = True) -> Iterator[Server]:
    """Run `mkdocs serve` for `project` on a free loopback port (with --dirty, as `make serve` runs it, unless
    told otherwise); yield it, and stop it afterwards."""
    port = free_port()
    text = (project / "mkdocs.yml").read_text(encoding="utf-8")
    found = RE_SITE_URL.search(text)
    mount = urlsplit(found.group(1)).path if found else "/"
    base = f"http://127.0.0.1:{port}{mount.rstrip('/')}/"
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", *(["--dirty"] if dirty else []), "--dev-addr",
             f"127.0.0.1:{port}"],
            cwd=project, env=mkdocs_env(), stdout=output, stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 180
            while fetch(base) is None:
                if server.poll() is not None or time.monotonic() > deadline:
                    fail(f"`mkdocs serve` for {project.parent.name} did not start:\n{log.read_text()[-2000:]}")
                time.sleep(0.2)
            yield Server(base, log, server)
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()


def time_one_edit(server: Server, source: Path, url: str, marker: str, timeout: float = 120) -> dict[str, float]:
    """Append a sentence holding `marker` to `source`; return the seconds until `url` serves it, the
    rebuild's "built in" figure and the server's CPU seconds in between."""
    text = source.read_text(encoding="utf-8")
    builds, cpu = len(server.builds()), server.cpu_seconds()
    start = time.perf_counter()
    source.write_text(f"{text.rstrip()}\n\nPreview check {marker}.\n", encoding="utf-8")
    while time.perf_counter() - start < timeout:
        body = fetch(url)
        if body is not None and marker in body:
            latency = time.perf_counter() - start
            logged = wait_for_log(server, builds)
            return {"latency": latency, "built in": sum(logged) if logged else float("nan"),
                    "server CPU": server.cpu_seconds() - cpu}
        time.sleep(POLL_SECONDS)
    fail(f"{url} did not show the edit within {timeout:.0f} s")
    raise AssertionError  # not reached


def wait_for_log(server: Server, builds: int, seconds: float = 5.0) -> list[float]:
    """The "built in" figures logged since `builds`, waiting briefly: the page can be served before MkDocs logs."""
    deadline = time.perf_counter() + seconds
    while not server.builds()[builds:] and time.perf_counter() < deadline:
        time.sleep(POLL_SECONDS)
    return server.builds()[builds:]


def main() -> None:
    """Start both servers, time the edits in turn, print the medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7, help="edits timed on each site")
    parser.add_argument("--quick", action="store_true", help="3 repetitions")
    parser.add_argument("--full", action="store_true", help="rebuild every page on each save (no --dirty)")
    parser.add_argument("--bare", action="store_true", help="plain site with directives left as comments")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/results/ alone")
    args = parser.parse_args()
    reps = 3 if args.quick else args.reps
    with tempfile.TemporaryDirectory(prefix="preview-latency-") as folder:
        projects = {name: Path(shutil.copytree(ROOT, Path(folder) / name.replace(" ", "-") / "project",
                                               ignore=IGNORED)) for name in SITES}
        config = projects["plain site"] / "mkdocs.yml"
        config.write_text(RE_HOOKS_BLOCK.sub("", config.read_text(encoding="utf-8"), count=1), encoding="utf-8")
        if not args.bare:
            changed = expand_pages(projects["plain site"])
            print(f"  plain site: pre-rendered the directives of {changed} pages", flush=True)
        page = busiest_page(projects["this site"] / "docs")
        seconds: dict[str, list[dict[str, float]]] = {name: [] for name in SITES}
        with contextlib.ExitStack() as stack:
            servers = {name: stack.enter_context(serving(projects[name], Path(folder) / f"{name[:5]}.log",
                                                                 dirty=not args.full))
                       for name in SITES}
            print(f"  both servers up; editing docs/{page}", flush=True)
            for rep in range(reps):
                for name in SITES:  # in turn, so only one server rebuilds at a time
                    marker = f"bench-{rep}-{time.time_ns()}"
                    seconds[name].append(time_one_edit(servers[name], projects[name] / "docs" / page,
                                                       page_url(servers[name].base, page), marker))
                    time.sleep(0.5)  # let the watcher settle before the next edit
                print(f"  repetition {rep + 1}/{reps} done", flush=True)
    report(seconds, reps, page, "bare pages" if args.bare else "pre-rendered pages")
    if not args.no_write and not args.bare:
        path = write_results("preview_latency", "python bench/preview_latency.py",
                             results_markdown(seconds, reps, page))
        print(f"\nwrote {path.relative_to(path.parents[2])}")


def results_markdown(seconds: dict[str, list[dict[str, float]]], reps: int, page: str) -> str:
    """The figures as Markdown for the performance page."""
    med = {name: {key: median([edit[key] for edit in seconds[name]]) for key in MEASURES} for name in SITES}
    ratios = {key: ratio(med["this site"][key], med["plain site"][key]) for key in MEASURES}
    return "\n\n".join([
        markdown_table(["site", "save to served, s", "MkDocs rebuild, s", "server CPU, s"],
                       [[name, *(f"{med[name][key]:.2f}" for key in MEASURES)] for name in SITES], right=[1, 2, 3]),
        f"Median of {reps} edits of `docs/{page}`, the page with the most directives. This site takes "
        f"{ratios['latency']:.2f} × the plain site's time from save to served (target at most 1.10 ×: "
        f"{'met' if ratios['latency'] <= 1.10 else 'not met'}); its server spends {ratios['server CPU']:.2f} × "
        "the CPU time per edit.",
    ])


def report(seconds: dict[str, list[dict[str, float]]], reps: int, page: str, plain: str) -> None:
    """Print the side-by-side medians, the ratios, and the target on the latency."""
    med = {name: {key: median([edit[key] for edit in seconds[name]]) for key in MEASURES} for name in SITES}
    latencies = {name: [edit["latency"] for edit in seconds[name]] for name in SITES}
    print(f"\npreview latency: save docs/{page} -> rebuilt page served by `mkdocs serve`, median of {reps}; "
          f"plain site: {plain}\n")
    print(table(["site", "latency s", "min s", "max s", "MkDocs 'built in' s", "server CPU s"],
                [[name, f"{med[name]['latency']:.2f}", f"{min(latencies[name]):.2f}", f"{max(latencies[name]):.2f}",
                  f"{med[name]['built in']:.2f}", f"{med[name]['server CPU']:.2f}"] for name in SITES]))
    ratios = {key: ratio(med["this site"][key], med["plain site"][key]) for key in MEASURES}
    print("\nthis site / plain site: " + ", ".join(f"{key} {value:.2f}x" for key, value in ratios.items()))
    slower = ratios["latency"]
    print(f"latency {slower:.2f}x   (target <= 1.10x)  {'met' if slower <= 1.10 else 'NOT met'}")


if __name__ == "__main__":
    main()
