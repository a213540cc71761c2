"""Attention for every token of "the bus is late" at once, with NumPy.

Run it with: python lesson_all_tokens.py
"""

import numpy as np

tokens = ["bus", "is", "late"]
queries = [[0, 1], [1, 1], [1, 0]]  # one row per token
keys = [[2, 1], [0, 2], [1, 1]]
values = [[10, 0], [0, 10], [5, 5]]
scale = 1  # the lesson scales no score; a real model multiplies by one over the square root of a key's length
Q, K, V = np.array(queries), np.array(keys), np.array(values)  # (3, 2) each

S = scale * (Q @ K.T)  # all scores: (3, 2) x (2, 3) -> (3, 3)
E = np.exp(S)  # e to each score (3, 3)
A = E / E.sum(axis=1, keepdims=True)  # rows sum to 1 (3, 3)
O = A @ V  # weighted mix: (3, 3) x (3, 2) -> (3, 2)


def show(title, matrix, places, columns):
    """Print a titled matrix with one labelled row per token."""
    print(title)
    print(" " * 6 + "".join(f"{name:>8}" for name in columns))
    for token, row in zip(tokens, matrix):
        cells = "".join(f"{x:>8.{places}f}" for x in row)
        print(f"{token:<6}" + cells)


show("scores S = scale Q K^T", S, 0, tokens)
print()
show("weights A (one row per query)", A, 3, tokens)
print()
show("output O = A V", O, 2, ["o1", "o2"])
