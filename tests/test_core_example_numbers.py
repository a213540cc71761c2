"""The numbers the examples compute for their pages, which entries once computed themselves (#34): exact values."""

from __future__ import annotations

import math

import numpy as np
import pytest

from attention_core import embed, embedding_scale, softmax
from attention_core.examples.batched_heads import BATCHED_HEADS
from attention_core.examples.bus_is_late import BUS_IS_LATE
from attention_core.examples.meaning import MEANING
from attention_core.examples.whole_model import WHOLE_MODEL


def test_bus_is_late_powers_of_e_run_from_0_to_the_largest_score() -> None:
    """Assert the teacher's table of powers is e^0 .. e^3: 3 is the largest score (is against bus, (1, 1)·(2, 1))."""
    assert BUS_IS_LATE.power_exponents.tolist() == [0, 1, 2, 3]
    assert BUS_IS_LATE.powers_of_e.tolist() == [1.0, math.e, math.exp(2), math.exp(3)]


def test_bus_is_late_score_asymmetry_is_s_minus_its_transpose() -> None:
    """Assert S - S^T for bus, is, late: S = ((1, 2, 1), (3, 2, 2), (2, 0, 1)), so is scores bus 3, bus scores is 2."""
    assert BUS_IS_LATE.all_tokens.scaled.tolist() == [[1, 2, 1], [3, 2, 2], [2, 0, 1]]
    assert BUS_IS_LATE.score_asymmetry.tolist() == [[0, -1, -1], [1, 0, 2], [1, -2, 0]]


def test_meaning_divisor_is_the_square_root_of_d_k() -> None:
    """Assert the divisor of the meaning page is sqrt(4) = 2, and the scaled scores are the scores halved."""
    assert (MEANING.d_k, MEANING.divisor) == (4, 2.0)
    assert MEANING.scaled.tolist() == (MEANING.scores / 2).tolist()


def test_whole_model_embedding_scale_is_the_one_embed_uses() -> None:
    """Assert sqrt(d_model) = 2 for d_model = 4, and embed's rows are E's rows times it."""
    assert WHOLE_MODEL.embedding_scale == embedding_scale(4) == 2.0
    assert embed([1], WHOLE_MODEL.E).tolist() == [[0.0, 2.0, 0.0, 1.0]]
    with pytest.raises(ValueError, match="d_model must be a whole number >= 1, got 0"):
        embedding_scale(0)


def test_whole_model_target_probability_is_the_softmax_entry_the_loss_reads() -> None:
    """Assert exp(-loss) is softmax(z)[rolls] of the last row at T = 1 (0.062 on the page, loss 2.786)."""
    p = softmax(WHOLE_MODEL.run.last_logits)[WHOLE_MODEL.target_index]
    assert WHOLE_MODEL.target_probability == pytest.approx(p, rel=1e-12)
    assert round(WHOLE_MODEL.target_probability, 3) == 0.062


def test_whole_model_cumulative_totals_end_at_1_and_are_running_sums() -> None:
    """Assert each distribution's running totals rise to 1 and their differences give the distribution back."""
    totals = WHOLE_MODEL.cumulative
    assert totals.shape == (3, len(WHOLE_MODEL.vocabulary))
    assert totals[:, -1] == pytest.approx([1, 1, 1], abs=1e-12)
    assert np.diff(totals, axis=1, prepend=0) == pytest.approx(WHOLE_MODEL.distributions, abs=1e-15)


def test_whole_model_options_take_their_bounds_from_the_declared_ranges() -> None:
    """Assert layers may be 1 to 4 and heads 1 to d_model = 4, as the example declares them; no range, an error."""
    assert WHOLE_MODEL.range_of("layers") == (1, 4)
    assert WHOLE_MODEL.range_of("h") == (1, WHOLE_MODEL.d_model) == (1, 4)
    with pytest.raises(ValueError, match=r"WholeModel\.target declares no range; inputs with one: weight_seed, layers"):
        WHOLE_MODEL.range_of("target")


def test_batched_heads_full_width_queries_are_x_w_q_exactly() -> None:
    """Assert X W_q of red (1, 0, 1, 0) is (2, 1, 0, 1), its cut gives head 1 (2, 1) and head 2 (0, 1)."""
    assert BATCHED_HEADS.d_head == 2
    assert BATCHED_HEADS.queries_full.shape == (2, 3, 4)
    assert BATCHED_HEADS.queries_full[0, 0].tolist() == [2, 1, 0, 1]
    assert BATCHED_HEADS.queries_cut[0, 0].tolist() == [[2, 1], [0, 1]]
    assert np.array_equal(BATCHED_HEADS.queries_cut.transpose(0, 2, 1, 3), BATCHED_HEADS.batched.Q)


def test_batched_heads_parity_differences_are_zero_up_to_rounding() -> None:
    """Assert batched and per-head U, and x W and nn.Linear's x (W^T)^T, agree to 1e-12."""
    assert 0 <= BATCHED_HEADS.per_head_difference <= 1e-12
    assert BATCHED_HEADS.linear_difference == 0.0


def test_whole_model_choices_target_and_peaks() -> None:
    """Assert the one-hot rows the page shows: greedy and top-p pick stops, the draw rolls, top-k away (u = 0.179);
    the target rolls; and each temperature's largest probability (0.948, 0.687, 0.408 at T = 1/2, 1, 2)."""
    words = WHOLE_MODEL.vocabulary
    assert [words[int(row.argmax())] for row in WHOLE_MODEL.choices] == ["stops", "rolls", "away", "stops"]
    assert WHOLE_MODEL.choices.sum(axis=1).tolist() == [1, 1, 1, 1]
    assert WHOLE_MODEL.target_row.tolist() == [0, 0, 0, 1, 0, 0]
    assert np.round(WHOLE_MODEL.peaks, 3).tolist() == [0.948, 0.687, 0.408]
