"""What every built page says in its head beyond the theme: a Content Security Policy and the sharing tags.

Pure functions on a page's HTML text; the MkDocs adapter (`mkdocs_hooks`) calls them on every page.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re

import rjsmin

RE_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?P<attributes>[^>]*)>(?P<body>.*?)</script>", re.DOTALL)
RE_CHARSET = re.compile(r"<meta charset=[^>]*>", re.IGNORECASE)
POLICY = ("default-src 'self'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'")


def with_minified_scripts(page_html: str) -> str:
    """The page with its inline scripts' comments and spaces removed: the head script and the theme toggle's are
    read on every first visit, and their comments are most of them. Data blocks (JSON) stay as they are."""

    def minified(match: re.Match[str]) -> str:
        if "application/json" in match["attributes"]:
            return match[0]
        return f"<script{match['attributes']}>{rjsmin.jsmin(match['body'])}</script>"

    return RE_INLINE_SCRIPT.sub(minified, page_html)


def with_policy(page_html: str) -> str:
    """The page with a CSP meta tag after its charset, allowing exactly its own inline scripts by hash."""
    hashes = sorted({
        "'sha256-" + base64.b64encode(hashlib.sha256(match["body"].encode()).digest()).decode() + "'"
        for match in RE_INLINE_SCRIPT.finditer(page_html) if "application/json" not in match["attributes"]
    })
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
