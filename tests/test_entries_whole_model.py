"""Tests for the whole-model entries (entries/whole_model.py): embedding, logits, temperature, sampling, the loss."""

from __future__ import annotations

import pytest
from pages import dedented, expand

from attention_site.directives import DirectiveError


def test_the_embedding_is_shown_as_authored() -> None:
    """Assert E shows one row per word with its entries as authored (1/2, −1/2)."""
    assert expand("<!-- attn:table whole-model embedding -->") == "\n" + dedented("""
        | word | e1 | e2 | e3 | e4 |
        |:---|---:|---:|---:|---:|
        | the | 1 | 0 | 0 | 0 |
        | red | 0 | 1 | 0 | 1/2 |
        | ball | 0 | 0 | 1 | 0 |
        | rolls | 0 | 1/2 | 1 | 1 |
        | away | −1/2 | 0 | 1/2 | 1 |
        | stops | 0 | −1 | 0 | 1 |
        """) + "\n"


def test_lookup_scales_by_the_root_of_d_model() -> None:
    """Assert d_model 4, the factor 2, red's scaled row (0, 2, 0, 1) and ball's first-layer input row."""
    page = ("<!-- attn:value whole-model d-model --> <!-- attn:value whole-model embedding-scale --> "
            "<!-- attn:value whole-model embedded row=red digits=0 --> <!-- attn:value whole-model x row=ball -->")
    assert expand(page) == "4 2 (0, 2, 0, 1) (0.909, −0.416, 2.020, 1.000)"


def test_the_last_row_of_logits_and_the_temperatures() -> None:
    """Assert the last position's logits, and the largest probability 0.948, 0.687, 0.408 at T = 1/2, 1, 2."""
    page = ("<!-- attn:value whole-model logits row=ball --> <!-- attn:value whole-model peak col=largest -->"
            "<!-- attn:check whole-model peak col=largest greater=low,middle,high -->")
    assert expand(page) == "(0.369, −0.526, −0.554, 0.250, 0.962, 2.661) (0.948, 0.687, 0.408)"


def test_the_four_ways_of_choosing_name_their_words() -> None:
    """Assert greedy stops, sampling rolls, top-k away and top-p stops, from u = 0.179."""
    page = " ".join(f"<!-- attn:word whole-model choices row={way} pick=largest -->"
                    for way in ("greedy", "drawn", "top-k", "top-p"))
    assert expand(page + " <!-- attn:value whole-model u -->") == "stops rolls away stops 0.179"


def test_top_k_and_top_p_keep_their_words() -> None:
    """Assert top-k (k = 3) keeps the, away and stops; top-p (p = 3/4) keeps away and stops."""
    page = ("<!-- attn:word whole-model distributions row=top-k pick=nonzero --> / "
            "<!-- attn:word whole-model distributions row=top-p pick=nonzero --> "
            "<!-- attn:value whole-model top-k --> <!-- attn:value whole-model top-p -->")
    assert expand(page) == "the, away and stops / away and stops 3 3/4"


def test_the_loss_and_its_gradient() -> None:
    """Assert the target rolls, p 0.062, L 2.786 and p - y negative only at rolls (−0.938)."""
    page = ("<!-- attn:word whole-model target row=y pick=largest --> "
            "<!-- attn:value whole-model target-probability --> <!-- attn:value whole-model loss --> "
            "<!-- attn:value whole-model loss-gradient col=rolls -->"
            "<!-- attn:check whole-model loss-gradient row=gradient smallest=rolls -->")
    assert expand(page) == "rolls 0.062 2.786 −0.938"


def test_the_stack_diagram_reads_the_shapes_of_the_arrays() -> None:
    """Assert the diagram's text alternative names every array with its computed shape and the greedy word."""
    out = expand("<!-- attn:figure whole-model stack-diagram -->")
    for part in ("ids (3 × 1, token ids)", "X (3 × 4, with positions)", "layer 1", "Y_2 (3 × 4)",
                 "Z (3 × 6, logits)", "p (1 × 6, the last row&#x27;s)", "greedy: stops"):
        assert part in out, part


def test_a_layer_the_example_does_not_have_stops_the_build() -> None:
    """Assert layer=3 of a two-layer stack stops with page:line and the accepted layers."""
    with pytest.raises(DirectiveError, match=r"docs/x.md:1: .*layer=3 is out of range; accepted: a layer from 1 to 2"):
        expand("<!-- attn:figure whole-model layer-weights layer=3 -->")


def test_a_wrong_claim_about_temperature_stops_the_build() -> None:
    """Assert claiming the high temperature is the most confident stops the build."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: the page says"):
        expand("Hot is sharp.<!-- attn:check whole-model peak col=largest greater=high,middle,low -->")


@pytest.mark.slow
def test_the_built_page_reads_the_model_s_numbers(built_site) -> None:
    """Assert the built page opens with what it assumes, names the four picks and the loss as a reader reads them,
    and draws the stack and the first head."""
    from test_pages_numbers import visible_text

    page = built_site / "beyond/whole-model/index.html"
    text = visible_text(page)
    assert text.startswith("The model end to end ¶ Assumes: the walk-through up to the Transformer layer")
    assert "about 20 minutes." in text
    assert "Greedy picks stops ; plain sampling picks rolls ; top-k picks away ; top-p picks stops ." in text
    assert "the probability 0.062, so = 2.786." in text  # L sits in MathML, which a reader sees as a formula
    assert "all 0.069 0.028 0.028 0.062 0.126 0.687" in text  # the next word's probabilities at T = 1
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") >= 2 and "The whole model: token ids to the next word" in html
