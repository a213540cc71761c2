"""The finished documents: each page's head (stage 6 of the pipeline, `document.head`) and the site's assets."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

from attention_site import live_reload, lms_copy
from attention_site.postprocess import document, page_assets, page_head

from .failures import page_failed
from .pages import source_path

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page

    from .state import Stamp, State


class AllowedScripts(TypedDict):
    """The inline scripts a page's policy allows, as `document.Head` and `document.secured` take them."""

    shipped: frozenset[str]
    added: tuple[str, ...]


def finished_page(output: str, page: Page, config: MkDocsConfig, state: State) -> str:
    """A page with its sharing tags and, but offline, its search on demand and Content Security Policy.

    The offline build goes without the last two: from disk, its search runs in a worker shim that writes an
    inline script into an iframe, which no hash can name. Its pages passed every other check of the build.
    """
    title = f"{page.title} - {config.site_name}" if page.title and not page.is_homepage else config.site_name
    about = document.Head(site_name=config.site_name, title=title, url=page.canonical_url or "",
                          description=page.meta.get("description") or config.site_description or "",
                          serving=state.serving, offline=state.offline,
                          **inline_scripts(output, config, state, get_relative_url(".", page.url),
                                           source_path(page, config)))
    output = with_live_manifest(output, page, config, state)
    try:
        return document.head(output, about)
    except ValueError as error:
        raise PluginError(str(error)) from None


def with_live_manifest(output: str, page: Page, config: MkDocsConfig, state: State) -> str:
    """A live page with its live.json beside it (offline: inside it, as a page read from disk cannot fetch). A page
    whose examples do not load gets none: its expansion has already reported why, and shows it while serving."""
    engine = state.engine
    if engine is None:
        return output
    try:
        manifest = engine.live_manifest(page.file.content_string)
    except (PluginError, engine.directive_error):
        return output
    return engine.with_manifest(output, manifest, Path(config.site_dir) / page.file.dest_uri, state.offline)


def finished_template(output: str, template_name: str, config: MkDocsConfig, state: State) -> str:
    """An HTML page made from a template alone (404.html), secured as the pages are."""
    if not template_name.endswith(".html") or state.offline:
        return output
    try:
        base_url = urlsplit(config.site_url or "/").path  # as MkDocs renders an error page's templates
        return document.secured(output, serving=state.serving,
                                **inline_scripts(output, config, state, base_url, template_name))
    except ValueError as error:
        raise PluginError(str(error)) from None


def inline_scripts(output: str, config: MkDocsConfig, state: State, base_url: str, shown: str) -> AllowedScripts:
    """The inline scripts a page's policy allows: those the templates of the theme and of overrides/ make for it
    (rendered for its `base_url`) and, while serving, the reload script. Any other inline script reached the page
    some other way: it is a problem of the page, and blocked by the browser while serving."""
    sources = template_sources(tuple(config.theme.dirs), state.templates)
    shipped = page_head.shipped_scripts(sources, {"config": config, "base_url": base_url})
    for script in page_head.foreign_scripts(output, shipped):
        page_failed(state.problems, shown, f"{shown}: an inline script that no template of the theme or of "
                    f"overrides/ holds reached the page: '{script.strip()[:80]}'; pages may not hold scripts (the "
                    "site's own live in docs/javascripts/, its inline ones in overrides/)", state.serving)
    return {"shipped": shipped, "added": (live_reload.RELOAD_SCRIPT,) if state.serving else ()}


@functools.lru_cache(maxsize=4)
def template_sources(folders: tuple[str, ...], stamp: Stamp) -> tuple[str, ...]:
    """The inline scripts of the theme's templates and the overrides, read again when an override changed."""
    return page_head.template_scripts(map(Path, folders))


def site_assets(config: MkDocsConfig, state: State) -> None:
    """The lesson's copy for a learning platform; the search's documents with readable formulas, on demand (the
    offline build keeps them in the index, as Material does); the site's own scripts and stylesheets minified and
    Material's stylesheets trimmed to the rules the site can use (not in the preview, where a contributor reads them
    and waits for every rebuild)."""
    site, engine = Path(config.site_dir), state.engine
    page_assets.serve_search_documents(site, on_demand=not state.offline,
                                       readable=engine.readable_documents if engine else None)
    lms_copy.write_lms_copies(site, config.site_url or "", config.site_name)
    if not state.serving:
        page_assets.minify_own_assets(site)
        page_assets.bundle_own_stylesheets(site, config.extra_css)
        page_assets.serve_trimmed_theme_stylesheets(site, config.theme["features"], config.extra,
                                                    engine.theme_cache if engine else None)
