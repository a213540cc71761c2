"""One module (or package) per worked example, named after it; importing one registers its entries.

`registry.load_entries(example)` imports the module named after the example (`bus-is-late` ->
`bus_is_late`) when a page first names it, plus the modules that add entries to several examples
(`registry.SHARED_ENTRY_MODULES`); `load_all()` imports every module, in name order, so a new example needs
only a new module. `common` and `counts` are helpers shared by several examples and register nothing.
"""

from __future__ import annotations

import importlib
import pkgutil

HELPERS = frozenset({"common", "counts"})


def load_all() -> None:
    """Import every entry module, registering every example's entries."""
    for module in sorted(info.name for info in pkgutil.iter_modules(__path__)):
        if module not in HELPERS:
            importlib.import_module(f"{__name__}.{module}")
