"""Each page's "last update" comes from its last commit, read from git history in one call, never the clock."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import ROOT

from attention_site.mkdocs_adapter.pages import commit_dates

PAGES = ["docs/index.md", "docs/lesson/index.md", "docs/walkthrough/softmax.md",
         "docs/reference/directives/index.md"]


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="a copy without git history shows no dates")
def test_one_log_gives_each_page_its_last_commit_date() -> None:
    """Assert the batched history gives every page the date `git log -1` gives it alone."""
    dates = commit_dates(ROOT)
    for page in PAGES:
        alone = subprocess.run(["git", "log", "-1", "--format=%cs", "--", page], cwd=ROOT, capture_output=True,
                               text=True, check=True).stdout.strip()
        assert dates[page] == alone, page


def test_a_folder_without_history_gives_no_dates(tmp_path: Path) -> None:
    """Assert a build from an unpacked archive (no git) shows no date rather than today's."""
    assert commit_dates(tmp_path) == {}
