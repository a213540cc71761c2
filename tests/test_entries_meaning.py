"""Tests for the entries of 'meaning': hand-made features as keys, the query of it, and glass winning."""

from __future__ import annotations

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_keys_and_query_as_authored() -> None:
    """Assert the key of glass reads 1, 1, 0, 0 under noun, breakable, furniture, action and the query (3, 3, 0, 0)."""
    keys = expand("<!-- attn:table meaning keys -->")
    assert "| word \\ feature | noun | breakable | furniture | action |" in keys
    assert "| glass | 1 | 1 | 0 | 0 |" in keys and "| table | 1 | 0 | 1 | 0 |" in keys
    assert expand("<!-- attn:value meaning query -->") == "(3, 3, 0, 0)"


def test_glass_matches_on_two_features_and_wins() -> None:
    """Assert glass scores 6 (noun and breakable), table 3 (noun), and glass takes 0.636 of the weight to 0.142."""
    page = """
        <!-- attn:word meaning products row=glass pick=nonzero -->
        <!-- attn:word meaning products row=table pick=nonzero -->
        <!-- attn:value meaning scores row=it col=glass --> <!-- attn:value meaning scores row=it col=table -->
        <!-- attn:value meaning divisor --> <!-- attn:word meaning weights row=it pick=largest -->
        <!-- attn:value meaning weights row=it col=glass --> <!-- attn:value meaning weights row=it col=table -->
    """
    assert expand(page).splitlines() == ["noun and breakable", "noun", "6 3", "2 glass", "0.636 0.142"]


def test_weights_sum_to_one_and_the_rest_are_equal() -> None:
    """Assert the weight row of it shows nine entries, the seven unmatched words at 0.032 each."""
    row = expand("<!-- attn:table meaning weights -->").splitlines()[-1]
    assert row == "| it | 0.032 | 0.636 | 0.032 | 0.032 | 0.032 | 0.142 | 0.032 | 0.032 | 0.032 |"


def test_score_to_weight_reads_the_three_rows_down() -> None:
    """Assert the page's table gives each word its score, the score over 2 and its weight, glass and table apart."""
    table = expand("<!-- attn:table meaning score-to-weight -->").splitlines()
    assert table[1:4] == ["| word | score | scaled | weight |", "|:---|---:|---:|---:|", "| the₁ | 0 | 0 | 0.032 |"]
    assert "| glass | 6 | 3 | 0.636 |" in table and "| table | 3 | 3/2 | 0.142 |" in table
    assert len(table) == 3 + 9


def test_stale_winner_stops_the_build() -> None:
    """Assert a page claiming table wins stops at page:line with the weights quoted."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: the page says that in 'meaning weights' \(row it\) "
                                             r"the largest entry is table; with these inputs it is glass"):
        expand("Table wins.<!-- attn:check meaning weights row=it largest=table -->")
