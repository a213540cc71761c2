"""Live preview: `mkdocs serve` shows a changed example input, and survives a typo, without a restart."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import change_ball_key, project_env
from servers import Served, fetch, make_serve, wait_for

pytestmark = pytest.mark.slow

PAGE = "reference/directives/red-ball-rolls/"  # the reference page of the example


@pytest.fixture
def server(project_copy: Path, tmp_path: Path) -> Iterator[Served]:
    """`make serve` running on a free loopback port in a project copy."""
    with make_serve(project_copy, tmp_path / "serve.log", project_env(project_copy), PAGE) as served:
        assert "(1/2, 5/4)" in fetch(served.base + PAGE)
        yield served


DEPENDENT_PAGES = ("walkthrough/weighted-sum/", "walkthrough/code/", "walkthrough/exercises/")


def test_editing_an_example_input_shows_new_numbers_on_every_page_without_restart(server: Served) -> None:
    """Assert that after changing ball's key to ln 3, every page that shows rolls' output shows the new one,
    although the server rebuilds only changed pages (--dirty): a changed example rebuilds them all."""
    base = server.base
    for page in (PAGE, *DEPENDENT_PAGES):
        assert "(1/2, 5/4)" in fetch(base + page), page
    change_ball_key(server.project)
    wait_for(lambda: "(2/5, 7/5)" in fetch(base + PAGE), "the served page showing (2/5, 7/5)")
    for page in (PAGE, *DEPENDENT_PAGES):
        assert "(1/2, 5/4)" not in fetch(base + page), f"{page} still shows the old output"


def test_a_typo_is_shown_in_the_browser_and_the_server_keeps_running(server: Served) -> None:
    """Assert a typo prints page:line, the served page shows the same message instead of hanging, the rebuild
    ends with the count of problems (without stopping the server), and fixing the line serves the page again."""
    page = server.project / "docs/reference/directives/red-ball-rolls.md"
    good = page.read_text()
    page.write_text(good + "\nRolls: <!-- attn:value red-ball-rolls outptu row=rolls -->\n")
    line = good.count("\n") + 2
    error = f"docs/reference/directives/red-ball-rolls.md:{line}: unknown value &#x27;outptu&#x27;"
    wait_for(lambda: error in fetch(server.base + PAGE), "the browser showing the error")
    assert "This page does not build" in fetch(server.base + PAGE)
    assert error.replace("&#x27;", "'") in server.log.read_text()
    wait_for(lambda: "1 problem on 1 page; fix each line named above" in server.log.read_text(), "the count")
    assert "Traceback" not in server.log.read_text()
    assert server.process.poll() is None
    page.write_text(good + "\nRolls: <!-- attn:value red-ball-rolls output row=rolls -->.\n")
    wait_for(lambda: "Rolls: (1/2, 5/4)." in fetch(server.base + PAGE), "the fixed page being served")


def test_a_broken_example_is_shown_on_every_page_until_fixed(server: Served) -> None:
    """Assert an example input that does not parse is shown, with its file, line and field, on the served pages."""
    module = server.project / "src/attention_core/examples/bus_is_late.py"
    good = module.read_text()
    module.write_text(good.replace('(("2", "1"),', '(("two", "1"),'))
    wait_for(lambda: "BusIsLate.keys_text" in fetch(server.base + PAGE), "the browser showing the broken input")
    assert "src/attention_core/examples/bus_is_late.py:" in fetch(server.base + PAGE)
    wait_for(lambda: "problem on" in server.log.read_text(), "the rebuild's summary")
    said = server.log.read_text().split("Building documentation")[-1]
    assert said.count("ExampleInputError: BusIsLate.keys_text") == 1, said[-3000:]  # was once a page, 60 times
    assert "Traceback" not in said and "Aborted" not in said and server.process.poll() is None
    module.write_text(good)
    wait_for(lambda: "(1/2, 5/4)" in fetch(server.base + PAGE), "the page coming back once the input is fixed")


def test_an_edited_template_override_reaches_every_page(server: Served) -> None:
    """Assert editing the theme override is served on every page at the next rebuild: neither the templates
    compiled by earlier rebuilds (kept in memory while serving) nor --dirty (which rebuilds only changed pages)
    serves the old one."""
    override = server.project / "overrides/main.html"
    marker = '<meta name="preview-check" content="edited">'
    override.write_text(override.read_text().replace("{{ super() }}", "{{ super() }}\n  " + marker, 1))
    wait_for(lambda: marker in fetch(server.base + PAGE), "the edited override being served")
    for page in DEPENDENT_PAGES:
        assert marker in fetch(server.base + page), f"{page} still drawn with the old override"
