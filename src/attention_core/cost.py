"""The cost of attention: n^2 scores per head, and a tiled computation that never stores them.

Full attention forms one score per (query, key) pair: doubling the sequence length quadruples the
scores. The tiled computation visits keys in blocks and keeps, for every query row, a running maximum
and a running sum of exponentials (online softmax: Milakov and Gimelshein 2018), which is the idea
behind FlashAttention (Dao et al. 2022).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import islice

import numpy as np

from ._checks import MAX_TABLE_ROWS, as_count, as_scale, at_most, float64_range, frozen, quote
from .attention import _check_attention_inputs

__all__ = ["AttentionCost", "TileStep", "TiledResult", "attention_cost", "cost_table", "tiled_attention"]


@dataclass(frozen=True)
class AttentionCost:
    """Counts for one head and one sequence of n tokens.

    scores = n^2 entries; bytes of the score matrix in float32 (4 bytes each) and float16 (2 bytes);
    multiply-adds of Q K^T (n*n*d_k) and of A V (n*n*d_v).
    """

    n: int
    d_k: int
    d_v: int
    scores: int
    bytes_float32: int
    bytes_float16: int
    macs_qk: int
    macs_av: int


def attention_cost(n: int, d_k: int = 64, d_v: int = 64) -> AttentionCost:
    """Return the score count, score-matrix bytes and multiply-adds of one head on n tokens."""
    n = as_count("n", n, limit="MAX_COUNTED_TOKENS")
    d_k, d_v = as_count("d_k", d_k, limit="MAX_WIDTH"), as_count("d_v", d_v, limit="MAX_WIDTH")
    scores = n * n
    return AttentionCost(n, d_k, d_v, scores, 4 * scores, 2 * scores, scores * d_k, scores * d_v)


def cost_table(lengths: Iterable[int], d_k: int = 64, d_v: int = 64) -> tuple[AttentionCost, ...]:
    """Return attention_cost for each sequence length, in order (the deck's table uses 4, 8, 128, 1024)."""
    if isinstance(lengths, str | bytes) or not isinstance(lengths, Iterable):
        raise ValueError(f"cost_table needs a sequence of whole numbers, got {quote(lengths)}")
    table = tuple(attention_cost(n, d_k, d_v) for n in islice(lengths, MAX_TABLE_ROWS + 1))  # never runs forever
    at_most("the number of sequence lengths", len(table), "MAX_TABLE_ROWS")
    if not table:
        raise ValueError("cost_table needs at least one sequence length")
    return table


@dataclass(frozen=True, eq=False)
class TileStep:
    """State after one block of keys [start, stop): its scaled scores Q K^T / sqrt(d_k) (n, stop - start), -inf where
    the causal mask forbids a key; the running max and sum (n,) and the running output (n, d_v)."""

    block: int
    start: int
    stop: int
    scores: np.ndarray
    running_max: np.ndarray
    running_sum: np.ndarray
    running_output: np.ndarray


@dataclass(frozen=True, eq=False)
class TiledResult:
    """The output O (n, d_v) of tiled attention and the trace of its running statistics, block by block."""

    output: np.ndarray
    trace: tuple[TileStep, ...]
    block: int
    causal: bool
    scale: float


def _block_scores(Q: np.ndarray, K_block: np.ndarray, start: int, scale: float, causal: bool) -> np.ndarray:
    """Return scaled scores of every query against one block of keys, -inf where causality forbids."""
    S: np.ndarray = Q @ K_block.T * scale  # (n, d_k) x (d_k, b) -> (n, b)
    if causal:
        rows, cols = np.arange(Q.shape[0])[:, None], start + np.arange(K_block.shape[0])[None, :]
        S = np.where(cols <= rows, S, -np.inf)  # (n, b)
    return S


def _rescale(old_max: np.ndarray, new_max: np.ndarray) -> np.ndarray:
    """Return exp(old_max - new_max), taking 0 where nothing was seen yet (old_max = -inf)."""
    seen = np.isfinite(old_max)
    shift = np.subtract(old_max, new_max, out=np.full(old_max.shape, -np.inf), where=seen)  # -inf - -inf never
    factors: np.ndarray = np.exp(shift)  # (n,), exp(-inf) = 0
    return factors


def tiled_attention(
    Q: np.ndarray, K: np.ndarray, V: np.ndarray, causal: bool = False, block: int = 2, scale: float | None = None,
    trace: bool = True,
) -> TiledResult:
    """Return softmax(scale * Q K^T) V computed block by block of keys, never forming the n x m matrix.

    For each block: m_new = max(m, block row max); l = l * exp(m - m_new) + sum exp(s - m_new);
    acc = acc * exp(m - m_new) + exp(s - m_new) V_block; finally O = acc / l (Milakov and Gimelshein
    2018; Dao et al. 2022). Shapes: Q (n, d_k), K (m, d_k), V (m, d_v) -> output (n, d_v); causal needs
    n = m. Equals scaled_dot_product_attention to rounding. `trace=False` keeps no per-block record:
    the trace holds every block's scores, which is the n x m matrix again, so large runs switch it off.
    """
    Q, K, V = _check_attention_inputs(Q, K, V)
    block = as_count("block", block)
    n, m, d_v = Q.shape[0], K.shape[0], V.shape[1]
    if trace:  # every block keeps its scores (n, b), two running rows (n,) and the running output (n, d_v)
        blocks = -(-m // block)
        at_most("the entries the trace keeps (n x (m + blocks x (d_v + 2)))", n * (m + blocks * (d_v + 2)),
                "MAX_ENTRIES")
    if causal and Q.shape[0] != K.shape[0]:
        raise ValueError(f"causal attention needs as many queries as keys, got n={Q.shape[0]} and m={K.shape[0]}")
    scale = as_scale(scale, Q.shape[1])
    running_max, running_sum = np.full(n, -np.inf), np.zeros(n)  # (n,), (n,)
    acc = np.zeros((n, d_v))  # (n, d_v), unnormalised output
    steps = []
    for index, start in enumerate(range(0, m, block)):
        stop = min(start + block, m)
        with float64_range("the scores S = scale * Q K^T", Q, K, np.float64(scale)):
            S = _block_scores(Q, K[start:stop], start, scale, causal)  # (n, b)
        new_max = np.maximum(running_max, S.max(axis=1))  # (n,)
        with np.errstate(over="ignore"):  # a gap beyond float64 gives -inf, whose weight e^-inf = 0 is right
            P = np.exp(S - np.where(np.isfinite(new_max), new_max, 0.0)[:, None])  # (n, b), masked -> 0
            correction = _rescale(running_max, new_max)  # (n,)
        running_sum = running_sum * correction + P.sum(axis=1)  # (n,)
        with float64_range("the running output (a sum of up to m weighted value rows)", V):
            acc = acc * correction[:, None] + P @ V[start:stop]  # (n, b) x (b, d_v) -> (n, d_v)
        running_max = new_max
        if trace:
            steps.append(TileStep(index, start, stop, frozen(S), frozen(running_max), frozen(running_sum), frozen(acc)))
    output = acc / running_sum[:, None]  # (n, d_v)
    return TiledResult(frozen(output), tuple(steps), block, causal, scale)
