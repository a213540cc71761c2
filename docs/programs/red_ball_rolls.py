"""One causal attention head for the window "red ball rolls", written out in NumPy.

Every number this prints is worked by hand in the walk-through of "Attention by Hand".
Shapes: n = 3 tokens, d_model = 3, d_k = 1, d_v = 2.
"""

import numpy as np

tokens = ["red", "ball", "rolls"]

# One-hot input rows. X is the identity matrix, so X @ W returns W unchanged.
X = np.eye(3)  # (n, d_model) = (3, 3)

# The head's three projections, chosen by hand so that the results are exact.
W_q = np.array([[0.0], [0.0], [1.0]])  # (d_model, d_k) = (3, 1)
W_k = np.array([[0.0], [np.log(2.0)], [0.0]])  # (3, 1); e to the power ln 2 is 2
W_v = np.array([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]])  # (d_model, d_v) = (3, 2)

Q = X @ W_q  # (3, 3) x (3, 1) -> (3, 1)
K = X @ W_k  # (3, 3) x (3, 1) -> (3, 1)
V = X @ W_v  # (3, 3) x (3, 2) -> (3, 2)

d_k = Q.shape[1]
S = Q @ K.T / np.sqrt(d_k)  # (3, 1) x (1, 3) -> (3, 3); rows are queries, columns keys

allowed = np.tril(np.ones(S.shape, dtype=bool))  # True where key position <= query position
M = np.where(allowed, S, -np.inf)  # (3, 3); future keys get minus infinity

shifted = M - M.max(axis=1, keepdims=True)  # each row's largest entry becomes 0
E = np.exp(shifted)  # (3, 3); exp(-inf) is exactly 0
A = E / E.sum(axis=1, keepdims=True)  # (3, 3); every row sums to 1

O = A @ V  # (3, 3) x (3, 2) -> (3, 2)


def show(title, matrix):
    """Print a matrix with one labelled line per token."""
    print(title)
    for token, row in zip(tokens, matrix):
        print(f"  {token:<6}" + "".join(f"{x:8.4f}" for x in row))


show("A: weights (rows are queries, columns are keys)", A)
show("O = A V: one output row per token", O)
