"""Tests for the second head, concatenation, W_O and residual entries (entries/red_ball_rolls/heads.py)."""

from __future__ import annotations

import textwrap

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_head2_weighted_sum_table() -> None:
    """Assert head 2's weighted sum for rolls reads (1/2, 1/4, 1/4) and totals (3/4, 3/4), as the deck says."""
    assert expand("<!-- attn:table red-ball-rolls head2-weighted-sum -->") == textwrap.dedent("""
        | source token | head 2 weight | value | weighted contribution |
        |:---|---:|---:|---:|
        | red | 1/2 | (1, 0) | (1/2, 0) |
        | ball | 1/4 | (0, 2) | (0, 1/2) |
        | rolls | 1/4 | (1, 1) | (1/4, 1/4) |
        | output |  |  | (3/4, 3/4) |
        """)


def test_concatenation_inline_and_tex() -> None:
    """Assert the concatenated row of rolls is (1/2, 5/4, 3/4, 3/4) in prose and in LaTeX."""
    page = """
        Concat: <!-- attn:value red-ball-rolls concat row=rolls -->.
        $c = <!-- attn:tex red-ball-rolls concat row=rolls -->$
        """
    assert expand(page) == textwrap.dedent("""
        Concat: (1/2, 5/4, 3/4, 3/4).
        $c = \\left(\\tfrac{1}{2}, \\tfrac{5}{4}, \\tfrac{3}{4}, \\tfrac{3}{4}\\right)$""").strip("\n")


def test_w_o_u_and_residual_for_rolls() -> None:
    """Assert W_O is shown as authored, U for rolls is (−1/4, 5/4, 1) and the residual adds x = (0, 0, 1)."""
    assert expand("<!-- attn:table red-ball-rolls w-o -->") == textwrap.dedent("""
        | row of $W_O$ | u1 | u2 | u3 |
        |:---|---:|---:|---:|
        | h1 o1 | 1 | 0 | 1/2 |
        | h1 o2 | 0 | 1 | 0 |
        | h2 o1 | 0 | 0 | 1 |
        | h2 o2 | −1 | 0 | 0 |
        """)
    page = "<!-- attn:value red-ball-rolls x row=rolls --> + <!-- attn:value red-ball-rolls u row=rolls -->"
    page += " = <!-- attn:value red-ball-rolls residual row=rolls -->"
    assert expand(page) == "(0, 0, 1) + (−1/4, 5/4, 1) = (−1/4, 5/4, 2)"


def test_heads_side_by_side() -> None:
    """Assert the two heads' weight rows and outputs for rolls sit in one table."""
    assert expand("<!-- attn:table red-ball-rolls heads-side-by-side -->") == textwrap.dedent("""
        | head | weights over red, ball, rolls | output for rolls |
        |:---|---:|---:|
        | head 1 | (1/4, 1/2, 1/4) | (1/2, 5/4) |
        | head 2 | (1/2, 1/4, 1/4) | (3/4, 3/4) |
        """)


def test_unknown_name_suggests_the_nearest() -> None:
    """Assert a misspelt head-2 name stops with page:line and a suggestion."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:2: unknown table 'head2-weight' .*head2-weights"):
        expand("intro\n<!-- attn:table red-ball-rolls head2-weight -->")


def test_head2_heatmap_is_labelled() -> None:
    """Assert head 2's heat map is an SVG figure whose text alternative lists the rolls row."""
    html = expand("<!-- attn:figure red-ball-rolls head2-heatmap -->")
    assert html.startswith('\n<figure class="attn-figure" markdown="0">\n<svg')
    assert "rolls: 1/2, 1/4, 1/4." in html


def test_contributions_by_source() -> None:
    """Assert the interpretation table gives each source token's weight and contribution in both heads."""
    assert expand("<!-- attn:table red-ball-rolls rolls-by-source -->") == textwrap.dedent("""
        | source token | head 1 weight | head 1 contribution | head 2 weight | head 2 contribution |
        |:---|---:|---:|---:|---:|
        | red | 1/4 | (1/4, 0) | 1/2 | (1/2, 0) |
        | ball | 1/2 | (0, 1) | 1/4 | (0, 1/2) |
        | rolls | 1/4 | (1/4, 1/4) | 1/4 | (1/4, 1/4) |
        """)


def test_heads_side_by_side_for_checks() -> None:
    """Assert the keys (largest ln 2 on ball in head 1, on red in head 2) and rolls' weights and outputs by head."""
    assert expand("<!-- attn:table red-ball-rolls keys-by-head -->") == textwrap.dedent("""
        | token | head-1 | head-2 |
        |:---|---:|---:|
        | red | 0 | ln 2 |
        | ball | ln 2 | 0 |
        | rolls | 0 | 0 |
        """)
    page = "<!-- attn:word red-ball-rolls keys-by-head col=head-2 pick=largest -->"
    page += "<!-- attn:check red-ball-rolls rolls-weights-by-head row=red greater=head-2,head-1 -->"
    page += " <!-- attn:value red-ball-rolls rolls-output-by-head row=o1 -->"
    page += "<!-- attn:check red-ball-rolls rolls-output-by-head row=o1 greater=head-2,head-1 -->"
    assert expand(page) == "red (1/2, 3/4)"


def test_heads_share_the_value_rows() -> None:
    """Assert head 2's value rows minus head 1's are all 0, and a check saying otherwise stops the build."""
    page = "<!-- attn:check red-ball-rolls values-head2-minus-head1 col=v1 nonzero=none -->"
    page += "<!-- attn:check red-ball-rolls values-head2-minus-head1 col=v2 nonzero=none -->"
    assert expand(page) == ""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: the page says .* non-zero entries is red"):
        expand("<!-- attn:check red-ball-rolls values-head2-minus-head1 col=v1 nonzero=red -->")


def test_which_heads_each_column_of_w_o_takes_from() -> None:
    """Assert columns u1 and u3 of W_O take from both heads and u2 from head 1 only (1 non-zero entry in h1)."""
    assert expand("<!-- attn:table red-ball-rolls w-o-heads -->") == textwrap.dedent("""
        | head \\ column of $W_O$ | u1 | u2 | u3 |
        |:---|---:|---:|---:|
        | h1 | 1 | 1 | 1 |
        | h2 | 1 | 0 | 1 |
        """)
    assert expand("<!-- attn:word red-ball-rolls w-o-heads col=u2 pick=nonzero -->") == "h1"


def test_first_entry_of_u_for_rolls_as_products() -> None:
    """Assert u_rolls,1 = 1/2 + 0 + 0 - 3/4 = −1/4, negative."""
    page = "<!-- attn:value red-ball-rolls rolls-u-terms col=u1 -->"
    page += " <!-- attn:word red-ball-rolls u row=rolls col=u1 pick=sign -->"
    assert expand(page) == "(1/2, 0, 0, −3/4) negative"


def test_head2_caption_names_the_largest_weights() -> None:
    """Assert the heat map's caption names red for head 2 and ball for head 1, computed from the weights."""
    assert "largest weight goes to red; in head 1 it went to ball." in expand(
        "<!-- attn:figure red-ball-rolls head2-heatmap -->")


def test_the_by_head_summaries_name_the_heads_widths() -> None:
    """Assert the summaries of keys-by-head and rolls-output-by-head name the columns and rows the data gives: a
    head 2 of d_k = 2 has keys k1, k2, and values three wide give o1, o2, o3 (they typed head-1, head-2 and o1, o2)."""
    from test_entry_summaries import summaries

    wide_keys = summaries("red-ball-rolls", {"W_q2_text": [["0", "1"], ["0", "0"], ["1", "0"]],
                                             "W_k2_text": [["ln 2", "0"], ["0", "0"], ["0", "1"]]}, "keys-by-head")
    assert wide_keys["keys-by-head"][0].endswith("(d_k = 1): columns head-1 k1, head-2 k1, head-2 k2.")
    three = [["1", "0", "0"], ["0", "2", "0"], ["1", "1", "1"]]
    wide_values = summaries("red-ball-rolls", {"W_v_text": three, "W_v2_text": three,
                                               "W_o_text": [["1", "0", "0"]] * 6}, "rolls-output-by-head")
    assert wide_values["rolls-output-by-head"][0].endswith("rows are output entries o1, o2, o3.")
