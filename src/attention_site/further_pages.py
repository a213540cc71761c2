"""The home page's list of the pages that go further than the two worked examples, made from the site's nav.

The nav in mkdocs.yml is the one record of which pages there are and what they are called; GROUPS only sorts
them under headings a reader understands. A page of the nav's `beyond/` folder that no group names is still
listed, under the last heading, so a new page is never missing from the home page (a test asks for a group).
"""

from __future__ import annotations

from collections.abc import Iterator

import yaml

FOLDER = "beyond/"
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("How attention is computed and served in practice",
     ("tiled-attention.md", "kv-cache-memory.md", "inference-economics.md", "engineers-path.md",
      "pytorch.md")),
    ("Other kinds of attention and of positions",
     ("variants.md", "rotary-and-alibi.md", "cross-attention-and-padding.md")),
    ("The whole model, and how it learns", ("whole-model.md", "one-training-step.md", "trained-head.md")),
    ("Checking yourself", ("checks.md",)),
)
UNGROUPED = "More pages"


class NavLoader(yaml.SafeLoader):
    """YAML's safe loader, reading MkDocs' own tags (`!ENV ...`) as nothing: only the nav is wanted here."""


NavLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


def nav_pages(nav: list[object]) -> Iterator[tuple[str, str]]:
    """Every (title, path) of a MkDocs nav, in order, sections opened."""
    for item in nav:
        if isinstance(item, str):
            yield item, item
        elif isinstance(item, dict):
            for title, target in item.items():
                if isinstance(target, list):
                    yield from nav_pages(target)
                else:
                    yield str(title), str(target)


def further_pages(mkdocs_yml: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The nav's pages in `beyond/`, grouped: [(heading, [(title, path), ...])], empty groups left out."""
    pages = [(title, path) for title, path in nav_pages(yaml.load(mkdocs_yml, NavLoader).get("nav", []))
             if path.startswith(FOLDER)]
    named = {name for _, names in GROUPS for name in names}
    groups = [(heading, [p for p in pages if p[1].removeprefix(FOLDER) in names]) for heading, names in GROUPS]
    groups.append((UNGROUPED, [p for p in pages if p[1].removeprefix(FOLDER) not in named]))
    return [(heading, found) for heading, found in groups if found]


def further_pages_markdown(mkdocs_yml: str) -> str:
    """The grouped list as Markdown, linked from the top folder of docs/ (the home page's)."""
    return "\n".join(f"- **{heading}**: " + ", ".join(f"[{title}]({path})" for title, path in pages) + "."
                     for heading, pages in further_pages(mkdocs_yml))
