"""Counts an example's input sets, typed in prose ("eight heads"), stop the build unless computed or checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pages import dedented

from attention_site.directives.counts import page_counts

DOCS = Path(__file__).resolve().parent.parent / "docs"
RE_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*\n", re.DOTALL)
USES = "The slopes: <!-- attn:value alibi slopes row=head1 -->."  # a page of alibi, whose input heads is 8


def flagged(text: str) -> list[str]:
    """The lint's messages for a small page of the alibi example."""
    return [str(error) for error in page_counts(dedented(f"{USES}\n\n{text}"), "docs/x.md")]


@pytest.mark.parametrize(("text", "typed"), [
    ("ALiBi gives each of the eight heads its own slope.", "eight heads"),
    ("With 8 attention heads the slopes halve.", "8 attention heads"),
], ids=["spelled", "numeral with an adjective"])
def test_a_typed_count_of_what_an_input_counts_is_named(text: str, typed: str) -> None:
    """Assert a sentence typing alibi's heads (8) as a count of heads stops at its line, naming the input."""
    (message,) = flagged(text)
    assert message.startswith("docs/x.md:3: the sentence '")
    assert f"types '{typed}', which is alibi's input heads (8 heads)" in message


@pytest.mark.parametrize("text", [
    "ALiBi gives each of the <!-- attn:value alibi heads --> heads its own slope.",
    "Each of the eight heads gets a slope.<!-- attn:check alibi heads words=eight -->",
    "Four heads would halve it.",
    "Eight tokens would fit.",
    "How would eight heads share them?",
    "Any eight heads share them.<!-- no-inputs -->",
], ids=["computed", "checked", "another number", "another thing", "question", "marked"])
def test_computed_checked_and_other_counts_pass(text: str) -> None:
    """Assert a computed or checked count passes, and so do other numbers, other things, questions, marked ones."""
    assert flagged(text) == []


def test_a_page_of_no_example_types_what_it_likes() -> None:
    """Assert the lint reads only the inputs of the examples a page's directives name."""
    assert page_counts("ALiBi gives each of the eight heads its own slope.", "docs/x.md") == []


@pytest.mark.parametrize("page", sorted(DOCS.rglob("*.md")), ids=lambda path: path.relative_to(DOCS).as_posix())
def test_todays_pages_compute_or_check_every_count_an_input_sets(page: Path) -> None:
    """Assert no page of the site types an input's count unbound."""
    text = page.read_text(encoding="utf-8")
    head = RE_FRONT_MATTER.match(text)
    assert page_counts(text[head.end():] if head else text, page.as_posix()) == []
