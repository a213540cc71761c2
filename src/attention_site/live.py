"""Live pages: what the browser needs to recompute a page when a reader changes an example's inputs.

The build marks where each directive of a live example landed and writes, beside the page, `live.json`: each
directive's request (kind, example, name, options) and each example's inputs as authored, with the ranges a
reader's entry must keep. `docs/javascripts/live.js` (loaded only when the reader asks to change the numbers)
mirrors the site's number policy, renderers and claims, and fetches `live/<example>.js` for each example of the
page, which mirrors that example's entries (declared as its entry module's MIRROR, directives/mirror.py), and
`live/<part>.js` for each part the page needs (live.json's `parts`: line charts, claims with a tolerance); a parity
test in Chromium holds them to what the build writes, directive by directive.

Marks are invisible: an inline value or word becomes `<span class="attn-live" data-live="N">…</span>`, a check an
empty such span (where its sentence is marked when the claim stops holding), a table gets an empty one in its
first header cell, a figure a `data-live` attribute, and anything inside math `\\class{attn-live-N}{…}`, which
latex2mathml writes as `<mrow class="attn-live-N">`. N is the directive's place among the page's directives.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from .directives.engine import expand_directives
from .directives.kinds import KINDS
from .directives.mirror import mirror_of
from .directives.registry import load_entries
from .directives.syntax import Directive, Found, directives_in_line, outside_code
from .live_inputs import built_on, example_data, examples

MANIFEST = "live.json"  # written beside each live page's index.html
# The claims live.js evaluates (its QUESTIONS and RELATIONS): a check stating another is not live, so its page
# stays static rather than showing a claim as holding that live.js never tested.
MIRRORED_CLAIMS = frozenset({"largest", "smallest", "tied", "nonzero", "sign", "shape", "rows", "cols", "words",
                             "greater", "equal", "fractions", "zero", "size", "labels", "same",
                             "differs", "close", "ratio", "slope", "published"})
# What a check picks and how it measures, beside its claims: the rows and columns, the tolerance, the axes, the entry
# ratio= divides by (of=).
PICKS = frozenset({"row", "col", "other-row", "other-col", "within", "axes", "of"})
NAMING_ANOTHER = ("same", "differs", "of")  # the options of a check naming another entry
MEASURED = frozenset({"close", "ratio", "slope"})  # the claims of live.js's part `measures`, loaded where stated
RE_MATH_DELIMITER = re.compile(r"\\\$|\$\$|\$|\\\(|\\\)")
FIGURE_TAG = '<figure class="attn-figure"'


def computed(place: Found) -> bool:
    """Tell whether a directive shows something computed from an example's inputs (every kind but a block)."""
    kind = KINDS.get(place.directive.kind)
    return kind is not None and kind.live


def is_live(place: Found) -> bool:
    """Tell whether the browser can recompute this directive: live.js mirrors its example's entry (and a check's
    claims)."""
    directive = place.directive
    words, claims = directive.words, set(directive.options) - PICKS - entry_options(directive)
    mirrored = directive.kind != "check" or (claims <= MIRRORED_CLAIMS and names_mirrored_only(directive))
    return computed(place) and mirrored and len(words) == 2 and words[1] in mirror_of(words[0]).entries


def entry_options(directive: Directive) -> set[str]:
    """The options a check hands its entry (`query=t3`, `n=1024`), which choose what it states a claim about and are
    no claims themselves; looked up only for a check stating something live.js does not evaluate."""
    if directive.kind != "check" or set(directive.options) - PICKS <= MIRRORED_CLAIMS or len(directive.words) != 2:
        return set()
    entry = load_entries(directive.words[0]).get((directive.words[0], directive.words[1]))
    return {option.key for option in entry.options} if entry else set()


def named_entries(example: str, options: Mapping[str, str]) -> list[tuple[str, str]]:
    """The (example, name) of each entry a check of `example` compares with through same=, differs= or of=
    (`output`, `red-ball-rolls:output`)."""
    named = (options.get(key) for key in NAMING_ANOTHER)
    return [(other or example, name) for other, _, name in (value.rpartition(":") for value in named if value)]


def names_mirrored_only(directive: Directive) -> bool:
    """Tell whether every entry a check compares with (same=, differs=, of=) is one the browser mirrors, of its own
    example or another (whose inputs the page then carries, so that the reader's numbers reach both)."""
    named = named_entries(directive.words[0], directive.options)
    return all(name in mirror_of(example).entries for example, name in named)


def math_spans(line: str, open_at_start: str | None = None) -> list[tuple[int, int]]:
    """The (start, end) of the inline and display formulas of one line: `$…$`, `$$…$$`, `\\(…\\)`; with
    `open_at_start`, the delimiter of a formula opened on a line above, which runs from the line's start."""
    return scanned(line, open_at_start)[0]


def scanned(line: str, open_at_start: str | None) -> tuple[list[tuple[int, int]], str | None]:
    """The formulas of one line (as math_spans) and the delimiter of the one still open at its end, if any (its
    span then runs to the line's end)."""
    spans, opened = [], (0, open_at_start) if open_at_start else None
    for match in RE_MATH_DELIMITER.finditer(line):
        token = match.group(0)
        if token == "\\$":
            continue
        if opened is None and token != "\\)":
            opened = (match.end(), token)
        elif opened is not None and (token == opened[1] or (opened[1] == "\\(" and token == "\\)")):
            spans.append((opened[0], match.start()))
            opened = None
    if opened is None:
        return spans, None
    return [*spans, (opened[0], len(line))], opened[1]


def formulas_open(lines: list[str]) -> dict[int, str]:
    """By line index, the delimiter of a formula opened on a line above in the same paragraph and still open where
    the line starts (`($d_{\\text{model}} =` then `<!-- attn:word … -->$`): a directive there is inside it."""
    found: dict[int, str] = {}
    opened: str | None = None
    for index, line in outside_code(lines):
        if not line.strip():
            opened = None  # a formula does not run past its paragraph
            continue
        if opened:
            found[index] = opened
        opened = scanned(line, opened)[1]
    return found


@dataclass(frozen=True)
class LivePlace:
    """A live directive of a page: its place among the page's directives, and whether it stands inside math."""

    ordinal: int
    found: Found
    in_math: bool
    in_text: bool = False  # inside math, it fills a `\\text{…}`


def in_math(place: Found, line: str, display_math: set[int], open_at_start: Mapping[int, str]) -> bool:
    """Tell whether a directive stands inside a formula (its expansion is LaTeX there): a `$$` block on lines of its
    own, a formula of its line, or one opened on a line above and not yet closed."""
    spans = math_spans(line, open_at_start.get(place.line - 1))
    return place.line - 1 in display_math or any(a <= place.start < b for a, b in spans)


def in_text(place: Found, line: str) -> bool:
    """Tell whether a directive inside a formula stands in the text of a `\\text{…}`, at its start or after words of
    it (`\\text{(… updates in a row)}`): no `\\class` may stand there."""
    before = line[:place.start]
    opened = before.rfind("\\text{")
    if opened < 0:
        return False
    depth = 0
    for char in before[opened + len("\\text{"):]:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


@dataclass
class Marker:
    """Marks each directive's expansion for live.js, counting the page's directives in the order they are found."""

    display_math: set[int]  # lines inside a `$$` block that spans lines
    open_at_start: Mapping[int, str]  # lines that start inside a formula opened above (formulas_open)
    live: bool = True  # the page is live: every directive of a live example on it can be recomputed
    count: int = 0

    def __call__(self, place: Found, line: str, text: str) -> str:
        """The expansion of one directive, marked with its place on the page when it is live; a block that keeps
        its example's own numbers (MIRROR's blocks) followed on a live page by the place of live.js's note on it."""
        ordinal, self.count = self.count, self.count + 1
        words = place.directive.words
        if self.live and place.directive.kind == "block" and words[1:2] and words[1] in mirror_of(words[0]).blocks:
            note, body = f'<p class="attn-live-block" data-live-block="{words[0]}" hidden></p>', text.rstrip()
            return f"{body.removesuffix('</div>')}{note}\n\n</div>" if body.endswith("</div>") else f"{text}\n\n{note}"
        if not (self.live and is_live(place)):
            return text
        math = in_math(place, line, self.display_math, self.open_at_start)
        return marked(place.directive.kind, ordinal, text, math, math and in_text(place, line))


def marked(kind: str, ordinal: int, text: str, in_math: bool, in_text: bool = False) -> str:
    """`text` with its invisible mark; in a `\\text{…}`, the text closed around the mark (`\\text{}` is empty)."""
    if in_text:
        return rf"}}\class{{attn-live-{ordinal}}}{{\text{{{text}}}}}\text{{"
    if in_math:
        return rf"\class{{attn-live-{ordinal}}}{{{text}}}"
    span = f'<span class="attn-live" data-live="{ordinal}"></span>'
    if kind == "table":
        return text.replace("| ", "| " + span, 1)
    if kind == "figure":
        return text.replace(FIGURE_TAG, f'{FIGURE_TAG} data-live="{ordinal}"', 1)
    return span.replace("></", f">{text}</")


def display_math_lines(lines: list[str]) -> set[int]:
    """The indexes of lines inside a display formula whose `$$` stand on lines of their own."""
    inside, found = False, set()
    for index, line in outside_code(lines):
        if line.strip() == "$$":
            inside = not inside
        elif inside:
            found.add(index)
    return found


def expand_live(markdown: str, page: str = "<page>", line_offset: int = 0) -> str:
    """`expand_directives` with every live directive marked for live.js."""
    lines = markdown.split("\n")
    marker = Marker(display_math_lines(lines), formulas_open(lines), live=bool(live_places(markdown)))
    return expand_directives(markdown, page, line_offset, mark=marker)


def computed_places(markdown: str) -> Iterator[LivePlace]:
    """The directives of a page that show computed numbers, in its order, numbered as Marker numbers them."""
    lines = markdown.split("\n")
    display_math, open_at_start, ordinal = display_math_lines(lines), formulas_open(lines), 0
    for index, line in outside_code(lines):
        if "<!--" not in line:
            continue
        for place in directives_in_line(line, index + 1):
            if computed(place):
                math = in_math(place, line, display_math, open_at_start)
                yield LivePlace(ordinal, place, math, math and in_text(place, line))
            ordinal += 1


def live_places(markdown: str) -> list[LivePlace]:
    """The live directives of a page: all that show computed numbers, or none unless live.js can recompute every
    one of them (a page half recomputed would leave numbers and sentences looking true that are not, those of an
    example built on the one the reader changes included)."""
    places = list(computed_places(markdown))
    return places if all(is_live(place.found) for place in places) else []


class Request(TypedDict):
    """A live directive of a page as live.js reads it: its place, kind, example, name and options."""

    id: int
    kind: str
    example: str
    name: str
    options: dict[str, str]


def requests(markdown: str) -> Iterator[Request]:
    """Each live directive of a page, as live.js reads it."""
    for live in live_places(markdown):
        directive = live.found.directive
        yield {"id": live.ordinal, "kind": directive.kind, "example": directive.words[0], "name": directive.words[1],
               "options": directive.options}


def page_manifest(markdown: str) -> str:
    """The page's `live.json` (its directives' requests and its examples' inputs), or "" if nothing on it is live."""
    found = list(requests(markdown))
    if not found:
        return ""
    used: dict[str, set[str]] = {}
    for request in found:  # with each entry a check compares it with, computed too, of whatever example
        for example, name in [(request["example"], request["name"]),
                              *named_entries(request["example"], request["options"])]:
            used.setdefault(example, set()).add(name)
    for name in list(used):  # an example built on another needs its inputs, which the reader may change here too
        used.update({inner.name: used.get(inner.name, set()) for _, inner in built_on(examples()[name])})
    parts = {part for name in used for part in mirror_of(name).parts}
    if any(MEASURED & request["options"].keys() for request in found if request["kind"] == "check"):
        parts.add("measures")
    manifest = {"examples": {name: example_data(name, frozenset(used[name])) for name in sorted(used)},
                "directives": found, "parts": sorted(parts)}
    return json.dumps(manifest, separators=(",", ":"), ensure_ascii=False)


LIVE_TITLE = "attn-live-title"  # reader.css keeps room under a live page's title for reader.js's button


def with_title_marked(page_html: str) -> str:
    """A live page with its title marked (`<h1 class="attn-live-title"`), so that reader.css holds the room of
    "Change the numbers" under it from the first paint: the button reader.js adds then moves no text (a layout
    shift Lighthouse counted), and no selector has to search the whole article for a live number."""
    head, article, body = page_html.partition("<article")  # the page's own title, not one of the theme's
    if not article:
        head, body = "", head
    return head + article + re.sub(r"<h1(?![^>]*\bclass=)(?=[\s>])", f'<h1 class="{LIVE_TITLE}"', body, count=1)


def with_manifest(page_html: str, manifest: str, page_file: Path, embedded: bool) -> str:
    """The page, its `manifest` written beside it as live.json; `embedded` (the offline build, read from disk,
    where a page cannot fetch) puts it in the page as a JSON data block instead."""
    if not manifest:
        return page_html
    page_html = with_title_marked(page_html)
    if embedded:
        data = manifest.replace("<", "\\u003c")  # JSON still, and no `</script>` can end the block early
        block = f'<script type="application/json" id="attn-live-data">{data}</script>'
        return page_html.replace("</body>", block + "</body>", 1)
    page_file.parent.mkdir(parents=True, exist_ok=True)
    (page_file.parent / MANIFEST).write_text(manifest, encoding="utf-8")
    return page_html
