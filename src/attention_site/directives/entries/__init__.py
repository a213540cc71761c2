"""One module (or package) per worked example, named after it; importing this package registers every entry.

Every module in this folder is imported, in name order, so a new example needs only a new module. `common`
and `counts` are helpers shared by several examples and register nothing.
"""

from __future__ import annotations

import importlib
import pkgutil

HELPERS = frozenset({"common", "counts"})

for module in sorted(info.name for info in pkgutil.iter_modules(__path__)):
    if module not in HELPERS:
        importlib.import_module(f"{__name__}.{module}")
