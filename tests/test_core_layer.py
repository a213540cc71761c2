"""Multi-head attention, the Transformer layer, logits and initialisation: parity with loops and the deck."""

from __future__ import annotations

import math

import numpy as np
import pytest

from attention_core import (
    LayerParameters,
    causal_mask,
    feed_forward,
    initialise_heads,
    layer_norm,
    logits,
    multi_head_attention,
    next_token,
    scaled_normal,
    transformer_layer,
)
from attention_core.examples.initialisation import INITIALISATION
from attention_core.examples.red_ball_layer import RED_BALL_LAYER


def loop_attention(X, W_q, W_k, W_v, mask):
    """One head with plain loops: project, score, softmax, mix."""
    n = len(X)

    def project(W):
        return [[sum(X[i][a] * W[a][c] for a in range(len(W))) for c in range(len(W[0]))] for i in range(n)]

    Q, K, V = project(W_q), project(W_k), project(W_v)
    out = []
    for i in range(n):
        scores = [sum(q * k for q, k in zip(Q[i], K[j], strict=True)) / math.sqrt(len(Q[i])) for j in range(n)]
        allowed = [j for j in range(n) if mask is None or mask[i][j]]
        top = max(scores[j] for j in allowed)
        powers = {j: math.exp(scores[j] - top) for j in allowed}
        total = sum(powers.values())
        out.append([sum(powers[j] / total * V[j][c] for j in allowed) for c in range(len(V[0]))])
    return out


def loop_layer_norm(row, eps=1e-5):
    """Normalise one row with loops."""
    mean = sum(row) / len(row)
    var = sum((x - mean) ** 2 for x in row) / len(row)
    return [(x - mean) / math.sqrt(var + eps) for x in row]


def random_parameters(rng, d_model, d_k, d_v, h, d_ff):
    """Random layer weights of the given sizes."""
    return LayerParameters(
        W_q=tuple(rng.normal(size=(d_model, d_k)) for _ in range(h)),
        W_k=tuple(rng.normal(size=(d_model, d_k)) for _ in range(h)),
        W_v=tuple(rng.normal(size=(d_model, d_v)) for _ in range(h)),
        W_o=rng.normal(size=(h * d_v, d_model)), W_1=rng.normal(size=(d_model, d_ff)),
        b_1=rng.normal(size=d_ff), W_2=rng.normal(size=(d_ff, d_model)), b_2=rng.normal(size=d_model),
    )


def test_multi_head_matches_plain_loops_on_random_shapes() -> None:
    """Assert each head, the concatenation, U and the residual equal a loop implementation."""
    rng = np.random.default_rng(3)
    for n, d_model, d_k, d_v, h in [(1, 2, 1, 1, 1), (3, 3, 1, 2, 2), (5, 4, 3, 2, 3)]:
        X = rng.normal(size=(n, d_model))
        p = random_parameters(rng, d_model, d_k, d_v, h, 4)
        for mask in (None, causal_mask(n)):
            result = multi_head_attention(X, p.W_q, p.W_k, p.W_v, p.W_o, mask=mask)
            heads = [loop_attention(X.tolist(), p.W_q[i].tolist(), p.W_k[i].tolist(), p.W_v[i].tolist(), mask)
                     for i in range(h)]
            concat = np.array([[x for head in heads for x in head[i]] for i in range(n)])
            np.testing.assert_allclose(result.concat, concat, rtol=0, atol=1e-12)
            np.testing.assert_allclose(result.U, concat @ p.W_o, rtol=0, atol=1e-12)
            np.testing.assert_allclose(result.residual, X + concat @ p.W_o, rtol=0, atol=1e-12)
            assert result.h == h


def test_layer_norm_matches_plain_loops() -> None:
    """Assert layer_norm equals a loop per row, and gain and bias scale and shift it."""
    rng = np.random.default_rng(4)
    for shape in [(1, 2), (3, 3), (6, 8)]:
        x = rng.normal(3, 2, size=shape)
        np.testing.assert_allclose(layer_norm(x), [loop_layer_norm(list(r)) for r in x], rtol=0, atol=1e-12)
        gain, bias = rng.normal(size=shape[1]), rng.normal(size=shape[1])
        np.testing.assert_allclose(layer_norm(x, gain, bias), layer_norm(x) * gain + bias, rtol=0, atol=1e-12)


def test_feed_forward_applies_relu_between_two_linear_maps() -> None:
    """Assert FFN(x) = max(0, x W_1 + b_1) W_2 + b_2 on a hand-checked row."""
    x = np.array([[1.0, -2.0]])
    W_1, b_1 = np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([0.0, 0.5])
    W_2, b_2 = np.array([[1.0, 1.0], [1.0, -1.0]]), np.array([0.0, 1.0])
    assert feed_forward(x, W_1, b_1, W_2, b_2).tolist() == [[1.0, 2.0]]


def test_post_norm_layer_follows_vaswani() -> None:
    """Assert R = LayerNorm(X + U), F = FFN(R), Y = LayerNorm(R + F) on random weights."""
    rng = np.random.default_rng(5)
    X, p = rng.normal(size=(4, 3)), random_parameters(rng, 3, 2, 2, 2, 5)
    result = transformer_layer(X, p, mask=causal_mask(4))
    U = multi_head_attention(X, p.W_q, p.W_k, p.W_v, p.W_o, mask=causal_mask(4)).U
    R = layer_norm(X + U)
    F = feed_forward(R, p.W_1, p.b_1, p.W_2, p.b_2)
    np.testing.assert_allclose(result.R, R, rtol=0, atol=1e-12)
    np.testing.assert_allclose(result.Y, layer_norm(R + F), rtol=0, atol=1e-12)
    assert result.norm == "post" and result.output is result.Y


def test_pre_norm_layer_normalises_before_each_sublayer() -> None:
    """Assert pre-norm gives R = X + MultiHead(LN(X)) and Y = R + FFN(LN(R))."""
    rng = np.random.default_rng(6)
    X, p = rng.normal(size=(3, 4)), random_parameters(rng, 4, 2, 2, 2, 3)
    result = transformer_layer(X, p, norm="pre")
    R = X + multi_head_attention(layer_norm(X), p.W_q, p.W_k, p.W_v, p.W_o).U
    np.testing.assert_allclose(result.R, R, rtol=0, atol=1e-12)
    np.testing.assert_allclose(result.Y, R + feed_forward(layer_norm(R), p.W_1, p.b_1, p.W_2, p.b_2), atol=1e-12)
    with pytest.raises(ValueError, match="norm must be one of"):
        transformer_layer(X, p, norm="sandwich")


def test_red_ball_layer_steps_and_next_token() -> None:
    """Assert the layer on red ball rolls: U is the multi-head output, rows of R and Y have mean 0, 'away' wins."""
    result = RED_BALL_LAYER.result
    assert result.U[2].tolist() == [-0.25, 1.25, 1.0]
    np.testing.assert_allclose(result.R.mean(axis=1), 0, atol=1e-12)
    np.testing.assert_allclose(result.Y.mean(axis=1), 0, atol=1e-12)
    assert RED_BALL_LAYER.logits.shape == (3, 5)
    assert RED_BALL_LAYER.next_token == RED_BALL_LAYER.vocabulary[int(np.argmax(RED_BALL_LAYER.logits[-1]))]
    assert RED_BALL_LAYER.next_token == "away"


def test_logits_and_next_token_read_the_newest_row() -> None:
    """Assert logits = Y W_vocab and next_token takes the argmax of the last row only."""
    Y = np.array([[5.0, 0.0], [0.0, 1.0]])
    W_vocab = np.eye(2)
    assert logits(Y, W_vocab).tolist() == [[5.0, 0.0], [0.0, 1.0]]
    assert next_token(logits(Y, W_vocab)) == 1
    with pytest.raises(ValueError, match="Y has d_model=2 but W_vocab has 3 rows"):
        logits(Y, np.ones((3, 2)))


def test_initialisation_repeats_the_decks_draws() -> None:
    """Assert seed 9 gives the draws of the deck's code: all W_q, then all W_k, all W_v, then W_o."""
    rng = np.random.default_rng(9)
    draw = lambda rows, cols: rng.normal(0.0, np.sqrt(2.0 / (rows + cols)), size=(rows, cols))  # noqa: E731
    expected = [draw(3, 1) for _ in range(2)] + [draw(3, 1) for _ in range(2)] + [draw(3, 2) for _ in range(2)]
    W_o = draw(4, 3)
    weights = INITIALISATION.weights
    for got, want in zip([*weights.W_q, *weights.W_k, *weights.W_v], expected, strict=True):
        assert got.tolist() == want.tolist()
    assert weights.W_o.tolist() == W_o.tolist()
    assert INITIALISATION.sd["W_o"] == pytest.approx(math.sqrt(2 / 7))


def test_scaled_normal_spread() -> None:
    """Assert scaled_normal's spread is close to sqrt(2/(rows+cols)) for a large matrix."""
    sample = scaled_normal(np.random.default_rng(0), 300, 500)
    assert sample.std() == pytest.approx(math.sqrt(2 / 800), rel=0.02)
    assert initialise_heads(seed=1, d_model=4, d_k=2, d_v=3, h=3).W_o.shape == (9, 4)


def test_multi_head_bad_input() -> None:
    """Assert mismatched head lists and a W_o of the wrong size raise ValueError naming the sizes."""
    X = np.eye(3)
    one = [np.ones((3, 1))]
    with pytest.raises(ValueError, match="W_q: 1, W_k: 2, W_v: 1"):
        multi_head_attention(X, one, one * 2, [np.ones((3, 2))], np.ones((2, 3)))
    with pytest.raises(ValueError, match="the concatenated heads have 2 columns but W_o has 4 rows"):
        multi_head_attention(X, one, one, [np.ones((3, 2))], np.ones((4, 3)))
    with pytest.raises(ValueError, match="W_o has 2 columns but X has d_model=3"):
        multi_head_attention(X, one, one, [np.ones((3, 2))], np.ones((2, 2)))
    with pytest.raises(ValueError, match="W_1 gives d_ff=2 but W_2 has 3 rows"):
        feed_forward(X, np.ones((3, 2)), np.zeros(2), np.ones((3, 3)), np.zeros(3))
    with pytest.raises(ValueError, match=r"x must be a 2-D array"):
        layer_norm(np.ones(3))
