"""One record per directive kind: the engine, the reference page and CONTRIBUTING.md all read `kinds.KINDS`."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from attention_site.directives import DirectiveError, expand_directives
from attention_site.directives.kinds import KINDS, Kind, kinds_showing, kinds_table
from attention_site.directives.registry import load_entries, register
from attention_site.directives.shown import Shown

CONTRIBUTING = Path(__file__).resolve().parent.parent / "CONTRIBUTING.md"


def test_contributing_holds_the_table_of_kinds_as_the_records_give_it() -> None:
    """Assert CONTRIBUTING.md's table of kinds is `kinds_table()` word for word (paste the printed table if not),
    and that its list of kinds to spell is the records' names."""
    guide = CONTRIBUTING.read_text(encoding="utf-8")
    assert kinds_table() in guide, "CONTRIBUTING.md's table of kinds is stale; paste this one:\n" + kinds_table()
    spelled = re.search(r"\| spell the kind: ((?:`[a-z]+`(?:, )?)+) \|", guide)
    assert spelled is not None
    assert sorted(re.findall(r"`([a-z]+)`", spelled[1])) == sorted(KINDS)


def test_the_reference_page_lists_every_kind_with_its_generic_options() -> None:
    """Assert the generated index of directives has one row per kind, in the records' order, with their options."""
    page = expand_directives("<!-- attn:block reference directives -->", "docs/reference/directives/index.md")
    rows = re.findall(r"^\| `attn:([a-z]+)[^`]*` \| [^|]+ \| .+ \| (.+) \|$", page, re.MULTILINE)
    assert [name for name, _ in rows] == list(KINDS)
    assert dict(rows)["table"] == "`digits=`, `blanks=`"
    assert dict(rows)["figure"] == "none"
    assert "`pick=`" in dict(rows)["word"]


def test_an_entry_can_be_shown_by_exactly_the_kinds_whose_records_name_its_shape() -> None:
    """Assert a grid is shown by table, value, tex, word and check; a figure by figure alone."""
    assert kinds_showing("grid") == {"table", "value", "tex", "word", "check"}
    assert kinds_showing("figure") == {"figure"}
    assert load_entries("bus-is-late")["bus-is-late", "scores"].kinds == kinds_showing("grid")


def test_a_new_kind_is_one_record_and_one_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert a record added to KINDS is dispatched, placed (alone on its line), told what it speaks of and shown
    by the entries of its shapes, with nothing else edited."""

    def render_shout(shown: Shown, about: str, row: str | None = None) -> str:
        return f"{about.upper()} ROW {row}"

    shout = Kind("shout", render_shout, frozenset({"grid"}), (KINDS["value"].options[1],), "alone", "capitals",
                 alone=True, claim=True)
    monkeypatch.setitem(KINDS, "shout", shout)
    assert expand_directives("<!-- attn:shout bus-is-late scores row=late -->") == "\nBUS-IS-LATE SCORES ROW late\n"
    with pytest.raises(DirectiveError, match="attn:shout must stand alone on its line"):
        expand_directives("Say <!-- attn:shout bus-is-late scores row=late -->")
    with pytest.raises(DirectiveError, match="cannot be shown by attn:shout; use attn:figure"):
        expand_directives("<!-- attn:shout bus-is-late weights-heatmap -->")
    monkeypatch.setitem(KINDS, "shout", replace(shout, shows=frozenset({"figure"})))
    with pytest.raises(DirectiveError, match="cannot be shown by attn:shout; use attn:check or attn:table or"):
        expand_directives("<!-- attn:shout bus-is-late scores -->")


def test_an_entry_of_a_shape_no_kind_shows_is_refused_where_it_is_registered() -> None:
    """Assert registering an entry under a shape no record names fails at once, naming the entry and the shape."""
    with pytest.raises(ValueError, match="'x y' has the shape 'poem', which no directive kind shows"):
        register("poem", "x", "y", "", (), "")
