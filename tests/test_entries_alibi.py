"""Tests for the ALiBi entries (entries/alibi.py): four equal scores and the bias of head 1 of 8."""

from __future__ import annotations

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError


def test_slopes_of_eight_heads() -> None:
    """Assert h = 8, head 1's slope 1/2, and head 8's slope 0.0039 (2^−8) to four places."""
    page = ("<!-- attn:value alibi heads --> <!-- attn:value alibi slope --> "
            "<!-- attn:value alibi slopes row=head8 -->")
    assert expand(page) == "8 1/2 0.0039"
    table = expand("<!-- attn:table alibi slope-table -->")
    assert "| head1 | −1 | 0.5000 |" in table and "| head8 | −8 | 0.0039 |" in table


def test_bias_matrix() -> None:
    """Assert the bias of slope 1/2: 0 on the diagonal, −1/2 per step back, −∞ above the diagonal."""
    assert expand("<!-- attn:table alibi bias -->") == "\n" + dedented("""
        | query \\ key | the | ball | rolls | away |
        |:---|---:|---:|---:|---:|
        | the | 0 | −∞ | −∞ | −∞ |
        | ball | −1/2 | 0 | −∞ | −∞ |
        | rolls | −1 | −1/2 | 0 | −∞ |
        | away | −3/2 | −1 | −1/2 | 0 |
        """) + "\n"


def test_weights_with_and_without_the_bias() -> None:
    """Assert away's weights: 1/4 each without the bias, (0.102, 0.167, 0.276, 0.455) with it, largest away."""
    assert expand("<!-- attn:value alibi weights row=away -->") == "(0.250, 0.250, 0.250, 0.250)"
    assert expand("<!-- attn:value alibi biased-weights row=away -->") == "(0.102, 0.167, 0.276, 0.455)"
    assert expand("<!-- attn:word alibi biased-weights row=away pick=largest -->") == "away"
    assert expand("<!-- attn:check alibi biased-weights row=away greater=away,rolls,ball,the -->") == ""


def test_distance_and_a_wrong_claim() -> None:
    """Assert away is 3 back from the, and a claim that the scores differ per key is refused at page:line."""
    assert expand("<!-- attn:value alibi distances row=away col=the -->") == "3"
    table = expand("<!-- attn:table alibi distance-table -->")
    assert "| the | 0 | masked | masked | masked |" in table and "| away | 3 | 2 | 1 | 0 |" in table
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: .*the largest entry.*is the"):
        expand("<!-- attn:check alibi biased-weights row=away largest=the -->")


def test_slope_table_of_a_head_count_that_is_not_a_power_of_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert with h = 9 the exponent column is log2 of each slope (head 9 takes 2^(−1/2) from the sequence for 16
    heads, as ALiBi's code does) and the headers no longer claim m_r = 2^(−8r/h), which holds for a power of two."""
    from dataclasses import replace

    from attention_site.directives.entries import alibi

    monkeypatch.setattr(alibi, "EX", replace(alibi.EX, heads=9))
    table = expand("<!-- attn:table alibi slope-table -->")
    assert "| head $r$ | exponent $\\log_2 m_r$ | slope $m_r$ |" in table
    assert "| head1 | −1 | 0.5000 |" in table and "| head9 | −1/2 | 0.7071 |" in table
    assert "-8r/h" not in table


def test_the_pages_slope_formula_takes_its_constant_from_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert the ALiBi page's display formula m_r = 2^(-8r/h) is written with attn:tex alibi slope-span, which is
    the core's ALIBI_SPAN, the constant alibi_slopes uses (its last slope is 2^-8): a change of it reaches the page."""
    from pathlib import Path

    from attention_core.rotary import ALIBI_SPAN, alibi_slopes

    page = (Path(__file__).resolve().parent.parent / "docs/beyond/rotary-and-alibi.md").read_text(encoding="utf-8")
    (formula,) = [line for line in page.splitlines() if line.startswith("m_r = ")]
    assert expand(formula) == "m_r = 2^{-8r/h} ."
    assert alibi_slopes(8)[-1] == 2.0 ** -ALIBI_SPAN
    import attention_site.directives.entries.alibi as entries

    monkeypatch.setattr(entries, "ALIBI_SPAN", 6)
    assert expand(formula) == "m_r = 2^{-6r/h} ."
