"""The model end to end and sampling: parity with plain loops, properties over random inputs, the example's numbers."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from attention_core import (
    ExampleInputError,
    cross_entropy,
    cross_entropy_gradient,
    draw_index,
    embed,
    initialise_stack,
    run_model,
    sample_next,
    softmax_with_temperature,
    tied_logits,
    top_k_filter,
    top_p_filter,
)
from attention_core.examples.whole_model import WHOLE_MODEL

FAST = settings(max_examples=60, deadline=None)
logit_rows = hnp.arrays(np.float64, st.integers(2, 8), elements=st.floats(-20, 20, allow_nan=False))


def loop_softmax(row: list[float], temperature: float = 1.0) -> list[float]:
    """Softmax of z / T with plain Python loops."""
    top = max(row)
    powers = [math.exp((z - top) / temperature) for z in row]
    return [p / sum(powers) for p in powers]


def loop_layer_norm(row: list[float], eps: float = 1e-5) -> list[float]:
    """One row normalised to mean 0 and variance 1, by loops."""
    mean = sum(row) / len(row)
    variance = sum((x - mean) ** 2 for x in row) / len(row)
    return [(x - mean) / math.sqrt(variance + eps) for x in row]


def loop_matmul(A: list[list[float]], B: list[list[float]]) -> list[list[float]]:
    """A B with three loops."""
    return [[sum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))] for i in range(len(A))]


def loop_head(X: list[list[float]], W_q, W_k, W_v) -> list[list[float]]:
    """One causal head by loops: project, score over earlier tokens, softmax, mix."""
    Q, K, V = (loop_matmul(X, np.asarray(W).tolist()) for W in (W_q, W_k, W_v))
    d_k, out = len(Q[0]), []
    for i in range(len(X)):
        scores = [sum(a * b for a, b in zip(Q[i], K[j], strict=True)) / math.sqrt(d_k) for j in range(i + 1)]
        weights = loop_softmax(scores)
        out.append([sum(weights[j] * V[j][c] for j in range(i + 1)) for c in range(len(V[0]))])
    return out


def loop_layer(X: list[list[float]], p) -> list[list[float]]:
    """A post-norm layer by loops: heads, W_O, residual, norm, ReLU network, residual, norm."""
    heads = [loop_head(X, *w) for w in zip(p.W_q, p.W_k, p.W_v, strict=True)]
    concat = [[x for head in heads for x in head[i]] for i in range(len(X))]
    U = loop_matmul(concat, p.W_o.tolist())
    R = [loop_layer_norm([a + b for a, b in zip(x, u, strict=True)]) for x, u in zip(X, U, strict=True)]
    hidden = [[max(0.0, h) for h in row] for row in loop_matmul(R, p.W_1.tolist())]
    F = loop_matmul(hidden, p.W_2.tolist())
    return [loop_layer_norm([a + b for a, b in zip(r, f, strict=True)]) for r, f in zip(R, F, strict=True)]


def loop_model(ids: list[int], E: np.ndarray, stack) -> list[list[float]]:
    """The whole forward pass by loops: lookup, x sqrt(d), sinusoids, the layers, then Y E^T."""
    d = E.shape[1]
    rows = [[E[t][c] * math.sqrt(d) + (math.sin if c % 2 == 0 else math.cos)(pos / 10000 ** ((c - c % 2) / d))
             for c in range(d)] for pos, t in enumerate(ids)]
    for p in stack:
        rows = loop_layer(rows, p)
    return loop_matmul(rows, E.T.tolist())


def test_the_forward_pass_matches_plain_loops() -> None:
    """Assert run_model's logits equal a forward pass written with loops, on random embeddings and two layers."""
    rng = np.random.default_rng(5)
    E = rng.normal(size=(7, 4))
    stack = initialise_stack(3, 2, 4, 2, 6)
    ids = [4, 0, 6, 2, 2]
    run = run_model(ids, E, stack)
    np.testing.assert_allclose(run.logits, loop_model(ids, E, stack), atol=1e-12)
    np.testing.assert_allclose(run.embedded, [[x * 2 for x in E[t]] for t in ids])
    assert run.logits.shape == (5, 7) and len(run.layers) == 2


def test_tied_logits_score_each_word_by_its_embedding_row() -> None:
    """Assert Y E^T holds the dot product of every row with every word's embedding row."""
    rng = np.random.default_rng(1)
    Y, E = rng.normal(size=(3, 4)), rng.normal(size=(5, 4))
    expected = [[sum(Y[i][c] * E[w][c] for c in range(4)) for w in range(5)] for i in range(3)]
    np.testing.assert_allclose(tied_logits(Y, E), expected, atol=1e-12)


@FAST
@given(logit_rows, st.floats(0.05, 20))
def test_temperature_softmax_matches_loops_and_sums_to_one(z: np.ndarray, temperature: float) -> None:
    """Assert softmax(z / T) equals the loop version and adds up to 1."""
    p = softmax_with_temperature(z, temperature)
    np.testing.assert_allclose(p, loop_softmax(z.tolist(), temperature), atol=1e-12)
    assert math.isclose(p.sum(), 1.0)


@FAST
@given(logit_rows, st.floats(0.05, 5), st.floats(1.01, 4))
def test_a_higher_temperature_never_raises_the_largest_probability(z: np.ndarray, t: float, factor: float) -> None:
    """Assert the largest probability at T is at least the largest at a higher T (flatter with heat)."""
    assert softmax_with_temperature(z, t).max() >= softmax_with_temperature(z, t * factor).max() - 1e-12


@FAST
@given(logit_rows, st.integers(0, 7))
def test_the_cross_entropy_gradient_is_p_minus_y(z: np.ndarray, target: int) -> None:
    """Assert -log p_target matches the loop value, and p - y matches central differences and adds up to 0."""
    target %= z.size
    assert math.isclose(cross_entropy(z, target), -math.log(loop_softmax(z.tolist())[target]), abs_tol=1e-9)
    gradient = cross_entropy_gradient(z, target)
    h, numeric = 1e-6, []
    for i in range(z.size):
        step = np.eye(z.size)[i] * h
        numeric.append((cross_entropy(z + step, target) - cross_entropy(z - step, target)) / (2 * h))
    np.testing.assert_allclose(gradient, numeric, atol=1e-6)
    assert abs(gradient.sum()) < 1e-12 and all(g >= 0 for i, g in enumerate(gradient) if i != target)


probabilities = logit_rows.map(lambda z: softmax_with_temperature(z, 1.0))


@FAST
@given(probabilities, st.integers(1, 8))
def test_top_k_keeps_the_k_most_probable_renormalised(p: np.ndarray, k: int) -> None:
    """Assert top-k keeps k words (all at least as probable as any dropped), adds up to 1, keeps their ratios."""
    k = min(k, p.size)
    kept = top_k_filter(p, k)
    chosen = np.flatnonzero(kept)
    assert chosen.size == k and math.isclose(kept.sum(), 1.0)
    dropped = np.setdiff1d(np.arange(p.size), chosen)
    assert dropped.size == 0 or p[chosen].min() >= p[dropped].max()
    np.testing.assert_allclose(kept[chosen], p[chosen] / p[chosen].sum())


@FAST
@given(probabilities, st.floats(0.01, 1.0))
def test_top_p_keeps_the_fewest_words_that_reach_p(p: np.ndarray, top_p: float) -> None:
    """Assert the kept words reach p in total, and without the least probable of them they would not."""
    kept = top_p_filter(p, top_p)
    chosen = np.flatnonzero(kept)
    total = p[chosen].sum()
    assert total >= top_p - 1e-9 and math.isclose(kept.sum(), 1.0)
    assert chosen.size == 1 or total - p[chosen].min() < top_p + 1e-9


@FAST
@given(probabilities, st.floats(0, 1, exclude_max=True))
def test_a_draw_takes_the_first_running_total_above_u(p: np.ndarray, u: float) -> None:
    """Assert draw_index equals a loop over running totals, and never picks a word of probability 0."""
    total, expected = 0.0, None
    for i, x in enumerate(p):
        total += x
        if total > u:
            expected = i
            break
    index = draw_index(p, u)
    assert index == (expected if expected is not None else int(np.flatnonzero(p)[-1]))
    assert draw_index(top_k_filter(p, 1), u) == int(np.argmax(p))


def test_a_draw_picks_words_with_their_probabilities() -> None:
    """Assert 4,000 evenly spaced draws land on each word in proportion to its probability."""
    p = np.array([0.5, 0.25, 0.125, 0.125])
    counts = np.bincount([draw_index(p, (i + 0.5) / 4000) for i in range(4000)], minlength=4)
    assert counts.tolist() == [2000, 1000, 500, 500]


def test_the_example_s_numbers() -> None:
    """Assert the page's numbers: sqrt(4) = 2 on the embeddings, p_stops 0.687 at T = 1, u 0.179, the four picks
    stops, rolls, away, stops, and the loss 2.786 for the target rolls."""
    ex = WHOLE_MODEL
    vocabulary = ex.vocabulary
    np.testing.assert_allclose(ex.run.embedded[1], [0, 2, 0, 1])
    s = ex.sampling
    assert round(float(s.probabilities[vocabulary.index("stops")]), 3) == 0.687 and round(s.u, 3) == 0.179
    assert [vocabulary[i] for i in (s.greedy, s.drawn, s.drawn_top_k, s.drawn_top_p)] == [
        "stops", "rolls", "away", "stops"]
    assert np.count_nonzero(s.top_k) == 3 and np.count_nonzero(s.top_p) == 2
    assert round(ex.loss, 3) == 2.786 and round(float(ex.loss_gradient[3]), 3) == -0.938


def test_the_same_seed_gives_the_same_draw() -> None:
    """Assert sample_next draws one u per seed: the same seed twice, the same u; another seed, another u."""
    z = np.array([1.0, 0.0, -1.0])
    assert sample_next(z, 1, 2, 0.9, 7).u == sample_next(z, 1, 2, 0.9, 7).u != sample_next(z, 1, 2, 0.9, 8).u


@pytest.mark.parametrize(("call", "message"), [
    (lambda: embed([0, 6], np.eye(6, 4)), "token id 6 is not in the vocabulary of 6 tokens; accepted: 0 to 5"),
    (lambda: softmax_with_temperature([1.0, 2.0], 0), "the temperature must be a finite real number > 0"),
    (lambda: top_k_filter(np.array([0.5, 0.5]), 3), "top-k needs k from 1 to the vocabulary's 2 tokens, got k=3"),
    (lambda: top_p_filter(np.array([0.5, 0.5]), 1.5), "top_p must be above 0 and at most 1, got 1.5"),
    (lambda: draw_index(np.array([0.5, 0.5]), 1.0), "u must be at least 0 and below 1, got 1.0"),
    (lambda: top_k_filter(np.array([0.5, 0.6]), 1), "must be at least 0 and add up to 1, got a total of 1.1"),
    (lambda: cross_entropy(np.zeros(3), 3), "target 3 is not a token index; accepted: 0 to 2"),
    (lambda: initialise_stack(1, 1, 4, 3, 8), "3 heads cannot split d_model=4 evenly"),
])
def test_bad_input_is_refused_with_a_message_naming_it(call, message: str) -> None:
    """Assert each bad input raises ValueError quoting the value and saying what is accepted."""
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)").replace("+", r"\+")):
        call()


@pytest.mark.parametrize(("field", "value", "message"), [
    ("temperatures_text", ("1", "1/2", "2"), r"1, 1/2, 2 do not rise; accepted: temperatures, from low to high: "
     r"numbers above 0, each larger than the one before"),
    ("top_p_text", "3/2", "“3/2” is above 1; accepted: p of top-p sampling: a number above 0 and at most 1"),
    ("target", "runs", "'runs' is not in the vocabulary"),
    ("h", 3, "3 does not divide 4; accepted: heads per layer: a whole number from 1 to 4 that divides 4"),
    ("top_k", 7, "7 is out of range; accepted: k of top-k sampling"),
])
def test_the_example_refuses_inputs_that_cannot_go_together(field: str, value: object, message: str) -> None:
    """Assert an impossible input of the example is named by its field when the example is made."""
    with pytest.raises(ExampleInputError, match=f"WholeModel.{field}: {message}"):
        dataclasses.replace(WHOLE_MODEL, **{field: value})
