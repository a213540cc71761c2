"""Rotary positions in depth: wavelengths of a real head, context extension, and the sinusoid's shift as a turn."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import (
    interpolated_positions,
    ntk_aware_base,
    rope_frequencies,
    rope_scores,
    rope_wavelengths,
    rotate,
    sinusoid_shift_as_rotation,
    sinusoidal_positions,
)
from attention_core.examples.rotary import ROTARY

FAST = settings(max_examples=40, deadline=None)


def test_wavelengths_of_a_head_of_128() -> None:
    """Assert d = 128, base 10^4: pair 0 turns once in 2 pi = 6.28 positions, pair 63 in 54,410; base 500,000 makes
    pair 63's 2,559,196 (2 pi * base^(126/128), by hand)."""
    short = rope_wavelengths(128)
    assert short.shape == (64,) and short[0] == pytest.approx(2 * math.pi, rel=1e-15)
    assert round(short[-1]) == 54_410 and short[-1] == pytest.approx(2 * math.pi * 10_000 ** (126 / 128), rel=1e-12)
    assert round(rope_wavelengths(128, 500_000)[-1]) == 2_559_196
    np.testing.assert_array_equal(ROTARY.wavelengths[:, 0], short)


def test_position_interpolation_of_four_times_2048() -> None:
    """Assert Chen et al.'s p / s for s = 4: 0, 1, 2048, 8191 are read at 0, 1/4, 512 and 2047.75, below 2048."""
    assert interpolated_positions([0, 1, 2048, 8191], 4).tolist() == [0.0, 0.25, 512.0, 2047.75]
    assert ROTARY.interpolated.tolist() == [[0, 0], [1, 0.25], [2048, 512], [8191, 2047.75]]


def test_ntk_aware_base_of_the_example() -> None:
    """Assert base 10^4, s = 4, d = 128 gives 10^4 * 4^(128/126) = 40,889.94, theta_0 still 1 and pair 63's theta
    0.000115 / 4 = 0.0000289."""
    assert ntk_aware_base(10_000, 4, 128) == pytest.approx(10_000 * 4 ** (128 / 126), rel=1e-15)
    assert round(ROTARY.ntk_base, 2) == 40_889.94
    np.testing.assert_allclose(ROTARY.ntk_theta, [[1.0, 1.0], [1.15478198e-4, 2.88695496e-5]], rtol=1e-8)


@FAST
@given(st.integers(2, 64), st.floats(1.0, 64.0), st.sampled_from([1e4, 5e5, 1e6]))
def test_ntk_aware_scaling_keeps_pair_0_and_slows_the_last_pair_by_the_factor(half_d: int, s: float,
                                                                               base: float) -> None:
    """Assert, for any even d >= 4, factor and base: theta_0 = 1 still and the last theta divided by exactly s."""
    d = 2 * half_d
    before, after = rope_frequencies(d, base), rope_frequencies(d, ntk_aware_base(base, s, d))
    assert after[0] == 1.0
    assert before[-1] / after[-1] == pytest.approx(s, rel=1e-9)


def test_refusals_name_the_value() -> None:
    """Assert NTK-aware scaling refuses d = 2 (d - 2 = 0) and interpolation a matrix of positions."""
    with pytest.raises(ValueError, match="d=2"):
        ntk_aware_base(10_000, 4, 2)
    with pytest.raises(ValueError, match="one finite row"):
        interpolated_positions([[0, 1]], 4)
    with pytest.raises(ValueError, match="factor"):
        interpolated_positions([0, 1], 0)


def test_sinusoid_shift_of_the_example() -> None:
    """Assert at d = 4 the row of position 3, (sin 3, cos 3, sin 0.03, cos 0.03), turned by -2 theta_i is the row
    of 5: (-0.959, 0.284, 0.050, 0.999), to rounding."""
    rot = ROTARY.shift_rotation
    np.testing.assert_allclose(rot.pe, [math.sin(3), math.cos(3), math.sin(0.03), math.cos(0.03)], rtol=1e-12)
    assert [round(x, 3) for x in rot.turned] == [-0.959, 0.284, 0.050, 0.999]
    assert rot.max_difference < 1e-12


@FAST
@given(st.integers(0, 500), st.integers(0, 500), st.integers(1, 16))
def test_a_shift_of_the_sinusoidal_table_is_a_rotation(p: int, k: int, half_d: int) -> None:
    """Assert PE(p + k) equals PE(p) turned pair by pair by -k theta_i at base 10^4, for any p, k and even d."""
    rot = sinusoid_shift_as_rotation(p, k, 2 * half_d)
    np.testing.assert_allclose(rot.turned, sinusoidal_positions(p + k + 1, 2 * half_d)[p + k], atol=1e-9)


@FAST
@given(st.integers(0, 10_000), st.integers(1, 8), st.floats(-1e4, 1e4))
def test_rotation_preserves_every_pair_s_length(seed: int, half_d: int, p: float) -> None:
    """Assert a rotation changes no pair's length, not only the row's: each pair turns in its own plane."""
    x = np.random.default_rng(seed).normal(size=(1, 2 * half_d))
    pairs, turned = x.reshape(-1, 2), rotate(x, [p]).reshape(-1, 2)  # (d/2, 2) each
    np.testing.assert_allclose(np.linalg.norm(turned, axis=1), np.linalg.norm(pairs, axis=1), rtol=1e-12)


@FAST
@given(st.integers(0, 10_000), st.integers(1, 8), st.integers(0, 2000), st.integers(0, 2000), st.integers(0, 2000))
def test_a_query_key_score_depends_only_on_m_minus_n(seed: int, half_d: int, m: int, n: int, t: int) -> None:
    """Assert q_m . k_n = q_(m+t) . k_(n+t) for random q, k, positions m, n and shift t (Su et al. 2021)."""
    rng = np.random.default_rng(seed)
    q, k = rng.normal(size=(1, 2 * half_d)), rng.normal(size=(1, 2 * half_d))
    here = rope_scores(q, k, [m], [n]).scores[0, 0]
    moved = rope_scores(q, k, [m + t], [n + t]).scores[0, 0]
    assert moved == pytest.approx(here, rel=1e-9, abs=1e-9)


def test_the_figure_s_rows_are_red_s_query_turned() -> None:
    """Assert the figure's first position (0) leaves red's pairs (1, 0), (1, 0) as they are, and position 1 turns
    pair 0 by one radian: (cos 1, sin 1)."""
    np.testing.assert_array_equal(ROTARY.figure_rows[0], [[1.0, 0.0], [1.0, 0.0]])
    np.testing.assert_allclose(ROTARY.figure_rows[1, 0], [math.cos(1), math.sin(1)], rtol=1e-15)
