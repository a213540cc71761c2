"""What a reader reads across the whole built site: one spelling of each model's name, one minus sign."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from attention_core.examples.kv_memory import KV_MEMORY

pytestmark = pytest.mark.slow

SKIPPED = {"code", "pre", "script", "style", "math", "svg"}  # programs, repository ids, MathML: not prose
RE_SIZE = re.compile(r"\s\d+B$")  # "Llama 2 7B" is of the family "Llama 2"


class ReadText(HTMLParser):
    """The text a reader reads in a page's article, outside code and math, and the text of each table cell."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.parts: list[str] = []
        self.cells: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note the element opened (void elements hold no text)."""
        if tag not in {"br", "img", "input", "hr", "wbr", "meta", "link"}:
            self.open.append(tag)
        if tag in {"td", "th"}:
            self.cells.append([])

    def handle_endtag(self, tag: str) -> None:
        """Close the innermost element of that name."""
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag):]

    def handle_data(self, data: str) -> None:
        """Keep text that is not inside code or math."""
        if SKIPPED.isdisjoint(self.open):
            self.parts.append(data)
            if {"td", "th"} & set(self.open) and self.cells:
                self.cells[-1].append(data)


def read(page: Path) -> ReadText:
    """The reader's text of one built page's article, up to its sources (a cited title keeps its own spelling)."""
    html = page.read_text()
    start, end = html.find('<article class="md-content__inner'), html.find("</article>")
    end = min(end, html.find('<h2 id="sources"') % len(html))
    parser = ReadText()
    parser.feed(html[start:end])
    return parser


def site_pages(site: Path) -> list[Path]:
    """Every page of the built site (not the downloads)."""
    return sorted(page for page in site.rglob("*.html") if "downloads" not in page.parts)


def spellings(name: str) -> re.Pattern[str]:
    """Any spelling of `name`: its words joined by a space, a hyphen or nothing, in any case (not inside a
    repository id such as meta-llama/Llama-2-7b-hf, nor followed by more of a longer name)."""
    words = re.split(r"[\s-]+", name)
    return re.compile(r"(?<![\w/-])" + r"[\s-]?".join(map(re.escape, words)) + r"(?![\w-]*\w)(?!-)", re.IGNORECASE)


def model_names() -> list[str]:
    """Each published model's name as its record spells it, and its family's ("Llama 2", then "Llama")."""
    names = [model.name for model in KV_MEMORY.models]
    families = {RE_SIZE.sub("", name) for name in names} | {name.split()[0].split("-")[0] for name in names}
    return sorted(set(names) | families, key=len, reverse=True)


def test_every_model_name_is_spelled_as_its_record(built_site: Path) -> None:
    """Assert every page writes a published model's name as the published-config record does (`Llama 2 7B`,
    `Falcon-7B`): tables printed `Llama-2-7B` beside prose's `Llama 2 7B`, and one page wrote `LLaMA`."""
    names = model_names()
    assert {"Llama 2 7B", "Llama 2", "Llama", "Falcon-7B", "Falcon"} <= set(names), names
    seen: dict[str, int] = {}
    wrong = []
    for page in site_pages(built_site):
        text = " ".join(" ".join(read(page).parts).split())
        for name in names:
            for match in spellings(name).finditer(text):
                seen[name] = seen.get(name, 0) + 1
                if match.group(0) != name:
                    wrong.append(f"{page.relative_to(built_site)}: {match.group(0)!r} for {name!r}")
    assert seen.get("Llama 2 7B", 0) >= 5 and seen.get("Falcon-7B", 0) >= 5, seen
    assert wrong == []


RE_HYPHEN_SIGN = re.compile(r"(?<![\w.\-/])-(?=\.?\d)")  # a hyphen-minus where a number's sign belongs
MINUS = "\u2212"


def test_every_table_cell_signs_a_negative_number_with_a_minus_sign(built_site: Path) -> None:
    """Assert no table cell of any page (code apart) writes a negative number with a hyphen-minus: tables printed
    `-0.500` beside the formulas' `−0.500`; the cells' data (a box's answer, the workbooks) keep ASCII."""
    wrong, signed = [], 0
    for page in site_pages(built_site):
        for cell in ("".join(parts) for parts in read(page).cells):
            signed += cell.count(MINUS)
            if RE_HYPHEN_SIGN.search(cell):
                wrong.append(f"{page.relative_to(built_site)}: {cell.strip()[:60]!r}")
    assert signed >= 200 and wrong == [], (signed, wrong[:20])
