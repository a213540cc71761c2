"""Tests for the batched-heads entries (entries/batched_heads.py): a batch of two sequences, two heads."""

from __future__ import annotations

import pytest
from pages import expand

from attention_site.directives import DirectiveError


def test_sizes() -> None:
    """Assert B = 2, n = 3, d_model = 4, h = 2 and d_head = 2."""
    page = " ".join(f"<!-- attn:value batched-heads {name} -->" for name in ("b", "n", "d-model", "h", "d-head"))
    assert expand(page) == "2 3 4 2 2"


def test_shapes_table_rows() -> None:
    """Assert the shapes 2 × 3 × 4 → 2 × 3 × 2 × 2 (reshape) → 2 × 2 × 3 × 2 (transpose), scores 2 × 2 × 3 × 3."""
    table = expand("<!-- attn:table batched-heads shapes -->")
    assert "| reshape | the last axis cut into $h$ blocks | 2 × 3 × 2 × 2 |" in table
    assert "| transpose | heads moved next to the batch axis: $Q$ | 2 × 2 × 3 × 2 |" in table
    assert "| 2 × 2 × 3 × 3 |" in table


def test_split_rows_and_weights() -> None:
    """Assert red/h1 = (2, 1), red/h2 = (0, 1) and the weights of rolls/h1 (0.140, 0.576, 0.284)."""
    page = ("<!-- attn:value batched-heads queries-split row=red/h1 --> "
            "<!-- attn:value batched-heads queries-split row=red/h2 --> "
            "<!-- attn:value batched-heads weights row=rolls/h1 -->")
    assert expand(page) == "(2, 1) (0, 1) (0.140, 0.576, 0.284)"


def test_parities_are_zero() -> None:
    """Assert batched against per-head and x W against nn.Linear's x (W^T)^T both differ by 0.000."""
    page = "<!-- attn:value batched-heads per-head-difference --> <!-- attn:value batched-heads linear-difference -->"
    assert expand(page) == "0.000 0.000"


def test_linear_weight_is_the_transpose() -> None:
    """Assert row h1.1 of the stored weight is column h1.1 of W_Q, (1, 0, 1, 0)."""
    assert expand("<!-- attn:value batched-heads w-q-linear row=h1.1 -->") == "(1, 0, 1, 0)"
    assert expand("<!-- attn:value batched-heads w-q col=h1.1 -->") == "(1, 0, 1, 0)"


def test_a_wrong_claim_stops_the_build() -> None:
    """Assert claiming late/h2 favours k1 stops with page and line (its weights are a third each)."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: "):
        expand("<!-- attn:check batched-heads weights row=late/h2 largest=k1 -->")
