"""Pages carry no example number typed by hand, and every figure of the seed documents reaches its page."""

from __future__ import annotations

import html
import re
from pathlib import Path

import numpy as np
import pytest

from attention_core.examples.bus_is_late import BUS_IS_LATE

DOCS = Path(__file__).resolve().parent.parent / "docs"
RE_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
# What is removed before looking for numbers: each of these holds numbers legitimately.
STRIPPED = [
    (re.compile(r"\$\$.*?\$\$", re.DOTALL), "display math"),
    (re.compile(r"(?<!\\)\$[^$\n]+?\$"), "inline math"),
    (re.compile(r"<!--.*?-->", re.DOTALL), "directives and comments"),
    (re.compile(r"`[^`\n]+`"), "inline code"),
    (re.compile(r"\]\([^)\n]*\)"), "link targets"),
    (re.compile(r"<[^>\n]+>"), "HTML tags and their attributes"),
    (re.compile(r"^--8<--.*$", re.MULTILINE), "snippet includes"),
]
# An example number typed by hand looks like one of these; whole numbers alone are allowed (see below).
RE_TYPED = re.compile(
    r"(?<![\w.:])\d+\.\d+(?![\w.])"  # a decimal: 0.665, 7.88 (not an identifier such as arXiv:2309.00071)
    r"|(?<![\w/])\d+/\d+(?![\w/])"  # a fraction: 5/4
    r"|\(\s*-?\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?)+\s*\)"  # a tuple: (2, 0, 1)
)
# The allow-list, each entry with its reason. Whole numbers are not matched at all: on these pages they are
# labels (head 2, row 3, step 2, position 2, seed 9), years of citations, durations (65 minutes), and sizes
# that define an example or an exercise (n = 3, 1,024 tokens), all of which the pages may type.
ALLOWED: dict[tuple[str, str], str] = {}


def without_front_matter_and_fences(text: str) -> str:
    """The page with its front matter and fenced code blocks blanked, line numbers kept."""
    lines, fence = text.split("\n"), None
    if lines[0].strip() == "---" and "---" in lines[1:]:
        end = lines.index("---", 1)
        lines[: end + 1] = [""] * (end + 1)
    for index, line in enumerate(lines):
        match = RE_FENCE.match(line)
        if fence is None and match:
            fence, lines[index] = match[1], ""
        elif fence is not None:
            if match and match[1][0] == fence[0] and len(match[1]) >= len(fence):
                fence = None
            lines[index] = ""
    return "\n".join(lines)


def typed_numbers(text: str) -> list[tuple[int, str]]:
    """The (line, text) of every example-looking number outside directives, code and math."""
    text = without_front_matter_and_fences(text)
    for pattern, _ in STRIPPED:
        text = pattern.sub(lambda match: "\n" * match[0].count("\n"), text)
    return [(number, match[0]) for number, line in enumerate(text.split("\n"), 1) for match in RE_TYPED.finditer(line)]


def test_the_checker_finds_numbers_typed_by_hand() -> None:
    """Assert a decimal, a fraction and a tuple in prose are caught, and the same in a directive, code or math not."""
    page = (
        "---\ntitle: x\n---\nThe weight of bus is 0.665 and rolls gets 5/4.\nScores (2, 0, 1).\n"
        "Fine: <!-- attn:value bus-is-late weights --> and `0.665` and $\\tfrac{1}{4} = 0.25$.\n"
        "```\nprint(0.665)\n```\nHead 2 at position 3 in 2017, about 65 minutes.\n"
    )
    assert typed_numbers(page) == [(4, "0.665"), (4, "5/4"), (5, "(2, 0, 1)")]


@pytest.mark.parametrize("page", sorted(DOCS.rglob("*.md")), ids=lambda page: str(page.relative_to(DOCS)))
def test_no_page_types_an_example_number(page: Path) -> None:
    """Assert every number of an example on the page comes from a directive."""
    name = page.relative_to(DOCS).as_posix()
    found = [(line, text) for line, text in typed_numbers(page.read_text()) if (name, text) not in ALLOWED]
    assert found == [], f"docs/{name}: numbers typed by hand (line, text): {found}; use a directive"


def visible_text(path: Path) -> str:
    """The text a reader sees in a built page's article: tags dropped, entities decoded, spaces folded."""
    page = path.read_text()
    article = page[page.find("<article") : page.find("</article>")]
    article = re.sub(r"<math\b.*?</math>", " ", article, flags=re.DOTALL)
    article = re.sub(r"</?span\b[^>]*>", "", article)  # inline: a live page's marks add no space ("2.786.")
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", article)).split())


def numpy_rows(matrix: np.ndarray, places: int) -> list[str]:
    """The rows of a matrix rounded as NumPy rounds them, each number as a page shows it."""
    return [f"{x:.{places}f}" for x in np.round(matrix, places).ravel()]


SEED_FIGURES = {
    "walkthrough/softmax": ["(1, 0, 0)", "(1/2, 1/2, 0)", "(1/4, 1/2, 1/4)"],
    "walkthrough/weighted-sum": ["(1/2, 5/4)"],
    "walkthrough/second-head": ["(3/4, 3/4)", "(1/2, 5/4, 3/4, 3/4)"],
    "walkthrough/scaling": ["0.881", "0.119", "0.731", "0.269"],
    "walkthrough/cost": ["16", "64", "16,384", "1,048,576"],
    "lesson": ["7.39", "1.00", "2.72", "11.11", "0.665", "0.090", "0.245", "7.88", "2.12"],
}


@pytest.mark.slow
@pytest.mark.parametrize(("page", "figures"), SEED_FIGURES.items(), ids=list(SEED_FIGURES))
def test_every_seed_figure_appears_where_it_is_taught(built_site: Path, page: str, figures: list[str]) -> None:
    """Assert the seeds' figures are on the built page that teaches them, as a reader reads them."""
    text = visible_text(built_site / page / "index.html")
    assert [figure for figure in figures if not shown(figure, text)] == []


def shown(figure: str, text: str) -> bool:
    """Whether a figure is in the text as written, or a tuple's entries stand in consecutive table cells."""
    forms = [figure, " ".join(figure.strip("()").split(", "))] if figure.startswith("(") else [figure]
    return any(re.search(rf"(?<![\w.,/]){re.escape(form)}(?![\w/]|\.\d)", text) for form in forms)


@pytest.mark.slow
def test_the_lesson_shows_all_three_tokens_as_numpy_prints_them(built_site: Path) -> None:
    """Assert the lesson's all-token weights (3 places) and W @ V (2 places) appear, entry by entry."""
    text = visible_text(built_site / "lesson/index.html")
    result = BUS_IS_LATE.all_tokens
    expected = numpy_rows(result.weights, 3) + numpy_rows(result.output, 2)
    assert [figure for figure in expected if figure not in text] == []
    assert "2 0 1" in re.sub(r"[^\d ]", " ", text) or "(2, 0, 1)" in text
