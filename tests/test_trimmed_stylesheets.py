"""The built site serves Material's stylesheets trimmed: every page links the trimmed copies, they are smaller,
and no rule that an element of a page can match is lost (tests/browser/test_trimmed_styles.py compares what the
browser computes)."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import tinycss2

pytestmark = pytest.mark.slow

STYLESHEETS = "assets/stylesheets"
RE_LINK = re.compile(r'<link rel="stylesheet" href="(?:[^"]*/)?assets/stylesheets/(?P<name>[^"/]+)"')
RE_ARGUMENTS = re.compile(r"\((?:[^()]|\([^()]*\))*\)")  # a pseudo-class's parentheses, one level nested
RE_CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")
RE_PALETTE = re.compile(r"\[data-md-color-(?:primary|accent)=(?P<value>[\w-]+)\]")
RE_PAGE_CLASSES = re.compile(r'\sclass="([^"]*)"')
RE_PAGE_PALETTE = re.compile(r'\sdata-md-color-(?:primary|accent)="([^"]*)"')


def originals(site: Path) -> dict[str, Path]:
    """Material's own stylesheets in the built site, by kind (main, palette)."""
    found = {path.name.split(".")[0]: path for path in sorted((site / STYLESHEETS).glob("*.min.css"))
             if ".trimmed." not in path.name}
    assert sorted(found) == ["main", "palette"], found
    return found


def linked(site: Path) -> dict[Path, list[str]]:
    """The theme stylesheets each page links, in order."""
    return {page: RE_LINK.findall(page.read_text(encoding="utf-8")) for page in sorted(site.rglob("*.html"))}


def style_rules(rules: list, context: str = "") -> Iterator[tuple[str, str, str]]:
    """Every (grouping rules around it, one selector, declarations) of a stylesheet, one entry per selector."""
    for rule in rules:
        if rule.type == "qualified-rule":
            for selector in tinycss2.serialize(rule.prelude).split(","):  # Material's selectors hold no top-level ","
                yield context, selector.strip(), tinycss2.serialize(rule.content)
        elif rule.type == "at-rule" and rule.content is not None and rule.lower_at_keyword in ("media", "supports"):
            inner = tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True)
            yield from style_rules(inner, context + f"@{rule.at_keyword}{tinycss2.serialize(rule.prelude)}")


def entries(path: Path) -> set[tuple[str, str, str]]:
    """The style rules of a stylesheet file, one entry per selector."""
    css = path.read_text(encoding="utf-8")
    return set(style_rules(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)))


def test_every_page_links_the_trimmed_stylesheets_in_place_of_materials(built_site: Path) -> None:
    """Assert every page (404.html too) links main and palette trimmed, in Material's order, and the files exist
    under names that carry their content's hash."""
    trimmed = sorted((built_site / STYLESHEETS).glob("*.trimmed.*.min.css"))
    assert [path.name.split(".")[0] for path in trimmed] == ["main", "palette"]
    for path in trimmed:
        assert re.fullmatch(r"(main|palette)\.trimmed\.[0-9a-f]{8}\.min\.css", path.name), path.name
    pages = linked(built_site)
    assert len(pages) >= 25 and built_site / "404.html" in pages
    for page, names in pages.items():
        assert names == [path.name for path in trimmed], page


def test_the_trimmed_stylesheets_are_smaller(built_site: Path) -> None:
    """Assert each trimmed stylesheet is smaller gzip-compressed than Material's: main by over 1 KB, and the
    palette by over half (one primary and one accent colour of Material's twenty)."""
    trimmed = {path.name.split(".")[0]: path for path in (built_site / STYLESHEETS).glob("*.trimmed.*.min.css")}
    size = {kind: (len(gzip.compress(path.read_bytes())), len(gzip.compress(trimmed[kind].read_bytes())))
            for kind, path in originals(built_site).items()}
    assert size["main"][0] - size["main"][1] > 1000, size
    assert size["palette"][1] < size["palette"][0] / 2, size


def test_no_rule_an_element_of_a_page_can_match_is_lost(built_site: Path) -> None:
    """Assert every selector of Material's whose classes all appear on some page (and whose palette colours are
    the site's) is still in the trimmed stylesheet, with the same declarations and inside the same @media; and
    that the trimmed sheets hold nothing Material's do not."""
    html = "\n".join(page.read_text(encoding="utf-8") for page in sorted(built_site.rglob("*.html")))
    classes = {name for value in RE_PAGE_CLASSES.findall(html) for name in value.split()}
    colours = set(RE_PAGE_PALETTE.findall(html))
    assert {"md-header", "md-typeset", "md-nav__link", "admonition"} <= classes and colours == {"indigo"}
    trimmed = {path.name.split(".")[0]: path for path in (built_site / STYLESHEETS).glob("*.trimmed.*.min.css")}
    for kind, original in originals(built_site).items():
        before, after = entries(original), entries(trimmed[kind])
        assert after < before, kind
        reachable = {(context, selector, declarations) for context, selector, declarations in before
                     if set(RE_CLASS.findall(RE_ARGUMENTS.sub("", selector))) <= classes
                     and set(RE_PALETTE.findall(selector)) <= colours}
        lost = sorted(reachable - after)
        assert not lost, f"{kind}: {len(lost)} rules lost, first {lost[:3]}"
        assert len(reachable) > 500 if kind == "main" else len(reachable) > 10


def test_every_animation_a_kept_rule_names_keeps_its_keyframes(built_site: Path) -> None:
    """Assert each animation that a rule of the trimmed main stylesheet names is still defined there."""
    original = originals(built_site)["main"].read_text(encoding="utf-8")
    trimmed = next((built_site / STYLESHEETS).glob("main.trimmed.*.min.css")).read_text(encoding="utf-8")
    defined = {sheet: set(re.findall(r"@keyframes ([\w-]+)", text)) for sheet, text in
               (("original", original), ("trimmed", trimmed))}
    named = {name for value in re.findall(r"animation(?:-name)?:([^;}]*)", trimmed)
             for name in re.findall(r"[\w-]+", value)}
    assert named & defined["original"], "no kept rule names an animation: the check below would be empty"
    assert named & defined["original"] <= defined["trimmed"]
