"""What only `mkdocs serve` needs: the theme's templates compiled once per session, not once per rebuild.

Why a cache of our own, in memory, and not Jinja's `FileSystemBytecodeCache` under `.cache/` (measured side by side
by `bench/template_cache.py`, 46 templates, 2026-12-04, medians of 25 rebuilds, two runs): each later rebuild
loads the templates in 6.1-6.2 ms from memory and 6.8-7.0 ms from files, against 150 ms compiling them, so either
holds the preview figure (0.44 s from save to served page); the files' one gain is the first rebuild of a new
server, 7 ms instead of about 155 ms, once a session, in a first build of several seconds. What decides is what
the files hold: marshalled code that Jinja runs, checked only against the template's source checksum, which a
file planted in the checkout can carry. Everything else the build keeps under `.cache/` is sealed with this
machine's secret (`build_cache.py`) because a kept file is not trusted; the compiled templates would be the one
exception, and the one that runs code. Kept in the server's memory, they never come from disk.
"""

from __future__ import annotations

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class CompiledTemplates(BytecodeCache):
    """The theme's templates as `mkdocs serve` compiled them in an earlier rebuild, kept in memory.

    Every rebuild makes a new Jinja environment, which would parse and compile the ~50 templates of the theme
    again: more than half of a one-page rebuild. Jinja stores each template's source checksum with its code and
    compiles afresh when the source changed, so an edited override is never served stale."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Give the bucket the code compiled earlier for its template, if any."""
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep the code just compiled for the next rebuild."""
        self.compiled[bucket.key] = bucket.bytecode_to_string()
