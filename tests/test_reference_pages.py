"""The reference of directives: an index of the examples, and one page per example with its entries."""

from __future__ import annotations

import html
import inspect
import re
from pathlib import Path

import numpy as np
import pytest

from attention_site import api_page
from attention_site.directives import expand_directives
from attention_site.directives.entries import reference
from attention_site.directives.errors import DirectiveError
from attention_site.directives.registry import load_entries

PAGES = Path(__file__).resolve().parents[1] / "docs/reference/directives"
INDEX = "<!-- attn:block reference directives -->"


examples = reference.documented_examples  # every example of the registry but the reference's own


def example_block(example: str) -> str:
    return f"<!-- attn:block reference directives example={example} -->"


@pytest.mark.parametrize("example", examples())
def test_each_example_page_shows_every_entry_of_that_example_and_no_other(example: str) -> None:
    """Assert an example's page has one heading and one sample directive per entry of the example, in order."""
    markdown = expand_directives(example_block(example), "docs/reference/directives/x.md")
    wanted = [name for key, name in load_entries() if key == example]
    assert re.findall(r"^## `([^`]+)`$", markdown, re.MULTILINE) == wanted
    samples = re.findall(r"^`<!-- attn:\w+ (\S+) (\S+)", markdown, re.MULTILINE)
    assert samples == [(example, name) for name in wanted]


def test_the_index_lists_and_links_every_example_with_its_number_of_entries() -> None:
    """Assert the index's table has a row per example: its name, entry count and a link to its page."""
    markdown = expand_directives(INDEX, "docs/reference/directives/index.md")
    rows = re.findall(r"^\| \[`([^`]+)`\]\(([^)]+)\) \| .+ \| (\d+) \|$", markdown, re.MULTILINE)
    registry = load_entries()
    assert rows == [
        (example, f"{example}.md", str(sum(key == example for key, _ in registry))) for example in examples()
    ]


def test_every_example_of_the_core_gets_its_reference_page_from_its_key() -> None:
    """Assert the build makes one reference page for each example of attention_core.EXAMPLES, and for nothing
    else, each the reference's front matter, a title and the block that lists that example's entries; and no such
    page is written in docs/."""
    from attention_core import EXAMPLES
    from attention_site.directives.entries import REFERENCE_FRONT_MATTER, reference_pages

    pages = reference_pages()
    assert set(pages) == {f"reference/directives/{key}.md" for key in EXAMPLES}
    assert pages["reference/directives/kv-cache.md"] == (f"{REFERENCE_FRONT_MATTER}# Directives of `kv-cache`\n\n"
                                                         "<!-- attn:block reference directives example=kv-cache -->\n")
    assert [path.name for path in PAGES.glob("*.md")] == ["index.md"]


def test_a_page_naming_an_unknown_example_stops_the_build_with_what_is_accepted() -> None:
    """Assert example= takes only an example of the registry (not the reference itself), with a suggestion."""
    typos = (("rotray", "did you mean 'rotary'?"), ("kv_cache", "did you mean 'kv-cache'?"), ("reference", ""))
    for name, hint in typos:
        with pytest.raises(DirectiveError) as error:
            expand_directives(f"# X\n\n{example_block(name)}\n", "docs/reference/directives/x.md")
        assert str(error.value).startswith(
            f"docs/reference/directives/x.md:3: unknown example '{name}' for the reference of directives; ")
        assert hint in str(error.value)


def api_part(part: str) -> str:
    return expand_directives(f"<!-- attn:block reference api part={part} -->", "docs/reference/api/x.md")


def test_the_api_pages_show_every_public_name_once_the_examples_inputs_apart() -> None:
    """Assert each name of attention_core.__all__ has its section on exactly one of the three API pages, those of
    training, the model and inference (AROUND_ATTENTION's modules) on the page around attention, and every
    example's class and constant (RedBallRolls, RED_BALL_ROLLS), found in its module, is on the examples' page with
    the module that holds it."""
    import attention_core
    from attention_core.examples import defined_examples, example_modules

    headings = {part: re.findall(r"^## `([^`]+)`$", api_part(part), re.MULTILINE) for part in api_page.PARTS}
    each = {name: module for module in example_modules() for constant, example in defined_examples(module).items()
            for name in (constant, type(example).__name__)}
    assert sorted(name for names in headings.values() for name in names) == sorted([*attention_core.__all__, *each])
    module = {name: api_page.defining_module(getattr(attention_core, name)).rsplit(".", 1)[-1]
              for name in attention_core.__all__}
    around = {name for name in attention_core.__all__ if module[name] in api_page.AROUND_ATTENTION}
    assert set(headings["around"]) == around and {"train_head", "softmax_with_temperature"} <= around
    assert {"RedBallRolls", "RED_BALL_ROLLS", "BusIsLate", "TRAINING_STEP", "KV_CACHE"} <= set(headings["examples"])
    assert "## `KV_CACHE`\n\nIn `attention_core.examples.kv_cache`." in api_part("examples")
    assert {"softmax", "scaled_dot_product_attention", "AttentionResult"} <= set(headings["core"])


def test_docstrings_and_signatures_are_plain_preformatted_text_without_per_line_anchors() -> None:
    """Assert the API shows each docstring as written (HTML-escaped) in a <pre>, and uses no fenced code block (a
    fence gives each line an anchor and colour spans)."""
    import attention_core

    markdown = api_part("core")
    assert "```" not in markdown
    doc = html.escape(inspect.getdoc(attention_core.apply_mask), quote=False)
    assert f'<pre class="abh-text scroll-box">{doc}</pre>' in markdown
    assert '<pre class="abh-text scroll-box">softmax(x: np.ndarray, axis: int = -1) -&gt; np.ndarray</pre>' in markdown


def test_a_class_shows_its_own_properties_and_methods_with_their_docstrings() -> None:
    """Assert AttentionResult's section lists .S (the scaled scores, as the pages name them) and KVCache's lists the
    class method .empty and the method .append without self or cls; dataclass fields are not repeated there."""
    import attention_core

    markdown = api_part("core")
    result = markdown.split("## `AttentionResult`")[1].split("\n## ")[0]
    assert "Properties and methods:" in result
    assert html.escape(".S\n    " + inspect.getdoc(attention_core.AttentionResult.S), quote=False) in result
    assert ".M\n" in result and ".weights" not in result
    cache = markdown.split("## `KVCache`")[1].split("\n## ")[0]
    assert ".empty(d_k: int, d_v: int) -&gt; KVCache\n" in cache
    assert ".append(k: np.ndarray, v: np.ndarray) -&gt; KVCache\n" in cache
    assert "Properties and methods:" not in markdown.split("## `softmax`")[1].split("\n## ")[0]


def test_a_long_signature_shows_one_parameter_a_line_with_long_defaults_cut() -> None:
    """Assert compact_signature keeps Python's / and * markers, unquotes annotations, cuts a long default to 40
    characters with an ellipsis, and breaks lines only when one line would pass 88 characters."""
    def short(a: int, /, b: str = "x", *, c: float = 1.0) -> None: ...

    def long(rows: tuple = (("1", "2", "3"),) * 9, *, scale: float = 0.5, name: str = "a" * 30) -> np.ndarray: ...

    assert api_page.compact_signature("short", short) == "short(a: int, /, b: str = 'x', *, c: float = 1.0) -> None"
    assert api_page.compact_signature("long", long).split("\n") == [
        "long(",
        "    rows: tuple = (('1', '2', '3'), ('1', '2', '3'), …,",
        "    *,",
        "    scale: float = 0.5,",
        "    name: str = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',",
        ") -> np.ndarray",
    ]


def test_the_guide_shows_whole_on_two_pages_split_at_its_project_part() -> None:
    """Assert the two parts of CONTRIBUTING.md the site shows join to the whole guide, the second beginning at its
    heading, and that a guide without that heading stops the build saying which heading it needs."""
    guide = (Path(__file__).resolve().parents[1] / "CONTRIBUTING.md").read_text(encoding="utf-8")
    pages = expand_directives("<!-- attn:block reference contributing -->\n", "docs/reference/contributing.md").strip()
    project = expand_directives("<!-- attn:block reference contributing part=project -->\n",
                                "docs/reference/project.md").strip()
    assert pages.startswith("# Contributing to Attention by Hand")
    assert project.startswith(reference.PROJECT_PART + "\n")
    assert pages + "\n\n" + project == guide.strip()
    with pytest.raises(DirectiveError, match=r"CONTRIBUTING\.md has no line '## When something is wrong'"):
        reference.split_guide(guide.replace(reference.PROJECT_PART, "## When it goes wrong"))

