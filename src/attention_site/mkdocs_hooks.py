"""The MkDocs adapter's events: each hands its page or files to the room that handles it, in `mkdocs_adapter/`.

`hooks/site_hooks.py` (listed under `hooks:` in mkdocs.yml) re-exports these. The rooms, each small:

- `config`: what is read from mkdocs.yml (its folder, the snippet folders, the offline switch);
- `reload`: the engine loaded afresh whenever its files change (MkDocs never reloads hook modules, mkdocs
  issue #3993), as an `Engine` of typed functions; an edit to a page alone keeps the loaded engine;
- `files`: the files of docs/ checked, the workbooks and the offline shim added;
- `pages`: a page's Markdown, HTML and MathML through the page pipeline (`attention_site.pipeline`);
- `failures`: a page that does not build, kept for the end of the build and shown in its place while serving;
- `head`: each finished document's head (sharing tags, search on demand, Content Security Policy) and the
  site's assets;
- `serve`: the theme's templates compiled once per preview session;
- `state`: the one record of what this process knows between events (`state` below, the module's only global).

Under `mkdocs build` every page is tried and the build then stops naming every problem of every page. Under
`mkdocs serve` a broken page is served as a page that shows its message, and comes back by itself once the line
is fixed. The adapter and the page helpers it imports (`postprocess/`: `document`, `page_assets`, `page_head`) are
never reloaded: restart the preview after editing them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mkdocs.plugins import event_priority

from attention_site.mkdocs_adapter import config as settings
from attention_site.mkdocs_adapter import files as site_files
from attention_site.mkdocs_adapter import head, pages, reload
from attention_site.mkdocs_adapter.failures import Problems
from attention_site.mkdocs_adapter.serve import CompiledTemplates
from attention_site.mkdocs_adapter.state import State

if TYPE_CHECKING:
    from jinja2 import Environment
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page
    from mkdocs.utils.templates import TemplateContext

state = State()
compiled_templates = CompiledTemplates()


def on_startup(*, command: str, dirty: bool) -> None:
    """Remember how MkDocs was started."""
    state.serving, state.dirty = command == "serve", dirty


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Check the prerequisites and load the engine afresh if its files changed, so edits show without a restart."""
    settings.check_extensions(config)
    snippets = settings.anchor_snippets(config)
    settings.refuse_tracked_cache(config)
    state.offline = settings.use_local_worker_shim(config)
    state.page_dates = pages.commit_dates(settings.project_root(config))
    state.problems = Problems()
    reload.refresh(state, config, snippets)
    return config


def on_env(env: Environment, /, *, config: MkDocsConfig, files: Files) -> Environment:
    """While serving, reuse the templates compiled by earlier rebuilds (a build compiles them once anyway)."""
    if state.serving:
        env.bytecode_cache = compiled_templates
    return env


def on_files(files: Files, /, *, config: MkDocsConfig) -> Files:
    """Refuse files that lead out of docs/ and pages that are not UTF-8, before anything is copied; add the
    workbooks (and, offline, the search's worker shim)."""
    return site_files.site_files(files, config, state)


def on_page_markdown(markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Refuse snippets from outside their folders, then replace every directive of the page with what it computes."""
    return pages.page_markdown(markdown, page, config, state)


def on_page_content(html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Refuse a directive that Markdown left in the page, convert the LaTeX of its headings to MathML and put each
    table in its scroll box. The text's LaTeX waits for on_page_context."""
    return pages.page_content(html, page, config, state)


@event_priority(-100)  # after every plugin's, so after Material's search has read the page
def on_page_context(context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
                    ) -> TemplateContext:
    """Convert the page's LaTeX to MathML (no math JavaScript), once Material's search has indexed its text.

    Read as LaTeX, a formula costs the search's HTML parser none of its MathML tags (8,500 on the site, about a
    sixth of the indexing); its documents then show it as plain text (mathml.readable_formulas)."""
    pages.page_math(page, config, state)
    return context


def on_post_page(output: str, /, *, page: Page, config: MkDocsConfig) -> str:
    """Add the sharing tags, the search on demand and the Content Security Policy."""
    return head.finished_page(output, page, config, state)


def on_post_template(output_content: str, /, *, template_name: str, config: MkDocsConfig) -> str:
    """Give HTML pages made from templates alone (404.html) the same search and Content Security Policy."""
    return head.finished_template(output_content, template_name, config, state)


def on_post_build(*, config: MkDocsConfig) -> None:
    """Stop a build in which pages did not build, naming them all (while serving, count them); then write the
    search's documents and the site's assets."""
    state.problems.finish(state.serving)
    head.site_assets(config, state)
