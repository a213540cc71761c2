"""A stylesheet without the rules that can never match on the site: pure functions on CSS text.

Material for MkDocs serves one stylesheet for every feature it has (blogs, tags, version selectors, admonition
kinds the site never writes...); a page here uses about a third of it. A selector can never match when it
requires a class the site does not use (`used`: the caller decides, by the theme's parts the site shows) or an
attribute value that nothing can set. Only those two tests drop anything: element, id and attribute selectors
are otherwise kept, and nothing inside a pseudo-class's parentheses (`:not(.x)`, `:is(.x)`, `:has(.x)`) counts,
since `:not(.x)` matches more, not less, when `.x` is never used.

The CSS is read with tinycss2 (Kozea's parser, the one WeasyPrint uses), following the CSS Syntax Level 3
tokenizer, so strings, escapes and nested blocks are read as a browser reads them.
"""

from __future__ import annotations

import functools
import html
import itertools
import re
from collections.abc import Callable, Collection, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass

import tinycss2
from tinycss2.ast import AtRule, Node, QualifiedRule

GROUPING_RULES = frozenset({"media", "supports", "container", "layer", "document", "-moz-document", "scope"})
KEYFRAMES_RULES = frozenset({"keyframes", "-webkit-keyframes", "-moz-keyframes"})
VALUE = r"""(?:"(?P<double>[^"]*)"|'(?P<single>[^']*)'|(?P<bare>[^\s"'=<>`]+))"""
# In any letter case, spelled out rather than with re.IGNORECASE, which would make every search four times slower;
# `data-class=` matches too, which can only keep a rule, never drop one.
RE_CLASS_ATTRIBUTE = re.compile(r"[cC][lL][aA][sS][sS]\s*=\s*" + VALUE)


@dataclass(frozen=True)
class StyleRule:
    """A style rule that may match, as it will be written, with the names its declarations use, the custom
    properties they read (`var(--name)`), and where in `text` each custom property it sets is declared."""

    text: str
    names: frozenset[str]
    reads: frozenset[str] = frozenset()
    sets: tuple[tuple[str, int, int], ...] = ()

    def without(self, unread: Callable[[str], bool]) -> str:
        """The rule's text without the declarations of the custom properties that nothing reads; nothing when no
        declaration is left."""
        text = self.text
        for name, start, end in reversed(self.sets):
            if unread(name):
                text = text[:start] + text[end:]
        return "" if text.endswith("{}") else text


@dataclass(frozen=True)
class Keyframes:
    """An animation's keyframes, written only if a kept rule (or the site elsewhere) names the animation."""

    name: str
    text: str


@dataclass(frozen=True)
class Group:
    """A grouping rule (@media, @supports...) around the rules kept inside it; written only if any are."""

    head: str
    pieces: tuple[Piece, ...]


Piece = StyleRule | Keyframes | Group | str  # a str is an at-rule kept as it was (@font-face, @page, @charset)


@dataclass(frozen=True)
class Source:
    """A stylesheet's text as tinycss2 reads it, so that what is kept is copied character for character (a
    re-serialised string may lose an escape such as Material's `\\3c` in a custom property, which the browser
    would report as a different value)."""

    text: str
    line_starts: tuple[int, ...]

    @classmethod
    def of(cls, css: str) -> Source:
        """The source of `css`, its newlines made what tinycss2 counts lines by."""
        text = css.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
        return cls(text, (0, *(match.end() for match in re.finditer("\n", text))))

    def offset(self, node: Node) -> int:
        """Where a node or token starts in the text."""
        line: int = node.source_line  # tinycss2 is untyped: both count from 1
        column: int = node.source_column
        return self.line_starts[line - 1] + column - 1


def trimmed_stylesheet(css: str, used: Container[str], attribute_values: Mapping[str, Collection[str]] | None = None,
                       named_elsewhere: Container[str] = frozenset()) -> str:
    """The stylesheet without the selectors that can never match, the rules left with none, and what only those
    rules needed.

    `used`: the class names the site may use. `attribute_values`: for an attribute whose values are all known
    (Material's palette attributes), the values it can take; `[name=value]` with any other value never matches,
    and `[name]` never matches when none is given. Attributes not named are free. `named_elsewhere`: the
    animations and custom properties the site names outside this stylesheet (its scripts, its own stylesheets).
    @keyframes stay when a kept rule or the site elsewhere names them, a custom property's declarations when a
    kept rule reads it (`var(--name)`) or the site elsewhere names it; grouping rules stay with their kept rules
    inside. Comments go (a source map's address among them: it would describe the whole stylesheet).
    """
    source = Source.of(css)
    rules = tinycss2.parse_stylesheet(source.text, skip_comments=False, skip_whitespace=True)
    pieces = kept_pieces(rules, len(source.text), source, used, attribute_values or {})
    kept = list(style_rules(pieces))
    named = frozenset().union(*(piece.names for piece in kept))
    read = frozenset().union(*(piece.reads for piece in kept))
    return "".join(written(pieces, lambda animation: animation in named or animation in named_elsewhere,
                           lambda name: name not in read and name not in named_elsewhere))


def kept_pieces(rules: list[Node], end: int, source: Source, used: Container[str],
                attribute_values: Mapping[str, Collection[str]]) -> tuple[Piece, ...]:
    """The rules that may match, each as the piece that writes it (selectors trimmed, groups recursed into);
    `end` is where the rules' block ends in the text."""
    pieces: list[Piece] = []
    for index, rule in enumerate(rules):
        start = source.offset(rule)
        stop = source.offset(rules[index + 1]) if index + 1 < len(rules) else end
        text = source.text[start:stop].rstrip()
        if isinstance(rule, QualifiedRule):
            selectors = selector_texts(rule, source, content_start(rule, source, start + len(text)))
            kept = [text for tokens, text in selectors if tokens and may_match(tokens, used, attribute_values)]
            if kept:
                brace = content_start(rule, source, start + len(text))
                head = source.text[start:brace] if len(kept) == len(selectors) else ",".join(kept)
                sets = tuple((name, len(head) + begin - brace, len(head) + finish - brace)
                             for name, begin, finish in custom_declarations(rule, source, start + len(text)))
                pieces.append(StyleRule(head + source.text[brace:start + len(text)], names_in(rule.content),
                                        custom_reads(rule.content), sets))
        elif isinstance(rule, AtRule) and rule.lower_at_keyword in GROUPING_RULES and rule.content:
            inner = tinycss2.parse_rule_list(rule.content, skip_comments=False, skip_whitespace=True)
            brace = content_start(rule, source, start + len(text))
            pieces.append(Group(source.text[start:brace],
                                kept_pieces(inner, start + len(text) - 1, source, used, attribute_values)))
        elif isinstance(rule, AtRule) and rule.lower_at_keyword in KEYFRAMES_RULES:
            pieces.append(Keyframes(tinycss2.serialize(rule.prelude).strip().strip("\"'"), text))
        elif isinstance(rule, AtRule):
            pieces.append(text)
    return tuple(pieces)


def custom_declarations(rule: QualifiedRule, source: Source, stop: int) -> Iterator[tuple[str, int, int]]:
    """Each custom property a rule declares, with where its declaration starts and where the next one starts
    (or the rule's `}`) in the text; `stop` is where the rule stops."""
    declarations = [node for node in tinycss2.parse_blocks_contents(rule.content or [])
                    if node.type == "declaration"]
    ends = [source.offset(node) for node in declarations[1:]] + [source.text.rindex("}", 0, stop)]
    for node, end in zip(declarations, ends, strict=True):
        if node.name.startswith("--"):
            yield node.name, source.offset(node), end


def custom_reads(tokens: Iterable[Node]) -> frozenset[str]:
    """The custom properties that some declarations read: `--name` among a function's arguments (var())."""
    reads: set[str] = set()
    for token in tokens:
        if token.type == "function":
            reads |= {node.value for node in token.arguments if node.type == "ident" and node.value.startswith("--")}
            reads |= custom_reads(token.arguments)
        elif token.type in ("() block", "[] block", "{} block"):
            reads |= custom_reads(token.content)
    return frozenset(reads)


def content_start(rule: QualifiedRule | AtRule, source: Source, stop: int) -> int:
    """Where a rule's `{` is in the text, given where the rule stops."""
    if rule.content:
        return source.offset(rule.content[0]) - 1
    return source.text.rindex("{", 0, stop)


def selector_texts(rule: QualifiedRule, source: Source, brace: int) -> list[tuple[list[Node], str]]:
    """A rule's selectors, each as its tokens (without outer spaces) and its text: the prelude split at the commas
    outside parentheses."""
    selectors: list[list[Node]] = [[]]
    bounds = [source.offset(rule)]
    for token in rule.prelude:
        if token.type == "literal" and token.value == ",":
            selectors.append([])
            bounds.append(source.offset(token))
        else:
            selectors[-1].append(token)
    bounds.append(brace)
    texts = [source.text[begin + (index > 0):finish].strip()
             for index, (begin, finish) in enumerate(itertools.pairwise(bounds))]
    return [(trimmed_spaces(tokens), text) for tokens, text in zip(selectors, texts, strict=True)]


def trimmed_spaces(tokens: list[Node]) -> list[Node]:
    """The tokens without whitespace and comments at either end."""
    start, end = 0, len(tokens)
    while start < end and tokens[start].type in ("whitespace", "comment"):
        start += 1
    while end > start and tokens[end - 1].type in ("whitespace", "comment"):
        end -= 1
    return tokens[start:end]


def may_match(selector: list[Node], used: Container[str], attribute_values: Mapping[str, Collection[str]]) -> bool:
    """Whether a selector may match: every class it requires is used, and every attribute whose values are known
    can have the value it requires (or, for `[name]`, any value at all)."""
    return (all(name in used for name in required_classes(selector))
            and all((value in attribute_values[name]) if value is not None else bool(attribute_values[name])
                    for name, value in required_attributes(selector) if name in attribute_values))


def required_classes(selector: list[Node]) -> Iterator[str]:
    """The classes a selector requires (`.name` outside any pseudo-class's parentheses)."""
    for before, token in itertools.pairwise(selector):
        if before.type == "literal" and before.value == "." and token.type == "ident":
            yield token.value


def required_attributes(selector: list[Node]) -> Iterator[tuple[str, str | None]]:
    """The attributes a selector requires, with the value it requires exactly (`[name=value]`, case-sensitive ones
    only) or None for the attribute's mere presence (`[name]`)."""
    for block in selector:
        if block.type != "[] block":
            continue
        tokens = [token for token in block.content if token.type not in ("whitespace", "comment")]
        if len(tokens) == 1 and tokens[0].type == "ident":
            yield tokens[0].value, None
        elif (len(tokens) == 3 and tokens[0].type == "ident" and tokens[1].type == "literal" and tokens[1].value == "="
                and tokens[2].type in ("ident", "string")):
            yield tokens[0].value, tokens[2].value


def names_in(tokens: Iterable[Node]) -> frozenset[str]:
    """Every identifier in some declarations, inside functions and blocks too (the animation names among them)."""
    names: set[str] = set()
    for token in tokens:
        if token.type == "ident":
            names.add(token.value)
        elif token.type in ("function", "() block", "[] block", "{} block"):
            names |= names_in(token.arguments if token.type == "function" else token.content)
    return frozenset(names)


def style_rules(pieces: Iterable[Piece]) -> Iterator[StyleRule]:
    """The style rules among some pieces, inside groups too."""
    for piece in pieces:
        if isinstance(piece, StyleRule):
            yield piece
        elif isinstance(piece, Group):
            yield from style_rules(piece.pieces)


def written(pieces: Iterable[Piece], animations: Callable[[str], bool], unread: Callable[[str], bool]
            ) -> Iterator[str]:
    """The CSS text of the pieces: unnamed keyframes, custom properties nothing reads and groups left empty are
    not written."""
    for piece in pieces:
        if isinstance(piece, StyleRule):
            yield piece.without(unread)
        elif isinstance(piece, Keyframes):
            if animations(piece.name):
                yield piece.text
        elif isinstance(piece, Group):
            inner = "".join(written(piece.pieces, animations, unread))
            if inner:
                yield piece.head + "{" + inner + "}"
        else:
            yield piece


@dataclass(frozen=True)
class UsedClasses:
    """The classes a site may use, told apart by the theme's optional parts: a class of a part (the part's name,
    or that name followed by `-` or `_` and more: `md-tag`, `md-tag--python`, `md-tag-icon`) is used only if the
    site shows that part; every other class counts as used."""

    parts: tuple[str, ...]
    shown: frozenset[str]

    def part_of(self, name: str) -> str | None:
        """The optional part a class belongs to, if any."""
        return next((part for part in self.parts
                     if name == part or (name.startswith(part) and name[len(part)] in "-_")), None)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        part = self.part_of(name)
        return part is None or part in self.shown


def page_classes(page_html: str) -> set[str]:
    """Every class named in a class attribute of a page (an attribute-like text in a code sample counts too,
    which can only keep a rule, never drop one)."""
    values = set(RE_CLASS_ATTRIBUTE.findall(page_html))  # (double, single, bare), one filled: each distinct once
    return {name for value in values for name in "".join(value).split()}


def attribute_values(page_html: str, names: tuple[str, ...]) -> dict[str, set[str]]:
    """The values a page gives to the attributes `names`, by attribute."""
    values: dict[str, set[str]] = {name: set() for name in names}
    for match in attribute_pattern(names).finditer(page_html):
        values[match["name"]].add(html.unescape(attribute_value(match)))
    return values


@functools.cache
def attribute_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern that finds the attributes `names` with their values. It starts with the names themselves, whose
    common beginning (`data-md-color-`) the regular expression engine then looks for first: six times faster than
    with a space before them (`other-data-md-color-primary=` matches too, which can only keep a rule)."""
    return re.compile(r"(?P<name>" + "|".join(map(re.escape, names)) + r")\s*=\s*" + VALUE)


def attribute_value(match: re.Match[str]) -> str:
    """An attribute's value as attribute_pattern() found it, in whichever quotes it had."""
    return match["double"] if match["double"] is not None else match["single"] or match["bare"] or ""
