"""attention_core: the arithmetic of attention in a transformer, in pure NumPy.

Every number on the site "Attention by Hand" is computed here. Shapes: n tokens (rows), d_model wide
inputs, d_k wide queries and keys, d_v wide values, h heads. Arrays are float64.
"""

from __future__ import annotations

from .attention import AttentionResult, attention_shapes, project, scaled_dot_product_attention, score_spread
from .exact import ACCEPTED_ENTRIES, parse_entry, parse_matrix, parse_vector, to_fraction
from .examples import (
    BUS_IS_LATE,
    EXAMPLES,
    HEAD_WIDTH,
    RED_BALL_ROLLS,
    SCALING,
    BusIsLate,
    Example,
    HeadWidth,
    RedBallRolls,
    Scaling,
)
from .multihead import MultiHeadResult, multi_head_attention
from .softmax import SoftmaxSteps, apply_mask, causal_mask, softmax, softmax_steps

__all__ = [
    "ACCEPTED_ENTRIES",
    "BUS_IS_LATE",
    "EXAMPLES",
    "HEAD_WIDTH",
    "RED_BALL_ROLLS",
    "SCALING",
    "AttentionResult",
    "BusIsLate",
    "Example",
    "HeadWidth",
    "MultiHeadResult",
    "RedBallRolls",
    "Scaling",
    "SoftmaxSteps",
    "apply_mask",
    "attention_shapes",
    "causal_mask",
    "multi_head_attention",
    "parse_entry",
    "parse_matrix",
    "parse_vector",
    "project",
    "scaled_dot_product_attention",
    "score_spread",
    "softmax",
    "softmax_steps",
    "to_fraction",
]
