"""The prose lint: sentences about an example's numbers that use input-dependent words but carry no directive.

A sentence such as "*bus* scores highest" is true only for today's inputs. The build computes such words
(`attn:word`) or checks them (`attn:check`); this lint finds the sentences where neither was written. A sentence
is flagged when it speaks of an example (it names one of the examples' tokens in italics, `*rolls*`, or holds a
computed value) and uses a word that depends on the numbers (a comparative or superlative, a size or closeness
word, a count, a sign, "unchanged", "the same", "as published") with no `attn:` directive in it. A sentence that
is true whatever the inputs ("a larger score gets a larger weight") says so with the marker `<!-- no-inputs -->`
anywhere in it. Code, math, headings and link targets are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .errors import DirectiveError
from .syntax import outside_code

FREE = "<!-- no-inputs -->"  # the marker of a sentence that holds whatever the inputs are
RE_DIRECTIVE = re.compile(r"<!--\s*attn:")
RE_COMPUTED = re.compile(r"<!--\s*attn:(?:value|tex|word|table|figure)\b")
RE_HIDDEN = re.compile(r"`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|\]\([^)]*\)|<(?!!--)[^>]*>")  # code, math, link targets, tags
RE_COMMENT = re.compile(r"<!--.*?-->")
RE_TYPED_NUMBER = re.compile(r"(?<![\w./-])-?\d+(?:\.\d+|/\d+)(?![\w/])")  # 0.665, 1/4: not 2, not 2017
RE_SENTENCE_END = re.compile(r"[.!?](?:<!--.*?-->)*\s+(?=[*_(\"'A-Z])")  # checks glued to a full stop: its sentence's
RE_ITALIC = re.compile(r"(?<![*\w])\*([^*\s][^*]*?)\*(?!\*)")
RE_BLOCK_START = re.compile(r"^\s*(?:#{1,6}\s|\|?\s*:?-{3,}|!!!|\?\?\?|===|-{3,}\s*$|<!-- attn:(?:table|figure|block))")
# Words whose truth moves with the numbers. Counts of tokens are not among them: tokens are an example's identity,
# which no input changes; "every", "only" and "all" read too often as structure ("all three values") to be useful.
WORDS = (
    "larger", "largest", "smaller", "smallest", "highest", "lowest", "higher", "lower", "greater", "greatest",
    "biggest", "bigger", "more than", "less than", "twice", "half", "halves", "quarter", "large", "small", "tiny",
    "huge", "many", "few", "slowly", "quickly", "close to", "nearly", "almost", "roughly", "negative", "positive",
    "unchanged", "the same as", "equal", "equally", "tie", "ties", "tied", "as published", "matches", "agrees",
    "wins", "dominates", "zero",
)
RE_WORDS = re.compile(r"\b(?:" + "|".join(re.escape(word) for word in WORDS) + r")\b", re.IGNORECASE)


@dataclass(frozen=True)
class Sentence:
    """One sentence of prose, as written, with the line it starts on (1-based, in the text linted)."""

    text: str
    line: int


def lint_prose(markdown: str, page: str = "<page>", line_offset: int = 0,
               tokens: Iterable[str] | None = None) -> list[DirectiveError]:
    """Every sentence of `markdown` that speaks of an example with an input-dependent word but no directive;
    `tokens` are the examples' tokens (every example's when None: attention_core is imported only if a sentence
    has an italic word to look up)."""
    candidates = [sentence for sentence in sentences(markdown) if RE_ITALIC.search(sentence.text)
                  or RE_COMPUTED.search(sentence.text)]
    if not candidates:
        return []
    try:
        known = {token.lower() for token in (example_tokens() if tokens is None else tokens)}
    except ValueError:  # an example input that does not load: the page's directives report it, at its field
        return []
    return [DirectiveError(unbound_message(sentence, word), page=page, line=line_offset + sentence.line)
            for sentence in candidates if (word := unbound_word(sentence.text, known))]


def example_tokens() -> set[str]:
    """The tokens of every worked example, as pages write them in italics."""
    from attention_core import EXAMPLES

    return {token for example in EXAMPLES.values() for token in example.tokens}


def example_tokens_by_name() -> dict[str, tuple[str, ...]]:
    """Each example's tokens, by the example's name."""
    from attention_core import EXAMPLES

    return {name: tuple(example.tokens) for name, example in EXAMPLES.items()}


def unbound_word(text: str, tokens: set[str]) -> str | None:
    """The input-dependent word of a sentence about an example that carries no claim, or None: a typed decimal or
    fraction beside a computed value or a token, or a comparative, size, sign or sameness word beside a token."""
    if FREE in text or text.rstrip("*_ ").endswith("?"):  # a question asserts nothing
        return None
    prose = RE_HIDDEN.sub(" ", RE_COMMENT.sub(" ", text))
    speaks_of_tokens = any(italic.lower() in tokens for italic in RE_ITALIC.findall(prose))
    typed = RE_TYPED_NUMBER.search(prose)
    if typed and (speaks_of_tokens or RE_COMPUTED.search(text)):
        return typed.group(0)
    if RE_DIRECTIVE.search(text) or not speaks_of_tokens:
        return None
    found = RE_WORDS.search(prose.replace("*", ""))
    return found.group(0) if found else None


def unbound_message(sentence: Sentence, word: str) -> str:
    """The lint's message for one sentence: what it found and how to satisfy it."""
    shown = sentence.text if len(sentence.text) <= 90 else sentence.text[:87] + "…"
    return (f"the sentence '{shown}' speaks of an example with '{word}', which depends on the inputs, but carries no "
            f"directive; compute the word (attn:word), check it (attn:check right after it), or mark the sentence "
            f"{FREE} if it holds whatever the inputs are")


def sentences(markdown: str) -> Iterator[Sentence]:
    """The sentences of the page's prose, outside code, each with the line it starts on."""
    for first, paragraph in paragraphs(markdown.split("\n")):
        yield from split_sentences(paragraph, first)


def paragraphs(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(first line, text) of each run of prose lines; headings, tables' rules, fences and blocks end a run."""
    run: list[tuple[int, str]] = []
    previous = -2
    for index, line in outside_code(lines):
        if index != previous + 1 or not line.strip() or RE_BLOCK_START.match(line) or line.lstrip().startswith("|"):
            yield from flushed(run)
            run = []
            if line.lstrip().startswith("|"):  # a table row is a paragraph of its own
                yield index + 1, line
                previous = index
                continue
        if line.strip() and not RE_BLOCK_START.match(line):
            run.append((index + 1, line.strip()))
        previous = index
    yield from flushed(run)


def flushed(run: list[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """A gathered run of lines as one paragraph, if any."""
    if run:
        yield run[0][0], "\n".join(text for _, text in run)


def split_sentences(paragraph: str, first: int) -> Iterator[Sentence]:
    """The sentences of one paragraph: a check glued to a sentence's full stop belongs to that sentence."""
    start = 0
    for end in [match.end() for match in RE_SENTENCE_END.finditer(paragraph)] + [len(paragraph)]:
        text = paragraph[start:end].strip()
        if text:
            yield Sentence(text, first + paragraph.count("\n", 0, start))
        start = end
