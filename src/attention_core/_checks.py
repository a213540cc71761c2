"""Input checks shared by the core: real float64 arrays within stated limits, finite results, read-only results.

The limits below are what a page could sensibly ask for; anything larger is refused with a ValueError that
names the limit, before anything big is allocated. Float64 itself is a limit too: a computation whose finite
input would overflow it (an entry above about 1.8e308) is refused instead of returning inf, NaN or zeros.
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Literal

import numpy as np

MAX_TOKENS = 8192  # rows of a sequence: tokens, keys, positions, decode steps (the benchmark's largest n)
MAX_WIDTH = 8192  # columns: d_model, d_k, d_v, d_ff, vocabulary
MAX_HEADS = 128  # heads of one layer (GPT-3 has 96)
MAX_ENTRIES = MAX_TOKENS * MAX_WIDTH  # entries the core builds in one array, or in one kind of array of a call
MAX_COUNTED_TOKENS = 1_000_000  # sequence lengths that are only counted (cost tables, score counts)
MAX_TABLE_ROWS = 1000  # rows of one cost table
MAX_ENTRY_LENGTH = 40  # characters in one authored entry such as "-1/2" or "sqrt 3"
MAX_DENOMINATOR = 1_000_000  # largest denominator to_fraction may be asked to look for
MAX_QUOTED = 60  # characters of a bad value quoted in an error message
FLOAT64_MAX = float(np.finfo(np.float64).max)  # about 1.8e308: no float64 holds more

Operand = np.ndarray | np.float64  # what a checked computation reads: an array or a scalar such as the scale

Limit = Literal[
    "MAX_TOKENS", "MAX_WIDTH", "MAX_HEADS", "MAX_ENTRIES", "MAX_COUNTED_TOKENS", "MAX_TABLE_ROWS",
    "MAX_ENTRY_LENGTH", "MAX_DENOMINATOR",
]
LIMITS: dict[Limit, int] = {
    "MAX_TOKENS": MAX_TOKENS, "MAX_WIDTH": MAX_WIDTH, "MAX_HEADS": MAX_HEADS, "MAX_ENTRIES": MAX_ENTRIES,
    "MAX_COUNTED_TOKENS": MAX_COUNTED_TOKENS, "MAX_TABLE_ROWS": MAX_TABLE_ROWS,
    "MAX_ENTRY_LENGTH": MAX_ENTRY_LENGTH, "MAX_DENOMINATOR": MAX_DENOMINATOR,
}
REAL_KINDS = "iuf"  # signed and unsigned integers, floats; not bool, complex, object, strings or dates

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = MAX_QUOTED
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 8


def quote(value: object) -> str:
    """Return repr(value) cut to about MAX_QUOTED characters, so no message repeats a page of input."""
    if isinstance(value, int) and value.bit_length() > 192:  # repr of a huge int is slow, or refused past 4300 digits
        return f"an integer of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    text = _REPR.repr(value)
    return text if len(text) <= MAX_QUOTED else text[: MAX_QUOTED - 1] + "…"


def at_most(what: str, value: int, limit: Limit) -> int:
    """Return `value` if it is within `limit`, or raise ValueError naming both."""
    if value > LIMITS[limit]:
        shown = quote(value) if value.bit_length() > 192 else f"{value:,}"
        raise ValueError(f"{what} = {shown} is above the core's limit {limit} = {LIMITS[limit]:,}")
    return value


def as_real(name: str, x: object) -> np.ndarray:
    """Return `x` as a float64 array of at most MAX_ENTRIES entries, refusing anything but real numbers."""
    try:
        array = np.asarray(x)
    except ValueError as error:  # ragged nesting: numpy's own message says where
        raise ValueError(f"{name} is not a rectangular array of numbers: {error}") from None
    if array.dtype.kind not in REAL_KINDS:
        raise ValueError(
            f"{name} must hold real numbers (integers or floats), got dtype {array.dtype}"
            f"{' (complex values are never made real silently)' if array.dtype.kind == 'c' else ''}: {quote(x)}"
        )
    at_most(f"the number of entries of {name}", array.size, "MAX_ENTRIES")
    if array.dtype.itemsize > 8:  # a long double may lie beyond float64
        with float64_range(f"{name}, converted to float64,", array):
            return array.astype(np.float64)
    return array.astype(np.float64, copy=False)


def as_matrix(
    name: str, x: object, shape_names: str = "(n, d)", rows: Limit | None = "MAX_TOKENS",
    cols: Limit | None = "MAX_WIDTH",
) -> np.ndarray:
    """Return `x` as a finite 2-D float64 array within the `rows` and `cols` limits, or raise ValueError."""
    array = as_real(name, x)
    if array.ndim != 2:
        raise ValueError(f"{name} must be a 2-D array {shape_names}, got shape {array.shape}")
    if 0 in array.shape:
        raise ValueError(f"{name} must have at least one row and one column, got shape {array.shape}")
    for axis, limit in ((0, rows), (1, cols)):
        if limit is not None:
            at_most(f"the number of {('rows', 'columns')[axis]} of {name}", array.shape[axis], limit)
    bad = ~np.isfinite(array)
    if bad.any():
        row, col = (int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"{name} has a non-finite entry ({array[row, col]}) in row {row}, column {col}")
    return array


def as_count(name: str, value: object, minimum: int = 1, limit: Limit | None = None) -> int:
    """Return `value` as an int >= minimum (and within `limit`, if given), or raise ValueError quoting it."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum:
        raise ValueError(f"{name} must be a whole number >= {minimum}, got {quote(value)}")
    return int(value) if limit is None else at_most(name, int(value), limit)


def as_number(name: str, value: object, minimum: float = 0.0, inclusive: bool = False) -> float:
    """Return `value` as a finite float above `minimum` (or equal to it, if `inclusive`), or raise ValueError."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | float | np.integer | np.floating):
        number = math.nan  # not a real number: refused below, like NaN
    else:
        number = float(value)
    if not math.isfinite(number) or number < minimum or (number == minimum and not inclusive):
        bound = f">= {minimum}" if inclusive else f"> {minimum}"
        raise ValueError(f"{name} must be a finite real number {bound}, got {quote(value)}")
    return number


def as_generator(rng: object) -> np.random.Generator:
    """Return `rng` if it is a NumPy Generator, or raise ValueError saying how to make one."""
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a NumPy Generator (np.random.default_rng(seed)), got {quote(rng)}")
    return rng


def as_scale(scale: float | None, d_k: int) -> float:
    """Return the score scale: 1/sqrt(d_k) by default, else a positive finite number."""
    if scale is None:
        return 1.0 / float(np.sqrt(d_k))
    if isinstance(scale, bool) or not isinstance(scale, int | float | np.integer | np.floating) \
            or not np.isfinite(scale) or scale <= 0:
        raise ValueError(f"scale must be a positive finite number (1.0 means no scaling), got {quote(scale)}")
    return float(scale)


def _overflow(what: str, inputs: tuple[Operand, ...]) -> ValueError:
    """The error for a float64 overflow in `what`, quoting the largest input magnitude."""
    largest = max((float(np.abs(x).max()) for x in inputs if np.size(x)), default=float("nan"))
    return ValueError(
        f"{what} overflows float64 (largest finite value {FLOAT64_MAX:.4g}); the largest input magnitude is "
        f"{largest:.4g}: scale the inputs down"
    )


@contextmanager
def float64_range(what: str, *inputs: Operand) -> Iterator[None]:
    """Raise ValueError naming `what`, the float64 limit and the inputs' largest magnitude if the block overflows."""
    with np.errstate(over="raise", invalid="raise"):
        try:
            yield
        except FloatingPointError:
            raise _overflow(what, inputs) from None


def finite_result(what: str, result: np.ndarray, *inputs: Operand) -> np.ndarray:
    """Return `result` if every entry is finite, else raise the overflow error naming `what` (for einsum, sums)."""
    if not np.isfinite(result).all():
        raise _overflow(what, inputs)
    return result


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
