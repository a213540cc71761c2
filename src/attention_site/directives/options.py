"""Options a directive may take (`digits=3`, `n=4,8,128`, `row=rolls`), each parsed and checked."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import DirectiveError, did_you_mean, quoted

RE_WHOLE = re.compile(r"-?[0-9]+(?:_[0-9]{3})*\Z")  # ASCII digits only: not ٣, ５ or +3
MAX_DIGITS = 15


@dataclass(frozen=True)
class Option:
    """One `key=value` option: how to read it, its default, and a line of help for the reference page."""

    key: str
    help: str
    parse: Callable[[str], Any]
    default: Any = None
    accepted: str = ""


def integer(key: str, help: str, low: int, high: int, default: int | None = None) -> Option:
    """An option holding one whole number between `low` and `high`."""
    accepted = f"a whole number from {low} to {high:,}"
    return Option(key, help, lambda text: bounded_int(key, text, low, high, accepted), default, accepted)


def integers(key: str, help: str, low: int, high: int, default: tuple[int, ...] | None, most: int = 12) -> Option:
    """An option holding a comma-separated list of whole numbers between `low` and `high`."""
    accepted = f"up to {most} whole numbers from {low} to {high:,}, separated by commas"

    def parse(text: str) -> tuple[int, ...]:
        values = tuple(bounded_int(key, part, low, high, accepted) for part in text.split(","))
        if len(values) > most:
            raise DirectiveError(f"option {key}={quoted(text)} has {len(values)} numbers; accepted: {accepted}")
        return values

    return Option(key, help, parse, default, accepted)


def choice(key: str, help: str, choices: Sequence[str], default: str | None = None) -> Option:
    """An option holding one of a few names."""
    accepted = "one of " + ", ".join(choices)

    def parse(text: str) -> str:
        if text not in choices:
            raise DirectiveError(f"option {key}={quoted(text)} is not accepted; {did_you_mean(text[:60], choices)}")
        return text

    return Option(key, help, parse, default, accepted)


def choices(key: str, help: str, names: Sequence[str]) -> Option:
    """An option holding a comma-separated subset of a few names."""
    one = choice(key, help, names)
    accepted = "names among " + ", ".join(names) + ", separated by commas"
    return Option(key, help, lambda text: tuple(one.parse(part) for part in text.split(",")), (), accepted)


def words(key: str, help: str) -> Option:
    """An option holding comma-separated names, checked later against what the entry has."""
    return Option(key, help, lambda text: tuple(text.split(",")), (), "names separated by commas")


def bounded_int(key: str, text: str, low: int, high: int, accepted: str) -> int:
    """Read a whole number in ASCII digits (`12`, `-1`, `1_000`) and check it lies between `low` and `high`."""
    if not RE_WHOLE.match(text):
        raise DirectiveError(f"option {key}={quoted(text)} is not a whole number in ASCII digits; accepted: {accepted}")
    if len(text) > MAX_DIGITS or not low <= int(text.replace("_", "")) <= high:
        raise DirectiveError(f"option {key}={quoted(text)} is out of range; accepted: {accepted}")
    return int(text.replace("_", ""))


def read_options(given: dict[str, str], known: Sequence[Option]) -> dict[str, Any]:
    """Parse the given options against the known ones, filling in defaults."""
    by_key = {option.key: option for option in known}
    for key in given:
        if key not in by_key:
            accepted = did_you_mean(key, by_key) if by_key else "this one takes no options"
            raise DirectiveError(f"unknown option '{key}'; {accepted}")
    return {key: option.parse(given[key]) if key in given else option.default for key, option in by_key.items()}
