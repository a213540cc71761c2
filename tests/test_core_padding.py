"""Tests for the padding mask (attention_core.padding_mask)."""

from __future__ import annotations

import numpy as np
import pytest

from attention_core import causal_mask, padding_mask, scaled_dot_product_attention


def test_padding_columns_are_closed_for_every_query() -> None:
    """Assert the mask of (real, real, pad) allows the first two columns in every row."""
    assert padding_mask([True, True, False]).tolist() == [[True, True, False]] * 3


def test_padded_keys_get_exactly_zero_weight() -> None:
    """Assert padding and causal masks combine with & and padded keys get weight 0 on random inputs."""
    rng = np.random.default_rng(3)
    Q, K, V = rng.normal(size=(4, 2)), rng.normal(size=(4, 2)), rng.normal(size=(4, 3))
    real = [True, True, True, False]
    A = scaled_dot_product_attention(Q, K, V, mask=padding_mask(real) & causal_mask(4)).weights
    assert (A[:, 3] == 0).all()
    np.testing.assert_allclose(A.sum(axis=1), 1.0)


def test_all_padding_is_refused() -> None:
    """Assert a sequence with no real token is refused."""
    with pytest.raises(ValueError, match="padding only"):
        padding_mask([False, False])
