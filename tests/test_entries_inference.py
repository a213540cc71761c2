"""Tests for the inference entries (entries/inference.py): weights, bytes per generated token, the cache times the
batch, the crossover and the log-sum-exp, as a reader gets them."""

from __future__ import annotations

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError


def test_the_crossover_table() -> None:
    """Assert the crossover n in tokens and in widths: 3,072 = 6 x 512 for the 2017 base model."""
    assert expand("<!-- attn:table inference crossovers -->") == "\n" + dedented("""
        | model | crossover n (tokens) | n / d_model |
        |:---|---:|---:|
        | Transformer base | 3,072 | 6.00 |
        | Llama 2 7B | 24,704 | 6.03 |
        | Llama 2 70B | 52,224 | 6.38 |
        | Falcon-7B | 22,784 | 5.01 |
        """) + "\n"


def test_bytes_per_generated_word_fall_with_the_batch() -> None:
    """Assert Llama 2 7B reads 14.6, 2.78 and 2.20 GiB per word at batches 1, 16 and 64, and its cache wins at 7."""
    page = ("<!-- attn:value inference bytes-per-token row=Llama-2-7B --> "
            "<!-- attn:value inference cache-wins row=Llama-2-7B -->"
            "<!-- attn:check inference bytes-per-token row=Llama-2-7B greater=1,16,64 -->")
    assert expand(page) == "(14.6, 2.78, 2.20) 7"


def test_decode_and_prefill_against_the_ridge() -> None:
    """Assert the ridge 153 and each model's order prefill > ridge > decode at the largest batch."""
    page = "<!-- attn:value inference ridge digits=0 -->" + "".join(
        f"<!-- attn:check inference against-ridge row={m} greater=prefill,ridge,decode -->"
        for m in ("Llama-2-7B", "Llama-2-70B", "Falcon-7B"))
    assert expand(page) == "153"


def test_the_log_sum_exp_two_ways() -> None:
    """Assert L of t4 is ln 4 = 1.386 from all scores and from the running m and l."""
    assert expand("<!-- attn:value inference log-sum-exp row=t4 -->") == "(1.386, 1.386)"


def test_a_false_claim_about_the_cache_stops_the_build() -> None:
    """Assert claiming Falcon 7B reads the most cache stops the build with page:line."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: the page says"):
        expand("Falcon reads most.<!-- attn:check inference weights-and-cache col=cache largest=Falcon-7B -->")


@pytest.mark.slow
def test_the_built_page_reads_the_economics(built_site) -> None:
    """Assert the built page opens with what it assumes and shows the crossover and the ridge as a reader reads them."""
    from test_pages_numbers import visible_text

    text = visible_text(built_site / "beyond/inference-economics/index.html")
    assert text.startswith("Why generating is slow: inference economics ¶ Assumes: generation and the KV cache")
    assert "For the 2017 base model that is 3,072 tokens, six times its width." in text
    assert "kept busy only by work above 153 operations per byte" in text
