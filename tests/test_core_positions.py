"""Position information: equivariance without positions, and each of the three methods breaking it."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import (
    add_positions,
    attention_without_positions,
    causal_mask,
    check_permutation,
    learned_position_table,
    permute_rows,
    relative_position_attention,
    relative_position_indices,
    sinusoidal_positions,
)
from attention_core.examples.positions import POSITIONS

FAST = settings(max_examples=40, deadline=None)


def loop_relative_attention(X, W_q, W_k, W_v, a_K, a_V, k, mask=None):
    """Shaw et al. 2018 with loops: e_ij = q_i . (k_j + a^K_ij) / sqrt(d_k), z_i = sum_j alpha_ij (v_j + a^V_ij)."""
    Q, K, V = X @ W_q, X @ W_k, X @ W_v
    n, d_k = Q.shape
    out = []
    for i in range(n):
        rel = [max(-k, min(k, j - i)) + k for j in range(n)]
        e = [sum(Q[i][c] * (K[j][c] + a_K[rel[j]][c]) for c in range(d_k)) / math.sqrt(d_k)
             if mask is None or mask[i][j] else -math.inf for j in range(n)]
        top = max(e)
        powers = [math.exp(x - top) if x != -math.inf else 0.0 for x in e]
        alpha = [p / sum(powers) for p in powers]
        out.append([sum(alpha[j] * (V[j][c] + a_V[rel[j]][c]) for j in range(n)) for c in range(V.shape[1])])
    return np.array(out)


def random_head(seed: int, n: int, d_model: int = 4, d_k: int = 3, d_v: int = 2):
    """Random X and one head's projections."""
    rng = np.random.default_rng(seed)
    return rng, rng.normal(size=(n, d_model)), [rng.normal(size=s) for s in ((d_model, d_k), (d_model, d_k),
                                                                              (d_model, d_v))]


def test_sinusoidal_table_follows_the_formula() -> None:
    """Assert PE[pos, 2i] = sin(pos / 10000^(2i/d)), PE[pos, 2i+1] = cos(...), including odd d_model."""
    for n, d_model in [(6, 4), (3, 5), (1, 1)]:
        table = sinusoidal_positions(n, d_model)
        for pos in range(n):
            for c in range(d_model):
                angle = pos / 10000 ** ((c - c % 2) / d_model)
                assert table[pos, c] == pytest.approx(math.sin(angle) if c % 2 == 0 else math.cos(angle), abs=1e-15)
    assert sinusoidal_positions(2, 4)[0].tolist() == [0, 1, 0, 1]


def test_relative_indices_clip_distances() -> None:
    """Assert clip(j - i, -1, 1) for four tokens."""
    assert relative_position_indices(4, 1).tolist() == [
        [0, 1, 1, 1], [-1, 0, 1, 1], [-1, -1, 0, 1], [-1, -1, -1, 0],
    ]
    assert relative_position_indices(3, 0).tolist() == [[0] * 3] * 3


def test_relative_attention_matches_plain_loops_on_random_shapes() -> None:
    """Assert relative_position_attention equals a loop implementation, masked and not, several clips."""
    for seed, n, k in [(0, 1, 0), (1, 3, 1), (2, 5, 2), (3, 6, 4)]:
        rng, X, (W_q, W_k, W_v) = random_head(seed, n)
        a_K, a_V = rng.normal(size=(2 * k + 1, 3)), rng.normal(size=(2 * k + 1, 2))
        for mask in (None, causal_mask(n)):
            result = relative_position_attention(X, W_q, W_k, W_v, a_K, a_V, k, mask=mask)
            expected = loop_relative_attention(X, W_q, W_k, W_v, a_K, a_V, k, mask)
            np.testing.assert_allclose(result.output, expected, rtol=0, atol=1e-12)
            np.testing.assert_allclose(result.weights.sum(axis=1), 1, atol=1e-12)


def test_relative_attention_with_zero_tables_is_plain_attention() -> None:
    """Assert zero a_K and a_V tables give the plain unmasked head."""
    _, X, (W_q, W_k, W_v) = random_head(7, 4)
    result = relative_position_attention(X, W_q, W_k, W_v, np.zeros((3, 3)), np.zeros((3, 2)), 1)
    np.testing.assert_allclose(result.output, attention_without_positions(W_q, W_k, W_v)(X), atol=1e-12)


@FAST
@given(st.integers(0, 10_000), st.integers(2, 6), st.data())
def test_attention_without_positions_is_permutation_equivariant(seed, n, data) -> None:
    """Assert reordering the input rows only reorders the output rows, for any order."""
    _, X, W = random_head(seed, n)
    order = data.draw(st.permutations(range(n)))
    check = check_permutation(attention_without_positions(*W), X, order)
    assert check.equivariant, check.max_difference


@FAST
@given(st.integers(0, 10_000), st.integers(2, 6))
def test_each_position_method_breaks_equivariance(seed, n) -> None:
    """Assert reversing the tokens changes more than the row order with sinusoidal, learned or relative positions."""
    rng, X, W = random_head(seed, n)
    X = 0.3 * X  # keep softmax away from one-hot rows: a token attending only to itself sees no relative offset
    order = list(reversed(range(n)))
    a_K, a_V = rng.normal(size=(3, 3)), rng.normal(size=(3, 2))
    methods = {
        "sinusoidal": attention_without_positions(*W, sinusoidal_positions(n, 4)),
        "learned": attention_without_positions(*W, learned_position_table(rng, n, 4)),
        "relative": lambda X: relative_position_attention(X, *W, a_K, a_V, 1).output,
    }
    for name, f in methods.items():
        assert not check_permutation(f, X, order).equivariant, name


def test_dog_bites_man() -> None:
    """Assert the example: same rows reordered without positions; each method makes the sentences differ."""
    checks = POSITIONS.checks
    assert POSITIONS.order == (2, 1, 0)
    assert checks["none"].equivariant
    np.testing.assert_allclose(checks["none"].permuted_output[0], checks["none"].output[2], atol=1e-12)
    for name in ("sinusoidal", "learned", "relative"):
        assert not checks[name].equivariant and checks[name].max_difference > 0.1, name
    assert POSITIONS.sinusoidal.shape == (6, 4)
    assert POSITIONS.distances.tolist() == [[0, 1, 1], [-1, 0, 1], [-1, -1, 0]]


def test_add_positions_and_permute_rows_bad_input() -> None:
    """Assert a short position table, a width mismatch and a non-permutation raise ValueError naming them."""
    E = np.ones((3, 4))
    np.testing.assert_allclose(add_positions(E, np.eye(5, 4)), E + np.eye(3, 4))
    with pytest.raises(ValueError, match="the position table has 2 rows but the sequence has n=3 tokens"):
        add_positions(E, np.ones((2, 4)))
    with pytest.raises(ValueError, match="E has d_model=4 but the position table has 3 columns"):
        add_positions(E, np.ones((3, 3)))
    with pytest.raises(ValueError, match=r"order must be a permutation of 0..2, got \[0, 0, 1\]"):
        permute_rows(E, [0, 0, 1])
    with pytest.raises(ValueError, match=r"a_K must have 2k\+1=3 rows and 3 columns for clip k=1"):
        relative_position_attention(np.eye(4), *random_head(0, 4)[2], np.ones((5, 3)), np.ones((3, 2)), 1)
