"""The worked example 'rnn-path': how far token 1 travels to the last token, through an RNN and through attention."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Example, ranged


@dataclass(frozen=True)
class RnnPath(Example):
    """The deck's comparison: a sentence of `length` tokens, an RNN's chain of updates against one attention score."""

    name: str = "rnn-path"
    title: str = "the RNN path against attention's direct link"
    tokens: tuple[str, ...] = ()
    length: int = ranged(6, 2, 12, "tokens in the sentence (the diagram draws each one)")
    illustrative: tuple[str, ...] = ()
    exact: bool = True

    @property
    def updates(self) -> int:
        """State updates an RNN makes between token 1 and the last token."""
        return self.length - 1


RNN_PATH = RnnPath()
