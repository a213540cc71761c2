"""KV-cache memory and query heads sharing K/V heads: exact byte counts, a naive formula, and parity with MHA."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import (
    attention_kind,
    causal_mask,
    grouped_query_attention,
    kv_cache_bytes,
    kv_head_of,
    multi_head_attention,
)
from attention_core.examples.grouped_heads import GROUPED_HEADS
from attention_core.examples.kv_memory import KV_MEMORY

FAST = settings(max_examples=60, deadline=None)


def naive_bytes(layers: int, kv_heads: int, head_dim: int, tokens: int, b: int) -> int:
    """Count the cache number by number: for each layer, K/V head, token, key and value, head_dim numbers of b bytes."""
    total = 0
    for _ in range(layers):
        for _ in range(kv_heads):
            total += tokens * (head_dim + head_dim) * b
    return total


def test_llama_2_7b_at_4096_tokens_is_two_gib() -> None:
    """Assert 2 x 32 x 32 x 128 x 4096 x 2 = 2,147,483,648 bytes = 2 GiB."""
    assert kv_cache_bytes(32, 32, 128, 4096, 2) == 2_147_483_648 == 2 * 2**30


def test_published_models_as_shown() -> None:
    """Assert the GiB table: Llama 2 7B 2/16/64, Llama 2 70B 1.25/10/40, Falcon 7B 1/32, 1/4, 1."""
    assert KV_MEMORY.cache_gib.tolist() == [[2, 16, 64], [1.25, 10, 40], [1 / 32, 1 / 4, 1]]
    assert KV_MEMORY.per_token.tolist() == [524_288, 327_680, 8_192]
    assert [m.kind for m in KV_MEMORY.models] == ["multi-head", "grouped-query", "multi-query"]
    assert KV_MEMORY.multi_head_gib[2].tolist() == [71 / 32, 71 / 4, 71]


@FAST
@given(st.integers(1, 12), st.integers(1, 16), st.integers(1, 64), st.integers(1, 300), st.sampled_from([1, 2, 4]))
def test_bytes_match_a_naive_count(layers: int, kv_heads: int, head_dim: int, tokens: int, b: int) -> None:
    """Assert kv_cache_bytes equals a count made one layer and one head at a time."""
    assert kv_cache_bytes(layers, kv_heads, head_dim, tokens, b) == naive_bytes(layers, kv_heads, head_dim, tokens, b)


def test_kinds_and_groups() -> None:
    """Assert 4 query heads over 2 K/V heads are grouped-query and read (0, 0, 1, 1); 71 over 1 is multi-query."""
    assert attention_kind(4, 4) == "multi-head" and attention_kind(71, 1) == "multi-query"
    assert kv_head_of(4, 2) == (0, 0, 1, 1)


def test_example_weights_of_rolls() -> None:
    """Assert rolls' weights: q2 gives (2/3, 1/6, 1/6) with 4 K/V heads and (1/6, 2/3, 1/6) with 2."""
    np.testing.assert_allclose(GROUPED_HEADS.arrangements[4].heads[1].weights[2], [2 / 3, 1 / 6, 1 / 6], rtol=1e-12)
    np.testing.assert_allclose(GROUPED_HEADS.arrangements[2].heads[1].weights[2], [1 / 6, 2 / 3, 1 / 6], rtol=1e-12)
    assert [GROUPED_HEADS.cache_entries(g) for g in (4, 2, 1)] == [24, 12, 6]


@FAST
@given(st.integers(0, 10_000), st.sampled_from([(4, 4), (4, 2), (4, 1), (6, 3), (2, 1)]))
def test_grouped_query_equals_multi_head_with_copied_kv(seed: int, heads: tuple[int, int]) -> None:
    """Assert GQA equals multi-head attention whose K/V projections are copied from each head's group."""
    h, g = heads
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(3, 4))
    W_q = [rng.normal(size=(4, 2)) for _ in range(h)]
    W_k, W_v = [rng.normal(size=(4, 2)) for _ in range(g)], [rng.normal(size=(4, 3)) for _ in range(g)]
    result = grouped_query_attention(X, W_q, W_k, W_v, mask=causal_mask(3))
    owner = [r * g // h for r in range(h)]  # written independently of kv_head_of
    reference = multi_head_attention(X, W_q, [W_k[o] for o in owner], [W_v[o] for o in owner],
                                     np.eye(3 * h, 4), mask=causal_mask(3))
    for mine, theirs in zip(result.heads, reference.heads, strict=True):
        np.testing.assert_allclose(mine.output, theirs.output, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: kv_cache_bytes(32, 0, 128, 4096), "kv_heads must be a whole number >= 1"),
    (lambda: kv_cache_bytes(32, 8, 128, 4096, 16), "bytes_per_value is the size of one stored number"),
    (lambda: attention_kind(4, 3), "4 query heads cannot share 3 K/V heads"),
    (lambda: grouped_query_attention(np.eye(3), [np.ones((3, 1))] * 2, [np.ones((3, 1))],
                                     [np.ones((3, 1))] * 2), "1 W_k and 2 W_v"),
    (lambda: grouped_query_attention(np.eye(3), [np.ones((2, 1))], [np.ones((3, 1))], [np.ones((3, 1))]),
     "X has d_model=3 but W_q\\[0\\] has 2 rows"),
])
def test_bad_sizes_are_refused(call, message: str) -> None:
    """Assert no K/V heads, 16-byte numbers, unequal groups, unpaired K/V and a wrong d_model raise ValueError."""
    with pytest.raises(ValueError, match=message):
        call()
