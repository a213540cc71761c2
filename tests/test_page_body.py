"""Every plain table of a built page alone in a box, so that Material's wrapping of it restyles only the box."""

from __future__ import annotations

from attention_site.page_body import with_tables_boxed


def test_each_plain_table_is_boxed_alone_and_tables_with_a_class_are_left_alone() -> None:
    """Assert two plain tables (one with attributes) each get their own box, with their text and attributes as they
    were, while a table with a class (a highlighted listing's, which Material does not wrap) stays as it is."""
    first = "<table>\n<thead><tr><th>token</th></tr></thead><tbody><tr><td>bus</td></tr></tbody>\n</table>"
    second = '<table data-fill-in-table="weights"><tr><td>0.212</td></tr></table>'
    listing = '<table class="highlighttable"><tr><td>1</td></tr></table>'
    page = f"<p>Scores:</p>\n{first}\n<p>Weights:</p>{second}{listing}"
    assert with_tables_boxed(page) == (f'<p>Scores:</p>\n<div class="abh-table">{first}</div>\n<p>Weights:</p>'
                                       f'<div class="abh-table">{second}</div>{listing}')


def test_a_page_without_tables_is_unchanged() -> None:
    """Assert a page with no table comes back exactly as it went in."""
    page = "<p>The <code>&lt;table&gt;</code> tag is not a table.</p>"
    assert with_tables_boxed(page) == page
