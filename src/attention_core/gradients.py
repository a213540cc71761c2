"""Learning in attention: the softmax Jacobian and one gradient step on W_q, by the chain rule.

For weights a = softmax(s), da_i/ds_j = a_i (delta_ij - a_j), so J = diag(a) - a a^T (Bridle 1990 named the
softmax; the derivative is the standard one, e.g. Goodfellow, Bengio and Courville 2016, section 6.2.2.3).
The backward pass through one head (Vaswani et al. 2017) runs dL/dO -> dL/dA = dL/dO V^T -> dL/dM row by row
through J -> dL/dQ = scale dL/dM K -> dL/dW_q = X^T dL/dQ.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import as_count, as_matrix, as_number, as_real, frozen
from .attention import AttentionResult, project, scaled_dot_product_attention
from .softmax import softmax

__all__ = ["QueryGradient", "QueryStep", "dot_product_jacobian", "query_gradient", "query_step", "softmax_jacobian"]


def softmax_jacobian(a: object) -> np.ndarray:
    """Return J = diag(a) - a a^T, the derivative of softmax at weights a. Shapes: a (m,) -> (m, m)."""
    a = as_real("the weights a", a)
    if a.ndim != 1 or a.shape[0] == 0:
        raise ValueError(f"the weights a must be one non-empty row, got shape {a.shape}")
    if not np.all(np.isfinite(a)) or np.any(a < 0) or abs(float(a.sum()) - 1.0) > 1e-9:
        raise ValueError(f"the weights a must be finite, at least 0 and sum to 1, got sum {float(a.sum())!r}")
    return np.diag(a) - np.outer(a, a)  # (m, m) - (m, 1) x (1, m) -> (m, m)


def dot_product_jacobian(r: object, divisor: float = 1.0) -> np.ndarray:
    """Return da/dr for a = softmax(r / divisor): how the weights move per unit of raw dot product r.

    The division counts twice: it sets the weights J is taken at, and the chain rule divides J by it once more,
    since d(r / divisor)/dr = 1 / divisor. Shapes: r (m,) -> (m, m).
    """
    r = as_real("the raw dot products r", r)
    divisor = as_number("the divisor", divisor)
    if r.ndim != 1 or r.shape[0] == 0 or not np.all(np.isfinite(r)):
        raise ValueError(f"the raw dot products r must be one non-empty finite row, got shape {r.shape}")
    return softmax_jacobian(softmax(r / divisor)) / divisor  # (m,) -> (m, m)


@dataclass(frozen=True, eq=False)
class QueryGradient:
    """Every step of the backward pass from L = 1/2 |O[row] - target|^2 to W_q (arrays read-only).

    head: the forward pass; loss; dO (n, d_v), zero outside `row`; dA (n, m); jacobian J of `row` (m, m);
    dM (n, m); dQ (n, d_k); dW_q (d_model, d_k).
    """

    head: AttentionResult
    row: int
    loss: float
    dO: np.ndarray
    dA: np.ndarray
    jacobian: np.ndarray
    dM: np.ndarray
    dQ: np.ndarray
    dW_q: np.ndarray


def _checked_row_and_target(row: int, target: object, n: int, d_v: int) -> tuple[int, np.ndarray]:
    """Return the row index and the target (d_v,), or raise ValueError naming the sizes."""
    row = as_count("row", row, minimum=0)
    if row >= n:
        raise ValueError(f"row {row} does not exist: there are n={n} tokens")
    t = as_real("target", target)
    if t.shape != (d_v,) or not np.all(np.isfinite(t)):
        raise ValueError(f"the target must be d_v={d_v} finite numbers, got shape {t.shape}")
    return row, t


def query_gradient(
    X: np.ndarray, W_q: np.ndarray, W_k: np.ndarray, W_v: np.ndarray, row: int, target: object,
    mask: np.ndarray | None = None, scale: float | None = None,
) -> QueryGradient:
    """Return dL/dW_q for L = 1/2 |O[row] - target|^2, with every intermediate gradient.

    Shapes: X (n, d_model), W_q and W_k (d_model, d_k), W_v (d_model, d_v), target (d_v,), mask (n, n) or None
    -> dW_q (d_model, d_k). Masked keys have weight 0, so their rows and columns of J are 0 and get no gradient.
    """
    X = as_matrix("X", X, "(n, d_model)")
    Q, K, V = project(X, W_q, W_k, W_v)  # (n, d_k), (n, d_k), (n, d_v)
    head = scaled_dot_product_attention(Q, K, V, mask=mask, scale=scale)
    row, t = _checked_row_and_target(row, target, *V.shape)
    dO = np.zeros_like(head.output)  # (n, d_v): only `row` is in the loss
    dO[row] = head.output[row] - t  # (d_v,)
    loss = 0.5 * float(dO[row] @ dO[row])  # (d_v,) . (d_v,) -> ()
    dA = dO @ V.T  # (n, d_v) x (d_v, n) -> (n, n)
    dM = np.stack([softmax_jacobian(a) @ g for a, g in zip(head.weights, dA, strict=True)])  # n x (n, n)(n,) -> (n, n)
    dQ = head.scale * (dM @ K)  # (n, n) x (n, d_k) -> (n, d_k)
    dW_q = X.T @ dQ  # (d_model, n) x (n, d_k) -> (d_model, d_k)
    return QueryGradient(head, row, loss, frozen(dO), frozen(dA), frozen(softmax_jacobian(head.weights[row])),
                         frozen(dM), frozen(dQ), frozen(dW_q))


@dataclass(frozen=True, eq=False)
class QueryStep:
    """One step of gradient descent on W_q: the gradient before, W_q after, and the loss after (read-only)."""

    before: QueryGradient
    learning_rate: float
    W_q_after: np.ndarray
    after: QueryGradient

    @property
    def loss_before(self) -> float:
        """L with the old W_q."""
        return self.before.loss

    @property
    def loss_after(self) -> float:
        """L with W_q - learning_rate dL/dW_q."""
        return self.after.loss


def query_step(
    X: np.ndarray, W_q: np.ndarray, W_k: np.ndarray, W_v: np.ndarray, row: int, target: object,
    learning_rate: float, mask: np.ndarray | None = None, scale: float | None = None,
) -> QueryStep:
    """Return one step W_q <- W_q - learning_rate dL/dW_q and the loss before and after.

    Shapes as in `query_gradient`; W_q_after (d_model, d_k). Only W_q moves: W_k and W_v stay as given.
    """
    learning_rate = as_number("learning_rate", learning_rate)
    before = query_gradient(X, W_q, W_k, W_v, row, target, mask, scale)
    W_q_after = as_matrix("W_q", W_q, "(d_model, d_k)") - learning_rate * before.dW_q  # (d_model, d_k)
    after = query_gradient(X, W_q_after, W_k, W_v, row, target, mask, scale)
    return QueryStep(before, learning_rate, frozen(W_q_after), after)
