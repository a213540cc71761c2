"""The numbers the examples compute for their pages, which entries once computed themselves (#34): exact values."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from attention_core import (
    GIB,
    embed,
    embedding_scale,
    feed_forward_steps,
    layer_macs,
    layer_norm,
    softmax,
    softmax_steps,
    transformer_layer,
)
from attention_core.examples.alibi import ALIBI
from attention_core.examples.batched_heads import BATCHED_HEADS
from attention_core.examples.bus_is_late import BUS_IS_LATE
from attention_core.examples.cross_padding import CROSS_PADDING
from attention_core.examples.grouped_heads import GROUPED_HEADS
from attention_core.examples.inference import INFERENCE
from attention_core.examples.kv_memory import KV_MEMORY
from attention_core.examples.meaning import MEANING
from attention_core.examples.red_ball_layer import RED_BALL_LAYER
from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS
from attention_core.examples.tiled_attention import TILED_ATTENTION
from attention_core.examples.training_step import TRAINING_STEP
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


def sigmoid_slope(x: float) -> float:
    """s(x)(1 - s(x)) for the logistic s: the size of every entry of a two-key softmax Jacobian, scores x apart."""
    s = 1 / (1 + math.exp(-x))
    return s * (1 - s)


def test_training_step_largest_jacobian_entries_growth_and_ratio() -> None:
    """Assert the raw scores 4, 2 (2 apart) give |J| at most s(2)(1 - s(2)) = 0.105, the scaled 2, 1 give 0.197:
    every entry shrinks without the division (growth -0.092), to 0.534 of the scaled one."""
    raw, scaled = sigmoid_slope(2), sigmoid_slope(1)
    assert TRAINING_STEP.largest_jacobian_entries == pytest.approx([raw, scaled], rel=1e-12)
    assert TRAINING_STEP.largest_jacobian_growth == pytest.approx(raw - scaled, rel=1e-12)
    assert TRAINING_STEP.largest_jacobian_ratio == pytest.approx(raw / scaled, rel=1e-12)
    assert (round(TRAINING_STEP.largest_jacobian_growth, 3), round(TRAINING_STEP.largest_jacobian_ratio, 3)) == (
        -0.092, 0.534)


def test_training_step_saturated_pair_and_its_weights() -> None:
    """Assert the pair (8, 0) becomes (4, 0) divided by sqrt(d_k) = 2, and softmax gives s(8) = 0.99966 and s(4)."""
    assert TRAINING_STEP.saturated_scores.tolist() == [[8, 0], [4, 0]]
    s8, s4 = 1 / (1 + math.exp(-8)), 1 / (1 + math.exp(-4))
    assert TRAINING_STEP.saturated_weights == pytest.approx(np.array([[s8, 1 - s8], [s4, 1 - s4]]), rel=1e-12)


def test_training_step_dot_product_gradient_ratios() -> None:
    """Assert scaled over unscaled per unit of raw dot product: (1/2) s'(1) / s'(2) = 0.936 for the mild pair,
    (1/2) s'(4) / s'(8) = 26.3 for the saturated one."""
    mild = 0.5 * sigmoid_slope(1) / sigmoid_slope(2)
    saturated = 0.5 * sigmoid_slope(4) / sigmoid_slope(8)
    assert TRAINING_STEP.dot_product_gradient_ratios == pytest.approx([mild, saturated], rel=1e-9)


def test_training_step_weights_change_and_target_distances() -> None:
    """Assert rolls' weights move from (1/4, 1/2, 1/4) towards ball (-0.024, 0.049, -0.024, adding to 0), and the
    value rows (1, 0), (0, 2), (1, 1) lie sqrt 5, 0 and sqrt 2 from the target (0, 2)."""
    step, row = TRAINING_STEP.step, TRAINING_STEP.row
    assert step.before.head.weights[row].tolist() == [0.25, 0.5, 0.25]
    change = TRAINING_STEP.weights_change
    assert change.tolist() == (step.after.head.weights[row] - step.before.head.weights[row]).tolist()
    assert np.round(change, 3).tolist() == [-0.024, 0.049, -0.024]
    assert change.sum() == pytest.approx(0, abs=1e-15)
    assert TRAINING_STEP.target_distances.tolist() == [math.sqrt(5), 0, math.sqrt(2)]


def test_kv_memory_kib_per_token_and_ratio_to_the_first_model() -> None:
    """Assert 512, 320 and 8 KiB a token (2 x 32 x 32 x 128 x 2 = 524,288 bytes for Llama 2 7B), and that Llama 2
    7B's cache holds Llama 2 70B's 1.6 times and Falcon-7B's 64 times."""
    assert KV_MEMORY.per_token.tolist() == [524_288, 327_680, 8_192]
    assert KV_MEMORY.per_token_kib.tolist() == [512, 320, 8]
    assert KV_MEMORY.ratio_to_first.tolist() == [1, 1.6, 64]


def test_grouped_heads_readers_and_cache_sizes() -> None:
    """Assert 4 query heads read 4, 2 or 1 K/V heads 1, 2 or 4 at a time; one-wide heads cache 2 x g x 1 x 3
    numbers (24, 12, 6), at 2 bytes each 48, 24, 12 bytes."""
    assert {g: GROUPED_HEADS.arrangements[g].readers.tolist() for g in (4, 2, 1)} == {
        4: [1, 1, 1, 1], 2: [2, 2], 1: [4]}
    assert [GROUPED_HEADS.kv_width(g) for g in (4, 2, 1)] == [1, 1, 1]
    assert [GROUPED_HEADS.cache_entries(g) for g in (4, 2, 1)] == [24, 12, 6]
    assert [GROUPED_HEADS.cache_bytes(g) for g in (4, 2, 1)] == [48, 24, 12]


def test_cross_padding_counts_of_the_padded_sequences() -> None:
    """Assert ([pad], red, ball): its queries may use 0, 1, 2 keys, one row is empty and all 3 of its weights are
    NaN, so rows red and ball are shown; both padded sequences have 2 real tokens of 3."""
    left = CROSS_PADDING.left_real
    assert CROSS_PADDING.allowed_keys(left).tolist() == [0, 1, 2]
    assert CROSS_PADDING.empty_row_count(left) == 1
    assert CROSS_PADDING.left_nan_counts.tolist() == [3, 0, 0]
    assert CROSS_PADDING.left_rows_with_keys == (1, 2)
    assert CROSS_PADDING.lengths.tolist() == [[2, 3], [2, 3]]


def test_cross_padding_masks_of_red_ball_pad() -> None:
    """Assert (red, ball, [pad]): the causal mask is lower triangular, the padding mask hides the [pad] column."""
    right = CROSS_PADDING.right_real
    assert CROSS_PADDING.causal_mask_of(right).tolist() == [[True, False, False], [True, True, False],
                                                            [True, True, True]]
    assert CROSS_PADDING.padding(right).tolist() == [[True, True, False]] * 3


def test_alibi_formula_slopes_are_the_slopes_only_for_a_power_of_two() -> None:
    """Assert 2^(-8r/h) for h = 8 is 1/2, 1/4, ..., 1/256, the slopes; for h = 12 the formula's 2^(-2/3) is not."""
    assert ALIBI.heads_power_of_two
    assert ALIBI.formula_slopes.tolist() == [2.0 ** -r for r in range(1, 9)] == ALIBI.slopes.tolist()
    twelve = replace(ALIBI, heads=12)
    assert not twelve.heads_power_of_two
    assert twelve.formula_slopes[0] == pytest.approx(2 ** (-8 / 12), rel=1e-15)
    assert twelve.slopes[0] == 0.5


def test_tiled_attention_block_maxima() -> None:
    """Assert the largest score of each block of 2 keys for t1 .. t4: (1, 1, 1, 0), then (1, 1, 2, 0)."""
    assert TILED_ATTENTION.block_maxima.tolist() == [[1, 1, 1, 0], [1, 1, 2, 0]]


def test_softmax_steps_weight_totals_are_the_rows_sums() -> None:
    """Assert late's weights (0.665, 0.090, 0.245) add to 1 up to rounding; a matrix's steps give one total a row."""
    assert np.round(BUS_IS_LATE.weights, 3).tolist() == [0.665, 0.09, 0.245]
    assert BUS_IS_LATE.weight_total == pytest.approx(1, abs=1e-15)
    assert BUS_IS_LATE.weight_total == float(BUS_IS_LATE.steps.weights.sum())
    assert softmax_steps(np.array([[0.0, 0.0], [math.log(3), 0.0]])).weight_totals == pytest.approx([1, 1], abs=1e-15)
    assert softmax_steps(np.array([0.0, 0.0])).weight_totals.shape == ()


def test_inference_parameters_in_millions_and_billions() -> None:
    """Assert Llama 2 7B's layer holds 4 x 4096^2 = 67.108864 million attention weights and 3 x 4096 x 11008 =
    135.266304 million FFN weights, and the model 6.74 billion: the parameters as model names count them."""
    shown = INFERENCE.parameters_as_named
    assert shown.tolist() == (INFERENCE.parameters / np.array([1e6, 1e6, 1e9])).tolist()
    assert shown[0, :2].tolist() == [67.108864, 135.266304]
    assert np.round(shown[:, 2], 2).tolist() == [6.74, 68.98, 6.92]


def test_inference_gib_read_by_a_decode_step() -> None:
    """Assert one sequence's cache at 4,096 tokens is 2 GiB for Llama 2 7B (32 layers x 2 x 4096 x 4096 x 2 bytes),
    1.25 GiB for Llama 2 70B (8 KV heads) and 1/32 GiB for Falcon-7B (one KV head); the batch multiplies it."""
    weights, cache = INFERENCE.weights_and_cache_gib.T
    assert cache.tolist() == [2.0, 1.25, 0.03125]
    assert weights.tolist() == [s.weight_bytes / GIB for s in INFERENCE.decode(1)]
    assert INFERENCE.caches_gib.tolist() == [[2.0 * b for b in (1, 16, 64)], [1.25 * b for b in (1, 16, 64)],
                                             [0.03125 * b for b in (1, 16, 64)]]  # (models, batches)
    assert INFERENCE.bytes_per_token_gib.T.tolist() == [[s.bytes_per_token / GIB for s in INFERENCE.decode(b)]
                                                        for b in INFERENCE.batches]  # (models, batches)


def test_inference_layer_macs_in_millions() -> None:
    """Assert one token's multiply-adds in one Llama 2 7B layer at 4,096 tokens: 67.108864 million in the
    projections, 135.266304 million in the FFN, 33.554432 million in attention (2 x 4096 x 4096)."""
    assert INFERENCE.layer_macs_millions[0].tolist() == [67.108864, 135.266304, 33.554432]
    assert INFERENCE.layer_macs_millions.tolist() == [
        [x / 1e6 for x in layer_macs(m, w, INFERENCE.context)] for m, w in zip(INFERENCE.models, INFERENCE.widths,
                                                                                 strict=True)]


def test_inference_crossovers_in_multiples_of_d_model() -> None:
    """Assert the crossovers 3,072, 24,704, 52,224 and 22,784 tokens are 6, 6.03125, 6.375 and 5.01 times each
    model's d_model (512, 4096, 8192, 4544), the 2017 base model first."""
    assert INFERENCE.crossover_models == ("Transformer base", "Llama 2 7B", "Llama 2 70B", "Falcon-7B")
    assert INFERENCE.crossover_widths[:3].tolist() == [6.0, 6.03125, 6.375]
    assert INFERENCE.crossover_widths[3] == 22784 / 4544


def test_inference_rebuild_errors_are_rounding() -> None:
    """Assert exp(S - L) rebuilds the weights and the running L equals L from all scores, to rounding."""
    weights, lse = INFERENCE.rebuild_errors
    assert weights == np.abs(INFERENCE.recomputed_weights - INFERENCE.tiled_source.naive.weights).max()
    assert lse == np.abs(INFERENCE.log_sum_exp - INFERENCE.running_log_sum_exp).max()
    assert 0 <= weights < 1e-15 and 0 <= lse < 1e-15


def test_red_ball_rolls_divisor_w_o_counts_and_u_terms() -> None:
    """Assert the scores are divided by sqrt(d_k) = 1 (sqrt 2 at d_k = 2); W_O's rows of head 1 have one non-zero
    entry in each column, head 2's in columns 1 and 3; rolls' products c_k W_O[k, j] add up to its u."""
    assert RED_BALL_ROLLS.divisor == 1.0
    wide = replace(RED_BALL_ROLLS, W_q_text=(("0", "1"), ("0", "0"), ("1", "0")),
                   W_k_text=(("0", "0"), ("ln 2", "0"), ("0", "1")))
    assert wide.divisor == pytest.approx(math.sqrt(2), rel=1e-15)
    assert RED_BALL_ROLLS.w_o_nonzero.tolist() == [[1, 1, 1], [1, 0, 1]]
    terms = RED_BALL_ROLLS.u_terms
    assert terms.tolist() == [[0.5, 0, 0.25], [0, 1.25, 0], [0, 0, 0.75], [-0.75, 0, 0]]
    assert terms.sum(axis=0).tolist() == RED_BALL_ROLLS.multihead.U[RED_BALL_ROLLS.focus_index].tolist()


def test_red_ball_rolls_heads_differences_pad_the_narrower_head() -> None:
    """Assert head 2's queries (0, 0, 1) equal head 1's and its keys (ln 2, 0, 0) are head 1's (0, ln 2, 0) moved;
    a head 1 of d_k = 2 whose second column is 0 still shares head 2's W_Q (zero columns change no dot product)."""
    ln2 = math.log(2)
    assert RED_BALL_ROLLS.head2_minus_head1("Q").tolist() == [[0], [0], [0]]
    assert RED_BALL_ROLLS.head2_minus_head1("K").tolist() == [[ln2], [-ln2], [0]]
    assert RED_BALL_ROLLS.head2_minus_head1("V").tolist() == [[0, 0], [0, 0], [0, 0]]
    padded = replace(RED_BALL_ROLLS, W_q_text=(("0", "0"), ("0", "0"), ("1", "0")),
                     W_k_text=(("0", "0"), ("ln 2", "0"), ("0", "0")))
    assert padded.head2_minus_head1("Q").tolist() == [[0, 0], [0, 0], [0, 0]]


def test_red_ball_layer_statistics_norms_and_epsilon() -> None:
    """Assert the rows of X + U, (2, 0, 3/2), (-1/2, 2, 3/4), (-1/4, 5/4, 2), have means 7/6, 3/4, 1 and variances
    13/18, 25/24, 7/8; the post-norm layer is the example's; pre-norm's final LayerNorm; epsilon 10^-5."""
    mean, variance = RED_BALL_LAYER.norm_1_statistics
    assert mean == pytest.approx([7 / 6, 3 / 4, 1], rel=1e-15)
    assert variance == pytest.approx([13 / 18, 25 / 24, 7 / 8], rel=1e-15)
    mean_2, _ = RED_BALL_LAYER.norm_2_statistics
    assert mean_2 == pytest.approx(RED_BALL_LAYER.result.R_plus_F.mean(axis=1), rel=1e-15)
    p, heads = RED_BALL_LAYER.parameters, RED_BALL_LAYER.heads
    assert RED_BALL_LAYER.ffn_steps.hidden.tolist() == feed_forward_steps(
        RED_BALL_LAYER.result.R, p.W_1, p.b_1, p.W_2, p.b_2).hidden.tolist()
    post, pre = RED_BALL_LAYER.by_norm["post"], RED_BALL_LAYER.by_norm["pre"]
    assert post.Y.tolist() == RED_BALL_LAYER.result.Y.tolist()
    assert pre.Y.tolist() == transformer_layer(heads.X, p, mask=heads.mask, norm="pre").Y.tolist()
    assert RED_BALL_LAYER.pre_norm_output.tolist() == layer_norm(pre.Y).tolist()
    assert (RED_BALL_LAYER.epsilon, RED_BALL_LAYER.epsilon_power) == (1e-5, -5)
