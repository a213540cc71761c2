"""The worked example 'inference': what generating costs for the published models of 'kv-memory'."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._checks import frozen
from ..inference import (
    LayerWidths,
    StepTraffic,
    crossover_context,
    decode_traffic,
    layer_macs,
    layer_parameters,
    log_sum_exp,
    model_parameters,
    prefill_traffic,
)
from ..kv_memory import GIB, ModelShape
from .base import Example, Magnitude, published, ranged
from .kv_memory import KV_MEMORY, KVMemory
from .tiled_attention import TILED_ATTENTION, TiledAttention

LLAMA_2_7B_WIDTHS = LayerWidths(4096, 11008, 32000, gated_ffn=True, tied=False,
                                source="meta-llama/Llama-2-7b-hf config.json: hidden_size, intermediate_size, "
                                       "vocab_size; SwiGLU feed-forward (Touvron et al. 2023)")
LLAMA_2_70B_WIDTHS = LayerWidths(8192, 28672, 32000, gated_ffn=True, tied=False,
                                 source="meta-llama/Llama-2-70b-hf config.json: hidden_size, intermediate_size, "
                                        "vocab_size")
FALCON_7B_WIDTHS = LayerWidths(4544, 4 * 4544, 65024, gated_ffn=False, tied=True,
                               source="tiiuae/falcon-7b config.json: hidden_size, vocab_size; a 4 x hidden_size "
                                      "GELU feed-forward and tied embeddings (its modelling code)")
BASE_2017 = ModelShape("Transformer base", layers=6, query_heads=8, kv_heads=8, head_dim=64, trained_context=512,
                       source="Vaswani et al. 2017, Table 3 (base model: N = 6, d_model = 512, h = 8, d_k = 64)")
BASE_2017_WIDTHS = LayerWidths(512, 2048, 37000, gated_ffn=False, tied=True,
                               source="Vaswani et al. 2017, Table 3 (d_ff = 2048) and section 5.1 (about 37,000 "
                                      "shared source-target tokens)")


@dataclass(frozen=True)
class Inference(Example):
    """Prefill against decode, bytes read per generated token, the cache times the batch, and where attention's
    n d terms overtake the d^2 terms, for the published models of kv-memory and the 2017 base model."""

    name: str = "inference"
    title: str = "inference economics of published models"
    tokens: tuple[str, ...] = ()
    widths: tuple[LayerWidths, ...] = published((LLAMA_2_7B_WIDTHS, LLAMA_2_70B_WIDTHS, FALCON_7B_WIDTHS),
                                                "each model's released config.json")
    base: tuple[ModelShape, LayerWidths] = published((BASE_2017, BASE_2017_WIDTHS), "Vaswani et al. 2017, Table 3")
    context: int = ranged(4096, 1, 1_000_000, "the tokens already in each sequence's cache")
    prompt: int = ranged(4096, 1, 1_000_000, "the tokens of the prompt that prefill reads")
    batches: tuple[int, ...] = ranged((1, 16, 64), 1, 100_000, "sequences decoded together", rising=True)
    peak_tflops: int = published(312, "NVIDIA A100 datasheet: 312 TFLOPS dense BF16 Tensor Core")
    bandwidth_gb_s: int = published(2039, "NVIDIA A100 80GB SXM datasheet: 2,039 GB/s of HBM2e bandwidth")
    magnitudes: tuple[Magnitude, ...] = (
        Magnitude("past-twenty-thousand", "each", low=20_000, meaning="at least 20,000 tokens"),
    )
    illustrative: tuple[str, ...] = ("context", "prompt", "batches")
    exact: bool = False
    kv_source: KVMemory = KV_MEMORY  # the models' cache shapes and bytes per value: a change there reaches here
    tiled_source: TiledAttention = TILED_ATTENTION

    def impossible(self) -> Iterator[tuple[str, str]]:
        """One widths record per model of kv-memory (the batches rise: their range says so)."""
        if len(self.widths) != len(self.kv_source.models):
            yield "widths", f"{len(self.widths)} widths for {len(self.kv_source.models)} models; accepted: one each"

    @property
    def models(self) -> tuple[ModelShape, ...]:
        """The published models, as kv-memory holds them."""
        return self.kv_source.models

    @property
    def bytes_per_value(self) -> int:
        """Bytes per stored number, as kv-memory has it (2: fp16 or bf16)."""
        return self.kv_source.bytes_per_value

    @cached_property
    def parameters(self) -> np.ndarray:
        """Per model: attention weights per layer, FFN weights per layer, the whole model's weights, (models, 3)."""
        rows = [(*layer_parameters(m, w), model_parameters(m, w)) for m, w in zip(self.models, self.widths,
                                                                                    strict=True)]
        return frozen(np.array(rows, dtype=float))

    @cached_property
    def parameters_as_named(self) -> np.ndarray:
        """The parameters as model names count them: per layer in millions (attention, FFN), the whole model in
        billions, (models, 3)."""
        p = self.parameters
        return frozen(np.column_stack([p[:, 0] / 1e6, p[:, 1] / 1e6, p[:, 2] / 1e9]))

    def decode(self, batch: int) -> tuple[StepTraffic, ...]:
        """One decode step of `batch` sequences at the example's context, for every model."""
        return tuple(decode_traffic(m, w, self.context, batch, self.bytes_per_value)
                     for m, w in zip(self.models, self.widths, strict=True))

    @cached_property
    def weights_and_cache_gib(self) -> np.ndarray:
        """GiB one decode step of one sequence reads: the weights, and the cache at the context, (models, 2)."""
        return frozen(np.array([[s.weight_bytes / GIB, s.cache_bytes / GIB] for s in self.decode(1)]))

    @cached_property
    def bytes_per_token_gib(self) -> np.ndarray:
        """GiB read for each generated token at each batch size, (models, batches)."""
        return frozen(np.array([[s.bytes_per_token / GIB for s in self.decode(b)] for b in self.batches]).T)

    @cached_property
    def caches_gib(self) -> np.ndarray:
        """GiB of KV cache one decode step reads for the whole batch, at each batch size, (models, batches)."""
        return frozen(np.array([[s.cache_bytes / GIB for s in self.decode(b)] for b in self.batches]).T)

    @cached_property
    def layer_macs_millions(self) -> np.ndarray:
        """One token's multiply-adds in one layer at the context, in millions: projections, FFN, attention,
        (models, 3)."""
        rows = [layer_macs(m, w, self.context) for m, w in zip(self.models, self.widths, strict=True)]
        return frozen(np.array(rows, dtype=float) / 1e6)

    @cached_property
    def prefill(self) -> tuple[StepTraffic, ...]:
        """Prefill of one prompt, for every model."""
        return tuple(prefill_traffic(m, w, self.prompt, self.bytes_per_value)
                     for m, w in zip(self.models, self.widths, strict=True))

    @property
    def ridge(self) -> float:
        """FLOPs per byte at which the accelerator's arithmetic and its memory take the same time."""
        return self.peak_tflops * 1e12 / (self.bandwidth_gb_s * 1e9)

    @cached_property
    def crossovers(self) -> np.ndarray:
        """The context at which attention's MACs per token equal the rest, for the 2017 base and each model."""
        pairs = (self.base, *zip(self.models, self.widths, strict=True))
        return frozen(np.array([crossover_context(m, w) for m, w in pairs]))

    @property
    def crossover_models(self) -> tuple[str, ...]:
        """The names of the rows of `crossovers`: the 2017 base model, then the published ones."""
        return (self.base[0].name, *(m.name for m in self.models))

    @cached_property
    def crossover_widths(self) -> np.ndarray:
        """Each crossover context divided by its model's d_model, (1 + models,)."""
        d_models = np.array([self.base[1].d_model, *(w.d_model for w in self.widths)], dtype=float)
        return frozen(self.crossovers / d_models)

    @cached_property
    def batch_where_cache_wins(self) -> np.ndarray:
        """Per model: the smallest batch whose caches at the context outweigh the weights, (models,)."""
        weights = self.parameters[:, 2] * self.bytes_per_value
        per_sequence = np.array([m.cache_bytes(self.context, self.bytes_per_value) for m in self.models], dtype=float)
        return frozen(np.floor(weights / per_sequence) + 1)

    @cached_property
    def log_sum_exp(self) -> np.ndarray:
        """L = log sum exp(s) of each row of the tiled example's scores, (n,)."""
        return frozen(log_sum_exp(self.tiled_source.naive.scaled))

    @cached_property
    def running_log_sum_exp(self) -> np.ndarray:
        """m + log l after the last tile: the same L, from the running statistics alone, (n,)."""
        last = self.tiled_source.result.trace[-1]
        return frozen(last.running_max + np.log(last.running_sum))

    @cached_property
    def recomputed_weights(self) -> np.ndarray:
        """exp(S - L): the weights rebuilt from the scores and L, as the backward pass does, (n, n)."""
        return frozen(np.exp(self.tiled_source.naive.scaled - self.log_sum_exp[:, None]))

    @cached_property
    def rebuild_errors(self) -> np.ndarray:
        """The largest |exp(S - L) - A| and the largest |L from all scores - (m + ln l)|: 0 to rounding, (2,)."""
        weights = np.abs(self.recomputed_weights - self.tiled_source.naive.weights).max()
        lse = np.abs(self.log_sum_exp - self.running_log_sum_exp).max()
        return frozen(np.array([weights, lse]))


INFERENCE = Inference()
