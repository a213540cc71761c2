"""The lesson's copy for a learning platform: no script, no stylesheet, no data- attribute; every number kept."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from attention_site.lms_copy import COPIES, lms_copy

URL = "https://example.org/site/lesson/"
BUILT = textwrap.dedent("""\
    <html><head><title>The lesson</title><script>x()</script></head><body>
    <article class="md-content__inner md-typeset">
    <a href="edit" title="Edit this page" class="md-content__button md-icon">edit</a>
    <div class="speaker-notes" hidden>
<p><strong>Minute 4 of 45:</strong> ask the room.</p>
</div>
    <h2 id="step">Step<a class="headerlink" href="#step" title="Permanent link">&para;</a></h2>
    <p>See <a href="../walkthrough/">the walk-through</a> and <a href="#step">above</a>.</p>
    <table class="abh-table"><thead><tr><th>token</th></tr></thead><tbody><tr><td>
    <span class="fill-in" data-answer="0.665" data-display="0.665" data-label="w"></span></td></tr></tbody></table>
    <div class="attention-calculator" data-calculator='{"a": 1}'><p class="attention-calculator__fallback">x</p></div>
    <figure class="attn-figure" data-live="3" markdown="0"><svg><title>t</title><desc>bus: 0.212, 0.576.</desc>
    <rect class="abh-heat"/></svg><figcaption>coloured</figcaption></figure>
    </article><script>y()</script></body></html>
    """)


def test_the_copy_keeps_the_text_and_drops_what_needs_the_site() -> None:
    """Assert the copy has the article's text with absolute links and inline styles, the picture as its words, a link
    for the calculator and a note, and no speaker notes, no script, no data- attribute (the boxes' answers) and no
    edit button."""
    copy = lms_copy(BUILT, URL, "The lesson")
    assert "Minute 4" not in copy and "speaker-notes" not in copy
    assert "<script" not in copy and "data-" not in copy and "0.665" not in copy and "Edit" not in copy
    assert '<a href="https://example.org/site/walkthrough/">' in copy and '<a href="#step">' in copy
    assert "&para;" not in copy and "<svg" not in copy and "bus: 0.212, 0.576." in copy
    assert f'<a href="{URL}#try-it-yourself">' in copy and "calculator" in copy.split("<h2")[0]
    assert '<td style="border: 1px solid #999' in copy and "<thead>" in copy
    assert re.search(r'<span class="fill-in" style="display: inline-block; min-width: 4em[^"]*"></span>', copy)


def test_a_page_without_an_article_is_refused() -> None:
    """Assert a page the theme laid out otherwise stops the copy, naming the page."""
    with pytest.raises(ValueError, match=URL):
        lms_copy("<html><body><p>x</p></body></html>", URL, "x")


@pytest.mark.slow
def test_the_built_site_serves_the_copy_and_the_teachers_page_links_it(built_site: Path) -> None:
    """Assert the build writes the lesson's copy with none of what a platform strips or refuses (script, style,
    link, an on* handler, javascript:), every decimal of the lesson's article, and only absolute links."""
    [(page, copy_path)] = COPIES.items()
    copy = (built_site / copy_path).read_text("utf-8")
    assert not re.search(r"<(script|style|link|iframe|form|button|input)\b|\son\w+=|javascript:|data-", copy, re.I)
    article = re.search(r"<article.*?</article>", (built_site / page).read_text("utf-8"), re.DOTALL)[0]
    decimals = set(re.findall(r"(?<![\w.])\d+\.\d+(?![\w.])", re.sub(r"<[^>]+>|data-\w+='[^']*'", " ", article)))
    assert len(decimals) >= 20 and decimals <= set(re.findall(r"\d+\.\d+", copy))
    links = re.findall(r'href="([^"#][^"]*)"', copy)
    assert links and all(link.startswith(("https://", "mailto:")) for link in links), links
    assert "lesson-for-a-learning-platform.html" in (built_site / "teachers" / "index.html").read_text("utf-8")
