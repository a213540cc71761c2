"""One claim, every statement: a sentence restating a claim checked elsewhere on its page carries the check too.

A check guards the sentence it follows. The same claim written again a paragraph later ("*bus* scores highest")
would stay unguarded, so the build reads the page for it: a sentence that names, in italics, every label a checked
claim states (`largest=bus` states *bus*) and uses a word that claim is said with (its record's `said` in
`claims.CLAIMS`: "highest", "largest", "most" for `largest=`), but carries no check or word of that claim of its
own, stops the build at its line, naming the line of the check it restates. Questions pass, and so do sentences
marked `<!-- no-inputs -->`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from .claims import CLAIMS
from .errors import DirectiveError
from .labels import page_directives
from .prose_lint import FREE, RE_COMMENT, RE_HIDDEN, RE_ITALIC, Sentence, sentences

NOT_LABELS = ("none", "all")


@dataclass(frozen=True)
class Stated:
    """One checked claim of a page: the sentence that checks it, its key, the labels it states and its directive."""

    sentence: Sentence
    line: int
    key: str
    labels: frozenset[str]
    source: str


def restated_claims(markdown: str, page: str = "<page>", line_offset: int = 0) -> list[DirectiveError]:
    """Every sentence of `markdown` restating a claim checked in another sentence of it, without its own check."""
    if "attn:check" not in markdown:
        return []
    every = list(sentences(markdown))
    stated = [claim for sentence in every for claim in claims_of(sentence)]
    errors = []
    for sentence in every:
        claim = restating(sentence, stated)
        if claim is not None:
            errors.append(DirectiveError(restated_message(sentence, claim, line_offset), page=page,
                                         line=line_offset + sentence.line))
    return errors


def claims_of(sentence: Sentence) -> Iterator[Stated]:
    """The checked claims of one sentence that name labels and have words prose states them with."""
    for number, line in enumerate(sentence.text.split("\n"), start=sentence.line):
        for directive in page_directives(line):
            for key, value in directive.options.items() if directive.kind == "check" else ():
                labels = frozenset(label.replace("-", " ").lower() for label in value.split(",")) - set(NOT_LABELS)
                if key in CLAIMS and CLAIMS[key].said and labels:
                    yield Stated(sentence, number, key, labels, directive.source)


def restating(sentence: Sentence, stated: list[Stated]) -> Stated | None:
    """The first claim checked in another sentence that this one restates without binding it, or None."""
    if FREE in sentence.text or sentence.text.rstrip("*_ ").endswith("?"):
        return None
    prose = RE_HIDDEN.sub(" ", RE_COMMENT.sub(" ", sentence.text))
    named = {italic.lower() for italic in RE_ITALIC.findall(prose)}
    bound = {key for directive in page_directives(sentence.text)
             for key in (*directive.options, directive.options.get("pick", ""))}
    for claim in stated:
        if (claim.sentence is not sentence and claim.labels <= named and claim.key not in bound
                and re.search(rf"\b(?:{CLAIMS[claim.key].said})\b", prose.replace("*", ""), re.IGNORECASE)):
            return claim
    return None


def restated_message(sentence: Sentence, claim: Stated, line_offset: int = 0) -> str:
    """The message for a sentence that restates a claim checked elsewhere on its page."""
    shown = sentence.text if len(sentence.text) <= 90 else sentence.text[:87] + "…"
    return (f"the sentence '{shown}' restates the claim checked at line {line_offset + claim.line} "
            f"({claim.key}= in "
            f"{claim.source}) but carries no check of its own, so a change of the inputs would leave it stale; "
            f"put the check right after it too (or compute the word), or mark it {FREE} if it holds whatever the "
            "inputs are")
