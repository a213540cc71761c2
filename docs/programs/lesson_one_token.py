"""Attention for one token by hand: the new vector of "late".

Plain Python. Run it with: python lesson_one_token.py
"""

import math

tokens = ["bus", "is", "late"]
keys = [[2, 1], [0, 2], [1, 1]]  # what each token offers
values = [[10, 0], [0, 10], [5, 5]]  # what each token passes on
query = [1, 0]  # what late is looking for
scale = 1  # the lesson scales no score; a real model multiplies by one over the square root of a key's length

# Step 1: a dot product per key (multiply matching entries, add), times the scale.
scores = [scale * sum(q * k for q, k in zip(query, key)) for key in keys]

# Step 2: softmax. e to each score, then divide by their total.
powers = [math.exp(score) for score in scores]
total = sum(powers)
weights = [power / total for power in powers]

# Step 3: add up the values, each one scaled by its weight.
output = [0.0] * len(values[0])
for weight, value in zip(weights, values):
    for i, entry in enumerate(value):
        output[i] += weight * entry

print("token  score    e^s  weight")
for token, s, p, w in zip(tokens, scores, powers, weights):
    print(f"{token:<5}  {s:>5g}  {p:>5.2f}  {w:.3f}")
print(f"{'total':<5}  {'':>5}  {total:>5.2f}  {sum(weights):.3f}")
shown = ", ".join(f"{x:.2f}" for x in output)
print(f"output for late: ({shown})")

# Try it: set query = [0, 1] and run it again.
# Which token gets the largest weight now?
