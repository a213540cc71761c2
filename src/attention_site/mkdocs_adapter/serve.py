"""What only `mkdocs serve` needs: the theme's templates compiled once per session, not once per rebuild."""

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
