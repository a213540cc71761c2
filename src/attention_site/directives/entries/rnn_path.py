"""The RNN path against attention's direct link (example "rnn-path"): a picture, the length and the update count."""

from __future__ import annotations

from attention_core.examples.rnn_path import RNN_PATH as EX

from ...figures import path_diagram_svg
from ..mirror import Mirror
from ..registry import figure, scalar
from ..shown import Figure, Scalar
from .common import count


@figure(EX.name, "paths", "Token 1 to the last token: an RNN's chain of updates against attention's one direct score.")
def paths() -> Figure:
    n = EX.length
    svg = path_diagram_svg(
        n,
        title=f"From token 1 to token {n}",
        desc=f"Top: an RNN passes information along the chain 1 to {n}, one state update per step. "
             f"Bottom: attention links token {n} to token 1 with a single score.",
        id_prefix="rnn-path",
    )
    return Figure(svg, f"An RNN carries token 1 to token {n} through every update in between; "
                       "attention scores the pair directly.")


@scalar(EX.name, "tokens", "The length of the sentence in the comparison: the last token's position.")
def tokens() -> Scalar:
    return count(EX.length)


@scalar(EX.name, "updates", "How many state updates an RNN makes between token 1 and the last token.")
def updates() -> Scalar:
    return count(EX.updates)


# What docs/javascripts/live/rnn-path.js mirrors (directives/mirror.py): the reader's inputs and the entries.
MIRROR = Mirror(
    entries=frozenset({
        "paths", "tokens", "updates"}),
    editable=("length",))
