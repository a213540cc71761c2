"""Whole-number counts (score entries, bytes, multiply-adds) as grids: 1,048,576. Registers nothing."""

from __future__ import annotations

import numpy as np

from ..formatting import format_number
from ..shown import Grid
from .common import EXACT, make_grid


def count_text(value: int) -> str:
    """A whole number with thousands separators: `1,048,576`."""
    if int(value) != value:
        raise ValueError(f"a count must be a whole number, got {value!r}")
    return format_number(float(value), EXACT)


def count_grid(value: int, label: str) -> Grid:
    """One count as a 1x1 grid, for attn:value (`1,048,576`) and attn:tex."""
    return make_grid(np.array([[float(value)]]), (label,), ("count",), EXACT, "", authored=((count_text(value),),))
