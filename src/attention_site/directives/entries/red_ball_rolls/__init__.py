"""The walk-through's worked example (example "red-ball-rolls"): "red ball rolls", two heads, one module a chapter.

Head 1 and its steps, both heads and W_O, the unmasked and padded variants, its pictures, the program output.
"""

from __future__ import annotations

from ...mirror import Mirror
from . import head, heads, pictures, program, steps, variants  # noqa: F401  (each registers its entries)

# What docs/javascripts/live/red-ball-rolls.js mirrors (directives/mirror.py): the reader's inputs and the entries.
MIRROR = Mirror(
    entries=frozenset({
        "ball-key-decimal", "calculator-places", "concat", "dimensions", "divisor", "exponentials", "flow-diagram",
        "hard-choice", "head1-contributions", "head2-contributions", "head2-heatmap", "head2-output",
        "head2-projections", "head2-scores", "head2-values", "head2-weighted-sum", "head2-weights", "heads-diagram",
        "heads-side-by-side", "inputs", "keys", "keys-by-head", "keys-head2-minus-head1", "mask", "mask-grid",
        "masked-scores", "output", "output-decimals", "padded-weights", "padding-mask", "padding-mask-grid",
        "padding-masked-weights", "projections", "queries", "queries-head2-minus-head1", "real-tokens", "residual",
        "residual-rolls", "rolls-by-source", "rolls-output-by-head", "rolls-scores", "rolls-u-terms",
        "rolls-weights-by-head", "scores", "shapes", "softmax-rows", "totals", "u", "unmasked-heatmap",
        "unmasked-output", "unmasked-weights", "values", "values-head2-minus-head1", "w-k", "w-k2", "w-o",
        "w-o-heads", "w-q", "w-q2", "w-v", "w-v2", "weighted-sum", "weights", "weights-heatmap", "x"}),
    editable=("X", "W_q", "W_k", "W_v", "calculator_places"),
    read_by={"calculator_places": frozenset({"calculator-places"})})
