"""What every worked example shares: the `Example` base class and inputs used by more than one example."""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..exact import parse_entry, parse_matrix, parse_vector

Rows = tuple[tuple[str, ...], ...]
IDENTITY_3: Rows = (("1", "0", "0"), ("0", "1", "0"), ("0", "0", "1"))
RED_BALL_W_Q: Rows = (("0",), ("0",), ("1",))
RED_BALL_W_K: Rows = (("0",), ("ln 2",), ("0",))
RED_BALL_W_V: Rows = (("1", "0"), ("0", "2"), ("1", "1"))


@dataclass(frozen=True)
class Example:
    """What every worked example has: a slug, a title, token labels, and which inputs are illustrative."""

    name: str
    title: str
    tokens: tuple[str, ...]

    def __post_init__(self) -> None:
        """Parse every authored input once, so a bad entry is named by its example and field, not found later."""
        for name, value in self.authored.items():
            try:
                parse_authored(value)
            except ValueError as error:
                raise ExampleInputError(type(self), f"{name}_text", str(error)) from None

    @property
    def authored(self) -> dict[str, object]:
        """Return the inputs as authored, keyed by symbol: {"W_k": (("0",), ("ln 2",), ("0",)), ...}."""
        authored = [f.name for f in fields(self) if f.name.endswith("_text")]
        return {name.removesuffix("_text"): getattr(self, name) for name in authored}


class ExampleInputError(ValueError):
    """An authored input that does not parse, named by its example class and field."""

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
