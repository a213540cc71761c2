"""One claim, every statement: a sentence restating a claim checked elsewhere on its page carries the check too.

A check guards the sentence it follows. The same claim written again a paragraph later ("*bus* scores highest",
"the spread stays close to 1") would stay unguarded, so the build reads the page for it. Each claim's record in
`claims.CLAIMS` says how a restatement of it reads: its `subject` (what the sentence names) and its `said` (the
words it states the claim with, where `{value}` stands for the claim's value as prose writes it and `{times}` for
it as a ratio: 2 is "twice"). The subjects:

- `labels`: every label the claim states, in italics (`largest=bus` states *bus*);
- `entry`: the entry checked, by its name ("spread" for `head-width spreads`, "fill" for `finite-fill`);
- `inputs`: the inputs the claim names (`published=base`: "the base"), or the entry for `all`.

A sentence naming the subject with a said word, but carrying no check of that claim of its own, stops the build at
its line, naming the line of the check it restates. Figure captions are statements too: a caption the page writes
(`<figcaption>`) is read as prose, and the caption an entry generates is read at the figure's line, bound by a check
on the line right under the figure. Questions pass, and so do sentences marked `<!-- no-inputs -->`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from .claims import CLAIMS
from .errors import DirectiveError
from .labels import page_directives
from .prose_lint import FREE, RE_COMMENT, RE_HIDDEN, RE_ITALIC, Sentence, sentences
from .syntax import Directive, Found, directives_in_line, outside_code

NOT_LABELS = ("none", "all")
NOT_SUBJECTS = frozenset({"all", "minus", "left", "right", "raw"})  # parts of entry names that name nothing alone
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")
GLYPHS = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾", Fraction(1, 3): "⅓"}
TIMES = {Fraction(2): r"twice|double\w*", Fraction(1, 2): r"half|halve\w*", Fraction(3): "thrice|triple\\w*",
         Fraction(4): r"quadruple\w*"}


@dataclass(frozen=True)
class Stated:
    """One checked claim of a page: the sentence that checks it, its key, what a restatement names and says, and
    its directive."""

    sentence: Sentence
    line: int
    key: str
    labels: frozenset[str]
    source: str
    subject: re.Pattern[str] | None = None
    said: re.Pattern[str] | None = None


def restated_claims(markdown: str, page: str = "<page>", line_offset: int = 0) -> list[DirectiveError]:
    """Every sentence of `markdown` (and caption of its figures) restating a claim checked in another sentence of
    it, without its own check."""
    if "attn:check" not in markdown:
        return []
    every = list(sentences(markdown))
    stated = [claim for sentence in every for claim in claims_of(sentence)]
    if not stated:
        return []
    readings = [(sentence, bound_keys(sentence.text), False) for sentence in every] + list(captions(markdown))
    errors = []
    for sentence, bound, caption in readings:
        claim = restating(sentence, stated, bound)
        if claim is not None:
            errors.append(DirectiveError(restated_message(sentence, claim, line_offset, caption), page=page,
                                         line=line_offset + sentence.line))
    return errors


def claims_of(sentence: Sentence) -> Iterator[Stated]:
    """The checked claims of one sentence whose records say how prose states them."""
    for number, line in enumerate(sentence.text.split("\n"), start=sentence.line):
        for directive in page_directives(line):
            for key, value in directive.options.items() if directive.kind == "check" else ():
                claim = CLAIMS.get(key)
                if claim is None or not claim.said:
                    continue
                labels = frozenset(label.replace("-", " ").lower() for label in value.split(",")) - set(NOT_LABELS)
                if claim.subject == "labels":
                    if labels:
                        yield Stated(sentence, number, key, labels, directive.source)
                    continue
                subject = SUBJECTS[claim.subject](directive, value)
                if subject is not None:
                    yield Stated(sentence, number, key, frozenset(), directive.source, subject, said_pattern(
                        claim.said, value))


def restating(sentence: Sentence, stated: list[Stated], bound: set[str] | None = None) -> Stated | None:
    """The first claim checked in another sentence that this one restates without binding it, or None."""
    if FREE in sentence.text or sentence.text.rstrip("*_ ").endswith("?"):
        return None
    bound = bound_keys(sentence.text) if bound is None else bound
    unhidden = RE_COMMENT.sub(" ", sentence.text)
    prose = RE_HIDDEN.sub(" ", unhidden)
    plain = prose.replace("*", "")
    named = {italic.lower() for italic in RE_ITALIC.findall(prose)}
    for claim in stated:
        if claim.sentence is sentence or claim.key in bound:
            continue
        if claim.subject is None:
            said = re.search(rf"\b(?:{CLAIMS[claim.key].said})\b", plain, re.IGNORECASE)
            if claim.labels <= named and said:
                return claim
        elif claim.said is not None and claim.subject.search(unhidden) and claim.said.search(plain):
            return claim
    return None


def bound_keys(text: str) -> set[str]:
    """The claims a sentence binds itself: the keys of its directives' options and the words it computes."""
    return {key for directive in page_directives(text)
            for key in (*directive.options, directive.options.get("pick", ""))}


def captions(markdown: str) -> Iterator[tuple[Sentence, set[str], bool]]:
    """The caption each figure's entry generates, as a sentence at the figure's line, with the claims bound by the
    checks on the line right under it. A figure that does not build is left to the expansion to report."""
    from .registry import lookup, split_options

    lines = markdown.split("\n")
    for index, line in outside_code(lines):
        if "attn:figure" not in line:
            continue
        for directive in (found.directive for found in safe_directives(line, index + 1)):
            if directive.kind != "figure" or len(directive.words) != 2:
                continue
            try:
                entry = lookup("figure", *directive.words)
                caption = getattr(entry.make(split_options("figure", entry, directive.options)[0]), "caption", "")
            except (DirectiveError, ValueError, ArithmeticError):
                continue
            under = lines[index + 1] if index + 1 < len(lines) else ""
            yield Sentence(caption, index + 1), bound_keys(under), True


def safe_directives(line: str, number: int) -> list[Found]:
    """The directives of one line, or none when it holds a malformed one (the expansion reports it)."""
    try:
        return list(directives_in_line(line, number))
    except DirectiveError:
        return []


def entry_subject(directive: Directive, value: str) -> re.Pattern[str] | None:
    """The entry a claim checks, as prose names it: its whole name ("finite fill"), its last word ("fill"), or
    what a difference subtracts from ("queries" of queries-head2-minus-head1); words singular or plural."""
    if len(directive.words) != 2:
        return None
    parts = directive.words[1].lower().split("-")
    forms = [r"[\s_{}\\-]*".join(name_part(part) for part in parts)]
    ends = [parts[-1]] + ([parts[0]] if "minus" in parts else [])
    forms += [name_part(part) for part in ends if part.isalpha() and len(part) > 2 and part not in NOT_SUBJECTS]
    return re.compile(r"(?<![\w-])(?:" + "|".join(dict.fromkeys(forms)) + r")(?![\w-])", re.IGNORECASE)


def input_subject(directive: Directive, value: str) -> re.Pattern[str] | None:
    """The inputs a claim names (`published=base`: "base"; peak_tflops: "peak tflops"), or its entry for all."""
    if value == "all" or not value:
        return entry_subject(directive, value)
    forms = [r"[\s_-]*".join(map(name_part, field.lower().split("_"))) for field in value.split(",")]
    return re.compile(r"(?<![\w-])(?:" + "|".join(forms) + r")(?![\w-])", re.IGNORECASE)


def name_part(part: str) -> str:
    """One word of a name as prose writes it: plural or singular, a number apart from its letters (head 2)."""
    word = re.sub(r"(?<=[a-z])(?=\d)", " ?", re.escape(part.removesuffix("s") if len(part) > 3 else part))
    return word + ("s?" if part.isalpha() else "")


SUBJECTS = {"entry": entry_subject, "inputs": input_subject}


def said_pattern(said: str, value: str) -> re.Pattern[str]:
    """A claim's said words with its value put in: a number as digits, words or a glyph; other words as written
    with up to two words between them ("large finite negative" for large-negative)."""
    number = as_number(value)
    if number is None:
        parts = [re.escape(part) + r"\w*" for part in value.lower().split("-") if part]
        shown = r"\W+(?:\w+\W+){0,2}".join(parts) or re.escape(value)
        times = shown
    else:
        shown = "|".join(dict.fromkeys(number_forms(number, value)))
        times = "|".join([*([TIMES[number]] if number in TIMES else []), rf"(?:{shown})\s*(?:times|×)"])
    pattern = said.replace("{value}", f"(?:{shown})").replace("{times}", f"(?:{times})")
    return re.compile(rf"(?<![\w.])(?:{pattern})(?![\w/-]|\.\d)", re.IGNORECASE)


def as_number(value: str) -> Fraction | None:
    """The claim's value as an exact number, or None when it is a word."""
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        return None


def number_forms(number: Fraction, value: str) -> Iterator[str]:
    """The ways prose writes a number: as the check does, in digits, in words, as a glyph or a decimal."""
    yield re.escape(value)
    if number.denominator == 1:
        yield str(number.numerator)
        if 0 <= number.numerator < len(NUMBER_WORDS):
            yield NUMBER_WORDS[number.numerator]
    else:
        yield re.escape(f"{number.numerator}/{number.denominator}")
        yield re.escape(format(float(number), "g"))
        if number in GLYPHS:
            yield GLYPHS[number]
        if number == Fraction(1, 2):
            yield "(?:one|a) half"


def restated_message(sentence: Sentence, claim: Stated, line_offset: int = 0, caption: bool = False) -> str:
    """The message for a sentence (or a figure's generated caption) that restates a claim checked elsewhere on its
    page."""
    shown = sentence.text if len(sentence.text) <= 90 else sentence.text[:87] + "…"
    if caption:
        return (f"the caption of this figure, '{shown}', restates the claim checked at line "
                f"{line_offset + claim.line} ({claim.key}= in {claim.source}) but no check covers it; put the check "
                "on the line right under the figure too, or have the entry compute the caption's word")
    return (f"the sentence '{shown}' restates the claim checked at line {line_offset + claim.line} "
            f"({claim.key}= in "
            f"{claim.source}) but carries no check of its own, so a change of the inputs would leave it stale; "
            f"put the check right after it too (or compute the word), or mark it {FREE} if it holds whatever the "
            "inputs are")
