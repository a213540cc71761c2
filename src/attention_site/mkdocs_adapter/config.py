"""What the adapter reads from mkdocs.yml once a build: its folder, the snippet folders, the offline switch."""

from __future__ import annotations

import functools
import importlib
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

REQUIRED_EXTENSIONS = ("pymdownx.arithmatex", "pymdownx.superfences", "tables", "md_in_html")
WORKER_SHIM = "assets/javascripts/iframe-worker-shim.js"  # served by the offline build, from npm's iframe-worker


def check_extensions(config: MkDocsConfig) -> None:
    """Stop unless mkdocs.yml names the Markdown extensions the pages need."""
    missing = [name for name in REQUIRED_EXTENSIONS if name not in config.markdown_extensions]
    if missing:
        raise PluginError(f"mkdocs.yml: markdown_extensions lacks {', '.join(missing)}; the pages need them")


def project_root(config: MkDocsConfig) -> Path:
    """The folder that holds mkdocs.yml."""
    return folder_of(config.config_file_path)


@functools.cache
def folder_of(config_file: str) -> Path:
    """The folder that holds a configuration file, resolved once (each page asks for it three times)."""
    return Path(config_file).resolve().parent


def anchor_snippets(config: MkDocsConfig) -> tuple[Path, ...]:
    """Resolve the snippets extension's base paths against the project, not the folder MkDocs was started from, and
    return them: the only folders a snippet include may read from."""
    snippets = config.mdx_configs.get("attention_site.snippets")
    if snippets is None:
        return ()
    paths = snippets.get("base_path", ["."])
    root = project_root(config)
    snippets["base_path"] = [str(root / path) for path in ([paths] if isinstance(paths, str) else paths)]
    return tuple(Path(path) for path in snippets["base_path"])


def use_local_worker_shim(config: MkDocsConfig) -> bool:
    """In an offline build, load the iframe-worker shim from the site itself instead of the CDN Material names, and
    turn instant navigation off: from file:// Material's bundle ends its `document$` before the page's first emit
    when the feature is on, and every script waiting on it (Material's own, the site's) never runs; return whether
    the build is one for reading from disk."""
    plugin = config.plugins.get("material/offline") or config.plugins.get("offline")
    offline = bool(plugin and plugin.config.enabled)
    if offline:
        polyfills = config.extra.get("polyfills", [])
        config.extra["polyfills"] = [WORKER_SHIM if "iframe-worker" in url else url for url in polyfills]
        features = config.theme.get("features", [])
        config.theme["features"] = [name for name in features if not name.startswith("navigation.instant")]
    return offline


def refuse_tracked_cache(config: MkDocsConfig) -> None:
    """Stop before building if git tracks files under .cache/: a cache is one machine's, never a pull request's."""
    build_cache = importlib.import_module("attention_site.build_cache")  # reloaded with the engine
    tracked = build_cache.tracked_cache_files(project_root(config))
    if tracked:
        raise PluginError(f"{tracked[0]}:1: git tracks {len(tracked)} file(s) under .cache/; the build cache is kept "
                          "by each machine and never committed: run `git rm -r --cached .cache` and build again")
