"""The one place that lists every example and what each offers to pages.

Entries are registered by the modules in `entries/`, one module per worked example, with decorators:

    @grid("red-ball-rolls", "weights", "The weight rows A after the causal mask and softmax.")
    def weights() -> Grid: ...

The decorator names the entry's shape (`grid`, `table`, `scalar`, `figure`, `block`); which directive kinds
show each shape, and which generic options they take, is written once in `kinds.py`.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import DirectiveError, did_you_mean
from .kinds import KINDS, SHAPES, kinds_showing
from .options import Option, read_options
from .shown import Shown


@dataclass(frozen=True)
class Entry:
    """One thing an example offers to pages: how to build it, its options, and the kinds that show it."""

    example: str
    name: str
    summary: str
    shape: str
    build: Callable[..., Shown]
    options: tuple[Option, ...]
    sample: str = ""

    @property
    def kinds(self) -> frozenset[str]:
        """The directive kinds that can show this entry."""
        return kinds_showing(self.shape)

    def make(self, given: dict[str, str]) -> Shown:
        """Build what this entry shows, with the page's options read and checked."""
        return self.build(**read_options(given, self.options))


REGISTRY: dict[tuple[str, str], Entry] = {}  # filled as entry modules load: use load_entries() to read it
ENTRIES = f"{__package__}.entries"
Builder = TypeVar("Builder", bound=Callable[..., Shown])  # an entry's function, returned by its decorator as it came
# Entry modules that add entries to examples other than the one they are named after.
SHARED_ENTRY_MODULES = ("spreadsheets",)
SEQUENCE: dict[tuple[str, str], int] = {}  # the order entries were registered in: within a module, as defined
loaded: set[str] = set()  # the examples whose entry modules have been imported (or "*" for all of them)


def load_entries(example: str | None = None) -> dict[tuple[str, str], Entry]:
    """The registry with the entries of `example` loaded (every example's when None); nothing is computed.

    An example's entries live in the module named after it (`bus-is-late` -> `entries/bus_is_late/`), so
    a page that names two examples imports those two and the core parts they use, and no other.
    """
    if "*" in loaded or example in loaded:
        return REGISTRY
    if example is None or importlib.util.find_spec(module_of(example)) is None:
        importlib.import_module(ENTRIES).load_all()
        loaded.add("*")
        in_module_order()
        return REGISTRY
    for module in (module_of(example), *(f"{ENTRIES}.{name}" for name in SHARED_ENTRY_MODULES)):
        importlib.import_module(module)
    loaded.add(example)
    return REGISTRY


def in_module_order() -> None:
    """Order the registry as importing every module in name order does, whichever pages loaded theirs first,
    so that the reference page lists the entries in the same order in every build."""
    ordered = sorted(REGISTRY.items(), key=lambda item: module_order(item[1]))
    REGISTRY.clear()
    REGISTRY.update(ordered)


def module_order(entry: Entry) -> tuple[str, int]:
    """Where an entry stands when every module is imported in name order: its module's name, then its place there."""
    return entry.build.__module__.removeprefix(f"{ENTRIES}.").split(".")[0], SEQUENCE[entry.example, entry.name]


def module_of(example: str) -> str:
    """The entry module named after an example; a name that cannot be a module's gets one that does not exist."""
    name = example.replace("-", "_")
    return f"{ENTRIES}.{name if name.isidentifier() else '_none_'}"


def register(
    shape: str, example: str, name: str, summary: str, options: Sequence[Option], sample: str
) -> Callable[[Builder], Builder]:
    """Add the decorated builder to the registry under `example` and `name`."""

    if shape not in SHAPES:
        raise ValueError(f"'{example} {name}' has the shape '{shape}', which no directive kind shows")

    def decorate(build: Builder) -> Builder:
        if (example, name) in REGISTRY:
            raise ValueError(f"'{example} {name}' is registered twice")
        REGISTRY[example, name] = Entry(example, name, summary, shape, build, tuple(options), sample)
        SEQUENCE[example, name] = len(SEQUENCE)
        return build

    return decorate


def grid(
    example: str, name: str, summary: str, options: Sequence[Option] = (), sample: str = ""
) -> Callable[[Builder], Builder]:
    """Register a labelled matrix (tables, inline values and LaTeX)."""
    return register("grid", example, name, summary, options, sample)


def table(
    example: str, name: str, summary: str, options: Sequence[Option] = (), sample: str = ""
) -> Callable[[Builder], Builder]:
    """Register a worked table."""
    return register("table", example, name, summary, options, sample)


def scalar(
    example: str, name: str, summary: str, options: Sequence[Option] = (), sample: str = ""
) -> Callable[[Builder], Builder]:
    """Register a single number."""
    return register("scalar", example, name, summary, options, sample)


def figure(
    example: str, name: str, summary: str, options: Sequence[Option] = (), sample: str = ""
) -> Callable[[Builder], Builder]:
    """Register a picture."""
    return register("figure", example, name, summary, options, sample)


def block(
    example: str, name: str, summary: str, options: Sequence[Option] = (), sample: str = ""
) -> Callable[[Builder], Builder]:
    """Register a generated block of HTML or Markdown."""
    return register("block", example, name, summary, options, sample)


def lookup(kind: str, example: str, name: str, registry: dict[tuple[str, str], Entry] | None = None) -> Entry:
    """Find the entry a directive names, or explain what exists instead."""
    registry = load_entries(example) if registry is None else registry
    found = registry.get((example, name))
    if found is not None and kind in found.kinds:
        return found
    if registry is REGISTRY:
        registry = load_entries()  # every example, to say what exists instead
    examples = {key[0] for key in registry}
    if example not in examples:
        raise DirectiveError(f"unknown example '{example}'; {did_you_mean(example, examples)}")
    names = [key[1] for key in registry if key[0] == example and kind in registry[key].kinds]
    if found is not None:
        kinds = " or ".join(f"attn:{k}" for k in sorted(found.kinds))
        raise DirectiveError(f"'{example} {name}' cannot be shown by attn:{kind}; use {kinds}")
    what = f"for example '{example}'; {did_you_mean(name, names)}" if names else f"in '{example}'"
    raise DirectiveError(f"unknown {kind} '{name}' {what}")


def split_options(kind: str, entry: Entry, given: dict[str, str]) -> tuple[dict[str, str], dict[str, Any]]:
    """Separate the entry's own options from the generic ones of the directive kind."""
    own_keys = {option.key for option in entry.options}
    generic = KINDS[kind].options
    generic_keys = {option.key for option in generic}
    unknown = [key for key in given if key not in own_keys | generic_keys]
    if unknown:
        accepted = sorted(own_keys | generic_keys)
        hint = did_you_mean(unknown[0], accepted) if accepted else "this one takes no options"
        raise DirectiveError(f"unknown option '{unknown[0]}' for attn:{kind} {entry.example} {entry.name}; {hint}")
    own = {key: value for key, value in given.items() if key in own_keys}
    return own, read_options({k: v for k, v in given.items() if k in generic_keys}, generic)
