"""The whole site: a strict build succeeds, pages carry the computed numbers, and nothing loads from elsewhere."""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

import pytest
import rjsmin
from conftest import ROOT, mkdocs

sys.path.insert(0, str(ROOT / "bench"))
from live_pages import BUDGET_KB, live_code  # bench/ holds the one count of it

pytestmark = pytest.mark.slow

RE_ASSET = re.compile(r"<(?:script|img|source|iframe)\b[^>]*\bsrc=\"([^\"]+)\"|<link\b[^>]*\bhref=\"([^\"]+)\"")
RE_CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)")
RE_FOREIGN = re.compile(r"^(?:https?:)?//", re.IGNORECASE)


def pages(site: Path) -> list[Path]:
    """Every HTML page of the built site."""
    return sorted(page for page in site.rglob("*.html") if "downloads" not in page.parts)  # files, not pages


def test_pages_show_the_computed_numbers(built_site: Path) -> None:
    """Assert red ball rolls' page of the reference shows its weights and output as computed, in table cells."""
    html = (built_site / "reference/directives/red-ball-rolls/index.html").read_text()
    assert "<td>1/4</td>\n<td>1/2</td>\n<td>1/4</td>" in html.replace(' style="text-align: right;"', "")
    assert "(1/2, 5/4)" in html


def test_the_reference_of_directives_links_a_built_page_for_every_example(built_site: Path) -> None:
    """Assert the index of the reference links each example's page, and that page shows the example's entries."""
    from attention_site.directives.entries.reference import documented_examples
    from attention_site.directives.registry import load_entries

    def read(path: Path) -> str:  # the text as a reader sees it: the build's <wbr> break points in names left out
        return path.read_text().replace("<wbr>", "")

    index = read(built_site / "reference/directives/index.html")
    for example in documented_examples():
        assert f'<a href="{example}/"><code>{example}</code></a>' in index, example
        page = read(built_site / f"reference/directives/{example}/index.html")
        names = [name for key, name in load_entries() if key == example]
        assert all(f'<h2 id="{name}"><code>{name}</code>' in page for name in names), example


HTML_BUDGET = 25_000  # bytes of gzip (level 6) for a page's own HTML; the shared CSS, JS and font come on top


def test_no_page_s_own_html_exceeds_its_gzip_budget(built_site: Path) -> None:
    """Assert every page's HTML stays under 25 KB gzip, naming the pages that do not (issue 15's 100 KB first visit
    leaves about 15-20 KB for a page's own HTML)."""
    sizes = {page.relative_to(built_site).as_posix(): len(gzip.compress(page.read_bytes(), compresslevel=6))
             for page in pages(built_site)}
    assert len(sizes) > 40
    assert {page: size for page, size in sizes.items() if size > HTML_BUDGET} == {}


def test_the_live_code_a_page_loads_stays_within_its_budget(built_site: Path) -> None:
    """Assert the live code the heaviest live page loads when a reader presses "Change the numbers" (live.js and
    live.css, its parts and its examples' files, minified and gzipped, as bench/live_pages.py counts it) stays within
    issue 32's 30 KB: what a new example or a new part adds is seen in the pull request, not in the next benchmark."""
    page, size = live_code(built_site)
    assert size <= BUDGET_KB * 1000, f"{page} loads {size / 1000:.2f} KB of live code, over {BUDGET_KB:.0f} KB"


def test_no_code_block_gives_its_lines_anchors(built_site: Path) -> None:
    """Assert no page's code carries per-line anchors: no line number is shown to link from, and on the lesson
    its program's 91 lines were 91 elements a phone styles and lays out on every load."""
    assert [page.relative_to(built_site).as_posix() for page in pages(built_site)
            if "__codelineno" in page.read_text(encoding="utf-8")] == []
    assert "<code>" in (built_site / "lesson" / "index.html").read_text(encoding="utf-8")


def test_the_api_pages_show_code_without_per_line_anchors(built_site: Path) -> None:
    """Assert the API pages' signatures and docstrings carry no per-line anchor (a fenced block gives each line
    one) and the signature of a worked example shows one parameter a line."""
    core = (built_site / "reference/api/index.html").read_text()
    examples = (built_site / "reference/api/examples/index.html").read_text()
    assert "__codelineno" not in core + examples
    assert '<pre class="abh-text scroll-box">softmax(x: np.ndarray, axis: int = -1) -&gt; np.ndarray</pre>' in core
    assert '<pre class="abh-text scroll-box">RedBallRolls(\n    name: str = \'red-ball-rolls\',\n' in examples


def test_math_is_mathml_and_no_script_renders_math(built_site: Path) -> None:
    """Assert pages hold MathML and load neither MathJax nor KaTeX."""
    assert any("<math" in page.read_text() for page in pages(built_site))
    for page in pages(built_site):
        html = page.read_text()
        assert not re.search(r"<script[^>]+(mathjax|katex)", html, re.IGNORECASE), page
        assert not re.search(r'class="arithmatex">\s*\\[(\[]', html), f"{page} kept unconverted LaTeX"


def test_search_shows_each_formula_as_plain_text_and_the_page_as_mathml(built_site: Path) -> None:
    """Assert the search's documents hold every formula as plain text, no LaTeX command left outside code (a result
    would show it), read before the math is converted, so the search's parser never walks the MathML, while the
    page shows MathML."""
    documents = json.loads((built_site / "search/documents.json").read_text(encoding="utf-8"))["docs"]
    section = next(doc for doc in documents if doc["location"] == "beyond/one-training-step/#the-derivative-of-softmax")
    assert "Softmax turns a row of scores s into weights a_i = e^(s_i)/∑_k e^(s_k). Raising" in section["text"]
    assert "<math" not in json.dumps(documents)
    titles = [doc["title"] for doc in documents]
    assert "One step on W_Q" in titles and "Back through softmax: ∂L/∂M" in titles  # a heading's formula
    latex = {doc["location"]: command for doc in documents for key in ("title", "text")
             for command in re.findall(r"\\[A-Za-z]+", re.sub(r"<(pre|code)\b.*?</\1>", "", doc[key], flags=re.S))}
    assert latex == {}
    page = (built_site / "beyond/one-training-step/index.html").read_text(encoding="utf-8")
    assert ('into weights <span class="arithmatex"><math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">'
            '<mrow><msub><mi>a</mi><mi>i</mi></msub><mo>=</mo><msup><mi>e</mi>') in page


def test_search_reads_a_figure_by_its_caption_not_its_drawing(built_site: Path) -> None:
    """Assert the search's documents keep a figure's caption and leave out its drawn labels and numbers (they read
    as one run of characters, "ipos02468..."), and the marking that tells the search so is gone from the page."""
    documents = json.loads((built_site / "search/documents.json").read_text(encoding="utf-8"))["docs"]
    section = next(doc for doc in documents if doc["location"] == "walkthrough/positions/#sinusoidal-positions")
    assert "Each row is one position's encoding: fast waves on the left, slow waves on the right." in section["text"]
    assert "024681012141618" not in section["text"]  # the heat map's axis, drawn as 0 2 4 6 ... 18
    assert [page for page in pages(built_site) if "data-search-exclude" in page.read_text(encoding="utf-8")] == []


def test_no_page_or_stylesheet_loads_anything_from_another_host(built_site: Path) -> None:
    """Assert every script, stylesheet, font, image and frame is served by the site itself."""
    foreign = [
        (page.relative_to(built_site), url)
        for page in pages(built_site)
        for match in RE_ASSET.finditer(page.read_text())
        for url in match.groups()
        if url and RE_FOREIGN.match(url) and not is_link_only(match.group(0))
    ]
    foreign += [
        (sheet.relative_to(built_site), url)
        for sheet in built_site.rglob("*.css")
        for url in RE_CSS_URL.findall(sheet.read_text())
        if RE_FOREIGN.match(url)
    ]
    assert foreign == []


def is_link_only(tag: str) -> bool:
    """A <link> that the browser does not fetch (canonical page address)."""
    return tag.startswith("<link") and 'rel="canonical"' in tag


def test_a_directive_error_in_a_page_with_front_matter_names_the_right_line(project_copy: Path) -> None:
    """Assert a typo stops the build with page:line counted from the top of the file, with and without --strict."""
    page = project_copy / "docs/reference/typo.md"
    page.write_text("---\ntitle: A typo\n---\n# A typo\n\nRolls: <!-- attn:value red-ball-rolls outptu row=rolls -->\n")
    for strict in (["--strict"], []):
        result = mkdocs(project_copy, "build", *strict, "--site-dir", str(project_copy / "out"))
        assert result.returncode == 1
        assert (
            "docs/reference/typo.md:6: unknown value 'outptu' for example 'red-ball-rolls'; did you mean 'output'"
            in result.stderr
        )
        assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("broken", "line", "quoted"), [
    ("Then a broken one: $\\frac{1}$.\n", 8, "\\frac{1}"),
    ("$$\nq = x W_Q, \\qquad k = \\frac{1}\n$$\n", 9, "k = \\frac{1}"),  # the broken statement of a line
])
def test_a_formula_that_does_not_convert_stops_the_build_at_its_line(project_copy: Path, broken: str, line: int,
                                                                      quoted: str) -> None:
    """Assert LaTeX that cannot become MathML stops the build with page:line (counted from the top of the file,
    front matter included), the formula and what is wrong with it."""
    (project_copy / "docs/reference/bad-math.md").write_text(
        "---\ntitle: Bad math\n---\n# Bad math\n\nA fine $x^2$ first.\n\n" + broken)
    result = mkdocs(project_copy, "build", "--strict", "--site-dir", str(project_copy / "out"))
    assert result.returncode == 1
    assert (f"docs/reference/bad-math.md:{line}: cannot convert the formula '{quoted}' to MathML: <mfrac> needs 2 "
            "arguments") in result.stderr
    assert "Traceback" not in result.stderr


def test_a_file_where_the_build_makes_an_example_s_reference_page_stops_the_build(project_copy: Path) -> None:
    """Assert a file written in docs/ in place of an example's reference page (which the build makes from the
    example's key) fails the strict build, naming the file and what to do."""
    (project_copy / "docs/reference/directives/kv-cache.md").write_text("# stale\n", encoding="utf-8")
    result = mkdocs(project_copy, "build", "--strict", "--site-dir", str(project_copy / "out"))
    assert result.returncode == 1
    assert ("docs/reference/directives/kv-cache.md:1: the reference page of an example is made by the build from "
            "the example's key; delete this file") in result.stderr
    assert "Traceback" not in result.stderr


def test_an_example_input_changed_in_the_core_changes_the_pages(site_with_a_new_ball_key: Path) -> None:
    """Assert changing ball's key from ln 2 to ln 3 in the core changes the weights on the built page."""
    html = (site_with_a_new_ball_key / "site/reference/directives/red-ball-rolls/index.html").read_text()
    assert "(2/5, 7/5)" in html
    assert "<td>1/5</td>\n<td>3/5</td>\n<td>1/5</td>" in html.replace(' style="text-align: right;"', "")
    assert "(1/2, 5/4)" not in html


def test_the_site_builds_from_any_working_directory(built_site: Path) -> None:
    """Assert `mkdocs build -f path/to/mkdocs.yml` from another folder (how the session's site is built) finds the
    core and the snippets."""
    performance = (built_site / "reference/performance/index.html").read_text()
    assert "--8&lt;--" not in performance and performance.count("<table") >= 3
    assert "np.log" in (built_site / "walkthrough/code/index.html").read_text()


def test_every_workbook_is_served_and_linked_from_a_page(built_site: Path) -> None:
    """Assert each example's workbook and practice copy are in downloads/ and a page links to both."""
    from attention_site.workbooks import WORKBOOKS, file_names

    pages = "\n".join(path.read_text(encoding="utf-8") for path in built_site.rglob("*.html"))
    for key in WORKBOOKS:
        for name in file_names(key):
            assert (built_site / "downloads" / name).stat().st_size > 5_000, name
            assert f'downloads/{name}"' in pages, f"no page links to {name}"


def test_the_sites_own_scripts_and_stylesheets_are_served_minified(built_site: Path) -> None:
    """Assert every script and stylesheet of docs/ (live/'s too) is served without its comments or indentation,
    smaller than its source, and still names what the pages call (a minifier that dropped code would fail the
    browser tests); a script's own names are shortened, which removing spaces alone would not do (gzip included),
    while what other scripts read stays: live.js's `define`, and each name an example's file takes from it."""
    docs = Path(__file__).resolve().parent.parent / "docs"
    scripts = [*sorted(docs.glob("javascripts/*.js")), *sorted(docs.glob("javascripts/live/*.js"))]
    sources = [*scripts, *sorted(docs.glob("stylesheets/*.css"))]
    assert len(scripts) >= 15 and len(sources) >= 24
    for source in sources:
        served = (built_site / source.relative_to(docs)).read_text(encoding="utf-8")
        assert "/*" not in served and "\n  " not in served, source.name
        assert len(served) < len(source.read_text(encoding="utf-8")), source.name
    for source in scripts:
        served = (built_site / source.relative_to(docs)).read_bytes()
        assert len(gzip.compress(served)) < len(gzip.compress(rjsmin.jsmin(source.read_text("utf-8")).encode())), source
    assert "AttentionByHand" in (built_site / "javascripts/reader.js").read_text(encoding="utf-8")
    cost = (built_site / "javascripts/live/cost.js").read_text(encoding="utf-8")
    assert cost.startswith('window.AttentionByHand.live.define("cost",function(') and "{column:" in cost
    assert "function attentionCost(" not in cost and "define:" in (built_site / "javascripts/live.js").read_text()


# A live mark's HTML inside a formula: kept as HTML, or read by the converter as tokens (`<mo>&lt;</mo><mi>span…`).
RE_MARK_AS_MATH = re.compile(r'data-live|class="attn-live"|&lt;</mo>\s*<mi>span')


def test_no_live_mark_is_written_as_html_inside_a_formula(built_site: Path) -> None:
    """Assert every live mark inside a formula is MathML's (`<mrow class="attn-live-N">`), never the HTML span a
    directive in running text gets: live.py finds formulas one line at a time, and a formula opened on the line
    above a directive had its marks converted as tokens of the formula (position information's d_model read
    "d_model = < spanclass = "attn − live" …")."""
    found = []
    for page in sorted(built_site.rglob("*.html")):
        for formula in re.findall(r"<math\b.*?</math>", page.read_text(encoding="utf-8"), re.DOTALL):
            if RE_MARK_AS_MATH.search(formula):
                found.append(page.relative_to(built_site).as_posix())
    assert not found, f"a live mark written as HTML inside a formula on {sorted(set(found))}"
