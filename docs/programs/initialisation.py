"""The seed-9 initialisation of the two-head example, in the order the deck draws its matrices.

Run it with: python initialisation.py (it needs NumPy). It prints the shape of every matrix it draws.
"""

import math

import numpy as np

seed = 9
d_model = 3
d_k = 1
d_v = 2
heads = 2

# One PCG64 generator, seeded once for the whole run.
generator = np.random.default_rng(seed=seed)


def draw(n_rows, n_cols):
    """A fresh (n_rows, n_cols) matrix, mean 0, spread from its shape."""
    spread = math.sqrt(2.0 / (n_rows + n_cols))
    return generator.normal(loc=0.0, scale=spread, size=(n_rows, n_cols))


# All W_q, then all W_k, then all W_v (head 1, then head 2): order matters.
W = {}
for kind, width in (("W_q", d_k), ("W_k", d_k), ("W_v", d_v)):
    W[kind] = [draw(d_model, width) for head in range(heads)]
# Last, the (heads * d_v, d_model) map from the concatenated heads back to d_model.
W["W_O"] = draw(heads * d_v, d_model)

if __name__ == "__main__":
    for kind, drawn in W.items():
        print(kind, [matrix.shape for matrix in drawn] if isinstance(drawn, list) else drawn.shape)
