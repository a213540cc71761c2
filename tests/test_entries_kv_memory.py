"""Tests for the KV-cache memory entries (entries/kv_memory.py): three published models at 4K, 32K and 128K."""

from __future__ import annotations

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError


def test_memory_table_in_gib() -> None:
    """Assert the GiB table in three significant figures: 64.0, not 64.000 (read as sixty-four thousand where a
    point groups thousands), and Falcon-7B's 1/32 GiB as 0.0312 (ties to even, as the site rounds), not 0.031."""
    assert expand("<!-- attn:table kv-memory memory -->") == "\n" + dedented("""
        | model \\ tokens | 4K | 32K | 128K |
        |:---|---:|---:|---:|
        | Llama 2 7B | 2.00 | 16.0 | 64.0 |
        | Llama 2 70B | 1.25 | 10.0 | 40.0 |
        | Falcon-7B | 0.0312 | 0.250 | 1.00 |
        """) + "\n"


def test_per_token_products() -> None:
    """Assert each model's product and bytes per token: 524,288, 327,680 and 8,192 (512, 320 and 8 KiB)."""
    table = expand("<!-- attn:table kv-memory per-token -->")
    assert "| Llama 2 7B | 2 × 32 × 32 × 128 × 2 | 524,288 | 512 |" in table
    assert "| Llama 2 70B | 2 × 80 × 8 × 128 × 2 | 327,680 | 320 |" in table
    assert "| Falcon-7B | 2 × 32 × 1 × 64 × 2 | 8,192 | 8 |" in table


def test_models_sizes_and_kinds() -> None:
    """Assert the models table names each attention kind and the trained contexts 4,096 and 2,048."""
    table = expand("<!-- attn:table kv-memory models -->")
    assert "| Llama 2 70B | 80 | 64 | 8 | 128 | 4,096 | grouped-query |" in table
    assert "| Falcon-7B | 32 | 71 | 1 | 64 | 2,048 | multi-query |" in table


def test_values_in_prose() -> None:
    """Assert 4K is 4,096 tokens, a GiB is 1,073,741,824 bytes, ratios 1.6 and 64, and 70B as MHA 80.0 GiB at 32K."""
    page = ("<!-- attn:value kv-memory contexts col=4K --> <!-- attn:value kv-memory gib --> "
            "<!-- attn:value kv-memory ratio row=Llama-2-70B digits=1 --> "
            "<!-- attn:value kv-memory ratio row=Falcon-7B digits=0 --> "
            "<!-- attn:value kv-memory multi-head-memory row=Llama-2-70B col=32K -->")
    assert expand(page) == "4,096 1,073,741,824 1.6 64 80.0"


def test_a_wrong_ordering_stops_the_build() -> None:
    """Assert claiming Falcon-7B stores more per token than Llama-2-70B stops at page:line."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: .*Falcon-7B is larger than Llama-2-70B"):
        expand("<!-- attn:check kv-memory bytes-per-token col=bytes greater=Falcon-7B,Llama-2-70B -->")


@pytest.mark.parametrize(("contexts", "said"), [
    ([4096, 32768, 131072], "labelled 4K, 32K, ... (K = 1,024)"),
    ([2048, 8192], "labelled 2K, 8K (K = 1,024)"),
    ([1000], "labelled 1000 (K = 1,024)"),
])
def test_the_contexts_summary_names_the_example_s_contexts(contexts: list[int], said: str) -> None:
    """Assert the contexts' summary names the example's own context lengths, as their columns are labelled (it typed
    "4K, 32K")."""
    from test_entry_summaries import summaries

    (summary, _), = summaries("kv-memory", {"contexts": contexts}, "contexts").values()
    assert summary == f"The context lengths in tokens, {said}."
