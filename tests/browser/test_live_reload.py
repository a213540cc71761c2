"""Live reload under `make serve`, with the pages' Content Security Policy in force: a save reaches an open tab."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import project_env
from playwright.sync_api import Browser
from servers import Served, make_serve

from attention_site.live_reload import RELOAD_SCRIPT
from attention_site.postprocess import page_head

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGE = "walkthrough/softmax/"
SOURCE = "docs/walkthrough/softmax.md"
WATCH = 'window.blocked = []; document.addEventListener("securitypolicyviolation", e => blocked.push(e.blockedURI));'


@pytest.fixture
def preview(project_copy: Path, tmp_path: Path) -> Iterator[Served]:
    """`make serve` in a project copy."""
    with make_serve(project_copy, tmp_path / "serve.log", project_env(project_copy), PAGE) as served:
        yield served


def test_a_saved_page_reloads_the_open_tab_with_the_policy_in_force(browser: Browser, preview: Served) -> None:
    """Assert the served page carries the policy and allows the reload script by hash (and nothing runs blocked),
    then that saving the page's source reloads the open tab by itself and shows the new sentence."""
    tab = browser.new_page()
    try:
        tab.add_init_script(WATCH)
        tab.goto(preview.base + PAGE)
        policy = tab.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
        assert policy and page_head.source_hash(RELOAD_SCRIPT) in policy and "script-src 'self'" in policy
        tab.wait_for_load_state("load")
        source = preview.project / SOURCE
        with tab.expect_navigation(timeout=90_000):  # the reload, which nothing in the test asks for
            source.write_text(source.read_text(encoding="utf-8") + "\nA sentence saved while the tab was open.\n",
                              encoding="utf-8")
        tab.wait_for_selector("text=A sentence saved while the tab was open.")
        assert tab.evaluate("blocked") == []
    finally:
        tab.close()
