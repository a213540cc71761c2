"""Lighthouse's performance score of built pages, for bench/page_weight.py (issue 15).

Lighthouse 12.2.3 comes from npm (pinned in package.json; `npm ci` installs it) and drives Debian's Chromium.
Every page is scored with the mobile preset (Lighthouse's default: a slow phone on a slow network, simulated)
and the desktop preset, three runs each, and the median is the figure; the three runs are shown beside it,
because on a shared 2-core machine one run can be far from the others. The pages are served by a local server
that compresses text with gzip, as a real host does (without it Lighthouse counts every stylesheet and script
uncompressed and the mobile score is far too low).
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from statistics import median

from _common import ROOT, free_port

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu"
PRESETS = ("mobile", "desktop")
RUNS = 3
TARGETS = {"mobile": 95, "desktop": 99}
COMPRESSED = (".html", ".css", ".js", ".json", ".xml", ".svg", ".txt", ".map")


class GzipHandler(SimpleHTTPRequestHandler):
    """Serve files quietly, text gzip-compressed (level 6) when the browser accepts it, as a web host does."""

    def send_head(self):  # type: ignore[no-untyped-def]
        """Send the headers; for text a browser accepts as gzip, answer with the compressed body instead."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if "gzip" not in self.headers.get("Accept-Encoding", "") or path.suffix not in COMPRESSED \
                or not path.is_file():
            return super().send_head()  # a font, an image, a redirect or a missing file
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return _Body(body)

    def log_message(self, *args: object) -> None:
        """Say nothing per request."""


class _Body:
    """A bytes body that SimpleHTTPRequestHandler can copy to the socket and close like a file."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self, size: int = -1) -> bytes:
        """Hand over the whole body once."""
        data, self.data = self.data, b""
        return data

    def close(self) -> None:
        """Nothing to close."""


@contextlib.contextmanager
def serving_gzip(site: Path) -> Iterator[str]:
    """Serve `site` with gzip on a free loopback port; yield the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), partial(GzipHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Scores:
    """One page's performance scores (0-100), every run, by preset."""

    page: str
    runs: dict[str, list[int | None]]  # None: Lighthouse gave no score (a metric it could not measure)

    def median(self, preset: str) -> float | None:
        """The median of the preset's scored runs, or None if none was scored."""
        scored = [value for value in self.runs[preset] if value is not None]
        return median(scored) if scored else None

    def met(self, preset: str) -> bool:
        """Whether the median reaches the preset's target."""
        value = self.median(preset)
        return value is not None and value >= TARGETS[preset]


def available() -> str | None:
    """Why Lighthouse cannot run here, or None when it can."""
    if not LIGHTHOUSE.is_file():
        return "node_modules/.bin/lighthouse is missing: run `npm ci`"
    if not Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium is missing: install Debian's chromium package (make browser)"
    return None


def score(url: str, preset: str) -> int | None:
    """Run Lighthouse once on `url` with the mobile or desktop preset; return its performance score, or None
    when Lighthouse could not measure one of the metrics (it then gives no score; the reason is printed)."""
    command = [str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json", "--output-path=stdout",
               "--quiet", f"--chrome-flags={CHROME_FLAGS}", *(["--preset=desktop"] if preset == "desktop" else [])]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"})
    if done.returncode != 0:
        raise RuntimeError(f"lighthouse failed on {url} ({preset}):\n{done.stderr.strip()[-1500:]}")
    report = json.loads(done.stdout)
    value = report["categories"]["performance"]["score"]
    if value is None:
        failed = {name: audit.get("errorMessage") for name, audit in report["audits"].items()
                  if audit.get("errorMessage")}
        print(f"  no score for {url} ({preset}): {report.get('runtimeError') or failed}", flush=True)
        return None
    return round(value * 100)


def score_pages(site: Path, pages: list[str], runs: int = RUNS) -> list[Scores]:
    """Every page's scores: for each run, each page with each preset in turn, so noise spreads evenly."""
    found = {page: Scores(page, {preset: [] for preset in PRESETS}) for page in pages}
    with serving_gzip(site) as base:
        for run in range(runs):
            for page in pages:
                for preset in PRESETS:
                    found[page].runs[preset].append(score(base + page, preset))
                print(f"  lighthouse run {run + 1}/{runs} /{page}: "
                      + ", ".join(f"{p} {found[page].runs[p][-1]}" for p in PRESETS), flush=True)
    return list(found.values())


def cell(scores: Scores, preset: str) -> str:
    """The median, then every run in brackets, and a mark when the median misses the target."""
    runs = ", ".join("no score" if value is None else str(value) for value in scores.runs[preset])
    value = scores.median(preset)
    mark = "" if scores.met(preset) else " (misses)"
    return f"{'no score' if value is None else format(value, 'g')} ({runs}){mark}"
