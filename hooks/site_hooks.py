"""MkDocs hooks of the site: the entry point mkdocs.yml names under `hooks:`.

Everything lives in the installed package `attention_site` (see `attention_site/mkdocs_hooks.py`); this file
only hands MkDocs its events. `make serve` and `make test` install the package.
"""

from __future__ import annotations

try:
    from attention_site.mkdocs_hooks import (
        on_config,
        on_env,
        on_files,
        on_page_content,
        on_page_context,
        on_page_markdown,
        on_post_build,
        on_post_page,
        on_post_template,
        on_startup,
    )
except ModuleNotFoundError as error:  # pragma: no cover - depends on the environment
    from mkdocs.exceptions import PluginError

    raise PluginError(f"{error}: install the project first (`make serve` does, or `pip install -e .`)") from None

__all__ = ["on_config", "on_env", "on_files", "on_page_content", "on_page_context", "on_page_markdown",
           "on_post_build", "on_post_page", "on_post_template", "on_startup"]
