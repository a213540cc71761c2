"""Browser fixtures: the built site on a loopback server, Debian's Chromium driven by Playwright.

Every page opened through the `page` fixture records its requests; a request to any host other
than the loopback server fails the test. A failing test leaves a screenshot in test-artifacts/.
"""

from __future__ import annotations

import functools
import json
import os
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import ROOT, copy_project, made_once, mkdocs
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from browser.playground import add_playground

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = ROOT / "test-artifacts"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


class SiteHandler(SimpleHTTPRequestHandler):
    """Serve the built site quietly under the path of its `site_url`, as a real host does.

    Pages such as 404.html link their assets by absolute path, so the site must live under that
    path. Material's instant navigation only intercepts links listed in sitemap.xml, whose URLs
    start with `site_url`; `mkdocs serve` points them at itself, and so does this server.
    """

    def __init__(self, *args: object, origin: str, prefix: str, **kwargs: object) -> None:
        self.origin, self.prefix = origin, prefix
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        """Map a URL under the site's path to its file; anything else to a file that does not exist."""
        inside = path.startswith(self.prefix)
        return super().translate_path("/" + path[len(self.prefix):] if inside else "/-outside-the-site-")

    def do_GET(self) -> None:
        """Serve sitemap.xml rewritten for this server, anything else as a file."""
        if self.path.split("?")[0] != self.prefix + "sitemap.xml":
            super().do_GET()
            return
        sitemap = Path(self.translate_path(self.path)).read_bytes()
        if self.origin:
            sitemap = sitemap.replace(self.origin.encode(), f"http://{self.headers.get('Host')}".encode())
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(sitemap)))
        self.end_headers()
        self.wfile.write(sitemap)

    def log_message(self, format: str, *args: object) -> None:
        """Stay silent."""


def site_address(directory: Path) -> tuple[str, str]:
    """The origin and path of the site's `site_url`, read from its home page's canonical link."""
    home = (directory / "index.html").read_text("utf-8")
    canonical = re.search(r'<link rel="canonical" href="([^"]+)"', home)
    if not canonical:
        return "", "/"
    parts = urlsplit(canonical.group(1))
    return f"{parts.scheme}://{parts.netloc}", parts.path if parts.path.endswith("/") else parts.path + "/"


@pytest.fixture(scope="session")
def serve() -> Iterator[Callable[[Path], str]]:
    """A function that serves a built site on a free loopback port and returns its home page URL."""
    servers: list[ThreadingHTTPServer] = []

    def start(directory: Path) -> str:
        origin, prefix = site_address(directory)
        handler = functools.partial(SiteHandler, directory=str(directory), origin=origin, prefix=prefix)
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}{prefix}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(built_site: Path, serve: Callable[[Path], str]) -> str:
    """The base URL of the site as `mkdocs build --strict` wrote it."""
    return serve(built_site)


@pytest.fixture(scope="session")
def playground_url(tmp_path_factory: pytest.TempPathFactory, serve: Callable[[Path], str]) -> str:
    """The base URL of a copy of the site with the scratch pages of playground.py added."""

    def build(root: Path) -> Path:
        project = copy_project(root / "project")
        add_playground(project)
        result = mkdocs(project, "build", "--site-dir", str(project / "site"))
        assert result.returncode == 0, result.stderr
        return project / "site"

    return serve(made_once(tmp_path_factory, "playground", build)) + "browser-playground/"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, launched once for the session."""
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: install Debian's chromium package (make browser)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test item, so fixtures can tell whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def foreign(url: str) -> bool:
    """True when a request would leave the machine (not loopback, not data:, blob: or about:)."""
    parts = urlsplit(url)
    if parts.scheme in {"data", "blob", "about", "chrome-extension"}:
        return False
    return parts.hostname not in LOCAL_HOSTS


def open_context(browser: Browser, requests: list[str], **options: object) -> BrowserContext:
    """A fresh browser context (own storage) whose every request is appended to `requests`."""
    context = browser.new_context(**options)
    context.on("request", lambda request: requests.append(request.url))
    return context


@dataclass(frozen=True)
class Tab:
    """A page kept open for a whole session, and every request made from it since the current test began."""

    page: Page
    requests: list[str]


@pytest.fixture(scope="session")
def tabs(browser: Browser) -> Iterator[Callable[..., Tab]]:
    """A function giving one tab per set of context options (a screen size, a phone), opened on first use and kept:
    tests that each look at one page reuse it instead of starting a browser context, and its processes, apiece."""
    opened: dict[str, Tab] = {}

    def tab(**options: object) -> Tab:
        key = json.dumps(options, sort_keys=True)
        if key not in opened:
            requests: list[str] = []
            opened[key] = Tab(open_context(browser, requests, **options).new_page(), requests)
        opened[key].requests.clear()
        return opened[key]

    yield tab
    for kept in opened.values():
        kept.page.context.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page in a fresh context, 1280x800; fails the test on any request to another host."""
    requests: list[str] = []
    context = open_context(browser, requests, viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    yield tab
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)[-150:]
        try:
            tab.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception as error:  # the page may have crashed; the test's own error matters more
            print(f"no screenshot: {error}")
    context.close()
    leaving = [url for url in requests if foreign(url)]
    assert not leaving, f"requests to other hosts: {leaving}"


def wait_for_features(page: Page) -> None:
    """Wait until Material and the reader's scripts have set the page up, its calculators and fill-in cells built
    (as they are once a reader has scrolled to them)."""
    page.wait_for_selector(".reader-settings-toggle", state="attached")
    page.evaluate("() => window.AttentionByHand.loadPageFeatures()")


def run_axe(page: Page, rules: list[str] | None = None) -> list[dict]:
    """Inject axe-core and return its violations for the current page: of every rule axe runs by default, or only
    of the `rules` named.

    axe first runs without naming the elements it checks (a CSS selector for each of thousands of nodes is a third
    of its time on a long page); only the rules that fail are run again, naming the offending elements."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    failing = page.evaluate(AXE_RUN, [rules, False])
    return page.evaluate(AXE_RUN, [failing, True]) if failing else []


AXE_RUN = """async ([rules, named]) => {
    const found = (await axe.run(document, Object.assign({resultTypes: ['violations'], selectors: named},
        rules ? {runOnly: {type: 'rule', values: rules}} : {}))).violations;
    return named ? found : found.map(violation => violation.id);
}"""
