"""Tests for the lesson's entries, "the bus is late" (entries/bus_is_late/): what the lesson page shows."""

from __future__ import annotations

import html
import json
import re
import textwrap
from dataclasses import replace

import pytest
from pages import expand

from attention_core import ExampleInputError
from attention_core.examples.bus_is_late import BUS_IS_LATE
from attention_site.directives import DirectiveError

NBSP_TIMES = "\N{NO-BREAK SPACE}×\N{NO-BREAK SPACE}"



def test_key_words_examples_inline() -> None:
    """Assert the key-words column reads the query, key, value, scores, weights and output of the seed."""
    page = """
        q <!-- attn:value bus-is-late query -->, k <!-- attn:value bus-is-late keys row=bus -->,
        v <!-- attn:value bus-is-late values row=bus -->, s <!-- attn:value bus-is-late scores col=bus -->,
        all <!-- attn:value bus-is-late scores -->, w <!-- attn:value bus-is-late weights -->,
        e <!-- attn:value bus-is-late exponentials -->, t <!-- attn:value bus-is-late total -->,
        o <!-- attn:value bus-is-late output -->
        """
    assert expand(page) == textwrap.dedent("""
        q (1, 0), k (2, 1),
        v (10, 0), s 2,
        all (2, 0, 1), w (0.665, 0.090, 0.245),
        e (7.39, 1.00, 2.72), t 11.11,
        o (7.88, 2.12)""").strip("\n")


def test_scoring_table_writes_the_products_out() -> None:
    """Assert the scoring table shows 1 × 2 + 0 × 1 (kept together around ×) and the scores 2, 0, 1."""
    assert expand("<!-- attn:table bus-is-late scoring -->") == textwrap.dedent("""
        | token | key | late · key | score |
        |:---|---:|:---|---:|
        | bus | (2, 1) | 1 × 2 + 0 × 1 | 2 |
        | is | (0, 2) | 1 × 0 + 0 × 2 | 0 |
        | late | (1, 1) | 1 × 1 + 0 × 1 | 1 |
        """).replace(" × ", NBSP_TIMES)


def test_scoring_blanks_are_whole_number_boxes() -> None:
    """Assert a blank score carries its answer with 0 places, so a student types 2, not 2.000."""
    text = expand("<!-- attn:table bus-is-late scoring blanks=score -->")
    assert (f'| bus | (2, 1) | 1{NBSP_TIMES}2 + 0{NBSP_TIMES}1 | <span class="fill-in" data-answer="2.0" '
            'data-places="0" data-display="2" data-label="score for bus"></span> |') in text


def test_softmax_table_with_total_row() -> None:
    """Assert e^s to 2 places (7.39, 1.00, 2.72; total 11.11) and weights to 3 (0.665, 0.090, 0.245)."""
    assert expand("<!-- attn:table bus-is-late softmax -->") == textwrap.dedent("""
        | token | score s | eˢ | weight = eˢ ÷ total |
        |:---|---:|---:|---:|
        | bus | 2 | 7.39 | 0.665 |
        | is | 0 | 1.00 | 0.090 |
        | late | 1 | 2.72 | 0.245 |
        | Total |  | 11.11 | 1.000 |
        """)


def test_softmax_blanks_leave_scores_shown() -> None:
    """Assert blanks=exponential,weight empties those columns (Total row included) and keeps the scores."""
    text = expand("<!-- attn:table bus-is-late softmax blanks=exponential,weight -->")
    rows = [line for line in text.split("\n") if line.startswith("| ")][1:]
    assert [row.split(" | ")[1] for row in rows] == ["2", "0", "1", ""]
    assert text.count('class="fill-in"') == 8
    assert 'data-display="11.11" data-label="eˢ for Total"' in text
    assert 'data-display="0.090" data-label="weight = eˢ ÷ total for is"' in text


def test_mixing_table_says_the_total_uses_unrounded_values() -> None:
    """Assert 6.65 + 1.22 against 7.88 carries the note that the total is computed from unrounded values."""
    assert expand("<!-- attn:table bus-is-late mixing -->") == textwrap.dedent("""
        | token | weight | value | weight × value |
        |:---|---:|---:|---:|
        | bus | 0.665 | (10, 0) | (6.65, 0.00) |
        | is | 0.090 | (0, 10) | (0.00, 0.90) |
        | late | 0.245 | (5, 5) | (1.22, 1.22) |
        | Output |  |  | (7.88, 2.12) |

        NOTE
        """).replace("NOTE", '<p class="table-note">The rounded parts add up to 7.87; the total 7.88 is computed '
                              'from the unrounded values.</p>')


def test_mixing_note_hidden_for_the_student_version() -> None:
    """Assert note=hidden drops the note, which would give away the output in a table with blanks."""
    text = expand("<!-- attn:table bus-is-late mixing note=hidden blanks=product -->")
    assert "table-note" not in text
    assert text.count('class="fill-in"') == 8


def test_other_query_recomputed_by_the_core() -> None:
    """Assert query=0,1 (the query of bus) scores (1, 2, 1) and gives the bus row of the weight matrix."""
    page = """
        <!-- attn:value bus-is-late query query=0,1 --> scores <!-- attn:value bus-is-late scores query=0,1 -->,
        weights <!-- attn:value bus-is-late weights query=0,1 -->,
        output <!-- attn:value bus-is-late output query=0,1 -->;
        row <!-- attn:value bus-is-late all-weights row=bus -->, <!-- attn:value bus-is-late all-output row=bus -->.
        """
    assert expand(page) == textwrap.dedent("""
        (0, 1) scores (1, 2, 1),
        weights (0.212, 0.576, 0.212),
        output (3.18, 6.82);
        row (0.212, 0.576, 0.212), (3.18, 6.82).""").strip("\n")


def test_query_of_a_token_by_name() -> None:
    """Assert query=bus uses bus's row of Q, (0, 1): scores (1, 2, 1), is takes the largest weight 0.576."""
    page = """
        <!-- attn:value bus-is-late query query=bus --> <!-- attn:value bus-is-late scores query=bus -->
        <!-- attn:word bus-is-late weights query=bus pick=largest -->
        <!-- attn:value bus-is-late top-weight query=bus -->
        <!-- attn:value bus-is-late output query=bus -->
        <!-- attn:check bus-is-late scores query=bus row=bus largest=is -->
        """
    assert expand(page) == "(0, 1) (1, 2, 1)\nis\n0.576\n(3.18, 6.82)\n"
    assert "| token | key | query of is · key | score |" in expand("<!-- attn:table bus-is-late scoring query=is -->")


def test_hard_choice_and_the_top_key() -> None:
    """Assert the best match of late is bus: value (10, 0), score 2, weight 0.665; of query (0, 1), is's (0, 10)."""
    page = """
        <!-- attn:value bus-is-late hard-choice --> <!-- attn:value bus-is-late top-score -->
        <!-- attn:value bus-is-late top-weight --> <!-- attn:value bus-is-late hard-choice query=0,1 -->
        <!-- attn:word bus-is-late scores row=late pick=largest -->
        """
    assert expand(page) == "(10, 0) 2\n0.665 (0, 10)\nbus"


def test_a_tie_for_the_top_has_no_best_match() -> None:
    """Assert a query whose scores tie at the top (0, 0 gives 0, 0, 0) stops the build instead of picking one."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: .*bus, is and late share the largest score"):
        expand("<!-- attn:value bus-is-late hard-choice query=0,0 -->")


def test_all_tokens_weights_and_output() -> None:
    """Assert the weight matrix to 3 places and O = A V to 2, as the all-tokens section shows them."""
    page = """
        <!-- attn:table bus-is-late all-weights -->
        <!-- attn:table bus-is-late all-output -->
        """
    assert expand(page) == textwrap.dedent("""
        | query \\ key | bus | is | late |
        |:---|---:|---:|---:|
        | bus | 0.212 | 0.576 | 0.212 |
        | is | 0.576 | 0.212 | 0.212 |
        | late | 0.665 | 0.090 | 0.245 |


        | token | o1 | o2 |
        |:---|---:|---:|
        | bus | 3.18 | 6.82 |
        | is | 6.82 | 3.18 |
        | late | 7.88 | 2.12 |
        """)


def test_inputs_as_tex() -> None:
    """Assert Q, K and V come out as pmatrix LaTeX, as authored."""
    page = "$Q = <!-- attn:tex bus-is-late queries -->$, $V = <!-- attn:tex bus-is-late values -->$"
    assert expand(page) == (r"$Q = \begin{pmatrix} 0 & 1 \\ 1 & 1 \\ 1 & 0 \end{pmatrix}$, "
                            r"$V = \begin{pmatrix} 10 & 0 \\ 0 & 10 \\ 5 & 5 \end{pmatrix}$")


def test_calculator_markup() -> None:
    """Assert the calculator is the agreed container, its JSON single-quote safe and taken from the core."""
    text = expand("<!-- attn:block bus-is-late calculator -->").strip("\n")
    match = re.fullmatch(
        r"<div class=\"attention-calculator\" data-calculator='([^']*)'>"
        r"<p class=\"attention-calculator__fallback\">([^<]+)</p></div>", text,
    )
    assert match is not None, text
    assert json.loads(html.unescape(match[1])) == {
        "example": "bus-is-late", "tokens": ["bus", "is", "late"], "query_token": "late", "query": [1, 0],
        "keys": [[2, 1], [0, 2], [1, 1]], "values": [[10, 0], [0, 10], [5, 5]],
        "scale": 1, "digits": 3, "output_digits": 2,
    }
    assert "JavaScript" in match[2]


def test_one_token_printout() -> None:
    """Assert the one-token program's printout: the seed's e^s, total, weights and output."""
    assert expand("<!-- attn:block bus-is-late one-token-printout -->") == textwrap.dedent("""
        ``` text title="What it prints"
        token  score    e^s  weight
        bus        2   7.39  0.665
        is         0   1.00  0.090
        late       1   2.72  0.245
        total         11.11  1.000
        output for late: (7.88, 2.12)
        ```
        """)


def test_heatmap_figure_labels_every_cell() -> None:
    """Assert the heat map is a figure whose description lists late's weights to 3 places."""
    text = expand("<!-- attn:figure bus-is-late weights-heatmap -->")
    assert '<figure class="attn-figure"' in text
    assert "late: 0.665, 0.090, 0.245." in text


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("<!-- attn:table bus-is-late softmax query=1 -->",
         "docs/x.md:1: query=1 has 1 number(s); the keys have d_k=2, so give 2, such as query=0,1"),
        ("<!-- attn:table bus-is-late mixing note=off -->",
         "docs/x.md:1: option note=off is not accepted; expected one of 'hidden', 'shown'"),
        ("<!-- attn:table bus-is-late sofmax -->",
         "docs/x.md:1: unknown table 'sofmax' for example 'bus-is-late'; did you mean 'softmax' or 'softmax-working'?"),
    ],
)
def test_errors_name_the_line_and_what_is_accepted(line: str, message: str) -> None:
    """Assert a wrong query length, a wrong option value and a misspelt name stop the build at page:line."""
    with pytest.raises(DirectiveError) as caught:
        expand(line)
    assert str(caught.value) == message


def test_late_query_must_be_its_row_of_q() -> None:
    """Assert a query of late, (1, 1), that is not late's row of Q, (1, 0), is refused where the example is made,
    naming the field, once (not at every directive of every page that shows the lesson)."""
    with pytest.raises(ExampleInputError, match=r"BusIsLate\.query_text: the query of late, \(1, 1\), is not its row "
                                                r"of queries_text, \(1, 0\)"):
        replace(BUS_IS_LATE, query_text=("1", "1"))


def test_powers_of_e_cover_every_score_of_the_lesson() -> None:
    """Assert the teacher's table of powers runs from e^0 to e^3 (the largest score, is against bus, is 3)."""
    assert expand("<!-- attn:table bus-is-late powers-of-e -->") == textwrap.dedent("""
        | x | 0 | 1 | 2 | 3 |
        |:---|---:|---:|---:|---:|
        | eˣ | 1.00 | 2.72 | 7.39 | 20.09 |
        """)


def test_score_asymmetry_is_s_minus_its_transpose() -> None:
    """Assert bus's query against is's key (2) minus is's query against bus's key (3) is −1, and the diagonal 0."""
    text = expand("<!-- attn:value bus-is-late score-asymmetry row=bus col=is --> "
                  "<!-- attn:value bus-is-late score-asymmetry row=is col=bus --> "
                  "<!-- attn:value bus-is-late score-asymmetry row=late col=late -->")
    assert text == "−1 1 0"


def test_softmax_working_writes_each_division_and_the_total_as_a_sum() -> None:
    """Assert the answer key's softmax shows e² = 7.39, 7.39 ÷ 11.11 and 7.39 + 1.00 + 2.72 = 11.11."""
    assert expand("<!-- attn:table bus-is-late softmax-working -->") == textwrap.dedent("""
        | token | score s | eˢ | eˢ ÷ total | weight |
        |:---|---:|:---|:---|---:|
        | bus | 2 | e² = 7.39 | 7.39 ÷ 11.11 | 0.665 |
        | is | 0 | e⁰ = 1.00 | 1.00 ÷ 11.11 | 0.090 |
        | late | 1 | e¹ = 2.72 | 2.72 ÷ 11.11 | 0.245 |
        | Total |  | 7.39 + 1.00 + 2.72 = 11.11 |  | 1.000 |
        """)


def test_mixing_as_printed_multiplies_the_rounded_weights_exactly() -> None:
    """Assert the printed weights give 0.245 × 5 = 1.225 and an output of (7.875, 2.125), which a student rounds
    half up to (7.88, 2.13), one off the unrounded 2.12 in its last place."""
    assert expand("<!-- attn:table bus-is-late mixing-as-printed -->") == textwrap.dedent("""
        | token | weight as printed × value | product |
        |:---|:---|:---|
        | bus | 0.665 × (10, 0) | (6.65, 0) |
        | is | 0.090 × (0, 10) | (0, 0.9) |
        | late | 0.245 × (5, 5) | (1.225, 1.225) |
        | Output | sum of the three rows | (7.875, 2.125), rounded (7.88, 2.13) |
        """)
    assert expand("<!-- attn:value bus-is-late output -->") == "(7.88, 2.12)"


def test_each_entry_of_a_key_is_named_in_the_headers() -> None:
    """Assert the keys' two entries are named by what they stand for, time and link, in the inputs table's header
    and as the columns of the key-features table (so a sentence can pick col=time)."""
    assert "| token | key (time, link) | value v |" in expand("<!-- attn:table bus-is-late inputs -->")
    assert expand("<!-- attn:table bus-is-late key-features -->") == textwrap.dedent("""
        | key of | time | link |
        |:---|---:|---:|
        | bus | 2 | 1 |
        | is | 0 | 2 |
        | late | 1 | 1 |
        """)
    assert expand("<!-- attn:word bus-is-late key-features col=@2 pick=label -->") == "link"


@pytest.mark.parametrize(("features", "message"), [
    (("time",), r"1 name\(s\) for keys of 2 entries; accepted: one name for each entry of a key"),
    (("time", "time"), r"'time', 'time'; accepted: different names of lower-case letters"),
    (("time", "k|2"), r"'time', 'k\|2'; accepted: different names"),
])
def test_the_names_of_the_entries_fit_the_keys(features: tuple[str, ...], message: str) -> None:
    """Assert a name missing for an entry of a key, a name given twice, or one a table cell cannot hold is refused
    where the example is made, at its field."""
    with pytest.raises(ExampleInputError, match=rf"BusIsLate\.features: {message}"):
        replace(BUS_IS_LATE, features=features)


def test_the_optional_step_divides_late_scores_by_root_two_under_the_mask() -> None:
    """Assert late's scores 2, 0, 1 divided by √2 (d_k = 2) are 1.414, 0, 0.707, whose powers 4.11, 1.00, 2.03
    give the weights 0.576, 0.140, 0.284 and the output (7.18, 2.82)."""
    assert expand("<!-- attn:table bus-is-late masked-scaled-softmax -->") == textwrap.dedent("""
        | token | score s | s ÷ √2 | e^(s ÷ √2) | weight |
        |:---|---:|---:|---:|---:|
        | bus | 2 | 1.414 | 4.11 | 0.576 |
        | is | 0 | 0.000 | 1.00 | 0.140 |
        | late | 1 | 0.707 | 2.03 | 0.284 |
        | Total |  |  | 7.14 | 1.000 |
        """)
    page = "<!-- attn:value bus-is-late divisor --> <!-- attn:value bus-is-late masked-scaled-output -->"
    assert expand(page) == "1.414 (7.18, 2.82)"


def test_dividing_by_root_two_makes_late_weights_flatter() -> None:
    """Assert beside the lesson's weights of late the divided ones are flatter: bus's falls from 0.665 to 0.576,
    is's rises from 0.090 to 0.140, as the lesson's checks state."""
    assert expand("<!-- attn:table bus-is-late scaling-compare -->") == textwrap.dedent("""
        | weights of late | bus | is | late |
        |:---|---:|---:|---:|
        | unscaled | 0.665 | 0.090 | 0.245 |
        | scaled | 0.576 | 0.140 | 0.284 |
        """)
    checks = ("<!-- attn:check bus-is-late scaling-compare col=bus greater=unscaled,scaled -->"
              "<!-- attn:check bus-is-late scaling-compare col=is greater=scaled,unscaled -->")
    assert expand(checks) == ""
    with pytest.raises(DirectiveError, match=r"scaled is 0\.576 and unscaled is 0\.665"):
        expand("<!-- attn:check bus-is-late scaling-compare col=bus greater=scaled,unscaled -->")


def test_the_mask_leaves_late_every_key_and_bus_only_itself() -> None:
    """Assert under the causal mask bus, the first token, weighs only itself (1, 0, 0), is weighs bus and itself,
    and late, the last, keeps all three keys."""
    page = ("<!-- attn:value bus-is-late masked-scaled-weights row=bus --> "
            "<!-- attn:value bus-is-late masked-scaled-weights row=is -->"
            "<!-- attn:check bus-is-late masked-scaled-weights row=bus nonzero=bus -->"
            "<!-- attn:check bus-is-late masked-scaled-weights row=late nonzero=bus,is,late -->")
    assert expand(page) == "(1.000, 0.000, 0.000) (0.670, 0.330, 0.000)"


def test_a_query_with_a_negative_entry_is_signed_with_a_minus_in_the_header() -> None:
    """Assert the design-a-query answer's query (−1, 1) heads its products column with a true minus sign, as its
    cells sign −1 × 2, and scores −1, 2, 0, so that is wins."""
    text = expand("<!-- attn:table bus-is-late scoring query=-1,1 -->")
    assert "| token | key | query (\u22121, 1) · key | score |" in text
    assert f"| bus | (2, 1) | \u22121{NBSP_TIMES}2 + 1{NBSP_TIMES}1 | \u22121 |" in text
    assert expand("<!-- attn:word bus-is-late weights query=-1,1 pick=largest -->") == "is"


def test_a_renamed_entry_stops_the_lesson_at_the_sentences_that_explain_it() -> None:
    """Assert a new name for the first entry of a key (timing for time) stops the lesson's build at the check that
    pins the old name to its column, where the sentence explaining it stands, instead of leaving it stale."""
    from test_derived_places import read_page

    error, _ = read_page("bus-is-late", {"features": ["timing", "link"]}, "lesson/index.md")
    assert error is not None
    assert "docs/lesson/index.md:" in error and "col=time" in error, error
