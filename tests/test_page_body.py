"""Every plain table of a built page written in Material's scroll box, with a class, so that Material's script
never moves it (a moved table is styled and laid out again, all of it); the cells of a table meant to read as
cards on a phone labelled with their column."""

from __future__ import annotations

import re
from pathlib import Path

import markdown

from attention_site.postprocess.page_body import with_tables_boxed

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
