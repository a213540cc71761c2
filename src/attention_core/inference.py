"""What generating a token costs: parameters, bytes read per step, arithmetic per byte, and where attention dominates.

A decode step reads every weight once and the whole KV cache of every sequence in the batch, to do about two
floating-point operations per weight per sequence (a multiply and an add). Prefill reads the weights once for the
whole prompt. So prefill does about as many operations per byte of weights as the prompt has tokens, and decode as
many as the batch has sequences (the bandwidth argument of Shazeer 2019). Counts are multiply-adds (MACs) or
2 x MACs (FLOPs); biases and layer norms are left out (under 0.01 % of the parameters of the models here).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_real
from .kv_memory import ModelShape

__all__ = ["LayerWidths", "StepTraffic", "crossover_context", "decode_traffic", "layer_macs", "layer_parameters",
           "log_sum_exp", "model_parameters", "prefill_traffic"]


@dataclass(frozen=True)
class LayerWidths:
    """The widths of a published model that set its parameter count, beside the ModelShape that sets its cache.

    gated_ffn: a SwiGLU network (three d_model x d_ff matrices, Shazeer 2020) rather than two; tied: the output map
    is the embedding matrix transposed, so the vocabulary is counted once.
    """

    d_model: int
    d_ff: int
    vocab: int
    gated_ffn: bool
    tied: bool
    source: str

    def __post_init__(self) -> None:
        """Refuse widths that cannot be a model's."""
        for name in ("d_model", "d_ff", "vocab"):
            as_count(name, getattr(self, name), limit="MAX_COUNTED_TOKENS")


def layer_parameters(shape: ModelShape, widths: LayerWidths) -> tuple[int, int]:
    """Return one layer's (attention, feed-forward) weights: W_Q and W_O (d_model x h d_head), W_K and W_V
    (d_model x g d_head) for g K/V heads, and two or three d_model x d_ff matrices."""
    d, query_width, kv_width = widths.d_model, shape.query_heads * shape.head_dim, shape.kv_heads * shape.head_dim
    attention = 2 * d * query_width + 2 * d * kv_width
    return attention, (3 if widths.gated_ffn else 2) * d * widths.d_ff


def model_parameters(shape: ModelShape, widths: LayerWidths) -> int:
    """Return every weight of the model: its layers, the embedding, and the output map unless it is tied."""
    per_layer = sum(layer_parameters(shape, widths))
    return shape.layers * per_layer + (1 if widths.tied else 2) * widths.vocab * widths.d_model


def layer_macs(shape: ModelShape, widths: LayerWidths, context: int) -> tuple[int, int, int]:
    """Return one token's multiply-adds in one layer at `context` earlier tokens: (projections, FFN, attention).

    Projections and FFN are one MAC per weight; attention is q . k over the context and the weighted sum of as
    many values, for every query head: 2 x context x h x d_head.
    """
    context = as_count("context", context, limit="MAX_COUNTED_TOKENS")
    attention, ffn = layer_parameters(shape, widths)
    return attention, ffn, 2 * context * shape.query_heads * shape.head_dim


def crossover_context(shape: ModelShape, widths: LayerWidths) -> float:
    """Return the context n at which attention's 2 n h d_head MACs equal the projections' and FFN's.

    For the 2017 shapes (h d_head = d_model, d_ff = 4 d_model): (4 d^2 + 8 d^2) / (2 d) = 6 d_model.
    """
    projections, ffn, _ = layer_macs(shape, widths, 1)
    return (projections + ffn) / (2 * shape.query_heads * shape.head_dim)


@dataclass(frozen=True)
class StepTraffic:
    """One pass of the model: bytes of weights and of KV cache it moves, the operations they feed, the tokens made.

    Decode: one new token per sequence of the batch, the caches read. Prefill: every prompt token, the cache written.
    """

    weight_bytes: int
    cache_bytes: int
    flops: int
    tokens: int

    @property
    def bytes_per_token(self) -> float:
        """Bytes moved for each token the pass handles."""
        return (self.weight_bytes + self.cache_bytes) / self.tokens

    @property
    def flops_per_byte(self) -> float:
        """Arithmetic intensity: floating-point operations per byte read."""
        return self.flops / (self.weight_bytes + self.cache_bytes)


def decode_traffic(shape: ModelShape, widths: LayerWidths, context: int, batch: int,
                   bytes_per_value: int = 2) -> StepTraffic:
    """Return what one decode step reads and computes for `batch` sequences of `context` cached tokens each.

    Weights are read once for the whole batch; each sequence reads its own cache. FLOPs: 2 per weight per
    sequence, plus 2 per attention MAC (the scores and the weighted sum over the cache).
    """
    batch = as_count("batch", batch, limit="MAX_COUNTED_TOKENS")
    parameters = model_parameters(shape, widths)
    _, _, attention = layer_macs(shape, widths, context)
    flops = batch * (2 * parameters + 2 * shape.layers * attention)
    return StepTraffic(parameters * bytes_per_value, batch * shape.cache_bytes(context, bytes_per_value), flops, batch)


def prefill_traffic(shape: ModelShape, widths: LayerWidths, prompt: int, bytes_per_value: int = 2) -> StepTraffic:
    """Return what prefilling one prompt of `prompt` tokens moves and computes, all its rows in one pass.

    Weights are read once for every prompt token; the pass writes the prompt's cache. FLOPs: 2 per weight per token,
    plus the causal attention of token t over its t keys: 2 x 2 t h d_head per layer, summed over t = 1 ... prompt.
    """
    prompt = as_count("prompt", prompt, limit="MAX_COUNTED_TOKENS")
    parameters = model_parameters(shape, widths)
    pairs = prompt * (prompt + 1) // 2  # causal (query, key) pairs of the prompt
    flops = 2 * parameters * prompt + 2 * shape.layers * 2 * pairs * shape.query_heads * shape.head_dim
    return StepTraffic(parameters * bytes_per_value, shape.cache_bytes(prompt, bytes_per_value), flops, prompt)


def log_sum_exp(scores: np.ndarray) -> np.ndarray:
    """Return L = log sum_j exp(s_j) of each row, as max + log sum exp(s - max): what FlashAttention keeps.

    Shapes: scores (n, m), -inf where masked -> (n,). Backward recomputes the weights as exp(S - L) from it,
    without storing the n x m weights (Dao et al. 2022).
    """
    scores = as_real("the scores", scores)
    if scores.ndim != 2 or not np.isfinite(scores.max(axis=1, initial=-np.inf)).all() or np.isnan(scores).any():
        raise ValueError("log_sum_exp needs scores (n, m) with a finite score in every row and no NaN")
    top = scores.max(axis=1)  # (n,)
    L: np.ndarray = top + np.log(np.exp(scores - top[:, None]).sum(axis=1))  # (n,)
    return L
