"""Tests for the training-step entries (entries/training_step.py): softmax Jacobians and one step on W_Q."""

from __future__ import annotations

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError


def test_raw_jacobian_table() -> None:
    """Assert the raw Jacobian shows 0.105 on the diagonal and −0.105 off it."""
    assert expand("<!-- attn:table training-step raw-jacobian -->") == "\n" + dedented("""
        | weight \\ score | k1 | k2 |
        |:---|---:|---:|
        | k1 | 0.105 | −0.105 |
        | k2 | −0.105 | 0.105 |
        """) + "\n"


def test_largest_entries_shrink() -> None:
    """Assert the largest entries 0.105 (raw) and 0.197 (scaled), the ratio 0.534, and every entry shrinking."""
    page = ("<!-- attn:value training-step largest-entries col=largest --> "
            "<!-- attn:value training-step largest-ratio -->"
            "<!-- attn:check training-step largest-growth sign=negative -->")
    assert expand(page) == "(0.105, 0.197) 0.534"


def test_the_saturated_pair_and_the_gradients_per_raw_unit() -> None:
    """Assert the saturated pair (8, 0), scaled (4, 0), and per raw unit 0.105 raw against 0.0983 scaled for the
    mild scores, 0.000335 against 0.00883 (26.3 times) for the saturated ones, with the page's claims holding."""
    assert expand("<!-- attn:table training-step dot-product-gradients -->") == "\n" + dedented("""
        | raw pair | unscaled | scaled | ratio |
        |:---|---:|---:|---:|
        | mild | 0.105 | 0.0983 | 0.936 |
        | saturated | 0.000335 | 0.00883 | 26.3 |
        """) + "\n"
    page = ("<!-- attn:value training-step saturated-scores row=raw --> "
            "<!-- attn:value training-step saturated-scores row=scaled --> "
            "<!-- attn:value training-step saturated-weights row=scaled -->"
            "<!-- attn:check training-step dot-product-gradients row=mild greater=unscaled,scaled -->"
            "<!-- attn:check training-step dot-product-gradients row=saturated greater=scaled,unscaled -->")
    assert expand(page) == "(8, 0) (4, 0) (0.982, 0.0180)"
    with pytest.raises(DirectiveError, match="mild"):
        expand("<!-- attn:check training-step dot-product-gradients row=mild greater=scaled,unscaled -->")


def test_backward_pass_rows() -> None:
    """Assert o - t = (1/2, −3/4), dL/dA = (1/2, −3/2, −1/4), dL/dM = (19/64, −13/32, 7/64), dW_Q rolls −0.282."""
    page = ("<!-- attn:value training-step error row=rolls --> <!-- attn:value training-step d-weights row=rolls --> "
            "<!-- attn:value training-step d-scores row=rolls --> <!-- attn:value training-step d-w-q row=rolls -->")
    assert expand(page) == "(1/2, −3/4) (1/2, −3/2, −1/4) (19/64, −13/32, 7/64) −0.282"


def test_rolls_jacobian_is_exact() -> None:
    """Assert J at rolls' weights has 3/16, 1/4, 3/16 on its diagonal."""
    cell = "<!-- attn:value training-step rolls-jacobian row={0} col={0} -->"
    page = " ".join(cell.format(token) for token in ("red", "ball", "rolls"))
    assert expand(page) == "3/16 1/4 3/16"


def test_words_of_the_step() -> None:
    """Assert ball is the most negative dL/dA and dL/dM, and the target is ball's value row."""
    page = ("<!-- attn:word training-step d-weights row=rolls pick=smallest --> "
            "<!-- attn:word training-step d-scores row=rolls pick=smallest --> "
            "<!-- attn:word training-step target-distance col=distance pick=smallest -->")
    assert expand(page) == "ball ball ball"


def test_step_and_loss() -> None:
    """Assert W_Q's rolls entry becomes 1.282, ball's weight 0.549, and the loss falls from 0.406 to 0.331."""
    page = ("<!-- attn:value training-step w-q-after row=rolls --> "
            "<!-- attn:value training-step weights-after row=rolls col=ball --> "
            "<!-- attn:value training-step loss row=loss -->"
            "<!-- attn:check training-step loss greater=before,after -->")
    assert expand(page) == "1.282 0.549 (0.406, 0.331)"


def test_a_wrong_claim_stops_the_build() -> None:
    """Assert claiming the loss rose stops the build with page and line."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: "):
        expand("<!-- attn:check training-step loss greater=after,before -->")
