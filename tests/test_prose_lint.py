"""The prose lint: a sentence about an example with an input-dependent word and no directive stops the build at
page:line; computed, checked and marked sentences pass, and so does every page of the site today."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError
from attention_site.directives.prose_lint import FREE, lint_prose

DOCS = Path(__file__).resolve().parent.parent / "docs"
TOKENS = ("bus", "is", "late", "red", "ball", "rolls")
RE_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*\n", re.DOTALL)


def flagged(text: str) -> list[str]:
    """The lint's messages for a small page, each `page:line: message`."""
    return [str(error) for error in lint_prose(dedented(text), "docs/x.md", 0, TOKENS)]


@pytest.mark.parametrize(("page", "line", "word"), [
    ("*ball* gets the largest weight.", 1, "largest"),
    ("One.\n\nTwo lines: the key of\n*bus* is larger than the key of *is*.", 3, "larger"),
    ("The weights are even. The weight of *rolls* is close to 1 here.", 1, "close to"),
    ("*red* and *ball* tie.", 1, "tie"),
    ("Its weight, 0.665, goes to *bus*.", 1, "0.665"),
    ("The output is <!-- attn:value bus-is-late output -->, or 7.88 rounded.", 1, "7.88"),
    ("- a list item where *late* scores highest", 1, "highest"),
    ("| *bus* | the largest score |", 1, "largest"),
    ("*ball* weighs most.<!-- attn:check red-ball-rolls weights row=rolls largest=ball --> *red* is the smallest.",
     1, "smallest"),
], ids=["superlative", "second paragraph, wrapped", "closeness", "tie", "typed decimal", "typed beside computed",
        "list item", "table row", "after another sentence's check"])
def test_an_unbound_sentence_is_named_with_its_line_and_word(page: str, line: int, word: str) -> None:
    """Assert the lint names the line a sentence starts on and the word that depends on the inputs."""
    (message,) = flagged(page)
    assert message.startswith(f"docs/x.md:{line}: the sentence '") and f"with '{word}', which depends" in message
    assert FREE in message


@pytest.mark.parametrize("page", [
    "*ball* gets the largest weight.<!-- attn:check red-ball-rolls weights row=rolls largest=ball -->",
    "The largest weight goes to *<!-- attn:word bus-is-late weights row=late pick=largest -->*.",
    f"A larger score of *rolls* always gets a larger weight.{FREE}",
    "Which token does *late* give the largest weight?",
    "```text\n*ball* gets the largest weight.\n```",
    "`*ball* gets the largest weight.`",
    "The largest weight wins: a sentence naming no token speaks of no example.",
    "The query of *late* scores the three keys.",
], ids=["checked", "computed", "marked", "question", "fenced code", "inline code", "no token", "no such word"])
def test_bound_marked_and_input_free_sentences_pass(page: str) -> None:
    """Assert checked, computed and marked sentences, questions, code and sentences without such words pass."""
    assert flagged(page) == []


@pytest.mark.parametrize(("page", "line", "word"), [
    ("We fill with <!-- attn:value cross-padding finite-fill -->.\n\nThe fill is a large finite negative number.",
     3, "large"),
    ("This page uses <!-- attn:value rotary base -->.\n\nThe base is as published.", 3, "as published"),
    ("<!-- attn:table cross-padding right-weights -->\n\nEvery other row is unchanged.", 3, "unchanged"),
    ("<!-- attn:table red-ball-rolls output -->\n\nThe output is close to 1 here.", 3, "close to"),
    ("The output is <!-- attn:value red-ball-rolls output row=rolls -->. Each entry is nearly 1.", 1, "nearly"),
    ("Change the query to <!-- attn:value bus-is-late query query=2,0 -->, twice the query of *late*.", 1, "twice"),
    ("Its scores are equal (<!-- attn:value red-ball-rolls masked-scores row=ball col=red --> each), so each gets "
     "half.", 1, "half"),
], ids=["an input's name", "provenance", "sameness on an example's page", "closeness said here",
        "closeness beside a value", "twice an input, a value shown", "half beside values"])
def test_size_sameness_provenance_and_ratio_words_near_an_example_need_a_directive(page: str, line: int,
                                                                                   word: str) -> None:
    """Assert sentences naming an example's input (the fill, the base), sameness and provenance words on an
    example's page, closeness said "here" or beside its numbers, and "twice" an input bound only by a shown value,
    are named with their line and word."""
    (message,) = flagged(page)
    assert message.startswith(f"docs/x.md:{line}: the sentence '") and f"with '{word}', which depends" in message


@pytest.mark.parametrize("page", [
    "This page uses <!-- attn:value rotary base -->.\n\nThe base is as published.<!-- attn:check rotary base "
    "published=base -->",
    "Change the query to <!-- attn:value bus-is-late query query=2,0 -->, twice the query of *late*.<!-- attn:check "
    "bus-is-late query query=2,0 ratio=2 of=query -->",
    "A large model is slow, and twice the tokens take twice the memory, close to what was published.",
    "We fill with <!-- attn:value cross-padding finite-fill -->.\n\nA larger model needs more memory.",
    f"<!-- attn:table red-ball-rolls output -->\n\nTwice the tokens take twice the memory.{FREE}",
], ids=["checked provenance", "ratio checked with of=", "no example on the page", "no input named",
        "marked"])
def test_bound_or_general_sentences_near_an_example_pass(page: str) -> None:
    """Assert checked sentences, pages of no example and sentences naming none of its inputs pass."""
    assert flagged(page) == []


def test_the_build_stops_at_an_unbound_sentence_with_the_directive_errors_of_the_page() -> None:
    """Assert expanding a page (what both builds do) reports the lint's sentence beside a stale claim, in line order."""
    with pytest.raises(DirectiveError) as caught:
        expand("""
            Bus scores highest.<!-- attn:check bus-is-late scores row=late largest=late -->

            *ball* gets the largest weight.
            """)
    lines = str(caught.value).split("\n")
    assert [line.split(":")[1] for line in lines] == ["1", "3"]
    assert "the largest entry is late" in lines[0] and "with 'largest', which depends on the inputs" in lines[1]


@pytest.mark.parametrize("page", sorted(DOCS.rglob("*.md")), ids=lambda path: path.relative_to(DOCS).as_posix())
def test_todays_pages_pass_the_lint(page: Path) -> None:
    """Assert every page of the site carries a directive or the marker on each sentence the lint would flag."""
    text = page.read_text(encoding="utf-8")
    head = RE_FRONT_MATTER.match(text)
    assert lint_prose(text[head.end():] if head else text, page.as_posix()) == []


def test_an_example_that_does_not_load_leaves_the_report_to_the_directives(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert the lint raises nothing of its own when the examples cannot load (a broken input under `make serve`):
    the page's directives and the build name the input's file, line and field instead of a traceback."""
    from attention_core import ExampleInputError
    from attention_site.directives import prose_lint

    def broken() -> set[str]:
        raise ExampleInputError(type("BusIsLate", (), {}), "keys_text", "entry 'two' is not understood")

    monkeypatch.setattr(prose_lint, "example_tokens", broken)
    assert lint_prose("*ball* gets the largest weight.", "docs/x.md") == []
