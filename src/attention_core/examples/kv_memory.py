"""The worked example 'kv-memory': published model sizes and context lengths; the cache sizes are computed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import MAX_COUNTED_TOKENS, frozen
from ..kv_memory import ModelShape, gib
from .base import Example, published, ranged

LLAMA_2_7B = ModelShape(
    "Llama 2 7B", layers=32, query_heads=32, kv_heads=32, head_dim=128, trained_context=4096,
    source="Touvron et al. 2023, Llama 2: Open Foundation and Fine-Tuned Chat Models (arXiv:2307.09288), "
           "Table 1 (context length); the released configuration meta-llama/Llama-2-7b-hf (config.json)",
)
LLAMA_2_70B = ModelShape(
    "Llama 2 70B", layers=80, query_heads=64, kv_heads=8, head_dim=128, trained_context=4096,
    source="Touvron et al. 2023, Llama 2 (arXiv:2307.09288), Table 1 (context length; grouped-query attention "
           "for 70B); the released configuration meta-llama/Llama-2-70b-hf (config.json)",
)
FALCON_7B = ModelShape(
    "Falcon-7B", layers=32, query_heads=71, kv_heads=1, head_dim=64, trained_context=2048,
    source="the Falcon-7B model card (tiiuae/falcon-7b, technical specifications) and its configuration "
           "(config.json, multi_query: true)",
)


@dataclass(frozen=True)
class KVMemory(Example):
    """The KV cache of three published models at several context lengths, stored in 16-bit numbers."""

    name: str = "kv-memory"
    title: str = "KV-cache memory of published models"
    tokens: tuple[str, ...] = ()
    models: tuple[ModelShape, ...] = published((LLAMA_2_7B, LLAMA_2_70B, FALCON_7B),
                                               "each model's paper, model card and released config.json")
    contexts: tuple[int, ...] = ranged((4096, 32768, 131072), 1, MAX_COUNTED_TOKENS, "context lengths in tokens")
    bytes_per_value: int = ranged(2, 1, 8, "bytes per stored number")
    illustrative: tuple[str, ...] = ()
    exact: bool = False

    @cached_property
    def per_token(self) -> np.ndarray:
        """Bytes of cache one token adds to each model, (models,)."""
        return frozen(np.array([model.cache_bytes(1, self.bytes_per_value) for model in self.models], dtype=float))

    @cached_property
    def per_token_kib(self) -> np.ndarray:
        """The same in KiB (1,024 bytes), (models,)."""
        return frozen(self.per_token / 1024)  # (models,)

    @cached_property
    def ratio_to_first(self) -> np.ndarray:
        """How many times each model's cache fits in the first model's, at any length, (models,)."""
        return frozen(self.per_token[0] / self.per_token)  # () / (models,) -> (models,)

    @cached_property
    def cache_bytes(self) -> tuple[tuple[int, ...], ...]:
        """Exact bytes for each model (rows) at each context length (columns)."""
        return tuple(tuple(model.cache_bytes(t, self.bytes_per_value) for t in self.contexts) for model in self.models)

    @cached_property
    def multi_head_gib(self) -> np.ndarray:
        """The caches each model would need with one K/V head per query head, in GiB, (models, contexts)."""
        return frozen(np.array([[gib(m.multi_head_bytes(t, self.bytes_per_value)) for t in self.contexts]
                                for m in self.models]))

    @cached_property
    def cache_gib(self) -> np.ndarray:
        """The same in GiB, (models, contexts)."""
        return frozen(np.array([[gib(b) for b in row] for row in self.cache_bytes]))


KV_MEMORY = KVMemory()
