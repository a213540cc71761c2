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
NOT_AN_EXAMPLE = frozenset({"reference", "spreadsheets"})  # the reference pages' own entries; links for several
REFERENCE_PAGES = "reference/directives"  # each example's page of the reference, beside its index
# The front matter of every reference page (the API's, the directives' index, and the pages made here): their
# search results rank below the lesson's and the chapters', which a learner's words ("softmax") are looking for.
REFERENCE_FRONT_MATTER = "---\nsearch:\n  boost: 0.001\n---\n\n"


def load_all() -> None:
    """Import every entry module, registering every example's entries."""
    for module in module_names():
        if module not in HELPERS:
            importlib.import_module(f"{__name__}.{module}")


def module_names() -> list[str]:
    """The modules (and packages) of this package, in name order, found without importing any."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__))


def example_keys() -> tuple[str, ...]:
    """The key of every example with entries: one module (or package) here named after it (`kv_cache` ->
    `kv-cache`), found without importing any, so that a build that computes nothing still knows them."""
    return tuple(name.replace("_", "-") for name in module_names() if name not in HELPERS | NOT_AN_EXAMPLE)


def reference_pages() -> dict[str, str]:
    """Each example's page of the reference of directives, made by the build (no file in docs/): its path under
    docs/ and its Markdown: the reference's front matter, a title and the block that lists the example's entries."""
    return {f"{REFERENCE_PAGES}/{key}.md": f"{REFERENCE_FRONT_MATTER}# Directives of `{key}`\n\n"
            f"<!-- attn:block reference directives example={key} -->\n" for key in example_keys()}
