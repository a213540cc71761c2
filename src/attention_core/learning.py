"""A head that learns: one causal attention head trained by hand, in NumPy, to attend to the previous token.

The task: random tokens x_1 ... x_T from a vocabulary of V; at every position t > 1 the model must name x_{t-1}.
Its right attention pattern is known in advance (all weight on the previous position), so the learned map can be
compared with it. Each row of X is a one-hot of the token joined to a one-hot of its position, so d_model = V + T.

The model is one head (Vaswani et al. 2017) followed by an output projection to logits over the vocabulary:
    Q, K, V = X W_Q, X W_K, X W_V;  A = softmax(Q K^T / sqrt(d_k), causal);  O = A V;  Z = O W_O;  P = softmax(Z)
and the loss is the mean cross-entropy -log P[t, x_{t-1}] over positions 2..T. Gradients come from the chain rule
backwards through every line above (Rumelhart, Hinton and Williams 1986); the step through softmax uses its
derivative J = diag(a) - a a^T row by row, written as a (dA - <a, dA>) (see `gradients.softmax_jacobian`).
Shapes: B sequences, T positions, D = d_model, d_k (= d_v) head width, V vocabulary.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._checks import frozen
from .softmax import causal_mask, softmax

__all__ = [
    "HeadForward", "HeadParameters", "TrainingRun", "even_weights", "head_forward", "head_gradients", "initialise_head",
    "one_hot_inputs", "previous_token_accuracy", "previous_token_share", "previous_token_task", "train_head",
]

INIT_SD = 0.1  # the spread of the initial draws: small, so the untrained head spreads its weight almost evenly


@dataclass(frozen=True, eq=False)
class HeadParameters:
    """The four learned matrices: W_Q, W_K, W_V (D, d_k) and W_O (d_k, V)."""

    W_Q: np.ndarray
    W_K: np.ndarray
    W_V: np.ndarray
    W_O: np.ndarray

    def as_tuple(self) -> tuple[np.ndarray, ...]:
        """The matrices in the order W_Q, W_K, W_V, W_O."""
        return (self.W_Q, self.W_K, self.W_V, self.W_O)


@dataclass(frozen=True, eq=False)
class HeadForward:
    """One forward pass over a batch: scores S, weights A (B, T, T), logits Z and probabilities P (B, T, V), loss."""

    S: np.ndarray
    A: np.ndarray
    O: np.ndarray  # noqa: E741 (the pages call the output O)
    Z: np.ndarray
    P: np.ndarray
    loss: float


@dataclass(frozen=True, eq=False)
class TrainingRun:
    """A whole training run: the head before and after, the loss at every step, and a held-out batch's maps."""

    initial: HeadParameters
    final: HeadParameters
    losses: np.ndarray  # (steps + 1,): the training loss before each step, and after the last
    shares: np.ndarray  # (steps + 1,): the training batch's mean weight on the previous token, likewise
    held_out: np.ndarray  # (B, T) token ids the head never trained on
    before: HeadForward  # the untrained head on the held-out batch
    after: HeadForward  # the trained head on the held-out batch
    even: HeadForward  # the trained matrices on the held-out batch, the map replaced by even weights


def previous_token_task(rng: np.random.Generator, sequences: int, length: int, vocabulary: int) -> np.ndarray:
    """Draw `sequences` rows of `length` token ids, each uniform over `vocabulary`. Shape (B, T) of int."""
    if sequences < 1 or length < 2 or vocabulary < 2:
        raise ValueError(f"need at least 1 sequence, 2 positions and 2 words, got {sequences}, {length}, {vocabulary}")
    return rng.integers(vocabulary, size=(sequences, length))


def one_hot_inputs(tokens: np.ndarray, vocabulary: int) -> np.ndarray:
    """Rows X = [one-hot of the token, one-hot of the position]. Shapes: tokens (B, T) -> X (B, T, V + T)."""
    B, T = tokens.shape
    X = np.zeros((B, T, vocabulary + T))
    X[np.arange(B)[:, None], np.arange(T)[None, :], tokens] = 1.0  # token part
    X[:, np.arange(T), vocabulary + np.arange(T)] = 1.0  # position part
    return X


def initialise_head(rng: np.random.Generator, d_model: int, d_k: int, vocabulary: int) -> HeadParameters:
    """Draw W_Q, W_K, W_V (d_model, d_k) then W_O (d_k, V), each entry normal with sd INIT_SD, in that order."""
    W_Q, W_K, W_V = (frozen(rng.normal(0.0, INIT_SD, (d_model, d_k))) for _ in range(3))
    return HeadParameters(W_Q, W_K, W_V, frozen(rng.normal(0.0, INIT_SD, (d_k, vocabulary))))


def even_weights(length: int) -> np.ndarray:
    """Causal weights spread evenly: row t gives 1/t to each of its t visible positions. Shape (T, T)."""
    mask = causal_mask(length).astype(float)  # (T, T)
    return frozen(mask / mask.sum(axis=1, keepdims=True))


def head_forward(params: HeadParameters, X: np.ndarray, tokens: np.ndarray,
                 weights: np.ndarray | None = None) -> HeadForward:
    """Run the head on X (B, T, D) and score it against the previous tokens of `tokens` (B, T).

    `weights` (T, T), when given, replaces the head's own A while every matrix stays: an ablation of the map.
    """
    d_k = params.W_Q.shape[1]
    Q, K, V = X @ params.W_Q, X @ params.W_K, X @ params.W_V  # (B, T, D) x (D, d_k) -> (B, T, d_k)
    S = Q @ K.transpose(0, 2, 1) / math.sqrt(d_k)  # (B, T, d_k) x (B, d_k, T) -> (B, T, T)
    S = np.where(causal_mask(X.shape[1]), S, -np.inf)  # a query sees itself and the positions before it
    A = softmax(S) if weights is None else np.broadcast_to(weights, S.shape)  # (B, T, T), masked weights 0
    O = A @ V  # (B, T, T) x (B, T, d_k) -> (B, T, d_k)  # noqa: E741
    Z = O @ params.W_O  # (B, T, d_k) x (d_k, V) -> (B, T, V)
    P = softmax(Z)  # (B, T, V)
    picked = np.take_along_axis(P[:, 1:], tokens[:, :-1, None], axis=-1)  # (B, T-1, 1): P of the previous token
    return HeadForward(frozen(S), frozen(A), frozen(O), frozen(Z), frozen(P), float(-np.log(picked).mean()))


def head_gradients(params: HeadParameters, X: np.ndarray, tokens: np.ndarray) -> tuple[HeadForward, HeadParameters]:
    """The forward pass and dL/dW for each of W_Q, W_K, W_V, W_O, by the chain rule backwards from the loss."""
    B, T = tokens.shape
    d_k = params.W_Q.shape[1]
    run = head_forward(params, X, tokens)
    Q, K, V = X @ params.W_Q, X @ params.W_K, X @ params.W_V  # (B, T, d_k) each
    dZ = run.P.copy()  # dL/dZ = (P - Y) / count, where Y is one-hot of the previous token
    dZ[:, 0] = 0.0  # the first position has no previous token: no loss there
    np.subtract.at(dZ, (np.arange(B)[:, None], np.arange(1, T)[None, :], tokens[:, :-1]), 1.0)
    dZ /= B * (T - 1)
    dW_O = np.einsum("btk,btv->kv", run.O, dZ)  # O^T dZ summed over the batch: (d_k, V)
    dO = dZ @ params.W_O.T  # (B, T, V) x (V, d_k) -> (B, T, d_k)
    dA = dO @ V.transpose(0, 2, 1)  # (B, T, d_k) x (B, d_k, T) -> (B, T, T)
    dV = run.A.transpose(0, 2, 1) @ dO  # (B, T, T) x (B, T, d_k) -> (B, T, d_k)
    dS = run.A * (dA - (run.A * dA).sum(axis=-1, keepdims=True))  # each row times J = diag(a) - a a^T
    dQ = dS @ K / math.sqrt(d_k)  # (B, T, T) x (B, T, d_k) -> (B, T, d_k)
    dK = dS.transpose(0, 2, 1) @ Q / math.sqrt(d_k)  # (B, T, T) x (B, T, d_k) -> (B, T, d_k)
    dW_Q, dW_K, dW_V = (np.einsum("btd,btk->dk", X, g) for g in (dQ, dK, dV))  # X^T dQ etc.: (D, d_k) each
    return run, HeadParameters(dW_Q, dW_K, dW_V, dW_O)


def previous_token_share(A: np.ndarray) -> float:
    """The mean weight a query at position t > 1 gives to position t - 1. Shape: A (B, T, T) -> a number."""
    T = A.shape[-1]
    return float(A[:, np.arange(1, T), np.arange(T - 1)].mean())


def step(params: HeadParameters, grads: HeadParameters, learning_rate: float) -> HeadParameters:
    """One step of gradient descent: every matrix moves by -learning_rate times its gradient."""
    W_Q, W_K, W_V, W_O = (frozen(w - learning_rate * g) for w, g in zip(params.as_tuple(), grads.as_tuple(),
                                                                         strict=True))
    return HeadParameters(W_Q, W_K, W_V, W_O)


def previous_token_accuracy(run: HeadForward, tokens: np.ndarray) -> float:
    """The share of positions t > 1 whose most probable word is the previous token. Shapes: P (B, T, V), (B, T)."""
    return float((run.P[:, 1:].argmax(axis=-1) == tokens[:, :-1]).mean())


def train_head(seed: int, length: int, vocabulary: int, d_k: int, steps: int, learning_rate: float,
               sequences: int) -> TrainingRun:
    """Train one head by plain gradient descent on one seeded batch of `sequences`, and test it on a second.

    One generator draws, in this order: the initial weights, the training batch, the held-out batch; the same
    arguments give the same run, number for number.
    """
    if not (math.isfinite(learning_rate) and learning_rate > 0):
        raise ValueError(f"the learning rate must be a positive number, got {learning_rate!r}")
    if steps < 0 or d_k < 1:
        raise ValueError(f"need steps >= 0 and d_k >= 1, got steps={steps}, d_k={d_k}")
    rng = np.random.default_rng(seed)
    initial = initialise_head(rng, vocabulary + length, d_k, vocabulary)
    train, held_out = (previous_token_task(rng, sequences, length, vocabulary) for _ in range(2))
    X = one_hot_inputs(train, vocabulary)  # (B, T, D)
    params, losses, shares = initial, [], []
    for k in range(steps):
        try:
            with np.errstate(over="raise", divide="raise", invalid="raise"):  # say a step too long overflowed
                run, grads = head_gradients(params, X, train)
        except (FloatingPointError, ValueError) as error:  # not NumPy's words, which only NumPy's steps can say
            raise ValueError(f"training diverged at step {k + 1} with learning rate {learning_rate:g} (a number of "
                             "that step is no longer finite); accepted: a smaller learning rate") from error
        losses.append(run.loss)
        shares.append(previous_token_share(run.A))
        params = step(params, grads, learning_rate)
    last = head_forward(params, X, train)
    losses.append(last.loss)
    shares.append(previous_token_share(last.A))
    X_held = one_hot_inputs(held_out, vocabulary)
    return TrainingRun(initial, params, frozen(np.array(losses)), frozen(np.array(shares)), frozen(held_out),
                       head_forward(initial, X_held, held_out), head_forward(params, X_held, held_out),
                       head_forward(params, X_held, held_out, even_weights(length)))
