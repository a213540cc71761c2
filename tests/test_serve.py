"""Live preview: `mkdocs serve` shows a changed example input, and survives a typo, without a restart."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import change_ball_key, project_env
from servers import Served, fetch, make_serve, wait_for

pytestmark = pytest.mark.slow

PAGE = "reference/directives/red-ball-rolls/"  # the reference page of the example
TYPO_PAGE = "reference/directives/"  # a page written in docs/ (not live), which a contributor edits


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
    page = server.project / "docs/reference/directives/index.md"
    good = page.read_text()
    page.write_text(good + "\nRolls: <!-- attn:value red-ball-rolls outptu row=rolls -->\n")
    line = good.count("\n") + 2
    error = f"docs/reference/directives/index.md:{line}: unknown value &#x27;outptu&#x27;"
    wait_for(lambda: error in fetch(server.base + TYPO_PAGE), "the browser showing the error")
    assert "This page does not build" in fetch(server.base + TYPO_PAGE)
    assert error.replace("&#x27;", "'") in server.log.read_text()
    wait_for(lambda: "1 problem on 1 page; fix each line named above" in server.log.read_text(), "the count")
    assert "Traceback" not in server.log.read_text()
    assert server.process.poll() is None
    page.write_text(good + "\nRolls: <!-- attn:value red-ball-rolls output row=rolls -->.\n")
    wait_for(lambda: "Rolls: (1/2, 5/4)." in text_of(fetch(server.base + TYPO_PAGE)), "the fixed page being served")


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


def test_a_deleted_page_is_no_longer_served(server: Served) -> None:
    """Assert a page deleted while serving answers 404 after the rebuild (--dirty kept its old output)."""
    (server.project / "docs/walkthrough/exercises.md").unlink()
    wait_for(lambda: status(server.base + "walkthrough/exercises/") == 404, "the deleted page answering 404")
    assert "(1/2, 5/4)" in fetch(server.base + PAGE) and server.process.poll() is None


def test_a_page_that_is_not_utf8_or_a_link_out_of_docs_is_named_and_the_rest_is_served(server: Served) -> None:
    """Assert a page saved in Latin-1 and a new symbolic link out of docs/ are each named with its file and line,
    every other page is still served (each hung every request), and both clear once removed."""
    bad, link = server.project / "docs/latin.md", server.project / "docs/leak.txt"
    bad.write_bytes(b"# Caf\xe9\n")
    link.symlink_to("/etc/passwd")
    wait_for(lambda: "docs/latin.md:1: byte 0xe9 is not UTF-8" in server.log.read_text(), "the page named")
    wait_for(lambda: "docs/leak.txt:1: docs/leak.txt is a link to" in server.log.read_text(), "the link named")
    wait_for(lambda: "(1/2, 5/4)" in fetch(server.base + PAGE), "the other pages served")
    assert status(server.base + "leak.txt") == 404 and "root:" not in fetch(server.base + "leak.txt")
    assert "Traceback" not in server.log.read_text() and server.process.poll() is None
    bad.unlink()
    link.unlink()
    marker = "Saved again."
    page = server.project / "docs/reference/directives/index.md"
    page.write_text(page.read_text() + f"\n{marker}\n")
    wait_for(lambda: marker in fetch(server.base + TYPO_PAGE), "the preview serving the next edit")


def test_an_edited_program_or_contributing_shows_on_the_pages_that_show_them(server: Served) -> None:
    """Assert editing a listed program (docs/programs/) and CONTRIBUTING.md (shown by a directive) shows on the
    pages that show them at the next rebuild, although those pages did not change (--dirty)."""
    program = server.project / "docs/programs/lesson_one_token.py"
    program.write_text(program.read_text() + "\n# an edit while serving\n")
    wait_for(lambda: "an edit while serving" in fetch(server.base + "lesson/code/"), "the edited program shown")
    guide = server.project / "CONTRIBUTING.md"
    guide.write_text(guide.read_text() + "\nA sentence added while serving.\n")
    wait_for(lambda: "A sentence added while serving." in fetch(server.base + "reference/project/"),
             "the edited CONTRIBUTING.md shown")


def text_of(html: str) -> str:
    """The page's text without its tags: a value on a live page sits in a span of its own."""
    return re.sub(r"<[^>]+>", "", html)


def status(url: str) -> int:
    """The HTTP status of `url`, or 0 while the server is not answering."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0
