"""One check covers every statement of its claim on the page, or the build names the statement left unbound."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pages import dedented

from attention_site.directives.restated import restated_claims

DOCS = Path(__file__).resolve().parent.parent / "docs"
RE_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*\n", re.DOTALL)
CHECKED = "*bus* scores highest.<!-- attn:check bus-is-late scores row=late largest=bus -->"


def flagged(text: str) -> list[str]:
    """The messages for a small page, each `page:line: message`."""
    return [str(error) for error in restated_claims(dedented(text), "docs/x.md", 2)]


def test_a_later_sentence_restating_a_checked_claim_is_named_with_the_line_of_the_check() -> None:
    """Assert a sentence that names the claim's label and says it with the claim's word, a paragraph after the
    checked one, stops the build at its line (front matter counted), naming the line of the check it restates."""
    (message,) = flagged(f"{CHECKED}\n\nSo the query of *late* gives *bus* the highest score of all.")
    assert message.startswith("docs/x.md:5: the sentence 'So the query of *late* gives *bus* the highest")
    assert "restates the claim checked at line 3 (largest= in <!-- attn:check bus-is-late scores" in message


@pytest.mark.parametrize("later", [
    "Again, *bus* scores highest.<!-- attn:check bus-is-late weights row=late largest=bus -->",
    "Again, the highest is *<!-- attn:word bus-is-late weights row=late pick=largest -->*.",
    "Does *bus* score highest?",
    "In another lesson *bus* might score highest.<!-- no-inputs -->",
    "The query of *late* meets *bus* first.",
    "*is* scores highest nowhere: a sentence about another label.",
], ids=["its own check", "computed", "question", "marked", "no claim word", "other label"])
def test_a_restatement_with_its_own_binding_and_other_sentences_pass(later: str) -> None:
    """Assert a restatement carrying its own check or computed word passes, and so do questions, marked sentences
    and sentences that do not name the claim's labels with its words."""
    assert flagged(f"{CHECKED}\n\n{later}") == []


@pytest.mark.parametrize("page", sorted(DOCS.rglob("*.md")), ids=lambda path: path.relative_to(DOCS).as_posix())
def test_todays_pages_bind_every_statement_of_a_checked_claim(page: Path) -> None:
    """Assert no page of the site restates a checked claim in a sentence without its own check."""
    text = page.read_text(encoding="utf-8")
    head = RE_FRONT_MATTER.match(text)
    assert restated_claims(text[head.end():] if head else text, page.as_posix()) == []


def test_the_build_stops_at_the_restatement_with_the_page_s_other_problems() -> None:
    """Assert expanding a page (what both builds do) stops at the unbound restatement, which the prose lint passes
    because it carries another directive."""
    from pages import expand

    from attention_site.directives import DirectiveError

    with pytest.raises(DirectiveError) as caught:
        expand(f"{CHECKED}\n\nSo *bus* has the highest score, <!-- attn:value bus-is-late scores col=bus -->.")
    (message,) = str(caught.value).split("\n")
    assert message.startswith("docs/x.md:3: the sentence 'So *bus* has the highest score, <!-- attn:value")
    assert "restates the claim checked at line 1" in message
