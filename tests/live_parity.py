"""What the build writes for each live directive of a page, for given inputs of its example: the parity test's truth.

Run by tests/browser/test_live.py in a fresh process, as tests/mutations.py is (it swaps an example inside
`attention_core` and imports the engine anew). Reads a JSON list of input sets on stdin, each
{"example": NAME, "inputs": {FIELD: authored value}}, and prints a JSON list with, for each, {page: {id: what the
build writes}} for every page named on the command line: the directive's HTML with its live mark (a table, a value,
a figure, MathML for one inside a formula; a check that holds writes nothing), or {"stale": message} where the
build would stop with that message.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import markdown
from mutations import DOCS, RE_FRONT_MATTER, as_tuples, constant_of, fresh_engine, put_in_place, swapped_examples

from attention_core import EXAMPLES

# One converter with mkdocs.yml's extensions, for what they write, reset before each directive; and the HTML of each
# marked text converted so far (most directives of a page write the same for every input set of one example).
CONVERTER = markdown.Markdown(extensions=["tables", "md_in_html", "attr_list", "pymdownx.arithmatex"],
                              extension_configs={"pymdownx.arithmatex": {"generic": True}})
CONVERTED: dict[tuple[str, bool], str] = {}


def changed_examples(example: str, inputs: dict[str, object]) -> dict[str, object]:
    """The example with `inputs` (authored, by field without `_text`; a ranged whole number by its name) in place of
    its own, and every example built on it made on the changed one (red ball layer on red ball rolls), as the
    mutation test swaps them."""
    own = EXAMPLES[example]
    changes = {f"{name}_text" if name in own.authored else name: as_tuples(v) for name, v in inputs.items()}
    if not changes:
        return {constant_of(own): own}
    field, *more = changes
    return dict(swapped_examples(own, field, changes[field], {name: changes[name] for name in more}))


def written(live: object, engine: object, mathml: object, place: object) -> object:
    """What the build writes for one live directive: its marked HTML, or {"stale": message}."""
    directive = place.found.directive
    try:
        text = engine.render(directive)
    except engine.DirectiveError as error:
        return {"stale": error.message}
    marked = live.marked(directive.kind, place.ordinal, text, place.in_math, place.in_text)
    if place.in_text:  # the mark closes and reopens the \text{…} it stands in
        marked = f"\\text{{{marked}}}"
    if (marked, place.in_math) not in CONVERTED:
        html = f'<span class="arithmatex">\\({marked}\\)</span>' if place.in_math else CONVERTER.reset().convert(marked)
        CONVERTED[marked, place.in_math] = mathml.convert_math(html)
    return CONVERTED[marked, place.in_math]


def pages_as_built(pages: list[str], example: str, inputs: dict[str, object]) -> dict[str, dict[int, object]]:
    """Every live directive of each of `pages` (paths under docs/) as the build writes it for these inputs."""
    originals = {constant_of(e): e for e in EXAMPLES.values()}
    try:
        fresh_engine(changed_examples(example, inputs))
        from attention_site import live, mathml
        from attention_site.directives import engine

        return {page: {place.ordinal: written(live, engine, mathml, place) for place in live.live_places(body(page))}
                for page in pages}
    finally:
        put_in_place(originals)


def body(page: str) -> str:
    """A page's Markdown without its front matter, as the build expands it."""
    text = (DOCS / page).read_text(encoding="utf-8")
    head = RE_FRONT_MATTER.match(text)
    return text[head.end():] if head else text


def main() -> None:
    """Print, for each input set read from stdin, what the build writes for the pages named on the command line."""
    pages = [Path(page).as_posix() for page in sys.argv[1:]]
    print(json.dumps([pages_as_built(pages, case["example"], case["inputs"]) for case in json.load(sys.stdin)]))


if __name__ == "__main__":
    main()
