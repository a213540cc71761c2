"""attention_core: the arithmetic of attention in a transformer, in pure NumPy.

Every number on the site "Attention by Hand" is computed here. Shapes: n tokens (rows), d_model wide
inputs, d_k wide queries and keys, d_v wide values, h heads. Numbers are float64 (masks are boolean, indices
integers); result objects are frozen dataclasses of read-only arrays.
"""

from __future__ import annotations

from .attention import AttentionResult, attention_shapes, project, scaled_dot_product_attention, score_spread
from .batched import BatchedResult, batched_attention, linear, merge_heads, per_head_attention, split_heads
from .cost import AttentionCost, TiledResult, TileStep, attention_cost, cost_table, tiled_attention
from .cross import combine_masks, cross_attention, empty_rows, filled_softmax, nan_zeroed_score_gradient
from .exact import ACCEPTED_ENTRIES, parse_entry, parse_matrix, parse_vector, to_fraction
from .examples import EXAMPLES, Example, ExampleInputError
from .generation import DecodeStep, KVCache, ScoreCounts, decode_with_cache, decoded_outputs, score_counts
from .gradients import QueryGradient, QueryStep, dot_product_jacobian, query_gradient, query_step, softmax_jacobian
from .grouped_query import GroupedQueryResult, grouped_query_attention, kv_head_of
from .inference import (
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
from .initialisation import InitialWeights, initialise_heads, scaled_normal, scaled_normal_sd
from .kv_memory import GIB, ModelShape, attention_kind, gib, kv_cache_bytes, kv_cache_entries
from .language_model import (
    ModelRun,
    cross_entropy,
    cross_entropy_gradient,
    embed,
    initialise_stack,
    run_model,
    tied_logits,
)
from .layer import (
    FeedForwardSteps,
    LayerParameters,
    LayerResult,
    feed_forward,
    feed_forward_steps,
    layer_norm,
    layer_norm_statistics,
    logits,
    next_token,
    transformer_layer,
)
from .multihead import MultiHeadResult, multi_head_attention
from .positions import (
    PermutationCheck,
    RelativeAttentionResult,
    add_positions,
    attention_without_positions,
    check_permutation,
    learned_position_table,
    permute_rows,
    relative_position_attention,
    relative_position_indices,
    sinusoidal_positions,
)
from .rotary import (
    OffsetCheck,
    RopeResult,
    alibi_bias,
    alibi_slopes,
    causal_distances,
    check_rope_offsets,
    rope_exponents,
    rope_frequencies,
    rope_scores,
    rotate,
)
from .sampling import Sampling, draw_index, sample_next, softmax_with_temperature, top_k_filter, top_p_filter
from .softmax import SoftmaxSteps, apply_mask, causal_mask, padding_mask, softmax, softmax_steps

__all__ = [
    "ACCEPTED_ENTRIES",
    "EXAMPLES",
    "GIB",
    "AttentionCost",
    "AttentionResult",
    "BatchedResult",
    "DecodeStep",
    "Example",
    "ExampleInputError",
    "FeedForwardSteps",
    "GroupedQueryResult",
    "InitialWeights",
    "KVCache",
    "LayerParameters",
    "LayerResult",
    "ModelShape",
    "MultiHeadResult",
    "OffsetCheck",
    "PermutationCheck",
    "QueryGradient",
    "QueryStep",
    "RelativeAttentionResult",
    "RopeResult",
    "ScoreCounts",
    "SoftmaxSteps",
    "TileStep",
    "TiledResult",
    "add_positions",
    "alibi_bias",
    "alibi_slopes",
    "apply_mask",
    "attention_cost",
    "attention_kind",
    "attention_shapes",
    "attention_without_positions",
    "batched_attention",
    "causal_distances",
    "causal_mask",
    "check_permutation",
    "check_rope_offsets",
    "combine_masks",
    "cost_table",
    "cross_attention",
    "decode_with_cache",
    "decoded_outputs",
    "dot_product_jacobian",
    "empty_rows",
    "feed_forward",
    "feed_forward_steps",
    "filled_softmax",
    "gib",
    "grouped_query_attention",
    "initialise_heads",
    "kv_cache_bytes",
    "kv_cache_entries",
    "kv_head_of",
    "layer_norm",
    "layer_norm_statistics",
    "learned_position_table",
    "linear",
    "logits",
    "merge_heads",
    "multi_head_attention",
    "nan_zeroed_score_gradient",
    "next_token",
    "padding_mask",
    "parse_entry",
    "parse_matrix",
    "parse_vector",
    "per_head_attention",
    "permute_rows",
    "project",
    "query_gradient",
    "query_step",
    "relative_position_attention",
    "relative_position_indices",
    "rope_exponents",
    "rope_frequencies",
    "rope_scores",
    "rotate",
    "scaled_dot_product_attention",
    "scaled_normal",
    "scaled_normal_sd",
    "score_counts",
    "score_spread",
    "sinusoidal_positions",
    "softmax",
    "softmax_jacobian",
    "softmax_steps",
    "split_heads",
    "tiled_attention",
    "to_fraction",
    "transformer_layer",
]
__all__ += [  # content: the model end to end, inference economics
    "LayerWidths", "StepTraffic", "crossover_context", "decode_traffic", "layer_macs", "layer_parameters",
    "log_sum_exp", "model_parameters", "prefill_traffic",
    "ModelRun", "Sampling", "cross_entropy", "cross_entropy_gradient", "draw_index",
    "embed", "initialise_stack", "run_model", "sample_next", "softmax_with_temperature", "tied_logits",
    "top_k_filter", "top_p_filter",
]
