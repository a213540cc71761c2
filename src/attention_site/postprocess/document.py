"""Stage 6 of the page pipeline (`pipeline.py`): a whole HTML document's head, once the theme has written it.

It imports only the page helpers (`page_head`, `page_assets`), never the engine, so that the MkDocs adapter can
secure a page that could not be built while the engine does not load.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import page_assets, page_head


@dataclass(frozen=True)
class Head:
    """What the head stage needs to know of a page and of the build."""

    site_name: str
    title: str
    description: str
    url: str
    serving: bool = False  # the preview: inline scripts left readable
    offline: bool = False  # read from disk: its search runs in a worker that no policy can name
    shipped: frozenset[str] = field(default_factory=frozenset)  # the inline scripts its templates make (page_head)
    added: tuple[str, ...] = ()  # inline scripts added once it is written: the preview's reload (live_reload)


def head(document: str, about: Head) -> str:
    """Stage 6 on a whole HTML document: sharing tags, then (but offline) search on demand and the policy."""
    shared = page_head.with_sharing_tags(document, site_name=about.site_name, title=about.title,
                                         url=about.url, description=about.description)
    return shared if about.offline else secured(shared, serving=about.serving, shipped=about.shipped,
                                                added=about.added)


def secured(document: str, *, serving: bool = False, shipped: frozenset[str] = frozenset(),
            added: tuple[str, ...] = ()) -> str:
    """A document with its search loaded on demand, its inline scripts minified (not in the preview, where a
    contributor reads them) and its Content Security Policy, allowing the inline scripts its templates ship and
    those `added` later, no other; a ValueError when it has nowhere to put it."""
    scripts = document if serving else page_head.with_minified_scripts(document)
    return page_head.with_policy(page_assets.with_search_on_demand(scripts), shipped, added)
