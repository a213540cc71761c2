"""Every plain table of a built page written in Material's scroll box, with a class, so that Material's script
never moves it (a moved table is styled and laid out again, all of it); the cells of a table meant to read as
cards on a phone labelled with their column."""

from __future__ import annotations

import re
from pathlib import Path

import markdown

from attention_site.postprocess.page_body import with_name_breaks, with_tables_boxed

BOX = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'


def test_each_plain_table_is_put_in_its_box_and_tables_with_a_class_are_left_alone() -> None:
    """Assert two plain tables (one with attributes) each get their own box and the class Material's script passes
    over, with their text and attributes as they were, while a table with a class (a highlighted listing's, which
    Material does not wrap) stays as it is."""
    first = "\n<thead><tr><th>token</th></tr></thead><tbody><tr><td>bus</td></tr></tbody>\n"
    second = '<tr><td>0.212</td></tr>'
    listing = '<table class="highlighttable"><tr><td>1</td></tr></table>'
    page = f'<p>Scores:</p>\n<table>{first}</table>\n<p>Weights:</p><table data-fill-in-table="w">{second}</table>'
    assert with_tables_boxed(page + listing) == (
        f'<p>Scores:</p>\n{BOX}<table class="abh-table">{first}</table></div></div>\n<p>Weights:</p>'
        f'{BOX}<table class="abh-table" data-fill-in-table="w">{second}</table></div></div>{listing}')


def test_a_page_without_tables_is_unchanged() -> None:
    """Assert a page with no table comes back exactly as it went in."""
    page = "<p>The <code>&lt;table&gt;</code> tag is not a table.</p>"
    assert with_tables_boxed(page) == page


def test_each_body_cell_of_a_table_in_a_rows_as_cards_box_is_labelled_with_its_column() -> None:
    """Assert a table alone in `<div class="rows-as-cards">` is written in a scroll box of that class instead of
    the `<div>` (slides and print know a table by its scroll box), and every one of its body cells gets its
    column's header as plain text (markup dropped, a formula read as text, quotes escaped), keeping its own
    attributes, while a table outside such a box gets no label."""
    head = ('<thead><tr><th>aspect</th><th style="text-align: left;">post-<em>norm</em> \\(d_k\\)</th>'
            '<th>"pre"</th></tr></thead>')
    body = ('<tbody><tr><td>used by</td><td style="text-align: left;">2017</td><td>now</td></tr>'
            '<tr><td>path</td><td style="text-align: left;">normalised</td><td>plain</td></tr></tbody>')
    other = "<table><thead><tr><th>x</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>"
    page = with_tables_boxed(f'<div class="rows-as-cards">\n<table>{head}{body}</table>\n</div>{other}')
    assert re.findall(r"<td[^>]*>", page) == [
        '<td data-column="aspect">', '<td data-column="post-norm d_k" style="text-align: left;">',
        '<td data-column="&quot;pre&quot;">'] * 2 + ["<td>"]
    cards = '<div class="md-typeset__scrollwrap rows-as-cards"><div class="md-typeset__table"><table class="abh-table">'
    assert page.startswith(cards) and page.count(BOX) == 1 and head in page and 'class="rows-as-cards"' not in page


def test_a_card_whose_first_cell_is_a_bare_number_is_marked_numbered() -> None:
    """Assert a row of a rows-as-cards table whose first cell is a number alone gets `data-numbered` on that cell
    (titled "step 1" on a phone), and a first cell with words, or a number further along the row, does not."""
    rows = "".join(f"<tr><td>{first}</td><td>{second}</td></tr>" for first, second in
                   [("1", "attention"), (" 12 ", "2"), ("step 3", "4"), ("1.5", "x")])
    page = with_tables_boxed('<div class="rows-as-cards"><table><thead><tr><th>step</th><th>what</th></tr></thead>'
                             f"<tbody>{rows}</tbody></table></div>")
    assert re.findall(r"<td[^>]*>", page)[::2] == [
        '<td data-column="step" data-numbered>', '<td data-column="step" data-numbered>', '<td data-column="step">',
        '<td data-column="step">']
    assert re.findall(r"<td[^>]*>", page)[1::2] == ['<td data-column="what">'] * 4


def test_the_rows_as_cards_example_of_contributing_labels_its_cells() -> None:
    """Assert the rows-as-cards example in CONTRIBUTING.md, made HTML by Markdown as the site's build makes it,
    comes out with its body cells labelled by their columns."""
    guide = (Path(__file__).resolve().parents[1] / "CONTRIBUTING.md").read_text("utf-8")
    [example] = [block for block in re.findall(r"^```markdown\n(.*?)^```$", guide, re.MULTILINE | re.DOTALL)
                 if "rows-as-cards" in block]
    page = with_tables_boxed(markdown.markdown(example, extensions=["tables", "md_in_html"]))
    assert re.findall(r'<td data-column="([^"]*)">', page) == ["aspect", "post-norm", "pre-norm"]


def test_a_long_dotted_name_in_inline_code_gets_a_break_after_each_dot() -> None:
    """Assert a long dotted name in inline code is written with a line-break opportunity (`<wbr>`) after each dot that
    stands between two letters, so that the browser wraps it at its punctuation from the first paint on."""
    page = "<li><code>torch.nn.functional.scaled_dot_product_attention</code> runs it.</li>"
    assert with_name_breaks(page) == ("<li><code>torch.<wbr>nn.<wbr>functional.<wbr>scaled_<wbr>dot_<wbr>product_<wbr>"
                                      "attention</code> runs it.</li>")


def test_snake_case_paths_and_options_break_after_each_mark_between_letters() -> None:
    """Assert a name breaks after / _ - , and : between two letters or digits, and not after a mark that starts or ends
    it, or after two marks in a row (`--`, a leading `/`)."""
    assert with_name_breaks('<p><code class="x">/walkthrough/positions/</code></p>') == (
        '<p><code class="x">/walkthrough/<wbr>positions/</code></p>')
    assert with_name_breaks("<code>attn:table red-ball-rolls</code>") == (
        "<code>attn:<wbr>table red-<wbr>ball-<wbr>rolls</code>")
    assert with_name_breaks("<code>--pages home,lesson</code>") == "<code>--pages home,<wbr>lesson</code>"


def test_a_decimal_point_or_comma_between_digits_is_no_break() -> None:
    """Assert a number such as 1.5 or 0,67 in a long code keeps its point or comma joined to its digits, while a dot
    between a digit and a letter still breaks."""
    assert with_name_breaks("<code>weights=0.665,1.5 v2.x</code>") == "<code>weights=0.665,1.5 v2.<wbr>x</code>"


def test_short_code_and_code_in_a_block_get_no_breaks() -> None:
    """Assert code of fewer than 12 characters and code inside <pre> (a code block, which scrolls) are left alone."""
    block = '<div class="highlight"><pre><span></span><code>torch.nn.functional.softmax(x)\n</code></pre></div>'
    assert with_name_breaks("<p><code>a.b_c.d</code></p>" + block) == "<p><code>a.b_c.d</code></p>" + block


def test_entities_tags_and_attributes_stay_whole() -> None:
    """Assert a break is never written inside an entity (`&lt;`, `&amp;`) or a tag's attributes, entities count as the
    one character they stand for, and the page outside code is not touched."""
    page = ('<p title="a.b_c.d.e.f.g.h"><a href="x/y.z"><code title="q.k_v.w">&lt;attn:value&gt; a&amp;b.c</code>'
            "</a> x.y_z.w.v.u.t.s</p>")
    assert with_name_breaks(page) == ('<p title="a.b_c.d.e.f.g.h"><a href="x/y.z"><code title="q.k_v.w">'
                                      "&lt;attn:<wbr>value&gt; a&amp;b.<wbr>c</code></a> x.y_z.w.v.u.t.s</p>")


def test_a_name_split_into_highlighted_spans_breaks_at_its_punctuation() -> None:
    """Assert inline code highlighted by Pygments (`#!python ...`: each token its own <span>) gets its breaks by its
    whole text, the <wbr> after the mark inside the mark's own span, and the spans' tags untouched."""
    page = ('<code class="highlight"><span class="n">torch</span><span class="o">.</span><span class="n">nn</span>'
            '<span class="o">.</span><span class="n">functional</span></code>')
    assert with_name_breaks(page) == (
        '<code class="highlight"><span class="n">torch</span><span class="o">.<wbr></span><span class="n">nn</span>'
        '<span class="o">.<wbr></span><span class="n">functional</span></code>')


def test_code_already_marked_is_left_as_it_is() -> None:
    """Assert code that already holds a <wbr> (written by hand on a page) is not marked again."""
    page = "<code>a_very<wbr>_long.name_here</code>"
    assert with_name_breaks(page) == page
