"""The reference pages (the API's, the directives' index and each example's page the build makes) share one front
matter, which ranks them below the lesson and the chapters in the search (tests/browser/test_search.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from attention_site.directives.entries import REFERENCE_FRONT_MATTER, reference_pages

DOCS = Path(__file__).resolve().parents[1] / "docs"
WRITTEN = sorted([*(DOCS / "reference/api").glob("*.md"), DOCS / "reference/directives/index.md"])


def front_matter(text: str) -> dict[str, object]:
    """The YAML between a page's opening `---` lines, or an empty dict."""
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text[4:text.index("\n---\n", 3)]) or {}


@pytest.mark.parametrize("page", WRITTEN, ids=lambda path: path.relative_to(DOCS).as_posix())
def test_each_written_reference_page_has_the_reference_s_front_matter(page: Path) -> None:
    """Assert each reference page of docs/ opens with the front matter the made pages get, word for word."""
    assert page.read_text(encoding="utf-8").startswith(REFERENCE_FRONT_MATTER)


def test_the_made_pages_have_it_and_it_lowers_them_in_the_search() -> None:
    """Assert every page the build makes opens with that front matter, and it lowers a page's search rank."""
    assert all(text.startswith(REFERENCE_FRONT_MATTER) for text in reference_pages().values())
    boost = front_matter(REFERENCE_FRONT_MATTER)["search"]["boost"]  # type: ignore[index]
    assert 0 < boost < 1
