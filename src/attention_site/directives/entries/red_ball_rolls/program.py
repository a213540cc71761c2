"""What `docs/programs/red_ball_rolls.py` prints, computed from attention_core rather than by running it.

The program is never executed at build time (pages run no code); a test runs it and compares its output
with this rendering, so the page and the program cannot disagree.
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS as EX

from ...listings import listing
from ...registry import block
from ...shown import MarkdownBlock
from ..common import checked_weights

WEIGHTS_TITLE = "A: weights (rows are queries, columns are keys)"
OUTPUT_TITLE = "O = A V: one output row per token"


def printed_matrix(title: str, matrix: np.ndarray) -> list[str]:
    """The lines the program's `show` prints: a title, then one labelled line per token."""
    rows = (f"  {token:<6}" + "".join(f"{x:8.4f}" for x in row) for token, row in zip(EX.tokens, matrix, strict=True))
    return [title, *rows]


def printed_text() -> str:
    """Everything the program prints, line by line."""
    weights = checked_weights(EX.head.weights, EX.mask)
    return "\n".join([*printed_matrix(WEIGHTS_TITLE, weights), *printed_matrix(OUTPUT_TITLE, EX.head.output)])


@block(EX.name, "program-output", "What the red-ball-rolls NumPy program prints: A and O, four decimals.")
def program_output() -> MarkdownBlock:
    return MarkdownBlock("```text\n" + printed_text() + "\n```")


@block(EX.name, "program", "docs/programs/red_ball_rolls.py, its tokens, X and head 1's W_Q, W_K, W_V checked.")
def program() -> MarkdownBlock:
    return listing("red_ball_rolls.py", {"tokens": EX.tokens, "X": EX.X, "W_q": EX.W_q[0], "W_k": EX.W_k[0],
                                         "W_v": EX.W_v[0]})
