"""The built site serves Material's stylesheets trimmed: every page links the trimmed copies, they are smaller,
and no rule that an element of a page can match is lost (tests/browser/test_trimmed_styles.py compares what the
browser computes)."""

from __future__ import annotations

import gzip
import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import tinycss2

from attention_site.postprocess.page_assets import REPLACED_ATTRIBUTES

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
    return {page: RE_LINK.findall(page.read_text(encoding="utf-8")) for page in sorted(site.rglob("*.html"))
            if "downloads" not in page.parts}  # downloads/ holds files such as the lesson's copy, not pages


def style_rules(rules: list, context: str = "") -> Iterator[tuple[str, str, str]]:
    """Every (grouping rules around it, one selector, declarations but custom properties') of a stylesheet, one
    entry per selector (the custom properties are checked on their own, since the unread ones go)."""
    for rule in rules:
        if rule.type == "qualified-rule":
            declarations = [node for node in tinycss2.parse_blocks_contents(rule.content)
                            if node.type == "declaration" and not node.name.startswith("--")]
            for selector in tinycss2.serialize(rule.prelude).split(","):  # Material's selectors hold no top-level ","
                yield context, selector.strip(), ";".join(tinycss2.serialize([node]) for node in declarations)
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
    """Assert each trimmed stylesheet is smaller gzip-compressed than Material's: main by over 5 KB (the parts the
    site never shows and their icons), and the palette by over half (one primary and one accent colour of
    Material's twenty)."""
    trimmed = {path.name.split(".")[0]: path for path in (built_site / STYLESHEETS).glob("*.trimmed.*.min.css")}
    size = {kind: (len(gzip.compress(path.read_bytes())), len(gzip.compress(trimmed[kind].read_bytes())))
            for kind, path in originals(built_site).items()}
    assert size["main"][0] - size["main"][1] > 5000, size
    assert size["palette"][1] < size["palette"][0] / 2, size


def test_no_rule_an_element_of_a_page_can_match_is_lost(built_site: Path) -> None:
    """Assert every selector of Material's whose classes all appear on some page (and whose palette colours are
    the site's) is still in the trimmed stylesheet, with the same declarations and inside the same @media; and
    that the trimmed sheets hold nothing Material's do not, nor the rules of the attributes the site replaces."""
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
                     and set(RE_PALETTE.findall(selector)) <= colours
                     and not any(f"[{name}]" in selector for name in REPLACED_ATTRIBUTES)}
        lost = sorted(reachable - after)
        assert not lost, f"{kind}: {len(lost)} rules lost, first {lost[:3]}"
        assert not any(f"[{name}]" in selector for _, selector, _ in after for name in REPLACED_ATTRIBUTES)
        assert len(reachable) > 500 if kind == "main" else len(reachable) > 5


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


def declared_and_read(css: str) -> tuple[set[str], set[str]]:
    """The custom properties a stylesheet declares, and those its declarations read with var()."""
    return set(re.findall(r"[{;](--[\w-]+):", css)), set(re.findall(r"var\((--[\w-]+)", css))


def test_every_custom_property_that_is_read_is_still_declared(built_site: Path) -> None:
    """Assert each custom property that Material's original stylesheets declare and that a kept rule, the site's
    own stylesheets or any script reads is declared in the trimmed ones; and that the ones dropped are read by
    nothing the site serves (Material's icons of the parts the site never shows among them)."""
    trimmed = "".join(path.read_text(encoding="utf-8")
                      for path in sorted((built_site / STYLESHEETS).glob("*.trimmed.*.min.css")))
    original = "".join(path.read_text(encoding="utf-8") for path in originals(built_site).values())
    elsewhere = "".join(path.read_text(encoding="utf-8") for pattern in ("**/*.js", "stylesheets/*.css")
                        for path in sorted(built_site.glob(pattern)))
    declared, read = declared_and_read(trimmed)
    declared_before, _ = declared_and_read(original)
    needed = {name for name in declared_before if name in read or name in elsewhere}
    assert needed <= declared, sorted(needed - declared)
    dropped = declared_before - declared
    assert "--md-admonition-icon--bug" in dropped and "--md-tag-icon" in dropped, sorted(dropped)
    assert "--md-admonition-icon--note" in declared and "--md-typeset-color" in declared


THEME_CSS = (":root{--md-admonition-icon--bug:url(b.svg);--md-admonition-icon--note:url(n.svg)}"
             ".md-typeset .bug>.admonition-title:before{mask-image:var(--md-admonition-icon--bug)}"
             ".md-typeset .note>.admonition-title:before{mask-image:var(--md-admonition-icon--note)}")


def small_site(root: Path, kind: str) -> Path:
    """A built site of one page with an admonition of `kind`, linking Material-like stylesheets by their names."""
    (root / STYLESHEETS).mkdir(parents=True, exist_ok=True)
    (root / STYLESHEETS / "main.0a1b2c3d.min.css").write_text(THEME_CSS, encoding="utf-8")
    (root / STYLESHEETS / "palette.0a1b2c3d.min.css").write_text("[data-md-color-primary=indigo]{color:red}")
    for old in (root / STYLESHEETS).glob("*.trimmed.*"):
        old.unlink()
    (root / "index.html").write_text(
        '<link rel="stylesheet" href="assets/stylesheets/main.0a1b2c3d.min.css">'
        '<link rel="stylesheet" href="assets/stylesheets/palette.0a1b2c3d.min.css">'
        f'<body data-md-color-primary="indigo"><div class="admonition {kind}"><p class="admonition-title">x</p>'
        "</div></body>", encoding="utf-8")
    return root


def served_main(site: Path) -> str:
    """The trimmed main stylesheet the page links."""
    [name, _] = RE_LINK.findall((site / "index.html").read_text(encoding="utf-8"))
    return (site / STYLESHEETS / name).read_text(encoding="utf-8")


def test_a_kept_trim_is_served_only_for_the_same_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert a stylesheet trimmed by an earlier build is read back for the same pages (not trimmed again), and that
    a page that starts to use a part of the theme (an admonition kind) gets that part's rules and icon at once,
    whatever was kept: the kept results' key covers what the pages use."""
    from attention_site.build_cache import TextCache
    from attention_site.postprocess import css_trim, page_assets

    kept = TextCache(tmp_path / "cache", "sources")
    site = small_site(tmp_path / "site", "note")
    page_assets.serve_trimmed_theme_stylesheets(site, [], {}, kept)
    assert "--md-admonition-icon--note" in served_main(site) and ".bug" not in served_main(site)

    def never(*args: object) -> str:
        raise AssertionError("trimmed again although kept")

    with monkeypatch.context() as patched:
        patched.setattr(css_trim, "trimmed_stylesheet", never)
        page_assets.serve_trimmed_theme_stylesheets(small_site(site, "note"), [], {}, kept)
    assert ".note>" in served_main(site)

    page_assets.serve_trimmed_theme_stylesheets(small_site(site, "bug"), [], {}, kept)
    assert ".md-typeset .bug>.admonition-title:before" in served_main(site)
    assert "--md-admonition-icon--bug:url(b.svg)" in served_main(site)
    assert ".note>" not in served_main(site)


OWN_EVERY_PAGE = ("math.css", "figures.css", "reader.css", "widgets.css")  # mkdocs.yml's extra_css, in order
RE_OWN_LINK = re.compile(r'<link rel="stylesheet" href="(?:[^"]*/)?(?<!assets/)stylesheets/(?P<name>[^"/]+)"'
                         r'(?P<media> media="[^"]*")?')  # the site's own, not Material's (assets/stylesheets/)


def test_every_page_links_the_sites_own_stylesheets_as_one_file(built_site: Path) -> None:
    """Assert every page links the site's own stylesheets that every page needs as one file named after its
    content's hash, in their place after Material's, and none of them apart (print.css included: its rules are in
    the file, for print only); a stylesheet only some pages need (the handout's) is still linked on its own."""
    bundles = sorted((built_site / "stylesheets").glob("site.*.css"))
    assert len(bundles) == 1 and re.fullmatch(r"site\.[0-9a-f]{8}\.css", bundles[0].name)
    bundle = bundles[0].read_text(encoding="utf-8")
    assert bundles[0].name == f"site.{hashlib.sha256(bundle.encode()).hexdigest()[:8]}.css"
    for page, names in linked(built_site).items():
        html = page.read_text(encoding="utf-8")
        own = [(match["name"], match["media"]) for match in RE_OWN_LINK.finditer(html)]
        assert own[0] == (bundles[0].name, None), page
        assert not {name for name, _ in own} & {*OWN_EVERY_PAGE, "print.css"}, page
        assert html.index(names[-1]) < html.index(bundles[0].name), page  # after Material's, as extra_css comes
    handout = (built_site / "teachers/handout/index.html").read_text(encoding="utf-8")
    assert [match["name"] for match in RE_OWN_LINK.finditer(handout)] == [bundles[0].name, "handout.css"]


def test_the_one_stylesheet_holds_every_rule_of_its_parts_in_their_order(built_site: Path) -> None:
    """Assert the site's one stylesheet is its parts as served, in mkdocs.yml's order (the cascade unchanged), with
    print.css's rules inside `@media print`, and is smaller gzip-compressed than the parts were apart."""
    folder = built_site / "stylesheets"
    bundle = next(folder.glob("site.*.css")).read_text(encoding="utf-8")
    parts = [(folder / name).read_text(encoding="utf-8") for name in OWN_EVERY_PAGE]
    printed = (folder / "print.css").read_text(encoding="utf-8")
    assert bundle == "\n".join([*parts, "@media print{" + printed + "}"])
    rules = tinycss2.parse_stylesheet(bundle, skip_comments=True, skip_whitespace=True)
    assert rules[-1].type == "at-rule" and tinycss2.serialize(rules[-1].prelude).strip() == "print"
    apart = sum(len(gzip.compress(text.encode())) for text in [*parts, printed])
    assert len(gzip.compress(bundle.encode())) < apart - 1000
