"""Rotary position embedding (example "rotary"): three tokens, their queries and keys turned by their position.

Everything is computed by attention_core.rotary. Pairs of entries and positions are counted from 0, as in
theta_i = base^(-2i/d); angles are in radians; scores are q . k before dividing by sqrt(d).
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.rotary import ROTARY as EX

from ..errors import DirectiveError
from ..registry import grid, scalar
from ..shown import Grid, Scalar
from .common import DECIMAL, EXACT, authored_grid, make_grid

NAME = EX.name
TOKENS = EX.tokens
CORNER = "query \\ key"


def dims(prefix: str, count: int) -> tuple[str, ...]:
    """Column labels counted from 0: `q0`, `q1`, ..."""
    return tuple(f"{prefix}{k}" for k in range(count))


def pairs() -> tuple[str, ...]:
    """Row labels of the pairs (2i, 2i+1): `0`, `1`, ... (the i of theta_i)."""
    return tuple(str(i) for i in range(len(EX.theta)))


@scalar(NAME, "base", "The base of the frequencies theta_i = base^(-2i/d) (10000, as in RoFormer).")
def base() -> Scalar:
    return Scalar(float(EX.base), EXACT)


@grid(NAME, "frequencies", "For each pair i of entries (2i, 2i+1): the exponent -2i/d and theta_i = base^(-2i/d).")
def frequencies() -> Grid:
    return make_grid(np.stack([EX.exponents, EX.theta], axis=1), pairs(), ("exponent", "theta"), EXACT, "pair $i$")


@grid(NAME, "queries", "The illustrative query rows q before rotation, one per token at positions 0, 1, 2.")
def queries() -> Grid:
    return authored_grid(EX.Q_text, TOKENS, dims("q", EX.Q.shape[1]), EXACT, "token")


@grid(NAME, "keys", "The illustrative key rows k before rotation.")
def keys() -> Grid:
    return authored_grid(EX.K_text, TOKENS, dims("k", EX.K.shape[1]), EXACT, "token")


@grid(NAME, "positions", "The position p of each token: its row, counted from 0.")
def positions() -> Grid:
    return make_grid(EX.rope.q_positions[:, None], TOKENS, ("p",), EXACT, "token")


@grid(NAME, "angles", "The angle p * theta_i (radians) each token's pair i is turned by.")
def angles() -> Grid:
    return make_grid(EX.rope.angles_q, TOKENS, tuple(f"angle{i}" for i in range(len(EX.theta))), DECIMAL, "token")


@grid(NAME, "rotated-queries", "The rotated query rows: pair i of the token at position p turned by p * theta_i.")
def rotated_queries() -> Grid:
    return make_grid(EX.rope.Q_rot, TOKENS, dims("q", EX.Q.shape[1]), DECIMAL, "token")


@grid(NAME, "rotated-keys", "The rotated key rows.")
def rotated_keys() -> Grid:
    return make_grid(EX.rope.K_rot, TOKENS, dims("k", EX.K.shape[1]), DECIMAL, "token")


@grid(NAME, "plain-scores", "Scores q_i . k_j with no rotation (no position information).")
def plain_scores() -> Grid:
    return make_grid(EX.plain_scores, TOKENS, TOKENS, EXACT, CORNER)


@grid(NAME, "scores", "Rotary scores: rotated q_i . rotated k_j, tokens at positions 0, 1, 2.")
def scores() -> Grid:
    return make_grid(EX.offsets.scores, TOKENS, TOKENS, DECIMAL, CORNER)


@scalar(NAME, "shift", "How far every position is moved in the offset check.")
def shift() -> Scalar:
    return Scalar(float(EX.shift), EXACT)


@grid(NAME, "shifted-positions", "The positions after moving every token by the shift.")
def shifted_positions() -> Grid:
    return make_grid(EX.shifted_positions[:, None], TOKENS, ("p",), EXACT, "token")


@grid(NAME, "shifted-scores", "Rotary scores with every token moved by the shift.")
def shifted_scores() -> Grid:
    return make_grid(EX.offsets.shifted_scores, TOKENS, TOKENS, DECIMAL, CORNER)


@scalar(NAME, "offset-difference", "The largest change of any score when every position moves by the shift.")
def offset_difference() -> Scalar:
    if not EX.offsets.invariant:  # the core's own check, to 1e-12 of the largest score
        raise DirectiveError(f"moving every position by {EX.shift} changed a rotary score by "
                             f"{EX.offsets.max_difference!r}; nothing is published")
    return Scalar(EX.offsets.max_difference, DECIMAL)


@grid(NAME, "moved-pair", "red's query and rolls' key at positions (s, s + offset) for several s: one score each.")
def moved_pair() -> Grid:
    rows = tuple(f"{s}-{s + EX.offset}" for s in EX.offset_starts)
    return make_grid(EX.moved_pair[:, None], rows, ("score",), DECIMAL, "positions")


@scalar(NAME, "offset", "The offset j - i of the moved pair.")
def offset() -> Scalar:
    return Scalar(float(EX.offset), EXACT)


@scalar(NAME, "unrotated-pair", "red's query and rolls' key with no rotation: the score at offset 0.")
def unrotated_pair() -> Scalar:
    return Scalar(EX.unmoved_pair, EXACT)
