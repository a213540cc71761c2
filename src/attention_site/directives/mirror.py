"""What the browser mirrors of an example, declared beside its entries.

An example that `docs/javascripts/live/<example>.js` mirrors says so in its entry module
(`directives/entries/<example>`), as `MIRROR = Mirror(...)`: the entries that file computes, the inputs a reader
may change, those offered only on a page showing an entry that reads them, and what names the rows of a matrix whose
rows are not the tokens'. An example without one is not live;
live.py reads these, and tests/browser/test_live.py holds each to its file.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from .registry import ENTRIES, load_entries, module_of


@dataclass(frozen=True)
class Mirror:
    """The entries of one example that live.js mirrors and the inputs it lets a reader change: authored matrices
    (each entry as the core parses one), then whole numbers the example declares a range for (`ranged`)."""

    entries: frozenset[str]
    editable: tuple[str, ...] = ()
    read_by: Mapping[str, frozenset[str]] = field(default_factory=dict)  # an input offered only beside these
    # A matrix whose rows are not the tokens': by field, the names of its rows (none to number them) and what each
    # row is (the whole model's embedding: {"embedding": (EX.vocabulary, "word of the vocabulary")}; the exercises'
    # new keys: {"new_keys": ((), "key")}, rows named key 1, key 2, ...).
    rows: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)
    # A matrix with a row per whole number from -N to N of a ranged input N, by field: that input and the word naming
    # a row with its number (positions' relative tables: {"a_K": ("clip", "distance")}, rows distance -1 to 1).
    # live.js resizes it with N: a row kept by its number, a new outer row starting as the old outermost one.
    centred: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # What the panel calls an input whose name is not the page's (positions' a_K is the page's w^K), by field.
    titles: Mapping[str, str] = field(default_factory=dict)
    # The parts of live.js its file calls besides the shared one, each docs/javascripts/live/<part>.js (PARTS).
    parts: tuple[str, ...] = ()
    # Its blocks that show its inputs or what they compute and stay as built (programs and their printouts): a live
    # page says under each that it keeps the page's own numbers while a reader's differ.
    blocks: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        unknown = sorted(set(self.parts) - PARTS)
        if unknown:
            raise ValueError(f"Mirror(parts=...) names {', '.join(unknown)}; the parts of live.js are "
                             f"{', '.join(sorted(PARTS))}")


# The parts of live.js that only some pages load, as live.json's `parts` names them: the line charts of
# figures/charts.py (an example's MIRROR asks for it), and the claims with a tolerance (a page stating one); and the
# calculator's arithmetic, which calculator.js fetches after live.js.
PARTS = frozenset({"calculator", "charts", "grids", "measures", "random"})


NOT_LIVE = Mirror(frozenset())


@functools.cache
def mirror_of(example: str) -> Mirror:
    """What the browser mirrors of `example` (nothing, for an example it does not, or a name of no example)."""
    try:
        module = importlib.import_module(module_of(example))
    except ModuleNotFoundError:
        return NOT_LIVE
    return getattr(module, "MIRROR", NOT_LIVE)


def mirrors() -> dict[str, Mirror]:
    """Every example the browser mirrors, with what it mirrors of it."""
    load_entries()
    keys = importlib.import_module(ENTRIES).example_keys()
    return {key: mirror_of(key) for key in keys if mirror_of(key) is not NOT_LIVE}
