"""Attention for every token of "the bus is late" at once, with NumPy matrices.

Run it with: python lesson_all_tokens.py
"""

import numpy as np

tokens = ["bus", "is", "late"]
Q = np.array([[0, 1], [1, 1], [1, 0]])  # one query per row: bus, is, late    (3, 2)
K = np.array([[2, 1], [0, 2], [1, 1]])  # one key per row                       (3, 2)
V = np.array([[10, 0], [0, 10], [5, 5]])  # one value per row                   (3, 2)

S = Q @ K.T  # every query against every key: (3, 2) x (2, 3) -> (3, 3)
E = np.exp(S)  # e to each score                                           (3, 3)
A = E / E.sum(axis=1, keepdims=True)  # each row shared out so it sums to 1  (3, 3)
O = A @ V  # each row of weights mixes the values: (3, 3) x (3, 2) -> (3, 2)


def show(title, matrix, places, columns):
    """Print a matrix with its title, column names and one labelled row per token."""
    print(title)
    print(" " * 6 + "".join(f"{name:>8}" for name in columns))
    for token, row in zip(tokens, matrix):
        print(f"{token:<6}" + "".join(f"{x:>8.{places}f}" for x in row))


show("scores S = Q K^T", S, 0, tokens)
print()
show("weights A (one row per query)", A, 3, tokens)
print()
show("output O = A V", O, 2, ["o1", "o2"])
