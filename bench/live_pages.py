"""Live pages (issue 32): what the live code weighs, what it adds to a first visit, and how long a recompute takes.

It builds the site from a temporary copy, then measures:
- the live code as served (minified by the build, gzip -6), loaded only when a reader presses "Change the numbers":
  live.js and live.css, fetched on every live page, and the file of live/ of each example, fetched on a page of that
  example; the page that loads the most of it (the budget's measure), and the heaviest live page's live.json;
- what a first visit gains: reader.js and reader.css (the button and its style) as served now against the same
  files at `--against` (the commit before live pages), minified and gzipped the same way, side by side;
- what a reader fetches when a calculator comes near: calculator.js, now a view over live.js (which it fetches
  then), against calculator.js with its own arithmetic at `--calculator-against`;
- the recompute of the heaviest live page of each live example (the most live directives of it) in headless
  Chromium: the time from handing live.js new inputs to the page laid out again, for two input sets in turn, at no
  CPU throttling and at Lighthouse's mobile throttling (4 x slower CPU, DevTools' Emulation.setCPUThrottlingRate),
  median of 15 each; then, apart, the pictures more than a screen away from the reader's view, which live.js draws
  in the next idle moment rather than in the recompute (a task of their own).

Targets: the live code at most 30 KB gzip, loaded only on use; a recompute at most 50 ms at 4 x throttling.

    python bench/live_pages.py              # about two minutes
    python bench/live_pages.py --no-write   # print only
    python bench/live_pages.py --examples batched-heads   # time one example's page only (writes nothing)
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import subprocess
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from _common import ROOT, fail, markdown_table, median, project_copy, ratio, run_mkdocs, table, write_results

from attention_site.postprocess.page_assets import MINIFIERS

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
BASE = "attention-by-hand"  # the site's path under its host (site_url)
REPEATS = 15
BUDGET_KB, BUDGET_MS = 30.0, 50.0
FIRST_VISIT = ("docs/javascripts/reader.js", "docs/stylesheets/reader.css")
SHARED_CODE = ("javascripts/live.js", "stylesheets/live.css")  # fetched on every live page, on use
EXAMPLE_CODE = "javascripts/live"  # a file per example and per part of live.js, fetched where a page needs it, on use
CALCULATOR = "docs/javascripts/calculator.js"  # fetched when a calculator comes near, with live.js since it is its view
TIMED = """async ([example, inputs, other, varied, seeds]) => {
  const live = window.AttentionByHand.live, manifest = await live.loadManifest();
  const times = {computed: [], written: [], laidOut: [], later: [], apart: []};
  for (let k = 0; k < REPEATS; k++) {
    const given = {...live.ownInputs(manifest), [example]: {...(k % 2 ? inputs : other)}};  // every example of the page
    if (varied) given[example][varied] = seeds + k;  // a seed of its own each run: nothing kept from another
    const start = performance.now();
    live.computeAll(manifest, given);
    const computed = performance.now();
    live.show(given);  // computes again, then writes the page, the address and the status
    const written = performance.now();
    document.body.getBoundingClientRect();  // the page laid out again, as a reader sees it
    const laidOut = performance.now();
    live.drawPending();  // the pictures far from view, which live.js draws in the next idle moment
    document.body.getBoundingClientRect();
    const drawn = performance.now();
    await live.drawn();  // what an example computes apart (head width's draws), and the page written again
    live.drawPending();
    document.body.getBoundingClientRect();
    times.computed.push(computed - start);
    times.written.push(written - computed);
    times.laidOut.push(laidOut - computed);
    times.later.push(drawn - laidOut);
    times.apart.push(performance.now() - drawn);
  }
  return times;
}""".replace("REPEATS", str(REPEATS))


def gzipped(data: bytes) -> int:
    """Bytes after gzip -6, as a web server sends them."""
    return len(gzip.compress(data, compresslevel=6))


def served(path: Path) -> bytes:
    """A front-end file as the build serves it: minified."""
    return MINIFIERS[path.suffix](path.read_text(encoding="utf-8")).encode()


def at_commit(commit: str, path: str) -> bytes:
    """A front-end file at an earlier commit, minified the same way."""
    text = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout
    return MINIFIERS[Path(path).suffix](text).encode()


def heaviest_live_page(site: Path, example: str | None = None) -> Path:
    """The live.json with the most directives (of `example`, when given)."""
    def weight(path: Path) -> int:
        directives = json.loads(path.read_text("utf-8"))["directives"]
        return sum(1 for d in directives if example in (None, d["example"]))

    manifests = sorted(site.rglob("live.json"), key=weight)
    if not manifests:
        fail("the build wrote no live.json")
    return manifests[-1]


def live_code(site: Path) -> tuple[str, int]:
    """The live page that loads the most live code, and that code's gzip bytes: live.js and live.css, and the file
    of live/ of each part and each example of its live.json, and the calculator's part where the page has one."""
    shared = sum(gzipped((site / name).read_bytes()) for name in SHARED_CODE)

    def weight(manifest: Path) -> int:
        data = json.loads(manifest.read_text("utf-8"))
        calculator = "attention-calculator" in (manifest.parent / "index.html").read_text("utf-8")
        files = [*data["parts"], *data["examples"], *(["calculator"] if calculator else [])]
        return shared + sum(gzipped((site / EXAMPLE_CODE / f"{name}.js").read_bytes()) for name in files)

    heaviest = max(site.rglob("live.json"), key=weight)
    return heaviest.parent.relative_to(site).as_posix() + "/", weight(heaviest)


def sizes(site: Path, against: str, calculator_against: str) -> list[tuple[str, int, int]]:
    """(file, gzip bytes now, gzip bytes at an earlier commit or -1) for the live code (its shared part, then each
    example's file), the first visit's files and the calculator's."""
    files = [*SHARED_CODE, *(path.relative_to(site).as_posix() for path in sorted((site / EXAMPLE_CODE).glob("*.js")))]
    rows = [(name, gzipped((site / name).read_bytes()), -1) for name in files]
    manifest = heaviest_live_page(site)
    rows.append((manifest.relative_to(site).as_posix(), gzipped(manifest.read_bytes()), -1))
    rows += [(path.removeprefix("docs/"), gzipped(served(ROOT / path)), gzipped(at_commit(against, path)))
             for path in FIRST_VISIT]
    rows.append((CALCULATOR.removeprefix("docs/"), gzipped(served(ROOT / CALCULATOR)),
                 gzipped(at_commit(calculator_against, CALCULATOR))))
    return rows


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without a line per request."""

    def log_message(self, format: str, *args: object) -> None:
        """Stay silent."""


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    """The built site on a free loopback port, under its path."""
    root = site.parent / "served"
    root.mkdir()
    (root / BASE).symlink_to(site)
    handler = functools.partial(QuietHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/{BASE}/"


def recompute_times(url: str, example: str, inputs: list[dict[str, object]]) -> dict[int, dict[str, list[float]]]:
    """Milliseconds per recompute of the page at `url`, by CPU throttling rate: computing every directive alone,
    computing and writing the page, and that until the page is laid out."""
    from playwright.sync_api import sync_playwright

    times: dict[int, dict[str, list[float]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url)
        page.get_by_role("button", name="Change the numbers").click()
        page.wait_for_selector(".attn-live-panel [open] :is(input, select)")
        devtools = page.context.new_cdp_session(page)
        for rate in (1, 4):
            devtools.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            times[rate] = page.evaluate(TIMED, [example, *inputs, VARIED.get(example), 1000 * rate])
        browser.close()
    return times


def with_input(example: str, **changed: object) -> dict[str, object]:
    """An example's inputs as authored (rows as lists), with `changed` in place."""
    from attention_core import EXAMPLES

    listed = lambda value: [listed(item) for item in value] if isinstance(value, tuple) else value  # noqa: E731
    return {**{name: listed(value) for name, value in EXAMPLES[example].authored.items()}, **changed}


def lesson_inputs(keys: list[list[str]]) -> dict[str, object]:
    """The lesson's inputs with other keys."""
    return with_input("bus-is-late", keys=keys)


def rolls_inputs(w_k: list[list[str]], causal: bool = True) -> dict[str, object]:
    """Red ball rolls' inputs with another W_K for head 1, with or without the causal mask."""
    return with_input("red-ball-rolls", W_k=w_k, causal=causal)


CASES = {  # two input sets for each live example, handed to live.js in turn
    "bus-is-late": (lesson_inputs([["2", "1"], ["3", "2"], ["1", "1"]]),
                    lesson_inputs([["-1", "1/2"], ["0", "2"], ["ln 2", "1"]])),
    "red-ball-rolls": (rolls_inputs([["1"], ["ln 2"], ["0"]]), rolls_inputs([["0"], ["1/2"], ["-1"]], causal=False)),
    "red-ball-layer": (
        with_input("red-ball-layer", W_1=[["2", "0", "0", "-1"], ["0", "1", "0", "1"], ["0", "0", "1", "1/2"]]),
        with_input("red-ball-layer", W_1=[["1", "0", "0", "-1"], ["0", "-1", "0", "1"], ["0", "0", "1", "1"]])),
    "tiled-attention": (with_input("tiled-attention", block=1), with_input("tiled-attention", block=4)),
    "kv-cache": (with_input("kv-cache", W_k=[["0"], ["1"], ["0"]]),
                 with_input("kv-cache", W_k=[["1"], ["ln 2"], ["-1"]])),
    "rnn-path": ({"length": 3}, {"length": 12}),
    "cost": ({"lengths": [2, 16, 256, 4096]},
             {"lengths": [1, 1000, 100000, 1000000], "chart_lengths": [1, 3, 10, 30, 100, 300, 1000, 3000, 1000000]}),
    "meaning": (with_input("meaning", query=["3", "0", "0", "1"]), with_input("meaning", query=["1", "2", "3", "-1"])),
    "inference": ({"context": 32768, "prompt": 512}, {"context": 1000000, "prompt": 1000000}),
    "cross-padding": (with_input("cross-padding", X_dec=[["0", "0", "1"], ["1", "1", "0"]]),
                      with_input("cross-padding", W_q_dec=[["-1"], ["1/2"], ["ln 2"]])),
    "batched-heads": (with_input("batched-heads", W_q=[["2", "0", "0", "1"], ["0", "1", "1", "0"], ["1", "1", "0", "0"],
                                                      ["0", "0", "1", "1"]]),
                      with_input("batched-heads", W_q=[["-1", "0", "0", "1"], ["0", "1/2", "1", "0"],
                                                      ["1", "1", "0", "0"], ["0", "0", "1", "ln 2"]])),
    "training-step": (with_input("training-step", target=["1", "1"]),
                      with_input("training-step", saturated=["3", "-1"])),
    "scaling": (with_input("scaling", keys=[["2", "1", "0", "1"], ["1", "-1", "1", "0"]]),
                with_input("scaling", query=["1", "1/2", "0", "ln 2"])),
    "kv-memory": ({"contexts": [1024, 8192, 65536], "bytes_per_value": 1},
                  {"contexts": [100, 1000, 1000000], "bytes_per_value": 4}),
    "grouped-heads": (with_input("grouped-heads", W_q=[["2", "0", "1", "2"], ["1", "1", "0", "0"],
                                                      ["1", "2", "1", "1"]]),
                      with_input("grouped-heads", W_k=[["1", "ln 2", "0", "ln 2"], ["ln 2", "0", "0", "0"],
                                                       ["0", "0", "ln 2", "1"]])),
    "positions": (with_input("positions", learned_seed=7),  # then the largest heat map and relative tables
                  with_input("positions", W_k=[["1", "0"], ["0", "ln 2"], ["1/2", "0"], ["0", "-1"]],
                             heatmap_positions=64, heatmap_width=64, clip=2,
                             a_K=[["-1", "0"]] * 2 + [["0", "0"]] + [["1", "0"]] * 2,
                             a_V=[["0", "1"]] * 2 + [["0", "0"]] + [["1", "0"]] * 2)),
    "rotary": (with_input("rotary", shift=8192, figure_p=[0, 5, 10, 8192]),
               with_input("rotary", Q=[["2", "-1", "1/2", "0"], ["0", "1", "ln 2", "1"], ["1", "1", "0", "-1"]])),
    "alibi": (with_input("alibi", head=8),
              with_input("alibi", scores=[["1", "0", "2", "1"], ["2", "1", "0", "0"], ["ln 2", "1", "1/2", "3"],
                                          ["0", "-1", "1", "2"]])),
    "initialisation": (with_input("initialisation", seed=2026), with_input("initialisation", d_k=8, d_v=8, h=8)),
    "whole-model": (with_input("whole-model", layers=4, d_ff=64, weight_seed=1), with_input("whole-model", layers=3)),
    "trained-head": (with_input("trained-head", seed=8), with_input("trained-head", learning_rate="1/2")),
    "head-width": (with_input("head-width"), with_input("head-width", samples=2000)),
}
VARIED = {"head-width": "seed"}  # drawn apart and kept by input: each run draws from a seed of its own


def main() -> None:
    """Build, weigh, time, print, and write bench/results/live_pages.md."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", default="b5c5348^", help="the commit before live pages, for the first visit")
    parser.add_argument("--calculator-against", default="23d3fb0",
                        help="the commit before the calculator became a view over live.js")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--examples", nargs="+", choices=sorted(CASES), metavar="EXAMPLE",
                        help="time these examples' pages only (and write nothing)")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        fail(f"{CHROMIUM} is missing")
    with project_copy("live-bench-") as project:
        built = run_mkdocs(project, "build", "--site-dir", str(project / "site"))
        if built.returncode:
            fail(built.stderr[-2000:])
        site = project / "site"
        weights, heaviest = sizes(site, args.against, args.calculator_against), live_code(site)
        timed = args.examples or list(CASES)
        pages = {example: heaviest_live_page(site, example).parent.relative_to(site).as_posix() + "/"
                 for example in timed}
        server, url = serve(site)
        try:
            times = {example: recompute_times(url + page, example, list(CASES[example]))
                     for example, page in pages.items()}
        finally:
            server.shutdown()
    report(weights, heaviest, times, pages, f"{args.against} / {args.calculator_against}",
           write=not (args.no_write or args.examples))


def report(weights: list[tuple[str, int, int]], heaviest: tuple[str, int],
           times: dict[str, dict[int, dict[str, list[float]]]], pages: dict[str, str], against: str, *,
           write: bool) -> None:
    """Print the figures and, with `write`, keep them in bench/results/live_pages.md."""
    live_kb = heaviest[1] / 1000
    size_rows = [(name, f"{now / 1000:.2f} KB", "" if before < 0 else f"{before / 1000:.2f} KB",
                  "" if before < 0 else f"{now - before:+d} B") for name, now, before in weights]
    phases = (("computed", "computing"), ("written", "computing and writing"), ("laidOut", "to the page laid out"),
              ("later", "then pictures far from view, when idle"),
              ("apart", "then what is computed apart, page written again"))
    time_rows = [(pages[example], f"{rate} x", what, f"{median(by[key]):.1f} ms",
                  f"{min(by[key]):.1f}–{max(by[key]):.1f} ms", f"{ratio(median(by[key]), BUDGET_MS):.2f}")
                 for example, by_rate in times.items() for rate, by in by_rate.items() for key, what in phases]
    size_header = ("file (`gzip -6`)", "now", f"at {against}", "change")
    time_header = ("page", "CPU throttling", "from new inputs", "median", "range", "x 50 ms budget")
    budget = (f"{live_kb:.2f} KB on {heaviest[0] or 'the home page'}, {ratio(live_kb, BUDGET_KB):.2f} x the "
              f"{BUDGET_KB:.0f} KB budget")
    every = sum(size for name, size, _ in weights if name.startswith((*SHARED_CODE, EXAMPLE_CODE))) / 1000
    print(table(size_header, size_rows))
    print(f"\nlive code of the page that loads the most (live.js + live.css + its examples' files): {budget}, "
          f"loaded only on use; every file of it together: {every:.2f} KB")
    print(f"\nrecompute of the heaviest page of each example ({REPEATS} runs each)")
    print(table(time_header, time_rows))
    if write:
        body = "\n\n".join([
            markdown_table(size_header, size_rows, right=(1, 2, 3)),
            f"Live code of the page that loads the most (live.js + live.css + the file of each of its examples, "
            f"loaded only on use): {budget.replace(' x ', ' × ')}; every file of it together: {every:.2f} KB.",
            f"Recompute of the heaviest live page of each example ({REPEATS} runs, two input sets in turn):",
            markdown_table(time_header, time_rows, right=(3, 4, 5)),
        ])
        print(f"\nwritten: {write_results('live_pages', 'python bench/live_pages.py', body)}")

if __name__ == "__main__":
    main()
