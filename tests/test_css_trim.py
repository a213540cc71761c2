"""Material's stylesheet trimmed to what the site can use: the pure functions of `attention_site.css_trim`."""

from __future__ import annotations

import pytest

from attention_site.css_trim import (
    SiteNames,
    attribute_values,
    built_prefixes,
    inline_scripts,
    page_classes,
    trimmed_stylesheet,
)


def test_a_used_class_keeps_its_rule_and_an_unused_class_loses_its_own() -> None:
    """Assert the rule of a class the site uses stays as it was and the rule of a class it never uses goes."""
    css = ".md-nav{margin:0}.md-post{color:red}"
    assert trimmed_stylesheet(css, {"md-nav"}) == ".md-nav{margin:0}"


def test_a_selector_list_keeps_only_the_selectors_that_may_match() -> None:
    """Assert a rule with several selectors keeps those whose classes are all used, and goes when none are."""
    css = ".a .b,.a .c,p.d{x:1}.c,.d{y:2}"
    assert trimmed_stylesheet(css, {"a", "b"}) == ".a .b{x:1}"


def test_element_attribute_and_id_selectors_stay() -> None:
    """Assert selectors without classes stay, whatever the site uses."""
    css = "html{a:1}[dir=rtl] p{b:2}#__search:checked~div{c:3}:root{--md-x:4}"
    assert trimmed_stylesheet(css, set()) == css


def test_a_pseudo_class_never_causes_a_drop() -> None:
    """Assert classes inside :not(), :is() or :has() do not count: `:not(.unused)` matches everything."""
    css = "p:not(.unused){a:1}.used:is(.gone,.also-gone)::before{b:2}:has(.never) .used{c:3}"
    assert trimmed_stylesheet(css, {"used"}) == css


def test_custom_properties_are_kept_with_their_selectors() -> None:
    """Assert the declarations of :root and of the palette's attribute selectors stay, byte for byte."""
    css = ':root{--md-primary-fg-color:#4051b5}[data-md-color-scheme=slate]{--md-hue:232;color-scheme:dark}'
    assert trimmed_stylesheet(css, set()) == css


def test_a_media_rule_keeps_its_used_rules_and_goes_when_none_is_left() -> None:
    """Assert @media and @supports keep the rules inside that may match and are dropped when emptied."""
    css = ("@media screen and (min-width:76.25em){.md-nav{a:1}.md-post{b:2}}"
           "@media print{.md-post{c:3}}@supports (display:grid){@media screen{.md-tags{d:4}}}")
    assert trimmed_stylesheet(css, {"md-nav"}) == "@media screen and (min-width:76.25em){.md-nav{a:1}}"


def test_keyframes_stay_only_while_a_kept_rule_names_them() -> None:
    """Assert @keyframes named by a kept rule (inside a shorthand too) stay; those named only by dropped rules go,
    unless the site names them elsewhere."""
    css = ("@keyframes pulse{0%{opacity:0}to{opacity:1}}@keyframes facts{0%{height:0}}"
           ".md-tag{animation:pulse 1s infinite}.md-source__facts{animation:facts .25s ease-in}")
    assert trimmed_stylesheet(css, {"md-tag"}) == ("@keyframes pulse{0%{opacity:0}to{opacity:1}}"
                                                   ".md-tag{animation:pulse 1s infinite}")
    assert "@keyframes facts" in trimmed_stylesheet(css, {"md-tag", "facts"})


def test_font_faces_and_other_at_rules_are_kept() -> None:
    """Assert @font-face, @page and @charset stay as they were."""
    css = '@charset "UTF-8";@font-face{font-family:x;src:url(x.woff2)}@page{margin:25mm}'
    assert trimmed_stylesheet(css, set()) == css


def test_a_palette_value_no_page_gives_can_never_match() -> None:
    """Assert `[name=value]` goes when the attribute's values are all known and that one is not among them, and
    stays for attributes whose values are not known."""
    css = ("[data-md-color-primary=indigo]{a:1}[data-md-color-primary=pink]{b:2}"
           "[data-md-color-scheme=slate][data-md-color-primary=pink]{c:3}[data-md-color-scheme=slate]{d:4}")
    known = {"data-md-color-primary": {"indigo"}}
    kept = "[data-md-color-primary=indigo]{a:1}[data-md-color-scheme=slate]{d:4}"
    assert trimmed_stylesheet(css, set(), known) == kept


def test_escaped_class_names_are_read_as_a_browser_reads_them() -> None:
    """Assert an escaped class in a selector (`.\\31 0`) is compared with the class as a page writes it (`10`)."""
    css = ".\\31 0{a:1}.\\31 1{b:2}"
    assert trimmed_stylesheet(css, {"10"}) == ".\\31 0{a:1}"


def test_what_is_kept_is_copied_character_for_character_and_comments_go() -> None:
    """Assert kept rules keep their escapes and spacing exactly (Material escapes `<` as `\\3c ` in its icons'
    custom properties, and a browser reports a custom property as written), and comments go with the source map's
    address."""
    icon = ":root{--md-version-icon:url(\"data:image/svg+xml;charset=utf-8,<svg>\\3c !-- Font Awesome --></svg>\")}"
    css = f"/* licence */{icon}\n.a > .b ,.gone,  .c{{x : 1 }}\n/*# sourceMappingURL=main.min.css.map*/"
    assert trimmed_stylesheet(css, {"a", "b", "c"}) == icon + ".a > .b,.c{x : 1 }"


def test_the_names_a_script_builds_are_kept_by_their_fixed_part() -> None:
    """Assert classes that Material builds with an interpolation or a concatenation count as used."""
    script = 'x("span",{class:`md-tag ${p}`});let p=`md-tag-icon md-tag--${a[c]}`;y.className="md-status--"+kind'
    assert built_prefixes(script) == {"md-tag--", "md-status--"}
    names = SiteNames.of(set(), script)
    assert "md-tag--python" in names and "md-status--new" in names and "md-tag-icon" in names
    assert "md-tag" in names  # anywhere in a script's text
    assert "md-post" not in names and "md-tags" not in names


def test_the_site_names_come_from_class_attributes_and_any_text_of_a_script() -> None:
    """Assert a class counts when a page's element carries it or a script's text holds it, even inside a longer
    word or with characters outside letters and digits."""
    names = SiteNames.of({"md-typeset"}, 'const a="md-search-result__more";var b="sm:flex"')
    assert all(name in names for name in ("md-typeset", "md-search-result", "search-result__m", "sm:flex", "flex"))
    assert "md-search-results" not in names and "md-banner" not in names


@pytest.mark.parametrize("page", [
    '<div class="md-grid  md-main__inner">', "<div class='md-grid md-main__inner'>",
    '<div CLASS="md-grid md-main__inner">', "<div class=md-grid><p class=md-main__inner>",
])
def test_page_classes_are_read_in_every_way_html_may_quote_them(page: str) -> None:
    """Assert the class attribute is read in double, single and no quotes, in any letter case."""
    assert page_classes(page) == {"md-grid", "md-main__inner"}


def test_inline_scripts_and_palette_values_are_read_from_a_page() -> None:
    """Assert a page's inline scripts and its palette attributes' values are found, and served scripts are not."""
    page = ('<script src="x.js"></script><script>var a="md-x"</script><body data-md-color-primary="indigo">'
            "<input data-md-color-primary='teal' data-md-color-accent=lime>")
    assert inline_scripts(page) == ['var a="md-x"']
    names = ("data-md-color-primary", "data-md-color-accent")
    assert attribute_values(page, names) == {"data-md-color-primary": {"indigo", "teal"},
                                             "data-md-color-accent": {"lime"}}
