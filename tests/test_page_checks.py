"""Tests for beyond/checks.md: every answer is collapsed, and its facts are the example's numbers."""

from __future__ import annotations

import pathlib
import re

from attention_site.directives import expand_directives

PAGE = pathlib.Path(__file__).parent.parent / "docs" / "beyond" / "checks.md"


def expanded() -> str:
    """The checks page with its directives expanded (its checks pass or raise)."""
    return expand_directives(PAGE.read_text(encoding="utf-8"), "docs/beyond/checks.md")


def test_every_question_has_a_collapsed_answer() -> None:
    """Assert each of the eight questions is followed by a collapsed '??? success "Answer"' block."""
    text = PAGE.read_text(encoding="utf-8")
    assert len(re.findall(r'^\?\?\? question ', text, re.M)) == 8
    assert len(re.findall(r'^    \?\?\? success "Answer"$', text, re.M)) == 8


def test_answers_read_the_example() -> None:
    """Assert the answers say ball (1/2) beats rolls (1/4), S is ln 2 one way and 0 the other, d_k 1 and d_v 2."""
    text = " ".join(expanded().split())
    assert "*ball*, not *rolls*: its weight is 1/2, and *rolls* gets 1/4." in text
    assert "*rolls* scores *ball* $\\ln 2$, but *ball* scores *rolls* $0$." in text
    assert "$d_k$ = 1 and $d_v$ = 2: $Q$ and $K$ are 3 × 1 and 3 × 1, while $V$ is 3 × 2." in text
    assert "it may use only red, so its single weight is one, whatever its score." in text
