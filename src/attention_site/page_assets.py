"""What a page loads on a first visit: the site's own scripts and stylesheets minified, Material's stylesheets
without the rules the site can never use, and the search's documents only once the reader opens the search.

Material for MkDocs starts its search worker on every page and fetches the whole search index with it (the
largest file a first visit would load). The site names a small worker of its own instead
(`overrides/assets/javascripts/workers/search-on-demand.js`) and serves Material an index with its
configuration but no documents; the documents move to `search/documents.json`, which that worker fetches,
with Material's own worker, when the reader first opens the search.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path

import rcssmin
import rjsmin

from attention_site import css_trim

OWN_STYLESHEETS = "stylesheets/*.css"
OWN_ASSETS = ("javascripts/*.js", OWN_STYLESHEETS)  # the site's own front end, as docs/ holds it
MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}
SEARCH_INDEX = "search/search_index.json"
SEARCH_DOCUMENTS = "search/documents.json"
ON_DEMAND_WORKER = "search-on-demand.js"
THEME_STYLESHEETS = ("assets/stylesheets/main.*.min.css", "assets/stylesheets/palette.*.min.css")
TRIMMED = "{name}.trimmed.{digest}.min.css"  # named after its content: a changed trim is a new address
# Attributes that take their values only from the pages (Material's palette copies them from its inputs); the
# colour scheme is not among them, since the reading settings set it from a script.
KNOWN_ATTRIBUTES = ("data-md-color-primary", "data-md-color-accent")
RE_SEARCH_WORKER = re.compile(
    r'"search": "(?P<folder>[^"]*assets/javascripts/workers/)(?P<worker>search\.[0-9a-f]+\.min\.js)"')


def with_search_on_demand(page_html: str) -> str:
    """The page with Material's configuration naming the on-demand worker, which is told where Material's is."""
    documents = "../../../" + SEARCH_DOCUMENTS  # from assets/javascripts/workers/ back to the site's root
    return RE_SEARCH_WORKER.sub(
        lambda match: f'"search": "{match["folder"]}{ON_DEMAND_WORKER}?worker={match["worker"]}&documents={documents}"',
        page_html, count=1)


def split_search_index(site_dir: Path) -> None:
    """Move the search's documents out of the index Material fetches on load, into the file fetched on demand."""
    index_path = site_dir / SEARCH_INDEX
    if not index_path.is_file():
        return  # no search plugin
    index = json.loads(index_path.read_text(encoding="utf-8"))
    (site_dir / SEARCH_DOCUMENTS).write_text(json.dumps({"docs": index["docs"]}, separators=(",", ":")),
                                             encoding="utf-8")
    index_path.write_text(json.dumps({"config": index["config"], "docs": []}, separators=(",", ":")),
                          encoding="utf-8")


def minify_own_assets(site_dir: Path) -> None:
    """Minify the site's own scripts and stylesheets in the built site (their comments and spaces are about a
    third of what a first visit loads of them); the sources in docs/ stay as they are."""
    for pattern in OWN_ASSETS:
        for path in sorted(site_dir.glob(pattern)):
            path.write_text(MINIFIERS[path.suffix](path.read_text(encoding="utf-8")), encoding="utf-8")


def serve_trimmed_theme_stylesheets(site_dir: Path) -> None:
    """Write Material's stylesheets without the rules the built site can never use, under names that carry their
    content's hash, and point every page at them. The originals stay where they were."""
    pages = {path: path.read_text(encoding="utf-8") for path in sorted(site_dir.rglob("*.html"))}
    names, palette = site_names(site_dir, pages.values())
    renamed = {}
    for pattern in THEME_STYLESHEETS:
        for path in sorted(site_dir.glob(pattern)):
            if ".trimmed." in path.name:
                continue  # written by an earlier build into the same folder (`mkdocs build --dirty`)
            trimmed = css_trim.trimmed_stylesheet(path.read_text(encoding="utf-8"), names, palette)
            name = TRIMMED.format(name=path.name.split(".")[0], digest=hashlib.sha256(trimmed.encode()).hexdigest()[:8])
            (path.parent / name).write_text(trimmed, encoding="utf-8")
            renamed[f"assets/stylesheets/{path.name}\""] = f"assets/stylesheets/{name}\""
    for path, page_html in pages.items():
        linked = page_html
        for old, new in renamed.items():
            linked = linked.replace(old, new)
        if linked != page_html:
            path.write_text(linked, encoding="utf-8")


def site_names(site_dir: Path, pages: Iterable[str]) -> tuple[css_trim.SiteNames, dict[str, set[str]]]:
    """The names the built site may use, and the values its pages give Material's palette attributes."""
    classes: set[str] = set()
    scripts: list[str] = []
    palette: dict[str, set[str]] = {name: set() for name in KNOWN_ATTRIBUTES}
    for page_html in pages:
        classes |= css_trim.page_classes(page_html)
        scripts += css_trim.inline_scripts(page_html)
        for name, values in css_trim.attribute_values(page_html, KNOWN_ATTRIBUTES).items():
            palette[name] |= values
    # Besides the pages, a class or animation name may come from any script the site serves, any JSON file (the
    # search's documents become result HTML) and the site's own stylesheets (an animation of Material's).
    for pattern in ("**/*.js", "**/*.json", OWN_STYLESHEETS):
        scripts += [path.read_text(encoding="utf-8") for path in sorted(site_dir.glob(pattern))]
    return css_trim.SiteNames.of(classes, "\n".join(scripts)), palette
