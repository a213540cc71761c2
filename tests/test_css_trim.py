"""Material's stylesheet trimmed to what the site can use: the pure functions of `postprocess.css_trim`."""

from __future__ import annotations

import pytest

from attention_site.postprocess.css_trim import UsedClasses, attribute_values, page_classes, trimmed_stylesheet


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
    css = "html{a:1}[dir=rtl] p{b:2}#__search:checked~div{c:3}:root{--md-x:4}p{d:var(--md-x)}"
    assert trimmed_stylesheet(css, set()) == css


def test_a_pseudo_class_never_causes_a_drop() -> None:
    """Assert classes inside :not(), :is() or :has() do not count: `:not(.unused)` matches everything."""
    css = "p:not(.unused){a:1}.used:is(.gone,.also-gone)::before{b:2}:has(.never) .used{c:3}"
    assert trimmed_stylesheet(css, {"used"}) == css


def test_custom_properties_are_kept_with_their_selectors() -> None:
    """Assert the declarations of :root and of the palette's attribute selectors stay, byte for byte."""
    css = ':root{--md-primary-fg-color:#4051b5}[data-md-color-scheme=slate]{--md-hue:232;color-scheme:dark}'
    assert trimmed_stylesheet(css, set(), named_elsewhere={"--md-primary-fg-color", "--md-hue"}) == css


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
    assert "@keyframes facts" in trimmed_stylesheet(css, {"md-tag"}, named_elsewhere={"facts"})


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


def test_an_attribute_given_no_value_never_matches_even_by_its_presence() -> None:
    """Assert `[name]` and `[name] *` go when the attribute can take no value, and stay when it can take some."""
    css = "[data-switching] *,[data-switching] :before{transition-duration:0s}[data-other] p{a:1}"
    assert trimmed_stylesheet(css, set(), {"data-switching": set()}) == "[data-other] p{a:1}"
    assert trimmed_stylesheet(css, set(), {"data-switching": {"on"}}) == css


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
    kept = trimmed_stylesheet(css, {"a", "b", "c"}, named_elsewhere={"--md-version-icon"})
    assert kept == icon + ".a > .b,.c{x : 1 }"


def test_a_class_of_a_part_the_site_never_shows_is_unused_and_every_other_class_is_used() -> None:
    """Assert a part's classes (its name, then `-` or `_` and more) are used only when the part is shown, and
    that a class merely starting with a part's letters is not taken for one of its classes."""
    used = UsedClasses(("md-tag", "bug", "md-source__fact"), frozenset({"md-source__fact"}))
    assert all(name not in used for name in ("md-tag", "md-tag--python", "md-tag-icon", "md-tag__x", "bug"))
    assert all(name in used for name in ("md-source__fact", "md-source__facts", "md-source__fact--stars"))
    assert all(name in used for name in ("md-nav", "md-tags", "md-tagline", "bugle", "admonition"))
    assert used.part_of("md-tag__x") == "md-tag" and used.part_of("md-typeset") is None


def test_a_custom_property_nothing_reads_goes_with_the_rules_that_read_it() -> None:
    """Assert a custom property read only by dropped rules loses its declaration, one a kept rule or the site
    elsewhere reads stays (byte for byte, the others' spacing kept), and a rule left with no declaration goes."""
    css = (":root{--md-tag-icon:url(a.svg);--md-nav-icon:url(b.svg);--md-from-script:1}"
           ".md-tag:before{mask-image:var(--md-tag-icon)}.md-nav:before{mask-image:var(--md-nav-icon)}"
           "[data-x]{--md-tag-colour:red}")
    used = UsedClasses(("md-tag",), frozenset())
    assert trimmed_stylesheet(css, used, named_elsewhere={"--md-from-script"}) == (
        ":root{--md-nav-icon:url(b.svg);--md-from-script:1}.md-nav:before{mask-image:var(--md-nav-icon)}")


def test_a_custom_property_read_inside_another_function_or_as_a_fallback_counts_as_read() -> None:
    """Assert `var()` inside calc() and a var() in another's fallback keep the properties they read."""
    css = ":root{--a:1px;--b:2px;--c:3px}.x{width:calc(var(--a) * 2);height:var(--none, var(--b))}"
    kept = ":root{--a:1px;--b:2px;}.x{width:calc(var(--a) * 2);height:var(--none, var(--b))}"
    assert trimmed_stylesheet(css, {"x"}) == kept


@pytest.mark.parametrize("page", [
    '<div class="md-grid  md-main__inner">', "<div class='md-grid md-main__inner'>",
    '<div CLASS="md-grid md-main__inner">', "<div class=md-grid><p class=md-main__inner>",
])
def test_page_classes_are_read_in_every_way_html_may_quote_them(page: str) -> None:
    """Assert the class attribute is read in double, single and no quotes, in any letter case."""
    assert page_classes(page) == {"md-grid", "md-main__inner"}


def test_palette_values_are_read_from_a_page() -> None:
    """Assert the values a page gives the palette's attributes are found, in any quotes."""
    page = ('<body data-md-color-primary="indigo">'
            "<input data-md-color-primary='teal' data-md-color-accent=lime>")
    names = ("data-md-color-primary", "data-md-color-accent")
    assert attribute_values(page, names) == {"data-md-color-primary": {"indigo", "teal"},
                                             "data-md-color-accent": {"lime"}}
