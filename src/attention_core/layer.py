"""The Transformer layer: multi-head attention, residuals, layer normalisation and a feed-forward network.

Vaswani et al. 2017 (post-norm): U = MultiHead(X), R = LayerNorm(X + U), F = FFN(R), Y = LayerNorm(R + F).
Then a final linear map turns rows into logits, and generation reads the newest (last) row.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import as_matrix, as_number, as_real, float64_range, frozen, quote
from .multihead import MultiHeadResult, multi_head_attention

__all__ = ["FeedForwardSteps", "LayerParameters", "LayerResult", "feed_forward", "feed_forward_steps", "layer_norm",
           "layer_norm_statistics", "logits", "next_token", "transformer_layer"]

NORMS = ("post", "pre")


def _as_vector(name: str, value: object, width: int) -> np.ndarray:
    """Return `value` as a float64 vector of `width` entries, or raise ValueError naming the sizes."""
    vector = as_real(name, value)
    if vector.shape != (width,):
        raise ValueError(f"{name} must have shape ({width},), got shape {vector.shape}")
    if not np.isfinite(vector).all():
        index = int(np.argmax(~np.isfinite(vector)))
        raise ValueError(f"{name} has a non-finite entry ({vector[index]}) at index {index}")
    return vector


def layer_norm(
    x: np.ndarray, gain: np.ndarray | None = None, bias: np.ndarray | None = None, eps: float = 1e-5
) -> np.ndarray:
    """Return each row normalised to mean 0 and variance 1, then times `gain` plus `bias` (Ba et al. 2016).

    Shapes: x (n, d_model); gain and bias (d_model,) or None (ones and zeros) -> (n, d_model).
    The variance is the population variance of the row; `eps` (> 0) keeps a constant row from dividing by 0.
    A row whose squared deviations overflow float64 (entries beyond about 1e154) raises ValueError.
    """
    x = as_matrix("x", x, "(n, d_model)")
    d_model = x.shape[1]
    gain = np.ones(d_model) if gain is None else _as_vector("gain", gain, d_model)
    bias = np.zeros(d_model) if bias is None else _as_vector("bias", bias, d_model)
    eps = as_number("eps", eps)
    mean, variance = layer_norm_statistics(x)  # (n,), (n,)
    with float64_range("layer_norm's output (x - mean) / sqrt(variance + eps) * gain + bias", x, gain, bias):
        normed: np.ndarray = (x - mean[:, None]) / np.sqrt(variance[:, None] + eps) * gain + bias  # (n, d_model)
    return normed


def layer_norm_statistics(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the mean and the population variance of each row, the two numbers layer_norm uses.

    Shapes: x (n, d_model) -> mean (n,), variance (n,).
    """
    x = as_matrix("x", x, "(n, d_model)")
    # The square of a deviation above about 1.3e154 overflows float64: refused, or the row would become zeros.
    with float64_range("the mean or the variance of a row of x (squares of deviations above 1.3e154)", x):
        mean = x.mean(axis=1)  # (n,)
        return mean, ((x - mean[:, None]) ** 2).mean(axis=1)  # (n,), (n,)


@dataclass(frozen=True, eq=False)
class FeedForwardSteps:
    """The feed-forward network step by step (arrays read-only).

    pre_activation = x W_1 + b_1 (n, d_ff); hidden = max(0, pre_activation) (n, d_ff); output (n, d_model).
    """

    pre_activation: np.ndarray
    hidden: np.ndarray
    output: np.ndarray


def feed_forward(
    x: np.ndarray, W_1: np.ndarray, b_1: np.ndarray, W_2: np.ndarray, b_2: np.ndarray
) -> np.ndarray:
    """Return the position-wise feed-forward network max(0, x W_1 + b_1) W_2 + b_2 (Vaswani et al. 2017).

    Shapes: x (n, d_model), W_1 (d_model, d_ff), b_1 (d_ff,), W_2 (d_ff, d_model), b_2 (d_model,) -> (n, d_model).
    The same two linear layers, with ReLU between, are applied to every token row.
    """
    return feed_forward_steps(x, W_1, b_1, W_2, b_2).output


def feed_forward_steps(
    x: np.ndarray, W_1: np.ndarray, b_1: np.ndarray, W_2: np.ndarray, b_2: np.ndarray
) -> FeedForwardSteps:
    """Return the feed-forward network with its intermediate steps: x W_1 + b_1, the ReLU, the output.

    Shapes as feed_forward: x (n, d_model) -> pre_activation and hidden (n, d_ff), output (n, d_model).
    """
    x = as_matrix("x", x, "(n, d_model)")
    W_1 = as_matrix("W_1", W_1, "(d_model, d_ff)", rows="MAX_WIDTH")
    W_2 = as_matrix("W_2", W_2, "(d_ff, d_model)", rows="MAX_WIDTH")
    if W_1.shape[0] != x.shape[1]:
        raise ValueError(f"x has d_model={x.shape[1]} but W_1 has {W_1.shape[0]} rows")
    if W_2.shape[0] != W_1.shape[1]:
        raise ValueError(f"W_1 gives d_ff={W_1.shape[1]} but W_2 has {W_2.shape[0]} rows")
    b_1 = _as_vector("b_1", b_1, W_1.shape[1])
    b_2 = _as_vector("b_2", b_2, W_2.shape[1])
    with float64_range("the feed-forward network's x W_1 + b_1", x, W_1, b_1):
        pre = x @ W_1 + b_1  # (n, d_model) x (d_model, d_ff) -> (n, d_ff)
    hidden = np.maximum(0.0, pre)  # (n, d_ff)
    with float64_range("the feed-forward network's output hidden W_2 + b_2", hidden, W_2, b_2):
        output = hidden @ W_2 + b_2  # (n, d_ff) x (d_ff, d_model) -> (n, d_model)
    return FeedForwardSteps(frozen(pre), frozen(hidden), frozen(output))


@dataclass(frozen=True, eq=False)
class LayerParameters:
    """The weights of one Transformer layer: h heads, W_O, the feed-forward network, two layer norms.

    W_q[i], W_k[i] (d_model, d_k); W_v[i] (d_model, d_v); W_o (h*d_v, d_model); W_1 (d_model, d_ff);
    b_1 (d_ff,); W_2 (d_ff, d_model); b_2 (d_model,); gains and biases (d_model,) or None (1 and 0).
    """

    W_q: tuple[np.ndarray, ...]
    W_k: tuple[np.ndarray, ...]
    W_v: tuple[np.ndarray, ...]
    W_o: np.ndarray
    W_1: np.ndarray
    b_1: np.ndarray
    W_2: np.ndarray
    b_2: np.ndarray
    gain_1: np.ndarray | None = None
    bias_1: np.ndarray | None = None
    gain_2: np.ndarray | None = None
    bias_2: np.ndarray | None = None


@dataclass(frozen=True, eq=False)
class LayerResult:
    """Every step of one layer, named as the deck names them (arrays read-only, each (n, d_model)).

    post-norm: U = MultiHead(X), R = LayerNorm(X + U), F = FFN(R), Y = LayerNorm(R + F).
    pre-norm:  U = MultiHead(LayerNorm(X)), R = X + U, F = FFN(LayerNorm(R)), Y = R + F.

    `attention` is the multi-head step as it ran: in pre-norm its input is LayerNorm(X) and its own `residual`
    is LayerNorm(X) + U; the layer's residual is always `R`.
    """

    X: np.ndarray
    attention: MultiHeadResult
    U: np.ndarray
    R: np.ndarray
    F: np.ndarray
    Y: np.ndarray
    norm: str

    @property
    def output(self) -> np.ndarray:
        """The layer's output rows Y, shape (n, d_model)."""
        return self.Y

    @property
    def R_plus_F(self) -> np.ndarray:
        """The second residual sum R + F, shape (n, d_model): what post-norm normalises into Y."""
        return frozen(self.R + self.F)  # (n, d_model)


def _attend(X: np.ndarray, params: LayerParameters, mask: np.ndarray | None) -> MultiHeadResult:
    """Run the layer's multi-head attention on X."""
    return multi_head_attention(X, params.W_q, params.W_k, params.W_v, params.W_o, mask=mask)


def _feed(x: np.ndarray, params: LayerParameters) -> np.ndarray:
    """Run the layer's feed-forward network on x."""
    return feed_forward(x, params.W_1, params.b_1, params.W_2, params.b_2)


def _add(what: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Return the residual sum a + b, or raise ValueError if it overflows float64."""
    with float64_range(f"the residual sum {what}", a, b):
        total: np.ndarray = a + b  # (n, d_model)
    return total


def transformer_layer(
    X: np.ndarray, params: LayerParameters, mask: np.ndarray | None = None, norm: str = "post"
) -> LayerResult:
    """Return one Transformer layer applied to X, with every step kept.

    Shapes: X (n, d_model), mask (n, n) boolean or None -> LayerResult with U, R, F, Y (n, d_model).
    norm="post" is the arrangement of Vaswani et al. 2017: U = MultiHead(X), R = LayerNorm(X + U),
    F = FFN(R), Y = LayerNorm(R + F). norm="pre" normalises before each sublayer instead (R = X + U with
    U = MultiHead(LayerNorm(X)), Y = R + FFN(LayerNorm(R))): the arrangement most current models use,
    because it trains more stably in deep stacks (Xiong et al. 2020).
    """
    if not isinstance(norm, str) or norm not in NORMS:
        raise ValueError(f"norm must be one of {NORMS}, got {quote(norm)}")
    if not isinstance(params, LayerParameters):
        raise ValueError(f"params must be LayerParameters, got {quote(params)}")
    X = as_matrix("X", X, "(n, d_model)")
    if norm == "post":
        attention = _attend(X, params, mask)
        R = layer_norm(_add("X + U", X, attention.output), params.gain_1, params.bias_1)  # (n, d_model)
        F = _feed(R, params)  # (n, d_model)
        Y = layer_norm(_add("R + F", R, F), params.gain_2, params.bias_2)  # (n, d_model)
    else:
        attention = _attend(layer_norm(X, params.gain_1, params.bias_1), params, mask)
        R = _add("R = X + U", X, attention.output)  # (n, d_model)
        F = _feed(layer_norm(R, params.gain_2, params.bias_2), params)  # (n, d_model)
        Y = _add("Y = R + F", R, F)  # (n, d_model)
    return LayerResult(X=frozen(X), attention=attention, U=attention.output, R=frozen(R), F=frozen(F),
                       Y=frozen(Y), norm=norm)


def logits(Y: np.ndarray, W_vocab: np.ndarray) -> np.ndarray:
    """Return the logits Y W_vocab: one score per vocabulary entry for every row.

    Shapes: Y (n, d_model), W_vocab (d_model, vocab) -> (n, vocab).
    """
    Y = as_matrix("Y", Y, "(n, d_model)")
    W_vocab = as_matrix("W_vocab", W_vocab, "(d_model, vocab)", rows="MAX_WIDTH")
    if W_vocab.shape[0] != Y.shape[1]:
        raise ValueError(f"Y has d_model={Y.shape[1]} but W_vocab has {W_vocab.shape[0]} rows")
    with float64_range("the logits Y W_vocab", Y, W_vocab):
        logits: np.ndarray = Y @ W_vocab  # (n, d_model) x (d_model, vocab) -> (n, vocab)
    return logits


def next_token(logits: np.ndarray) -> int:
    """Return the index of the largest logit in the newest (last) row: greedy choice, first index on ties.

    Shapes: logits (n, vocab) -> int in [0, vocab).
    """
    logits = as_matrix("logits", logits, "(n, vocab)")
    return int(np.argmax(logits[-1]))

