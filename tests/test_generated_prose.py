"""Prose the engine shows but a page does not hold: a program's comments and docstrings, entry summaries on the
reference pages, example titles. Each states only what its example's inputs give, or the build says which line."""

from __future__ import annotations

import dataclasses
import re

import pytest

from attention_core import EXAMPLES
from attention_site.directives import DirectiveError
from attention_site.directives.entries.reference import summary_of, what_example_is
from attention_site.directives.listings import check_prose
from attention_site.directives.registry import load_entries

PROGRAM = '''"""The seed-9 initialisation of the two-head example."""

seed = 9
heads = 2
query = [1, 0]

# Try it: set query = [0, 1] and run it again.
'''


@pytest.mark.parametrize(("inputs", "message"), [
    ({"seed": 10}, "p.py:1: the program's prose says seed 9, but the example has 10"),
    ({"heads": 3}, "p.py:1: the program's prose says heads 2, but the example has 3"),
    ({"query": [0, 1]}, "p.py:7: the program suggests setting query = [0, 1], which is already the example's value"),
], ids=["seed-9 in the docstring", "two-head in the docstring", "a suggestion that changes nothing"])
def test_a_programs_prose_that_no_longer_holds_stops_the_build(inputs: dict[str, object], message: str) -> None:
    """Assert a docstring's `seed-9` and `two-head` and a comment's `set query = ...` are read against the example."""
    with pytest.raises(DirectiveError) as caught:
        check_prose("p.py", PROGRAM, inputs)
    assert str(caught.value).endswith(message) or message in str(caught.value)


def test_a_programs_prose_that_holds_passes() -> None:
    """Assert the same program passes with the values it states."""
    check_prose("p.py", PROGRAM, {"seed": 9, "heads": 2, "query": [1, 0]})


def test_an_entry_summary_shows_the_shape_the_entry_has_today() -> None:
    """Assert a summary's typed size is replaced by the entry's own shape on the reference page."""
    entry = load_entries("initialisation")["initialisation", "w-v"]
    assert summary_of(dataclasses.replace(entry, summary="W_V of one head (7x7).")) == "W_V of one head (3x2)."


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_titles_and_descriptions_state_no_input(example: str) -> None:
    """Assert an example's title has no number, and its description on the reference index names no input's value
    (a seed, a width, a head count): those are the example's inputs, and would go stale when they change."""
    load_entries(example)
    assert not re.search(r"[0-9]", EXAMPLES[example].title)
    assert not re.search(r"\b(?:seed|d|d_k|d_v|h)\s*=?\s*[0-9]|\b[0-9]+ (?:query|K/V) heads|raw scores [0-9]",
                         what_example_is(example))
