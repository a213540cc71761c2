"""Input checks shared by the core: 2-D float64 matrices with finite entries, read-only results."""

from __future__ import annotations

import numpy as np


def as_matrix(name: str, x: object, shape_names: str = "(n, d)") -> np.ndarray:
    """Return `x` as a 2-D float64 array, or raise ValueError naming `name`, its shape and any NaN row."""
    array = np.asarray(x, dtype=np.float64)
    if array.ndim != 2:
        raise ValueError(f"{name} must be a 2-D array {shape_names}, got shape {array.shape}")
    if 0 in array.shape:
        raise ValueError(f"{name} must have at least one row and one column, got shape {array.shape}")
    bad = ~np.isfinite(array)
    if bad.any():
        row, col = (int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"{name} has a non-finite entry ({array[row, col]}) in row {row}, column {col}")
    return array


def as_count(name: str, value: object, minimum: int = 1) -> int:
    """Return `value` as an int >= minimum, or raise ValueError quoting it."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum:
        raise ValueError(f"{name} must be a whole number >= {minimum}, got {value!r}")
    return int(value)


def as_scale(scale: float | None, d_k: int) -> float:
    """Return the score scale: 1/sqrt(d_k) by default, else a positive finite number."""
    if scale is None:
        return 1.0 / float(np.sqrt(d_k))
    if isinstance(scale, bool) or not np.isfinite(scale) or scale <= 0:
        raise ValueError(f"scale must be a positive finite number (1.0 means no scaling), got {scale!r}")
    return float(scale)


def frozen(array: np.ndarray) -> np.ndarray:
    """Return a read-only copy of `array`, so a result cannot be edited after it is computed."""
    array = np.array(array, copy=True)
    array.setflags(write=False)
    return array


def check_mask(mask: object, n: int, m: int) -> np.ndarray:
    """Return the mask as a boolean (n, m) array in which every query may use at least one key."""
    mask = np.asarray(mask)
    if mask.dtype != np.bool_:
        raise ValueError(f"the mask must be boolean (True = may attend), got dtype {mask.dtype}")
    if mask.shape != (n, m):
        raise ValueError(f"the mask has shape {mask.shape} but the scores have shape {(n, m)}")
    empty = ~mask.any(axis=1)
    if empty.any():
        row = int(np.argmax(empty))
        raise ValueError(f"row {row} of the scores has every entry masked: query {row} may use no key")
    return mask
