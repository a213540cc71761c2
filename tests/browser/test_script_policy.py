"""The Content Security Policy in Chromium: the site's own scripts run, a script that reached a page does not.

Each route below is one by which a stranger's pull request once put a script into a built page (issue #36): the
HTML is what that route wrote. The build refuses every one of them now; this test shows the second wall, the
policy, on its own. It puts all of them into a built page, computes the page's policy again from the page so
altered exactly as the build does (from the templates of the theme and of overrides/, never from the page), and
checks in Chromium that none ran while the theme's and the project's own scripts did.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import mkdocs
from mkdocs.config import load_config
from playwright.sync_api import Page
from servers import wait_for

from attention_site.postprocess import page_head

pytestmark = pytest.mark.browser

PAGE = "walkthrough/softmax/"
BASE_URL = "../.."  # the page's base_url, as MkDocs renders its templates
RE_POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]+">')
# route -> the HTML it wrote into a page; each script, handler or link adds its route's name to window.ran.
ROUTES = {
    "a <script> tag split over two lines": '<script\n>ran.push("split tag")</script\n>',
    "a snippet from docs/programs/ or bench/results/": '<p>listed</p><script>ran.push("snippet")</script>',
    "a program listing whose file holds a fence line": ('<pre><code>x = 1</code></pre>'
                                                         '<script>ran.push("listing")</script><pre><code>'),
    "CONTRIBUTING.md shown by a directive": '<div class="guide"><script>ran.push("guide")</script></div>',
    "an example's label": '<table><tr><td><script>ran.push("label")</script></td></tr></table>',
    "a page kept in a committed cache": '<script type="text/javascript">ran.push("cache")</script>',
    "an event handler": '<img src="missing.png" alt="" onerror="ran.push(\'handler\')">',
    "a MathML link to code": '<math><mtext><a id="mathml" href="javascript:ran.push(\'mathml\')">x</a></mtext></math>',
}
WATCH = """
window.ran = [];
window.blocked = [];
document.addEventListener("securitypolicyviolation", event => blocked.push(event.violatedDirective));
"""


def hostile_page(site: Path) -> str:
    """The built page with every route's HTML in its content and its policy made again as the build makes it."""
    built = (site / PAGE / "index.html").read_text(encoding="utf-8")
    payload = "".join(ROUTES.values())
    altered = RE_POLICY.sub("", built, count=1).replace("<article", payload + "<article", 1)
    config = load_config(str(site.parent / "mkdocs.yml"))
    sources = page_head.template_scripts(map(Path, config.theme.dirs))
    return page_head.with_policy(altered, page_head.shipped_scripts(sources, {"config": config,
                                                                              "base_url": BASE_URL}))


def test_no_route_runs_a_script_while_the_sites_own_scripts_run(page: Page, built_site: Path, site_url: str) -> None:
    """Assert no script that reached the page runs (each is reported as blocked), while Material's inline scripts,
    the head script of overrides/ and the site's own files did run."""
    page.add_init_script(WATCH)
    hostile = hostile_page(built_site)
    page.route(site_url + PAGE, lambda route: route.fulfill(body=hostile, content_type="text/html"))
    page.goto(site_url + PAGE)
    page.wait_for_selector(".reader-settings-toggle", state="attached")  # reader.js, a file of the site, ran
    page.click("#mathml", no_wait_after=True)
    # asked from outside the page: wait_for_function compiles its predicate inside it, which the policy forbids
    wait_for(lambda: page.evaluate("blocked.length >= 8"), "eight scripts reported blocked")
    assert page.evaluate("ran") == []
    assert page.evaluate("typeof __md_get") == "function"  # Material's own inline script
    assert page.evaluate("document.documentElement.getAttribute('data-paper')")  # the head script of overrides/
    assert page.evaluate("typeof window.readerSettings") == "object"
    assert set(page.evaluate("blocked")) == {"script-src-elem", "script-src-attr"}


PLANTED = "javascripts/planted.js"


def serve_root(url: str) -> str:
    """The site's address, from the address of PAGE on it."""
    return url.removesuffix(PAGE)


def test_a_script_file_a_pull_request_adds_is_refused_and_never_runs(page: Page, project_copy: Path,
                                                                      serve: Callable[[Path], str]) -> None:
    """Assert a new .js file under docs/javascripts/ (which `script-src 'self'` would let any page load) stops the
    build naming it and the scripts accepted, is not published, and so does not run in Chromium even from a page
    whose HTML loads it (as a page that got past every check would), while the site's own reader.js runs."""
    (project_copy / "docs" / PLANTED).write_text("window.planted = true;\n")
    out = project_copy / "out"
    result = mkdocs(project_copy, "build", "--site-dir", str(out))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert (f"docs/{PLANTED}:1: docs/{PLANTED} is not one of the site's scripts (calculator.js, exercises.js, "
            "live.js, reader.js, settings.js, slides.js, or live/<example>.js for an example of "
            "src/attention_site/directives/entries/, or a part of live.js named in PARTS of "
            "src/attention_site/directives/mirror.py)") in result.stderr
    assert not (out / PLANTED).exists()
    url = serve(out) + PAGE
    built = (out / PAGE / "index.html").read_text(encoding="utf-8")
    loading = built.replace("</body>", f'<script src="{BASE_URL}/{PLANTED}"></script></body>', 1)
    page.add_init_script("window.missing = []; addEventListener('error', event => "
                         "event.target.src && missing.push(event.target.src), true);")
    page.route(url, lambda route: route.fulfill(body=loading, content_type="text/html"))
    page.goto(url)
    page.wait_for_selector(".reader-settings-toggle", state="attached")  # reader.js, a file of the site, ran
    wait_for(lambda: page.evaluate("missing.length > 0"), "the planted script reported missing")
    assert [src.removeprefix(serve_root(url)) for src in page.evaluate("missing")] == [PLANTED]
    assert page.evaluate("typeof window.planted") == "undefined"
