"""Page weight: what a first visit to each page transfers, against the conventional MathJax 3 setup
(issue 6, benchmark 3).

It builds the site from a temporary copy and, for every page, adds up what a first visit with an empty cache
loads: HTML, CSS and JavaScript counted gzip-compressed (level 6, as a web server sends them), fonts as their
files (WOFF2 is compressed already), and the number of requests. Anything else the browser fetches (the search
index, images) is shown apart. The heaviest page is then rebuilt "the conventional way": the same pages with
their directives already expanded, no build-time math, and MathJax 3 from its npm package (mathjax@3.2.2,
installed into a temporary folder) set up as Material for MkDocs documents it: arithmatex `generic`, a small
configuration script, and tex-mml-chtml.js served by the site itself.

Measured in headless Chromium through Playwright when both are installed (so fonts that MathJax or the CSS
load at run time are counted exactly); otherwise by reading each page's HTML for its stylesheets, scripts and
preloads and each stylesheet for its @font-face fonts, which cannot see what MathJax fetches at run time.
Targets (issue 15): the heaviest page at most 100 KB gzip and at most 0.22 x the conventional one.

Then Lighthouse's performance score of every page (bench/lighthouse.py): mobile and desktop presets, three
runs each, the median against the targets (at least 95 on a phone, 99 on a desktop), all three runs shown.

    python bench/page_weight.py                    # weights in Chromium, then Lighthouse on every page (about an hour)
    python bench/page_weight.py --quick            # Lighthouse on home, lesson and softmax (about 10 minutes)
    python bench/page_weight.py --no-lighthouse    # weights only (about a minute)
    python bench/page_weight.py --pages lesson/ beyond/pytorch/   # Lighthouse on these (--quick adds its three)
    python bench/page_weight.py --static           # read the HTML instead of loading it; no Lighthouse
Run it under `flock /tmp/browser.lock` on a shared machine, so that no other browser job runs meanwhile.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin, urlsplit

import lighthouse
from _common import fail, markdown_table, project_copy, ratio, run_mkdocs, table, write_results
from hook_overhead import expand_pages, set_hooks

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
MATHJAX = "mathjax@3.2.2"
KB = 1000
FONT_SUFFIXES = (".woff2", ".woff", ".ttf", ".otf")
COUNTED = ("html", "css", "js", "font")
TARGET_KB, TARGET_SHARE = 100, 0.22
QUICK_PAGES = ("", "lesson/", "walkthrough/softmax/")  # the three pages issue 15 scored
RE_FONT_FACE = re.compile(r"@font-face\s*{[^}]*}", re.DOTALL)
RE_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)""")

# The conventional set-up's configuration script, following Material for MkDocs' MathJax instructions:
# typeset only what arithmatex marked, and again after each instant-navigation page change.
MATHJAX_CONFIG = """window.MathJax = {
  tex: {inlineMath: [["\\\\(", "\\\\)"]], displayMath: [["\\\\[", "\\\\]"]], processEscapes: true,
        processEnvironments: true},
  options: {ignoreHtmlClass: ".*|", processHtmlClass: "arithmatex"},
};
document$.subscribe(function () {
  if (!window.MathJax.typesetPromise) return;
  MathJax.startup.output.clearCache();
  MathJax.typesetClear();
  MathJax.texReset();
  MathJax.typesetPromise();
});
"""


@dataclass
class Weight:
    """What one page's first visit transfers, by kind (bytes as sent), and how many requests it makes."""

    page: str
    bytes_by_kind: dict[str, int] = field(default_factory=dict)
    requests: int = 0
    other_hosts: int = 0
    responses: list[tuple[str, str, int]] = field(default_factory=list)

    def add(self, kind: str, size: int, path: str = "") -> None:
        """Count one response of `kind` and `size` bytes, fetched from `path`."""
        self.bytes_by_kind[kind] = self.bytes_by_kind.get(kind, 0) + size
        self.requests += 1
        self.responses.append((path, kind, size))

    @property
    def counted(self) -> int:
        """The bytes of HTML, CSS, JS and fonts: the figure the target is about."""
        return sum(self.bytes_by_kind.get(kind, 0) for kind in COUNTED)

    @property
    def other(self) -> int:
        """The bytes of everything else (search index, images)."""
        return sum(size for kind, size in self.bytes_by_kind.items() if kind not in COUNTED)


def kind_of(path: str) -> str:
    """html, css, js, font or other, from a URL path."""
    suffix = PurePosixPath(path).suffix.lower()
    if path.endswith("/") or suffix == ".html":
        return "html"
    if suffix in FONT_SUFFIXES:
        return "font"
    return {".css": "css", ".js": "js", ".mjs": "js"}.get(suffix, "other")


def sent_size(kind: str, body: bytes) -> int:
    """The bytes a server sends for a body: gzip level 6 for text, the file itself for fonts and images."""
    if kind in ("font",) or body[:4] in (b"\x89PNG", b"wOF2", b"wOFF"):
        return len(body)
    return len(gzip.compress(body, compresslevel=6, mtime=0))


# ---------------------------------------------------------------------------------------------------------
# Building the two sites


def build(project: Path, strict: bool = True) -> Path:
    """Build `project` into its site/ folder and return that folder."""
    done = run_mkdocs(project, "build", *(["--strict"] if strict else []), "--site-dir", str(project / "site"))
    if done.returncode != 0:
        fail(f"the build of {project} failed:\n{done.stderr.strip()[-2000:]}")
    return project / "site"


def install_mathjax(folder: Path) -> Path:
    """Install mathjax@3.2.2 from the npm registry into `folder` and return its es5/ directory."""
    if shutil.which("npm") is None:
        fail("npm is needed to install mathjax@3.2.2 for the conventional page")
    done = subprocess.run(["npm", "install", "--exact", "--no-audit", "--no-fund", "--prefix", str(folder), MATHJAX],
                          capture_output=True, text=True, timeout=600)
    es5 = folder / "node_modules" / "mathjax" / "es5"
    if done.returncode != 0 or not (es5 / "tex-mml-chtml.js").is_file():
        fail(f"`npm install {MATHJAX}` failed:\n{done.stderr.strip()[-1500:]}")
    return es5


def make_conventional(project: Path, es5: Path) -> None:
    """Turn a copy of the project into the conventional set-up: pre-rendered pages, no hooks, MathJax 3."""
    expand_pages(project)
    set_hooks(project, [])
    shutil.copytree(es5, project / "docs" / "javascripts" / "mathjax")
    (project / "docs" / "javascripts" / "mathjax-config.js").write_text(MATHJAX_CONFIG, encoding="utf-8")
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8").replace("  - stylesheets/math.css\n", "")
    if "extra_javascript:\n" not in text:
        text += "\nextra_javascript:\n"
    text = text.replace("extra_javascript:\n", "extra_javascript:\n  - javascripts/mathjax-config.js\n"
                        "  - javascripts/mathjax/tex-mml-chtml.js\n", 1)
    config.write_text(text, encoding="utf-8")


def pages_of(site: Path) -> list[str]:
    """The built pages as URL paths relative to the site's root (`lesson/`), 404 page left out."""
    found = []
    for path in sorted(site.rglob("index.html")):
        relative = path.parent.relative_to(site).as_posix()
        if "mathjax" not in relative:
            found.append("" if relative == "." else relative + "/")
    return found


# ---------------------------------------------------------------------------------------------------------
# Measuring in Chromium


def can_use_browser() -> bool:
    """Whether Playwright and Debian's Chromium are both installed."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return CHROMIUM.is_file()


def measure_in_browser(site: Path, pages: list[str]) -> list[Weight]:
    """Load each page with an empty cache in headless Chromium and count every response."""
    from playwright.sync_api import sync_playwright

    weights = []
    with lighthouse.serving_gzip(site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        host = urlsplit(base).netloc
        for page in pages:
            weight = Weight(page)
            context = browser.new_context(service_workers="block")

            def only_this_site(route, weight=weight) -> None:
                """Let requests to the local server through; count and refuse any other host."""
                if urlsplit(route.request.url).netloc == host:
                    route.continue_()
                else:
                    weight.other_hosts += 1
                    route.abort()

            context.route("**/*", only_this_site)
            tab = context.new_page()
            responses = []
            tab.on("response", lambda response, seen=responses: seen.append(response))
            tab.goto(base + page, wait_until="networkidle")
            for response in responses:
                with contextlib.suppress(Exception):  # a redirect or an aborted request has no body
                    path = urlsplit(response.url).path
                    kind = kind_of(path)
                    weight.add(kind, sent_size(kind, response.body()), path)
            context.close()
            weights.append(weight)
        browser.close()
    return weights


# ---------------------------------------------------------------------------------------------------------
# Measuring by reading the files


class Assets(HTMLParser):
    """Collects the stylesheets, scripts and preloads that an HTML page makes the browser fetch."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note the URL of a <script src> or of a <link> that is a stylesheet or a preload."""
        a = dict(attrs)
        if tag == "script" and a.get("src"):
            self.urls.append(a["src"] or "")
        rel = set((a.get("rel") or "").split())
        if tag == "link" and a.get("href") and rel & {"stylesheet", "preload", "modulepreload"}:
            self.urls.append(a["href"] or "")


def fonts_of(css: str, css_url: str) -> list[str]:
    """The first URL of each @font-face in a stylesheet (the one a current browser takes), made absolute."""
    fonts = []
    for face in RE_FONT_FACE.findall(css):
        first = RE_URL.search(face)
        if first:
            fonts.append(urljoin(css_url, first.group(1)))
    return fonts


def measure_statically(site: Path, pages: list[str]) -> list[Weight]:
    """Add up each page's HTML, the CSS and JS it links, and the fonts its CSS declares."""
    base = "http://site.invalid/"
    weights = []
    for page in pages:
        weight = Weight(page)
        url = base + page
        html = (site / page / "index.html").read_bytes()
        weight.add("html", sent_size("html", html), "/" + page)
        parser = Assets()
        parser.feed(html.decode("utf-8"))
        queue, seen = [urljoin(url, u) for u in parser.urls], set()
        while queue:
            asset = queue.pop(0)
            if asset in seen:
                continue
            seen.add(asset)
            if not asset.startswith(base):
                weight.other_hosts += 1
                continue
            file = site / urlsplit(asset).path.removeprefix("/")
            if not file.is_file():
                continue
            body, kind = file.read_bytes(), kind_of(urlsplit(asset).path)
            weight.add(kind, sent_size(kind, body), urlsplit(asset).path)
            if kind == "css":
                queue += fonts_of(body.decode("utf-8", errors="replace"), asset)
        weights.append(weight)
    return weights


# ---------------------------------------------------------------------------------------------------------


def row(weight: Weight) -> list[object]:
    """One line of the per-page table."""
    b = weight.bytes_by_kind
    return [weight.page or "(home)", f"{weight.counted / KB:.1f}",
            *(f"{b.get(kind, 0) / KB:.1f}" for kind in COUNTED), f"{weight.other / KB:.1f}", weight.requests,
            weight.other_hosts]


def breakdown(weight: Weight) -> list[list[object]]:
    """One line per response of a page, heaviest first: where its bytes go."""
    ordered = sorted(weight.responses, key=lambda response: (response[1] not in COUNTED, -response[2]))
    return [[path, kind if kind in COUNTED else f"{kind} (not counted)", f"{size / KB:.1f}"]
            for path, kind, size in ordered]


def main() -> None:
    """Build, measure every page, build the conventional heaviest page, compare."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--static", action="store_true", help="read the HTML instead of loading it in Chromium")
    parser.add_argument("--quick", action="store_true", help="Lighthouse on three pages only (home, lesson, softmax)")
    parser.add_argument("--pages", nargs="+", metavar="PAGE", default=[],
                        help="Lighthouse on these pages only (URL paths such as lesson/; / for home); with --quick, "
                             "on these and the three")
    parser.add_argument("--no-lighthouse", action="store_true", help="page weights only")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/results/ alone")
    args = parser.parse_args()
    browser = not args.static and can_use_browser()
    measure = measure_in_browser if browser else measure_statically
    how = "loaded in headless Chromium" if browser else "read from the HTML and CSS (MathJax's run-time fonts unseen)"
    with project_copy("page-weight-") as project, tempfile.TemporaryDirectory(prefix="mathjax-") as folder:
        site = build(project)
        weights = sorted(measure(site, pages_of(site)), key=lambda w: w.counted, reverse=True)
        heaviest = weights[0]
        print(f"  measured {len(weights)} pages; the heaviest is /{heaviest.page}", flush=True)
        es5 = install_mathjax(Path(folder))
        with project_copy("page-weight-mathjax-") as conventional:
            make_conventional(conventional, es5)
            [mathjax] = measure(build(conventional, strict=False), [heaviest.page])
        scores = run_lighthouse(site, weights, args) if browser and not args.no_lighthouse else []
    header = ["page", "total KB", *(f"{k} KB" for k in COUNTED), "other KB", "requests", "other hosts"]
    print(f"\npage weight: first visit, empty cache, {how}; KB = 1000 bytes, text gzip -6, fonts as files\n")
    print(table(header, [row(w) for w in weights]))
    print("\nthe heaviest page, this site against the conventional MathJax 3 set-up:\n")
    print(table(header, [row(heaviest), ["(MathJax 3) " + (mathjax.page or "(home)"), *row(mathjax)[1:]]]))
    print(f"\nwhere the bytes of /{heaviest.page} go:\n")
    print(table(["request", "kind", "KB"], breakdown(heaviest)))
    share = ratio(heaviest.counted, mathjax.counted)
    print(f"\nheaviest page: {heaviest.counted / KB:.1f} KB   (target <= {TARGET_KB} KB)  "
          f"{'met' if heaviest.counted <= TARGET_KB * KB else 'NOT met'}")
    print(f"against MathJax 3: {share:.3f} x  (target <= {TARGET_SHARE} x)  "
          f"{'met' if share <= TARGET_SHARE else 'NOT met'}   "
          f"({mathjax.counted / KB:.1f} KB, {mathjax.requests} requests)")
    if scores:
        print("\nLighthouse performance, median (the three runs):\n")
        print(table(["page", *lighthouse.PRESETS], [[f"/{s.page}", *(lighthouse.cell(s, p) for p in lighthouse.PRESETS)]
                                                     for s in scores]))
    if any(w.other_hosts for w in weights):
        print("warning: some page asks another host for something; see the 'other hosts' column")
    if not args.no_write:
        path = write_results("page_weight", "python bench/page_weight.py" + (" --static" if args.static else ""),
                             results_markdown(weights, mathjax, how))
        print(f"\nwrote {path.relative_to(path.parents[2])}")
        if scores:
            command = "python bench/page_weight.py" + (" --quick" if args.quick else "") \
                + "".join(f" /{as_page(page)}" for page in args.pages).replace(" /", " --pages /", 1)
            path = write_results("lighthouse", command, lighthouse_markdown(scores, len(weights)))
            print(f"wrote {path.relative_to(path.parents[2])}")


def run_lighthouse(site: Path, weights: list[Weight], args: argparse.Namespace) -> list[lighthouse.Scores]:
    """Lighthouse's scores of every page, or with --quick of the three pages issue 15 scored."""
    why_not = lighthouse.available()
    if why_not:
        print(f"no Lighthouse run: {why_not}")
        return []
    pages = lighthouse_pages([w.page for w in weights], args.quick, args.pages)
    print(f"  Lighthouse on {len(pages)} pages, {lighthouse.RUNS} runs of each preset", flush=True)
    return lighthouse.score_pages(site, pages)


def as_page(name: str) -> str:
    """A page as the site's URL path relative to its root: `/lesson` and `lesson/` are `lesson/`, `/` is home."""
    path = name.strip().strip("/")
    return path + "/" if path else ""


def lighthouse_pages(built: list[str], quick: bool, named: list[str]) -> list[str]:
    """The pages to score, in the site's order of weight: every built page, or the three of --quick and the
    pages named with --pages (each once); a named page the build does not have stops the script."""
    if not quick and not named:
        return built
    wanted = [as_page(name) for name in named]
    missing = [f"/{page}" for page in wanted if page not in built]
    if missing:
        fail(f"--pages names pages the site does not have: {', '.join(missing)}")
    chosen = set(wanted) | (set(QUICK_PAGES) if quick else set())
    return [page for page in built if page in chosen]


def lighthouse_markdown(scores: list[lighthouse.Scores], pages_in_site: int) -> str:
    """Lighthouse's figures as Markdown: a verdict per preset, then every page's median and runs."""
    verdicts = []
    for preset in lighthouse.PRESETS:
        missed = [f"`/{s.page}`" for s in scores if not s.met(preset)]
        verdicts.append(f"{preset} (target at least {lighthouse.TARGETS[preset]}): "
                        + ("met on every page scored" if not missed else f"not met on {', '.join(missed)}"))
    scope = "every page" if len(scores) == pages_in_site else (
        f"{len(scores)} of the {pages_in_site} pages (the others not scored in this run; `--quick` or `--pages`)")
    return "\n\n".join([
        f"Lighthouse 12.2.3 performance score of {scope}, the median of {lighthouse.RUNS} runs with the runs in "
        "brackets: " + "; ".join(verdicts) + ".",
        markdown_table(["page", *lighthouse.PRESETS],
                       [[f"`/{s.page}`", *(lighthouse.cell(s, p) for p in lighthouse.PRESETS)] for s in scores]),
        "Served locally with gzip, as a host compresses text; Debian's Chromium, headless. The mobile preset "
        "simulates a slow phone on a slow network, so on a shared 2-core machine a run can land far from the "
        "others: the median is the figure, the runs show the spread.",
    ])


def results_markdown(weights: list[Weight], mathjax: Weight, how: str) -> str:
    """The figures as Markdown for the performance page: the heaviest page against MathJax, then every page."""
    heaviest, share = weights[0], ratio(weights[0].counted, mathjax.counted)
    columns = ["total KB", *(f"{k} KB" for k in COUNTED), "requests"]

    def cells(weight: Weight) -> list[object]:
        """One page's figures as table cells."""
        return [f"{weight.counted / KB:.1f}", *(f"{weight.bytes_by_kind.get(k, 0) / KB:.1f}" for k in COUNTED),
                weight.requests]

    page = f"`/{heaviest.page}`"
    verdict = [f"{heaviest.counted / KB:.1f} KB (target at most {TARGET_KB} KB: "
               f"{'met' if heaviest.counted <= TARGET_KB * KB else 'not met'})",
               f"{share:.3f} × the MathJax 3 page (target at most {TARGET_SHARE} ×: "
               f"{'met' if share <= TARGET_SHARE else 'not met'})"]
    return "\n\n".join([
        markdown_table(["heaviest page", *columns], [[page, *cells(heaviest)],
                                                     [f"{page} with MathJax 3", *cells(mathjax)]],
                       right=range(1, 8)),
        f"The heaviest page transfers {verdict[0]}, {verdict[1]}.",
        "Where its bytes go (requests other than HTML, CSS, JavaScript and fonts are not counted):",
        markdown_table(["request", "kind", "KB"], [[f"`{path}`", kind, size] for path, kind, size
                                                   in breakdown(heaviest)], right=[2]),
        "Every page, first visit with an empty cache:",
        markdown_table(["page", *columns], [[f"`/{w.page}`", *cells(w)] for w in weights], right=range(1, 8)),
        f"First visit, empty cache, {how}; KB = 1000 bytes; text gzip level 6, fonts as their files. "
        "No page asks any other host for anything." if not any(w.other_hosts for w in weights) else
        "Some page asks another host for something.",
    ])


if __name__ == "__main__":
    main()
