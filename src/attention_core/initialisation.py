"""Initialisation as the deck does it: scaled normal draws from a seeded generator, in a fixed call order.

The standard deviation sqrt(2 / (rows + cols)) gives the variance Glorot and Bengio (2010) chose; they draw
uniformly on +-sqrt(6 / (rows + cols)), which has that variance, and this module draws from a normal.
Seed 9 reproduces the same numbers only with the same NumPy version, generator type (PCG64 through
default_rng), shapes and call order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_generator, at_most, frozen

__all__ = ["InitialWeights", "initialise_heads", "scaled_normal", "scaled_normal_sd"]


def scaled_normal_sd(rows: int, cols: int) -> float:
    """Return sqrt(2 / (rows + cols)), the standard deviation used for a (rows, cols) matrix."""
    rows, cols = as_count("rows", rows, limit="MAX_ENTRIES"), as_count("cols", cols, limit="MAX_ENTRIES")
    at_most(f"rows x cols ({rows:,} x {cols:,})", rows * cols, "MAX_ENTRIES")
    return float(np.sqrt(2.0 / (rows + cols)))


def scaled_normal(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    """Return a (rows, cols) matrix of normal draws with mean 0 and sd sqrt(2 / (rows + cols)).

    Shapes: -> (rows, cols). Draws from `rng`, so each call advances the generator.
    """
    rng, sd = as_generator(rng), scaled_normal_sd(rows, cols)  # checks rows and cols
    return rng.normal(loc=0.0, scale=sd, size=(rows, cols))  # (rows, cols)


@dataclass(frozen=True, eq=False)
class InitialWeights:
    """The deck's initial weights: per-head W_q, W_k (d_model, d_k), W_v (d_model, d_v); W_o (h*d_v, d_model)."""

    seed: int
    d_model: int
    d_k: int
    d_v: int
    h: int
    W_q: tuple[np.ndarray, ...]
    W_k: tuple[np.ndarray, ...]
    W_v: tuple[np.ndarray, ...]
    W_o: np.ndarray


def initialise_heads(seed: int = 9, d_model: int = 3, d_k: int = 1, d_v: int = 2, h: int = 2) -> InitialWeights:
    """Return W_q, W_k, W_v for every head and then W_o, drawn from np.random.default_rng(seed).

    Call order, as in the deck: all h query matrices, then all key matrices, then all value matrices,
    then the output projection. Shapes: W_q[i], W_k[i] (d_model, d_k); W_v[i] (d_model, d_v);
    W_o (h*d_v, d_model).
    """
    seed = as_count("seed", seed, minimum=0)
    d_model, d_k, d_v = (as_count(name, value, limit="MAX_WIDTH") for name, value in
                         (("d_model", d_model), ("d_k", d_k), ("d_v", d_v)))
    h = as_count("h", h, limit="MAX_HEADS")
    at_most("the entries of all weights (h x d_model x (2 d_k + 2 d_v))", h * d_model * (2 * d_k + 2 * d_v),
            "MAX_ENTRIES")
    rng = np.random.default_rng(seed)
    W_q = tuple(frozen(scaled_normal(rng, d_model, d_k)) for _ in range(h))
    W_k = tuple(frozen(scaled_normal(rng, d_model, d_k)) for _ in range(h))
    W_v = tuple(frozen(scaled_normal(rng, d_model, d_v)) for _ in range(h))
    W_o = frozen(scaled_normal(rng, h * d_v, d_model))  # (h*d_v, d_model)
    return InitialWeights(seed, d_model, d_k, d_v, h, W_q, W_k, W_v, W_o)
