"""The core's limits: each refusal names the limit and the bad value; finite input within limits gives finite output.

Issue "Safe to build a stranger's pull request": sizes that would allocate past a stated limit, float64
overflow from finite input, non-real dtypes, NaN and inf, and entries that parse to inf or are absurdly long
all raise ValueError, and no message quotes more than about 60 characters of what it was given.
"""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from attention_core import (
    KVCache,
    LayerParameters,
    add_positions,
    apply_mask,
    attention_cost,
    attention_shapes,
    causal_mask,
    check_permutation,
    cost_table,
    decode_with_cache,
    decoded_outputs,
    feed_forward,
    initialise_heads,
    layer_norm,
    layer_norm_statistics,
    learned_position_table,
    logits,
    multi_head_attention,
    padding_mask,
    parse_entry,
    parse_matrix,
    permute_rows,
    project,
    relative_position_attention,
    relative_position_indices,
    scaled_dot_product_attention,
    scaled_normal,
    score_counts,
    score_spread,
    sinusoidal_positions,
    softmax,
    softmax_steps,
    tiled_attention,
    to_fraction,
    transformer_layer,
)
from attention_core._checks import MAX_ENTRY_LENGTH, MAX_HEADS, MAX_QUOTED, MAX_TOKENS, MAX_WIDTH

FAST = settings(max_examples=60, deadline=None)
OVERFLOW = "overflows float64"
any_finite = st.floats(allow_nan=False, allow_infinity=False)  # the whole float64 range, huge values included
moderate = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
ONE = np.ones((1, 1))


def limit(name: str) -> str:
    """A regex for "... above the core's limit NAME = N"."""
    return rf"is above the core's limit {name} = "


def finite(*arrays: np.ndarray) -> bool:
    """True if every entry of every array is finite."""
    return all(np.isfinite(a).all() for a in arrays)


# Sizes that would allocate past a limit -----------------------------------------------------------------------


def test_causal_mask_past_max_tokens() -> None:
    """Assert causal_mask(10**5) is refused before allocating 10**10 booleans."""
    with pytest.raises(ValueError, match=r"n \(the number of tokens\) = 100,000 " + limit("MAX_TOKENS")):
        causal_mask(10**5)


def test_padding_mask_past_max_tokens() -> None:
    """Assert a padding mask over more than MAX_TOKENS positions is refused."""
    with pytest.raises(ValueError, match=limit("MAX_TOKENS")):
        padding_mask(np.ones(MAX_TOKENS + 1, dtype=bool))


def test_score_counts_past_max_counted_tokens() -> None:
    """Assert score_counts(10**12) is refused before building tuples of 10**12 counts."""
    with pytest.raises(ValueError, match=r"n = 1,000,000,000,000 " + limit("MAX_COUNTED_TOKENS")):
        score_counts(10**12)


def test_attention_cost_past_max_counted_tokens() -> None:
    """Assert attention_cost refuses n past MAX_COUNTED_TOKENS and a width past MAX_WIDTH."""
    with pytest.raises(ValueError, match=limit("MAX_COUNTED_TOKENS")):
        attention_cost(10**7)
    with pytest.raises(ValueError, match=r"d_k = 100,000 " + limit("MAX_WIDTH")):
        attention_cost(4, d_k=100_000)


def test_cost_table_of_an_endless_iterable() -> None:
    """Assert cost_table stops reading an endless iterable at MAX_TABLE_ROWS rows, and refuses text."""
    with pytest.raises(ValueError, match=limit("MAX_TABLE_ROWS")):
        cost_table(itertools.count(1))
    with pytest.raises(ValueError, match="cost_table needs a sequence of whole numbers, got '128'"):
        cost_table("128")


def test_attention_past_max_tokens() -> None:
    """Assert attention on more than MAX_TOKENS queries is refused before the n x m scores exist."""
    with pytest.raises(ValueError, match="the number of rows of Q = 8,193 " + limit("MAX_TOKENS")):
        scaled_dot_product_attention(np.ones((MAX_TOKENS + 1, 1)), ONE, ONE)


def test_project_past_max_width() -> None:
    """Assert a weight matrix wider than MAX_WIDTH is refused."""
    with pytest.raises(ValueError, match="the number of columns of W_q = 8,193 " + limit("MAX_WIDTH")):
        project(ONE, np.ones((1, MAX_WIDTH + 1)), ONE, ONE)


def test_attention_shapes_past_max_tokens() -> None:
    """Assert attention_shapes refuses an n past MAX_TOKENS, so a page cannot ask for an impossible table."""
    with pytest.raises(ValueError, match=limit("MAX_TOKENS")):
        attention_shapes(10**5, 2, 2)


def test_multi_head_past_max_heads() -> None:
    """Assert more than MAX_HEADS heads are refused."""
    heads = [ONE] * (MAX_HEADS + 1)
    with pytest.raises(ValueError, match="the number of heads h = 129 " + limit("MAX_HEADS")):
        multi_head_attention(ONE, heads, heads, heads, np.ones((MAX_HEADS + 1, 1)))


def test_multi_head_scores_past_max_entries() -> None:
    """Assert two heads on MAX_TOKENS tokens (2 x n x n scores) are refused before any head runs."""
    heads = [ONE, ONE]
    with pytest.raises(ValueError, match=r"the scores of all h=2 heads \(h x n x n\) = 134,217,728 "
                       + limit("MAX_ENTRIES")):
        multi_head_attention(np.ones((MAX_TOKENS, 1)), heads, heads, heads, np.ones((2, 1)))


def test_relative_positions_past_max_entries() -> None:
    """Assert relative-position attention refuses n x n x (d_k + d_v) gathered tables past MAX_ENTRIES."""
    W = np.ones((1, 64))
    with pytest.raises(ValueError, match=r"the entries of the gathered tables .* = 1,152,000,000 "
                       + limit("MAX_ENTRIES")):
        relative_position_attention(np.ones((3000, 1)), W, W, W, np.ones((3, 64)), np.ones((3, 64)), clip=1)


def test_decode_with_cache_past_max_entries() -> None:
    """Assert decoding MAX_TOKENS rows is refused: every step keeps its own cache, n(n+1)/2 rows in all."""
    with pytest.raises(ValueError, match=r"the cached entries kept by all steps .* " + limit("MAX_ENTRIES")):
        decode_with_cache(np.ones((MAX_TOKENS, 1)), ONE, ONE, np.ones((1, 2)))


def test_kv_cache_past_max_tokens() -> None:
    """Assert a cache already holding MAX_TOKENS rows takes no more."""
    full = KVCache(np.zeros((MAX_TOKENS, 1)), np.zeros((MAX_TOKENS, 1)))
    with pytest.raises(ValueError, match="the number of cached tokens = 8,193 " + limit("MAX_TOKENS")):
        full.append([1.0], [1.0])


def test_tiled_trace_past_max_entries() -> None:
    """Assert a trace of one-key blocks over MAX_TOKENS keys is refused; trace=False is how large runs go."""
    Q = np.ones((MAX_TOKENS, 1))
    with pytest.raises(ValueError, match=r"the entries the trace keeps .* " + limit("MAX_ENTRIES")):
        tiled_attention(Q, Q, Q, block=1)


def test_score_spread_past_max_entries() -> None:
    """Assert score_spread refuses samples x d_k past MAX_ENTRIES."""
    with pytest.raises(ValueError, match=r"samples x d_k.* = 819,200,000 " + limit("MAX_ENTRIES")):
        score_spread(np.random.default_rng(0), 8192, samples=100_000)


def test_position_tables_past_their_limits() -> None:
    """Assert sinusoidal and learned tables and relative indices refuse n past MAX_TOKENS, d_model past MAX_WIDTH."""
    with pytest.raises(ValueError, match=r"n = 100,000 " + limit("MAX_TOKENS")):
        sinusoidal_positions(10**5, 4)
    with pytest.raises(ValueError, match=r"d_model = 100,000 " + limit("MAX_WIDTH")):
        sinusoidal_positions(4, 10**5)
    with pytest.raises(ValueError, match=r"n_max = 100,000 " + limit("MAX_TOKENS")):
        learned_position_table(np.random.default_rng(0), 10**5, 4)
    with pytest.raises(ValueError, match=r"n = 100,000 " + limit("MAX_TOKENS")):
        relative_position_indices(10**5, 2)


def test_initialisation_past_its_limits() -> None:
    """Assert initialise_heads and scaled_normal refuse too many heads, too wide matrices and a negative seed."""
    with pytest.raises(ValueError, match=r"h = 1,000 " + limit("MAX_HEADS")):
        initialise_heads(h=1000)
    with pytest.raises(ValueError, match=r"d_model = 100,000 " + limit("MAX_WIDTH")):
        initialise_heads(d_model=10**5)
    with pytest.raises(ValueError, match=r"seed must be a whole number >= 0, got -1"):
        initialise_heads(seed=-1)
    with pytest.raises(ValueError, match=r"rows x cols \(100,000 x 100,000\) = 10,000,000,000 " + limit("MAX_ENTRIES")):
        scaled_normal(np.random.default_rng(0), 10**5, 10**5)


def test_random_draws_need_a_generator() -> None:
    """Assert score_spread and scaled_normal refuse a seed where a Generator is needed, saying how to make one."""
    with pytest.raises(ValueError, match=r"rng must be a NumPy Generator \(np.random.default_rng\(seed\)\), got 9"):
        score_spread(9, 4)
    with pytest.raises(ValueError, match="rng must be a NumPy Generator"):
        scaled_normal(9, 2, 2)


def test_logits_past_max_width() -> None:
    """Assert a vocabulary wider than MAX_WIDTH is refused."""
    with pytest.raises(ValueError, match="the number of columns of W_vocab = 8,193 " + limit("MAX_WIDTH")):
        logits(ONE, np.ones((1, MAX_WIDTH + 1)))


def test_a_huge_count_is_quoted_by_its_length() -> None:
    """Assert a 5000-digit n is refused with its length, not its digits (repr of it would itself fail)."""
    with pytest.raises(ValueError, match=r"an integer of about 5001 digits " + limit("MAX_TOKENS")):
        causal_mask(10**5000)


# Float64 overflow from finite input ---------------------------------------------------------------------------


def test_layer_norm_variance_overflow() -> None:
    """Assert layer_norm([[1e300, -1e300, 0, 0]]) is refused (its variance overflows) instead of giving zeros."""
    for function in (layer_norm, layer_norm_statistics):
        with pytest.raises(ValueError, match=r"the mean or the variance of a row of x .* overflows float64 "
                           r"\(largest finite value 1.798e\+308\); the largest input magnitude is 1e\+300"):
            function([[1e300, -1e300, 0, 0]])


def test_layer_norm_output_overflow() -> None:
    """Assert a gain that pushes the normalised row past float64 is refused."""
    with pytest.raises(ValueError, match=r"layer_norm's output .* " + OVERFLOW):
        layer_norm([[1.0, -1.0]], gain=[1e308, 1e308], bias=[1e308, 1e308])


def test_layer_norm_eps_must_be_positive_and_finite() -> None:
    """Assert eps of 0, -1 or NaN is refused (a constant row would divide 0 by 0)."""
    for eps in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match=r"eps must be a finite real number > 0.0, got"):
            layer_norm([[1.0, 1.0]], eps=eps)


def test_attention_score_overflow() -> None:
    """Assert Q K^T past float64 is refused, and so is a scale that pushes finite scores past it."""
    with pytest.raises(ValueError, match=r"the scores S = scale \* Q K\^T overflows float64 .* 1e\+200"):
        scaled_dot_product_attention([[1e200]], [[1e200]], ONE)
    with pytest.raises(ValueError, match=r"the scores S = scale \* Q K\^T " + OVERFLOW):
        scaled_dot_product_attention([[1e200]], [[1e100]], ONE, scale=1e300)


def test_projection_overflow() -> None:
    """Assert X W past float64 is refused."""
    with pytest.raises(ValueError, match=r"Q, K, V = X W_q, X W_k, X W_v " + OVERFLOW):
        project([[1e200, 1e200]], [[1e200], [1e200]], [[1.0], [1.0]], [[1.0], [1.0]])


def test_tiled_running_output_overflow() -> None:
    """Assert tiled attention refuses a running sum past float64, where naive attention's average stays finite."""
    V = [[1.7e308], [1.7e308]]
    assert np.isfinite(scaled_dot_product_attention([[0.0]], [[0.0], [0.0]], V).output).all()
    with pytest.raises(ValueError, match=r"the running output .* " + OVERFLOW):
        tiled_attention([[0.0]], [[0.0], [0.0]], V, block=1)


def test_feed_forward_overflow() -> None:
    """Assert x W_1 + b_1 past float64 is refused."""
    with pytest.raises(ValueError, match=r"the feed-forward network's x W_1 \+ b_1 " + OVERFLOW):
        feed_forward([[1e300]], [[1e300]], [0.0], ONE, [0.0])


def test_logits_overflow() -> None:
    """Assert Y W_vocab past float64 is refused."""
    with pytest.raises(ValueError, match=r"the logits Y W_vocab " + OVERFLOW):
        logits([[1e300]], [[1e300]])


def test_multi_head_residual_overflow() -> None:
    """Assert X + U past float64 is refused (one head whose output is X itself, W_O = 1)."""
    with pytest.raises(ValueError, match=r"U = concat W_O, or the residual X \+ U " + OVERFLOW):
        multi_head_attention([[1e308]], [[[0.0]]], [[[0.0]]], [ONE], ONE)


def test_transformer_layer_overflow() -> None:
    """Assert a pre-norm layer whose feed-forward network goes past float64 is refused."""
    zeros = np.zeros((2, 1))
    params = LayerParameters(W_q=(zeros,), W_k=(zeros,), W_v=(zeros,), W_o=np.ones((1, 2)),
                             W_1=[[1e300, 0.0], [0.0, 0.0]], b_1=[0.0, 0.0], W_2=[[1e9, 1e9], [0.0, 0.0]],
                             b_2=[0.0, 0.0])
    with pytest.raises(ValueError, match=r"the feed-forward network's output hidden W_2 \+ b_2 " + OVERFLOW):
        transformer_layer([[1.0, -1.0]], params, norm="pre")


def test_add_positions_overflow() -> None:
    """Assert E + P past float64 is refused."""
    with pytest.raises(ValueError, match=r"E \+ P " + OVERFLOW):
        add_positions([[1.7e308]], [[1.7e308]])


def test_relative_position_overflow() -> None:
    """Assert scores with relative keys past float64 are refused, though einsum sets no overflow flag."""
    with pytest.raises(ValueError, match=r"the scores e = scale \* Q \(K \+ a\^K\)\^T " + OVERFLOW):
        relative_position_attention([[1.0]], [[1e200]], [[1.0]], ONE, [[1e200], [1e200], [1e200]], np.ones((3, 1)),
                                    clip=1, scale=1.0)


def test_softmax_steps_overflow() -> None:
    """Assert e^1000 by hand is refused with the float64 limit, and softmax itself handles it."""
    with pytest.raises(ValueError, match=r"e\^score .* overflows float64 .* 1000"):
        softmax_steps(np.array([1000.0, 0.0]))
    assert softmax(np.array([1000.0, 0.0])).tolist() == [1.0, 0.0]


def test_permutation_difference_overflow() -> None:
    """Assert check_permutation refuses a difference past float64 instead of reporting inf."""
    def f(X: np.ndarray) -> np.ndarray:
        return np.array([[1.7e308], [-1.7e308]])  # ignores the order, so reordering differs by 3.4e308

    with pytest.raises(ValueError, match=r"the difference f\(permuted X\) - permuted f\(X\) " + OVERFLOW):
        check_permutation(f, np.eye(2), [1, 0])


# Dtypes, NaN and inf -------------------------------------------------------------------------------------------


def test_complex_input_is_never_made_real() -> None:
    """Assert complex scores or matrices are refused, naming the dtype."""
    with pytest.raises(ValueError, match=r"the scores must hold real numbers .* complex128 \(complex values are "
                       r"never made real silently\)"):
        softmax(np.array([1 + 2j, 0]))
    with pytest.raises(ValueError, match=r"Q must hold real numbers .* complex128"):
        scaled_dot_product_attention(np.ones((1, 1), dtype=complex), ONE, ONE)


def test_bool_object_string_and_date_dtypes_are_refused() -> None:
    """Assert booleans, Python objects, strings and dates are not taken for numbers."""
    for bad, dtype in [([[True]], "bool"), (np.array([[1]], dtype=object), "object"), ([["1"]], "<U1"),
                       (np.array([["2026-12-01"]], dtype="datetime64[D]"), r"datetime64\[D\]")]:
        with pytest.raises(ValueError, match=rf"X must hold real numbers \(integers or floats\), got dtype {dtype}"):
            project(bad, ONE, ONE, ONE)


def test_ints_beyond_int64_are_refused() -> None:
    """Assert a Python int too big for any NumPy integer (object dtype) is refused, not overflowed."""
    with pytest.raises(ValueError, match=r"must hold real numbers .* got dtype object"):
        layer_norm([[10**400, 1]])


def test_long_doubles_beyond_float64_are_refused() -> None:
    """Assert a long double too large for float64 is refused instead of becoming inf (or -inf, read as masked)."""
    huge = np.array([[np.longdouble("-1e4000"), 0]], dtype=np.longdouble)
    if np.isinf(huge).any():
        pytest.skip("this platform's long double is float64, which cannot hold 1e4000")
    with pytest.raises(ValueError, match=r"the scores, converted to float64, " + OVERFLOW):
        softmax(huge)


def test_ragged_rows_are_refused() -> None:
    """Assert rows of different lengths are refused with a message naming the array."""
    with pytest.raises(ValueError, match="X is not a rectangular array of numbers"):
        project([[1.0, 2.0], [3.0]], ONE, ONE, ONE)


def test_inf_in_inputs_is_refused() -> None:
    """Assert inf in an input matrix is refused with its row and column."""
    with pytest.raises(ValueError, match=r"K has a non-finite entry \(inf\) in row 0, column 0"):
        scaled_dot_product_attention(ONE, [[np.inf]], ONE)


def test_nan_in_scores_given_to_apply_mask() -> None:
    """Assert apply_mask refuses NaN or +inf scores instead of passing them on."""
    with pytest.raises(ValueError, match=r"the scores S contain NaN or \+inf"):
        apply_mask([[np.nan]], np.array([[True]]))


def test_nan_in_a_cache_row_is_refused() -> None:
    """Assert a NaN key row is not cached."""
    with pytest.raises(ValueError, match="the key row k and the value row v must be finite"):
        KVCache.empty(1, 1).append([np.nan], [1.0])


def test_nan_gain_is_refused_with_its_index() -> None:
    """Assert a NaN in layer_norm's gain is refused, naming where."""
    with pytest.raises(ValueError, match=r"gain has a non-finite entry \(nan\) at index 1"):
        layer_norm([[1.0, 2.0]], gain=[1.0, np.nan])


def test_permutation_must_be_integers() -> None:
    """Assert a boolean order (which would select rows) and a float order (which cannot index) are refused."""
    for order in ([True, False], [1.0, 0.0]):
        with pytest.raises(ValueError, match=r"order must be a permutation of 0..1, got .* \(integers only\)"):
            permute_rows(np.eye(2), order)


def test_check_permutation_arguments() -> None:
    """Assert a non-function f and a NaN tolerance are refused."""
    with pytest.raises(ValueError, match="f must be a function of X, got 'f'"):
        check_permutation("f", np.eye(2), [1, 0])
    with pytest.raises(ValueError, match=r"tolerance must be a finite real number >= 0.0, got nan"):
        check_permutation(lambda X: X, np.eye(2), [1, 0], tolerance=float("nan"))


def test_decoded_outputs_of_nothing() -> None:
    """Assert decoded_outputs of no steps says what it needs instead of NumPy's 'need at least one array'."""
    with pytest.raises(ValueError, match="decoded_outputs needs the steps that decode_with_cache returns"):
        decoded_outputs(())


def test_transformer_layer_norm_is_quoted_short() -> None:
    """Assert a long wrong norm is quoted to at most MAX_QUOTED characters."""
    params = LayerParameters((ONE,), (ONE,), (ONE,), ONE, ONE, [0.0], ONE, [0.0])
    with pytest.raises(ValueError, match=r"norm must be one of \('post', 'pre'\), got 'xxx") as error:
        transformer_layer(ONE, params, norm="x" * 5000)
    assert len(str(error.value)) < 120


# Authored entries ---------------------------------------------------------------------------------------------


def test_parse_entry_of_5000_nines() -> None:
    """Assert '9' * 5000 is refused by length (it would parse to inf), quoting at most MAX_QUOTED characters."""
    message = r"has 5,000 characters, above the core's limit MAX_ENTRY_LENGTH = 40"
    with pytest.raises(ValueError, match=message) as error:
        parse_entry("9" * 5000)
    quoted = re.search(r"entry (\S+) has", str(error.value))
    assert quoted is not None and len(quoted.group(1)) <= MAX_QUOTED


def test_parse_entry_at_the_length_limit_is_finite() -> None:
    """Assert the longest accepted entries (MAX_ENTRY_LENGTH digits) still parse to finite numbers."""
    assert parse_entry("9" * MAX_ENTRY_LENGTH) == pytest.approx(10.0**MAX_ENTRY_LENGTH)
    assert parse_entry("1/" + "9" * (MAX_ENTRY_LENGTH - 2)) > 0


def test_parse_entry_quotes_a_long_wrong_entry_short() -> None:
    """Assert a long entry of the wrong kind is refused by length, never quoted whole."""
    with pytest.raises(ValueError, match="MAX_ENTRY_LENGTH") as error:
        parse_entry("x" * 10_000)
    assert len(str(error.value)) < 200


def test_parse_matrix_past_max_tokens_and_bad_rows() -> None:
    """Assert a matrix of more than MAX_TOKENS rows, or of rows that are not lists, is refused."""
    with pytest.raises(ValueError, match="the number of rows of the matrix = 8,193 " + limit("MAX_TOKENS")):
        parse_matrix([["1"]] * (MAX_TOKENS + 1))
    with pytest.raises(ValueError, match="row 0 of the matrix must be a list of entries, got 5"):
        parse_matrix([5])


def test_to_fraction_limits() -> None:
    """Assert to_fraction refuses a complex value, a huge int, and a denominator past MAX_DENOMINATOR."""
    with pytest.raises(ValueError, match=r"to_fraction needs a real number, got \(1\+2j\)"):
        to_fraction(1 + 2j)
    with pytest.raises(ValueError, match=r"to_fraction needs a value within float64 .* an integer of about 401 digits"):
        to_fraction(10**400)
    with pytest.raises(ValueError, match=r"max_denominator = 10,000,000 " + limit("MAX_DENOMINATOR")):
        to_fraction(0.5, max_denominator=10**7)
    assert to_fraction(float("inf")) is None


# Properties: finite input within limits gives finite output, or a ValueError that says float64 overflowed ------


@st.composite
def qkv(draw, elements=any_finite):
    """Draw Q (n, d_k), K (m, d_k), V (m, d_v) with entries anywhere in float64."""
    n, m, d_k, d_v = (draw(st.integers(1, 4)) for _ in range(4))
    return tuple(draw(hnp.arrays(np.float64, shape, elements=elements)) for shape in [(n, d_k), (m, d_k), (m, d_v)])


@FAST
@given(hnp.arrays(np.float64, st.tuples(st.integers(1, 4), st.integers(1, 6)), elements=any_finite))
def test_softmax_of_any_finite_scores_is_finite(x) -> None:
    """Assert softmax of any finite scores, however large, is finite and sums to 1 (no error, no warning)."""
    weights = softmax(x)
    assert finite(weights)
    np.testing.assert_allclose(weights.sum(axis=-1), 1.0, rtol=0, atol=1e-12)


@FAST
@given(qkv(), st.booleans())
def test_attention_of_any_finite_input_is_finite_or_refused(inputs, tiled) -> None:
    """Assert attention (naive or tiled) of finite input is finite everywhere, or refused as an overflow."""
    Q, K, V = inputs
    try:
        if tiled:
            result = tiled_attention(Q, K, V, block=2)
            arrays = (result.output, *(step.running_output for step in result.trace))
        else:
            result = scaled_dot_product_attention(Q, K, V)
            arrays = (result.scores, result.scaled, result.weights, result.output)
    except ValueError as error:
        assert OVERFLOW in str(error)
        return
    assert finite(*arrays)


@FAST
@given(qkv(elements=moderate))
def test_attention_of_moderate_input_always_succeeds(inputs) -> None:
    """Assert entries up to 1e6 never come near float64's limit: attention is finite and agrees with tiling.

    The two orders of work agree to within what float64 can promise: a score of size |S| is known to about
    eps·|S|, so two scores close together (as at -1.2e11 and -1.2e11 - 0.06) give weights known to about that
    much, and the output, a blend of V, to that much of |V|."""
    Q, K, V = inputs
    result = scaled_dot_product_attention(Q, K, V)
    assert finite(result.output)
    resolution = 16 * np.finfo(np.float64).eps * max(1.0, np.abs(result.scaled).max()) * max(1.0, np.abs(V).max())
    np.testing.assert_allclose(tiled_attention(Q, K, V, block=1).output, result.output, rtol=1e-9,
                               atol=1e-9 + resolution)


@FAST
@given(hnp.arrays(np.float64, st.tuples(st.integers(1, 4), st.integers(1, 6)), elements=any_finite))
def test_layer_norm_of_any_finite_rows_is_finite_or_refused(x) -> None:
    """Assert layer_norm of finite rows is finite, or refused as an overflow; below 1e150 it always succeeds."""
    try:
        y = layer_norm(x)
    except ValueError as error:
        assert OVERFLOW in str(error)
        assert np.abs(x).max() > 1e150
        return
    assert finite(y)


@FAST
@given(st.integers(1, 3), st.integers(1, 3), st.data())
def test_transformer_layer_of_any_finite_input_is_finite_or_refused(n, d_model, data) -> None:
    """Assert a whole layer (both norms) on finite input and weights is finite, or refused as an overflow."""
    def matrix(shape):
        return data.draw(hnp.arrays(np.float64, shape, elements=st.one_of(moderate, any_finite)))
    params = LayerParameters(W_q=(matrix((d_model, 2)),), W_k=(matrix((d_model, 2)),), W_v=(matrix((d_model, 2)),),
                             W_o=matrix((2, d_model)), W_1=matrix((d_model, 3)), b_1=matrix((3,)),
                             W_2=matrix((3, d_model)), b_2=matrix((d_model,)))
    for norm in ("post", "pre"):
        try:
            result = transformer_layer(matrix((n, d_model)), params, mask=causal_mask(n), norm=norm)
        except ValueError as error:
            assert OVERFLOW in str(error)
            continue
        assert finite(result.U, result.R, result.F, result.Y)


@FAST
@given(qkv(), st.integers(0, 2))
def test_relative_attention_of_any_finite_input_is_finite_or_refused(inputs, clip) -> None:
    """Assert relative-position attention on finite input is finite, or refused as an overflow."""
    X, W, _ = inputs
    d_model = X.shape[1]
    W = np.resize(W, (d_model, 2))
    tables = np.resize(X, (2 * clip + 1, 2))
    try:
        result = relative_position_attention(X, W, W, W, tables, tables, clip=clip)
    except ValueError as error:
        assert OVERFLOW in str(error)
        return
    assert finite(result.scores, result.weights, result.output)


@FAST
@given(st.text(alphabet="0123456789./- lnsqrt", max_size=MAX_ENTRY_LENGTH + 5))
def test_any_short_text_parses_to_a_finite_number_or_is_refused(text) -> None:
    """Assert any text of the grammar's characters parses to a finite float or raises ValueError, nothing else."""
    try:
        value = parse_entry(text)
    except ValueError:
        return
    assert np.isfinite(value)
