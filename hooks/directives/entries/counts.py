"""Whole-number counts (score entries, bytes, multiply-adds) shown with thousands separators: 1,048,576.

The number policy in formatting.py shows exact fractions or fixed decimals; counts are neither, and a reader
checks 16,384 far more easily than 16384. They are shown as text, like an authored input. Registers nothing.
"""

from __future__ import annotations

import numpy as np

from ..shown import Grid
from .common import EXACT
from .common import grid as make_grid


def count_text(value: int) -> str:
    """A whole number with thousands separators: `1,048,576`."""
    if int(value) != value:
        raise ValueError(f"a count must be a whole number, got {value!r}")
    return f"{int(value):,}"


def count_grid(value: int, label: str) -> Grid:
    """One count as a 1x1 grid, for attn:value (`1,048,576`) and attn:tex."""
    return make_grid(np.array([[float(value)]]), (label,), ("count",), EXACT, "", authored=((count_text(value),),))
