"""Raw HTML judged on the parsed page: every element and attribute of a page's HTML, once Markdown made it, checked
against an allowlist.

The directive scanner refuses script-like HTML line by line, before Markdown; what Markdown then makes of the
page (a tag split over two lines, attr_list's `{: onclick=... }`, a snippet, a program listing that holds a
fence line, a label of an example, CONTRIBUTING.md shown by a directive) is judged here, as the browser will read
it: by an HTML parser, entities decoded. Anything not on the lists below stops the build with `page:line`,
naming what is accepted. The lists hold what Markdown, its extensions and the engine write (tables, figures in
SVG, MathML, footnotes, tabs, task lists) and nothing that runs, loads or sends: no script, style, iframe,
object, embed, base, meta, link, form, button, animation or foreignObject; no `on*` handler; links and images
only to the site's own pages, `http(s):` and `mailto:`.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from .directives.errors import DirectiveError, quoted

TEXT = {"p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "em", "strong", "b", "i", "u", "s", "del", "ins",
        "mark", "small", "sub", "sup", "code", "kbd", "samp", "var", "pre", "blockquote", "q", "cite", "abbr",
        "dfn", "span", "div", "ul", "ol", "li", "dl", "dt", "dd", "figure", "figcaption", "details", "summary",
        "aside", "article", "section", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
        "colgroup", "col", "label", "a", "img", "input", "time", "wbr"}
SVG = {"svg", "g", "defs", "title", "desc", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
       "text", "tspan", "marker", "pattern", "lineargradient", "stop", "clippath", "mask", "symbol"}
MATHML = {"math", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace", "mfrac", "msqrt", "mroot", "msub", "msup",
          "msubsup", "munder", "mover", "munderover", "mtable", "mtr", "mtd", "mstyle", "mpadded", "mphantom",
          "menclose", "semantics", "annotation"}
ELEMENTS = TEXT | SVG | MATHML
GLOBAL = {"class", "id", "title", "lang", "dir", "role", "markdown", "hidden", "tabindex"}
ATTRIBUTES = {  # beyond GLOBAL, aria-* and data-*
    "a": {"href", "rel", "name"}, "img": {"src", "alt", "width", "height", "loading"},
    "input": {"type", "name", "checked", "disabled"}, "label": {"for"}, "details": {"open"},
    "th": {"style", "colspan", "rowspan", "scope", "align"}, "td": {"style", "colspan", "rowspan", "align"},
    "ol": {"start", "type", "reversed"}, "col": {"span"}, "colgroup": {"span"}, "abbr": set(), "time": {"datetime"},
    "div": {"style"}, "figure": {"style"}, "span": {"style"},
}
SVG_ATTRIBUTES = {"viewbox", "width", "height", "xmlns", "x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r", "rx",
                  "ry", "d", "points", "fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray",
                  "stroke-opacity", "opacity", "transform", "text-anchor", "dominant-baseline", "baseline-shift",
                  "font-size", "font-weight", "marker-end", "marker-start", "markerwidth", "markerheight",
                  "orient", "refx", "refy", "patternunits", "patterntransform", "offset", "stop-color",
                  "preserveaspectratio", "style", "dx", "dy", "clip-path", "mask"}
MATHML_ATTRIBUTES = {"display", "xmlns", "mathvariant", "fence", "form", "lspace", "rspace", "maxsize", "minsize",
                     "stretchy", "separator", "largeop", "movablelimits", "accent", "accentunder", "height",
                     "depth", "width", "voffset", "displaystyle", "scriptlevel", "columnalign", "rowalign",
                     "columnspacing", "rowspacing", "linethickness", "notation", "encoding", "symmetric"}
INPUT_TYPES = {"checkbox", "radio"}  # task lists and content tabs
RE_SAFE_URL = re.compile(r"^(?:https?://|mailto:|#|[^:/?#]*(?:[/?#]|$))", re.IGNORECASE)
RE_URL_NOISE = re.compile(r"[\x00-\x20\x7f]+")  # what a browser drops from a URL before reading its scheme
RE_STYLE = re.compile(r"^\s*(?:(?:text-align|max-width|width|height|--abh-[a-z-]+)\s*:\s*[-\w.%# ]*;?\s*)*$",
                      re.IGNORECASE)
RE_TEX_LINK = re.compile(r"\\(?:href|url)\b")  # latex2mathml turns \href into a MathML link
RE_FORMULA = re.compile(r'<(?P<tag>span|div) class="arithmatex">(?P<tex>.*?)</(?P=tag)>', re.DOTALL)


class HtmlChecker(HTMLParser):
    """Collect the first element, attribute or declaration of a page's HTML that is not on the lists."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.refused: tuple[str, str] | None = None  # (what, where to look for it in the page)

    def refuse(self, what: str, probe: str) -> None:
        """Keep the first refusal."""
        if self.refused is None:
            self.refused = (what, probe)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ELEMENTS:
            self.refuse(f"<{quoted(tag, 40)}> elements", f"<{tag}")
            return
        for name, value in attrs:
            self.check_attribute(tag, name, value or "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag not in ELEMENTS:
            self.refuse(f"<{quoted(tag, 40)}> elements", f"</{tag}")

    def handle_decl(self, decl: str) -> None:
        self.refuse(f"declarations such as <!{quoted(decl, 20)}>", "<!")

    def unknown_decl(self, data: str) -> None:
        self.refuse(f"sections such as <![{quoted(data, 20)}", "<![")

    def handle_pi(self, data: str) -> None:
        self.refuse(f"processing instructions such as <?{quoted(data, 20)}", "<?")

    def check_attribute(self, tag: str, name: str, value: str) -> None:
        """Refuse an attribute the element may not carry, a link to code, or a style beyond text layout."""
        if not allowed_attribute(tag, name):
            self.refuse(f"the attribute {quoted(name, 40)}= on <{tag}>", name)
        elif name in {"href", "src", "xlink:href"} and not RE_SAFE_URL.match(RE_URL_NOISE.sub("", value)):
            self.refuse(f"the link {name}='{quoted(value, 40)}' (a link goes to a page of the site, http(s): or "
                        "mailto:)", name)
        elif name == "style" and tag not in SVG and not RE_STYLE.match(value):
            self.refuse(f"the style '{quoted(value, 40)}' (a style may set only text-align, width and max-width)",
                        "style")
        elif tag == "input" and name == "type" and value.lower() not in INPUT_TYPES:
            self.refuse(f"<input type={quoted(value, 20)}> (only checkbox and radio)", "<input")


def allowed_attribute(tag: str, name: str) -> bool:
    """Tell whether `tag` may carry the attribute `name` (never an event handler)."""
    if name.startswith("on"):
        return False
    if name in GLOBAL or name.startswith(("aria-", "data-")):
        return True
    if tag in SVG:
        return name in SVG_ATTRIBUTES
    if tag in MATHML:
        return name in MATHML_ATTRIBUTES
    return name in ATTRIBUTES.get(tag, set())


def check_html(html: str, source: str, page: str = "<page>", line_offset: int = 0) -> None:
    """Refuse a page whose HTML (as Markdown made it) holds anything not on the lists, at the line of `source` (the
    page as written) where it is found, or the page's first line."""
    checker = HtmlChecker()
    checker.feed(html)
    checker.close()
    link = next((found for formula in RE_FORMULA.finditer(html) if (found := RE_TEX_LINK.search(formula["tex"]))),
                None)
    if checker.refused is None and link is not None:
        checker.refused = ("links in formulas (\\href, \\url)", link[0])
    if checker.refused is not None:
        what, probe = checker.refused
        raise DirectiveError(f"pages may not hold {what}; what a page may contain is listed in CONTRIBUTING.md, "
                             "\"What a page may contain\"", page=page, line=line_offset + line_of(source, probe))


def line_of(source: str, probe: str) -> int:
    """The line of `source` where `probe` first appears (any case), or 1."""
    position = source.lower().find(probe.lower())
    return source.count("\n", 0, position) + 1 if position >= 0 else 1
