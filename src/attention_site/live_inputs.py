"""Live pages: an example's inputs as live.json gives them to live.js.

For each example of a live page: its inputs as authored, the fields a reader may change there (its MIRROR's
`editable`, a ranged whole number only beside an entry reading it) with what each accepts, as the example checks it
when made (live.js refuses the rest beside the field, with the example's own reason), and what its entries read
that no reader changes (settings, tokens, published inputs). The core is imported only for a page that is live: it
loads NumPy.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING

from .directives.mirror import mirror_of

if TYPE_CHECKING:
    from attention_core.examples.base import Example, Magnitude


def example_data(name: str, used: frozenset[str] = frozenset()) -> dict[str, object]:
    """One example's inputs as authored, the fields a reader may change on a page naming `used` entries with what
    each accepts, and the settings its entries read (its ranged whole numbers and its choices, as the example holds
    them where no reader changes them)."""
    from attention_core import EXAMPLES  # only for a page that is live: the core loads NumPy

    example = EXAMPLES[name]
    settings = {item.name: getattr(example, item.name) for item in fields(example)
                if item.metadata.keys() & {"range", "choice"}}
    editable = [field for field in mirror_of(name).editable if offered(name, field, used)]
    inputs = {**example.authored, **{field: settings[field] for field in editable if field in settings}}
    target = getattr(example, "target", None)  # the word a next-token loss reads (the whole model's)
    mirror = mirror_of(name)
    rows = {field: {"names": list(names), "each": each} for field, (names, each) in mirror.rows.items()
            if field in editable}
    for field, (by, word) in mirror.centred.items():
        if field in rows:
            rows[field].update(centred=by, word=word)
    return {"title": example.title, "inputs": inputs, "editable": editable,
            "ranges": {field: accepted(example, field, editable) for field in editable},
            "rows": rows, "titles": {field: title for field, title in mirror.titles.items() if field in editable},
            "built_on": {field: inner.name for field, inner in built_on(example)},
            "tokens": example.tokens, "focus": getattr(example, "focus", getattr(example, "query_token", None)),
            "features": getattr(example, "features", None), "sequences": getattr(example, "sequences", None),
            "vocabulary": getattr(example, "vocabulary", None), "target": target if isinstance(target, str) else None,
            "padding": padding_data(example),
            "exact": getattr(example, "exact", False), "causal": getattr(example, "causal", False),
            "settings": settings, "magnitudes": [magnitude_data(m) for m in getattr(example, "magnitudes", ())],
            "published": {field: plain(getattr(example, field)) for field in example.sources()}}


def plain(value: object) -> object:
    """A published input as JSON holds it: a model's sizes (a dataclass) as an object, tuples as lists."""
    if is_dataclass(value) and not isinstance(value, type):
        return {item.name: plain(getattr(value, item.name)) for item in fields(value)}
    return [plain(item) for item in value] if isinstance(value, tuple | list) else value


def padding_data(example: Example) -> dict[str, object] | None:
    """The padding example's flags (False is padding) and the labels it gives the positions (`[pad]`), if any."""
    from attention_core.examples.red_ball_rolls import RedBallRolls  # as EXAMPLES: NumPy only for a live page

    if not isinstance(example, RedBallRolls):
        return None
    return {"real": list(example.padding_real), "tokens": list(example.padded_tokens)}


def built_on(example: Example) -> list[tuple[str, Example]]:
    """The examples this one is built on, by field (red ball layer's `heads` are red ball rolls')."""
    from attention_core.examples.base import Example as AnyExample  # as EXAMPLES: NumPy only for a live page

    return [(item.name, inner) for item in fields(example)
            if isinstance(inner := getattr(example, item.name), AnyExample)]


def offered(name: str, field: str, used: frozenset[str]) -> bool:
    """Tell whether a page naming `used` entries of example `name` offers `field` to the reader: an authored input
    always, a ranged whole number only where an entry reading it is shown."""
    readers = mirror_of(name).read_by.get(field)
    return readers is None or bool(readers & used)


def accepted(example: Example, field: str, editable: Sequence[str] = ()) -> dict[str, object]:
    """What a reader's entry in `field` must be, as the example checks it when made: one of its `choices` (`chosen`:
    the focus among the tokens, a flag, the layer's norm; live.js offers them as a list); a whole number within its
    declared range (`ranged`: its bounds, a number each must divide, whether a tuple's rise, and its meaning; live.js
    says what it accepts as base.py's Range.accepted does), a bound naming another of the `editable` inputs given by
    that name and what it adds to it (`bounds`, [name, 0], or 1 for `Above`: live.js reads it among the reader's
    inputs); else each entry one the core parses, of at most
    MAX_ENTRY_LENGTH characters, and its numbers as the example declares them (`bounded_text`: above, at most,
    rising, and what they are)."""
    from attention_core._checks import MAX_ENTRY_LENGTH  # as EXAMPLES: NumPy only for a live page
    from attention_core.examples.base import bound_of, named_bound

    if field in example.sources():  # published= holds in live.js because no reader changes a published input
        raise ValueError(f"{type(example).__name__}.{field} is published; a reader may not change it")
    choice = {item.name: item.metadata.get("choice") for item in fields(example)}.get(field)
    if choice is not None:
        return {"choices": list(choice.options(example)), "title": choice.meaning}
    declared = {item.name: item.metadata.get("range") for item in fields(example)}.get(field)
    if declared is None:
        entries = {item.name: item.metadata.get("entries") for item in fields(example)}.get(f"{field}_text")
        return {"entry": MAX_ENTRY_LENGTH, **({"says": entries.meaning, "above": entries.above,
                                              "at_most": entries.at_most, "rising": entries.rising} if entries else {})}
    for other in fields(example):  # an input bounded by this one changes with it: the reader must be able to follow
        ranged = other.metadata.get("range")
        names = {name for name, _ in filter(None, map(named_bound, (ranged.low, ranged.high, ranged.divides)))} \
            if ranged else set()
        if field in names and other.name not in editable:
            raise ValueError(f"{type(example).__name__}.{other.name}'s range names {field}, which a reader may change "
                             f"here: offer {other.name} too (MIRROR editable), or neither")
    sides = (("low", declared.low), ("high", declared.high), ("divides", declared.divides))
    low, high = example.range_of(field)
    divides = None if declared.divides is None else int(bound_of(declared.divides, example))
    return {"low": low, "high": high, "meaning": declared.meaning, "divides": divides, "rising": declared.rising,
            "bounds": {side: list(named) for side, bound in sides
                       if (named := named_bound(bound)) and named[0] in editable}}


def examples() -> Mapping[str, Example]:
    """The core's examples by name (imported only for a page that is live: the core loads NumPy)."""
    from attention_core import EXAMPLES

    return EXAMPLES


def magnitude_data(magnitude: Magnitude) -> dict[str, object]:
    """A size word the example declares, for live.js (an unbounded side as null: JSON has no infinity)."""
    bound = {side: None if math.isinf(value) else value for side, value in
             (("low", magnitude.low), ("high", magnitude.high))}
    return {"word": magnitude.word, "of": magnitude.of, "meaning": magnitude.meaning, **bound}
