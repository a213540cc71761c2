"""Attention at scale: attention_core's naive attention against its tiled attention (issue 6, benchmark 4).

For n = 1024, 4096 and 8192 tokens (d_k = d_v = 64) it measures, each in a fresh Python process so that no
run inherits another's memory or warm caches:

- peak extra memory: tracemalloc's peak while one attention call runs, above what the inputs already hold;
- time: time.perf_counter around one call, several repetitions, median (no tracemalloc running);
- agreement: the largest absolute difference between the two outputs, with and without the causal mask.

It prints medians and ratios and writes bench/results/attention_scale.csv and attention_scale_memory.svg (peak
memory against n, log-log), with its narrow drawing for a phone. Targets: tiled peak memory at the largest n at
most 1/16 of naive, tiled time at most 2x naive, outputs equal to 1e-12.

    python bench/attention_scale.py            # n = 1024 4096 8192, 3 repetitions (about 2-3 minutes)
    python bench/attention_scale.py --quick    # n = 512 1024 2048, 2 repetitions (seconds)
"""

from __future__ import annotations

import argparse
import csv
import gc
import json
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np
from _common import RESULTS, fail, markdown_table, median, ratio, table, write_results

MIB = 1024 * 1024


# ---------------------------------------------------------------------------------------------------------
# The worker: one measurement in this process, printed as one JSON line.


def inputs(n: int, d_k: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Q, K, V of shape (n, d_k), standard normal, the same for every process given the same seed."""
    rng = np.random.default_rng(seed)
    return tuple(rng.standard_normal((n, d_k)) for _ in range(3))  # type: ignore[return-value]


def attention_function(impl: str, n: int, causal: bool, block: int | None):
    """A function of (Q, K, V) returning the (n, d_v) output of the naive or the tiled attention."""
    import attention_core as core

    if impl == "naive":
        mask = core.causal_mask(n) if causal else None
        return lambda Q, K, V: core.scaled_dot_product_attention(Q, K, V, mask=mask).output
    # The trace keeps every block's scores for the worked example, which is n x n memory again: switch it off.
    options: dict[str, object] = {"causal": causal, "trace": False}
    if block is not None:
        options["block"] = block
    return lambda Q, K, V: core.tiled_attention(Q, K, V, **options).output


def measure(kind: str, impl: str, n: int, d_k: int, seed: int, block: int | None) -> dict[str, float]:
    """Run one measurement ('time', 'memory' or 'diff') and return its figures."""
    Q, K, V = inputs(n, d_k, seed)
    if kind == "diff":
        worst = {}
        for causal in (False, True):
            naive = attention_function("naive", n, causal, block)(Q, K, V)
            tiled = attention_function("tiled", n, causal, block)(Q, K, V)
            worst["causal" if causal else "full"] = float(np.max(np.abs(naive - tiled)))
            del naive, tiled
        return worst
    attend = attention_function(impl, n, False, block)
    attend(Q[:8], K[:8], V[:8])  # import and first-call costs are not part of the measurement
    gc.collect()
    if kind == "memory":
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        attend(Q, K, V)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return {"peak_bytes": float(peak - before)}

    start = time.perf_counter()
    attend(Q, K, V)
    return {"seconds": time.perf_counter() - start}


# ---------------------------------------------------------------------------------------------------------
# The driver: one subprocess per measurement, then the tables, the CSV and the SVG.


def in_subprocess(kind: str, impl: str, n: int, args: argparse.Namespace) -> dict[str, float]:
    """Run one measurement in a fresh Python process and return what it printed."""
    command = [sys.executable, __file__, "--worker", kind, impl, str(n), "--d-k", str(args.d_k),
               "--seed", str(args.seed)]
    if args.block is not None:
        command += ["--block", str(args.block)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"{kind} {impl} n={n} failed:\n{done.stderr.strip()}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def run(args: argparse.Namespace) -> list[dict[str, float]]:
    """Measure every size and return one row of figures per n."""
    impls = ["naive", "tiled"]
    print("note: tiled_attention runs with trace=False (the trace keeps every block's scores)"
          f"; block = {args.block} keys\n", flush=True)
    rows = []
    for n in args.n:
        times: dict[str, list[float]] = {impl: [] for impl in impls}
        for _ in range(args.reps):  # interleaved, so a noisy minute hurts both the same
            for impl in impls:
                times[impl].append(in_subprocess("time", impl, n, args)["seconds"])
        row = {"n": n}
        for impl in impls:
            row[f"{impl}_seconds"] = median(times[impl])
            row[f"{impl}_peak_mib"] = in_subprocess("memory", impl, n, args)["peak_bytes"] / MIB
        if "tiled" in impls:
            diff = in_subprocess("diff", "both", n, args)
            row["max_abs_diff_full"], row["max_abs_diff_causal"] = diff["full"], diff["causal"]
        rows.append(row)
        print(f"  measured n={n}", flush=True)
    return rows


def report(rows: list[dict[str, float]], args: argparse.Namespace) -> None:
    """Print the side-by-side table and how each target fares."""
    tiled = "tiled_seconds" in rows[0]
    header = ["n", "naive s", "naive peak MiB"]
    if tiled:
        header += ["tiled s", "tiled peak MiB", "time tiled/naive", "memory naive/tiled", "max |diff|"]
    lines = []
    for r in rows:
        line = [int(r["n"]), f"{r['naive_seconds']:.3f}", f"{r['naive_peak_mib']:.1f}"]
        if tiled:
            line += [f"{r['tiled_seconds']:.3f}", f"{r['tiled_peak_mib']:.1f}",
                     f"{ratio(r['tiled_seconds'], r['naive_seconds']):.2f}x",
                     f"{ratio(r['naive_peak_mib'], r['tiled_peak_mib']):.1f}x",
                     f"{max(r['max_abs_diff_full'], r['max_abs_diff_causal']):.1e}"]
        lines.append(line)
    print(f"attention at scale: d_k = d_v = {args.d_k}, float64, median of {args.reps} runs, "
          "one process per measurement\n")
    print(table(header, lines))
    if not tiled:
        return
    last = rows[-1]
    memory, slow = ratio(last["naive_peak_mib"], last["tiled_peak_mib"]), ratio(last["tiled_seconds"],
                                                                               last["naive_seconds"])
    worst = max(max(r["max_abs_diff_full"], r["max_abs_diff_causal"]) for r in rows)
    print(f"\ntargets at n={int(last['n'])}:")
    print(f"  tiled peak memory = 1/{memory:.1f} of naive   (target <= 1/16)  {'met' if memory >= 16 else 'NOT met'}")
    print(f"  tiled time = {slow:.2f} x naive            (target <= 2x)    {'met' if slow <= 2 else 'NOT met'}")
    print(f"  largest |difference| = {worst:.1e}      (target <= 1e-12) {'met' if worst <= 1e-12 else 'NOT met'}")


def write_csv(rows: list[dict[str, float]], path: Path) -> None:
    """Write the figures, one row per n, for the cost page and for later comparison."""
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: (int(v) if k == "n" else f"{v:.6g}") for k, v in row.items()})


def read_csv(path: Path) -> list[dict[str, float]]:
    """The rows write_csv wrote, as numbers."""
    with path.open(encoding="utf-8") as f:
        return [{key: float(value) for key, value in row.items()} for row in csv.DictReader(f)]


def results_markdown(rows: list[dict[str, float]], args: argparse.Namespace) -> str:
    """The figures as Markdown for the performance page."""
    last = rows[-1]
    memory, slow = (ratio(last["naive_peak_mib"], last["tiled_peak_mib"]),
                    ratio(last["tiled_seconds"], last["naive_seconds"]))
    worst = max(max(r["max_abs_diff_full"], r["max_abs_diff_causal"]) for r in rows)
    lines = [[f"{int(r['n']):,}", f"{r['naive_seconds']:.3f}", f"{r['naive_peak_mib']:,.1f}",
              f"{r['tiled_seconds']:.3f}", f"{r['tiled_peak_mib']:,.1f}",
              f"{max(r['max_abs_diff_full'], r['max_abs_diff_causal']):.1e}"] for r in rows]
    return "\n\n".join([
        markdown_table(["n", "naive s", "naive peak MiB", "tiled s", "tiled peak MiB", "largest difference"],
                       lines, right=range(6)),
        f"$d_k = d_v = {args.d_k}$, float64, blocks of {args.block} keys, median of {args.reps} timed runs, "
        f"one process per measurement. At n = {int(last['n']):,} the tiled attention holds 1/{memory:.1f} "
        f"of the naive one's memory (target at most 1/16: {'met' if memory >= 16 else 'not met'}) "
        f"and takes {slow:.2f} × its time "
        f"(target at most 2 ×: {'met' if slow <= 2 else 'not met'}); the outputs differ by at most {worst:.1e} "
        f"(target 1e-12: {'met' if worst <= 1e-12 else 'not met'}).",
    ])


def write_svgs(rows: list[dict[str, float]], results: Path) -> str:
    """Draw peak memory against n with the site's chart helper, wide and narrow (the performance page shows the one
    that fits the reader's column), or, if the helper is missing, one plain SVG of our own."""
    xs = [int(r["n"]) for r in rows]
    impls = [impl for impl in ("naive", "tiled") if f"{impl}_peak_mib" in rows[0]]
    series = {impl: [r[f"{impl}_peak_mib"] for r in rows] for impl in impls}
    labels = dict(title="Peak extra memory of one attention call", x_label="n (tokens)",
                  y_label="peak extra memory (MiB)",
                  desc="Naive attention stores the n by n weights, so its memory grows as n squared; "
                       "tiled attention keeps one block at a time.")
    try:
        from attention_site.figures import growth_chart_svg

        wide, narrow = (growth_chart_svg(xs, series, log=True, id_prefix=prefix, narrow=for_phone, **labels)
                        for prefix, for_phone in (("bench-memory", False), ("bench-memory-narrow", True)))
        made_by = "attention_site/figures/charts.py"
    except Exception as error:  # the helper is missing or takes another form: draw it ourselves
        wide, narrow = plain_chart_svg(xs, series, **labels), ""
        made_by = f"a plain fallback ({type(error).__name__}: {error})"
    (results / "attention_scale_memory.svg").write_text(wide, encoding="utf-8")
    (results / "attention_scale_memory-narrow.svg").write_text(narrow, encoding="utf-8")
    return made_by


def plain_chart_svg(xs: list[int], series: dict[str, list[float]], *, title: str, desc: str, x_label: str,
                    y_label: str) -> str:
    """A minimal log-log line chart with an n² reference line through the naive curve's first point."""
    width, height, pad = 560, 360, 60
    naive = series["naive"]
    reference = [naive[0] * (x / xs[0]) ** 2 for x in xs]
    every = [v for ys in [*series.values(), reference] for v in ys if v > 0]
    lo_x, hi_x, lo_y, hi_y = np.log10(xs[0]), np.log10(xs[-1]), np.log10(min(every)), np.log10(max(every))

    def point(x: float, y: float) -> str:
        px = pad + (np.log10(x) - lo_x) / ((hi_x - lo_x) or 1) * (width - 2 * pad)
        py = height - pad - (np.log10(max(y, 1e-9)) - lo_y) / ((hi_y - lo_y) or 1) * (height - 2 * pad)
        return f"{px:.1f},{py:.1f}"

    styles = {"naive": 'stroke="currentColor"', "tiled": 'stroke="currentColor" stroke-dasharray="6 4"',
              "n² reference": 'stroke="currentColor" stroke-opacity="0.35"'}
    lines = []
    for name, ys in [*series.items(), ("n² reference", reference)]:
        points = " ".join(point(x, y) for x, y in zip(xs, ys, strict=True))
        lines.append(f'<polyline fill="none" stroke-width="2" {styles[name]} points="{points}"/>')
        x, y = point(xs[-1], ys[-1]).split(",")
        below = 16 if name == "naive" else -6  # the naive curve hugs the n² line: label it from underneath
        lines.append(f'<text x="{x}" y="{y}" dx="-4" dy="{below}" text-anchor="end" font-size="12" '
                     f'fill="currentColor">{name} ({ys[-1]:.0f} MiB)</text>')
    ticks = "".join(f'<text x="{point(x, 10 ** lo_y).split(",")[0]}" y="{height - pad + 18}" font-size="11" '
                    f'text-anchor="middle" fill="currentColor">{x}</text>' for x in xs)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-labelledby="bench-memory-title bench-memory-desc">'
            f'<title id="bench-memory-title">{title}</title><desc id="bench-memory-desc">{desc}</desc>'
            f'{"".join(lines)}{ticks}'
            f'<text x="{width / 2}" y="{height - 12}" font-size="12" text-anchor="middle" '
            f'fill="currentColor">{x_label}, log scale</text>'
            f'<text x="14" y="{height / 2}" font-size="12" text-anchor="middle" fill="currentColor" '
            f'transform="rotate(-90 14 {height / 2})">{y_label}, log scale</text></svg>\n')


def main() -> None:
    """Parse the command line and run the worker or the whole benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[1024, 4096, 8192], help="sequence lengths")
    parser.add_argument("--reps", type=int, default=3, help="timed repetitions per implementation and n")
    parser.add_argument("--d-k", type=int, default=64)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--block", type=int, default=256, help="keys per block for tiled_attention (256)")
    parser.add_argument("--quick", action="store_true", help="n = 512 1024 2048, 2 repetitions")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/results/ alone")
    parser.add_argument("--from-csv", action="store_true",
                        help="measure nothing: redraw the chart and Markdown from bench/results/attention_scale.csv")
    parser.add_argument("--worker", nargs=3, metavar=("KIND", "IMPL", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        kind, impl, n = args.worker
        print(json.dumps(measure(kind, impl, int(n), args.d_k, args.seed, args.block)))
        return
    if args.quick:
        args.n, args.reps = [512, 1024, 2048], 2
    if args.from_csv:
        rows = read_csv(RESULTS / "attention_scale.csv")
    else:
        try:
            rows = run(args)
        except (RuntimeError, ImportError) as error:
            fail(str(error))
    print(flush=True)
    report(rows, args)
    if not args.no_write:
        RESULTS.mkdir(parents=True, exist_ok=True)
        if not args.from_csv:
            write_csv(rows, RESULTS / "attention_scale.csv")
        made_by = write_svgs(rows, RESULTS)
        write_results("attention_scale", "python bench/attention_scale.py", results_markdown(rows, args))
        print("\nwrote bench/results/attention_scale.csv, attention_scale_memory.svg, its -narrow.svg (drawn by "
              f"{made_by}) and attention_scale.md")


if __name__ == "__main__":
    main()
