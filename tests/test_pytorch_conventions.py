"""Every statement the page "The same attention in PyTorch" makes about PyTorch, checked against PyTorch itself,
on the site's own examples (red ball rolls' head 1, the engineer's path's batch), so the page cannot go on saying
what a PyTorch release no longer does. PyTorch is a test-only dependency, pinned with its hash in requirements.txt.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from conftest import ROOT

from attention_core.examples.batched_heads import BATCHED_HEADS as BATCH
from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS as HEAD

PAGE = ROOT / "docs/beyond/pytorch.md"


def tensor(array: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.array(array, dtype=np.float64))  # a writable copy of the core's frozen array


def boolean(mask: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.array(mask, dtype=bool))


def head_1() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Red ball rolls' head 1: Q (n, d_k), K (n, d_k), V (n, d_v)."""
    return tensor(HEAD.head.Q), tensor(HEAD.head.K), tensor(HEAD.head.V)


def loaded_module() -> torch.nn.MultiheadAttention:
    """nn.MultiheadAttention holding the engineer's path's projections, transposed as nn.Linear stores them."""
    d_model = BATCH.X.shape[-1]
    module = torch.nn.MultiheadAttention(d_model, BATCH.h, bias=False, dtype=torch.float64)
    with torch.no_grad():
        module.in_proj_weight.copy_(torch.cat([tensor(BATCH.W[name]).T for name in ("W_q", "W_k", "W_v")]))
        module.out_proj.weight.copy_(tensor(BATCH.W["W_o"]).T)
    return module


def sequence_first() -> torch.Tensor:
    return tensor(BATCH.X).transpose(0, 1)  # (B, n, d_model) -> (n, B, d_model)


def test_the_page_states_each_convention_checked_here() -> None:
    """Assert the page still says what this file checks (a reworded page must be re-checked here)."""
    page = " ".join(PAGE.read_text(encoding="utf-8").split())
    for said in ("may **not** attend", "unless `batch_first=True`", "(3 d_model, d_model)", "the mean over heads",
                 "aligned at the **top left**", "a row of NaN", "`True` marks a padding token to ignore",
                 "exactly `q @ k.transpose(-2, -1)`", "the square root of the queries' last axis"):
        assert said in page, said


def test_a_boolean_mask_of_the_fused_call_marks_the_keys_a_query_may_see() -> None:
    """Assert SDPA with the site's causal mask (True = may attend) gives the walk-through's O, as is_causal does."""
    q, k, v = head_1()
    allowed = boolean(HEAD.mask)
    expected = tensor(HEAD.head.output)
    torch.testing.assert_close(F.scaled_dot_product_attention(q, k, v, attn_mask=allowed), expected)
    torch.testing.assert_close(F.scaled_dot_product_attention(q, k, v, is_causal=True), expected)


def test_the_fused_call_divides_by_the_square_root_of_the_queries_last_axis() -> None:
    """Assert the default scale is 1/sqrt(E), E the queries' last axis, on random queries of several widths."""
    generator = torch.Generator().manual_seed(0)
    for width in (1, 2, 8):
        q, k, v = (torch.randn(4, width, generator=generator, dtype=torch.float64) for _ in range(3))
        torch.testing.assert_close(F.scaled_dot_product_attention(q, k, v),
                                   F.scaled_dot_product_attention(q, k, v, scale=1 / width**0.5))


def test_a_float_mask_is_added_to_the_scores() -> None:
    """Assert a float mask of 0 and -inf gives what the boolean mask gives: it is added to the scores."""
    q, k, v = head_1()
    allowed = boolean(HEAD.mask)
    added = torch.zeros(allowed.shape, dtype=torch.float64).masked_fill(~allowed, float("-inf"))
    torch.testing.assert_close(F.scaled_dot_product_attention(q, k, v, attn_mask=added),
                               F.scaled_dot_product_attention(q, k, v, attn_mask=allowed))


def test_is_causal_aligns_its_triangle_at_the_top_left() -> None:
    """Assert that one new query against every cached key, with is_causal=True, sees only the first key: the value
    returned is the first value row, not the mix the query computes without a mask."""
    q, k, v = head_1()
    last_query = q[-1:]  # (1, d_k): the newest token, as when decoding with a cache
    torch.testing.assert_close(F.scaled_dot_product_attention(last_query, k, v, is_causal=True), v[:1])
    torch.testing.assert_close(F.scaled_dot_product_attention(last_query, k, v), tensor(HEAD.head.output[-1:]))


def test_the_module_packs_the_three_projections_and_wants_the_batch_second() -> None:
    """Assert the module's defaults: batch_first False, in_proj_weight (3 d_model, d_model), weights averaged."""
    module = loaded_module()
    d_model = BATCH.X.shape[-1]
    assert module.batch_first is False
    assert tuple(module.in_proj_weight.shape) == (3 * d_model, d_model)
    u, mean = module(*[sequence_first()] * 3, attn_mask=~boolean(BATCH.mask))
    torch.testing.assert_close(u.transpose(0, 1), tensor(BATCH.batched.U))
    torch.testing.assert_close(mean, tensor(BATCH.batched.weights.mean(axis=1)))


def test_the_module_returns_each_heads_weights_only_when_asked() -> None:
    """Assert average_attn_weights=False returns the core's A, (B, h, n, n)."""
    blocked = ~boolean(BATCH.mask)
    _, weights = loaded_module()(*[sequence_first()] * 3, attn_mask=blocked, average_attn_weights=False)
    torch.testing.assert_close(weights, tensor(BATCH.batched.weights))


def test_the_site_mask_given_to_the_module_shows_the_future_and_empties_the_last_row() -> None:
    """Assert the module reads True as 'may not attend': the site's lower triangle passed as is hides the past (the
    first query weights only later keys) and leaves the last query no key, a row of NaN."""
    allowed = boolean(BATCH.mask)
    _, weights = loaded_module()(*[sequence_first()] * 3, attn_mask=allowed)
    first = weights[0]  # (n, n) of sequence 1
    assert torch.all(first[0, 0] == 0) and torch.isclose(first[0, 1:].sum(), torch.tensor(1.0, dtype=torch.float64))
    assert torch.isnan(first[-1]).all()


def test_a_batch_given_first_attends_across_the_sequences_without_an_error() -> None:
    """Assert (B, n, d_model) given to a batch_first=False module runs and attends among the B sequences."""
    B, n, _ = BATCH.X.shape
    _, weights = loaded_module()(*[tensor(BATCH.X)] * 3)
    assert tuple(weights.shape) == (n, B, B)
    with pytest.raises(RuntimeError):  # a mask of the tokens' shape is where the mistake shows
        loaded_module()(*[tensor(BATCH.X)] * 3, attn_mask=~boolean(BATCH.mask))


def test_key_padding_mask_marks_the_keys_to_ignore() -> None:
    """Assert key_padding_mask True drops that key: every query of the sequence gives it weight 0."""
    B, n, _ = BATCH.X.shape
    padding = torch.zeros(B, n, dtype=torch.bool)
    padding[1, 0] = True  # the first token of the second sequence is marked as padding
    _, weights = loaded_module()(*[sequence_first()] * 3, key_padding_mask=padding, average_attn_weights=False)
    _, unpadded = loaded_module()(*[sequence_first()] * 3, average_attn_weights=False)
    assert torch.all(weights[1, :, :, 0] == 0) and torch.all(unpadded[1, :, :, 0] > 0)
    torch.testing.assert_close(weights[0], unpadded[0])  # the other sequence is untouched


def test_the_einsum_line_is_the_matrix_product_of_queries_and_keys() -> None:
    """Assert the page's einsum equals q @ k^T and, divided by sqrt(d_head), the core's scores."""
    q, k = (tensor(BATCH.batched.Q), tensor(BATCH.batched.K))
    scores = torch.einsum("bhqd,bhkd->bhqk", q, k)
    torch.testing.assert_close(scores, q @ k.transpose(-2, -1))
    torch.testing.assert_close(scores / BATCH.d_head**0.5, tensor(BATCH.batched.scores))
