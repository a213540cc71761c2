"""The home page's list of the pages beyond the two worked examples: made from the nav, every page in a group."""

from __future__ import annotations

import textwrap
from pathlib import Path

from attention_site.further_pages import FOLDER, GROUPS, UNGROUPED, further_pages, further_pages_markdown

ROOT = Path(__file__).resolve().parent.parent
NAV = textwrap.dedent("""\
    plugins:
      - offline:
          enabled: !ENV [OFFLINE, false]
    nav:
      - Home: index.md
      - Going further:
          - "One training step": beyond/one-training-step.md
          - "Checks for understanding": beyond/checks.md
          - "A page nobody grouped": beyond/new-page.md
      - Reference:
          - "Directives": reference/directives/index.md
    """)


def test_the_list_groups_the_navs_pages_and_keeps_an_ungrouped_one() -> None:
    """Assert the nav's beyond/ pages come under their groups' headings, linked with the nav's titles, and a page
    no group names is still listed, under the last heading; MkDocs' !ENV tag does not stop the reading."""
    assert further_pages_markdown(NAV) == "\n".join([
        "- **The whole model, and how it learns**: [One training step](beyond/one-training-step.md).",
        "- **What attention means, and checking yourself**: [Checks for understanding](beyond/checks.md).",
        f"- **{UNGROUPED}**: [A page nobody grouped](beyond/new-page.md).",
    ])


def test_every_page_of_the_site_going_further_is_in_a_named_group() -> None:
    """Assert each beyond/ page of the site's nav is listed under a group of GROUPS, and each name there is a page."""
    groups = dict(further_pages((ROOT / "mkdocs.yml").read_text("utf-8")))
    ungrouped = [path for _, path in groups.get(UNGROUPED, [])]
    assert not ungrouped, f"add {ungrouped} to a group of GROUPS in src/attention_site/further_pages.py"
    listed = {path.removeprefix(FOLDER) for pages in groups.values() for _, path in pages}
    assert listed == {name for _, names in GROUPS for name in names} and len(listed) >= 9
    assert all((ROOT / "docs" / FOLDER / name).is_file() for name in listed)


def test_the_home_page_shows_the_list_and_no_jargon() -> None:
    """Assert the home page carries the generated list and no longer says "beyond the seeds" (#33 correction 7)."""
    home = (ROOT / "docs" / "index.md").read_text("utf-8")
    assert "<!-- attn:block reference further-pages -->" in home and "beyond the seeds" not in home.lower()
