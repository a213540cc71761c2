"""Cross-attention, and masks combined: queries from one sequence, keys and values from another.

In an encoder-decoder Transformer (Vaswani et al. 2017, section 3.2.3) each decoder position queries every
encoder position: Q = X_dec W_q (n, d_k), K = X_enc W_k and V = X_enc W_v (m, ...), so the scores are
(n, m), not square. Masks are boolean (True = may attend) and combine by logical AND. A query whose row is all
masked has no key to share its weight among: softmax of a row of -inf is 0/0.
"""

from __future__ import annotations

import numpy as np

from ._checks import as_matrix, as_real, frozen
from .attention import AttentionResult, scaled_dot_product_attention

__all__ = ["combine_masks", "cross_attention", "empty_rows", "filled_softmax", "nan_zeroed_score_gradient"]
MASKINGS = ("additive", "where")  # S + B with B = -inf where masked; where(mask, S, -inf), as masked_fill


def cross_attention(
    X_q: np.ndarray, X_kv: np.ndarray, W_q: np.ndarray, W_k: np.ndarray, W_v: np.ndarray,
    mask: np.ndarray | None = None, scale: float | None = None,
) -> AttentionResult:
    """Return attention of the rows of X_q over the rows of X_kv.

    Shapes: X_q (n, d_model), X_kv (m, d_model), W_q and W_k (d_model, d_k), W_v (d_model, d_v), mask (n, m)
    or None -> AttentionResult with scores and weights (n, m) and output (n, d_v).
    """
    X_q, X_kv = as_matrix("X_q", X_q, "(n, d_model)"), as_matrix("X_kv", X_kv, "(m, d_model)")
    if X_q.shape[1] != X_kv.shape[1]:
        raise ValueError(f"X_q has d_model={X_q.shape[1]} but X_kv has d_model={X_kv.shape[1]}")
    W_q, W_k = as_matrix("W_q", W_q, "(d_model, d_k)"), as_matrix("W_k", W_k, "(d_model, d_k)")
    W_v = as_matrix("W_v", W_v, "(d_model, d_v)")
    for name, W in (("W_q", W_q), ("W_k", W_k), ("W_v", W_v)):
        if W.shape[0] != X_q.shape[1]:
            raise ValueError(f"the inputs have d_model={X_q.shape[1]} but {name} has {W.shape[0]} rows")
    Q = X_q @ W_q  # (n, d_model) x (d_model, d_k) -> (n, d_k)
    K = X_kv @ W_k  # (m, d_model) x (d_model, d_k) -> (m, d_k)
    V = X_kv @ W_v  # (m, d_model) x (d_model, d_v) -> (m, d_v)
    return scaled_dot_product_attention(Q, K, V, mask=mask, scale=scale)


def combine_masks(*masks: np.ndarray) -> np.ndarray:
    """Return the logical AND of boolean masks of one shape: a key is allowed only if every mask allows it."""
    if not masks:
        raise ValueError("combine_masks needs at least one mask")
    arrays = [np.asarray(mask) for mask in masks]
    for k, mask in enumerate(arrays):
        if mask.dtype != np.bool_:
            raise ValueError(f"mask {k + 1} must be boolean (True = may attend), got dtype {mask.dtype}")
        if mask.shape != arrays[0].shape:
            raise ValueError(f"mask {k + 1} has shape {mask.shape} but mask 1 has shape {arrays[0].shape}")
    return frozen(np.logical_and.reduce(arrays))  # (n, m)


def empty_rows(mask: np.ndarray) -> np.ndarray:
    """Return True for each query row that may use no key at all. Shapes: (n, m) -> (n,)."""
    mask = np.asarray(mask)
    if mask.dtype != np.bool_ or mask.ndim != 2:
        raise ValueError(f"the mask must be a 2-D boolean array, got dtype {mask.dtype} and shape {mask.shape}")
    return np.asarray(~mask.any(axis=1))  # (n, m) -> (n,); an array, since the mask is 2-D


def filled_softmax(S: np.ndarray, mask: np.ndarray, fill: float) -> np.ndarray:
    """Return softmax of S with masked scores replaced by `fill`, as a library computes it, without checks.

    Shapes: S and mask (n, m) -> (n, m). With fill = -inf a row with every key masked is 0/0: NaN. With a
    finite fill (-1e9, say) that row gets equal weights 1/m, and other rows' masked weights underflow to 0.
    """
    S = as_matrix("S", S, "(n, m)")
    mask = np.asarray(mask)
    if mask.shape != S.shape or mask.dtype != np.bool_:
        raise ValueError(f"the mask must be boolean of the scores' shape {S.shape}, got {mask.dtype} {mask.shape}")
    fill = float(as_real("fill", fill))
    M = np.where(mask, S, fill)  # (n, m)
    with np.errstate(invalid="ignore"):  # -inf - (-inf) and 0/0 are the point of this function
        powers = np.exp(M - M.max(axis=1, keepdims=True))  # (n, m)
        weights: np.ndarray = powers / powers.sum(axis=1, keepdims=True)  # (n, m) / (n, 1)
    return weights


def nan_zeroed_score_gradient(S: np.ndarray, mask: np.ndarray, V: np.ndarray, dO: np.ndarray,
                              masking: str) -> np.ndarray:
    """Return dL/dS as automatic differentiation computes it when the weights of softmax over -inf-masked scores
    have their NaN replaced by 0 before O = A V.

    The backward pass of softmax multiplies by the weights, so a row with no allowed key gets NaN in dL/dM either
    way. masking="additive" (M = S + B): dL/dS = dL/dM, NaN included. masking="where" (M = where(mask, S, -inf),
    like masked_fill): its backward writes 0 at every masked entry, so the NaN of a fully masked row never reaches
    S. Shapes: S and mask (n, m), V (m, d_v), dO (n, d_v) -> (n, m).
    """
    if masking not in MASKINGS:
        raise ValueError(f"masking {masking!r} is not known; accepted: {', '.join(MASKINGS)}")
    A = filled_softmax(S, mask, -np.inf)  # (n, m), NaN on a row with no allowed key
    kept = ~np.isnan(A)
    dA = np.where(kept, dO @ np.asarray(V, dtype=np.float64).T, 0.0)  # (n, d_v) x (d_v, m) -> (n, m)
    with np.errstate(invalid="ignore"):  # NaN times anything is the point here
        dM = A * (dA - (dA * A).sum(axis=1, keepdims=True))  # J dA, row by row: (n, m)
    return dM if masking == "additive" else np.where(mask, dM, 0.0)
