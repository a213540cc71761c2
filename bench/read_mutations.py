"""Read mutations as a reader would: for each mutation given, expand every page it reaches and print each changed
paragraph before and after, so that a person can read what the page now says beside what it said.

Usage (from the project folder): .venv/bin/python bench/read_mutations.py EXAMPLE FIELD JSON-VALUE [...]
(three arguments a mutation), or with no arguments the mutations recorded in tests/mutations_read.md.
The mutation test (tests/test_mutations.py) proves each mutation rebuilds or stops; this script is for the part
it cannot do: judging whether the rebuilt words are still true. What the reading found is in tests/mutations_read.md.
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import mutations  # the test runner's way to swap an example and expand pages

RECORD = Path(__file__).resolve().parent.parent / "tests" / "mutations_read.md"
RE_RECORDED = re.compile(r"^\| `(?P<example>[a-z-]+)` \| `(?P<field>\w+)` \| `(?P<value>[^`]+)` \|", re.MULTILINE)


RE_SVG = re.compile(r"<svg\b.*?<title[^>]*>(.*?)</title>.*?</svg>", re.DOTALL)
RE_TAG = re.compile(r"<[^>]+>")
RE_SENTENCE = re.compile(r"(?<=[.!?:;])\s+")


def readable(text: str) -> str:
    """Markdown as a reader reads it: a drawing by its title, tags dropped, one line."""
    return " ".join(RE_TAG.sub(" ", RE_SVG.sub(lambda m: f"[drawing: {m[1]}]", text)).split())


def paragraphs(text: str) -> list[str]:
    """A page's sentences, as a reader reads them."""
    return [s for part in text.split("\n\n") if part.strip() for s in RE_SENTENCE.split(readable(part)) if s]


def changed(before: str, after: str) -> list[tuple[str, str]]:
    """(before, after) of each run of sentences that reads differently, with the unchanged sentence on either side
    (a sentence that stayed the same beside changed numbers is where a stale word hides)."""
    old, new = paragraphs(before), paragraphs(after)
    pairs = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag != "equal":
            context_before = f"[{old[i1 - 1][-200:]}] " if i1 else ""
            context_after = f" [{old[i2][:200]}]" if i2 < len(old) else ""
            pairs.append((" ".join(old[i1:i2]), context_before + " ".join(new[j1:j2]) + context_after))
    return pairs


def read(example: str, field: str, value: object) -> None:
    """Print what one mutation changes on each page it reaches, or the errors that stop the build."""
    originals = {item.constant: item.example for item in mutations.FOUND.values()}
    try:
        swapped = mutations.swapped_examples(mutations.EXAMPLES[example], field, value)
    except mutations.ExampleInputError as error:  # refused at the example's field, as the build refuses it
        print(f"\n=== {example} {field} = {value!r}: REFUSED\n{error}")
        return
    pages = mutations.pages_using({e.name for e in swapped.values()})
    engine = mutations.fresh_engine(originals)
    before = {page: mutations.expanded(engine, page)[1] or "" for page in pages}
    engine = mutations.fresh_engine(swapped)
    print(f"\n=== {example} {field} = {value!r}")
    for page in pages:
        error, text = mutations.expanded(engine, page)
        if error:
            print(f"--- {page.relative_to(mutations.DOCS.parent)}: STOPPED\n{error}")
            continue
        for old, new in changed(before[page], text or ""):
            print(f"--- {page.relative_to(mutations.DOCS.parent)}\n  - {old[:600]}\n  + {new[:600]}")
    mutations.put_in_place(originals)


def main() -> None:
    """Read the mutations named on the command line, or every one recorded."""
    args = sys.argv[1:]
    if args:
        for start in range(0, len(args), 3):
            example, field, value = args[start : start + 3]
            read(example, field, mutations.as_tuples(json.loads(value)))
        return
    for match in RE_RECORDED.finditer(RECORD.read_text(encoding="utf-8")):
        read(match["example"], match["field"], mutations.as_tuples(json.loads(match["value"])))


if __name__ == "__main__":
    main()
