"""Multiple-choice questions: a well-formed one builds to a question whose options each open on their feedback, and a
malformed one (no right option, two, an option without feedback, outside a question, open) stops the build at its
page:line with what is accepted; the site's pages hold the questions the issue asks for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pages import dedented, expand
from test_hostile import rendered

from attention_site.directives import DirectiveError
from attention_site.directives.choices import check_choices
from attention_site.html_check import check_html

DOCS = Path(__file__).resolve().parent.parent / "docs"

GOOD = """
    Before the question.

    !!! question choice "Which key does the query of *rolls* weight most in head 1?"

        ??? option "*rolls* itself, as every token does"

            Not with these numbers: its weight on *rolls* is
            <!-- attn:value red-ball-rolls weights row=rolls col=rolls -->.

        ??? option right "*ball*"

            Its weight is <!-- attn:value red-ball-rolls weights row=rolls col=ball -->.
            <!-- attn:check red-ball-rolls weights row=rolls largest=ball -->

        ??? option "*red*, the first token"

            Being first gives no weight of its own.<!-- no-inputs -->

    After the question.
"""


def options(block: str) -> str:
    """A question of the options `block` (each option's lines, indented as under the question)."""
    return '!!! question choice "Which?"\n\n' + dedented(block)


def three(first: str = '??? option right "a"', second: str = '??? option "b"', third: str = '??? option "c"') -> str:
    """A question whose three options start with these lines, each with its feedback."""
    return "\n".join(['!!! question choice "Which?"', ""] + [
        f"    {head}\n\n        Feedback on it.\n" for head in (first, second, third)])


REFUSED = {  # page, line, what the message says
    "no right option": (three('??? option "a"'), 1, "no option of this multiple-choice question is marked right"),
    "two right options": (three(second='??? option right "b"'), 1,
                          "2 options of this multiple-choice question are marked right (lines 3, 7)"),
    "an option without feedback": (three().replace("        Feedback on it.\n", "", 1), 3,
                                   "the option 'a' has no feedback"),
    "an option whose feedback is outdented": (three().replace("        Feedback on it.", "Feedback on it.", 1), 3,
                                              "has no feedback"),
    "two options": ('!!! question choice "Which?"\n\n    ??? option right "a"\n\n        Yes.\n\n'
                    '    ??? option "b"\n\n        No.\n', 1, "has 3 or 4 options; this one has 2"),
    "five options": (three() + "\n" + "\n".join(f'    ??? option "{x}"\n\n        No.\n' for x in "de"), 1,
                     "this one has 5"),
    "an option outside a question": ('Text.\n\n??? option right "a"\n\n    Yes.\n', 3,
                                     "an option stands only directly inside a multiple-choice question"),
    "an option nested too deep": ('!!! question choice "Which?"\n\n    !!! note\n\n        ??? option right "a"\n\n'
                                  "            Yes.\n", 5, "an option stands only directly inside"),
    "an option that starts open": (three(third='???+ option "c"'), 11, "an option starts closed"),
    "an option as an admonition": (three(third='!!! option "c"'), 11, "an option starts closed"),
    "an option with a misspelt class": (three(third='??? option rigth "c"'), 11,
                                        "'rigth' is not accepted: did you mean 'right'"),
    "an option with right first": (three('??? right option "a"'), 3, "'option' first"),
    "an option without text": (three(third="??? option"), 11, "an option needs its text as its title"),
    "feedback that begins with a table": (three().replace("        Feedback on it.", "        <!-- attn:table "
                                                          "red-ball-rolls scores -->", 1), 5,
                                          "the feedback of the option 'a' begins with a sentence"),
    "feedback that begins with a formula": (three().replace("        Feedback on it.", "        $$ x $$", 1), 5,
                                            "begins with a sentence"),
    "a question that starts closed": (three().replace("!!!", "???", 1), 1, "a multiple-choice question stands open"),
    "a question without a stem": (three().replace(' "Which?"', "", 1), 1, "needs its stem as its title"),
}


@pytest.mark.parametrize(("page", "line", "message"), REFUSED.values(), ids=REFUSED.keys())
def test_a_malformed_question_stops_the_build_at_its_line(page: str, line: int, message: str) -> None:
    """Assert the page stops with docs/x.md:LINE, says what is wrong and, for a question, what is accepted."""
    with pytest.raises(DirectiveError) as caught:
        expand(page)
    error = str(caught.value)
    named = [said for said in error.split("\n") if said.startswith(f"docs/x.md:{line}: ") and message in said]
    assert named, error
    if "question" in message:
        assert "then 3 or 4 options indented under it" in named[0], error


def test_every_problem_of_a_page_is_named_at_once() -> None:
    """Assert one build names both malformed questions of a page, each at its own line."""
    page = three('??? option "a"') + "\n" + three(second='??? option right "b"')
    lines = [error.line for error in check_choices(page, "docs/x.md")]
    assert lines == [1, 15]


def test_a_question_in_code_is_shown_not_checked() -> None:
    """Assert a malformed question inside a fence (a guide showing the form) builds as the code it is."""
    assert expand("```markdown\n" + three('??? option "a"') + "\n```") .startswith("```markdown")


def test_a_well_formed_question_builds_with_its_computed_feedback() -> None:
    """Assert the question expands, its feedback computed, and renders as an open question holding three closed
    options, the right one alone marked, each opening on its feedback."""
    markdown = expand(GOOD)
    assert "attn:" not in markdown.replace("<!-- no-inputs -->", "")
    html = rendered(markdown)
    check_html(html, markdown, "docs/x.md")
    assert re.search(r'<div class="admonition question choice">\s*<p class="admonition-title">Which key', html)
    found = re.findall(r'<details class="(option(?: right)?)">\s*<summary>(.*?)</summary>\s*<p>(.*?)</p>', html,
                       re.DOTALL)
    assert [(classes, summary) for classes, summary, _ in found] == [
        ("option", "<em>rolls</em> itself, as every token does"), ("option right", "<em>ball</em>"),
        ("option", "<em>red</em>, the first token")]
    assert re.match(r"Its weight is \d[\d./]*\.$", found[1][2]), found[1][2]
    assert re.match(r"Not with these numbers: its weight on <em>rolls</em> is\s\d[\d./]*\.$", found[0][2]), found[0][2]


def test_a_stale_right_option_stops_the_build() -> None:
    """Assert the right option's check binds it: claiming *red* is largest stops the build at that line."""
    with pytest.raises(DirectiveError) as caught:
        expand(GOOD.replace("largest=ball", "largest=red"))
    assert str(caught.value).startswith("docs/x.md:13: the page says that in 'red-ball-rolls weights' (row rolls)")


def section(text: str, heading: str) -> str:
    """The part of a page under the `## heading`, up to the next `## ` heading."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def questions(text: str) -> int:
    """How many multiple-choice questions `text` holds."""
    return len(re.findall(r"^ *!!! question choice ", text, re.MULTILINE))


def test_the_checks_page_asks_only_multiple_choice_questions() -> None:
    """Assert the checks page's questions are all well-formed multiple-choice questions (the build's check passes)
    and none is a plain collapsible answer any more."""
    text = (DOCS / "beyond/checks.md").read_text("utf-8")
    assert check_choices(text, "beyond/checks.md") == []
    assert questions(section(text, "Predict, then check")) + questions(section(text, "Misconceptions")) >= 8
    assert "??? success" not in text and "??? question" not in text


PATHS = {  # the page that holds the path's quiz, its heading, the example it asks about, the path's page and link
    "lesson": ("beyond/checks.md", "The bus is late: a short quiz", "bus-is-late", "lesson/index.md",
               "(../beyond/checks.md#the-bus-is-late-a-short-quiz)"),
    "walk-through": ("walkthrough/exercises.md", "A short quiz on the walk-through", "red-ball-rolls",
                     "walkthrough/exercises.md", "## A short quiz on the walk-through"),
}


@pytest.mark.parametrize(("page", "heading", "example", "path", "link"), PATHS.values(), ids=PATHS.keys())
def test_each_path_ends_with_a_short_quiz_on_its_example(page: str, heading: str, example: str, path: str,
                                                          link: str) -> None:
    """Assert each path has a quiz of five or six well-formed questions whose computed words and checks are of the
    path's example, and the path's page holds it or links to it (the lesson's page is at its size budget)."""
    text = (DOCS / page).read_text("utf-8")
    quiz = section(text, heading)
    assert check_choices(text, page) == []
    assert 5 <= questions(quiz) <= 6
    assert set(re.findall(r"<!-- attn:\w+ ([\w-]+) ", quiz)) == {example}
    assert link in (DOCS / path).read_text("utf-8")
