"""The RNN path against attention's direct link (example "rnn-path"): a picture, the length and the update count."""

from __future__ import annotations

from ...figures import path_diagram_svg
from ..formatting import NumberStyle
from ..registry import figure, scalar
from ..shown import Figure, Scalar

RNN_TOKENS = 6  # the deck's sentence length for the RNN comparison: a defining size
WHOLE = NumberStyle(exact=True, digits=0)


@figure("rnn-path", "paths", "Token 1 to token 6: an RNN's chain of updates against attention's one direct score.")
def paths() -> Figure:
    svg = path_diagram_svg(
        RNN_TOKENS,
        title=f"From token 1 to token {RNN_TOKENS}",
        desc=f"Top: an RNN passes information along the chain 1 to {RNN_TOKENS}, one state update per step. "
             f"Bottom: attention links token {RNN_TOKENS} to token 1 with a single score.",
        id_prefix="rnn-path",
    )
    return Figure(svg, f"An RNN carries token 1 to token {RNN_TOKENS} through every update in between; "
                       "attention scores the pair directly.")


@scalar("rnn-path", "tokens", "The length of the sentence in the comparison: the last token's position.")
def tokens() -> Scalar:
    return Scalar(float(RNN_TOKENS), WHOLE)


@scalar("rnn-path", "updates", "How many state updates an RNN makes between token 1 and the last token.")
def updates() -> Scalar:
    return Scalar(float(RNN_TOKENS - 1), WHOLE)
