"""What every worked example shares: the `Example` base class and inputs used by more than one example."""

from __future__ import annotations

from dataclasses import dataclass, fields

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

    @property
    def authored(self) -> dict[str, object]:
        """Return the inputs as authored, keyed by symbol: {"W_k": (("0",), ("ln 2",), ("0",)), ...}."""
        authored = [f.name for f in fields(self) if f.name.endswith("_text")]
        return {name.removesuffix("_text"): getattr(self, name) for name in authored}
