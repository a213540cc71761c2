"""Mutation runner: change one input of one example, expand every page that uses it, report what happened.

Run by tests/test_mutations.py in a fresh Python process (it swaps examples inside `attention_core` and
re-imports the engine, which must not leak into other tests). Prints one JSON line per mutation:
{"example", "field", "kind", "value", "outcome": "built" | "stopped", "errors": ["page:line: ..."],
 "crash": null | "traceback text"}.

Mutations, for every input field of every example (names and titles are the example's identity, not inputs):
- seeded random: one entry of a matrix, vector or scalar replaced by another small exact value;
- targeted: two rows (or entries) swapped, which flips an ordering; one row copied onto another, which
  creates or breaks a tie; one entry negated, which changes a sign; one entry set to zero;
- whole numbers and choices (seeds, widths, the focus token, the norm) moved to another accepted value;
- a token renamed (the last one, and the focus with it when it is the focus, and in a second sentence that reorders
  the tokens): every page line that writes the old name must stop the build, or the page must compute it.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
import re
import sys
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import attention_core
import attention_core.examples
from attention_core import EXAMPLES, Example, ExampleInputError

DOCS = Path(__file__).resolve().parent.parent / "docs"
RE_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*\n", re.DOTALL)
VALUES = ("-2", "-1", "0", "1", "2", "3", "1/2", "ln 2")
FIXED_FIELDS = {"name", "title", "other_tokens", "vocabulary", "illustrative", "exact"}
RENAMED = "renamed"  # the new name of a renamed token: no example has a token of that name
RANDOM_PER_FIELD = 2


@dataclass(frozen=True)
class Found:
    """An example found where it is defined: its module of attention_core.examples and the name it has there."""

    module: str
    constant: str
    example: Example


def discovered() -> list[Found]:
    """Every example defined in a module of `attention_core.examples`, registered or not: each module-level
    instance of an `Example` class that the same module defines (the rule `EXAMPLES` is built by)."""
    return [Found(f"attention_core.examples.{module}", constant, example)
            for module in attention_core.examples.example_modules()
            for constant, example in attention_core.examples.defined_examples(module).items()]


def unreachable(found: list[Found]) -> list[str]:
    """Why a found example could escape the mutation test: not in EXAMPLES under its key (a module the registry
    did not read, or two examples with one key)."""
    return [f"{item.module}.{item.constant} ('{item.example.name}') is not in attention_core.EXAMPLES: "
            "an example is a module of src/attention_core/examples/ defining one instance of its own class"
            for item in found if EXAMPLES.get(item.example.name) is not item.example]


FOUND = {item.example.name: item for item in discovered()}  # read before any mutation swaps one


def constant_of(example: Example) -> str:
    """The name under which `attention_core` and the example's own module hold an example."""
    return FOUND[example.name].constant


def leaf_paths(value: object, path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """The positions of the strings inside a nested tuple of authored entries."""
    if isinstance(value, str):
        return [path]
    return [p for i, item in enumerate(value) for p in leaf_paths(item, (*path, i))]  # type: ignore[arg-type]


def replaced(value: object, path: tuple[int, ...], new: object) -> object:
    """A copy of a nested tuple with the entry at `path` replaced."""
    if not path:
        return new
    items = list(value)  # type: ignore[call-overload]
    items[path[0]] = replaced(items[path[0]], path[1:], new)
    return tuple(items)


def negated(entry: str) -> str:
    """An authored entry with its sign changed: `ln 2` to `-ln 2`, `-1` to `1`."""
    return entry[1:] if entry.startswith("-") else "0" if entry.strip() == "0" else "-" + entry


def text_mutations(value: object, rng: random.Random) -> Iterator[tuple[str, object]]:
    """Random and targeted changes of an authored matrix, vector or scalar."""
    paths = leaf_paths(value)
    for _ in range(RANDOM_PER_FIELD):
        path = rng.choice(paths)
        current = leaf(value, path)
        yield "random", replaced(value, path, rng.choice([v for v in VALUES if v != current]))
    nonzero = [p for p in paths if leaf(value, p).strip() not in ("0", "")]
    if nonzero:
        yield "sign", replaced(value, nonzero[0], negated(leaf(value, nonzero[0])))
        yield "zero", replaced(value, nonzero[-1], "0")
    if isinstance(value, tuple) and len(value) >= 2 and value[0] != value[-1]:
        swapped = (value[-1], *value[1:-1], value[0])
        yield "swap", swapped
        yield "tie", (value[-1], *value[1:])


def leaf(value: object, path: tuple[int, ...]) -> str:
    """The entry of a nested tuple at `path`."""
    for index in path:
        value = value[index]  # type: ignore[index]
    return value  # type: ignore[return-value]


def other_mutations(example: Example, name: str, value: object) -> Iterator[tuple[str, object]]:
    """Changes of whole numbers, lists of them, the focus token and the norm."""
    if name == "tokens":
        yield from (("rename", (*value[:-1], RENAMED)),) if value else ()
    elif name == "focus":
        yield from (("focus", token) for token in example.tokens if token != value)
    elif name == "norm":
        yield "norm", "pre" if value == "post" else "post"
    elif isinstance(value, bool):
        yield "flag", not value
    elif isinstance(value, int):
        yield "up", value + 1
        if value > 1:
            yield "down", value - 1
    elif isinstance(value, tuple) and value and all(isinstance(x, int) for x in value):
        yield "longer", (*value[:-1], value[-1] * 2)


def mutations(seed: int = 2026) -> Iterator[tuple[Example, str, str, object]]:
    """Every mutation: (example, field, kind, new value)."""
    rng = random.Random(seed)
    for example in (item.example for item in FOUND.values()):
        for field in dataclasses.fields(example):
            value = getattr(example, field.name)
            if field.name in FIXED_FIELDS or isinstance(value, Example):
                continue
            changes = text_mutations(value, rng) if field.name.endswith("_text") else other_mutations(
                example, field.name, value)
            for kind, new in changes:
                yield example, field.name, kind, new


def takes(example: Example, changes: dict[str, object]) -> bool:
    """Whether the example takes these changes of its fields together (its ranges and its rules)."""
    try:
        dataclasses.replace(example, **changes)
    except ExampleInputError:
        return False
    return True


def swapped_examples(example: Example, field: str, new: object, more: dict[str, object] | None = None
                     ) -> dict[str, Example]:
    """The examples as they are after the mutation (of `field`, and of the fields in `more` with it, for an input
    that only fits changed together: d_k is the width of both W_Q and W_K): the changed one, and every example built
    on it."""
    given = {field: new, **(more or {})}  # `OTHER:field` changes a field of the example OTHER built on this one
    changes = {name: value for name, value in given.items() if ":" not in name}
    if field == "tokens" and getattr(example, "focus", None) in example.tokens and example.focus not in new:
        changes["focus"] = new[example.tokens.index(example.focus)]  # the focus renamed with its token
    if field == "tokens" and "other_tokens" not in changes and hasattr(example, "other_tokens"):
        renamed = dict(zip(example.tokens, new, strict=False))  # the second sentence reorders the same tokens
        changes["other_tokens"] = tuple(renamed.get(token, token) for token in example.other_tokens)
    changed = dataclasses.replace(example, **changes)
    result = {constant_of(example): changed}
    for other in EXAMPLES.values():  # equal, not only the same object: an example may make its own copy of another
        inner = [f.name for f in dataclasses.fields(other)
                 if isinstance(getattr(other, f.name), Example) and getattr(other, f.name) == example]
        theirs = {name.split(":", 1)[1]: value for name, value in given.items() if name.startswith(f"{other.name}:")}
        if inner:
            result[constant_of(other)] = dataclasses.replace(other, **dict.fromkeys(inner, changed), **theirs)
    return result


def put_in_place(examples: dict[str, Example]) -> None:
    """Put `examples` where an entry imports them from, the example's own module (and, for older code, the two
    packages above it); and list them in `EXAMPLES`."""
    by_constant = {item.constant: item for item in FOUND.values()}
    for constant, example in examples.items():
        for module in (attention_core, attention_core.examples, sys.modules[by_constant[constant].module]):
            setattr(module, constant, example)
    listed = {name: getattr(sys.modules[FOUND[name].module], FOUND[name].constant) for name in EXAMPLES}
    attention_core.EXAMPLES = attention_core.examples.EXAMPLES = MappingProxyType(listed)  # type: ignore[attr-defined]


# The engine's modules that read no example (a page's syntax): kept from one mutation to the next, with what they
# remember of each page (its code blocks, its directives parsed), which no example changes.
READS_NO_EXAMPLE = frozenset({"attention_site.directives.syntax", "attention_site.directives.errors",
                              "attention_site.directives.limits"})


def fresh_engine(examples: dict[str, Example]):
    """Import the directive engine anew with `examples` in place of the originals; return it."""
    put_in_place(examples)
    for name in [name for name in sys.modules if name.startswith("attention_site") and name not in READS_NO_EXAMPLE]:
        del sys.modules[name]
    return importlib.import_module("attention_site.directives")


def pages_using(names: set[str]) -> list[Path]:
    """The pages whose directives name one of the examples."""
    return [page for page in sorted(DOCS.rglob("*.md"))
            if any(f" {name} " in page.read_text(encoding="utf-8") for name in names)]


def expanded(engine, page: Path) -> tuple[str | None, str | None]:
    """Expand one page as the build does: (its error message, None) or (None, the Markdown a reader gets)."""
    text = page.read_text(encoding="utf-8")
    head = RE_FRONT_MATTER.match(text)
    body = text[head.end():] if head else text
    try:
        return None, engine.expand_directives(body, page.relative_to(DOCS.parent).as_posix(),
                                              head.group(0).count("\n") if head else 0)
    except engine.DirectiveError as error:
        return str(error), None


BASELINE: dict[Path, str | None] = {}  # each page as the unchanged examples expand it, made once per process


def unchanged_pages(pages: list[Path], texts: list[str | None]) -> bool:
    """Whether every page reads as it does with the original examples (a mutation that reached no page)."""
    missing = [page for page in pages if page not in BASELINE]
    if missing:
        engine = fresh_engine({item.constant: item.example for item in FOUND.values()})
        BASELINE.update((page, expanded(engine, page)[1]) for page in missing)
    return all(BASELINE[page] == text for page, text in zip(pages, texts, strict=True))


def run_one(example: Example, field: str, kind: str, new: object, more: dict[str, object] | None = None
            ) -> dict[str, object]:
    """Apply one mutation (of `field`, and of the fields in `more`), expand the pages it reaches, and restore the
    originals."""
    originals = {constant_of(e): e for e in EXAMPLES.values()}
    report: dict[str, object] = {"example": example.name, "field": field, "kind": kind, "value": repr(new),
                                 "errors": [], "crash": None, "refused": None}
    try:
        examples = swapped_examples(example, field, new, more)
    except ExampleInputError as error:  # out of its declared range: the build stops at the example's field
        return {**report, "refused": str(error), "outcome": "refused"}
    inert = False
    try:
        engine = fresh_engine(examples)
        pages = pages_using({e.name for e in examples.values()})
        results = [expanded(engine, page) for page in pages]
        report["errors"] = [error for error, _ in results if error]
        inert = not report["errors"] and unchanged_pages(pages, [text for _, text in results])
    except Exception:  # a crash is what the test looks for: report it whole
        report["crash"] = traceback.format_exc()
    finally:  # the next mutation imports the engine afresh; only the exports need restoring
        put_in_place(originals)
    report["outcome"] = "stopped" if report["errors"] else "inert" if inert else "built"
    return report


def as_tuples(value: object) -> object:
    """A JSON value with its lists made tuples, as the examples hold their inputs."""
    return tuple(as_tuples(item) for item in value) if isinstance(value, list) else value


def main() -> None:
    """Run every mutation; or every N-th from the K-th on, given `K/N` (one share of the work for each of N
    processes); or the one named on the command line as EXAMPLE FIELD JSON-VALUE [FIELD JSON-VALUE ...]."""
    if sys.argv[1:] == ["--unreachable"]:
        print(json.dumps(unreachable(discovered())))
        return
    if len(sys.argv) >= 4:
        example, pairs = EXAMPLES[sys.argv[1]], sys.argv[2:]
        given = {pairs[k]: as_tuples(json.loads(pairs[k + 1])) for k in range(0, len(pairs) - 1, 2)}
        field, *others = given
        print(json.dumps(run_one(example, field, "given", given[field], {f: given[f] for f in others})))
        return
    share, shares = map(int, sys.argv[1].split("/")) if len(sys.argv) == 2 else (0, 1)
    for index, (example, field, kind, new) in enumerate(mutations()):
        if index % shares == share:
            print(json.dumps(run_one(example, field, kind, new)), flush=True)


if __name__ == "__main__":
    main()
