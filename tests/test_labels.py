"""Labels from the data: rows picked by their place, labels computed as words, typed labels pinned and followed.

A page that writes a token (`*rolls*`, a tab titled "dog bites man") must either compute it or pin it in a
directive that fails when the example renames it; and when one does fail, every line of the page that writes the
old name is named too, so that one build lists every stale word.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError
from attention_site.directives.labels import unpinned_labels
from attention_site.directives.prose_lint import example_tokens_by_name

DOCS = Path(__file__).resolve().parent.parent / "docs"
RE_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*\n", re.DOTALL)
TOKENS = {"red-ball-rolls": ("red", "ball", "rolls"), "positions": ("dog", "bites", "man")}


def messages(text: str) -> list[str]:
    """Every `page:line: message` the expansion of a small page stops with."""
    with pytest.raises(DirectiveError) as caught:
        expand(text)
    return str(caught.value).split("\n")


def linted(text: str) -> list[str]:
    """The label lint's messages for a small page."""
    return [str(error) for error in unpinned_labels(dedented(text), TOKENS, "docs/x.md")]


@pytest.mark.parametrize(("page", "expected"), [
    ("<!-- attn:value red-ball-rolls weights row=@last -->", "(1/4, 1/2, 1/4)"),
    ("<!-- attn:value red-ball-rolls weights row=@3 -->", "(1/4, 1/2, 1/4)"),
    ("<!-- attn:value red-ball-rolls weights row=@first col=@first -->", "1"),
    ("*<!-- attn:word red-ball-rolls weights row=@last pick=label -->*", "*rolls*"),
    ("<!-- attn:word red-ball-rolls weights pick=labels -->", "red, ball and rolls"),
    ("<!-- attn:word positions output method=none sentence=second pick=sequence -->", "man bites dog"),
], ids=["@last", "@3", "@first cell", "label", "labels", "sequence"])
def test_a_row_is_picked_by_its_place_and_a_label_is_computed(page: str, expected: str) -> None:
    """Assert `row=@last` picks the last row, and pick=label/labels/sequence write the labels the data has."""
    assert expand(page) == expected


@pytest.mark.parametrize(("page", "said"), [
    ("<!-- attn:value red-ball-rolls weights row=@4 -->", "row=@4 names place 4, but this matrix has 3 (red, ball, "
                                                          "rolls); accepted: @1 to @3, @first or @last"),
    ("<!-- attn:value red-ball-rolls weights row=@end -->", "row=@end is not a place; accepted: a label of the "
                                                            "matrix, or its place: @first, @last or @N (from 1)"),
    ("<!-- attn:word red-ball-rolls weights pick=label -->", "'label' names the label of one row or column"),
    ("Order.<!-- attn:check red-ball-rolls weights labels=red,rolls,ball -->",
     "the labels are red, rolls and ball; with these inputs they are red, ball and rolls"),
], ids=["past the end", "not a place", "label of nothing", "labels out of order"])
def test_a_wrong_place_or_label_claim_names_the_line_and_what_is_accepted(page: str, said: str) -> None:
    """Assert a place past the end, an unknown place and a stale labels= claim stop at page:line, saying why."""
    (message,) = messages(page)
    assert message.startswith("docs/x.md:1: ") and said in message


def test_a_pinned_label_the_data_lacks_is_followed_to_every_line_that_writes_it() -> None:
    """Assert that when a directive pins a label its entry does not have (a token renamed in the data), the build
    also names each other line that writes that word in italics or in a tab title, not only the directive."""
    found = messages("""
        *crimson* attends to itself.<!-- attn:check red-ball-rolls weights row=crimson nonzero=crimson -->

        Later, *crimson* again.

        === "crimson"

            A tab.
        """)
    assert [message.split(":")[1] for message in found] == ["1", "3", "5"]
    assert "row=crimson is not a label" in found[0]
    assert all("writes 'crimson', which a directive of this page pins but the example's data no longer has" in m
               for m in found[1:])


@pytest.mark.parametrize(("page", "line", "word"), [
    ("Some prose.<!-- attn:check red-ball-rolls weights row=ball nonzero=red,ball -->\n\n*rolls* comes last.",
     3, "rolls"),
    ("The rows are *red*, *ball* and <!-- attn:value red-ball-rolls weights row=red -->.", 1, "ball"),
], ids=["another paragraph", "same sentence"])
def test_a_token_written_but_pinned_nowhere_on_the_page_is_named(page: str, line: int, word: str) -> None:
    """Assert the lint names a token the page writes in italics that no directive of its example pins."""
    (message,) = linted(page)
    assert message.startswith(f"docs/x.md:{line}: the page writes '{word}', a token of 'red-ball-rolls'")


def test_a_title_typed_out_of_tokens_is_named_and_a_computed_one_passes() -> None:
    """Assert a tab titled with an example's tokens must be computed: `=== "dog bites man"` is named, the title
    written with pick=sequence passes."""
    typed = '<!-- attn:value positions output method=none sentence=first row=dog -->\n\n=== "dog bites man"\n\n    x'
    (message,) = linted(typed)
    assert message.startswith("docs/x.md:3: the title 'dog bites man' is typed out of an example's tokens")
    assert linted(typed.replace('"dog bites man"', '"<!-- attn:word positions output sentence=first '
                                                   'pick=sequence -->"')) == []


@pytest.mark.parametrize("page", [
    "*rolls* comes last.<!-- attn:check red-ball-rolls weights labels=red,ball,rolls -->",
    "*rolls* weighs *ball* most.<!-- attn:check red-ball-rolls weights row=rolls largest=ball -->\n\nLater *rolls*.",
    "*rolls*, a word no example on this page has.",
    "`*rolls*` in code.<!-- attn:value red-ball-rolls weights row=red -->",
], ids=["labels=", "row= and a later mention", "no example", "code"])
def test_pinned_tokens_and_pages_of_no_example_pass(page: str) -> None:
    """Assert a token pinned by labels= or row= anywhere on the page passes, and so do pages of no example."""
    assert linted(page) == []


@pytest.mark.parametrize("page", sorted(DOCS.rglob("*.md")), ids=lambda path: path.relative_to(DOCS).as_posix())
def test_todays_pages_pin_or_compute_every_token_they_write(page: Path) -> None:
    """Assert every page of the site pins each token it writes in italics and computes tabs titled with tokens."""
    text = page.read_text(encoding="utf-8")
    head = RE_FRONT_MATTER.match(text)
    assert unpinned_labels(text[head.end():] if head else text, example_tokens_by_name(), page.as_posix()) == []
