"""Worked examples as data, one module an example: the inputs and labels a reader sees; every other number is computed.

Each example is a frozen dataclass. Fields ending in `_text` hold entries exactly as authored ("ln 2",
"1/2"), so pages can show them as written; `functools.cached_property` members compute everything else
from them with the rest of the core. Change an input and every dependent number changes with it.
Inputs listed in `illustrative` are not in the seed documents: they were chosen to keep the arithmetic
exact or readable, and pages must say so.
"""

from __future__ import annotations

from types import MappingProxyType

from .alibi import ALIBI, Alibi
from .base import Example, ExampleInputError, Magnitude, Source

# content2: examples of the pages one-training-step, engineers-path, cross-attention-and-padding
from .batched_heads import BATCHED_HEADS, BatchedHeads
from .bus_is_late import BUS_IS_LATE, BusIsLate
from .cost import COST, Cost
from .cross_padding import CROSS_PADDING, CrossPadding
from .exercises import EXERCISES, Exercises
from .grouped_heads import GROUPED_HEADS, GroupedHeads
from .head_width import HEAD_WIDTH, HeadWidth
from .initialisation import INITIALISATION, Initialisation
from .kv_cache import KV_CACHE, KVCacheExample
from .kv_memory import KV_MEMORY, KVMemory
from .meaning import MEANING, Meaning
from .positions import POSITIONS, Positions
from .red_ball_layer import RED_BALL_LAYER, RedBallLayer
from .red_ball_rolls import RED_BALL_ROLLS, RedBallRolls
from .rnn_path import RNN_PATH, RnnPath
from .rotary import ROTARY, Rotary
from .scaling import SCALING, Scaling
from .tiled_attention import TILED_ATTENTION, TiledAttention
from .training_step import TRAINING_STEP, TrainingStep
from .whole_model import WHOLE_MODEL, WholeModel

__all__ = [
    "ALIBI",
    "BUS_IS_LATE",
    "COST",
    "EXAMPLES",
    "EXERCISES",
    "GROUPED_HEADS",
    "HEAD_WIDTH",
    "INITIALISATION",
    "KV_CACHE",
    "KV_MEMORY",
    "MEANING",
    "POSITIONS",
    "RED_BALL_LAYER",
    "RED_BALL_ROLLS",
    "RNN_PATH",
    "ROTARY",
    "SCALING",
    "TILED_ATTENTION",
    "Alibi",
    "BusIsLate",
    "Cost",
    "Example",
    "ExampleInputError",
    "Exercises",
    "GroupedHeads",
    "HeadWidth",
    "Initialisation",
    "KVCacheExample",
    "KVMemory",
    "Magnitude",
    "Meaning",
    "Positions",
    "RedBallLayer",
    "RedBallRolls",
    "RnnPath",
    "Rotary",
    "Scaling",
    "Source",
    "TiledAttention",
]
__all__ += [  # content2
    "BATCHED_HEADS", "CROSS_PADDING", "TRAINING_STEP", "BatchedHeads", "CrossPadding", "TrainingStep",
]
__all__ += ["WHOLE_MODEL", "WholeModel"]  # content: the page beyond/whole-model

EXAMPLES: MappingProxyType[str, Example] = MappingProxyType({
    example.name: example
    for example in (RED_BALL_ROLLS, BUS_IS_LATE, SCALING, HEAD_WIDTH, RED_BALL_LAYER, INITIALISATION,
                    POSITIONS, KV_CACHE, TILED_ATTENTION, COST, EXERCISES, ROTARY, ALIBI, KV_MEMORY, GROUPED_HEADS,
                    TRAINING_STEP, BATCHED_HEADS, CROSS_PADDING, MEANING, RNN_PATH, WHOLE_MODEL)
})
