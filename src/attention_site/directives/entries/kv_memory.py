"""KV-cache memory of published models: 2 x layers x KV heads x head width x tokens x bytes per value.

Example "kv-memory", computed by attention_core.kv_memory.

Model sizes are as published (the `source` of each model); context lengths are labelled `4K` = 4,096 tokens
(K = 1,024 here, as model cards count context). Memory is in GiB (2^30 bytes).
"""

from __future__ import annotations

import numpy as np

from attention_core import GIB
from attention_core.examples.kv_memory import KV_MEMORY as EX

from ..mirror import Mirror
from ..registry import grid, scalar, table
from ..shown import Column, Grid, Number, Scalar, Table
from .common import DECIMAL, EXACT, SIZE, make_grid

NAME = EX.name
MODELS = tuple(model.name for model in EX.models)


def context_label(tokens: int) -> str:
    """`4K` for 4,096 tokens; the plain count when it is not a whole number of 1,024."""
    return f"{tokens // 1024}K" if tokens % 1024 == 0 else str(tokens)


CONTEXTS = tuple(context_label(t) for t in EX.contexts)
NAMED_CONTEXTS = ", ".join((*CONTEXTS[:2], "...") if len(CONTEXTS) > 2 else CONTEXTS)  # 4K, 32K, ...


@table(NAME, "models", "Each model's published sizes: layers, query heads, KV heads, head width, and its attention.")
def models() -> Table:
    rows = tuple(
        (m.name, Number(m.layers, EXACT), Number(m.query_heads, EXACT), Number(m.kv_heads, EXACT),
         Number(m.head_dim, EXACT), Number(m.trained_context, EXACT), m.kind)
        for m in EX.models
    )
    return Table((Column("model", "model", False), Column("layers", "layers"), Column("heads", "query heads"),
                  Column("kv", "KV heads"), Column("width", "head width"), Column("context", "trained context"),
                  Column("kind", "attention", False)), rows)


@grid(NAME, "sizes", "Each model's sizes as numbers: layers, heads, kv-heads, width, context.")
def sizes() -> Grid:
    values = np.array([[m.layers, m.query_heads, m.kv_heads, m.head_dim, m.trained_context] for m in EX.models],
                      dtype=float)
    return make_grid(values, MODELS, ("layers", "heads", "kv-heads", "width", "context"), EXACT, "model")


@table(NAME, "sources", "Where each model's sizes were published.")
def sources() -> Table:
    return Table((Column("model", "model", False), Column("source", "source of the sizes", False)),
                 tuple((m.name, m.source) for m in EX.models))


@scalar(NAME, "bytes-per-value", "Bytes of one stored number (2 for fp16 or bf16).")
def bytes_per_value() -> Scalar:
    return Scalar(float(EX.bytes_per_value), EXACT)


@table(NAME, "per-token", "Bytes one token adds to each model's cache: 2 x layers x KV heads x head width x bytes.")
def per_token() -> Table:
    rows = tuple(
        (m.name, f"2 × {m.layers} × {m.kv_heads} × {m.head_dim} × {EX.bytes_per_value}",
         Number(b, EXACT), Number(kib, EXACT))
        for m, b, kib in zip(EX.models, EX.per_token, EX.per_token_kib, strict=True)
    )
    return Table((Column("model", "model", False), Column("product", "2 × layers × KV heads × width × bytes", False),
                  Column("bytes", "bytes per token"), Column("kib", "KiB per token")), rows)


@grid(NAME, "bytes-per-token", "Bytes one token adds to each model's cache.")
def bytes_per_token() -> Grid:
    return make_grid(EX.per_token[:, None], MODELS, ("bytes",), EXACT, "model")


@grid(NAME, "contexts", f"The context lengths in tokens, labelled {NAMED_CONTEXTS} (K = 1,024).")
def contexts() -> Grid:
    return make_grid(np.array([EX.contexts], dtype=float), ("tokens",), CONTEXTS, EXACT, "context")


@grid(NAME, "memory", "The KV cache of each model (rows) at each context length (columns), in GiB.")
def memory() -> Grid:
    return make_grid(EX.cache_gib, MODELS, CONTEXTS, SIZE, "model \\ tokens")


@grid(NAME, "multi-head-memory", "The caches each model would need with one K/V head per query head, in GiB.")
def multi_head_memory() -> Grid:
    return make_grid(EX.multi_head_gib, MODELS, CONTEXTS, SIZE, "model \\ tokens")


@grid(NAME, "memory-bytes", "The same caches in bytes.")
def memory_bytes() -> Grid:
    return make_grid(np.array(EX.cache_bytes, dtype=float), MODELS, CONTEXTS, EXACT, "model \\ tokens")


@grid(NAME, "ratio", "How many times a model's cache fits in the first model's cache, at any length.")
def ratio() -> Grid:
    return make_grid(EX.ratio_to_first[:, None], MODELS, ("times",), DECIMAL, "model")


@scalar(NAME, "gib", "Bytes in one GiB (2^30).")
def gib_bytes() -> Scalar:
    return Scalar(float(GIB), EXACT)


# What docs/javascripts/live/kv-memory.js mirrors (directives/mirror.py): the reader's inputs and the entries.
MIRROR = Mirror(
    entries=frozenset({
        "bytes-per-token", "bytes-per-value", "contexts", "gib", "memory", "models", "multi-head-memory", "per-token",
        "ratio", "sizes", "sources"}),
    editable=("contexts", "bytes_per_value"))
