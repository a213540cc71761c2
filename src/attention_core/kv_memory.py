"""How much memory a KV cache takes: two tensors (K and V) per layer, one row per KV head, token and dimension.

bytes = 2 x layers x KV heads x head width x tokens x bytes per value. Multi-head attention keeps one K/V head
per query head; grouped-query attention (Ainslie et al. 2023) shares each K/V head within a group of query
heads; multi-query attention (Shazeer 2019) keeps a single K/V head for all of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._checks import as_count, at_most, quote

__all__ = ["GIB", "ModelShape", "attention_kind", "gib", "kv_cache_bytes", "kv_cache_entries"]

GIB = 2**30  # bytes in a gibibyte


def kv_cache_entries(layers: int, kv_heads: int, head_dim: int, tokens: int) -> int:
    """Return the numbers a KV cache holds: 2 (K and V) x layers x kv_heads x head_dim x tokens."""
    layers = as_count("layers", layers)
    kv_heads = as_count("kv_heads", kv_heads, limit="MAX_HEADS")
    head_dim = as_count("head_dim", head_dim, limit="MAX_WIDTH")
    tokens = as_count("tokens", tokens, limit="MAX_COUNTED_TOKENS")
    at_most("layers", layers, "MAX_TABLE_ROWS")  # no published model comes near a thousand layers
    return 2 * layers * kv_heads * head_dim * tokens


def kv_cache_bytes(layers: int, kv_heads: int, head_dim: int, tokens: int, bytes_per_value: int = 2) -> int:
    """Return the bytes of a KV cache: kv_cache_entries(...) x bytes_per_value (2 for fp16 or bf16)."""
    bytes_per_value = as_count("bytes_per_value", bytes_per_value)
    if bytes_per_value > 8:
        raise ValueError(f"bytes_per_value is the size of one stored number (1 to 8), got {bytes_per_value}")
    return kv_cache_entries(layers, kv_heads, head_dim, tokens) * bytes_per_value


def gib(n_bytes: int) -> float:
    """Return a number of bytes in GiB (2^30 bytes)."""
    return as_count("n_bytes", n_bytes, minimum=0) / GIB


def attention_kind(query_heads: int, kv_heads: int) -> str:
    """Return "multi-head", "grouped-query" or "multi-query" for h query heads sharing g K/V heads."""
    query_heads = as_count("query_heads", query_heads, limit="MAX_HEADS")
    kv_heads = as_count("kv_heads", kv_heads, limit="MAX_HEADS")
    if query_heads % kv_heads:
        raise ValueError(f"{query_heads} query heads cannot share {kv_heads} K/V heads in equal groups")
    return "multi-head" if kv_heads == query_heads else "multi-query" if kv_heads == 1 else "grouped-query"


@dataclass(frozen=True)
class ModelShape:
    """The sizes of a published model that set its KV cache, and where they were published."""

    name: str
    layers: int
    query_heads: int
    kv_heads: int
    head_dim: int
    trained_context: int
    source: str

    def __post_init__(self) -> None:
        """Refuse sizes that cannot be a model's (checked once, so every later use may trust them)."""
        attention_kind(self.query_heads, self.kv_heads)
        kv_cache_entries(self.layers, self.kv_heads, self.head_dim, self.trained_context)
        if not self.name or not self.source:
            raise ValueError(f"a model shape needs a name and a source, got {quote(self.name)}, {quote(self.source)}")

    @property
    def kind(self) -> str:
        """multi-head, grouped-query or multi-query."""
        return attention_kind(self.query_heads, self.kv_heads)

    def cache_bytes(self, tokens: int, bytes_per_value: int = 2) -> int:
        """The KV cache of this model for `tokens` tokens, in bytes."""
        return kv_cache_bytes(self.layers, self.kv_heads, self.head_dim, tokens, bytes_per_value)

    def multi_head_bytes(self, tokens: int, bytes_per_value: int = 2) -> int:
        """The cache the same model would need with one K/V head per query head, in bytes."""
        return kv_cache_bytes(self.layers, self.query_heads, self.head_dim, tokens, bytes_per_value)
