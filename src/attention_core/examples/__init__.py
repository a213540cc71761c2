"""Worked examples as data, one module an example: the inputs and labels a reader sees; every other number is computed.

Each example is a frozen dataclass. Fields ending in `_text` hold entries exactly as authored ("ln 2",
"1/2"), so pages can show them as written; `functools.cached_property` members compute everything else
from them with the rest of the core. Change an input and every dependent number changes with it.
Inputs listed in `illustrative` are not in the seed documents: they were chosen to keep the arithmetic
exact or readable, and pages must say so.

An example is its module: every module of this package but `base` defines one (an instance of an `Example` class
the same module defines, named after its key: `kv_cache.py` holds `KV_CACHE`, key `kv-cache`), and `EXAMPLES`
finds them all, so a new example is a new module and nothing else here. Import an example from its module
(`from attention_core.examples.kv_cache import KV_CACHE`), or by its key from `EXAMPLES`.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import MappingProxyType

from .base import Example, ExampleInputError, Magnitude, Source

__all__ = ["EXAMPLES", "Example", "ExampleInputError", "Magnitude", "Source", "defined_examples", "example_modules"]

SHARED = "base"  # what every example shares: the one module that defines none


def example_modules() -> tuple[str, ...]:
    """The modules that define an example, by name: every module of this package but `base`."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules(__path__) if info.name != SHARED))


def defined_examples(module_name: str) -> dict[str, Example]:
    """The examples one module defines, by the name it gives them: each module-level instance of an `Example`
    class of that module (an example it imports from another module is that module's)."""
    module = importlib.import_module(f"{__name__}.{module_name}")
    return {name: value for name, value in vars(module).items()
            if isinstance(value, Example) and type(value).__module__ == module.__name__}


def registry() -> MappingProxyType[str, Example]:
    """Every example of the package by its key, in the order of its modules' names; a key used twice is refused."""
    found: dict[str, Example] = {}
    for module_name in example_modules():
        for example in defined_examples(module_name).values():
            if example.name in found:
                raise ValueError(f"two examples have the key '{example.name}' (one in {module_name}.py); "
                                 "accepted: one key an example")
            found[example.name] = example
    return MappingProxyType(found)


EXAMPLES: MappingProxyType[str, Example] = registry()
