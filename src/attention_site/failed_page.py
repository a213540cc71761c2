"""What a preview shows in place of a page that does not build: its message and what to do, on either route.

The MkDocs adapter (`mkdocs_adapter/failures.py`) and the Python-Markdown extension (`extension.py`, which Zensical's
preview runs) both serve a broken page this way, so the preview keeps running and the page says what to fix.
"""

from __future__ import annotations

import html


def failed_page_markdown(message: str) -> str:
    """A page's Markdown that shows why it could not be built, for someone running a preview."""
    return ("# This page does not build\n\n"
            f'<pre class="attn-build-error">{html.escape(message)}</pre>\n\n'
            "Fix the line named above and save: this page reloads by itself.\n")


def error_page(message: str) -> str:
    """The HTML of a page that could not be built: what to fix, in place of its content."""
    return f'<h1>This page does not build</h1><pre class="attn-build-error">{html.escape(message)}</pre>'
