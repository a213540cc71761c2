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


SHOWN = ", <!-- attn:value bus-is-late scores row=late col=bus --> aside."  # a directive, so the prose lint passes
RESTATED = {  # each claim kind a restatement reads for: a later sentence naming its subject with its said words
    "close": "Wider or not, the spread stays close to 1",
    "ratio": "So the second raw score is two times the first",
    "slope": "On those axes the raw spread rises with slope ½",
    "size": "So the fill stays a large negative number",
    "same": "The output of exercise 2 matches the chapters",
    "differs": "The two scores differ",
    "zero": "Both heads use the same queries",
    "published": "The base is as published",
}


@pytest.mark.parametrize("key", sorted(RESTATED))
def test_an_unbound_restatement_of_each_kind_stops_the_build_naming_the_check(key: str) -> None:
    """Assert a page holding a claim's check (its record's sample, which holds today) and, a paragraph later, a
    sentence naming the claim's subject with its said words but no check stops at that sentence's line, naming the
    check's line; the same sentence with the check passes."""
    from pages import expand

    from attention_site.directives import DirectiveError
    from attention_site.directives.claims import CLAIMS

    check = f"<!-- attn:check {CLAIMS[key].sample} -->"
    with pytest.raises(DirectiveError) as caught:
        expand(f"It holds here.{check}\n\nAn aside.\n\n{RESTATED[key]}{SHOWN}")
    (message,) = str(caught.value).split("\n")
    assert message.startswith(f"docs/x.md:5: the sentence '{RESTATED[key]}")
    assert f"restates the claim checked at line 1 ({key}= in {check})" in message
    expand(f"It holds here.{check}\n\nAn aside.\n\n{RESTATED[key]}{SHOWN}{check}")


def test_a_figure_caption_an_entry_generates_is_a_statement_bound_by_a_check_under_the_figure() -> None:
    """Assert the caption the spread chart generates ("keeps the spread near 1") restates the page's close= check,
    naming the figure's line, until a check stands on the line right under the figure."""
    check = "<!-- attn:check head-width spreads col=scaled close=1 within=0.1 -->"
    page = f"The scaled spread is close to 1.{check}\n\n<!-- attn:figure head-width spread-chart -->\n"
    (message,) = flagged(page)
    assert message.startswith("docs/x.md:5: the caption of this figure, 'Raw scores spread out as heads get wider")
    assert f"restates the claim checked at line 3 (close= in {check})" in message
    assert flagged(page + check) == []


def test_a_caption_the_page_writes_is_read_as_prose() -> None:
    """Assert a `<figcaption>` a page writes is a sentence like any other: restating a checked slope, it is named."""
    check = "<!-- attn:check head-width spreads col=raw slope=1/2 axes=log within=0.05 -->"
    (message,) = flagged(f"The raw spread rises along slope 1/2.{check}\n\n<figure>\n<figcaption>The raw spread "
                         "climbs with slope ½.</figcaption>\n</figure>")
    assert message.startswith("docs/x.md:5: the sentence '<figure>")
    assert "<figcaption>The raw spread climbs with slope ½.</figcaption>" in message
    assert "restates the claim checked at line 3 (slope= in" in message


@pytest.mark.parametrize("later", [
    "Keys are turned in the same way by their own positions.",
    "A nearly one-hot softmax learns slowly.",
    "The spread stays close to 10 here.",
], ids=["same way", "one-hot", "another number"])
def test_words_near_a_claim_that_do_not_state_it_pass(later: str) -> None:
    """Assert "the same way", "one-hot" and another number than the claim's are not read as restatements."""
    checks = ("<!-- attn:check head-width spreads col=scaled close=1 within=0.1 -->"
              "<!-- attn:check rotary rotated-keys row=red same=keys -->")
    assert flagged(f"It holds.{checks}\n\n{later}") == []
