"""The prose lint: sentences about an example's numbers that use input-dependent words but carry no directive.

A sentence such as "*bus* scores highest" is true only for today's inputs. The build computes such words
(`attn:word`) or checks them (`attn:check`); this lint finds the sentences where neither was written. A sentence
is flagged when it speaks of an example (it names one of the examples' tokens in italics, `*rolls*`, or holds a
computed value) and uses a word that depends on the numbers (a comparative or superlative, a size or closeness
word, a count, a sign, "unchanged", "the same", "as published") with no `attn:` directive in it. A sentence that
is true whatever the inputs ("a larger score gets a larger weight") says so with the marker `<!-- no-inputs -->`
anywhere in it. Code, math, headings and link targets are not read.

A sentence also speaks of an example when it names one of the inputs of an example its page uses ("the fill", "the
base": the example's field names, less the nouns every page uses), and then any of these words needs a directive.
The words of sameness and provenance ("unchanged", "the same as", "as published", "from the source") need one in
any sentence of a page that uses an example; closeness and ratio words ("close to", "nearly", "twice", "half") in
any sentence that sits in a paragraph holding a directive or says "here". A ratio word beside an example's numbers
("(2, 0), twice the query of *late*") is bound only by a check or a computed word, not by a shown value.
"""

from __future__ import annotations

import dataclasses
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
SAMENESS = ("unchanged", "the same as", "as published", "from the source", "its source's")  # on any page of an example
NEARNESS = ("close to", "nearly", "almost", "roughly", "twice", "half", "halves", "halved", "double", "doubled",
            "doubles")  # in a paragraph of an example's numbers, or a sentence that says "here"
RATIOS = ("twice", "half", "halves", "halved", "double", "doubled", "doubles")  # a shown value does not bind these
RE_SAMENESS, RE_NEARNESS, RE_RATIOS = (re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b", re.IGNORECASE)
                                       for words in (SAMENESS, NEARNESS, RATIOS))
RE_HERE = re.compile(r"\b(?:here|in this example|in the example)\b", re.IGNORECASE)
RE_BINDING = re.compile(r"<!--\s*attn:(?:check|word)\b")
RE_USED = re.compile(r"<!--\s*attn:[a-z]+\s+([a-z][\w-]*)")
# An input's field names the input as pages write it ("finite_fill": "finite fill", "fill"), except where the name is
# a noun every page uses for the structure itself ("keys", "heads", "models").
NOT_INPUT_WORDS = frozenset({
    "name", "title", "tokens", "illustrative", "exact", "magnitudes", "query", "queries", "key", "keys", "value",
    "values", "score", "scores", "weight", "weights", "head", "heads", "model", "models", "token", "layer",
    "layers", "feature", "features", "real", "source", "target", "norm", "block", "causal", "focus", "sequences",
    "context", "prompt", "batches", "lengths", "length", "widths", "vocabulary", "embedding", "embeddings", "seed",
    "samples", "position", "shape", "text",
})


@dataclass(frozen=True)
class Sentence:
    """One sentence of prose, as written, with the line it starts on (1-based, in the text linted)."""

    text: str
    line: int


def lint_prose(markdown: str, page: str = "<page>", line_offset: int = 0,
               tokens: Iterable[str] | None = None) -> list[DirectiveError]:
    """Every sentence of `markdown` that speaks of an example with an input-dependent word but no directive;
    `tokens` are the examples' tokens (every example's when None). attention_core is imported only when the page
    uses an example or a sentence has an italic word to look up."""
    used = set(RE_USED.findall(markdown))
    candidates = [(sentence, near) for sentence, near in sentences_in_paragraphs(markdown)
                  if used or RE_ITALIC.search(sentence.text) or RE_COMPUTED.search(sentence.text)]
    if not candidates:
        return []
    try:
        known = {token.lower() for token in (example_tokens() if tokens is None else tokens)}
        inputs = input_words(used)
    except ValueError:  # an example input that does not load: the page's directives report it, at its field
        return []
    context = Reading(known, inputs, bool(used))
    return [DirectiveError(unbound_message(sentence, word), page=page, line=line_offset + sentence.line)
            for sentence, near in candidates if (word := unbound_word(sentence.text, known, context, near))]


@dataclass(frozen=True)
class Reading:
    """What the lint knows of a page: the examples' tokens, the words naming its examples' inputs, and whether it
    uses an example at all."""

    tokens: set[str]
    inputs: re.Pattern[str] | None = None
    uses_example: bool = False


def input_words(used: set[str]) -> re.Pattern[str] | None:
    """A pattern of the words that name the inputs of the examples `used` (names the page's directives give), or
    None when they have none."""
    if not used:
        return None
    from attention_core import EXAMPLES
    from attention_core.examples.base import Example

    words: set[str] = set()
    for example in (EXAMPLES[name] for name in used if name in EXAMPLES):
        for item in dataclasses.fields(example):
            parts = item.name.removesuffix("_text").lower().split("_")
            if isinstance(getattr(example, item.name), Example) or (len(parts) > 1 and len(parts[0]) == 1):
                continue  # an example it is built on, or a matrix (W_q, X_dec) that pages write in math
            words.update(word for word in (" ".join(parts), parts[-1]) if len(word) > 1 and word not in NOT_INPUT_WORDS)
    if not words:
        return None
    return re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")\b",
                      re.IGNORECASE)


def example_tokens() -> set[str]:
    """The tokens of every worked example, as pages write them in italics."""
    from attention_core import EXAMPLES

    return {token for example in EXAMPLES.values() for token in example.tokens}


def example_tokens_by_name() -> dict[str, tuple[str, ...]]:
    """Each example's tokens, by the example's name."""
    from attention_core import EXAMPLES

    return {name: tuple(example.tokens) for name, example in EXAMPLES.items()}


def unbound_word(text: str, tokens: set[str], context: Reading | None = None, near: bool = False) -> str | None:
    """The input-dependent word of a sentence about an example that carries no claim, or None: a typed decimal or
    fraction beside a computed value or a token; a comparative, size, sign or sameness word beside a token or an
    input's name; a sameness word on a page of an example; a closeness or ratio word `near` an example's numbers
    (its paragraph holds a directive) or "here"; a ratio word beside numbers that only a check or word binds."""
    if FREE in text or text.rstrip("*_ ").endswith("?"):  # a question asserts nothing
        return None
    context = context or Reading(tokens)
    prose = RE_HIDDEN.sub(" ", RE_COMMENT.sub(" ", text))
    plain = prose.replace("*", "")
    speaks_of_tokens = any(italic.lower() in tokens for italic in RE_ITALIC.findall(prose))
    about = speaks_of_tokens or bool(context.inputs and context.inputs.search(plain))
    typed = RE_TYPED_NUMBER.search(prose)
    if typed and (speaks_of_tokens or RE_COMPUTED.search(text)):
        return typed.group(0)
    if RE_DIRECTIVE.search(text):
        ratio = RE_RATIOS.search(plain)
        bound = RE_BINDING.search(text)
        return ratio.group(0) if ratio and (about or RE_COMPUTED.search(text)) and not bound else None
    found = (RE_WORDS.search(plain) if about else None) or (
        RE_SAMENESS.search(plain) if context.uses_example else None) or (
        RE_NEARNESS.search(plain) if near or (context.uses_example and RE_HERE.search(plain)) else None)
    return found.group(0) if found else None


def unbound_message(sentence: Sentence, word: str) -> str:
    """The lint's message for one sentence: what it found and how to satisfy it."""
    shown = sentence.text if len(sentence.text) <= 90 else sentence.text[:87] + "…"
    return (f"the sentence '{shown}' speaks of an example with '{word}', which depends on the inputs, but carries no "
            f"directive; compute the word (attn:word), check it (attn:check right after it), or mark the sentence "
            f"{FREE} if it holds whatever the inputs are")


def sentences(markdown: str) -> Iterator[Sentence]:
    """The sentences of the page's prose, outside code, each with the line it starts on."""
    for sentence, _ in sentences_in_paragraphs(markdown):
        yield sentence


def sentences_in_paragraphs(markdown: str) -> Iterator[tuple[Sentence, bool]]:
    """Each sentence of the page's prose, and whether its paragraph holds a directive (it sits among an example's
    numbers)."""
    for first, paragraph in paragraphs(markdown.split("\n")):
        near = bool(RE_DIRECTIVE.search(paragraph))
        for sentence in split_sentences(paragraph, first):
            yield sentence, near


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
