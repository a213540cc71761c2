"""Position information (example "positions"): "dog bites man" against "man bites dog".

Without positions, attention gives each token the same output row in both sentences (the rows are only
reordered); each method of adding positions breaks that. Everything is computed by attention_core.positions.
The page counts positions and dimensions from 0, as the sinusoidal formula does, so column labels start at 0.
Shaw et al.'s names: w^K, w^V are the tables (one row per clipped distance); a^K_ij = w^K_clip(j-i) is the
vector the pair (i, j) uses.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from attention_core import (
    RelativeAttentionResult,
    add_positions,
    parse_matrix,
    scaled_dot_product_attention,
    sinusoidal_positions,
)
from attention_core.examples.positions import POSITIONS as EX

from ...figures import positions_heatmap_svg
from ..mirror import Mirror
from ..options import choice
from ..registry import figure, grid, scalar, table
from ..shown import Column, Figure, Grid, Number, Scalar, Table, Vector
from .common import EXACT, as_rows, checked_weights, make_grid, style_of

NAME = EX.name
STYLE = style_of(EX)
TOKENS = EX.tokens
METHODS = ("none", "sinusoidal", "learned", "relative")
METHOD = choice("method", "how positions enter: none, sinusoidal, learned or relative", METHODS, default="none")
TABLE = choice("table", "which additive position table: sinusoidal or learned", METHODS[1:3], default="sinusoidal")
SENTENCE = choice("sentence", "first (dog bites man) or second (man bites dog)", ("first", "second"), "first")


def dims(prefix: str, count: int) -> tuple[str, ...]:
    """Column labels counted from 0, as on the page: `p0`, `p1`, ..."""
    return tuple(f"{prefix}{k}" for k in range(count))


def phrase(tokens: tuple[str, ...]) -> str:
    """A sentence as a column title."""
    return "in “" + " ".join(tokens) + "”"


def position_table(which: str) -> np.ndarray:
    """The sinusoidal or the learned position table of the example."""
    return EX.sinusoidal if which == "sinusoidal" else EX.learned


@cache
def relative() -> RelativeAttentionResult:
    """Relative-position attention on the first sentence."""
    return EX.relative(EX.E)


@grid(NAME, "embeddings", f"The illustrative token embeddings e_i of {', '.join(TOKENS)} "
      f"(d_model = {len(EX.embeddings_text[0])}).")
def embeddings() -> Grid:
    text = EX.embeddings_text
    return make_grid(parse_matrix(text), TOKENS, dims("e", len(text[0])), STYLE, "token", authored=text)


def projection(text: tuple[tuple[str, ...], ...], prefix: str) -> Grid:
    """One of the head's illustrative projections as authored: rows the embedding's entries, columns its own."""
    return make_grid(parse_matrix(text), dims("e", len(text)), dims(prefix, len(text[0])), STYLE, "",
                     authored=text)


@grid(NAME, "w-q", "The head's illustrative query projection W_Q (d_model x d_k).")
def w_q() -> Grid:
    return projection(EX.W_q_text, "q")


@grid(NAME, "w-k", "The head's illustrative key projection W_K (d_model x d_k).")
def w_k() -> Grid:
    return projection(EX.W_k_text, "k")


@grid(NAME, "w-v", "The head's illustrative value projection W_V (d_model x d_v).")
def w_v() -> Grid:
    return projection(EX.W_v_text, "v")


@table(NAME, "outputs", "Each token's output row in both sentences, for one way of adding positions.",
       options=(METHOD,))
def outputs(method: str) -> Table:
    check = EX.checks[method]
    first, second = check.output, check.permuted_output
    rows = tuple(
        (token, Vector(as_rows(first[TOKENS.index(token)])[0], STYLE),
         Vector(as_rows(second[EX.other_tokens.index(token)])[0], STYLE))
        for token in TOKENS
    )
    return Table((Column("token", "token", False), Column("first", phrase(TOKENS)),
                  Column("second", phrase(EX.other_tokens))), rows)


@grid(NAME, "output", "The output rows of one sentence, in its own token order.", options=(METHOD, SENTENCE))
def output(method: str, sentence: str) -> Grid:
    check = EX.checks[method]
    rows, tokens = (check.output, TOKENS) if sentence == "first" else (check.permuted_output, EX.other_tokens)
    return make_grid(rows, tokens, dims("o", rows.shape[1]), STYLE, "token")


@scalar(NAME, "max-difference", "The largest difference between a token's output rows in the two sentences.",
        options=(METHOD,))
def max_difference(method: str) -> Scalar:
    return Scalar(EX.checks[method].max_difference, STYLE)


@table(NAME, "equivariance", "For each method: the largest difference between the two sentences' rows per token.")
def equivariance() -> Table:
    rows = tuple(
        (method, Number(check.max_difference, STYLE), "yes" if check.equivariant else "no")
        for method, check in EX.checks.items()
    )
    return Table((Column("method", "positions", False), Column("difference", "largest difference"),
                  Column("same", "same rows, only reordered?", False)), rows)


@grid(NAME, "position-table", "The first rows of an additive position table p_pos (pos from 0).", options=(TABLE,))
def position_table_grid(table: str) -> Grid:
    P = position_table(table)
    return make_grid(P, tuple(f"pos {i}" for i in range(P.shape[0])), dims("p", P.shape[1]), STYLE, "position")


@table(NAME, "e-plus-p", "Token embedding plus position row, e_i + p_i, for the first sentence.", options=(TABLE,))
def e_plus_p(table: str) -> Table:
    P = position_table(table)
    summed = add_positions(EX.E, P)
    rows = tuple(
        (f"{i}: {token}", Vector(as_rows(EX.E[i])[0], STYLE), Vector(as_rows(P[i])[0], STYLE),
         Vector(as_rows(summed[i])[0], STYLE))
        for i, token in enumerate(TOKENS)
    )
    columns = (Column("token", "position: token", False), Column("e", "token row $e_i$"),
               Column("p", "position row $p_i$"), Column("sum", "sum $e_i + p_i$"))
    return Table(columns, rows)


@figure(NAME, "sinusoidal-heatmap", f"The sinusoidal table for {EX.heatmap_positions} positions and "
        f"{EX.heatmap_width} dimensions as a heat map.")
def sinusoidal_heatmap() -> Figure:
    P = sinusoidal_positions(EX.heatmap_positions, EX.heatmap_width)
    svg = positions_heatmap_svg(
        P.tolist(), title=f"Sinusoidal position encodings, {EX.heatmap_positions} positions by {EX.heatmap_width} "
                          "dimensions",
        desc="One row per position, one column per dimension, both counted from 0. Even dimensions hold sines, "
             "odd dimensions cosines; "
             "the first columns change quickly from row to row, the last columns hardly at all.",
        id_prefix="positions-sinusoidal",
    )
    return Figure(svg, "Each row is one position's encoding: fast waves on the left, slow waves on the right.")


@grid(NAME, "distances", "Clipped relative distances clip(j - i, -k, k): rows are queries i, columns keys j.")
def distances() -> Grid:
    return make_grid(EX.distances, TOKENS, TOKENS, EXACT, "query \\ key")


def distance_labels() -> tuple[str, ...]:
    """Row labels -k .. k of the relative tables."""
    return tuple(str(d) for d in range(-EX.clip, EX.clip + 1))


@grid(NAME, "key-table", "The illustrative relative key table w^K, one row w^K_d per clipped distance d.")
def key_table() -> Grid:
    return make_grid(EX.a_K, distance_labels(), dims("k", EX.a_K.shape[1]), STYLE, "distance $d$",
                     authored=EX.a_K_text)


@grid(NAME, "value-table", "The illustrative relative value table w^V, one row w^V_d per clipped distance d.")
def value_table() -> Grid:
    return make_grid(EX.a_V, distance_labels(), dims("v", EX.a_V.shape[1]), STYLE, "distance $d$",
                     authored=EX.a_V_text)


@grid(NAME, "pair-keys", "The vector a^K_ij = w^K_clip(j-i) added to key j for query i; rows QUERY-KEY, e.g. man-dog.")
def pair_keys() -> Grid:
    if EX.a_K.shape[0] != 2 * EX.clip + 1:
        raise ValueError(f"the key table has {EX.a_K.shape[0]} rows; clip={EX.clip} needs 2k + 1 = {2 * EX.clip + 1}")
    rows = [(f"{TOKENS[i]}-{TOKENS[j]}", EX.a_K[int(d) + EX.clip]) for i, line in enumerate(EX.distances)
            for j, d in enumerate(line)]
    return make_grid(np.array([vector for _, vector in rows]), tuple(label for label, _ in rows),
                     dims("k", EX.a_K.shape[1]), EXACT, "query-key")


@scalar(NAME, "clip", "The clipping distance k of the relative positions: distances beyond ±k share a row.")
def clip() -> Scalar:
    return Scalar(float(EX.clip), EXACT)


@grid(NAME, "queries", "The query rows q_i = e_i W_Q of the first sentence (no positions added).")
def queries() -> Grid:
    return make_grid(relative().Q, TOKENS, dims("q", relative().Q.shape[1]), EXACT, "token")


@grid(NAME, "keys", "The key rows k_j = e_j W_K of the first sentence.")
def keys() -> Grid:
    return make_grid(relative().K, TOKENS, dims("k", relative().K.shape[1]), EXACT, "token")


@grid(NAME, "values", "The value rows v_j = e_j W_V of the first sentence.")
def values() -> Grid:
    return make_grid(relative().V, TOKENS, dims("v", relative().V.shape[1]), EXACT, "token")


@grid(NAME, "plain-scores", "Scores q_i k_j without any position information, before scaling.")
def plain_scores() -> Grid:
    return make_grid(scaled_dot_product_attention(relative().Q, relative().K, relative().V).scores, TOKENS, TOKENS,
                     EXACT, "query \\ key")


@grid(NAME, "relative-scores", "Scores with relative keys, q_i (k_j + a^K_ij), before scaling.")
def relative_scores() -> Grid:
    return make_grid(relative().scores, TOKENS, TOKENS, EXACT, "query \\ key")


@grid(NAME, "relative-weights", "Softmax of the scaled relative scores: the weights of the first sentence.")
def relative_weights() -> Grid:
    return make_grid(checked_weights(relative().weights), TOKENS, TOKENS, STYLE, "query \\ key")


@grid(NAME, "relative-output", "Outputs with relative values, sum_j alpha_ij (v_j + a^V_ij).")
def relative_output() -> Grid:
    return make_grid(relative().output, TOKENS, dims("z", relative().output.shape[1]), STYLE, "token")


# What docs/javascripts/live/positions.js mirrors (directives/mirror.py): the reader's inputs and the entries. The
# learned table's seed and the tables' length are offered beside the entries reading them, the heat map's sizes beside
# it (and its positions wherever the length is: they must stay more than the table's), and the clip with the relative
# tables a_K and a_V (the page's w^K and w^V), a row per clipped distance, -clip to clip, resized with it.
LEARNED_TABLE_READERS = frozenset({"e-plus-p", "equivariance", "max-difference", "output", "outputs", "position-table"})
TABLE_READERS = frozenset({"e-plus-p", "equivariance", "outputs", "position-table"})
MIRROR = Mirror(
    entries=frozenset({
        "clip", "distances", "e-plus-p", "embeddings", "equivariance", "key-table", "keys", "max-difference",
        "output", "outputs", "pair-keys", "plain-scores", "position-table", "queries", "relative-output",
        "relative-scores", "relative-weights", "sinusoidal-heatmap", "value-table", "values", "w-k", "w-q", "w-v"}),
    editable=("embeddings", "W_q", "W_k", "W_v", "learned_seed", "table_length", "heatmap_positions", "heatmap_width",
              "clip", "a_K", "a_V"),
    read_by={"learned_seed": LEARNED_TABLE_READERS, "table_length": TABLE_READERS,
             "heatmap_positions": TABLE_READERS | {"sinusoidal-heatmap"},
             "heatmap_width": frozenset({"sinusoidal-heatmap"})},
    rows={table: ((), "clipped distance d") for table in ("a_K", "a_V")},
    centred={table: ("clip", "distance") for table in ("a_K", "a_V")},
    titles={"a_K": "w^K, the relative key table", "a_V": "w^V, the relative value table"})
