"""Pages generated from the code itself: the directive reference (from the registry), the contributors' guide and
the core's API (written by `attention_site/api_page.py`).

Nothing here runs code from a page: the reference walks the registry, and the API page reads the
docstrings and signatures of `attention_core`'s public names.
"""

from __future__ import annotations

import re
import sys

from ...api_page import PARTS, api_page
from ...build_cache import read_input
from ...further_pages import further_pages_markdown
from ..claims import CHECK_KEYS, CHECK_OPTIONS
from ..errors import DirectiveError, did_you_mean, quoted
from ..formatting import reader_minus
from ..kinds import KINDS, first_kind_showing, kinds_reference
from ..listings import project_root
from ..options import Option, choice
from ..questions import QUESTIONS
from ..registry import Entry, block, load_entries, module_of, module_order
from ..shown import Grid, MarkdownBlock, Scalar, Shown
from . import example_keys

RE_SUMMARY_SHAPE = re.compile(r"\([0-9]+ ?x ?[0-9]+\)")  # a size in an entry's summary: (3x2)
NAME = "reference"


def documented_examples() -> list[str]:
    """The examples the reference shows, each on its own page (which the build makes: `reference_pages`)."""
    return list(example_keys())


def known_example(text: str) -> str:
    """An `example=` option naming an example of the registry, or the error listing the accepted names."""
    if text != NAME and any(key[0] == text for key in load_entries(text)):  # loads that example's module only
        return text
    examples = documented_examples()
    if text not in examples:
        raise DirectiveError(f"unknown example '{quoted(text)}' for the reference of directives; "
                             f"{did_you_mean(text, examples)}")
    return text


EXAMPLE = Option("example", "the example whose entries this page shows (the index of examples when left out)",
                 known_example, None, "the name of an example in the registry, such as red-ball-rolls")


@block(NAME, "directives", "The reference of directives: the index of examples, or with example= one example's "
       "entries, each with its options and a live rendering.", options=(EXAMPLE,))
def directives_reference(example: str | None = None) -> MarkdownBlock:
    if example is None:
        return MarkdownBlock("\n\n".join([kinds_section(), claims_section(), examples_section()]))
    return MarkdownBlock(example_page(example))


def examples_section() -> str:
    """The index of examples, each linked to its page; stops the build when an example has no page."""
    registry = load_entries()
    rows = ["| example (its page) | what it is | entries |", "|:---|:---|---:|"]
    for example in documented_examples():
        count = sum(entry.example == example for entry in registry.values())
        rows.append(f"| [`{example}`]({example}.md) | {what_example_is(example)} | {count} |")
    return "\n\n".join([
        "## Examples",
        "Each example's entries, with their options and what they render today, are on the example's own page: "
        "follow its name.",
        "\n".join(rows),
    ])


def what_example_is(example: str) -> str:
    """The first line of the docstring of the example's entry module, without the repeated example name."""
    module = sys.modules[module_of(example)]
    summary = first_line(module.__doc__).replace(f' (example "{example}")', "").rstrip(".")
    return summary.replace("|", "\\|") + "."


def example_page(example: str) -> str:
    """One example's page: what it is, then each of its entries with its options and live rendering."""
    entries = sorted((entry for entry in load_entries(example).values() if entry.example == example), key=module_order)
    intro = (f"{what_example_is(example)} Its {len(entries)} entries follow, in the order its module defines them; "
             "the kinds of directive, their generic options and the words and checks are in the "
             "[reference of directives](index.md).")
    return "\n\n".join([intro, *(entry_section(entry) for entry in entries)])


def kinds_section() -> str:
    """The table of directive kinds and the options every entry shown by that kind accepts (from kinds.KINDS)."""
    return "## Kinds of directive\n\n" + kinds_reference()


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
        f"“{KINDS['word'].render(scores, about='', pick='largest', row='late')}”. "
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
    kind = first_kind_showing(entry.shape).name
    syntax = f"<!-- attn:{kind} {entry.example} {entry.name}{' ' + entry.sample if entry.sample else ''} -->"
    parts = [f"## `{entry.name}`", summary_of(entry), f"Shown by {usable_kinds(entry)}:", f"`{syntax}`"]
    if entry.options:
        parts.append(options_table(entry))
    preview = live_preview(entry)
    if preview:
        parts.append(preview)
    return "\n\n".join(parts)


def summary_of(entry: Entry) -> str:
    """The entry's summary with each size it writes as `(3x2)` made from the entry's numbers today, so that a
    changed input never leaves the reference naming an old shape."""
    if entry.shape != "grid" or not RE_SUMMARY_SHAPE.search(entry.summary):
        return entry.summary
    try:
        shown = built(entry)
    except DirectiveError:  # its preview says why
        return entry.summary
    size = f"({len(shown.row_labels)}x{len(shown.col_labels)})" if isinstance(shown, Grid) else None
    return RE_SUMMARY_SHAPE.sub(size, entry.summary) if size else entry.summary


def built(entry: Entry) -> Shown:
    """What an entry shows with the options of its sample."""
    return entry.make(dict(option.split("=", 1) for option in entry.sample.split()) if entry.sample else {})


def usable_kinds(entry: Entry) -> str:
    """The directive kinds that can show an entry, as inline code."""
    return ", ".join(f"`attn:{kind}`" for kind in sorted(entry.kinds))


def options_table(entry: Entry) -> str:
    """The entry's own options: key, meaning, accepted values, default."""
    rows = ["| option | meaning | accepted | default |", "|:---|:---|:---|:---|"]
    for option in entry.options:
        default = "none" if option.default in (None, ()) else f"`{format_default(option.default)}`"
        accepted = reader_minus(option.accepted or "text")  # read here; an error message quotes what to type
        rows.append(f"| `{option.key}=` | {option.help} | {accepted} | {default} |")
    return "\n".join(rows)


def format_default(value: object) -> str:
    """A default value as a contributor would write it in a directive."""
    return ",".join(map(str, value)) if isinstance(value, tuple) else str(value)


def live_preview(entry: Entry) -> str | None:
    """What the entry renders with its default options, or None for generated blocks."""
    if entry.shape == "block":
        return None
    try:
        shown = built(entry)
    except DirectiveError as error:  # valid inputs it refuses (a tie it will not break): say so, as pages would
        return f"With today's inputs it stops the build on any page that shows it: {as_code(str(error))}"
    kind = first_kind_showing(entry.shape)
    if isinstance(shown, Scalar) or (isinstance(shown, Grid) and kind.name == "value"):
        return "Renders: " + KINDS["value"].render(shown)
    return kind.render(shown)


def as_code(text: str) -> str:
    """`text` as inline code, fenced by one backtick more than the longest run inside it."""
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    return f"{fence} {text} {fence}"


# The heading of CONTRIBUTING.md where the site's second page of the guide begins: one page of the whole guide
# weighed more than a page's budget of HTML (tests/test_site.py), and so did the second from "What a page may
# contain" on once live pages were written up.
PROJECT_PART = "## When something is wrong"
GUIDE_PART = choice("part", "which part of CONTRIBUTING.md: writing pages (its top, up to the heading "
                    f"'{PROJECT_PART.lstrip('# ')}') or the project (from that heading to its end)",
                    ("pages", "project"), default="pages")


@block(NAME, "contributing", "CONTRIBUTING.md, the contributors' guide, read from the repository's top folder, in two "
       "parts: writing pages, and the project (with part=project).", options=(GUIDE_PART,))
def contributing_guide(part: str = "pages") -> MarkdownBlock:
    pages, project = split_guide(read_input(project_root() / "CONTRIBUTING.md"))
    return MarkdownBlock(project if part == "project" else pages)


def split_guide(guide: str) -> tuple[str, str]:
    """The guide up to the heading PROJECT_PART, and from it to the end."""
    start = guide.find(f"\n{PROJECT_PART}\n")
    if start < 0:
        raise DirectiveError(f"CONTRIBUTING.md has no line '{PROJECT_PART}', where the site's second page of the "
                             "guide begins; keep that heading, or change PROJECT_PART in attention_site/directives/"
                             "entries/reference.py to the heading it begins at now")
    return guide[:start + 1], guide[start + 1:]


@block(NAME, "further-pages", "The pages beyond the two worked examples, from the nav in mkdocs.yml, grouped under "
       "plain headings (attention_site.further_pages); for the home page, whose links these are.")
def further_pages_list() -> MarkdownBlock:
    return MarkdownBlock(further_pages_markdown(read_input(project_root() / "mkdocs.yml")))


PART = choice("part", "which public names: attention itself (core), what surrounds it (around: training, the model, "
              "inference), or the worked examples' inputs (examples)", PARTS, default="core")


@block(NAME, "api", "The public API of attention_core, from its signatures and docstrings, on three pages: attention "
       "itself; with part=around, training, the model and inference; with part=examples, the classes and constants "
       "of the worked examples' inputs.", options=(PART,))
def api_reference(part: str = "core") -> MarkdownBlock:
    return MarkdownBlock(api_page(part))
