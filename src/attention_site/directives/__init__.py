"""The directive engine: Markdown with `<!-- attn:... -->` directives in, Markdown with numbers out.

It does not import MkDocs: `attention_site.pipeline` calls it for both ways of building the site (the MkDocs
hooks and the Python-Markdown extension). Importing it computes nothing and loads no example: a directive
loads the entries of the example it names when it is first expanded (`load_entries`), and an entry computes
its numbers when it is shown.
"""

from __future__ import annotations

from .engine import check_expanded, expand_directives
from .errors import DirectiveError
from .registry import REGISTRY, load_entries

__all__ = ["REGISTRY", "DirectiveError", "check_expanded", "expand_directives", "load_entries"]
