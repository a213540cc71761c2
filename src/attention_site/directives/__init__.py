"""The directive engine: Markdown with `<!-- attn:... -->` directives in, Markdown with numbers out.

It does not import MkDocs: `attention_site.mkdocs_hooks` adapts it to MkDocs, and `extension.py` to
Python-Markdown, so the same function serves either way of building the site.
"""

from __future__ import annotations

from . import entries  # noqa: F401  (registers every example's entries)
from .engine import check_expanded, expand_directives
from .errors import DirectiveError
from .registry import REGISTRY

__all__ = ["REGISTRY", "DirectiveError", "check_expanded", "expand_directives"]
