"""Red ball rolls through one Transformer layer: the attention sheets, then both layer norms, the
feed-forward network, the logits and the next token (post-norm, gains 1 and biases 0 as in the example).

Layer normalisation takes the row's mean (AVERAGE) and population variance (VARP), then
(x − mean) / SQRT(variance + ε) with the core's ε; the ReLU is MAX(0, ·); the next token is the
vocabulary entry at the MATCH of the newest row's MAX.
"""

from __future__ import annotations

import inspect

import numpy as np

from attention_core import feed_forward_steps, layer_norm, layer_norm_statistics
from attention_core.examples.red_ball_layer import RED_BALL_LAYER, RedBallLayer

from .. import steps
from ..layout import ONE, Book, Grid, Refs, Sheet, labels
from ..names import workbook
from .red_ball_rolls import red_ball_rolls_book

PAGE = "walkthrough/transformer-layer/"
EPSILON = f'{inspect.signature(layer_norm).parameters["eps"].default:.12f}'.rstrip("0")  # the core's ε, as text


def normalised(tag: str, caption: str, of: str, x: np.ndarray, result: np.ndarray, tokens: tuple[str, ...],
               name: str) -> tuple[Grid, ...]:
    """Mean, variance and the normalised rows of grid `of` (values x), as layer_norm computes them."""
    mean, variance = layer_norm_statistics(x)
    d_model = x.shape[1]

    def entry(r: Refs, i: int, j: int) -> str:
        """(x − mean) / SQRT(variance + ε)."""
        return (f"=({r.cell(of, i, j)}-{r.cell(tag + 'mean', i, 0)})/SQRT({r.cell(tag + 'var', i, 0)}"
                f"+{r.cell('eps', 0, 0)})")
    return (
        Grid(tag + "mean", "the mean of each row", tokens, ("mean",), mean[:, None], corner="token",
             cell=lambda r, i, j: f"=AVERAGE({r.row(of, i)})"),
        Grid(tag + "var", "the population variance of each row", tokens, ("variance",), variance[:, None],
             corner="token", cell=lambda r, i, j: f"=VARP({r.row(of, i)})"),
        Grid(tag + "norm", caption, tokens, labels("y" if name == "Y" else "r", d_model), result, corner="token",
             name=name, cell=entry),
    )


def norm_1_sheet(ex: RedBallLayer) -> Sheet:
    """R = LayerNorm(X + U); X + U is the output projection sheet's Residual."""
    result = ex.result
    eps = steps.inputs("eps", "ε: keeps a constant row from dividing by 0 (the core's value)", ((EPSILON,),),
                       ("ε",), ONE, name="epsilon", source=None)
    return Sheet("Layer norm 1", PAGE + "#step-2-residual-and-layer-normalisation", "Residual and layer norm",
                 "Each row of X + U (the Residual on the sheet before) scaled to mean 0 and variance 1.",
                 (eps, *normalised("n1.", "R = LayerNorm(X + U)", "Residual", result.attention.residual, result.R,
                                   ex.tokens, "R_norm")))


def ffn_sheet(ex: RedBallLayer) -> Sheet:
    """The feed-forward network: x W_1 + b_1, the ReLU, then W_2 and b_2."""
    p, result = ex.parameters, ex.result
    ffn = feed_forward_steps(result.R, p.W_1, p.b_1, p.W_2, p.b_2)
    d_model, d_ff = p.W_1.shape
    dims, hidden = labels("r", d_model), labels("h", d_ff)
    return Sheet("Feed-forward", PAGE + "#step-3-the-feed-forward-network", "The feed-forward network",
                 "The same small network on every row: a linear map, the ReLU, another linear map (illustrative).",
                 (steps.inputs("W_1", "W_1: input", ex.W_1_text, dims, hidden, name="W_1", source="W_1_text"),
                  steps.inputs("b_1", "b_1: input", (ex.b_1_text,), ("b_1",), hidden, name="b_1", source="b_1_text"),
                  steps.inputs("W_2", "W_2: input", ex.W_2_text, hidden, dims, name="W_2", source="W_2_text"),
                  steps.inputs("b_2", "b_2: input", (ex.b_2_text,), ("b_2",), dims, name="b_2", source="b_2_text"),
                  Grid("Z", "R W_1 + b_1: before the ReLU", ex.tokens, hidden, ffn.pre_activation, corner="token",
                       name="Z", array=lambda r: f"=MMULT({r.whole('n1.norm')},{r.whole('W_1')})+{r.whole('b_1')}"),
                  Grid("H", "ReLU: MAX(0, each entry)", ex.tokens, hidden, ffn.hidden, corner="token", name="H",
                       cell=lambda r, i, j: f"=MAX(0,{r.cell('Z', i, j)})"),
                  Grid("F", "F = H W_2 + b_2", ex.tokens, labels("f", d_model), result.F, corner="token", name="F",
                       array=lambda r: f"=MMULT({r.whole('H')},{r.whole('W_2')})+{r.whole('b_2')}")))


def norm_2_sheet(ex: RedBallLayer) -> Sheet:
    """Y = LayerNorm(R + F)."""
    result = ex.result
    total = Grid("RF", "R + F: the second residual sum", ex.tokens, labels("s", result.F.shape[1]), result.R_plus_F,
                 corner="token", name="R_plus_F", array=lambda r: f"={r.whole('n1.norm')}+{r.whole('F')}")
    return Sheet("Layer norm 2", PAGE + "#step-4-second-residual-and-layer-normalisation",
                 "Second residual and layer norm", "The network's output added back, then normalised again.",
                 (total, *normalised("n2.", "Y = LayerNorm(R + F): the layer's output", "RF", result.R_plus_F,
                                     result.Y, ex.tokens, "Y")))


def next_token_sheet(ex: RedBallLayer) -> Sheet:
    """Logits Y W_vocab and the vocabulary entry with the newest row's largest logit."""
    last = len(ex.tokens) - 1

    def position(r: Refs, i: int, j: int) -> str:
        """Where the newest row's largest logit sits."""
        row = r.row("logits", last)
        return f"=MATCH(MAX({row}),{row},0)"
    return Sheet("Next token", PAGE + "#from-the-last-layer-to-the-next-token", "From the layer to the next token",
                 "One score per word of a five-word vocabulary (illustrative); the newest row's largest wins.",
                 (steps.inputs("W_vocab", "W_vocab: input", ex.W_vocab_text, labels("y", ex.W_vocab.shape[0]),
                               ex.vocabulary, name="W_vocab", source="W_vocab_text"),
                  steps.matmul("logits", "logits = Y W_vocab", "n2.norm", "W_vocab", ex.logits, ex.tokens,
                               ex.vocabulary, name="logits", corner="token"),
                  Grid("choice", f"the position of the largest logit after {ex.tokens[last]}", ("position",),
                       ONE, np.array([[ex.next_token_index + 1.0]]), digits=None, cell=position),
                  Grid("word", "the next token", ("word",), ONE, np.array([[ex.next_token]], dtype=object),
                       digits=None, cell=lambda r, i, j: f"=INDEX({r.header('logits')},1,{r.cell('choice', 0, 0)})")))


@workbook(RED_BALL_LAYER)
def red_ball_layer_book(ex: RedBallLayer) -> Book:
    """The red-ball-rolls sheets, then the rest of the layer and the next token."""
    attention = red_ball_rolls_book(ex.heads)
    return Book(ex.name, ex.title, (*attention.sheets, norm_1_sheet(ex), ffn_sheet(ex), norm_2_sheet(ex),
                                    next_token_sheet(ex)))
