"""Tests for the trained-head entries (entries/trained_head.py): the shares, the loss, the maps and the curve."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pages import dedented, expand

from attention_core.examples.trained_head import TRAINED_HEAD
from attention_site.directives import DirectiveError, expand_directives


def test_the_shares_before_and_after() -> None:
    """Assert the held-out batch's weight on the previous token: 0.322 at first (as even, 0.321), 0.853 trained."""
    assert expand("<!-- attn:table trained-head previous-share -->") == "\n" + dedented("""
        | weight on the previous token | initial | trained | even | initial-minus-even |
        |:---|---:|---:|---:|---:|
        | held out | 0.322 | 0.853 | 0.321 | 0.002 |
        """) + "\n"


def test_the_loss_and_the_right_answers() -> None:
    """Assert the training loss falls from 1.606 (ln 5 = 1.609) to 0.004, and right answers rise to 1.000."""
    page = ("<!-- attn:value trained-head loss --> <!-- attn:value trained-head accuracy -->"
            "<!-- attn:check trained-head loss greater=initial,trained -->"
            "<!-- attn:check trained-head accuracy greater=trained,even-map,initial -->"
            "<!-- attn:check trained-head previous-share col=trained size=most -->"
            "<!-- attn:check trained-head loss col=initial-minus-chance size=near -->")
    assert expand(page) == "(1.606, 0.004, 1.609, −0.004) (0.203, 1.000, 0.500)"


def test_the_sizes_and_the_words() -> None:
    """Assert the vocabulary a to e, d_model = 5 + 5 = 10, d_k 4, 150 steps at learning rate 1 on 16 sequences (sizes
    a browser retrains within the live pages' budget, and the head still learns the task: see the shares)."""
    page = " ".join(f"<!-- attn:{kind} trained-head {name} -->" for kind, name in (
        ("word", "words pick=labels"), ("value", "d-model"), ("value", "d-k"), ("value", "steps"),
        ("value", "learning-rate"), ("value", "sequences"), ("value", "seed")))
    assert expand(page) == "a, b, c, d and e 10 4 150 1 16 7"


def test_the_trained_map_reads_its_numbers() -> None:
    """Assert the trained map's text alternative: held-out sequence 1 (d e d e e), 0.925 on 1 d from 2 e."""
    svg = expand("<!-- attn:figure trained-head trained-map -->")
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.S)
    assert desc is not None
    assert "2 e: 0.925, 0.075, masked, masked, masked." in desc.group(1)
    assert "5 e: 0.030, 0.146, 0.005, 0.773, 0.045." in desc.group(1)


def test_the_curve_draws_both_series_at_every_point() -> None:
    """Assert the chart is drawn wide and narrow, each with both series at the example's 16 points."""
    svg = expand("<!-- attn:figure trained-head training-curve -->")
    assert svg.count("<svg") == 2
    assert svg.count("<title>loss: ") == 2 * len(TRAINED_HEAD.curve_steps) == 32  # a tooltip on each point
    assert "Loss: 1.606, " in svg


def test_the_even_gap_is_a_size_the_example_declares() -> None:
    """Assert a page cannot call the trained share 'near' the even one: the check stops the build."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: the page says"):
        expand("Near.<!-- attn:check trained-head previous-share col=trained size=near -->")


def test_the_page_expands_with_every_claim_holding() -> None:
    """Assert docs/beyond/trained-head.md expands whole: three figures, no directive left, its shares in prose."""
    page = "docs/beyond/trained-head.md"
    text = expand_directives((Path(__file__).resolve().parent.parent / page).read_text(), page)
    assert "attn:" not in text
    assert text.count('<figure class="attn-figure"') == 3
    assert "the weight on the previous word is now\n0.853: most of the weight" in text
