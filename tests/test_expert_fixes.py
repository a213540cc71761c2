"""What an expert reader found wrong stays fixed: the corrected statements are on their pages, the wrong ones
are not. (Statements with numbers are also guarded by attn:check directives next to them.)"""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

DOCS = ROOT / "docs"
RE_SPACE = re.compile(r"\s+")
RE_CODE = re.compile(r"^(`{3,}|~{3,}).*?^\1|`[^`\n]*`", re.DOTALL | re.MULTILINE)


def text_of(page: str) -> str:
    """A page's Markdown with its line breaks and runs of spaces made single spaces."""
    return RE_SPACE.sub(" ", (DOCS / page).read_text(encoding="utf-8"))


GONE = {  # page -> wording that was wrong and must not come back
    "walkthrough/output-projection.md": ["each column of W_O takes a little from every head",
                                         "output of this sub-layer is X + U"],
    "walkthrough/worked-example.md": ["every weight and output in the walk-through comes out as a simple fraction"],
    "lesson/index.md": ["A weight is tiny only when its key is a poor match",
                        "so that long vectors do not produce extreme weights"],
    "walkthrough/query-key-value.md": ["hands on if it is chosen", "hand over if chosen"],
    "beyond/variants.md": ["Without any mask (as in an encoder)"],
    "walkthrough/scaling.md": ["very little signal flows back to them"],
}
PRESENT = {  # page -> a word or phrase the correction must keep (case-insensitive)
    "walkthrough/output-projection.md": ["LayerNorm"],
    "beyond/variants.md": ["padding"],
    "walkthrough/generation.md": ["every layer", "memory"],
    "walkthrough/transformer-layer.md": ["ends with one final"],
    "beyond/tiled-attention.md": ["backward"],
    "walkthrough/positions.md": ["from 0"],
    "walkthrough/index.md": ["$a_{ij}$", "$W_Q$"],
}


@pytest.mark.parametrize(("page", "wrong"), [(page, w) for page, words in GONE.items() for w in words])
def test_a_fixed_error_does_not_come_back(page: str, wrong: str) -> None:
    """Assert the wording the expert reader corrected is not on its page."""
    assert wrong.lower() not in text_of(page).lower()


@pytest.mark.parametrize(("page", "kept"), [(page, k) for page, words in PRESENT.items() for k in words])
def test_the_correction_is_on_its_page(page: str, kept: str) -> None:
    """Assert the corrected statement's key words are on its page."""
    assert kept.lower() in text_of(page).lower()


def test_one_notation_for_the_projections() -> None:
    """Assert no page writes the old lower-case W_q, W_k, W_v in math next to W_O."""
    for page in sorted(DOCS.rglob("*.md")):
        prose = RE_CODE.sub(" ", page.read_text(encoding="utf-8"))  # code may name its variables W_q
        math = " ".join(re.findall(r"\$[^$\n]+\$", prose))
        assert not re.search(r"W_\{?[qkv]\}?(?![a-z])", math), page
