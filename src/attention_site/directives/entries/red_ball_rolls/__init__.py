"""The walk-through's worked example (example "red-ball-rolls"): "red ball rolls", two heads, one module a chapter.

Head 1 and its steps, both heads and W_O, the unmasked and padded variants, its pictures, the program output.
"""

from __future__ import annotations

from ...mirror import Mirror
from . import head, heads, pictures, program, steps, variants  # noqa: F401  (each registers its entries)

# The entries that read the second head's projections and the output projection (tests/test_live.py holds each set
# to the entries whose text changes with that input): a page offers those inputs beside them only, so the lesson's
# page, all head 1, does not ask a reader for head 2's weights.
HEADS_TOGETHER = frozenset({"concat", "heads-side-by-side", "residual", "residual-rolls", "rolls-by-source",
                            "rolls-output-by-head", "rolls-u-terms", "u"})
HEAD_2_OUTPUT = HEADS_TOGETHER | {"head2-contributions", "head2-output", "head2-projections", "head2-weighted-sum"}
HEAD_2_QUERIES = HEAD_2_OUTPUT | {"head2-heatmap", "head2-scores", "head2-weights", "queries-head2-minus-head1",
                                  "rolls-weights-by-head", "w-q2"}
HEAD_2_KEYS = HEAD_2_OUTPUT | {"head2-heatmap", "head2-scores", "head2-weights", "keys-by-head",
                               "keys-head2-minus-head1", "rolls-weights-by-head", "w-k2"}
HEAD_2_VALUES = HEAD_2_OUTPUT | {"head2-values", "values-head2-minus-head1", "w-v2"}
OUTPUT_PROJECTION = frozenset({"residual", "residual-rolls", "rolls-u-terms", "u", "w-o", "w-o-heads"})

# The entries the focus (the token whose query the pages follow) changes, beside which it is offered
# (tests/test_live.py renders every directive of the site to hold the set).
FOCUS_READERS = frozenset({
    "hard-choice", "head1-contributions", "head2-contributions", "head2-heatmap", "head2-weighted-sum",
    "heads-side-by-side", "residual-rolls", "rolls-by-source", "rolls-output-by-head", "rolls-scores", "rolls-u-terms",
    "rolls-weights-by-head", "weighted-sum"})

# The entries the causal mask (the other choice) changes, beside which it is offered: turned off, the heat maps and the
# mask's grid are drawn whole (live/grids.js) and the flow diagram's hatching follows.
MASK_READERS = frozenset({
    "concat", "flow-diagram", "head2-heatmap", "head2-output", "head2-scores", "head2-weights", "mask", "mask-grid",
    "masked-scores", "output", "residual", "softmax-rows", "u", "weights", "weights-heatmap"})

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
    editable=("X", "W_q", "W_k", "W_v", "W_q2", "W_k2", "W_v2", "W_o", "focus", "causal", "calculator_places"),
    read_by={"W_q2": HEAD_2_QUERIES, "W_k2": HEAD_2_KEYS, "W_v2": HEAD_2_VALUES, "W_o": OUTPUT_PROJECTION,
             "focus": FOCUS_READERS, "causal": MASK_READERS, "calculator_places": frozenset({"calculator-places"})},
    blocks=frozenset({"program", "program-output", "torch-program", "torch-output"}))
