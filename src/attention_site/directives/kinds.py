"""Every kind of directive, one record each: what renders it, where it stands, what it shows and which options it takes.

The engine's dispatch, the shapes of entry each kind can show, the generic options, the generated reference page
and the table in CONTRIBUTING.md are all read from `KINDS`, so adding a kind is one record here and one render
function (in `render.py` or `claims.py`). `tests/test_kinds.py` requires CONTRIBUTING.md to hold `kinds_table()`
as it is today, and prints the table to paste when it does not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .claims import CHECK_OPTIONS, WORD_OPTIONS, render_check, render_word
from .options import Option, integer, words
from .render import render_block, render_figure, render_table, render_tex, render_value, restyle
from .shown import Shown

ALONE = "alone on its line"
INLINE = "inside a sentence"


@dataclass(frozen=True)
class Kind:
    """One kind of directive: `<!-- attn:NAME EXAMPLE NAME options -->`."""

    name: str
    render: Callable[..., str]  # what the entry built, with the generic options read, in; Markdown or HTML out
    shows: frozenset[str]  # the shapes of entry it can show (registry.grid, .table, .scalar, .figure, .block)
    options: tuple[Option, ...]  # generic options, beside the entry's own
    where: str  # where it stands on the page, for contributors
    gives: str  # what it writes, for contributors
    usage: str = ""  # what follows EXAMPLE NAME in its syntax line (`pick=Q`)
    alone: bool = False  # stands alone on its line, and renders lines of its own
    claim: bool = False  # speaks of the numbers: its renderer is told which entry it speaks of (`about=`)
    live: bool = True  # recomputed in the browser when a reader changes the numbers (live.py, live.js)

    @property
    def syntax(self) -> str:
        """How a contributor writes it: `attn:word EXAMPLE NAME pick=Q`."""
        return " ".join(filter(None, (f"attn:{self.name}", "EXAMPLE NAME", self.usage)))


def with_digits(draw: Callable[..., str]) -> Callable[..., str]:
    """Wrap a renderer so that the generic `digits=` option restyles what it draws."""

    def wrapped(shown: Shown, digits: int | None = None, **options: object) -> str:
        return draw(restyle(shown, digits), **options)

    wrapped.__doc__ = draw.__doc__
    return wrapped


DIGITS = integer("digits", "decimal places for numbers that are not exact fractions", 0, 10)
ROW = Option("row", "the label of the row to show (a token such as rolls)", str)
COLUMN = Option("col", "the label of the column to show", str)
BLANKS = words("blanks", "columns whose cells are left empty for the student to fill in, separated by commas")
NUMBERS = frozenset({"grid", "scalar"})  # entries whose numbers a sentence, a formula or a claim can take
KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("table", with_digits(render_table), frozenset({"grid", "table"}), (DIGITS, BLANKS),
         f"{ALONE} (indent it inside admonitions and lists)",
         "a Markdown table", alone=True),
    Kind("value", with_digits(render_value), NUMBERS, (DIGITS, ROW, COLUMN), INLINE, "`(1/2, 5/4)`, `0.665`, `ln 2`"),
    Kind("tex", with_digits(render_tex), NUMBERS, (DIGITS, ROW, COLUMN), "inside `$...$` or `$$...$$`",
         r"LaTeX: a number, `\left( \right)` or a `pmatrix`"),
    Kind("figure", render_figure, frozenset({"figure"}), (), ALONE,
         "an SVG picture with a text alternative", alone=True),
    Kind("block", render_block, frozenset({"block"}), (), ALONE,
         "generated HTML or Markdown (the calculator, the reference pages, program listings)", alone=True,
         live=False),
    Kind("word", render_word, NUMBERS, WORD_OPTIONS, INLINE,
         "a word computed from the numbers: `late`, `red and rolls`, `negative`, `4 × 3`", "pick=Q", claim=True),
    Kind("check", render_check, NUMBERS, CHECK_OPTIONS, "right after the sentence it guards",
         "nothing; the build stops if the claim is false", "CLAIM=…", claim=True),
)}
SHAPES = frozenset().union(*(kind.shows for kind in KINDS.values()))


def kinds_showing(shape: str) -> frozenset[str]:
    """The names of the kinds that can show an entry of this shape."""
    return frozenset(name for name, kind in KINDS.items() if shape in kind.shows)


def first_kind_showing(shape: str) -> Kind:
    """The kind a sample of an entry of this shape is written with: the first record that shows it."""
    return next(kind for kind in KINDS.values() if shape in kind.shows)


def kinds_table() -> str:
    """The Markdown table of kinds that CONTRIBUTING.md holds: syntax, where it goes, what it gives."""
    rows = ["| kind | where it goes | gives |", "|---|---|---|"]
    rows += [f"| `{kind.syntax}` | {kind.where} | {kind.gives} |" for kind in KINDS.values()]
    return "\n".join(rows)


def kinds_reference() -> str:
    """The table of kinds on the generated reference page: syntax, place, what it gives, generic options."""
    rows = ["| kind | where it goes | gives | generic options |", "|:---|:---|:---|:---|"]
    for kind in KINDS.values():
        options = ", ".join(f"`{option.key}=`" for option in kind.options) or "none"
        rows.append(f"| `{kind.syntax}` | {kind.where} | {kind.gives} | {options} |")
    return "\n".join(rows)
