"""What a page loads: Material's search worker swapped for the on-demand one, the index split in two, and the search's
documents with readable formulas (mathml.readable_documents; test_mathml.py checks how a formula reads)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from attention_site.mathml import readable_documents
from attention_site.postprocess.page_assets import (
    SEARCH_DOCUMENTS,
    SEARCH_INDEX,
    serve_search_documents,
    with_search_on_demand,
)

if TYPE_CHECKING:
    from pathlib import Path

CONFIG = ('<script id="__config" type="application/json">{"base": "..", "features": [], '
          '"search": "../assets/javascripts/workers/search.a7633da7.min.js", "tags": null}</script>')


def test_the_page_names_the_on_demand_worker_and_where_materials_worker_and_the_documents_are() -> None:
    """Assert Material's configuration points at the on-demand worker, which is told both other files."""
    page = with_search_on_demand(f"<html><body>{CONFIG}</body></html>")
    assert ('"search": "../assets/javascripts/workers/search-on-demand.js?worker=search.a7633da7.min.js'
            '&documents=../../../search/documents.json"') in page
    assert page.count("search.a7633da7.min.js") == 1


def test_a_page_without_materials_search_is_left_alone() -> None:
    """Assert a page whose configuration names no search worker comes back unchanged."""
    page = '<script id="__config" type="application/json">{"base": ".."}</script>'
    assert with_search_on_demand(page) == page


def write_index(site: Path, docs: list[dict[str, str]]) -> dict[str, object]:
    """Write a search index as Material's search plugin does; return its configuration."""
    config = {"lang": ["en"], "separator": "[\\s\\-]+", "pipeline": ["stopWordFilter"]}
    (site / "search").mkdir()
    (site / SEARCH_INDEX).write_text(json.dumps({"config": config, "docs": docs}), encoding="utf-8")
    return config


def test_the_documents_move_out_of_the_index_fetched_on_load(tmp_path: Path) -> None:
    """Assert the index Material fetches keeps its configuration and no documents, and the documents move."""
    docs = [{"location": "lesson/", "title": "The bus is late", "text": "late attends to bus"}]
    config = write_index(tmp_path, docs)
    serve_search_documents(tmp_path, on_demand=True, readable=readable_documents)
    assert json.loads((tmp_path / SEARCH_INDEX).read_text(encoding="utf-8")) == {"config": config, "docs": []}
    assert json.loads((tmp_path / SEARCH_DOCUMENTS).read_text(encoding="utf-8")) == {"docs": docs}


def test_the_offline_build_keeps_its_documents_in_the_index_with_readable_formulas(tmp_path: Path) -> None:
    """Assert without on-demand documents the index keeps them (Material's offline plugin inlines it), the
    formulas of titles and texts made readable, and no documents file is written."""
    docs = [{"location": "grads/", "title": r"One step on \(W_Q\)", "text": r"<p>the weights \(A\) of the example</p>"}]
    config = write_index(tmp_path, docs)
    serve_search_documents(tmp_path, on_demand=False, readable=readable_documents)
    readable = [{"location": "grads/", "title": "One step on W_Q", "text": "<p>the weights A of the example</p>"}]
    assert json.loads((tmp_path / SEARCH_INDEX).read_text(encoding="utf-8")) == {"config": config, "docs": readable}
    assert not (tmp_path / SEARCH_DOCUMENTS).exists()


def test_a_site_without_search_is_left_alone(tmp_path: Path) -> None:
    """Assert a site with no search index gets no documents file."""
    serve_search_documents(tmp_path, on_demand=True, readable=readable_documents)
    assert not (tmp_path / SEARCH_DOCUMENTS).exists()


def test_without_a_working_engine_the_documents_move_as_they_are(tmp_path: Path) -> None:
    """Assert while serving with a broken engine (no `readable`) the documents still move, their LaTeX kept."""
    docs = [{"location": "grads/", "title": r"One step on \(W_Q\)", "text": "<p>text</p>"}]
    write_index(tmp_path, docs)
    serve_search_documents(tmp_path, on_demand=True, readable=None)
    assert json.loads((tmp_path / SEARCH_DOCUMENTS).read_text(encoding="utf-8")) == {"docs": docs}
