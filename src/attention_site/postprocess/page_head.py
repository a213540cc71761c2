"""What every built page says in its head beyond the theme: a Content Security Policy and the sharing tags.

Pure functions on a page's HTML text; the page pipeline's head stage (`document.head`) calls them on every page.

The policy allows the site's script files (`'self'`) and exactly the inline scripts the site ships: those written
in the templates of the theme and of `overrides/`, rendered for the page as the theme renders them (its
`base_url`), never one taken from the finished page. A script that reached a page any other way (raw HTML split
over lines, a snippet, a listing, a label, a cached page) has no hash in the policy, so the browser does not run
it, and `foreign_scripts` names it so that the build can stop.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

import jinja2
import rjsmin

RE_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?P<attributes>[^>]*)>(?P<body>.*?)</script\s*>", re.DOTALL)
RE_CHARSET = re.compile(r"<meta charset=[^>]*>", re.IGNORECASE)
POLICY = ("default-src 'self'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'")


def with_minified_scripts(page_html: str) -> str:
    """The page with its inline scripts' comments and spaces removed: the head script and the theme toggle's are
    read on every first visit, and their comments are most of them. Data blocks (JSON) stay as they are."""

    def minified(match: re.Match[str]) -> str:
        if is_data(match["attributes"]):
            return match[0]
        return f"<script{match['attributes']}>{rjsmin.jsmin(match['body'])}</script>"

    return RE_INLINE_SCRIPT.sub(minified, page_html)


def is_data(attributes: str) -> bool:
    """Tell whether a script tag's attributes make it a data block (JSON), which the browser never runs."""
    return "application/json" in attributes


def template_scripts(folders: Iterable[Path]) -> tuple[str, ...]:
    """The inline scripts, as Jinja source, of every template under `folders` (the overrides and the theme)."""
    return tuple(sorted({
        match["body"] for folder in folders for path in sorted(folder.rglob("*.html"))
        for match in RE_INLINE_SCRIPT.finditer(path.read_text(encoding="utf-8")) if not is_data(match["attributes"])
    }))


@lru_cache(maxsize=256)
def compiled(source: str) -> jinja2.Template | None:
    """One template script compiled, or None for a fragment that is not a whole template (cut out of an `if`)."""
    try:
        # as MkDocs' environment renders a template; the newline before </script> is not the template's last
        return jinja2.Environment(autoescape=False, keep_trailing_newline=True).from_string(source)
    except jinja2.TemplateError:
        return None


def shipped_scripts(sources: Iterable[str], context: Mapping[str, object]) -> frozenset[str]:
    """The inline scripts the templates make for one page (`config` and `base_url` in `context`), as written and
    minified: the only inline scripts its policy allows."""
    shipped: set[str] = set()
    for source in sources:
        text = rendered(source, context)
        if text is not None:
            shipped |= {text, rjsmin.jsmin(text)}
    return frozenset(shipped)


def rendered(source: str, context: Mapping[str, object]) -> str | None:
    """One template script as the theme renders it from `context`, or None if it needs more (a page's own data:
    such a script is never allowed, since a page's data would then choose what the policy lets run)."""
    template = compiled(source)
    try:
        return None if template is None else template.render(context)
    except jinja2.TemplateError:
        return None


def foreign_scripts(page_html: str, shipped: frozenset[str]) -> list[str]:
    """The inline scripts of a page that no template ships: they reached it some other way, and never run."""
    return [match["body"] for match in RE_INLINE_SCRIPT.finditer(page_html)
            if not is_data(match["attributes"]) and match["body"] not in shipped]


def source_hash(script: str) -> str:
    """The CSP source that allows one inline script."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


def with_policy(page_html: str, shipped: frozenset[str], added: tuple[str, ...] = ()) -> str:
    """The page with a CSP meta tag after its charset, allowing by hash those of its inline scripts that the site
    ships (`shipped_scripts`) and the scripts `added` to it once written (the preview's reload), and no other."""
    hashes = sorted({source_hash(match["body"]) for match in RE_INLINE_SCRIPT.finditer(page_html)
                     if not is_data(match["attributes"]) and match["body"] in shipped} | set(map(source_hash, added)))
    tag = f'<meta http-equiv="Content-Security-Policy" content="{POLICY.format(hashes=" ".join(hashes)).strip()}">'
    charset = RE_CHARSET.search(page_html)
    if charset is None:
        raise ValueError("a page has no <meta charset>; the Content Security Policy goes right after it")
    return page_html[: charset.end()] + tag + page_html[charset.end() :]


def with_sharing_tags(page_html: str, *, site_name: str, title: str, description: str, url: str) -> str:
    """Open Graph and Twitter tags (title, description, address), so a shared link shows a card; no image host."""
    tags = {"og:type": "website", "og:site_name": site_name, "og:title": title, "og:description": description,
            "og:url": url, "twitter:card": "summary", "twitter:title": title, "twitter:description": description}
    head = "".join(f'<meta {"name" if key.startswith("twitter:") else "property"}="{key}" '
                   f'content="{html.escape(str(value), quote=True)}">' for key, value in tags.items() if value)
    return page_html.replace("</head>", head + "</head>", 1)
