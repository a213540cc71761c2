"""A batch of sequences and several heads with torch.nn.MultiheadAttention, then the same heads with einsum.

The inputs are those of the engineer's path on "Attention by Hand" (example batched-heads): B = 2 sequences of
n = 3 tokens, d_model = 4, h = 2 heads. The module wants three conventions the site does not use: the batch on
the second axis, weights stored transposed and packed, and a mask whose True means "may not attend".
"""

import numpy as np
import torch
import torch.nn.functional as F

sequences = [["red", "ball", "rolls"], ["bus", "is", "late"]]
X = np.array([[[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0], [1.0, 1.0, 0.0, 0.0]],
              [[0.0, 0.0, 1.0, 1.0], [1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 1.0, 0.0]]])  # (B, n, d_model) = (2, 3, 4)
W_q = np.array([[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 1.0, 0.0],
                [1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0]])  # (d_model, d_model) = (4, 4)
W_k = np.array([[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.0, 1.0],
                [0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 0.0, 0.0]])  # (4, 4)
W_v = np.array([[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0],
                [1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0]])  # (4, 4)
W_o = np.array([[1.0, 0.0, 0.0, 0.5], [0.0, 1.0, 0.0, 0.0],
                [0.0, 0.0, 1.0, 0.0], [0.5, 0.0, 0.0, 1.0]])  # (4, 4)
h = 2

B, n, d_model = X.shape
d_head = d_model // h
x, w_q, w_k, w_v, w_o = (torch.from_numpy(a) for a in (X, W_q, W_k, W_v, W_o))

# nn.Linear stores its weight as (out, in) and computes x W^T, so each of the site's W goes in transposed;
# in_proj_weight packs the three of them, queries first: (3 d_model, d_model).
mha = torch.nn.MultiheadAttention(d_model, h, bias=False, dtype=torch.float64)  # batch_first=False by default
with torch.no_grad():
    mha.in_proj_weight.copy_(torch.cat([w_q.T, w_k.T, w_v.T]))  # (3 d_model, d_model)
    mha.out_proj.weight.copy_(w_o.T)  # (d_model, d_model)

blocked = ~torch.ones(n, n, dtype=torch.bool).tril()  # (n, n): True = may NOT attend, here the future keys
seq_first = x.transpose(0, 1)  # (n, B, d_model): without batch_first=True the batch is the second axis
u, mean_weights = mha(seq_first, seq_first, seq_first, attn_mask=blocked)  # (n, B, d_model), (B, n, n)
_, head_weights = mha(seq_first, seq_first, seq_first, attn_mask=blocked, average_attn_weights=False)  # (B, h, n, n)
u = u.transpose(0, 1)  # (B, n, d_model), the site's layout again


def split(y):
    """(B, n, d_model) -> (B, h, n, d_head): cut the last axis into heads, then put heads before tokens."""
    return y.reshape(B, n, h, d_head).transpose(1, 2)


# The heads without the module: one einsum for all scores, then the fused call for softmax and the sum.
q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)  # each (B, h, n, d_head)
scores = torch.einsum("bhqd,bhkd->bhqk", q, k) / d_head**0.5  # (B, h, n, n)
heads = F.scaled_dot_product_attention(q, k, v, is_causal=True)  # (B, h, n, d_head)
u_einsum = heads.transpose(1, 2).reshape(B, n, d_model) @ w_o  # (B, n, d_model): heads merged, then W_O


def show(title, rows, labels):
    """Print a title, then one labelled line per row of a matrix."""
    print(title)
    for label, row in zip(labels, rows.tolist()):
        print(f"  {label:<6}" + "".join(f"{value:8.4f}" for value in row))


for b, tokens in enumerate(sequences):
    show(f"sequence {b + 1}: U from nn.MultiheadAttention", u[b], tokens)
    show(f"sequence {b + 1}: U from einsum and scaled_dot_product_attention", u_einsum[b], tokens)
for i in range(h):
    show(f"sequence 1, head {i + 1}: weights (average_attn_weights=False)", head_weights[0, i], sequences[0])
show("sequence 1: weights as returned by default, the mean over heads", mean_weights[0], sequences[0])
show("sequence 1, head 1: scores from einsum, before softmax", scores[0, 0], sequences[0])
