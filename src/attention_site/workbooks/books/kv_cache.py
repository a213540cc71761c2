"""Generation with a KV cache as a workbook: one sheet per step, the cache growing by one row each time.

On the sheet of step t, the names x_t, q_t, K, V, S, A and O are local to that sheet (K and V are the cache
after step t), so each step reads like the page: the newest query against the cached keys.
"""

from __future__ import annotations

import numpy as np

from attention_core import softmax_steps
from attention_core.examples.kv_cache import KV_CACHE, KVCacheExample

from .. import steps
from ..layout import Book, Grid, Refs, Sheet, labels
from ..names import workbook

PAGE = "walkthrough/generation/#the-kv-cache"


def cache(key: str, caption: str, previous: str | None, newest: str, expected: np.ndarray,
          tokens: tuple[str, ...], cols: tuple[str, ...], name: str) -> Grid:
    """The cache after a step: the previous step's rows, then the newest row."""
    last = len(tokens) - 1

    def formula(r: Refs, i: int, j: int) -> str:
        """The previous cache's entry, or the newest row's for the last row."""
        if i == last:
            return f"={r.cell(newest, 0, j)}"
        assert previous is not None  # only the first step has no previous cache, and its one row is the newest
        return f"={r.cell(previous, i, j)}"
    return Grid(key, caption, tokens, cols, expected, corner="cached token", name=name, sheet_scoped=True,
                cell=formula)


def step_sheet(ex: KVCacheExample, t: int) -> Sheet:
    """Step t (1-based): project the newest row, append to the cache, attend from the newest query."""
    step, token, seen = ex.steps[t - 1], ex.tokens[t - 1], ex.tokens[:t]
    by_hand = softmax_steps(step.scores)
    d_k, d_v, d_model = step.cache.K.shape[1], step.cache.V.shape[1], ex.X.shape[1]
    p = f"s{t}."  # grid keys are unique in the book; the names a reader sees are local to the sheet
    before = None if t == 1 else f"s{t - 1}."

    def newest_row(r: Refs, i: int, j: int) -> str:
        """Entry j of row t of X."""
        return f"=INDEX({r.whole('X')},{t},{j + 1})"
    grids = [
        Grid(p + "x", f"x_t: the row of {token}, the newest token (row {t} of X)", (token,), labels("x", d_model),
             ex.X[t - 1][None, :], corner="token", name="x_t", sheet_scoped=True, cell=newest_row),
        steps.matmul(p + "q", "q_t = x_t W_q: the newest query", p + "x", "W_q", step.query, (token,), labels("q", d_k),
                     name="q_t", sheet_scoped=True, corner="token"),
        steps.matmul(p + "k", "k_t = x_t W_k: the newest key", p + "x", "W_k", step.cache.K[-1], (token,),
                     labels("k", d_k), corner="token"),
        steps.matmul(p + "v", "v_t = x_t W_v: the newest value", p + "x", "W_v", step.cache.V[-1], (token,),
                     labels("v", d_v), corner="token"),
        cache(p + "K", "K: the cached keys, the newest appended", before and before + "K", p + "k", step.cache.K,
              seen, labels("k", d_k), "K"),
        cache(p + "V", "V: the cached values, the newest appended", before and before + "V", p + "v", step.cache.V,
              seen, labels("v", d_v), "V"),
        steps.width(p + "d_k", "d_k: the width of each key", p + "K", d_k),
        steps.square_root(p + "root", "√d_k: every score is divided by it", p + "d_k", 1 / ex.full.scale),
        steps.dot_products(p + "S", "S: the newest query against every cached key, ÷ √d_k", p + "q", p + "K",
                           p + "root", step.scores, (token,), seen, name="S", sheet_scoped=True),
        steps.exponentials(p + "e", "e^S", p + "S", by_hand.exponentials, (token,), seen),
        steps.row_totals(p + "total", "their total", p + "e", by_hand.totals, (token,)),
        steps.divided(p + "A", "A: the newest weights", p + "e", p + "total", step.weights, (token,), seen,
                      name="A", sheet_scoped=True),
        steps.matmul(p + "O", "O = A V: the newest output", p + "A", p + "V", step.output, (token,),
                     labels("o", d_v), name="O", sheet_scoped=True, corner="token"),
    ]
    return Sheet(f"Step {t}", PAGE, "Generation and the KV cache",
                 f"Step {t}: {token} arrives. Only its row is projected; its key and value join the cache.",
                 tuple(grids))


@workbook(KV_CACHE)
def kv_cache_book(ex: KVCacheExample) -> Book:
    """The inputs, then one sheet per generated token."""
    dims = labels("x", ex.X.shape[1])
    inputs = (
        steps.inputs("X", "X: the input rows, in the order the tokens arrive (input)", ex.X_text, ex.tokens, dims,
                     name="X", source="X_text", corner="token"),
        *(steps.inputs(symbol, f"{symbol}: input", getattr(ex, f"{symbol}_text"), dims,
                       labels(symbol[-1], len(getattr(ex, f"{symbol}_text")[0])), name=symbol,
                       source=f"{symbol}_text")
          for symbol in ("W_q", "W_k", "W_v")),
    )
    first = Sheet("Inputs", "walkthrough/generation/", "Generation and the KV cache",
                  "The tokens of red ball rolls arrive one at a time; head 1's projections.", inputs)
    return Book(ex.name, ex.title, (first, *(step_sheet(ex, t) for t in range(1, len(ex.tokens) + 1))))
