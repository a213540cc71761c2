"""Rotary position embedding and ALiBi: exact numbers, the offset property, and parity with naive loops."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import (
    alibi_bias,
    alibi_slopes,
    causal_distances,
    check_rope_offsets,
    rope_exponents,
    rope_frequencies,
    rope_scores,
    rotate,
)
from attention_core.examples.alibi import ALIBI
from attention_core.examples.rotary import ROTARY

FAST = settings(max_examples=40, deadline=None)


def loop_rotate(x: list[float], p: float, base: float = 10000.0) -> list[float]:
    """RoFormer's rotation written out pair by pair: (x_2i, x_2i+1) turned by p * base^(-2i/d)."""
    d, out = len(x), []
    for i in range(d // 2):
        angle = p * base ** (-2 * i / d)
        a, b = x[2 * i], x[2 * i + 1]
        out += [a * math.cos(angle) - b * math.sin(angle), a * math.sin(angle) + b * math.cos(angle)]
    return out


def test_frequencies_of_d_4() -> None:
    """Assert theta = (1, 1/100) for d = 4 and base 10000, and (1,) for d = 2."""
    np.testing.assert_allclose(rope_frequencies(4), [1.0, 0.01], rtol=1e-15)
    assert rope_frequencies(2).tolist() == [1.0]


def test_exponents_of_d_6_and_the_example_s_own() -> None:
    """Assert the exponents -2i/d are (0, -1/3, -2/3) for d = 6, and the rotary example's are (0, -1/2) for d = 4,
    with theta its base to those powers."""
    assert rope_exponents(6).tolist() == [0.0, -2 / 6, -4 / 6]
    assert ROTARY.exponents.tolist() == [0.0, -0.5]
    assert ROTARY.theta.tolist() == (float(ROTARY.base) ** ROTARY.exponents).tolist()


def test_rotation_by_a_quarter_turn() -> None:
    """Assert (1, 0) at position pi/2 with theta_0 = 1 becomes (0, 1): a quarter turn counter-clockwise."""
    np.testing.assert_allclose(rotate([[1.0, 0.0]], [math.pi / 2]), [[0.0, 1.0]], atol=1e-15)


def test_position_zero_is_not_rotated() -> None:
    """Assert the first row (position 0) of the example's rotated queries equals its query."""
    np.testing.assert_array_equal(ROTARY.rope.Q_rot[0], ROTARY.Q[0])


def test_example_scores_as_shown() -> None:
    """Assert the rotary scores the page shows: red-ball 1.540, red-rolls 0.091 = cos 0.02 - sin 2, rolls-red -1.325."""
    S = ROTARY.rope.scores
    assert [round(S[0, 1], 3), round(S[0, 2], 3), round(S[2, 0], 3)] == [1.540, 0.091, -1.325]
    # By hand: q_red = (1, 0 | 1, 0), k_rolls = (0, 1 | 1, 0), offset 2: -sin(2 x 1) + cos(2 x 1/100).
    assert S[0, 2] == pytest.approx(math.cos(0.02) - math.sin(2.0), rel=1e-14)


def test_example_offset_check_and_moved_pair() -> None:
    """Assert shifting by 5 changes no score beyond 1e-12 and the pair two apart scores 0.091 at 0, 3 and 10."""
    assert ROTARY.offsets.invariant and ROTARY.offsets.max_difference < 1e-12
    assert [round(x, 3) for x in ROTARY.moved_pair] == [0.091, 0.091, 0.091]
    assert ROTARY.unmoved_pair == 1.0


@FAST
@given(st.integers(0, 10_000), st.integers(1, 4), st.integers(1, 5), st.floats(-500, 500))
def test_scores_depend_only_on_the_offset(seed: int, half_d: int, n: int, shift: float) -> None:
    """Assert moving every position by the same amount leaves every rotary score unchanged to 1e-12 (relative)."""
    rng = np.random.default_rng(seed)
    Q, K = rng.normal(size=(n, 2 * half_d)), rng.normal(size=(n, 2 * half_d))
    check = check_rope_offsets(Q, K, shift)
    assert check.invariant, check.max_difference


@FAST
@given(st.integers(0, 10_000), st.integers(1, 4), st.floats(-100, 100))
def test_rotation_keeps_lengths(seed: int, half_d: int, p: float) -> None:
    """Assert a rotation changes no row's length."""
    x = np.random.default_rng(seed).normal(size=(1, 2 * half_d))
    np.testing.assert_allclose(np.linalg.norm(rotate(x, [p])), np.linalg.norm(x), rtol=1e-12)


@FAST
@given(st.integers(0, 10_000), st.integers(1, 3), st.integers(1, 4))
def test_rope_scores_match_a_loop(seed: int, half_d: int, n: int) -> None:
    """Assert rope_scores equals turned rows from a naive loop, dotted pairwise."""
    rng = np.random.default_rng(seed)
    Q, K = rng.normal(size=(n, 2 * half_d)), rng.normal(size=(n, 2 * half_d))
    q_rot = [loop_rotate(list(Q[i]), i) for i in range(n)]
    k_rot = [loop_rotate(list(K[j]), j) for j in range(n)]
    expected = [[sum(a * b for a, b in zip(q_rot[i], k_rot[j], strict=True)) for j in range(n)] for i in range(n)]
    np.testing.assert_allclose(rope_scores(Q, K).scores, expected, rtol=1e-12, atol=1e-12)


def test_alibi_slopes_of_eight_heads() -> None:
    """Assert h = 8 gives 1/2, 1/4, ..., 1/256 (Press et al. 2021) and h = 16 starts at 2^(-1/2)."""
    assert alibi_slopes(8).tolist() == [2.0**-k for k in range(1, 9)]
    assert alibi_slopes(16)[0] == pytest.approx(2**-0.5, rel=1e-15)


def test_alibi_slopes_of_a_number_of_heads_that_is_not_a_power_of_two() -> None:
    """Assert 12 heads get the 8-head sequence, then the 1st, 3rd, 5th and 7th slopes of the 16-head one, as the
    ALiBi authors' code gives them; and any h gets h distinct slopes in (0, 1)."""
    np.testing.assert_allclose(np.log2(alibi_slopes(12)), [-1, -2, -3, -4, -5, -6, -7, -8, -0.5, -1.5, -2.5, -3.5],
                               rtol=0, atol=1e-12)
    for h in range(1, 40):
        slopes = alibi_slopes(h)
        assert slopes.shape == (h,) and len(set(slopes.tolist())) == h and ((slopes > 0) & (slopes < 1)).all()


def test_alibi_bias_as_shown() -> None:
    """Assert the bias of slope 1/2 on 4 tokens: row away is (-3/2, -1, -1/2, 0) and the upper triangle -inf."""
    bias = alibi_bias(4, 0.5)
    assert bias[3].tolist() == [-1.5, -1.0, -0.5, 0.0]
    assert np.all(np.isneginf(bias[np.triu_indices(4, 1)]))
    assert ALIBI.bias.tolist() == bias.tolist()


def test_alibi_weights_fall_with_distance() -> None:
    """Assert away's weights with the bias are 0.102, 0.167, 0.276, 0.455, and 1/4 each without it."""
    assert [round(x, 3) for x in ALIBI.biased_weights[3]] == [0.102, 0.167, 0.276, 0.455]
    np.testing.assert_allclose(ALIBI.weights[3], [0.25] * 4, rtol=1e-15)


def test_distances_and_slope_exponents_of_the_alibi_example() -> None:
    """Assert the distances i - j of four tokens (away's row 3, 2, 1, 0, -inf above the diagonal), as a loop gives
    them, and the slope exponents -8k/h = -1 .. -8 of eight heads."""
    expected = [[float(i - j) if j <= i else -math.inf for j in range(4)] for i in range(4)]
    assert causal_distances(4).tolist() == expected == ALIBI.distances.tolist()
    assert ALIBI.slope_exponents.tolist() == [-8 * k / 8 for k in range(1, 9)]


def test_alibi_bias_matches_a_loop() -> None:
    """Assert alibi_bias equals -m (i - j) for j <= i, written as a loop."""
    m, n = 0.125, 5
    expected = [[-m * (i - j) if j <= i else -math.inf for j in range(n)] for i in range(n)]
    assert alibi_bias(n, m).tolist() == expected


@pytest.mark.parametrize(("call", "message"), [
    (lambda: rope_frequencies(3), "d must be even, got d=3"),
    (lambda: rotate(np.ones((2, 4)), [0.0]), "one position per row, n=2"),
    (lambda: rope_scores(np.ones((2, 4)), np.ones((2, 2))), "Q has d=4 but K has d=2"),
    (lambda: alibi_slopes(0), "h must be a whole number >= 1"),
    (lambda: alibi_bias(3, -1.0), "slope must be a finite real number > 0"),
    (lambda: rope_frequencies(4, base=0), "base must be a finite real number > 0"),
])
def test_bad_sizes_are_refused(call, message: str) -> None:
    """Assert odd widths, a position count that does not match, mismatched d, no heads and a negative slope raise."""
    with pytest.raises(ValueError, match=message):
        call()
