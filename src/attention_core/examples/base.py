"""What every worked example shares: the `Example` base class, declared ranges, and inputs used by several examples.

An input whose sensible values are limited declares its range where it is defined, with `ranged`:

    query_position: int = ranged(2, 1, "tokens", "a 1-based token position")

The example checks every range (and the cross-field rules of its `impossible` method) when it is made, so a
value out of range is named by its example and field, at the field's line, never found later by the core.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..exact import parse_entry, parse_matrix, parse_vector

Rows = tuple[tuple[str, ...], ...]
IDENTITY_3: Rows = (("1", "0", "0"), ("0", "1", "0"), ("0", "0", "1"))
RED_BALL_W_Q: Rows = (("0",), ("0",), ("1",))
RED_BALL_W_K: Rows = (("0",), ("ln 2",), ("0",))
RED_BALL_W_V: Rows = (("1", "0"), ("0", "2"), ("1", "1"))
DECK = "the slide deck \"red ball rolls\" (seed document 000)"  # the source of the deck's own inputs
PAD = "[pad]"  # the label of a padding position
MAX_FIGURE_CELLS = 4096  # the most cells a figure of an example draws (attention_site.figures.grids reads it)


@dataclass(frozen=True)
class Above:
    """A bound one more than input `name` of the example (the heat map's positions, more than the worked table's)."""

    name: str


Bound = int | float | str | Above  # a number, the name of a property of the example (`tokens` counts the tokens), Above

RE_EXAMPLE_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*\Z")  # a slug: it names files and pages


@dataclass(frozen=True)
class Range:
    """The values one input accepts: whole numbers (or each of a tuple of them) from `low` to `high`; with
    `divides`, each a divisor of that bound (heads that split a width); with `rising`, a tuple's numbers each larger
    than the one before (batch sizes along a table)."""

    low: Bound
    high: Bound
    meaning: str
    divides: Bound | None = None
    rising: bool = False

    def limits(self, example: object) -> tuple[float, float]:
        """The two bounds as numbers for this example (a named bound read from it)."""
        return bound_of(self.low, example), bound_of(self.high, example)

    def accepted(self, example: object) -> str:
        """What the range accepts, as an error message says it (numbers grouped by thousands, as a reader writes
        them: 1,000,000)."""
        low, high = self.limits(example)
        numbers = "whole numbers" if self.rising else "a whole number"
        rule = f" that divides {bound_of(self.divides, example):,.0f}" if self.divides is not None else ""
        rises = ", each larger than the one before" if self.rising else ""
        return f"{self.meaning}: {numbers} from {low:,.0f} to {high:,.0f}{rule}{rises}"

    def refusal(self, value: object, example: object) -> str | None:
        """Why `value` (a whole number, or a tuple of them) is refused, or None: out of range, not a divisor, or
        not rising; said as live.js says it beside a reader's field."""
        low, high = self.limits(example)
        numbers = value if isinstance(value, tuple) else (value,)
        for x in numbers:
            if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high:
                return f"{x!r} is out of range; accepted: {self.accepted(example)}"
            if self.divides is not None and bound_of(self.divides, example) % x:
                return f"{x} does not divide {bound_of(self.divides, example):.0f}; accepted: {self.accepted(example)}"
        if self.rising and not rises(numbers):
            return f"{', '.join(map(str, numbers))} do not rise; accepted: {self.accepted(example)}"
        return None


@dataclass(frozen=True)
class Entries:
    """What the numbers of an authored input must be beyond parsing (`bounded_text`): each above `above` and at most
    `at_most`, and with `rising`, each larger than the one before (temperatures from low to high)."""

    meaning: str
    above: float | None = None
    at_most: float | None = None
    rising: bool = False

    def accepted(self, count: int) -> str:
        """What the input accepts, as an error message says it, for `count` entries."""
        limits = [f"above {self.above:g}"] if self.above is not None else []
        limits += [f"at most {self.at_most:g}"] if self.at_most is not None else []
        rises = ", each larger than the one before" if self.rising else ""
        return f"{self.meaning}: {'a number' if count == 1 else 'numbers'} {' and '.join(limits)}{rises}".rstrip()

    def refusal(self, value: str | tuple[str, ...]) -> str | None:
        """Why the authored `value` (one entry or a row of them) is refused, or None; said as live.js says it."""
        texts = (value,) if isinstance(value, str) else value
        numbers, accepted = [parse_entry(text) for text in texts], self.accepted(len(texts))
        for text, x in zip(texts, numbers, strict=True):
            quoted = f"\N{LEFT DOUBLE QUOTATION MARK}{text}\N{RIGHT DOUBLE QUOTATION MARK}"
            if self.above is not None and not x > self.above:
                return f"{quoted} is not above {self.above:g}; accepted: {accepted}"
            if self.at_most is not None and not x <= self.at_most:
                return f"{quoted} is above {self.at_most:g}; accepted: {accepted}"
        if self.rising and not rises(numbers):
            return f"{', '.join(texts)} do not rise; accepted: {accepted}"
        return None


@dataclass(frozen=True)
class Source:
    """Where a published input comes from, and the value it has there."""

    name: str
    value: object


@dataclass(frozen=True)
class Magnitude:
    """What a size word means for one example ("large", "slow", "many zeros"), written once beside its inputs.

    `of` says what is measured: `each` (every entry spoken of lies from `low` to `high`) or `share-zero` (the
    share of entries that are 0 lies from `low` to `high`).
    """

    word: str
    of: str
    low: float = -math.inf
    high: float = math.inf
    meaning: str = ""

    def measure(self, values: tuple[float, ...]) -> float:
        """The measured quantity: the entry farthest out of the range for `each`, the share of zeros otherwise."""
        if self.of == "share-zero":
            return sum(1 for x in values if x == 0) / len(values)
        outside = [x for x in values if not self.low <= x <= self.high]
        return outside[0] if outside else values[0]

    def holds(self, values: tuple[float, ...]) -> bool:
        """Whether the word is true of these numbers."""
        if self.of == "share-zero":
            return self.low <= self.measure(values) <= self.high
        return all(self.low <= x <= self.high for x in values)


def rises(numbers: Sequence[float]) -> bool:
    """Whether each number is larger than the one before."""
    return all(a < b for a, b in itertools.pairwise(numbers))


def bound_of(bound: Bound, example: object) -> float:
    """A bound as a number: `tokens` is the number of tokens; another name is a property of the example."""
    if isinstance(bound, Above):
        return bound_of(bound.name, example) + 1
    if isinstance(bound, str):
        value = getattr(example, bound)
        return float(len(value) if isinstance(value, tuple) else value)
    return float(bound)


def named_bound(bound: Bound | None) -> tuple[str, int] | None:
    """The input or property a bound reads and what it adds to it (`Above`: 1), or None for a number."""
    if isinstance(bound, Above):
        return bound.name, 1
    return (bound, 0) if isinstance(bound, str) else None


def ranged(default: Any, low: Bound, high: Bound, meaning: str, source: Source | None = None, *,
           divides: Bound | None = None, rising: bool = False) -> Any:
    """A dataclass field holding a whole number (or a tuple of them) that must lie from `low` to `high` (and, as
    `Range` says, divide `divides`, or rise)."""
    metadata: dict[str, object] = {"range": Range(low, high, meaning, divides, rising)}
    if source is not None:
        metadata["source"] = source
    return field(default=default, metadata=metadata)


def bounded_text(default: str | tuple[str, ...], meaning: str, *, above: float | None = None,
                 at_most: float | None = None, rising: bool = False) -> Any:
    """A dataclass field holding authored entries whose numbers must lie above `above`, at most `at_most` (and, with
    `rising`, each be larger than the one before), checked when the example is made and beside a reader's field."""
    return field(default=default, metadata={"entries": Entries(meaning, above, at_most, rising)})


@dataclass(frozen=True)
class Choice:
    """The values one input may take: those of `among`, or of the example's attribute of that name (`tokens`: one of
    its tokens), and what the input is."""

    among: tuple[object, ...] | str
    meaning: str

    def options(self, example: object) -> tuple[object, ...]:
        """The values this example's input may take."""
        return tuple(getattr(example, self.among)) if isinstance(self.among, str) else self.among

    def refusal(self, value: object, example: object) -> str | None:
        """Why `value` is refused (not one of the options: True is not 1), or None."""
        options = self.options(example)
        if any(type(value) is type(option) and value == option for option in options):
            return None
        *most, last = map(str, options)
        return f"{value!r} is not a choice; accepted: {self.meaning}: {', '.join(most)} or {last}"


def chosen(default: Any, among: tuple[object, ...] | str, meaning: str) -> Any:
    """A dataclass field holding one of `among` (or of the example's attribute so named, as `Choice` says)."""
    return field(default=default, metadata={"choice": Choice(among, meaning)})


def published(default: Any, source: str) -> Any:
    """A dataclass field whose value is taken from a publication: "as published" holds while it is unchanged."""
    return field(default=default, metadata={"source": Source(source, default)})


@dataclass(frozen=True)
class Example:
    """What every worked example has: a slug, a title, token labels, and which inputs are illustrative."""

    name: str
    title: str
    tokens: tuple[str, ...]
    magnitudes: tuple[Magnitude, ...] = ()  # the size words its pages use, and what they mean for its numbers

    def __post_init__(self) -> None:
        """Check every authored input, range and cross-field rule once, so a bad input is named by its example
        and field when the example is made, not found later by the core."""
        if not RE_EXAMPLE_NAME.match(self.name):
            raise ExampleInputError(type(self), "name", f"{self.name[:60]!r} is not a name: lower-case letters, digits "
                                    "and '-' (it names the example's files, which must stay in their folder)")
        for name, value in self.authored.items():
            try:
                parse_authored(value)
            except ValueError as error:
                raise ExampleInputError(type(self), f"{name}_text", str(error)) from None
        for problems in (self.out_of_range, self.impossible):  # rules across fields may trust the ranges
            for name, reason in problems():
                raise ExampleInputError(type(self), name, reason)

    @property
    def authored(self) -> dict[str, object]:
        """Return the inputs as authored, keyed by symbol: {"W_k": (("0",), ("ln 2",), ("0",)), ...}."""
        authored = [f.name for f in fields(self) if f.name.endswith("_text")]
        return {name.removesuffix("_text"): getattr(self, name) for name in authored}

    def out_of_range(self) -> Iterator[tuple[str, str]]:
        """(field, reason) for every input outside its declared range, or whose authored numbers are not as declared
        (`bounded_text`)."""
        for item in fields(self):
            declared = item.metadata.get("range")
            refusal = declared and declared.refusal(getattr(self, item.name), self)
            entries = item.metadata.get("entries")
            refusal = refusal or (entries and entries.refusal(getattr(self, item.name)))
            choice = item.metadata.get("choice")
            refusal = refusal or (choice and choice.refusal(getattr(self, item.name), self))
            if refusal:
                yield item.name, refusal

    def range_of(self, name: str) -> tuple[int, int]:
        """The lowest and highest whole number input `name` accepts, as its declared range says for this example."""
        declared = {item.name: item.metadata.get("range") for item in fields(self)}.get(name)
        if declared is None:
            ranged_inputs = [item.name for item in fields(self) if "range" in item.metadata]
            raise ValueError(f"{type(self).__name__}.{name} declares no range; inputs with one: "
                             f"{', '.join(ranged_inputs) or 'none'}")
        low, high = declared.limits(self)
        return int(low), int(high)

    def impossible(self) -> Iterator[tuple[str, str]]:
        """(field, reason) for inputs that are each in range but cannot go together; none by default."""
        return iter(())

    def sources(self) -> dict[str, Source]:
        """The inputs taken from a publication, by field name, with their source and published value."""
        return {item.name: item.metadata["source"] for item in fields(self) if "source" in item.metadata}


class ExampleInputError(ValueError):
    """An authored input that does not parse, or lies out of its range, named by its example class and field."""

    def __init__(self, example: type, field: str, reason: str) -> None:
        super().__init__(f"{example.__name__}.{field}: {reason}")
        self.example, self.field = example, field


def parse_authored(value: object) -> object:
    """Parse an authored input of any of the three forms: one entry, a vector of entries, rows of entries."""
    if isinstance(value, str):
        return parse_entry(value)
    if isinstance(value, tuple) and value and all(isinstance(row, tuple) for row in value):
        return parse_matrix(value)
    return parse_vector(value)  # type: ignore[arg-type]


def not_flags(name: str, flags: tuple[object, ...]) -> Iterator[tuple[str, str]]:
    """(field, reason) when a tuple meant as one flag a token holds something other than True and False."""
    if not all(isinstance(flag, bool) for flag in flags):
        yield name, f"{flags!r} holds more than flags; accepted: True (a real token) or False (padding) each"


def checked(example: type, name: str, check: Callable[[], object]) -> Iterator[tuple[str, str]]:
    """(field, reason) when `check`, a validator of the core, refuses this example's inputs."""
    try:
        check()
    except ValueError as error:
        yield name, str(error)
