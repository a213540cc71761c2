"""The same engine as a Python-Markdown extension: numbers expanded without MkDocs, errors at page:line."""

from __future__ import annotations

import markdown
import pytest

from attention_site.directives import DirectiveError
from attention_site.extension import AttentionExtension


def test_the_extension_expands_directives_without_mkdocs() -> None:
    """Assert plain Python-Markdown with the extension renders rolls' weights as a table and a value, each marked for
    live.js as the MkDocs route marks it."""
    text = "Rolls: <!-- attn:value red-ball-rolls output row=rolls -->\n\n<!-- attn:table red-ball-rolls weights -->\n"
    html = markdown.markdown(text, extensions=[AttentionExtension(page="docs/x.md"), "tables"])
    assert '<p>Rolls: <span class="attn-live" data-live="0">(1/2, 5/4)</span></p>' in html
    assert "<td>1/4</td>" in html.replace(' style="text-align: right;"', "")


def test_the_extension_is_found_by_its_dotted_name() -> None:
    """Assert `extensions=["attention_site.extension"]` loads it, as a config file would."""
    html = markdown.markdown("<!-- attn:value red-ball-rolls weights row=ball col=red -->",
                             extensions=["attention_site.extension"])
    assert html == '<p><span class="attn-live" data-live="0">1/2</span></p>'


def test_the_extension_reports_page_and_line() -> None:
    """Assert a typo raises a DirectiveError naming the configured page and the line."""
    page = "a\n\n<!-- attn:value red-ball-rolls outptu -->"
    with pytest.raises(DirectiveError, match=r"^docs/x\.md:3: unknown value 'outptu'"):
        markdown.markdown(page, extensions=[AttentionExtension(page="docs/x.md")])
