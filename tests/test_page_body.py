"""Every plain table of a built page written in Material's scroll box, with a class, so that Material's script
never moves it (a moved table is styled and laid out again, all of it)."""

from __future__ import annotations

from attention_site.page_body import with_tables_boxed

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
