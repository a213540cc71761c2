"""Hook overhead: what the build-time hooks add to a full `mkdocs build` (issue 6, benchmark 1; issue 15).

Five builds of the same pages, from three temporary copies of the project, interleaved and repeated:

- as is:          the project unchanged (directives expanded and math converted by the hooks), with the
                  pages' directives and MathML kept in `.cache/` by an earlier build (warm);
- as is, cold:    the same with `.cache/pages` and `.cache/mathml` removed before each build: every page
                  computed, every formula converted;
- no directives:  every directive already replaced by its output (written once, before timing, with the
                  engine's own `directives.expand_directives`), and every hook of the site but the expansion
                  of directives (safety checks, workbooks, math, security policy, sharing tags), warm;
- no directives, cold: the same with the kept MathML removed before each build;
- no hooks:       the same pre-rendered pages, and no hooks at all (math left as LaTeX for a script to render).

directives' cost = as is - no directives; all hooks' cost = as is - no hooks (each warm and cold), as a share of
the full build. Each share is computed within one repetition, whose five builds run back to back, so that a slow
moment of a shared machine weighs on all of them alike; the targets are judged on the median over the
repetitions, printed with the lowest and highest. Targets: directives at most 5 % of the full build, all hooks
(math included) at most 15 %. It also checks that the
pre-rendered pages give the same HTML as the real build, so the comparison is of equal work. Each build is
timed by its CPU time (user + system of the mkdocs process, the work it does) and by the wall clock (what a
contributor waits for); the targets are judged on CPU time, since on a shared machine the wall clock also
counts other jobs' turns. The workbooks' cache is warm in every variant. Last, it times each step the hooks
add (importing the engine, NumPy, the core, latex2mathml; expanding the pages; converting the math; reading
them back from a warm cache) in fresh processes, to show where their share goes.

    python bench/hook_overhead.py            # 7 repetitions of each build (about 3-6 minutes)
    python bench/hook_overhead.py --quick    # 3 repetitions
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import IGNORED, ROOT, fail, markdown_table, median, mkdocs_env, ratio, run_mkdocs, table, write_results

from attention_site.directives.formatting import reader_minus

RE_HOOKS_BLOCK = re.compile(r"^hooks:[ \t]*\n(?:[ \t]+-[^\n]*\n)+", re.MULTILINE)
RE_FRONT_MATTER = re.compile(r"\A(---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*\n)", re.DOTALL)
RE_BUILT_IN = re.compile(r"Documentation built in ([0-9.]+) seconds")

VARIANTS = ("as is", "as is, cold", "no directives", "no directives, cold", "no hooks")
# Built after removing the kept pages, MathML and trimmed theme stylesheets (.cache/pages, /mathml, /theme); the
# workbooks' cache (.cache/workbooks) stays warm in every variant.
COLD = ("as is, cold", "no directives, cold")
KEPT = (".cache/pages", ".cache/mathml", ".cache/theme")
MEASURES = ("cpu", "wall", "built in")
Runs = dict[str, list[dict[str, float]]]  # each variant's builds, in order: the measures of each
Spread = tuple[float, float, float]  # a share's median, lowest and highest over the repetitions


# Written into the "no directives" copy, whose pages already hold their directives' output: every hook of the
# site (the safety checks, the workbooks, the math conversion with its cache, the security policy and sharing
# tags) but the expansion of directives in on_page_markdown.
def no_directives_hook() -> str:
    """A hook file for the "no directives" variant: every event the site's hooks handle (the names that
    hooks/site_hooks.py exports) but the expansion of directives, on_page_markdown."""
    tree = ast.parse((ROOT / "hooks" / "site_hooks.py").read_text(encoding="utf-8"))
    exported = next(ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                    and any(isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets))
    events = ", ".join(name for name in exported if name != "on_page_markdown")
    return ('"""Benchmark hook: the site\'s hooks without the expansion of directives."""\n\n'
            f"from attention_site.mkdocs_hooks import {events}  # noqa: F401\n")


# Run in a fresh process inside a copy: the steps the hooks add to a build, one by one, in CPU seconds; first
# cold (nothing kept: every page computed, every formula converted), then warm (each page's result read back from
# the cache the cold pass filled, in a temporary folder). argv: the project, a built site whose pages still hold
# LaTeX (the "no hooks" one), and the temporary cache folder.
COST_PROBE = '''
import importlib.util, json, re, shutil, sys, time
from pathlib import Path

project, latex_site, cache = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
front = re.compile(r"\\A(---[ \\t]*\\n.*?\\n(?:---|\\.\\.\\.)[ \\t]*\\n)", re.DOTALL)
steps, clock = {}, time.process_time()

def lap(name):
    global clock
    now = time.process_time()
    steps[name], clock = now - clock, now

def pages():
    for path in sorted((project / "docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        match = front.match(text)
        head = match.group(1) if match else ""
        yield text[len(head):], path.relative_to(project).as_posix(), head.count("\\n")

from attention_site import build_cache, mathml
from attention_site.directives import expand_directives
lap("cold: import the directive engine and the math module (nothing computed)")
import numpy
lap("cold: import numpy (on a page's first directive)")
import attention_core
lap("cold: import attention_core")
slowest = (0.0, "")
for text, page, offset in pages():
    start = time.process_time()
    expand_directives(text, page, offset)
    slowest = max(slowest, (time.process_time() - start, page))
lap("cold: expand every page's directives (each example's entries load on first use)")
import latex2mathml.converter
lap("cold: import latex2mathml (on a page's first formula)")
html = [path.read_text(encoding="utf-8") for path in sorted(latex_site.rglob("*.html"))]
lap("(read the built pages)")
for page in html:
    mathml.convert_math(page)
lap("cold: convert every page's math to MathML (each distinct formula once)")
from attention_site.postprocess import page_assets
sites = [cache / f"site-{n}" for n in range(3)]
for site in sites:
    shutil.copytree(latex_site, site)
lap("(copy the built site)")
page_assets.serve_trimmed_theme_stylesheets(sites[0], [], {})
lap("cold: trim Material's stylesheets (tinycss2 reads them; once a build)")
folders = [Path(importlib.util.find_spec(name).origin).parent for name in ("attention_site", "attention_core")]
sources = build_cache.sources_key(folders)
lap("key: hash both packages' sources (once a build)")
kept = {kind: build_cache.TextCache(cache / kind, sources) for kind in ("pages", "mathml", "theme")}
page_assets.serve_trimmed_theme_stylesheets(sites[1], [], {}, kept["theme"])
expand, convert = kept["pages"].cached(expand_directives), kept["mathml"].cached(mathml.convert_math)
for text, page, offset in pages():
    expand(text, page, offset)
for page in html:
    convert(page)
clock = time.process_time()  # filling the cache is not timed: the cold steps above are its cost
for text, page, offset in pages():
    expand(text, page, offset)
lap("warm: read every page's directives back from the cache")
for page in html:
    convert(page)
lap("warm: read every page's MathML back from the cache")
page_assets.serve_trimmed_theme_stylesheets(sites[2], [], {}, kept["theme"])
lap("warm: read the trimmed stylesheets back from the cache (the pages still scanned for the key)")
del steps["(read the built pages)"], steps["(copy the built site)"]
print(json.dumps({"steps": steps, "slowest": slowest}))
'''


def copy_to(folder: Path, name: str) -> Path:
    """A copy of the project's sources under `folder/name`."""
    return Path(shutil.copytree(ROOT, folder / name / "project", ignore=IGNORED))


def expand_pages(project: Path) -> int:
    """Replace every directive of every page in `project/docs` by its output; return how many pages changed."""
    from attention_site.directives import expand_directives
    changed = 0
    for path in sorted((project / "docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        match = RE_FRONT_MATTER.match(text)
        front = match.group(1) if match else ""
        body = text[len(front):]
        page = path.relative_to(project).as_posix()
        try:
            expanded = expand_directives(body, page, front.count("\n"))
        except Exception as error:  # a page the site's own build would refuse too
            fail(f"pre-rendering stopped, as the real build would: {error}")
        if expanded != body:
            path.write_text(front + expanded, encoding="utf-8")
            changed += 1
    return changed


def set_hooks(project: Path, hooks: list[str]) -> None:
    """Rewrite mkdocs.yml's `hooks:` list (as text, so its other tags and comments stay as written)."""
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    if not RE_HOOKS_BLOCK.search(text):
        fail("mkdocs.yml has no `hooks:` list to replace")
    block = "hooks:\n" + "".join(f"  - {hook}\n" for hook in hooks) if hooks else ""
    config.write_text(RE_HOOKS_BLOCK.sub(block, text, count=1), encoding="utf-8")


def prepare(folder: Path) -> dict[str, Path]:
    """Make the three copies (a cold variant builds in its warm one's copy); the pre-rendering happens here, once,
    outside every timing."""
    copies = {name: copy_to(folder, name.replace(" ", "-")) for name in ("as is", "no directives", "no hooks")}
    for name in ("no directives", "no hooks"):
        changed = expand_pages(copies[name])
        print(f"  {name}: pre-rendered the directives of {changed} pages", flush=True)
    (copies["no directives"] / "hooks" / "bench_no_directives.py").write_text(no_directives_hook(), encoding="utf-8")
    set_hooks(copies["no directives"], ["hooks/bench_no_directives.py"])
    set_hooks(copies["no hooks"], [])
    return {name: copies[name.removesuffix(", cold")] for name in VARIANTS}


def build_env() -> dict[str, str]:
    """The build's environment: Python writes and reuses .pyc files, as on a contributor's machine or in CI
    (a PYTHONDONTWRITEBYTECODE=1 set in this shell would make every build compile the project's modules anew)."""
    env = mkdocs_env(SOURCE_DATE_EPOCH="1700000000")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def build(project: Path, cold: bool = False) -> dict[str, float]:
    """One clean build (`cold`: with no kept pages or MathML): wall-clock and CPU seconds of the whole command,
    and MkDocs' own 'built in' figure."""
    if cold:
        for kept in KEPT:
            shutil.rmtree(project / kept, ignore_errors=True)
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = run_mkdocs(project, "build", "--clean", "--site-dir", str(project / "site"), env=build_env())
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        fail(f"the build of {project.parent.name} failed:\n{done.stderr.strip()[-2000:]}")
    found = RE_BUILT_IN.search(done.stderr)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall": wall, "cpu": cpu, "built in": float(found.group(1)) if found else float("nan")}


def hook_costs(project: Path, latex_site: Path, reps: int) -> tuple[dict[str, float], tuple[float, str]]:
    """Median CPU seconds of each step the hooks add to a build, from fresh processes; the slowest page."""
    runs = []
    for _ in range(reps):
        with tempfile.TemporaryDirectory(prefix="hook-cache-") as cache:
            done = subprocess.run([sys.executable, "-c", COST_PROBE, str(project), str(latex_site), cache],
                                  capture_output=True, text=True, timeout=300, env=build_env())
        if done.returncode != 0:
            fail(f"timing the hooks' steps failed:\n{done.stderr.strip()[-1500:]}")
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    steps = {name: median([run["steps"][name] for run in runs]) for name in runs[0]["steps"]}
    return steps, max(tuple(run["slowest"]) for run in runs)


def same_html(first: Path, second: Path) -> list[str]:
    """The built HTML pages whose bytes differ between two sites."""
    pages = sorted(p.relative_to(first).as_posix() for p in first.rglob("*.html"))
    return [page for page in pages if not (second / page).is_file()
            or (first / page).read_bytes() != (second / page).read_bytes()]


def main() -> None:
    """Prepare the copies, time the builds, print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7, help="builds of each variant")
    parser.add_argument("--quick", action="store_true", help="3 repetitions")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/results/ alone")
    args = parser.parse_args()
    reps = 3 if args.quick else args.reps
    with tempfile.TemporaryDirectory(prefix="hook-overhead-") as folder:
        projects = prepare(Path(folder))
        runs: Runs = {name: [] for name in VARIANTS}
        for name in ("as is", "no directives", "no hooks"):  # warm the disk cache, .pyc files and kept results, untimed
            build(projects[name])
        for rep in range(reps):  # interleaved, so a noisy moment on a shared machine hurts all five alike
            for name in VARIANTS:
                runs[name].append(build(projects[name], cold=name in COLD))
            print(f"  repetition {rep + 1}/{reps} done", flush=True)
        differing = same_html(projects["as is"] / "site", projects["no directives"] / "site")
        costs = hook_costs(projects["as is"], projects["no hooks"] / "site", reps)
    medians = {name: {key: median([run[key] for run in runs[name]]) for key in MEASURES} for name in VARIANTS}
    report(medians, runs, differing)
    report_costs(*costs, base=medians["as is, cold"]["cpu"])
    if not args.no_write and not differing:
        path = write_results("hook_overhead", "python bench/hook_overhead.py", results_markdown(medians, runs, *costs))
        print(f"\nwrote {path.relative_to(path.parents[2])}")


def results_markdown(medians: dict[str, dict[str, float]], runs: Runs, steps: dict[str, float],
                     slowest: tuple[float, str]) -> str:
    """The figures as Markdown for the performance page."""
    warm, cold = paired_shares(runs, "cpu"), paired_shares(runs, "cpu", cold=True)
    base, reps = medians["as is, cold"]["cpu"], len(runs["as is"])
    return "\n\n".join([
        markdown_table(["build", "CPU s", "wall s"],
                       [[name, f"{medians[name]['cpu']:.2f}", f"{medians[name]['wall']:.2f}"] for name in VARIANTS],
                       right=[1, 2]),
        f"Median of {reps} interleaved clean builds (`mkdocs build --clean`: the site folder is always written "
        "afresh). *Warm*: the pages' expanded directives, their MathML and Material's trimmed stylesheets were "
        "kept in `.cache/` by an earlier build, under keys that cover every input (both packages' sources, NumPy's, "
        "latex2mathml's and tinycss2's versions, the page's text, the files it reads, the theme parts the pages "
        "show), so unchanged pages load neither NumPy nor the examples nor latex2mathml. *Cold*: `.cache/pages`, "
        "`.cache/mathml` and `.cache/theme` removed before each build, so every page is computed, every formula "
        "converted and the stylesheets trimmed (the workbooks' cache, older than this one, is warm in every "
        "variant). Python reuses its `.pyc` files in all of them.",
        "Share of the full build's CPU time, each computed within one repetition (its five builds run one after "
        "another, so a slow moment of the machine weighs on all of them alike), as the median of the "
        f"{reps} repetitions, with the lowest and highest in brackets. **Warm**: the directives "
        f"{verdict(warm['directives'], 0.05)}, the other hooks (math, checks, policy, the theme trim) "
        f"{spread(warm['other hooks'])}, all hooks {verdict(warm['all hooks'], 0.15)}. **Cold**: the directives "
        f"{verdict(cold['directives'], 0.05)}, the other hooks {spread(cold['other hooks'])}, all hooks "
        f"{verdict(cold['all hooks'], 0.15)}.",
        "Where the hooks' time goes (CPU time, fresh processes, median), as a share of the cold full build:",
        markdown_table(["step", "CPU s", "share of the build"],
                       [[name, f"{seconds:.3f}", f"{ratio(seconds, base):.1%}"] for name, seconds in steps.items()],
                       right=[1, 2]),
        f"The slowest page to expand cold is `{slowest[1]}` ({slowest[0]:.3f} s).",
    ])


def verdict(share: Spread, target: float) -> str:
    """A share with its spread, its target and whether it is met: `4.1% [2.0%, 6.3%] (target at most 5 %: met)`."""
    met = "met" if share[0] <= target else "not met"
    return f"{spread(share)} (target at most {target:.0%}: {met})".replace("%:", " %:")


def spread(share: Spread) -> str:
    """A share's median with its lowest and highest: `4.1% [2.0%, 6.3%]`."""
    return reader_minus(f"{share[0]:.1%} [{share[1]:.1%}, {share[2]:.1%}]")  # shown on the Performance page


def paired_shares(runs: Runs, key: str, cold: bool = False) -> dict[str, Spread]:
    """Each share computed within each repetition, whose five builds ran one after another (so that a slow moment
    of a shared machine weighs on them alike), then its median, lowest and highest over the repetitions."""
    each = [shares({name: runs[name][rep][key] for name in VARIANTS}, cold) for rep in range(len(runs["as is"]))]
    values = {share: [rep[share] for rep in each] for share in each[0]}
    return {share: (median(found), min(found), max(found)) for share, found in values.items()}


def shares(base: dict[str, float], cold: bool = False) -> dict[str, float]:
    """The directives', the other hooks' and all hooks' share of the full build (warm or cold)."""
    full, rest = ("as is, cold", "no directives, cold") if cold else ("as is", "no directives")
    return {"directives": ratio(base[full] - base[rest], base[full]),
            "other hooks": ratio(base[rest] - base["no hooks"], base[full]),
            "all hooks": ratio(base[full] - base["no hooks"], base[full])}


def report(medians: dict[str, dict[str, float]], runs: Runs, differing: list[str]) -> None:
    """Print the side-by-side medians, the overheads and the targets (judged on CPU time)."""
    print(f"\nhook overhead: clean `mkdocs build`, median of {len(runs['as is'])} interleaved runs\n")
    print(table(["build", "CPU s", "wall s", "MkDocs 'built in' s", "CPU vs as is"],
                [[name, *(f"{medians[name][key]:.2f}" for key in MEASURES),
                  f"{ratio(medians[name]['cpu'], medians['as is']['cpu']):.3f}"] for name in VARIANTS]))
    print("\nshares of the full build, each within one repetition: median [lowest, highest] of the repetitions")
    for key, label in (("cpu", "CPU time"), ("wall", "wall clock")):
        for cold in (False, True):
            by = paired_shares(runs, key, cold)
            print(f"  {label}, {'cold' if cold else 'warm'}: " + ", ".join(f"{k} {spread(v)}" for k, v in by.items()))
    print("\ntargets, on CPU time (the work the hooks add; wall clock on a shared machine also holds other jobs):")
    for cold in (False, True):
        by = paired_shares(runs, "cpu", cold)
        print(f"  {'cold' if cold else 'warm'}: directives {verdict(by['directives'], 0.05)}; "
              f"all hooks, math included, {verdict(by['all hooks'], 0.15)}")
    if differing:
        print(f"\nwarning: pre-rendered pages built {len(differing)} HTML page(s) unlike the real build, "
              f"e.g. {differing[:3]}: the comparison is not of equal work")
    else:
        print("\npre-rendered pages give byte-identical HTML to the real build: equal work compared")


def report_costs(steps: dict[str, float], slowest: tuple[float, str], base: float) -> None:
    """Print where the hooks' time goes in a cold build, each step as a share of the full build."""
    print(f"\nwhere the hooks' CPU time goes (one fresh process each, median), as a share of the {base:.2f} s "
          "of CPU the cold full build takes:\n")
    print(table(["step", "s", "share"], [[name, f"{seconds:.3f}", f"{ratio(seconds, base):.1%}"]
                                          for name, seconds in steps.items()]))
    print(f"\nslowest page to expand cold: {slowest[1]} ({slowest[0]:.3f} s)")


if __name__ == "__main__":
    main()
