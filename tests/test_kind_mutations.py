"""One mutation per claim kind: an input change of a real example that makes a real sentence of the site false, and
the build stopping at that sentence's page:line with the kind's own message.

tests/test_mutations.py runs every mutation and asserts that each builds or stops somewhere; this file asserts the
place and the words, one kind at a time, so that removing the check beside the sentence fails its case. It reuses
the runner of tests/mutations.py through test_mutations (`run`, `errors_of`): the runner swaps the example's
inputs in a fresh process and expands every page that uses it.

No page states a `ratio=` claim today (live.js does not mirror it, so the lesson states late's query in words
instead, as CONTRIBUTING says), so no real sentence of that kind can be made false.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_mutations import errors_of, run

ROOT = Path(__file__).resolve().parent.parent
D_K_2 = {"W_q_text": [["0", "1"], ["0", "0"], ["1", "0"]], "W_k_text": [["0", "0"], ["ln 2", "0"], ["0", "1"]],
         "cross-padding:W_q_dec_text": [["1", "0"], ["2", "1"], ["0", "0"]]}  # head 1 with d_k = 2, as test_mutations


def line_holding(page: str, *fragments: str) -> int:
    """The one line of a page (from 1, front matter counted, as the build counts) that holds every fragment: the
    sentence's prose, found without its check, so a check removed fails the case at its assertion, not here."""
    lines = (ROOT / page).read_text(encoding="utf-8").split("\n")
    found = [number for number, line in enumerate(lines, start=1) if all(part in line for part in fragments)]
    assert len(found) == 1, f"{page}: {len(found)} lines hold {fragments}"
    return found[0]


@pytest.mark.parametrize(("example", "changes", "page", "fragments", "message"), [
    ("head-width", {"samples": 8}, "docs/walkthrough/scaling.md", ("while the scaled spread stays close to 1.",),
     r"the page says that in 'head-width spreads' \(col scaled\) the entries are within 0\.1 of 1; with these inputs"),
    ("head-width", {"samples": 20}, "docs/walkthrough/scaling.md", ("while the scaled spread stays close to 1.",),
     r"the page says that in 'head-width spreads' \(col raw\) the slope on log axes is 0\.5 \(within 0\.05\); with "
     r"these inputs it is 0\.\d+"),
    ("cross-padding", {"finite_fill": -2.0}, "docs/beyond/cross-attention-and-padding.md",
     ("Fill with a large finite negative number",),
     r"the page says that in cross-padding finite-fill the entries are large-negative \(at most -10\^6.*with these "
     r"inputs an entry is -2"),
    ("rotary", {"base": 500}, "docs/beyond/rotary-and-alibi.md", ("formula and the base are RoFormer's.",),
     r"the page says that rotary's base is as published \(RoFormer \(Su et al\. 2021\): 10000\); with these inputs "
     r"it is 500"),
    ("initialisation", {"seed": 10}, "docs/walkthrough/initialisation.md", ("attn:block initialisation program",),
     r"docs/programs/initialisation\.py:1: the program's prose says seed 9, but the example has 10; change the "
     r"comment or docstring"),
    ("red-ball-rolls", D_K_2, "docs/walkthrough/code.md", ("attn:block red-ball-rolls program -->",),
     r"docs/programs/red_ball_rolls\.py:\d+: the comment says Q is \(3, 1\), but the example's inputs give \(3, 2\)"),
    ("red-ball-rolls", {"W_v2_text": [["1", "0"], ["0", "2"], ["1", "2"]]}, "docs/walkthrough/second-head.md",
     ("heads use the same value rows",),
     r"the page says that in 'red-ball-rolls values-head2-minus-head1' every entry is 0; with these inputs"),
], ids=["close=: eight samples, the scaled spread is not close to 1",
        "slope=: twenty samples, the raw spread's slope is not 1/2",
        "size=: a fill of -2 is not a large negative number",
        "published=: a base of 500 is not RoFormer's",
        "listing docstring: the seed-9 initialisation with seed 10",
        "listing shape comment: Q is (3, 2) with d_k = 2",
        "restatement: head 2's values differ, 'the same value rows' later on the page"])
def test_a_change_that_falsifies_a_sentence_stops_at_its_line_with_its_kind(
        example: str, changes: dict[str, object], page: str, fragments: tuple[str, ...], message: str) -> None:
    """Assert the change stops the build at the line of the sentence it makes false, with the message of the
    claim kind that guards it (a check removed from that line, or a listing's prose left unread, fails this)."""
    (report,) = run(example, *(item for field, value in changes.items() for item in (field, json.dumps(value))))
    assert report["crash"] is None, report["crash"]
    place = f"{page}:{line_holding(page, *fragments)}: "
    at_place = [line for line in errors_of(report) if line.startswith(place)]
    assert at_place, f"nothing stopped at {place}; the build said:\n" + "\n".join(errors_of(report))
    assert any(re.search(message, line) for line in at_place), at_place
