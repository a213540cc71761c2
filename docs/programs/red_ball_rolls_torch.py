"""Head 1 of "red ball rolls" with PyTorch's fused attention, scaled_dot_product_attention.

The inputs are those of the walk-through's NumPy program; PyTorch computes the same output O, first from
is_causal=True, then from a boolean mask written out. Every number it prints is worked by hand in the
walk-through of "Attention by Hand".
"""

import numpy as np
import torch
import torch.nn.functional as F

tokens = ["red", "ball", "rolls"]
X = np.eye(3)  # (n, d_model) = (3, 3), one-hot rows
W_q = np.array([[0.0], [0.0], [1.0]])  # (d_model, d_k) = (3, 1)
W_k = np.array([[0.0], [np.log(2.0)], [0.0]])  # (3, 1)
W_v = np.array([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]])  # (d_model, d_v) = (3, 2)

# torch.from_numpy keeps NumPy's float64, so the printout matches the walk-through to the last digit shown.
x, w_q, w_k, w_v = (torch.from_numpy(a) for a in (X, W_q, W_k, W_v))
q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_k), (n, d_k), (n, d_v): the site's x W, no transpose

# The fused call divides by sqrt(d_k) itself (its default scale) and applies softmax over the keys.
# d_v may differ from d_k: the values only need as many rows as there are keys.
o_causal = F.scaled_dot_product_attention(q, k, v, is_causal=True)  # (n, d_v)

# A boolean attn_mask here means True = may attend, the site's convention (nn.MultiheadAttention's is the opposite).
n = len(tokens)
allowed = torch.ones(n, n, dtype=torch.bool).tril()  # (n, n): key position <= query position
o_masked = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)  # (n, d_v)


def show(title, matrix):
    """Print a matrix with one labelled line per token."""
    print(title)
    for token, row in zip(tokens, matrix.tolist()):
        print(f"  {token:<6}" + "".join(f"{value:8.4f}" for value in row))


show("O with is_causal=True", o_causal)
show("O with attn_mask (True = attend)", o_masked)
