"""Shape comments of program listings (`# (3, 3) x (3, 1) -> (3, 1)`) checked against the example's arrays (#31).

The build never runs a listing: it carries the shapes of the example's arrays through the program's assignments
and stops at each comment that gives another shape.
"""

from __future__ import annotations

import numpy as np
import pytest
from pages import dedented
from test_derived_places import read_page

from attention_site.directives import DirectiveError
from attention_site.directives.listing_shapes import check_shapes

PROGRAM = dedented("""
    import numpy as np

    queries = [[0, 1], [1, 1], [1, 0]]
    keys = [[2, 1], [0, 2], [1, 1]]
    Q, K = np.array(queries), np.array(keys)  # (3, 2) each
    S = Q @ K.T  # (3, 2) x (2, 3) -> (3, 3)
    M = np.where(S > 0, S, -np.inf)  # (3, 3)
    A = np.exp(M) / np.exp(M).sum(axis=1, keepdims=True)  # rows sum to 1 (3, 3)
    """)


def problems(inputs: dict[str, object]) -> list[str]:
    """The messages the shape check gives the small program above, one per stale comment."""
    try:
        check_shapes("docs/programs/p.py", PROGRAM, inputs)
    except DirectiveError as error:
        return error.message.split("; and ")
    return []


def test_shape_comments_that_match_the_example_pass() -> None:
    """Assert comments giving the shapes the example's arrays give pass."""
    assert problems({"queries": np.ones((3, 2)), "keys": np.ones((3, 2))}) == []


def test_a_wider_example_names_every_stale_comment_at_its_line() -> None:
    """Assert queries and keys four wide name the `each` line (both names), the matmul's operands, and nothing
    where the shape is unchanged ((3, 3) after the product)."""
    found = problems({"queries": np.ones((3, 4)), "keys": np.ones((3, 4))})
    assert found == [
        "docs/programs/p.py:5: the comment says Q is (3, 2), but the example's inputs give (3, 4); change the "
        "comment to match",
        "docs/programs/p.py:5: the comment says K is (3, 2), but the example's inputs give (3, 4); change the "
        "comment to match",
        "docs/programs/p.py:6: the comment multiplies (3, 2) x (2, 3), but the example's inputs give (3, 4) x (4, 3); "
        "change the comment",
    ]


def test_a_shape_comment_the_build_cannot_work_out_stops_it() -> None:
    """Assert a shape comment on a line whose shape cannot be read without running the program fails closed."""
    with pytest.raises(DirectiveError, match=r"p.py:1: the comment gives R a shape, but the build cannot work out"):
        check_shapes("docs/programs/p.py", "R = make()  # (3, 3)", {})


def test_a_changed_example_stops_the_build_at_the_listing_s_shape_lines() -> None:
    """Assert red ball rolls with d_k = 2 (W_Q and W_K two wide) stops the code chapter at the listing's comments
    of W_q, W_k, Q, K and S (beside the inputs that no longer match), not only at the inputs."""
    changes = {"W_q_text": [["0", "0"], ["0", "0"], ["1", "0"]], "W_k_text": [["0", "0"], ["ln 2", "0"], ["0", "0"]],
               "cross-padding:W_q_dec_text": [["1", "0"], ["2", "0"], ["0", "0"]]}  # its queries meet these keys
    error, _ = read_page("red-ball-rolls", changes, "walkthrough/code.md")
    assert error is not None
    for line, name in ((15, "W_q"), (16, "W_k"), (19, "Q"), (20, "K")):
        assert f"docs/programs/red_ball_rolls.py:{line}: the comment says {name} is (3, 1), but the example's " \
               "inputs give (3, 2)" in error
    assert "red_ball_rolls.py:24: the comment multiplies (3, 1) x (1, 3), but the example's inputs give (3, 2) x " \
           "(2, 3)" in error
    assert "red_ball_rolls.py:4: the program's prose says d_k = 1, but the example's arrays give 2" in error


def test_a_size_the_docstring_states_is_the_one_the_shape_comments_name() -> None:
    """Assert `d_k = 1` in a docstring is read against the size a shape comment names `(d_model, d_k) = (3, 1)`
    beside an input: the example's 3 x 2 makes it stale, at the docstring's line."""
    program = dedented('''
        """One head. Shapes: d_model = 3, d_k = 1."""
        import numpy as np

        W_q = np.array([[0.0], [0.0], [1.0]])  # (d_model, d_k) = (3, 1)
        ''')
    check_shapes("docs/programs/p.py", program, {"W_q": np.ones((3, 1))})
    with pytest.raises(DirectiveError) as caught:
        check_shapes("docs/programs/p.py", program, {"W_q": np.ones((3, 2))})
    assert caught.value.message.split("; and ") == [
        "docs/programs/p.py:4: the comment says W_q is (3, 1), but the example's inputs give (3, 2); change the "
        "comment to match",
        "docs/programs/p.py:1: the program's prose says d_k = 1, but the example's arrays give 2; change the comment "
        "or docstring to match",
    ]
