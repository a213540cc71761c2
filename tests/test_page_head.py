"""The tags every page's head gets: a Content Security Policy naming the inline scripts the templates ship, and
sharing tags."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest

from attention_site.postprocess.page_head import (
    foreign_scripts,
    shipped_scripts,
    template_scripts,
    with_minified_scripts,
    with_policy,
    with_sharing_tags,
)

PAGE = ('<html><head><meta charset="utf-8"><script>var a = 1;</script>'
        '<script type="application/json" id="data">{"b": 2}</script><script src="x.js"></script>'
        "</head><body><script>var a = 1;</script><script>go()</script></body></html>")


def sha256(script: str) -> str:
    """The CSP source that allows one inline script."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


def policy_of(page_html: str) -> str:
    """The content of the page's CSP meta tag."""
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page_html)
    assert match, page_html
    return match[1]


SHIPPED = frozenset({"var a = 1;", "go()"})


def test_the_policy_names_each_shipped_inline_script_once_and_no_other() -> None:
    """Assert the policy allows the two distinct shipped inline scripts by hash, not the JSON data block nor a file."""
    policy = policy_of(with_policy(PAGE, SHIPPED))
    assert sorted(re.findall(r"'sha256-[^']+'", policy)) == sorted([sha256("var a = 1;"), sha256("go()")])
    assert policy.startswith("default-src 'self'; script-src 'self' 'sha256-") and "object-src 'none'" in policy


def test_a_script_that_reached_the_page_gets_no_hash_and_is_named() -> None:
    """Assert a script no template ships (split over lines, as a minifier joins it) is left out of the policy and
    reported, while the shipped one keeps its hash: the policy is never computed from what a page contains."""
    page = PAGE.replace("</body>", "<script\n>steal()</script\n><script>steal()</script></body>")
    policy = policy_of(with_policy(page, SHIPPED))
    assert sha256("steal()") not in policy and sha256("go()") in policy
    assert foreign_scripts(page, SHIPPED) == ["steal()", "steal()"]
    assert foreign_scripts(PAGE, SHIPPED) == []


def test_template_scripts_are_rendered_for_the_page_and_never_from_a_pages_data(tmp_path: Path) -> None:
    """Assert the shipped scripts are those of the templates, rendered with the page's base_url (as written and
    minified), that a data block is not one, and that a script needing the page's own data is never shipped."""
    (tmp_path / "partials").mkdir()
    (tmp_path / "partials/head.html").write_text(
        '<script>\n  var base = "{{ config.extra.scope | d(base_url) }}";\n</script>'
        '<script type="application/json">{"a": 1}</script><script>var t = "{{ page.title }}"</script>'
        '<script src="{{ base_url }}/x.js"></script>{% if x %}<script>{% endif %}</script>')
    sources = template_scripts([tmp_path])
    assert len(sources) == 3
    shipped = shipped_scripts(sources, {"config": {"extra": {}}, "base_url": "../.."})
    assert shipped == {'\n  var base = "../..";\n', 'var base="../..";'}


def test_inline_scripts_lose_comments_and_spaces_and_stay_allowed_while_data_blocks_stay_as_written() -> None:
    """Assert minifying drops an inline script's comments and indentation but not its code (a regular expression
    included), leaves a JSON block and a script file alone, and the policy then names the minified script."""
    script = '\n  // the header colour, as #rrggbb\n  var hex = colour.match(/\\d+/g); /* three channels */\n'
    data = '<script type="application/json" id="data">{"b":  2}</script>'
    page = f'<html><head><meta charset="utf-8"><script>{script}</script>{data}<script src="x.js"></script></head>'
    minified = with_minified_scripts(page)
    assert "<script>var hex=colour.match(/\\d+/g);</script>" in minified
    assert data in minified and '<script src="x.js"></script>' in minified
    assert sha256("var hex=colour.match(/\\d+/g);") in policy_of(with_policy(minified, frozenset({
        "var hex=colour.match(/\\d+/g);"})))


def test_the_policy_comes_right_after_the_charset() -> None:
    """Assert the tag follows <meta charset>, so the browser applies it before any script."""
    head = '<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy"'
    assert with_policy(PAGE, SHIPPED).startswith(head)


def test_a_page_without_a_charset_is_refused() -> None:
    """Assert a page with no <meta charset> stops with a message saying where the policy goes."""
    with pytest.raises(ValueError, match="no <meta charset>"):
        with_policy("<html><head></head></html>", SHIPPED)


def test_sharing_tags_are_escaped_and_empty_ones_left_out() -> None:
    """Assert a title with quotes and angle brackets is escaped, and a missing address gives no og:url tag."""
    shared = with_sharing_tags(PAGE, site_name="Site", title='A "quoted" <title>', description="About it", url="")
    assert '<meta property="og:title" content="A &quot;quoted&quot; &lt;title&gt;">' in shared
    assert '<meta name="twitter:description" content="About it">' in shared
    assert "og:url" not in shared and shared.count("</head>") == 1
