"""What a pull request can bring into the site: only files that stay where they belong, only UTF-8 text.

A page comes from a stranger's fork as often as from us. These checks run before anything is copied or
included, and each names the file (and line) and what is accepted:

- every file MkDocs finds under `docs/` must really be there: a symbolic link that leads out of `docs/`
  (to `/proc/self/environ`, `/etc/passwd`, the repository's `.git/`) stops the build;
- every file that is not a page must be of a type the site serves, where that type belongs (`FILE_TYPES`):
  no HTML or SVG file (either would run its own scripts on the site's origin, outside any page's policy), no
  script but under `docs/javascripts/`, and there only the site's own (`SCRIPTS`): the policy's `script-src 'self'`
  would let any page load a script file a pull request adds;
- every page must be UTF-8;
- a snippet include of any form (`--8<-- "file"`, `-8<-`, a block, one inside a fence or nested) may only name a
  file inside the snippet folders (`docs/programs/`, `bench/results/`), after every link is resolved: the build
  reads snippets with `snippets.ConfinedSnippets`, and checks a page's before Markdown does, at their lines;
- the snippet folders hold no symbolic link at all, at any depth: pymdownx.snippets, which confines every form it
  accepts (fenced, single-dash `-8<-`, block, nested) to its base paths by their absolute path, follows links, so
  with none there its confinement is a real one.
"""

from __future__ import annotations

import os
from pathlib import Path

from .directives.errors import DirectiveError, quoted
from .snippets import check_includes

# The types of file docs/ may hold besides pages, and the folders each may live in ("" for anywhere).
FILE_TYPES = {
    ".md": "", ".css": "stylesheets/", ".js": "javascripts/", ".py": "programs/", ".woff2": "assets/fonts/",
    ".txt": "", ".png": "", ".jpg": "", ".jpeg": "", ".webp": "", ".gif": "",
}
# The site's own scripts, the only files docs/javascripts/ may hold: reader.js (mkdocs.yml) loads the others on use,
# and live.js one file of live/ per example of the page, named after it (entries/ holds the site's examples), and
# one per part of itself the page needs (directives/mirror.py's PARTS).
SCRIPTS = ("calculator.js", "exercises.js", "live.js", "reader.js", "settings.js", "slides.js")
EXAMPLE_SCRIPTS = "live/"


def inside(path: Path, folder: Path) -> bool:
    """Tell whether `path`, with every link resolved, lies inside `folder` (also resolved)."""
    return path.resolve().is_relative_to(folder.resolve())


def check_in_folder(path: Path, folder: Path, shown: str) -> None:
    """Refuse a file of the pages folder whose real path leaves it (a symbolic link to elsewhere), or whose type
    the site does not serve there (`check_file_type`)."""
    if not inside(path, folder):
        raise DirectiveError(f"{shown} is a link to {quoted(str(path.resolve()))}, outside {folder.name}/; the "
                             f"build takes only files that are really inside {folder.name}/", page=shown, line=1)
    check_file_type(path.absolute().relative_to(folder.absolute()).as_posix(), shown)


def check_file_type(relative: str, shown: str) -> None:
    """Refuse a file of docs/ (`relative` to it) of a type the site does not serve, or outside its type's folder."""
    suffix = Path(relative).suffix.lower()
    folder = FILE_TYPES.get(suffix)
    if folder is None:
        kinds = ", ".join(sorted(FILE_TYPES))
        raise DirectiveError(f"docs/ may not hold '{quoted(suffix or 'files without a suffix')}' files (HTML and SVG "
                             f"would run their own scripts on the site); it holds pages and {kinds} files",
                             page=shown, line=1)
    if not relative.startswith(folder):
        raise DirectiveError(f"a {suffix} file belongs in docs/{folder}; the site's own are there", page=shown, line=1)
    if suffix == ".js" and not is_site_script(relative.removeprefix(folder)):
        raise DirectiveError(f"{shown} is not one of the site's scripts ({', '.join(SCRIPTS)}, or {EXAMPLE_SCRIPTS}"
                             "<example>.js for an example of src/attention_site/directives/entries/, or a part of "
                             "live.js named in PARTS of src/attention_site/directives/mirror.py); a new script of the "
                             "site is added to SCRIPTS in src/attention_site/safety.py, where review sees it",
                             page=shown, line=1)


def is_site_script(name: str) -> bool:
    """Tell whether `name` (under docs/javascripts/) is one of the site's scripts: one of SCRIPTS, the live entries
    of one of its examples (`live/kv-cache.js`), or a part of live.js (`live/charts.js`, mirror.PARTS)."""
    from .directives.entries import example_keys
    from .directives.mirror import PARTS

    file = name.removeprefix(EXAMPLE_SCRIPTS).removesuffix(".js")
    return name in SCRIPTS or (name == f"{EXAMPLE_SCRIPTS}{file}.js" and (file in example_keys() or file in PARTS))


def check_utf8(data: bytes, shown: str) -> None:
    """Refuse a page that is not UTF-8, naming the line of the first bad byte."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise DirectiveError(f"byte {data[error.start]:#04x} is not UTF-8; save the page as UTF-8",
                             page=shown, line=line) from None


def check_snippets(markdown: str, page: str, folders: list[Path], line_offset: int = 0) -> None:
    """Refuse a link under the snippet folders, then a snippet include of any form that names anything but a file
    inside one of `folders` (read by their real paths: `snippets.check_includes`), at its line."""
    check_no_links(folders)
    if "8<-" in markdown:
        check_includes(markdown, page, tuple(folders), line_offset)


def check_no_links(folders: list[Path]) -> None:
    """Refuse a symbolic link anywhere under the snippet folders, or a folder that is one."""
    for folder in folders:
        if folder.is_symlink():
            raise link_error(folder, folder)
        for where, names, files in os.walk(folder, followlinks=False):
            for name in names + files:
                if os.path.islink(os.path.join(where, name)):
                    raise link_error(Path(where, name), folder)


def link_error(path: Path, folder: Path) -> DirectiveError:
    """The error for a symbolic link under a snippet folder, named from the folder's parent."""
    shown = path.relative_to(folder.parent.parent).as_posix()
    return DirectiveError(f"{shown} is a symbolic link; the snippet folders may hold only real files (snippets of "
                          "any form would follow it out of the project)", page=shown, line=1)
