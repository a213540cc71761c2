"""Tests for beyond/checks.md: every question is multiple-choice, its feedback kept back in each option, and the
facts of the feedback are the examples' numbers."""

from __future__ import annotations

import pathlib
import re

from attention_site.directives import expand_directives

PAGE = pathlib.Path(__file__).parent.parent / "docs" / "beyond" / "checks.md"


def expanded() -> str:
    """The checks page with its directives expanded (its checks pass or raise)."""
    return expand_directives(PAGE.read_text(encoding="utf-8"), "docs/beyond/checks.md")


def test_every_question_is_multiple_choice_with_feedback_on_each_option() -> None:
    """Assert the eight questions on red ball rolls and the six of the lesson's quiz are multiple-choice questions,
    each option a collapsed block of its own feedback, one of them right."""
    text = PAGE.read_text(encoding="utf-8")
    assert len(re.findall(r'^!!! question choice "', text, re.M)) == 14
    options = re.findall(r'^    \?\?\? option (right )?"', text, re.M)
    assert 14 * 3 <= len(options) <= 14 * 4 and options.count("right ") == 14
    assert "??? success" not in text


def test_answers_read_the_example() -> None:
    """Assert the feedback says ball (1/2) beats rolls (1/4), S is ln 2 one way and 0 the other, d_k 1 and d_v 2,
    and the lesson's quiz offers late's new vector and the weight of is as the bus example computes them."""
    text = " ".join(expanded().split())
    assert '??? option right "*ball*"' in text
    assert "Its weight is 1/2, and *rolls* gets 1/4: the weights follow the scores" in text
    assert "*rolls* scores *ball* $\\ln 2$, but *ball* scores *rolls* $0$." in text
    assert "$d_k$ = 1 and $d_v$ = 2: $Q$ and $K$ are 3 × 1 and 3 × 1, while $V$ is 3 × 2." in text
    assert "It may use only red, so its single weight is one." in text
    assert '??? option right "(7.88, 2.12), a blend of all three values"' in text
    assert '??? option right "0.090: small, but above 0"' in text
