"""What `docs/programs/red_ball_rolls.py` and its PyTorch twin print, computed from attention_core rather than by
running them.

The programs are never executed at build time (pages run no code); a test runs each and compares its output
with this rendering, so the page and the program cannot disagree (the PyTorch one runs against real PyTorch).
"""

from __future__ import annotations

from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS as EX

from ...listings import listing
from ...registry import block
from ...shown import MarkdownBlock
from ..common import checked_weights, printed_rows

WEIGHTS_TITLE = "A: weights (rows are queries, columns are keys)"
OUTPUT_TITLE = "O = A V: one output row per token"
TORCH_TITLES = ("O with is_causal=True", "O with attn_mask (True = attend)")


def text_block(lines: list[str]) -> MarkdownBlock:
    """Printed lines as a fenced text block."""
    return MarkdownBlock("```text\n" + "\n".join(lines) + "\n```")


def head_inputs() -> dict[str, object]:
    """The inputs both programs must share with the example: the tokens, X and head 1's projections."""
    return {"tokens": EX.tokens, "X": EX.X, "W_q": EX.W_q[0], "W_k": EX.W_k[0], "W_v": EX.W_v[0]}


@block(EX.name, "program-output", "What the red-ball-rolls NumPy program prints: A and O, four decimals.")
def program_output() -> MarkdownBlock:
    weights = checked_weights(EX.head.weights, EX.mask)
    return text_block([*printed_rows(WEIGHTS_TITLE, weights, EX.tokens),
                       *printed_rows(OUTPUT_TITLE, EX.head.output, EX.tokens)])


@block(EX.name, "program", "docs/programs/red_ball_rolls.py, its tokens, X and head 1's W_Q, W_K, W_V checked.")
def program() -> MarkdownBlock:
    return listing("red_ball_rolls.py", head_inputs())


@block(EX.name, "torch-output", "What the PyTorch program prints: head 1's O from is_causal and from a boolean "
       "mask, both the core's O.")
def torch_output() -> MarkdownBlock:
    return text_block([line for title in TORCH_TITLES for line in printed_rows(title, EX.head.output, EX.tokens)])


@block(EX.name, "torch-program", "docs/programs/red_ball_rolls_torch.py (scaled_dot_product_attention), its "
       "tokens, X and head 1's W_Q, W_K, W_V checked.")
def torch_program() -> MarkdownBlock:
    return listing("red_ball_rolls_torch.py", head_inputs())
