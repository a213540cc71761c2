"""Inference economics (example "inference"): parameters, bytes read per generated token, prefill against decode,
the cache times the batch, where attention's n d terms overtake the d^2 terms, and FlashAttention's stored L.

Computed by attention_core.inference from the published models of kv-memory. Sizes in GiB (2^30 bytes) and MiB
(2^20 bytes); parameters in millions and billions (10^6, 10^9), as model names count them.
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.inference import INFERENCE as EX

from ..formatting import NumberStyle
from ..mirror import Mirror
from ..registry import grid, scalar, table
from ..shown import Column, Grid, Number, Scalar, Table
from .common import DECIMAL, SIZE, WHOLE, count, make_grid

NAME = EX.name
MODELS = tuple(model.name for model in EX.models)
BATCHES = tuple(str(b) for b in EX.batches)  # columns named by the batch size: col=16


def per_model(values: np.ndarray, cols: tuple[str, ...], corner: str = "model", style: NumberStyle = SIZE) -> Grid:
    """One row per published model."""
    return make_grid(values, MODELS, cols, style, corner)


@grid(NAME, "parameters", "Weights per layer (attention, FFN, in millions) and of the whole model (billions).")
def parameters() -> Grid:
    return per_model(EX.parameters_as_named, ("attention", "ffn", "billions"))


@scalar(NAME, "context", "The tokens already cached in each sequence.")
def context() -> Scalar:
    return count(EX.context)


@scalar(NAME, "prompt", "The prompt's tokens, read by prefill in one pass.")
def prompt() -> Scalar:
    return count(EX.prompt)


@grid(NAME, "weights-and-cache", "GiB read by one decode step: the weights, and one sequence's cache at the context.")
def weights_and_cache() -> Grid:
    return per_model(EX.weights_and_cache_gib, ("weights", "cache"))


@grid(NAME, "bytes-per-token", "GiB read for each generated token, at each batch (columns named by the batch size).")
def bytes_per_token() -> Grid:
    return per_model(EX.bytes_per_token_gib, BATCHES, "model \\ batch")


@grid(NAME, "caches", "GiB of KV cache a decode step reads for the whole batch (columns named by the batch size).")
def caches() -> Grid:
    return per_model(EX.caches_gib, BATCHES, "model \\ batch")


@grid(NAME, "cache-wins", "The smallest batch whose caches outweigh the model's weights, at the context.")
def cache_wins() -> Grid:
    return per_model(EX.batch_where_cache_wins[:, None], ("batch",), style=WHOLE)


@grid(NAME, "intensity", "FLOPs per byte read: decode at each batch, and prefill of the prompt (column prefill).")
def intensity() -> Grid:
    decode = [[step.flops_per_byte for step in EX.decode(b)] for b in EX.batches]
    prefill = [step.flops_per_byte for step in EX.prefill]
    return per_model(np.column_stack([*decode, prefill]), (*BATCHES, "prefill"), "model \\ batch")


@grid(NAME, "against-ridge", "Prefill's and the largest batch's FLOPs per byte, beside the accelerator's ridge.")
def against_ridge() -> Grid:
    largest = [step.flops_per_byte for step in EX.decode(EX.batches[-1])]
    rows = [[p.flops_per_byte, d, EX.ridge] for p, d in zip(EX.prefill, largest, strict=True)]
    return per_model(np.array(rows), ("prefill", "decode", "ridge"), style=DECIMAL)


@scalar(NAME, "ridge", "The accelerator's FLOPs per byte: peak BF16 operations over memory bandwidth.")
def ridge() -> Scalar:
    return Scalar(EX.ridge, DECIMAL)


@scalar(NAME, "peak-tflops", "The accelerator's peak dense BF16 rate, in TFLOP/s (as published).")
def peak_tflops() -> Scalar:
    return count(EX.peak_tflops)


@scalar(NAME, "bandwidth", "The accelerator's memory bandwidth, in GB/s (as published).")
def bandwidth() -> Scalar:
    return count(EX.bandwidth_gb_s)


@grid(NAME, "macs", "One token's multiply-adds in one layer at the context, in millions: projections, FFN, attention.")
def macs() -> Grid:
    return per_model(EX.layer_macs_millions, ("projections", "ffn", "attention"))


@grid(NAME, "crossover", "The context n at which attention's MACs per token equal the projections' and FFN's.")
def crossover() -> Grid:
    return make_grid(EX.crossovers[:, None], EX.crossover_models, ("tokens",), WHOLE, "model")


@grid(NAME, "crossover-width", "The same context n divided by each model's d_model "
      f"({EX.crossover_widths[0]:.3g} for the {EX.crossover_models[0]} shapes).")
def crossover_width() -> Grid:
    return make_grid(EX.crossover_widths[:, None], EX.crossover_models, ("per-d-model",), SIZE, "model")


@table(NAME, "crossovers", "The crossover context n of each model, in tokens and in multiples of its d_model.")
def crossovers() -> Table:
    rows = tuple((name, Number(float(n), WHOLE), Number(float(r), SIZE))
                 for name, n, r in zip(EX.crossover_models, EX.crossovers, EX.crossover_widths, strict=True))
    return Table((Column("model", "model", False), Column("tokens", "crossover n (tokens)"),
                  Column("width", "n / d_model")), rows)


@grid(NAME, "log-sum-exp", "L of each row of tiled-attention's scores: from all of them, and from the last m + ln l.")
def log_sum_exp() -> Grid:
    values = np.column_stack([EX.log_sum_exp, EX.running_log_sum_exp])
    return make_grid(values, EX.tiled_source.tokens, ("all-scores", "running"), DECIMAL, "row")


@grid(NAME, "recomputed-weights", "exp(S - L): tiled-attention's weights rebuilt from its scores and L alone.")
def recomputed_weights() -> Grid:
    tokens = EX.tiled_source.tokens
    return make_grid(EX.recomputed_weights, tokens, tokens, DECIMAL, "query \\ key")


@grid(NAME, "rebuild-error", "The largest |exp(S - L) - A| and |L from all scores - m - ln l|: 0 to rounding.")
def rebuild_error() -> Grid:
    return make_grid(EX.rebuild_errors[None, :], ("largest",), ("weights", "L"), DECIMAL, "difference")


# What docs/javascripts/live/inference.js mirrors (directives/mirror.py): the reader's inputs and the entries. The
# batch sizes are offered where a table by batch is shown; their range says they rise, which live.js checks too.
MIRROR = Mirror(
    entries=frozenset({
        "against-ridge", "bandwidth", "bytes-per-token", "cache-wins", "caches", "context", "crossover",
        "crossover-width", "crossovers", "intensity", "log-sum-exp", "macs", "parameters", "peak-tflops", "prompt",
        "rebuild-error", "recomputed-weights", "ridge", "weights-and-cache"}),
    editable=("context", "prompt", "batches"),
    read_by={"batches": frozenset({"against-ridge", "bytes-per-token", "caches", "intensity"})})
