"""What a page loads on a first visit: the site's own scripts and stylesheets minified, and the search's
documents only once the reader opens the search.

Material for MkDocs starts its search worker on every page and fetches the whole search index with it (the
largest file a first visit would load). The site names a small worker of its own instead
(`overrides/assets/javascripts/workers/search-on-demand.js`) and serves Material an index with its
configuration but no documents; the documents move to `search/documents.json`, which that worker fetches,
with Material's own worker, when the reader first opens the search.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import rcssmin
import rjsmin

OWN_ASSETS = ("javascripts/*.js", "stylesheets/*.css")  # the site's own front end, as docs/ holds it
MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}
SEARCH_INDEX = "search/search_index.json"
SEARCH_DOCUMENTS = "search/documents.json"
ON_DEMAND_WORKER = "search-on-demand.js"
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
