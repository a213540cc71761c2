"""What a page that does not build becomes: its problems kept for the end of the build, and the page shown instead.

Under `mkdocs build` a broken page does not stop the build: its messages are kept (`Problems`) and the build stops
once every page was tried, naming them all, with their count and the count of pages. Under `mkdocs serve` each
broken page is served as a page that shows its message (`failed_page.py`), the terminal prints
it, and the count follows each rebuild.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger

log = get_plugin_logger("attention_site")


@dataclass
class Problems:
    """Every page of this build that did not build, with its messages, so that one build names them all."""

    by_page: dict[str, list[str]] = field(default_factory=dict)

    def add(self, page: str, message: str) -> str:
        """Keep one page's message (one line for each problem in it) and return it for the page to show."""
        self.by_page.setdefault(page, []).append(message)
        return message

    def messages(self) -> list[str]:
        """Every message once, in the order the pages were built: one bad example input fails every page alike."""
        return list(dict.fromkeys(m for messages in self.by_page.values() for m in messages))

    def count(self) -> int:
        """How many problems were found: a message names one a line."""
        return sum(message.count("\n") + 1 for message in self.messages())

    def summary(self) -> str:
        """How many problems on how many pages, and what to do."""
        problems, pages = self.count(), len(self.by_page)
        return (f"{problems} problem{'s' * (problems != 1)} on {pages} page{'s' * (pages != 1)}; fix each line "
                "named above and build again")

    def report(self) -> str:
        """Every message, page by page in the order they were built, then the summary."""
        return "\n".join([*self.messages(), self.summary()])

    def finish(self, serving: bool) -> None:
        """At the end of a build: stop it naming every problem; while serving, print their count."""
        if not self.by_page:
            return
        if not serving:
            raise PluginError(self.report())
        log.error(self.summary())


def page_failed(problems: Problems, page: str, message: str, serving: bool) -> str:
    """Keep a page's problem for the end of the build, print it while serving, and return it for the page to show
    instead of its content."""
    if serving and message not in problems.messages():  # said once, however many pages it stops
        log.error(message)
    return problems.add(page, message)


def fail(problems: Problems, message: str, serving: bool) -> str:
    """Stop the build with `message` (a problem no page can be built without); while serving, print it once and
    return it for every page to show."""
    if not serving:
        raise PluginError(message)
    return page_failed(problems, "mkdocs.yml", message, serving)
