"""The directive engine: each kind of directive, fed a small page, gives the Markdown a reader should get."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import numpy as np
import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError, expand_directives
from attention_site.directives.entries.common import checked_weights

CONTRIBUTING = Path(__file__).resolve().parent.parent / "CONTRIBUTING.md"
RE_MARKDOWN_EXAMPLE = re.compile(r"^```markdown\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def test_every_markdown_example_of_contributing_builds() -> None:
    """Assert each ```markdown example in CONTRIBUTING.md, copied into a page, expands without an error: a check
    the guide shows must hold for today's inputs (one named head 2's scores, where red and rolls do not tie). The
    rows-as-cards example holds no directive; test_page_body.py builds it."""
    examples = RE_MARKDOWN_EXAMPLE.findall(CONTRIBUTING.read_text("utf-8"))
    assert sum("<!-- attn:" in example for example in examples) >= 3
    for example in examples:
        expand_directives(example, "CONTRIBUTING.md")


def test_a_weight_row_that_does_not_add_up_is_named_as_contributing_quotes_it() -> None:
    """Assert the message CONTRIBUTING.md quotes for weights that do not sum to 1 is the engine's, word for word
    (it printed `np.float64(0.98)` under NumPy 2)."""
    with pytest.raises(DirectiveError) as caught:
        checked_weights(np.array([[0.5, 0.5], [0.5, 0.48]]))
    message = str(caught.value).removeprefix("<page>:0: ")  # the engine puts the page and line in front
    assert message == "weight row 2 sums to 0.98, not 1; nothing is published"
    assert f"`{message}`" in CONTRIBUTING.read_text("utf-8")


def assert_expands(page: str, expected: str) -> None:
    """Assert the page expands to the expected Markdown (both dedented)."""
    assert expand(page) == dedented(expected)


def test_table_of_weights_shows_exact_fractions() -> None:
    """Assert a weights table renders the deck's rows as fractions, right-aligned, labels left."""
    assert_expands(
        """\
        Before.
        <!-- attn:table red-ball-rolls weights -->
        After.
        """,
        """\
        Before.

        | query \\ key | red | ball | rolls |
        |:---|---:|---:|---:|
        | red | 1 | 0 | 0 |
        | ball | 1/2 | 1/2 | 0 |
        | rolls | 1/4 | 1/2 | 1/4 |

        After.
        """,
    )


def test_inline_value_picks_a_row_by_its_token() -> None:
    """Assert `row=rolls` gives the rolls output as the deck writes it."""
    assert_expands(
        "Rolls becomes <!-- attn:value red-ball-rolls output row=rolls -->, a mix.\n",
        "Rolls becomes (1/2, 5/4), a mix.\n",
    )


def test_inline_value_picks_one_entry() -> None:
    """Assert `row=` and `col=` together give one weight."""
    assert expand("<!-- attn:value red-ball-rolls weights row=rolls col=ball -->") == "1/2"


def test_tex_gives_a_pmatrix_with_tfrac() -> None:
    """Assert a matrix inside math becomes a pmatrix with \\tfrac entries."""
    assert_expands(
        "$$ A = <!-- attn:tex red-ball-rolls weights --> $$\n",
        "$$ A = \\begin{pmatrix} 1 & 0 & 0 \\\\ \\tfrac{1}{2} & \\tfrac{1}{2} & 0 \\\\ "
        "\\tfrac{1}{4} & \\tfrac{1}{2} & \\tfrac{1}{4} \\end{pmatrix} $$\n",
    )


def test_inputs_show_as_authored() -> None:
    """Assert the key projection shows ln 2 as written, in text and in LaTeX, not 0.693."""
    assert expand("<!-- attn:value red-ball-rolls w-k row=ball -->") == "ln 2"
    assert expand("<!-- attn:tex red-ball-rolls w-k -->") == r"\begin{pmatrix} 0 \\ \ln 2 \\ 0 \end{pmatrix}"


def test_masked_scores_show_minus_infinity() -> None:
    """Assert future scores show as minus infinity, and the ball score as ln 2."""
    assert expand("<!-- attn:value red-ball-rolls masked-scores row=red -->") == "(0, −∞, −∞)"
    assert expand("<!-- attn:tex red-ball-rolls masked-scores row=rolls col=ball -->") == r"\ln 2"


def test_blanks_leave_empty_boxes_carrying_their_answers() -> None:
    """Assert `blanks=weight` replaces each weight with an empty box whose data holds the answer."""
    out = expand("<!-- attn:table red-ball-rolls weighted-sum blanks=weight -->")
    assert (
        '| ball | <span class="fill-in" data-answer="0.5" data-places="3" data-display="1/2" '
        'data-label="weight for ball"></span> | (0, 2) | (0, 1) |'
    ) in out
    assert "| output |  |  | (1/2, 5/4) |" in out


def test_table_inside_an_admonition_keeps_its_indentation() -> None:
    """Assert a table directive indented in an admonition renders indented, with blank lines around."""
    out = expand(
        """\
        !!! example
            <!-- attn:table red-ball-rolls mask -->
        """
    )
    assert out.splitlines()[1:4] == ["    ", "    | query \\ key | red | ball | rolls |", "    |:---|:---|:---|:---|"]


def test_directives_in_code_are_left_as_written() -> None:
    """Assert directives inside fenced code and inline code are not expanded."""
    page = """\
        Write `<!-- attn:value red-ball-rolls output row=rolls -->` in a sentence.

        ```markdown
        <!-- attn:table red-ball-rolls nonsense -->
        ```

        ~~~~
        ```
        <!-- attn:oops -->
        ~~~~
        """
    assert expand(page) == dedented(page)


def test_digits_option_does_not_round_exact_values() -> None:
    """Assert digits= leaves exact fractions and logarithms of exact examples as they are."""
    assert expand("<!-- attn:value red-ball-rolls masked-scores row=rolls col=ball digits=5 -->") == "ln 2"
    assert expand("<!-- attn:value red-ball-rolls output row=rolls digits=1 -->") == "(1/2, 5/4)"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("<!-- attn:tabel red-ball-rolls weights -->", "unknown directive 'attn:tabel'; did you mean 'table'"),
        ("<!-- attn:table red-bal-rolls weights -->", "unknown example 'red-bal-rolls'; did you mean 'red-ball-rolls'"),
        (
            "<!-- attn:table red-ball-rolls wieghts -->",
            "unknown table 'wieghts' for example 'red-ball-rolls'; did you mean 'weights'",
        ),
        ("<!-- attn:table red-ball-rolls weights digts=3 -->", "unknown option 'digts'"),
        ("<!-- attn:table red-ball-rolls weights digits=99 -->", "option digits=99 is out of range; accepted: a whole"),
        ("<!-- attn:table red-ball-rolls weights blanks=wieght -->", "blanks=wieght names no column"),
        ("<!-- attn:value red-ball-rolls weights -->", "pick a row with row=NAME"),
        ("<!-- attn:value red-ball-rolls output row=rols -->", "row=rols is not a label of this matrix; did you mean"),
        ("<!-- attn:table red-ball-rolls -->", "attn:table takes an example and a name"),
        ("text <!-- attn:table red-ball-rolls weights -->", "attn:table must stand alone on its line"),
        ("<!-- attn:table red-ball-rolls weights", "not closed on its line"),
        ("<!-- attn:value red-ball-rolls output Row=rolls -->", "is neither a name"),
        ("<!-- attn:tex red-ball-rolls weighted-sum -->", "cannot be shown by attn:tex; use attn:table"),
    ],
)
def test_errors_name_the_page_line_problem_and_what_is_accepted(line: str, message: str) -> None:
    """Assert each mistake stops with page:line, the problem and a suggestion."""
    with pytest.raises(DirectiveError) as caught:
        expand_directives(f"# Title\n\nSome text.\n{line}\n", "docs/walkthrough/softmax.md", line_offset=4)
    assert str(caught.value).startswith("docs/walkthrough/softmax.md:8: ")
    assert message in str(caught.value)


def test_digits_option_reaches_every_number_of_a_worked_table() -> None:
    """Assert digits= changes the decimals of a worked table's numbers, not its labels."""
    assert "| bus | 2 | 7.39 | 0.665 |" in expand("<!-- attn:table bus-is-late softmax -->")
    assert "| bus | 2.0 | 7.4 | 0.7 |" in expand("<!-- attn:table bus-is-late softmax digits=1 -->")
    assert "| Total |  | 11.1 | 1.0 |" in expand("<!-- attn:table bus-is-late softmax digits=1 -->")


def test_a_grid_without_a_corner_title_still_names_its_header_cell() -> None:
    """Assert a table's corner header is never empty: it carries a label for screen readers only."""
    out = expand("<!-- attn:table exercises scores -->")
    assert out.splitlines()[1].startswith('| <span class="visually-hidden">row</span> | s1 |')


def test_the_red_ball_rolls_calculator_carries_the_query_of_rolls() -> None:
    """Assert the calculator block holds rolls' query, the keys it may use (ln 2 to four places) and values."""
    out = expand("<!-- attn:block red-ball-rolls calculator -->")
    spec = json.loads(html.unescape(re.search(r"data-calculator='([^']*)'", out)[1]))
    assert spec["query"] == [1] and spec["keys"] == [[0], [0.6931], [0]]
    assert spec["values"] == [[1, 0], [0, 2], [1, 1]] and spec["scale"] == 1
    assert 'class="attention-calculator__fallback"' in out
