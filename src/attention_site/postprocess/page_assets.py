"""What a page loads on a first visit: the site's own scripts and stylesheets minified, Material's stylesheets
without the rules the site can never use, and the search's documents only once the reader opens the search.

Material for MkDocs starts its search worker on every page and fetches the whole search index with it (the
largest file a first visit would load). The site names a small worker of its own instead
(`overrides/assets/javascripts/workers/search-on-demand.js`) and serves Material an index with its
configuration but no documents; the documents move to `search/documents.json`, which that worker fetches,
with Material's own worker, when the reader first opens the search.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import minify
import rcssmin

from attention_site.postprocess import css_trim

if TYPE_CHECKING:
    from attention_site.build_cache import TextCache

OWN_STYLESHEETS = "stylesheets/*.css"
PRINT_STYLESHEET = "print.css"  # linked by overrides/main.html for print only, on every page
BUNDLE = "site.{digest}.css"  # the stylesheets every page links, as one file (bundle_own_stylesheets)
OWN_ASSETS = ("javascripts/*.js", "javascripts/live/*.js", OWN_STYLESHEETS)  # the site's own front end


def minified_script(text: str) -> str:
    """One of the site's own scripts minified by tdewolff/minify (the `minify-go` package): comments and spaces gone
    and each function's own names made short, which rjsmin does not do (reader.js 4.5 to 3.8 KB gzip on every first
    visit, live.js 19.4 to 16.1 KB); the names other scripts read (properties, globals) stay. The browser suites run
    these files as served. The templates' inline scripts keep rjsmin (page_head.py): minify-go 2.24 stops with "EOF"
    on Material's announcement script, which is valid."""
    return str(minify.string("application/javascript", text))


MINIFIERS = {".js": minified_script, ".css": rcssmin.cssmin}
SEARCH_INDEX = "search/search_index.json"
SEARCH_DOCUMENTS = "search/documents.json"
ON_DEMAND_WORKER = "search-on-demand.js"
THEME_STYLESHEETS = ("assets/stylesheets/main.*.min.css", "assets/stylesheets/palette.*.min.css")
TRIMMED = "{name}.trimmed.{digest}.min.css"  # named after its content: a changed trim is a new address
# Attributes that take their values only from the pages (Material's palette copies them from its inputs); the
# colour scheme is not among them, since the reading settings set it from a script.
KNOWN_ATTRIBUTES = ("data-md-color-primary", "data-md-color-accent")
# Attributes whose rules the site replaces with its own: Material sets data-md-color-switching on <body> while
# the palette changes, to stop colour transitions, and also on every page load, where its rule for every element
# (`[data-md-color-switching] *`) made the browser restyle the whole page twice. reader.js and reader.css stop
# the transitions only when a reader does switch.
REPLACED_ATTRIBUTES = ("data-md-color-switching",)
# Parts of Material's stylesheet that only a page's own HTML brings (a template, a Markdown extension or the
# page writes their classes): kept when some built page carries a class of the part. Every other class is kept.
ADMONITION_KINDS = ("note", "abstract", "summary", "tldr", "info", "todo", "tip", "hint", "important", "success",
                    "check", "done", "question", "help", "faq", "warning", "caution", "attention", "failure", "fail",
                    "missing", "danger", "error", "bug", "example", "quote", "cite")
THEME_PARTS_IN_PAGES = (
    "md-post", "md-author", "md-profile", "md-draft",  # the blog plugin
    "md-tag", "md-tags",  # the tags plugin
    "md-status",  # a page's status
    "md-banner",  # the announcement bar
    "md-consent", "md-feedback",  # the cookie consent and the "was this page helpful" form
    "md-select",  # the language selector
    "md-tabs", "md-path",  # navigation tabs and breadcrumbs
    "md-social",  # the footer's social links
    "task-list",  # pymdownx.tasklist
    "critic", "keys", "twemoji", "gemoji", "emojione", "mermaid", "katex", "giscus", "card", "cards", "grid",
    *ADMONITION_KINDS,
)
# Parts Material's script adds by itself, and what turns each on: a feature, an `extra` key or a page's marker.
THEME_PARTS_BY_SCRIPT = {
    "md-annotation": ("feature", "content.code.annotate"),
    "md-version": ("extra", "version"),
    "md-source__fact": ("page", 'data-md-component="source"'),  # the repository's stars and forks
}
# The files that may name an animation or a custom property of Material's: its script and the site's own front end.
NAMING_FILES = ("assets/javascripts/bundle.*.min.js", *OWN_ASSETS)
RE_NAME = re.compile(r"-?-?[A-Za-z_][\w-]*")
RE_VAR_READ = re.compile(r"var\(\s*(--[\w-]+)")
RE_SEARCH_WORKER = re.compile(
    r'"search": "(?P<folder>[^"]*assets/javascripts/workers/)(?P<worker>search\.[0-9a-f]+\.min\.js)"')


def with_search_on_demand(page_html: str) -> str:
    """The page with Material's configuration naming the on-demand worker, which is told where Material's is."""
    documents = "../../../" + SEARCH_DOCUMENTS  # from assets/javascripts/workers/ back to the site's root
    return RE_SEARCH_WORKER.sub(
        lambda match: f'"search": "{match["folder"]}{ON_DEMAND_WORKER}?worker={match["worker"]}&documents={documents}"',
        page_html, count=1)


def serve_search_documents(site_dir: Path, *, on_demand: bool, readable: Callable[[str], str] | None) -> None:
    """Give the search's documents readable formulas with `readable` (mathml.readable_documents, kept between builds;
    None leaves them as they are: while serving, a broken engine); with `on_demand`, move the documents out of the
    index Material fetches on load, into the file fetched when the search opens."""
    index_path = site_dir / SEARCH_INDEX
    if not index_path.is_file():
        return  # no search plugin
    index = json.loads(index_path.read_text(encoding="utf-8"))
    docs = json.loads(readable(json.dumps(index["docs"]))) if readable else index["docs"]
    if on_demand:
        (site_dir / SEARCH_DOCUMENTS).write_text(json.dumps({"docs": docs}, separators=(",", ":")), encoding="utf-8")
        docs = []
    index_path.write_text(json.dumps({**index, "docs": docs}, separators=(",", ":")), encoding="utf-8")


def minify_own_assets(site_dir: Path) -> None:
    """Minify the site's own scripts and stylesheets in the built site (their comments and spaces are about a
    third of what a first visit loads of them); the sources in docs/ stay as they are."""
    for pattern in OWN_ASSETS:
        for path in sorted(site_dir.glob(pattern)):
            path.write_text(MINIFIERS[path.suffix](path.read_text(encoding="utf-8")), encoding="utf-8")


def bundle_own_stylesheets(site_dir: Path, every_page: Sequence[str]) -> str:
    """Serve the site's own stylesheets that every page links (`every_page`: mkdocs.yml's extra_css, in order, then
    print.css, linked for print only) as one file, `stylesheets/site.<hash>.css`, and point every page at it: one
    request in place of five, and one gzip stream that compresses their common words once (1.2 KB less on every
    first visit). The print rules keep their medium inside it. A stylesheet only some pages link (a handout's, the
    questions') stays apart, and so do the preview's (`mkdocs serve` links each file, as docs/ holds it). Returns
    the bundle's name."""
    folder = site_dir / OWN_STYLESHEETS.removesuffix("*.css")
    parts = [(folder / Path(name).name).read_text(encoding="utf-8") for name in every_page]
    parts.append("@media print{" + (folder / PRINT_STYLESHEET).read_text(encoding="utf-8") + "}")
    bundle = "\n".join(parts)
    name = BUNDLE.format(digest=hashlib.sha256(bundle.encode()).hexdigest()[:8])
    (folder / name).write_text(bundle, encoding="utf-8")
    names = "|".join(re.escape(Path(sheet).name) for sheet in (*every_page, PRINT_STYLESHEET))
    linked = re.compile(rf'<link rel="stylesheet" href="(?P<folder>[^"]*?)stylesheets/(?:{names})"(?: media="print")?>'
                        r"\n?[ \t]*")
    for path in sorted(site_dir.rglob("*.html")):
        page_html = path.read_text(encoding="utf-8")
        links = list(linked.finditer(page_html))
        if len(links) != len(every_page) + 1:
            continue  # not a page of the theme (a download, a redirect)
        first = links[0]
        one = f'<link rel="stylesheet" href="{first["folder"]}stylesheets/{name}">\n'
        path.write_text(linked.sub("", page_html[:first.start()] + one + page_html[first.start():]),
                        encoding="utf-8")
    return name


def serve_trimmed_theme_stylesheets(site_dir: Path, features: Collection[str], extra: Mapping[str, object],
                                    kept: TextCache | None = None) -> None:
    """Write Material's stylesheets without the rules the built site can never use, under names that carry their
    content's hash, and point every page at them. The originals stay where they were. With `kept`, a stylesheet
    trimmed by an earlier build for the same inputs is read back instead of trimmed again."""
    pages = {path: path.read_text(encoding="utf-8") for path in sorted(site_dir.rglob("*.html"))}
    names, palette, named = site_names(site_dir, pages.values(), features, extra)
    # (a sheet named .trimmed. was written by an earlier build into the same folder: `mkdocs build --dirty`)
    sheets = {path: path.read_text(encoding="utf-8") for pattern in THEME_STYLESHEETS
              for path in sorted(site_dir.glob(pattern)) if ".trimmed." not in path.name}
    # A custom property one of them declares may be read by the other (the palette's colours read main's hue).
    reads = {path: frozenset(RE_VAR_READ.findall(css)) for path, css in sheets.items()}
    renamed = {}
    for path, css in sheets.items():
        read_by_others = frozenset().union(*(found for other, found in reads.items() if other != path))
        elsewhere = named | read_by_others
        trim = functools.partial(css_trim.trimmed_stylesheet, css, names, palette, elsewhere)
        inputs = (css, " ".join(sorted(names.shown)), json.dumps(palette, sort_keys=True, default=sorted),
                  " ".join(sorted(elsewhere)))
        trimmed = kept.get(trim, *inputs) if kept else trim()
        name = TRIMMED.format(name=path.name.split(".")[0], digest=hashlib.sha256(trimmed.encode()).hexdigest()[:8])
        (path.parent / name).write_text(trimmed, encoding="utf-8")
        renamed[f"assets/stylesheets/{path.name}\""] = f"assets/stylesheets/{name}\""
    for path, page_html in pages.items():
        linked = page_html
        for old, new in renamed.items():
            linked = linked.replace(old, new)
        if linked != page_html:
            path.write_text(linked, encoding="utf-8")


def site_names(site_dir: Path, pages: Iterable[str], features: Collection[str], extra: Mapping[str, object]
               ) -> tuple[css_trim.UsedClasses, dict[str, set[str]], frozenset[str]]:
    """The classes the built site may use (every class but those of the theme's parts it never shows), the
    values its pages give Material's palette attributes (none for the attributes whose rules the site replaces),
    and the names (animations, custom properties) that its scripts and its own stylesheets use."""
    classes: set[str] = set()
    palette: dict[str, set[str]] = {name: set() for name in KNOWN_ATTRIBUTES}
    markers = {value for setting, value in THEME_PARTS_BY_SCRIPT.values() if setting == "page"}
    found: set[str] = set()
    for page_html in pages:
        classes |= css_trim.page_classes(page_html)
        for name, values in css_trim.attribute_values(page_html, KNOWN_ATTRIBUTES).items():
            palette[name] |= values
        found |= {marker for marker in markers if marker in page_html}
    parts = css_trim.UsedClasses(THEME_PARTS_IN_PAGES + tuple(THEME_PARTS_BY_SCRIPT), frozenset())
    shown = {part for name in classes if (part := parts.part_of(name)) is not None}
    turned_on = {"feature": lambda value: value in features, "extra": lambda value: bool(extra.get(value)),
                 "page": lambda value: value in found}
    shown |= {part for part, (setting, value) in THEME_PARTS_BY_SCRIPT.items() if turned_on[setting](value)}
    texts = [path.read_text(encoding="utf-8") for pattern in NAMING_FILES for path in sorted(site_dir.glob(pattern))]
    named = frozenset(RE_NAME.findall("\n".join(texts)))
    palette.update({name: set() for name in REPLACED_ATTRIBUTES})
    return css_trim.UsedClasses(parts.parts, frozenset(shown)), palette, named
