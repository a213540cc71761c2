"""The model end to end: token ids to embedding rows, through a stack of layers, to logits and the next-token loss.

As in Vaswani et al. 2017 (section 3.4): the embedding rows are multiplied by sqrt(d_model), sinusoidal positions
are added, and the same matrix E (vocab, d_model) embeds the tokens and, transposed, turns the last layer's rows
into logits (tied embeddings; Press and Wolf 2017). The next-token loss is the cross-entropy -log p_target, whose
gradient with respect to the logits is p - y (y the one-hot row of the target).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_matrix, at_most, frozen
from .initialisation import scaled_normal
from .layer import LayerParameters, LayerResult, logits, transformer_layer
from .positions import sinusoidal_positions
from .softmax import causal_mask, softmax

__all__ = ["ModelRun", "cross_entropy", "cross_entropy_gradient", "embed", "embedding_scale", "initialise_stack",
           "run_model", "tied_logits"]


def _as_ids(token_ids: Sequence[int], vocab: int) -> np.ndarray:
    """Return the token ids as an int array, each from 0 to vocab - 1, or raise ValueError quoting the bad one."""
    if len(token_ids) == 0:
        raise ValueError("token_ids must hold at least one token id")
    at_most("the number of token ids", len(token_ids), "MAX_TOKENS")
    for i in token_ids:
        if isinstance(i, bool) or not isinstance(i, int | np.integer) or not 0 <= i < vocab:
            raise ValueError(f"token id {i!r} is not in the vocabulary of {vocab} tokens; accepted: 0 to {vocab - 1}")
    return np.asarray(token_ids, dtype=np.int64)


def embedding_scale(d_model: int) -> float:
    """Return sqrt(d_model), the factor on every embedding row (Vaswani et al. 2017, section 3.4)."""
    return float(np.sqrt(as_count("d_model", d_model, limit="MAX_WIDTH")))


def embed(token_ids: Sequence[int], E: np.ndarray) -> np.ndarray:
    """Return the embedding rows E[token_ids] times sqrt(d_model) (Vaswani et al. 2017, section 3.4).

    Shapes: token_ids (n,), E (vocab, d_model) -> (n, d_model).
    """
    E = as_matrix("E", E, "(vocab, d_model)", rows="MAX_WIDTH")
    ids = _as_ids(token_ids, E.shape[0])
    X: np.ndarray = E[ids] * embedding_scale(E.shape[1])  # (n, d_model): a lookup, then one scale for every entry
    return X


def tied_logits(Y: np.ndarray, E: np.ndarray) -> np.ndarray:
    """Return the logits Y E^T: the embedding matrix, transposed, as the unembedding (tied weights).

    Shapes: Y (n, d_model), E (vocab, d_model) -> (n, vocab).
    """
    E = as_matrix("E", E, "(vocab, d_model)", rows="MAX_WIDTH")
    return logits(Y, E.T)  # (n, d_model) x (d_model, vocab) -> (n, vocab)


def _target_row(z: np.ndarray, target: int) -> np.ndarray:
    """Return one row of logits (vocab,) after checking that target indexes it."""
    z = as_matrix("the logits", np.atleast_2d(z), "(vocab,)")[0]
    if isinstance(target, bool) or not isinstance(target, int | np.integer) or not 0 <= target < z.size:
        raise ValueError(f"target {target!r} is not a token index; accepted: 0 to {z.size - 1}")
    return z


def cross_entropy(z: np.ndarray, target: int) -> float:
    """Return -log softmax(z)[target], computed as logsumexp(z) - z[target] so that no probability underflows.

    Shapes: z (vocab,), target an index -> a number >= 0.
    """
    z = _target_row(z, target)
    top = float(z.max())
    return float(top + np.log(np.exp(z - top).sum()) - z[target])


def cross_entropy_gradient(z: np.ndarray, target: int) -> np.ndarray:
    """Return d(-log p_target)/dz = p - y, with p = softmax(z) and y the one-hot row of the target.

    Shapes: z (vocab,) -> (vocab,). Its entries add up to 0; only the target's entry is negative (or 0).
    """
    z = _target_row(z, target)
    y = np.zeros_like(z)
    y[target] = 1.0
    return frozen(softmax(z) - y)  # (vocab,)


def initialise_stack(seed: int, layers: int, d_model: int, h: int, d_ff: int) -> tuple[LayerParameters, ...]:
    """Return `layers` layers of weights drawn from np.random.default_rng(seed), scaled normal, biases 0.

    Per layer, in this order: h query, h key and h value matrices (d_model, d_model/h), W_O (d_model, d_model),
    W_1 (d_model, d_ff), W_2 (d_ff, d_model). Layer norms keep gain 1 and bias 0.
    """
    seed, layers = as_count("seed", seed, minimum=0), as_count("layers", layers, limit="MAX_HEADS")
    d_model, h, d_ff = (as_count(name, value, limit="MAX_WIDTH") for name, value in
                        (("d_model", d_model), ("h", h), ("d_ff", d_ff)))
    if d_model % h:
        raise ValueError(f"{h} heads cannot split d_model={d_model} evenly; accepted: a divisor of {d_model}")
    at_most("the entries of all weights (layers x (4 d_model^2 + 2 d_model d_ff))",
            layers * (4 * d_model * d_model + 2 * d_model * d_ff), "MAX_ENTRIES")
    rng, d_k = np.random.default_rng(seed), d_model // h
    return tuple(_drawn_layer(rng, d_model, d_k, h, d_ff) for _ in range(layers))


def _drawn_layer(rng: np.random.Generator, d_model: int, d_k: int, h: int, d_ff: int) -> LayerParameters:
    """One layer's weights, drawn in the order initialise_stack gives."""
    W_q, W_k, W_v = (tuple(frozen(scaled_normal(rng, d_model, d_k)) for _ in range(h)) for _ in range(3))
    W_o = frozen(scaled_normal(rng, h * d_k, d_model))  # (h*d_k, d_model)
    W_1, W_2 = frozen(scaled_normal(rng, d_model, d_ff)), frozen(scaled_normal(rng, d_ff, d_model))
    return LayerParameters(W_q=W_q, W_k=W_k, W_v=W_v, W_o=W_o, W_1=W_1, b_1=frozen(np.zeros(d_ff)), W_2=W_2,
                           b_2=frozen(np.zeros(d_model)))


@dataclass(frozen=True, eq=False)
class ModelRun:
    """Every step of one forward pass (arrays read-only).

    embedded = E[ids] sqrt(d_model) (n, d_model); positions (n, d_model); X = embedded + positions (n, d_model);
    layers, one LayerResult each (its Y (n, d_model) is the next layer's input); logits = Y_last E^T (n, vocab).
    """

    token_ids: tuple[int, ...]
    embedded: np.ndarray
    positions: np.ndarray
    X: np.ndarray
    layers: tuple[LayerResult, ...]
    logits: np.ndarray

    @property
    def last_logits(self) -> np.ndarray:
        """The logits of the newest token's row, (vocab,): they score the token that comes next."""
        return self.logits[-1, :]


def run_model(token_ids: Sequence[int], E: np.ndarray, stack: Sequence[LayerParameters],
              norm: str = "post") -> ModelRun:
    """Return the forward pass of a decoder-only stack with a causal mask and tied embeddings.

    Shapes: token_ids (n,), E (vocab, d_model), one LayerParameters per layer -> ModelRun with logits (n, vocab).
    """
    embedded = embed(token_ids, E)  # (n, d_model)
    if len(stack) == 0:
        raise ValueError("the stack needs at least one layer")
    n, d_model = embedded.shape
    positions = sinusoidal_positions(n, d_model)  # (n, d_model)
    rows, results, mask = embedded + positions, [], causal_mask(n)
    for params in stack:
        results.append(transformer_layer(rows, params, mask=mask, norm=norm))
        rows = results[-1].Y  # (n, d_model)
    return ModelRun(tuple(int(i) for i in token_ids), frozen(embedded), frozen(positions),
                    frozen(embedded + positions), tuple(results), frozen(tied_logits(rows, E)))
