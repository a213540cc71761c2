"""Generation with a KV cache (example "kv-cache"): red ball rolls arriving one token at a time, head 1.

The step records and the counts come from attention_core.generation; the full causal result for comparison
is the example's `full`.
"""

from __future__ import annotations

import numpy as np

from attention_core import decoded_outputs, score_counts
from attention_core.examples.kv_cache import KV_CACHE as EX

from ...figures import DecodePanel, decoding_steps_svg
from ..formatting import format_vector
from ..mirror import Mirror
from ..options import integer
from ..questions import SMALL_WORDS
from ..registry import figure, grid, scalar, table
from ..shown import Column, Figure, Grid, Scalar, Table, Vector
from .common import EXACT, as_rows, checked_weights, labels, make_grid, style_of
from .counts import count_grid, count_text

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens
MAX_N = 100_000
MAX_ROWS = 12
NO_BREAK = "\N{NO-BREAK SPACE}"
N = integer("n", "how many tokens are generated", 1, MAX_N, default=len(TOKENS))


def rows_text(array: np.ndarray) -> str:
    """Several rows in one cell: `(1, 0) (0, 2)`; a narrow column breaks between rows, never inside one (`ln 2`)."""
    return " ".join(format_vector(list(row), STYLE).replace(" ", NO_BREAK) for row in as_rows(array))


@table(NAME, "steps", "Each step: the newest token and its query, the cache after appending, the newest weights and "
       "output.")
def steps() -> Table:
    rows = tuple(
        (f"{step.step}: {TOKENS[step.step - 1]}", rows_text(step.query), rows_text(step.cache.K),
         rows_text(step.cache.V), Vector(as_rows(checked_weights(step.weights))[0], STYLE),
         Vector(as_rows(step.output)[0], STYLE))
        for step in EX.steps
    )
    return Table((Column("step", "step: newest token", False), Column("query", "newest query"),
                  Column("keys", "cached key rows"),
                  Column("values", "cached value rows"), Column("weights", "newest weights"),
                  Column("output", "newest output")), rows)


@table(NAME, "compare", "Each step's output with the cache next to the same row of full causal attention.")
def compare() -> Table:
    cached, full = decoded_outputs(EX.steps), EX.full.output
    rows = tuple(
        (f"{t + 1}: {token}", Vector(as_rows(cached[t])[0], STYLE), Vector(as_rows(full[t])[0], STYLE))
        for t, token in enumerate(TOKENS)
    )
    return Table((Column("step", "step: newest token", False), Column("cached", "with the cache, one query"),
                  Column("full", "full causal attention, same row")), rows)


@grid(NAME, "full-output", "The output rows O of full causal attention on all three tokens at once (3x2).")
def full_output() -> Grid:
    return make_grid(EX.full.output, TOKENS, labels("o", EX.full.d_v), STYLE, "token")


@scalar(NAME, "max-difference", "The largest difference between the cached outputs and full causal attention.")
def max_difference() -> Scalar:
    return Scalar(EX.max_difference, EXACT)


@table(NAME, "counts", "Score entries computed at each step, with and without the cache, and the totals.",
       options=(N,))
def counts(n: int) -> Table:
    c = score_counts(n)
    long = n > MAX_ROWS  # too many steps for a page: show the first three and the last, then the totals
    shown = [*range(3), n - 1] if long else list(range(n))
    rows = [(count_text(t + 1), count_text(c.with_cache[t]), count_text(c.without_cache[t])) for t in shown]
    if long:
        rows.insert(3, ("…", "…", "…"))
    rows.append(("total", count_text(c.total_with_cache), count_text(c.total_without_cache)))
    return Table((Column("step", "step t", False), Column("with", "with the cache"),
                  Column("without", "without the cache")), tuple(rows))


@grid(NAME, "total-with-cache", "Score entries in total when generating n tokens with a cache: n(n+1)/2.",
      options=(N,))
def total_with_cache(n: int) -> Grid:
    return count_grid(score_counts(n).total_with_cache, "with the cache")


@grid(NAME, "total-without-cache", "Score entries in total without a cache (whole t x t matrix each step).",
      options=(N,))
def total_without_cache(n: int) -> Grid:
    return count_grid(score_counts(n).total_without_cache, "without the cache")


@figure(NAME, "decoding-steps", "One panel a decoding step: the newest query scoring each cached key row, K and V one "
        "row longer, the row computed at that step filled.")
def decoding_steps() -> Figure:
    tokens = EX.tokens  # read when drawn, so that a changed example is drawn as it is
    panels = [DecodePanel(tokens[step.step - 1], (1, len(step.query)), step.cache.K.shape, step.cache.V.shape,
                          tokens[: step.cache.length])
              for step in EX.steps]
    svg = decoding_steps_svg(panels, title=f"Generating {' '.join(tokens)} with a KV cache, one panel a step",
                             desc="At each step the newest token's query q scores every cached key row, after one "
                                  "key row and one value row are appended; the rows cached before stay as they were.",
                             id_prefix="kv-decoding")
    count = len(panels)
    steps_word = SMALL_WORDS[count].capitalize() if count < len(SMALL_WORDS) else str(count)
    plural = "s" if count != 1 else ""
    return Figure(svg, f"{steps_word} step{plural}, one panel each: the newest query q scores every cached key, one "
                       "arrow a key; K and V each gain the one row computed at that step (filled), and the rows "
                       "cached before are read again as they were.")


# What docs/javascripts/live/kv-cache.js mirrors (directives/mirror.py): the reader's inputs and the entries.
MIRROR = Mirror(
    entries=frozenset({
        "compare", "counts", "decoding-steps", "full-output", "max-difference", "steps", "total-with-cache",
        "total-without-cache"}),
    editable=("X", "W_q", "W_k", "W_v"))
