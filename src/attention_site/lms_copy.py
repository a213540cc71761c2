"""The lesson for a learning platform (Canvas, Moodle): one HTML file that needs no script and no stylesheet.

A platform strips `<script>`, `<style>` and `<link>` from what a teacher uploads, and may strip `data-` attributes,
so the copy is made from the lesson as built: its article only, with every table, formula (MathML) and answer block
kept, the teacher's speaker notes left out, the tables and answer boxes drawn by inline styles, each picture given
as its text (its colours come from the site's stylesheet), links made absolute, the live calculator replaced by a
link to it, and a note at the top saying which parts need the full site. The answers of the empty boxes, which the
site keeps in `data-` attributes for its checker, are left out: the copy carries them only in its answer blocks.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urljoin

COPIES = {"lesson/index.html": "downloads/lesson-for-a-learning-platform.html"}
RE_ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">(.*?)</article>', re.DOTALL)
RE_HEADERLINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.DOTALL)
RE_DATA = re.compile(r"""\sdata-[\w-]+(?:="[^"]*"|='[^']*')?""")
RE_NOTES = re.compile(r'<div class="speaker-notes"[^>]*>.*?</div>', re.DOTALL)  # the teacher's, for slides
RE_CALCULATOR = re.compile(r'<div class="attention-calculator"[^>]*>.*?</div>', re.DOTALL)
RE_FIGURE = re.compile(r'<figure class="attn-figure"[^>]*>.*?<desc[^>]*>(.*?)</desc>.*?</figure>', re.DOTALL)
RE_LINK = re.compile(r'(\s(?:href|src)=")(?!#|https?:|mailto:)([^"]*)"')
RE_THEME_PARTS = re.compile(r'<a [^>]*class="md-content__button[^>]*>.*?</a>|<aside class="md-source-file">.*?</aside>',
                            re.DOTALL)  # the edit button and the date of the last change
STYLES = {  # what the site's stylesheets did, as the inline styles platforms keep
    "<table": '<table style="border-collapse: collapse; margin: 0.6em 0"',
    "<th": '<th style="border: 1px solid #999; padding: 0.3em 0.6em"',
    "<td": '<td style="border: 1px solid #999; padding: 0.3em 0.6em"',
    '<p class="admonition-title"': '<p class="admonition-title" style="font-weight: bold"',
    '<summary': '<summary style="font-weight: bold; cursor: pointer"',
    '<span class="fill-in"': '<span class="fill-in" style="display: inline-block; min-width: 4em; min-height: 1.4em; '
                             'border: 1px solid #555; vertical-align: middle"',
}
RE_STYLED = re.compile("|".join(re.escape(tag) + (r"(?=[\s>])" if tag[-1].isalpha() else "") for tag in STYLES))


def note(page_url: str) -> str:
    """What the copy says first: that it works without scripts, and where the two live parts are."""
    return (f'<p><strong>A copy for a learning platform.</strong> Every table, formula and answer of the lesson is '
            f'here and works without scripts. Two parts need <a href="{page_url}">the full lesson</a>: the live '
            f"calculator, and checking the numbers typed into the empty boxes. Print the boxes, or copy them onto "
            f"paper.</p>")


def calculator_link(page_url: str) -> str:
    """What stands for the live calculator: a link to it on the full site."""
    return f'<p><em>The live calculator is on <a href="{page_url}#try-it-yourself">the full lesson</a>.</em></p>'


def figure_as_text(match: re.Match[str]) -> str:
    """A picture as the text the site gives screen readers: what it shows, number by number."""
    return f"<p><strong>The picture, in words</strong> (the full lesson draws it): {match[1]}</p>"


def lms_copy(built: str, page_url: str, title: str) -> str:
    """The learning platform's copy of one built page, whose address on the site is `page_url`."""
    article = RE_ARTICLE.search(built)
    if article is None:
        raise ValueError(f"{page_url}: no article in the built page")
    body = RE_THEME_PARTS.sub("", RE_HEADERLINK.sub("", article[1]))
    body = RE_CALCULATOR.sub(lambda _: calculator_link(page_url), RE_NOTES.sub("", body))
    body = RE_DATA.sub("", RE_FIGURE.sub(figure_as_text, body))
    body = RE_LINK.sub(lambda m: f'{m[1]}{html.escape(urljoin(page_url, html.unescape(m[2])))}"', body)
    body = RE_STYLED.sub(lambda m: STYLES[m[0]], body)
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{html.escape(title)}</title>\n'
            f"</head>\n<body>\n{note(page_url)}\n{body.strip()}\n</body>\n</html>\n")


def write_lms_copies(site_dir: Path, site_url: str, site_name: str) -> None:
    """Write each page's learning-platform copy into the built site, beside the workbooks."""
    for page, copy in COPIES.items():
        built = (site_dir / page).read_text("utf-8")
        title = re.search(r"<title>(.*?)</title>", built, re.DOTALL)
        page_url = urljoin(site_url or "/", page.removesuffix("index.html"))
        target = site_dir / copy
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(lms_copy(built, page_url, html.unescape(title[1]) if title else site_name), "utf-8")
