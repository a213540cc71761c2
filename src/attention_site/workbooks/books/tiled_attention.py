"""Tiled attention as a workbook: one sheet per block of keys, with the running maximum m, sum l and output acc.

Per query row and block: m_new = MAX(m, the block's scores); l = l·e^(m − m_new) + Σ e^(s − m_new);
acc = acc·e^(m − m_new) + Σ e^(s − m_new)·v. The sums are written out term by term, as on the page, so a
reader sees every exponential. The last sheet divides acc by l and compares with the full n×n route.
"""

from __future__ import annotations

import numpy as np

from attention_core import TileStep
from attention_core.examples.tiled_attention import TILED_ATTENTION, TiledAttention

from .. import steps
from ..layout import ONE, Book, Grid, Refs, Sheet, labels
from ..names import workbook

PAGE = "beyond/tiled-attention/"


def terms(r: Refs, scores: str, i: int, width: int, m: str, value: str | None = None, start: int = 0,
          k: int = 0) -> str:
    """Σ e^(s_ij − m_i), or Σ e^(s_ij − m_i)·v_jk, written out over the block's keys."""
    parts = [f"EXP({r.cell(scores, i, j)}-{m})" for j in range(width)]
    if value is not None:
        parts = [f"{part}*{r.cell(value, start + j, k)}" for j, part in enumerate(parts)]
    return "+".join(parts)


def block_sheet(ex: TiledAttention, step: TileStep) -> Sheet:
    """One block of keys: its scores, then m, l and acc carried over from the block before."""
    b, width, tokens = step.block, step.stop - step.start, ex.tokens
    p, before = f"b{b}.", None if b == 0 else f"b{b - 1}."
    keys = tokens[step.start:step.stop]

    def running_max(r: Refs, i: int, j: int) -> str:
        """The larger of the previous maximum and the block's scores."""
        block = f"{r.cell(p + 'S', i, 0)}:{r.cell(p + 'S', i, width - 1).split('!')[-1]}"
        return f"=MAX({r.cell(before + 'm', i, 0)},{block})" if before else f"=MAX({block})"

    def carried(r: Refs, i: int, grid: str, k: int = 0) -> str:
        """The previous block's running value times e^(m_old − m_new), or nothing in the first block."""
        if before is None:
            return ""
        return f"{r.cell(before + grid, i, k)}*EXP({r.cell(before + 'm', i, 0)}-{r.cell(p + 'm', i, 0)})+"

    def running_sum(r: Refs, i: int, j: int) -> str:
        """l carried over, plus this block's exponentials."""
        return f"={carried(r, i, 'l')}{terms(r, p + 'S', i, width, r.cell(p + 'm', i, 0))}"

    def running_output(r: Refs, i: int, k: int) -> str:
        """acc carried over, plus this block's exponentials times the values."""
        return f"={carried(r, i, 'acc', k)}{terms(r, p + 'S', i, width, r.cell(p + 'm', i, 0), 'V', step.start, k)}"
    d_v = step.running_output.shape[1]

    def scores(r: Refs, i: int, j: int) -> str:
        """Query row i against key start + j, times the scale."""
        return f"=SUMPRODUCT({r.row('Q', i)},{r.row('K', step.start + j)})*{r.cell('scale', 0, 0)}"
    return Sheet(
        f"Block {b + 1}", PAGE + "#a-worked-example", "Attention without the n×n matrix",
        f"Keys {', '.join(keys)}: their scores, then the running maximum, sum and output of every query row.",
        (Grid(p + "S", f"the scores of every query against {', '.join(keys)}", tokens, keys, step.scores,
              corner="query \\ key", name="S_block", sheet_scoped=True, cell=scores),
         Grid(p + "m", "m: the running maximum", tokens, ("m",), step.running_max[:, None], corner="query",
              name="m", sheet_scoped=True, cell=running_max),
         Grid(p + "l", "l: the running sum of e^(s − m)", tokens, ("l",), step.running_sum[:, None], corner="query",
              name="l", sheet_scoped=True, cell=running_sum),
         Grid(p + "acc", "acc: the running output, Σ e^(s − m) v", tokens, labels("o", d_v), step.running_output,
              corner="token", name="acc", sheet_scoped=True, cell=running_output)),
    )


def output_sheet(ex: TiledAttention) -> Sheet:
    """acc / l after the last block, beside the ordinary computation with the whole score matrix."""
    last, naive, tokens = f"b{len(ex.result.trace) - 1}.", ex.naive, ex.tokens
    d_v = naive.output.shape[1]

    def weights(r: Refs, i: int, j: int) -> str:
        """e^s over the row's total of e^s, in one cell."""
        return f"=EXP({r.cell('S', i, j)})/SUMPRODUCT(EXP({r.row('S', i)}))"
    return Sheet(
        "Output", PAGE + "#the-same-result", "The same result",
        "Divide acc by l; the ordinary route with the full n×n matrix gives the same rows.",
        (Grid("O", "O = acc ÷ l after the last block", tokens, labels("o", d_v), ex.result.output, corner="token",
              name="O", cell=lambda r, i, k: f"={r.cell(last + 'acc', i, k)}/{r.cell(last + 'l', i, 0)}"),
         steps.dot_products("S", "S = Q Kᵀ × scale: the full matrix the tiles avoid", "Q", "K", "scale", naive.scaled,
                            tokens, tokens, name="S", operator="*"),
         Grid("A", "A: softmax of each row of S", tokens, tokens, naive.weights, corner="query \\ key", name="A",
              cell=weights),
         steps.matmul("O_full", "O = A V, the ordinary way", "A", "V", naive.output, tokens, labels("o", d_v),
                      name="O_full", corner="token"),
         Grid("difference", "the largest difference between the two", ("largest",), ONE,
              np.array([[ex.max_difference]]), digits=10,
              array=lambda r: f"=MAX(ABS({r.whole('O')}-{r.whole('O_full')}))")),
    )


@workbook(TILED_ATTENTION)
def tiled_book(ex: TiledAttention) -> Book:
    """Inputs, one sheet per block of keys, then the output."""
    d_k, d_v = len(ex.Q_text[0]), len(ex.V_text[0])
    inputs = Sheet(
        "Inputs", PAGE + "#a-worked-example", "Attention without the n×n matrix",
        "Four tokens in blocks of two keys (illustrative inputs); scale 1 keeps the arithmetic readable.",
        (steps.inputs("Q", "Q: input", ex.Q_text, ex.tokens, labels("q", d_k), name="Q", source="Q_text",
                      corner="token"),
         steps.inputs("K", "K: input", ex.K_text, ex.tokens, labels("k", d_k), name="K", source="K_text",
                      corner="token"),
         steps.inputs("V", "V: input", ex.V_text, ex.tokens, labels("v", d_v), name="V", source="V_text",
                      corner="token"),
         steps.inputs("scale", "scale: scores are multiplied by it", ((ex.scale_text,),), ("scale",), ONE,
                      name="scale", source="scale_text")),
    )
    return Book(ex.name, ex.title, (inputs, *(block_sheet(ex, step) for step in ex.result.trace), output_sheet(ex)))
