"""The model end to end (example "whole-model"): embedding, the layers, logits, temperature, sampling, the loss.

Everything is computed by attention_core (language_model and sampling) from the example's inputs; every input is
illustrative and the layers' weights are untrained draws, so the chosen word shows the mechanism, not a prediction.
"""

from __future__ import annotations

import numpy as np

from attention_core import LayerResult, ModelRun, Sampling, causal_mask, parse_entry
from attention_core.examples.whole_model import TEMPERATURE_LABELS
from attention_core.examples.whole_model import WHOLE_MODEL as EX

from ...figures import ArrayShape, residual_stream_svg
from ..errors import DirectiveError
from ..mirror import Mirror
from ..options import integer
from ..registry import figure, grid, scalar
from ..shown import Figure, Grid, Scalar
from .common import DECIMAL, EXACT, authored_grid, checked_weights, count, labels, make_grid, weights_figure

NAME = EX.name
TOKENS = EX.tokens
VOCABULARY = EX.vocabulary
# The options accept what the example's inputs may declare (its ranges of `layers` and `h`), so that a page stays
# valid while the inputs move within them; a layer or head beyond the example's own count stops the build.
LAYER = integer("layer", "which layer, counted from 1", *EX.range_of("layers"), default=1)
HEAD = integer("head", "which head of the layer, counted from 1", *EX.range_of("h"), default=1)
KEPT = ("all", "top-k", "top-p")  # rows of the distributions, as the example stacks them
CHOICES = ("greedy", "drawn", "top-k", "top-p")  # rows of the choices grid, as Sampling holds them


def run() -> ModelRun:
    """The forward pass, computed when a page first asks (a bad input then stops at its line)."""
    return EX.run


def sampling() -> Sampling:
    """The choices of the next token."""
    return EX.sampling


def layer_of(layer: int) -> LayerResult:
    """One layer's steps, or a DirectiveError naming how many layers the example has."""
    if layer > EX.layers:
        raise DirectiveError(f"option layer={layer} is out of range; accepted: a layer from 1 to {EX.layers}")
    return run().layers[layer - 1]


def token_rows(array: np.ndarray, prefix: str) -> Grid:
    """One row per prompt token, columns prefix1, prefix2, ..."""
    return make_grid(array, TOKENS, labels(prefix, array.shape[1]), DECIMAL, "token")


def over_vocabulary(array: np.ndarray, rows: tuple[str, ...], corner: str) -> Grid:
    """Rows over the vocabulary: one column per word."""
    return make_grid(np.atleast_2d(array), rows, VOCABULARY, DECIMAL, corner)


@grid(NAME, "embedding", "The illustrative embedding matrix E (vocab x d_model), one row per word.")
def embedding() -> Grid:
    return authored_grid(EX.embedding_text, VOCABULARY, labels("e", EX.d_model), EXACT, "word")


@grid(NAME, "token-ids", "The prompt's token ids: each word's row in E, counted from 0.")
def token_ids() -> Grid:
    return make_grid(np.array(EX.token_ids, dtype=float)[:, None], TOKENS, ("id",), EXACT, "token")


@scalar(NAME, "d-model", "d_model, the width of every row.")
def d_model() -> Scalar:
    return count(EX.d_model)


@scalar(NAME, "vocabulary-size", "The number of words in the vocabulary.")
def vocabulary_size() -> Scalar:
    return count(len(VOCABULARY))


@scalar(NAME, "embedding-scale", "sqrt(d_model), the factor on every embedding row (Vaswani et al. 2017).")
def embedding_scale() -> Scalar:
    return Scalar(EX.embedding_scale, EXACT)


@grid(NAME, "embedded", "E[ids] x sqrt(d_model): the looked-up rows, scaled.")
def embedded() -> Grid:
    return token_rows(run().embedded, "x")


@grid(NAME, "positions", "The sinusoidal positions added to the rows (positions 0, 1, 2).")
def positions() -> Grid:
    return token_rows(run().positions, "p")


@grid(NAME, "x", "X = E[ids] sqrt(d_model) + positions: the first layer's input.")
def x() -> Grid:
    return token_rows(run().X, "x")


@scalar(NAME, "layers", "How many layers the stack has.")
def layers() -> Scalar:
    return count(EX.layers)


@scalar(NAME, "heads", "Heads per layer.")
def heads() -> Scalar:
    return count(EX.h)


@scalar(NAME, "d-ff", "The width of each feed-forward network.")
def d_ff() -> Scalar:
    return count(EX.d_ff)


@grid(NAME, "layer-output", "Y of one layer (layer=N, from 1): the next layer's input.", (LAYER,))
def layer_output(layer: int) -> Grid:
    return token_rows(layer_of(layer).Y, "y")


@grid(NAME, "last-output", "Y of the last layer: the rows the unembedding turns into logits.")
def last_output() -> Grid:
    return token_rows(run().layers[-1].Y, "y")


@figure(NAME, "layer-weights", "One head's causal weights in one layer, as a heat map (layer=N, head=N).",
        (LAYER, HEAD))
def layer_weights(layer: int, head: int) -> Figure:
    heads_run = layer_of(layer).attention.heads
    if head > len(heads_run):
        raise DirectiveError(f"option head={head} is out of range; accepted: a head from 1 to {len(heads_run)}")
    return weights_figure(heads_run[head - 1].weights, TOKENS, DECIMAL, mask=causal_mask(len(TOKENS)),
                          title=f"Layer {layer}, head {head}: causal attention weights",
                          caption=f"Layer {layer}, head {head}: each token attends to itself and the tokens before it.",
                          id_prefix=f"wm-l{layer}h{head}")


@grid(NAME, "logits", "Logits Y E^T for every position (the last layer's Y, the tied unembedding).")
def logits() -> Grid:
    return over_vocabulary(run().logits, TOKENS, "position \\ word")


@grid(NAME, "temperatures", "The three temperatures of the comparison: rows low, middle, high.")
def temperatures() -> Grid:
    return make_grid(EX.temperatures[:, None], TEMPERATURE_LABELS, ("T",), EXACT, "temperature",
                     authored=tuple((t,) for t in EX.temperatures_text))


@grid(NAME, "tempered", "softmax(z / T) of the last position's logits at each temperature (rows low, middle, high).")
def tempered() -> Grid:
    return over_vocabulary(checked_weights(EX.tempered), TEMPERATURE_LABELS, "T \\ word")


@grid(NAME, "peak", "The largest probability at each temperature (rows low, middle, high).")
def peak() -> Grid:
    return make_grid(EX.peaks[:, None], TEMPERATURE_LABELS, ("largest",), DECIMAL, "temperature")


@scalar(NAME, "temperature", "The temperature of the draws.")
def temperature() -> Scalar:
    return Scalar(float(parse_entry(EX.temperature_text)), EXACT)


@scalar(NAME, "top-k", "k of top-k sampling.")
def top_k() -> Scalar:
    return count(EX.top_k)


@scalar(NAME, "top-p", "p of top-p (nucleus) sampling.")
def top_p() -> Scalar:
    return Scalar(float(parse_entry(EX.top_p_text)), EXACT)


@scalar(NAME, "u", "The seeded draw u from [0, 1), the same for every way of sampling.")
def u() -> Scalar:
    return Scalar(sampling().u, DECIMAL)


@grid(NAME, "distributions", "The next word's probabilities: rows all (at the draws' temperature), top-k, top-p.")
def distributions() -> Grid:
    return over_vocabulary(checked_weights(EX.distributions), KEPT, "kept \\ word")


@grid(NAME, "cumulative", "Running totals of each distribution in vocabulary order: a draw takes the first above u.")
def cumulative() -> Grid:
    return over_vocabulary(EX.cumulative, KEPT, "running total \\ word")


@grid(NAME, "choices", "Each way's chosen word, one-hot (rows greedy, drawn, top-k, top-p): pick=largest names it.")
def choices() -> Grid:
    return make_grid(EX.choices, CHOICES, VOCABULARY, EXACT, "way \\ word")


@grid(NAME, "target", "The illustrative target as a one-hot row y over the vocabulary.")
def target() -> Grid:
    return make_grid(EX.target_row[None, :], ("y",), VOCABULARY, EXACT, "row \\ word")


@scalar(NAME, "target-probability", "p of the target at T = 1, the probability the loss reads.")
def target_probability() -> Scalar:
    return Scalar(EX.target_probability, DECIMAL)


@scalar(NAME, "loss", "The cross-entropy -log p_target of the last position.")
def loss() -> Scalar:
    return Scalar(EX.loss, DECIMAL)


@grid(NAME, "loss-gradient", "dL/dz = p - y for the last position's logits.")
def loss_gradient() -> Grid:
    return over_vocabulary(EX.loss_gradient, ("gradient",), "p - y \\ word")


def shaped(symbol: str, values: np.ndarray, note: str = "") -> ArrayShape:
    """One array of the stack as the diagram draws it: its symbol and its true shape."""
    rows, cols = np.atleast_2d(values).shape
    return ArrayShape(symbol, rows, cols, note)


@figure(NAME, "stack-diagram", "The whole stack, tokens to the next word, each array with its computed shape.")
def stack_diagram() -> Figure:
    model, s = run(), sampling()
    ids = np.array(EX.token_ids)[:, None]
    nodes: list[ArrayShape | str] = [shaped("ids", ids, "token ids"), f"E[ids] × √{EX.d_model}",
                                     shaped("X", model.X, "with positions")]
    for k, result in enumerate(model.layers, start=1):
        nodes += [f"layer {k}", shaped(f"Y_{k}", result.Y)]
    nodes += ["× Eᵀ (tied)", shaped("Z", model.logits, "logits"), "softmax(z / T)",
              shaped("p", s.probabilities, "the last row's"), f"greedy: {VOCABULARY[s.greedy]}"]
    svg = residual_stream_svg([("the model end to end", nodes, [])],
                              title="The whole model: token ids to the next word",
                              desc="Every array of the forward pass, top to bottom, with its shape.",
                              id_prefix="wm-stack")
    return Figure(svg, "The prompt's ids become rows, the rows pass every layer, the tied embedding turns the last "
                       "layer's rows into logits, and the last row's softmax gives the next word.")



# h is offered: its range says it divides d_model, and live.js refuses a 3 beside its field as the example does.
# The temperatures, the draw's temperature and p are offered: their declarations (bounded_text) say what the example
# refuses (temperatures not rising or not above 0, p outside (0, 1]), and live.js refuses it beside the field.
MIRROR = Mirror(
    entries=frozenset({
        "choices", "cumulative", "d-ff", "d-model", "distributions", "embedded", "embedding", "embedding-scale",
        "heads", "last-output", "layer-output", "layer-weights", "layers", "logits", "loss", "loss-gradient",
        "peak", "positions", "stack-diagram", "target", "target-probability", "temperature", "temperatures",
        "tempered", "token-ids", "top-k", "top-p", "u", "vocabulary-size", "x"}),
    editable=("embedding", "weight_seed", "layers", "h", "d_ff", "temperatures", "temperature", "top_k", "top_p",
              "draw_seed"),
    rows={"embedding": (EX.vocabulary, "word of the vocabulary")},
    parts=("random",))
