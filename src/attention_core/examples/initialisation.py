"""The worked example 'initialisation': its inputs as authored; everything else is computed from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..initialisation import InitialWeights, initialise_heads, scaled_normal_sd
from ..multihead import MultiHeadResult, multi_head_attention
from ..softmax import causal_mask
from .base import Example, ranged


@dataclass(frozen=True)
class Initialisation(Example):
    """The deck's initialisation: seed 9, d_model=3, d_k=1, d_v=2, H=2, scaled normal draws in call order."""

    name: str = "initialisation"
    title: str = "initialisation from one seeded generator"
    tokens: tuple[str, ...] = ("red", "ball", "rolls")
    seed: int = ranged(9, 0, 2**32 - 1, "the generator's seed")
    d_model: int = ranged(3, "tokens", "tokens", "d_model, which equals the tokens' count (the rows are X = I)")
    d_k: int = ranged(1, 1, 8, "d_k of each head")
    d_v: int = ranged(2, 1, 8, "d_v of each head")
    h: int = ranged(2, 1, 8, "heads")
    illustrative: tuple[str, ...] = ()
    exact: bool = False

    @cached_property
    def weights(self) -> InitialWeights:
        """The draws: W_q, W_k, W_v per head, then W_o."""
        return initialise_heads(self.seed, self.d_model, self.d_k, self.d_v, self.h)

    @property
    def sd(self) -> dict[str, float]:
        """The standard deviation sqrt(2/(rows+cols)) used for each kind of matrix."""
        return {
            "W_q": scaled_normal_sd(self.d_model, self.d_k), "W_k": scaled_normal_sd(self.d_model, self.d_k),
            "W_v": scaled_normal_sd(self.d_model, self.d_v), "W_o": scaled_normal_sd(self.h * self.d_v, self.d_model),
        }

    @cached_property
    def multihead(self) -> MultiHeadResult:
        """The initial (untrained) heads applied to the red ball rolls rows X = I_3, causal."""
        w = self.weights
        X = np.eye(self.d_model)  # (n, d_model), n = d_model = 3 here
        return multi_head_attention(X, w.W_q, w.W_k, w.W_v, w.W_o, mask=causal_mask(self.d_model))


INITIALISATION = Initialisation()
