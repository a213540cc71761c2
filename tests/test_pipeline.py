"""One page pipeline, two routes: the MkDocs hooks and the Python-Markdown extension give the same HTML and the same
errors for the same pages (a few made up here, and every page of the site), and one MkDocs build names every page
that does not build."""

from __future__ import annotations

import difflib
import json
import re
import shutil
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import markdown
import pytest
import yaml
from conftest import ROOT, mkdocs
from mkdocs.config import load_config
from mkdocs.structure.files import File, Files, get_files
from mkdocs.structure.pages import _RelativePathTreeprocessor
from mkdocs.utils.meta import get_data

from attention_site import extension
from attention_site.directives import DirectiveError
from attention_site.directives.entries import reference_pages

pytestmark = pytest.mark.slow

PAGES = {
    "numbers.md": """
        ---
        title: Numbers
        ---

        # Rolls and the weights $A$

        Rolls becomes <!-- attn:value red-ball-rolls output row=rolls --> after attention, with $d_k = 1$.
        Bus scores highest.<!-- attn:check bus-is-late scores row=late largest=bus -->

        $$ A = <!-- attn:tex red-ball-rolls weights --> $$

        !!! note "The weights"

            <!-- attn:table red-ball-rolls weights -->
        """,
    "cards.md": """
        # Cards

        <div class="rows-as-cards" markdown>

        | key | score $q \\cdot k_j$ | weight |
        |---|---|---|
        | bus | the largest | most of it |

        </div>
        """,
    "refused.md": """
        # Refused

        A secret, included:

        --8<-- "../../../etc/passwd"
        """,
    "stale.md": """
        # Stale

        Is scores highest.<!-- attn:check bus-is-late scores row=late largest=is -->

        Late is smallest.<!-- attn:check bus-is-late scores row=late smallest=late -->
        """,
    "typo.md": """
        # Typo

        Rolls: <!-- attn:value red-ball-rolls outptu row=rolls -->
        """,
}
BROKEN = ("refused.md", "stale.md", "typo.md")
CAPTURE = '''
import json
from pathlib import Path

def on_post_page(output, /, *, page, config):
    """Keep each page's content as the pipeline left it, after MathML."""
    captured = Path(config.config_file_path).parent / "captured" / (page.file.src_uri + ".json")
    captured.parent.mkdir(parents=True, exist_ok=True)  # the reference pages the build makes sit in folders
    captured.write_text(json.dumps(page.content))
    return output
'''


class IgnoringTags(yaml.SafeLoader):
    """YAML's safe loader, reading MkDocs' `!ENV` and `!!python/name:` tags as nothing."""


IgnoringTags.add_multi_constructor("!", lambda loader, suffix, node: None)
IgnoringTags.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


@dataclass(frozen=True)
class Routes:
    """A small project built by MkDocs: its folder, the content each page got and what the build printed."""

    root: Path
    content: dict[str, str]
    stderr: str
    returncode: int


def markdown_extensions() -> list[object]:
    """The site's Markdown extensions as mkdocs.yml lists them, the snippet folders anchored to the project."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=IgnoringTags)
    listed = config["markdown_extensions"]
    for item in listed:
        if isinstance(item, dict) and "attention_site.snippets" in item:
            options = item["attention_site.snippets"]
            options["base_path"] = [str(ROOT / path) for path in options["base_path"]]
    return listed


def mkdocs_route(root: Path) -> Routes:
    """The pages in `root`/docs built by MkDocs with the site's hooks (and one that keeps each page's content)."""
    (root / "captured").mkdir()
    (root / "capture.py").write_text(CAPTURE, encoding="utf-8")
    # No search plugin: Material's strips `data-search-*` from the page after reading it, as a build's own step
    config = {"site_name": "Routes", "theme": {"name": "material"}, "markdown_extensions": markdown_extensions(),
              "plugins": [], "hooks": [str(ROOT / "hooks/site_hooks.py"), "capture.py"]}
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    done = mkdocs(ROOT, "build", "-f", str(root / "mkdocs.yml"), "--site-dir", str(root / "site"), cwd=root)
    captured = root / "captured"
    content = {path.relative_to(captured).as_posix().removesuffix(".json"): json.loads(path.read_text())
               for path in captured.rglob("*.json")}
    return Routes(root, content, done.stderr, done.returncode)


@pytest.fixture(scope="module")
def routes(tmp_path_factory: pytest.TempPathFactory) -> Routes:
    """The pages above built by MkDocs with the site's hooks."""
    root = tmp_path_factory.mktemp("routes")
    (root / "docs").mkdir()
    for name, text in PAGES.items():
        (root / "docs" / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return mkdocs_route(root)


def extension_route(root: Path, name: str, monkeypatch: pytest.MonkeyPatch, text: str | None = None,
                    links: Callable[[markdown.Markdown], None] | None = None) -> str:
    """The page made HTML by plain Python-Markdown with the site's extensions and `attention_site.extension`: the
    file `root`/docs/`name`, or `text` for a page the build makes; `links` adds a build's own link rewriting."""
    monkeypatch.setattr(extension, "project_root", lambda: root)
    listed = markdown_extensions()
    names = [next(iter(item)) if isinstance(item, dict) else item for item in listed]
    configs = {next(iter(item)): next(iter(item.values())) for item in listed if isinstance(item, dict)}
    md = markdown.Markdown(extensions=[*names, "attention_site.extension"],
                           extension_configs={**configs, "attention_site.extension": {"page": f"docs/{name}"}})
    if links is not None:
        links(md)
    page, _ = get_data(text if text is not None else (root / "docs" / name).read_text(encoding="utf-8"))
    return md.convert(page)


@pytest.mark.parametrize("name", [name for name in PAGES if name not in BROKEN])
def test_both_routes_give_a_page_the_same_html(routes: Routes, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert MkDocs with the hooks and Python-Markdown with the extension write the same HTML for a page of
    numbers, a check, math in a heading and a table in an admonition, and for a rows-as-cards table whose column
    is named with a formula (labelled `score q · k_j` on both routes: the tables stage runs before MathML)."""
    html = extension_route(routes.root, name, monkeypatch)
    assert html == routes.content[name]
    assert "<math" in html and "\\(" not in html and "attn:" not in html
    if name == "cards.md":
        assert re.findall(r'data-column="([^"]*)"', html) == ["key", "score q · k_j", "weight"]


def test_the_extension_makes_heading_ids_from_the_heading_as_written_and_contents_titles_with_math() -> None:
    """Assert a heading with a formula gets MkDocs' id (`dividing-by-sqrtd_k`, made from the LaTeX, not from the
    MathML), and its title in the contents gets MathML, as the MkDocs route's contents do."""
    md = markdown.Markdown(extensions=["toc", "pymdownx.arithmatex", "attention_site.extension"],
                           extension_configs={"pymdownx.arithmatex": {"generic": True}})
    html = md.convert("## Dividing by $\\sqrt{d_k}$\n")
    assert html.startswith('<h2 id="dividing-by-sqrtd_k">Dividing by <span class="arithmatex"><math ')
    assert md.toc_tokens[0]["name"].startswith("Dividing by <math ")  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", BROKEN)
def test_both_routes_refuse_a_page_with_the_same_message(routes: Routes, name: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert a snippet from outside the snippet folders, two stale claims and a typo are refused by the extension
    with the very lines the MkDocs build printed (the safety stage runs on both routes)."""
    with pytest.raises(DirectiveError) as refused:
        extension_route(routes.root, name, monkeypatch)
    for line in str(refused.value).split("\n"):
        assert line.startswith(f"docs/{name}:")
        assert line in routes.stderr
    assert "This page does not build" in routes.content[name]


def test_one_build_names_every_page_that_does_not_build_then_stops(routes: Routes) -> None:
    """Assert the build went on past the first broken page, printed each problem of every page once (both stale
    claims of one page, the snippet, the typo), then stopped with their count and the count of pages."""
    assert routes.returncode == 1
    named = re.findall(r"^(?:ERROR   -  )?(docs/[a-z]+\.md:\d+): ", routes.stderr, re.MULTILINE)
    assert sorted(named) == ["docs/refused.md:5", "docs/stale.md:3", "docs/stale.md:5", "docs/typo.md:3"]
    assert "4 problems on 3 pages; fix each line named above and build again" in routes.stderr
    assert "snippet '../../../etc/passwd' is not a file inside docs/programs/ or bench/results/" in routes.stderr


# Every page of the site: the files of docs/ and the reference pages the build makes from the examples' keys.
SITE_PAGES = sorted([*(path.relative_to(ROOT / "docs").as_posix() for path in (ROOT / "docs").rglob("*.md")),
                     *reference_pages()])


@dataclass(frozen=True)
class Site:
    """The site's pages built by MkDocs, and the files MkDocs resolves their links against."""

    routes: Routes
    files: Files
    config: object


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """Every page of the site built by MkDocs with the site's hooks, from a copy of docs/."""
    root = tmp_path_factory.mktemp("site-routes")
    shutil.copytree(ROOT / "docs", root / "docs")
    routes = mkdocs_route(root)
    config = load_config(str(root / "mkdocs.yml"))
    files = get_files(config)
    for path in reference_pages():  # where MkDocs places them; only their addresses are read
        files.append(File(path, src_dir=None, dest_dir=config.site_dir, use_directory_urls=config.use_directory_urls))
    return Site(routes, files, config)


@pytest.mark.parametrize("name", SITE_PAGES)
def test_both_routes_give_every_page_of_the_site_the_same_html(site: Site, name: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert each page of the site, and each reference page the build makes, is the same HTML on both routes.

    Links are the build's own, not the pipeline's: MkDocs writes `scores.md` as `../scores/`, Zensical as it
    does, a bare Python-Markdown build leaves them. So the extension route is given MkDocs' own link rewriting
    (the treeprocessor MkDocs adds to every page), and everything else, the pipeline's six stages and the
    extensions mkdocs.yml lists, is compared as it is."""
    assert site.routes.returncode == 0, site.routes.stderr[-3000:]
    file = site.files.get_file_from_path(name)
    assert file is not None, f"MkDocs did not see docs/{name}"

    def mkdocs_links(md: markdown.Markdown) -> None:
        _RelativePathTreeprocessor(file, site.files, site.config)._register(md)  # type: ignore[arg-type]

    made = reference_pages().get(name)
    html = extension_route(site.routes.root, name, monkeypatch, text=made, links=mkdocs_links)
    expected = site.routes.content[name]
    assert html == expected, "\n".join(difflib.unified_diff(expected.splitlines(), html.splitlines(), "mkdocs",
                                                            "extension", lineterm="", n=1))
