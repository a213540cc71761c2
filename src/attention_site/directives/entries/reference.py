"""Pages generated from the code itself: the directive reference (from the registry) and the core's API.

Nothing here runs code from a page: the reference walks the registry, and the API page reads the
docstrings and signatures of `attention_core`'s public names.
"""

from __future__ import annotations

import inspect

import attention_core

from ...build_cache import read_input
from ..claims import CHECK_KEYS, CHECK_OPTIONS, QUESTIONS
from ..engine import RENDERERS
from ..listings import project_root
from ..registry import GENERIC_OPTIONS, Entry, block, load_entries
from ..shown import Grid, MarkdownBlock, Scalar, Shown

NAME = "reference"
PREVIEW_KIND = {"grid": "table", "table": "table", "scalar": "value", "figure": "figure"}


@block(NAME, "directives", "Every directive the pages can use, with its options and a live rendering.")
def directives_reference() -> MarkdownBlock:
    registry = load_entries()  # every example's entries
    sections = [kinds_section(), claims_section()]
    for example in sorted({entry.example for entry in registry.values()} - {NAME}):
        sections.append(f"## `{example}`")
        sections += [entry_section(entry) for entry in registry.values() if entry.example == example]
    return MarkdownBlock("\n\n".join(sections))


def kinds_section() -> str:
    """The table of directive kinds and the options every entry shown by that kind accepts."""
    rows = ["| kind | stands | generic options |", "|:---|:---|:---|"]
    where = {"table": "alone on its line", "figure": "alone on its line", "block": "alone on its line",
             "check": "right after the sentence it guards; renders nothing"}
    for kind in RENDERERS:
        options = ", ".join(f"`{option.key}=`" for option in GENERIC_OPTIONS.get(kind, ())) or "none"
        rows.append(f"| `attn:{kind}` | {where.get(kind, 'inline, in a sentence or a formula')} | {options} |")
    return "## Kinds of directive\n\n" + "\n".join(rows)


def claims_section() -> str:
    """The words a page computes (attn:word pick=) and the claims it checks (attn:check), from the engine's tables."""
    scores = load_entries("bus-is-late")["bus-is-late", "scores"].make({})
    questions = ["| `pick=` | the word it writes |", "|:---|:---|"]
    questions += [f"| `{name}` | {first_line(answer.__doc__)} |" for name, answer in QUESTIONS.items()]
    checks = ["| claim | what must hold |", "|:---|:---|"]
    checks += [f"| `{option.key}=` | {option.help} |" for option in CHECK_OPTIONS if option.key in CHECK_KEYS]
    return "\n\n".join([
        "## Words and checks",
        "A word that depends on an example's input is computed or checked, never typed bare. "
        "`attn:word` writes it: `<!-- attn:word bus-is-late scores row=late pick=largest -->` gives "
        f"“{RENDERERS['word'](scores, about='', pick='largest', row='late')}”. "
        "`attn:check` leaves the prose as written and stops the build, with the page and line, what the page says "
        "and what the numbers say, when the claim no longer holds. Both take `row=` and `col=` to pick a row, a "
        "column or one cell (a label with spaces is written with `-`: `row=h1-o2`).",
        "\n".join(questions), "\n".join(checks),
    ])


def first_line(doc: str | None) -> str:
    """The summary line of a docstring."""
    return (doc or "").strip().split("\n")[0]


def entry_section(entry: Entry) -> str:
    """One entry: its syntax, summary, options and (for all but generated blocks) what it renders."""
    kind = sorted(entry.kinds)[0] if entry.shape != "grid" else "table"
    syntax = f"<!-- attn:{kind} {entry.example} {entry.name}{' ' + entry.sample if entry.sample else ''} -->"
    parts = [f"### `{entry.name}`", entry.summary, f"Shown by {usable_kinds(entry)}:", f"`{syntax}`"]
    if entry.options:
        parts.append(options_table(entry))
    preview = live_preview(entry)
    if preview:
        parts.append(preview)
    return "\n\n".join(parts)


def usable_kinds(entry: Entry) -> str:
    """The directive kinds that can show an entry, as inline code."""
    return ", ".join(f"`attn:{kind}`" for kind in sorted(entry.kinds))


def options_table(entry: Entry) -> str:
    """The entry's own options: key, meaning, accepted values, default."""
    rows = ["| option | meaning | accepted | default |", "|:---|:---|:---|:---|"]
    for option in entry.options:
        default = "none" if option.default in (None, ()) else f"`{format_default(option.default)}`"
        rows.append(f"| `{option.key}=` | {option.help} | {option.accepted or 'text'} | {default} |")
    return "\n".join(rows)


def format_default(value: object) -> str:
    """A default value as a contributor would write it in a directive."""
    return ",".join(map(str, value)) if isinstance(value, tuple) else str(value)


def live_preview(entry: Entry) -> str | None:
    """What the entry renders with its default options, or None for generated blocks."""
    if entry.shape == "block":
        return None
    shown: Shown = entry.make(dict(option.split("=", 1) for option in entry.sample.split()) if entry.sample else {})
    kind = PREVIEW_KIND[entry.shape]
    if isinstance(shown, Scalar) or (isinstance(shown, Grid) and kind == "value"):
        return "Renders: " + RENDERERS["value"](shown)
    return RENDERERS[kind](shown)


@block(NAME, "contributing", "CONTRIBUTING.md, the contributors' guide, read from the repository's top folder.")
def contributing_guide() -> MarkdownBlock:
    return MarkdownBlock(read_input(project_root() / "CONTRIBUTING.md"))


@block(NAME, "api", "The public API of attention_core, from its signatures and docstrings.")
def api_reference() -> MarkdownBlock:
    sections = [module_summary()]
    for name in sorted(attention_core.__all__, key=str.lower):
        sections.append(api_section(name, getattr(attention_core, name)))
    return MarkdownBlock("\n\n".join(sections))


def module_summary() -> str:
    """The package docstring, as the page's introduction."""
    return inspect.cleandoc(attention_core.__doc__ or "")


def api_section(name: str, obj: object) -> str:
    """One public name: its signature (for functions and classes) and its docstring, as written."""
    heading = f"## `{name}`"
    if inspect.isfunction(obj) or inspect.isclass(obj):
        signature = f"```python\n{name}{inspect.signature(obj)}\n```"
        doc = inspect.getdoc(obj) or "(no docstring)"
        return "\n\n".join([heading, signature, fenced_doc(doc)])
    return "\n\n".join([heading, f"A constant: `{type(obj).__name__}`."])


def fenced_doc(doc: str) -> str:
    """A docstring shown as plain preformatted text, so its symbols are never read as Markdown."""
    return "```text\n" + doc + "\n```"
