"""Snippet includes confined to their folders, in every form pymdownx.snippets reads.

pymdownx.snippets keeps a path under its base folder by comparing absolute paths, and then opens the file,
following any symbolic link out of the folder. `ConfinedSnippets` (listed in mkdocs.yml in its place, with the
same options) is pymdownx.snippets with one change: a path is taken only when its real path, every link
resolved, is a regular file inside the real path of a base folder. Every form pymdownx reads (the
`--8<-- "file"` line, the single-dash `-8<-`, the block between two `--8<--` lines, one inside a fence, one
nested in an included file) goes through that one function (`get_snippet_path`).

`check_includes` runs the same preprocessor over a page before Markdown does, so that a snippet that cannot be
included (missing, outside the folders, a folder, a URL, a section the file does not have) stops the build at
the page and line that names it, or at the line of the included file that does: pymdownx raises an error that
MkDocs prints as a traceback.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

import markdown
from pymdownx.snippets import SnippetExtension, SnippetMissingError, SnippetPreprocessor

from .directives.errors import DirectiveError, quoted

RE_MISSING = re.compile(r"^Snippet (?:at path|section) '(?P<name>.*)' could not be (?:found|located)$", re.DOTALL)


class ConfinedSnippetPreprocessor(SnippetPreprocessor):  # type: ignore[misc]  # pymdownx is untyped
    """pymdownx's snippet preprocessor, resolving each path inside its folder with every link followed."""

    def get_snippet_path(self, path: str) -> str | None:
        """The real path of the file `path` names inside a base folder, or None: never a link out of it."""
        for base, is_dir in self.get_bases():
            folder = os.path.realpath(base)
            real = os.path.realpath(os.path.join(base, path))
            if is_dir and real.startswith(folder + os.sep) and os.path.isfile(real):
                return real
        return None

    def parse_snippets(self, lines: list[str], file_name: str | None = None, is_url: bool = False,
                       is_section: bool = False) -> list[str]:
        """pymdownx's reading of one file's lines, noting on a failure which file named the snippet (None: the
        page)."""
        try:
            parsed: list[str] = super().parse_snippets(lines, file_name, is_url, is_section)
            return parsed
        except SnippetMissingError as error:
            if not hasattr(error, "included_by"):
                error.included_by = file_name
            raise


class ConfinedSnippets(SnippetExtension):  # type: ignore[misc]  # pymdownx is untyped
    """pymdownx.snippets with every path confined to its folders by its real path."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        """Register the confined preprocessor where pymdownx registers its own."""
        self.md = md
        md.registerExtension(self)
        md.preprocessors.register(ConfinedSnippetPreprocessor(self.getConfigs(), md), "snippet", 32)


def makeExtension(**options: object) -> ConfinedSnippets:
    """The extension, as Python-Markdown loads it by name from mkdocs.yml."""
    return ConfinedSnippets(**options)


@functools.lru_cache(maxsize=8)
def preprocessor(folders: tuple[Path, ...]) -> ConfinedSnippetPreprocessor:
    """The preprocessor a build with these snippet folders runs, failing on a snippet it cannot include."""
    extension = ConfinedSnippets(base_path=[str(folder) for folder in folders], check_paths=True)
    return ConfinedSnippetPreprocessor(extension.getConfigs(), markdown.Markdown())


def check_includes(text: str, page: str, folders: tuple[Path, ...], line_offset: int = 0) -> None:
    """Include the page's snippets as Markdown will, and stop at the line that names one that cannot be."""
    try:
        preprocessor(folders).run(text.split("\n"))
    except SnippetMissingError as error:
        name = match[1] if (match := RE_MISSING.match(str(error))) else str(error)
        including = getattr(error, "included_by", None)
        names = " or ".join(f"{folder.parent.name}/{folder.name}/" for folder in folders)
        what = (f"snippet '{quoted(name)}' is not a file inside {names}; snippets may only include files from "
                "there" if "section" not in str(error) else f"snippet section '{quoted(name)}' is not in its file")
        if including is None:
            raise DirectiveError(what, page=page, line=line_offset + line_naming(text, name)) from None
        shown = Path(including).relative_to(folders[0].resolve().parent.parent).as_posix()
        raise DirectiveError(what, page=shown, line=line_naming(Path(including).read_text("utf-8"), name)) from None


def line_naming(text: str, name: str) -> int:
    """The first line of `text` that names `name`, or 1."""
    position = text.find(name)
    return text.count("\n", 0, position) + 1 if position >= 0 and name else 1
