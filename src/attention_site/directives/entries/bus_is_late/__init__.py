"""The lesson's "the bus is late": the query of late scored, softmaxed and mixed; then all three tokens.

Example "bus-is-late", one module a family. `lesson` holds what the others share (the example, its number
styles, the `query=` option); the others register the entries, in name order, the order the reference page lists
them: `by_hand`, one query scored, softmaxed and mixed, and what each entry of a key stands for;
`masked_scaled`, the optional step with the causal mask and the division by sqrt(d_k); `matrices`, all three
tokens at once; `programs`, the live calculator and the lesson's two programs; `teacher`, the teacher's working
and the 45-minute class.
"""

from __future__ import annotations

from ...mirror import Mirror
from . import by_hand, masked_scaled, matrices, programs, teacher  # noqa: F401  (each registers its entries)

# What docs/javascripts/live/bus-is-late.js mirrors (directives/mirror.py): the reader's inputs and the entries. The
# scale is offered too: the lesson, its handout and its programs work unscaled scores, and say so in checked sentences
# and checked programs, which a reader's other scale marks or notes.
MIRROR = Mirror(
    entries=frozenset({
        "all-output", "all-scores", "all-weights", "contributions", "divisor", "exponentials", "hard-choice",
        "inputs", "key-features", "keys", "masked-scaled-output", "masked-scaled-softmax", "masked-scaled-weights",
        "mixing", "mixing-as-printed", "output", "powers-of-e", "queries", "query", "scale", "scaling-compare",
        "score-asymmetry", "scores", "scoring", "softmax", "softmax-working", "top-score", "top-weight", "total",
        "values", "weights", "weights-heatmap"}),
    editable=("queries", "keys", "values", "scale"),
    blocks=frozenset({"one-token-program", "one-token-printout", "all-tokens-program", "all-tokens-printout",
                      "class-questions", "speaker-notes"}))
