"""Inference economics: weights counted matrix by matrix, the crossover n = 6 d_model, bytes and operations of a
step, the log-sum-exp FlashAttention keeps, and the example's numbers."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import (
    ExampleInputError,
    LayerWidths,
    ModelShape,
    crossover_context,
    decode_traffic,
    log_sum_exp,
    model_parameters,
    prefill_traffic,
)
from attention_core.examples.inference import INFERENCE
from attention_core.examples.kv_memory import KV_MEMORY

FAST = settings(max_examples=60, deadline=None)


def counted_by_matrix(shape: ModelShape, widths: LayerWidths) -> int:
    """Every weight matrix of the model listed with its shape, their entries added up."""
    d, hd, gd = widths.d_model, shape.query_heads * shape.head_dim, shape.kv_heads * shape.head_dim
    layer = [(d, hd), (d, gd), (d, gd), (hd, d), *([(d, widths.d_ff)] * (2 if widths.gated_ffn else 1)),
             (widths.d_ff, d)]
    embeddings = [(widths.vocab, d)] * (1 if widths.tied else 2)
    return sum(rows * cols for rows, cols in layer * shape.layers + embeddings)


def test_the_counts_match_the_published_model_sizes() -> None:
    """Assert the three models count 6.74, 69.0 and 6.92 billion weights, as a matrix-by-matrix count does."""
    counts = [model_parameters(m, w) for m, w in zip(KV_MEMORY.models, INFERENCE.widths, strict=True)]
    assert counts == [counted_by_matrix(m, w) for m, w in zip(KV_MEMORY.models, INFERENCE.widths, strict=True)]
    assert [round(c / 1e9, 2) for c in counts] == [6.74, 68.98, 6.92]


@FAST
@given(st.integers(1, 64), st.integers(1, 256), st.integers(1, 48))
def test_with_the_2017_shapes_attention_overtakes_at_six_times_d_model(h: int, d_head: int, layers: int) -> None:
    """Assert n = 6 d_model whenever h d_head = d_model and d_ff = 4 d_model (multi-head, ungated)."""
    d = h * d_head
    shape = ModelShape("m", layers, h, h, d_head, 1, "s")
    assert crossover_context(shape, LayerWidths(d, 4 * d, 100, False, True, "s")) == 6 * d


@FAST
@given(st.integers(1, 1 << 17), st.integers(1, 512))
def test_a_larger_batch_reads_fewer_bytes_per_token_and_does_more_per_byte(context: int, batch: int) -> None:
    """Assert doubling the batch lowers the bytes per generated token and raises the operations per byte, and the
    caches grow with the batch while the weights do not."""
    model, widths = KV_MEMORY.models[0], INFERENCE.widths[0]
    one, two = decode_traffic(model, widths, context, batch), decode_traffic(model, widths, context, 2 * batch)
    assert two.bytes_per_token < one.bytes_per_token and two.flops_per_byte > one.flops_per_byte
    assert two.weight_bytes == one.weight_bytes and two.cache_bytes == 2 * one.cache_bytes


def test_prefill_does_as_many_operations_per_weight_byte_as_its_prompt_has_tokens() -> None:
    """Assert prefill's FLOPs are 2 per weight per token plus the causal attention pairs, and its intensity is
    above the prompt's length (2 FLOPs per 2-byte weight per token, plus attention)."""
    model, widths = KV_MEMORY.models[0], INFERENCE.widths[0]
    step = prefill_traffic(model, widths, 10)
    attention = 2 * model.layers * 2 * sum(range(1, 11)) * model.query_heads * model.head_dim
    assert step.flops == 2 * model_parameters(model, widths) * 10 + attention
    assert step.weight_bytes == 2 * model_parameters(model, widths) and step.cache_bytes == model.cache_bytes(10)


def test_log_sum_exp_matches_a_loop_and_rebuilds_the_weights() -> None:
    """Assert L = log sum e^s per row (masked -inf ignored), and e^(s - L) is the softmax row."""
    rng = np.random.default_rng(2)
    S = rng.normal(size=(4, 5)) * 30
    S[1, 2:] = -np.inf
    L = log_sum_exp(S)
    for i, row in enumerate(S):
        top = max(row)
        assert math.isclose(L[i], top + math.log(sum(math.exp(s - top) for s in row)), rel_tol=1e-12)
    np.testing.assert_allclose(np.exp(S - L[:, None]).sum(axis=1), 1.0)
    with pytest.raises(ValueError, match="a finite score in every row"):
        log_sum_exp(np.full((2, 2), -np.inf))


def test_the_example_s_numbers() -> None:
    """Assert the page's numbers: ridge 153, one operation per byte at batch 1, cache beats weights from batch
    7, 103 and 413, crossovers 3,072, 24,704, 52,224 and 22,784 tokens, and L rebuilt to rounding."""
    ex = INFERENCE
    assert round(ex.ridge) == 153
    assert [round(s.flops_per_byte, 2) for s in ex.decode(1)] == [1.0, 1.07, 1.17]
    assert ex.batch_where_cache_wins.tolist() == [7, 103, 413]
    assert ex.crossovers.tolist() == [3072, 24704, 52224, 22784]
    np.testing.assert_allclose(ex.log_sum_exp, ex.running_log_sum_exp, atol=1e-12)
    np.testing.assert_allclose(ex.recomputed_weights, ex.tiled_source.naive.weights, atol=1e-12)


def test_the_example_refuses_batches_that_do_not_rise() -> None:
    """Assert batches out of order are named at their field."""
    said = (r"Inference.batches: 16, 1 do not rise; accepted: sequences decoded together: whole numbers from 1 to "
            r"100,000, each larger than the one before")
    with pytest.raises(ExampleInputError, match=said):
        dataclasses.replace(INFERENCE, batches=(16, 1))
