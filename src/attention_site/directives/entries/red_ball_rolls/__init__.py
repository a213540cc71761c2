"""The walk-through's worked example (example "red-ball-rolls"): "red ball rolls", two heads, one module a chapter.

Head 1 and its steps, both heads and W_O, the unmasked and padded variants, its pictures, the program output.
"""

from __future__ import annotations

from . import head, heads, pictures, program, steps, variants  # noqa: F401  (each registers its entries)
