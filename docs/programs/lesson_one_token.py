"""Attention for one token, by hand: the new vector of "late" in "the bus is late".

Plain Python, no libraries beyond math. Run it with: python lesson_one_token.py
"""

import math

tokens = ["bus", "is", "late"]
keys = [[2, 1], [0, 2], [1, 1]]  # what each token offers
values = [[10, 0], [0, 10], [5, 5]]  # what each token passes on
query = [1, 0]  # what late is looking for

# Step 1: score every key with a dot product (multiply matching entries, add them up).
scores = [sum(q * k for q, k in zip(query, key)) for key in keys]

# Step 2: softmax. Raise e to each score, then share out 1 in proportion to those powers.
powers = [math.exp(score) for score in scores]
total = sum(powers)
weights = [power / total for power in powers]

# Step 3: the output is every value, scaled by its weight, added together.
output = [0.0] * len(values[0])
for weight, value in zip(weights, values):
    for i, entry in enumerate(value):
        output[i] += weight * entry

print("token  score    e^s  weight")
for token, score, power, weight in zip(tokens, scores, powers, weights):
    print(f"{token:<5}  {score:>5}  {power:>5.2f}  {weight:.3f}")
print(f"{'total':<5}  {'':>5}  {total:>5.2f}  {sum(weights):.3f}")
print("output for late: (" + ", ".join(f"{x:.2f}" for x in output) + ")")

# Try it: set query = [0, 1] and run again. Which token gets the largest weight now?
