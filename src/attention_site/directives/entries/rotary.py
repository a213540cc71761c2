"""Rotary position embedding (example "rotary"): three tokens, their queries and keys turned by their position.

Everything is computed by attention_core.rotary. Pairs of entries and positions are counted from 0, as in
theta_i = base^(-2i/d); angles are in radians; scores are q . k before dividing by sqrt(d).
"""

from __future__ import annotations

import numpy as np

from attention_core.examples.rotary import ROTARY as EX

from ...figures import TurnedPair, rotation_figures
from ..errors import DirectiveError
from ..formatting import NumberStyle, format_number, reader_minus
from ..mirror import Mirror
from ..registry import figure, grid, scalar, table
from ..shown import Cell, Column, Figure, Grid, Number, Scalar, Table
from .common import DECIMAL, EXACT, SIZE, WHOLE, authored_grid, count, make_grid

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


# Positions in depth: the figure, the frequencies of a real head, context extension, the sinusoid's shift.

SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
POSITION_STYLE = NumberStyle(exact=False, digits=2)  # 2047.75: a squeezed position keeps its quarter


def position_number(x: float) -> Number:
    """A position: whole and grouped (8,191), or with two places when squeezed between two (2047.75)."""
    return Number(float(x), WHOLE) if float(x).is_integer() else Number(float(x), POSITION_STYLE)


def wavelength_number(x: float) -> Number:
    """A wavelength in positions: rounded to a whole number and grouped from 100 up (54,410), else 6.28."""
    return Number(float(round(x)), WHOLE) if abs(x) >= 100 else Number(float(x), POSITION_STYLE)


@figure(NAME, "rotation-figure", "red's query, pair by pair, as points of the plane turned to each position of "
        "the figure: pair i by p * theta_i.")
def rotation_figure() -> Figure:
    token, positions = TOKENS[0], tuple(str(p) for p in EX.figure_p)
    turned = [TurnedPair(f"pair {i}: θ{str(i).translate(SUBSCRIPTS)} = {format_number(EX.theta[i], SIZE)}", positions,
                         tuple((float(x), float(y)) for x, y in EX.figure_rows[:, i]))
              for i in range(len(EX.theta))]
    listing = "; ".join(
        f"pair {i} at p = {p}: ({format_number(x, DECIMAL)}, {format_number(y, DECIMAL)})"
        for i in range(len(EX.theta)) for p, (x, y) in zip(positions, EX.figure_rows[:, i], strict=True))
    svg = rotation_figures(turned, title=f"The query of {token} turned by its position, pair by pair",
                           desc=f"Each pair of entries is an arrow from the origin, turned by p times its theta: "
                                f"{reader_minus(listing)}.", id_prefix="rope-turn")
    return Figure(svg, f"The query of {token} placed at positions {', '.join(positions)}: each pair i is the same "
                       "arrow turned by p times its θ.")


@scalar(NAME, "head-width", f"The width d of the real head whose frequencies are listed ({EX.head_d}, the first "
        "Llama's).")
def head_d() -> Scalar:
    return count(EX.head_d)


@scalar(NAME, "pair-count", "How many pairs the real head has: d/2.")
def pair_count() -> Scalar:
    return count(EX.head_d // 2)


@scalar(NAME, "long-base", f"The larger base ({EX.larger_base:,}, Llama 3's).")
def larger_base() -> Scalar:
    return count(EX.larger_base)


@grid(NAME, "wavelengths", "Every pair i of the real head: theta_i and the wavelength 2 pi / theta_i in positions, "
      "at the example's base and at the larger base.")
def wavelengths() -> Grid:
    values = np.column_stack([EX.real_theta, EX.wavelengths])  # (d/2, 3)
    return make_grid(values, tuple(str(i) for i in range(len(values))), ("theta", "wavelength", "longer-base"),
                     SIZE, "pair $i$")


@table(NAME, "wavelength-table", "The pairs of the real head that the example shows: theta_i and the wavelength "
       "2 pi / theta_i, at the example's base and at the larger base.")
def wavelength_table() -> Table:
    rows = tuple((str(i), Number(float(EX.real_theta[i]), SIZE), wavelength_number(EX.wavelengths[i, 0]),
                  wavelength_number(EX.wavelengths[i, 1])) for i in EX.shown_i)
    return Table((Column("pair", "pair $i$", False), Column("theta", "frequency $\\theta_i$"),
                  Column("wavelength", f"wavelength, base {EX.base:,}"),
                  Column("longer", f"wavelength, base {EX.larger_base:,}")), rows)


@scalar(NAME, "trained-length", f"The positions the model was trained on ({EX.trained_L:,}, the first Llama's).")
def trained_L() -> Scalar:
    return count(EX.trained_L)


@scalar(NAME, "extension-factor", "How many times longer the texts read after extension are.")
def extension_s() -> Scalar:
    return count(EX.extension_s)


@scalar(NAME, "extended-length", "The length read after extension: the factor times the trained length.")
def extended_length() -> Scalar:
    return count(EX.extended_length)


@grid(NAME, "interpolation", "Positions 0, 1, the trained length and the last extended position, and each divided "
      "by the factor (position interpolation), with the trained length beside them.")
def interpolation() -> Grid:
    labels = tuple(str(int(p)) for p in EX.interpolated[:, 0])
    values = np.column_stack([EX.interpolated, np.full(len(labels), float(EX.trained_L))])  # (4, 3)
    return make_grid(values, labels, ("position", "interpolated", "trained"), POSITION_STYLE, "position")


@scalar(NAME, "last-position", "The last position of the longer text: the extended length minus 1.")
def last_position() -> Scalar:
    return count(EX.extended_length - 1)


@table(NAME, "interpolation-table", "Positions of the longer text and where position interpolation puts them.")
def interpolation_table() -> Table:
    rows = tuple((position_number(p), position_number(q)) for p, q in EX.interpolated)
    return Table((Column("position", "position $p$"),
                  Column("interpolated", f"interpolated $p / {EX.extension_s}$")), rows)


@scalar(NAME, "ntk-base", "The base of NTK-aware scaling, base * factor^(d/(d-2)), rounded to a whole number.")
def ntk_base() -> Scalar:
    return count(round(EX.ntk_base))


@grid(NAME, "ntk-theta", "theta of the first and last pair of the real head, as trained and with the NTK-aware base.")
def ntk_theta() -> Grid:
    return make_grid(EX.ntk_theta, ("0", str(EX.head_d // 2 - 1)), ("trained", "ntk"), SIZE, "pair $i$")


@scalar(NAME, "sinusoid-position", "The position p of the sinusoidal row that is moved.")
def sinusoid_p() -> Scalar:
    return count(EX.sinusoid_p)


@scalar(NAME, "sinusoid-shift", "How many positions k the sinusoidal row is moved by.")
def sinusoid_k() -> Scalar:
    return count(EX.sinusoid_k)


@scalar(NAME, "sinusoid-moved", "The position p + k the sinusoidal row is moved to.")
def sinusoid_moved() -> Scalar:
    return count(EX.sinusoid_p + EX.sinusoid_k)


@grid(NAME, "sinusoid-shift-rows", "The sinusoidal row at p, the row at p + k, and the row at p turned pair by "
      "pair by -k theta_i (RoPE's rotation at position -k, base 10000).")
def sinusoid_shift_rows() -> Grid:
    rot = EX.shift_rotation
    labels = tuple(f"{'sin' if e % 2 == 0 else 'cos'}{e // 2}" for e in range(len(rot.pe)))
    return make_grid(np.column_stack([rot.pe, rot.pe_shifted, rot.turned]), labels, ("at-p", "at-p+k", "turned"),
                     DECIMAL, "entry")


@table(NAME, "sinusoid-shift-table", "The sinusoidal rows at p and p + k, and the row at p turned by -k theta_i.")
def sinusoid_shift_table() -> Table:
    shown, p, k = sinusoid_shift_rows(), EX.sinusoid_p, EX.sinusoid_k
    rows: tuple[tuple[Cell, ...], ...] = tuple((label, *(Number(v, DECIMAL) for v in values))
                                               for label, values in zip(shown.row_labels, shown.values, strict=True))
    return Table((Column("entry", "entry", False), Column("at-p", f"row of position {p}"),
                  Column("at-p+k", f"row of position {p + k}"),
                  Column("turned", f"row of {p} turned by $-{k}\\,\\theta_i$")), rows)


@scalar(NAME, "sinusoid-difference", "The largest difference between the row at p + k and the row at p turned.")
def sinusoid_difference() -> Scalar:
    rot = EX.shift_rotation
    if rot.max_difference > 1e-12:  # a shift is a rotation to rounding, or nothing is published
        raise DirectiveError(f"turning the sinusoidal row of {rot.position} by {rot.shift} positions missed the row of "
                             f"{rot.position + rot.shift} by {rot.max_difference!r}; nothing is published")
    return Scalar(rot.max_difference, DECIMAL)


@scalar(NAME, "longest-wavelength", "The longest wavelength of the real head at the larger base, rounded.")
def longest_wavelength() -> Scalar:
    return count(round(EX.wavelengths[-1, 1]))


# What docs/javascripts/live/rotary.js mirrors (directives/mirror.py): the reader's inputs and the entries, every
# whole number a reader may change among them: the first moved positions (their range says they rise) and the pairs
# shown (up to the real head's last pair); the factor and the sinusoid's positions too, though they stand in
# formulas of table titles: live.js sets a title's numbers in the MathML the build made of it.
MIRROR = Mirror(
    entries=frozenset({
        "angles", "base", "extended-length", "extension-factor", "frequencies", "head-width", "interpolation",
        "interpolation-table", "keys", "last-position", "long-base", "longest-wavelength", "moved-pair", "ntk-base",
        "ntk-theta", "offset", "offset-difference", "pair-count", "plain-scores", "positions", "queries",
        "rotated-keys", "rotated-queries", "rotation-figure", "scores", "shift", "shifted-positions", "shifted-scores",
        "sinusoid-difference", "sinusoid-moved", "sinusoid-position", "sinusoid-shift", "sinusoid-shift-rows",
        "sinusoid-shift-table", "trained-length", "unrotated-pair", "wavelength-table", "wavelengths"}),
    editable=("Q", "K", "shift", "offset", "offset_starts", "figure_p", "shown_i", "extension_s", "sinusoid_p",
              "sinusoid_k"))
