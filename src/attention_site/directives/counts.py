"""Counts typed in prose that an example's input sets: "the two bytes a weight takes", "eight heads".

An example declares what each whole-number input counts, in its range (`ranged(8, 1, 128, "heads h, ...")`: the
heads). A sentence on a page of that example that types the input's value as a count of that thing ("eight
heads", "8 heads") goes stale when the input changes, so unless it carries a directive of that example (which
computes or checks the number) the build stops at its line. Counts of anything else are the example's structure
("the three vectors every token produces") and pass; questions and sentences marked `<!-- no-inputs -->` pass.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .errors import DirectiveError
from .labels import pins
from .prose_lint import FREE, RE_COMMENT, RE_HIDDEN, sentences

NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")
RE_NOUN = re.compile(r"[a-z]{3,}s")  # the thing an input counts: the first plural word of its range's meaning


@dataclass(frozen=True)
class Counted:
    """A whole-number input of an example and the thing it counts (`heads` for alibi's heads = 8)."""

    example: str
    field: str
    value: int
    noun: str

    def typed(self, prose: str) -> str | None:
        """This count as the prose types it ("eight heads", "8 heads", "two bytes"), or None."""
        spelled = NUMBER_WORDS[self.value] if self.value < len(NUMBER_WORDS) else "\0"
        pattern = rf"\b(?:{spelled}|{self.value}|{self.value:,})\s+(?:[a-z-]+\s+){{0,2}}?{self.noun}\b"
        found = re.search(pattern, prose, re.IGNORECASE)
        return found.group(0) if found else None


def counted_inputs(examples: Mapping[str, object]) -> list[Counted]:
    """Every whole-number input of 2 or more of `examples` whose range says what it counts."""
    found = []
    for name, example in examples.items():
        for field in dataclasses.fields(example):  # type: ignore[arg-type]
            declared, value = field.metadata.get("range"), getattr(example, field.name)
            noun = next((word for word in getattr(declared, "meaning", "").split()[:3] if RE_NOUN.fullmatch(word)),
                        None)
            if noun and isinstance(value, int) and not isinstance(value, bool) and value >= 2:
                found.append(Counted(name, field.name, value, noun))
    return found


def page_counts(markdown: str, page: str = "<page>", line_offset: int = 0) -> list[DirectiveError]:
    """The lint on one page: the counted inputs of the examples its directives name, typed unbound."""
    if "attn:" not in markdown:
        return []
    from attention_core import EXAMPLES

    try:
        used = {name: EXAMPLES[name] for name in pins(markdown) if name in EXAMPLES}
    except ValueError:  # an example input that does not load: the page's directives report it, at its field
        return []
    return typed_counts(markdown, counted_inputs(used), page, line_offset)


def typed_counts(markdown: str, counted: list[Counted], page: str = "<page>",
                 line_offset: int = 0) -> list[DirectiveError]:
    """Every sentence that types an input's count of its thing without a directive of that input's example."""
    return [DirectiveError(typed_message(text, typed, count), page=page, line=line_offset + line)
            for line, text, typed, count in unbound_counts(markdown, counted)]


def unbound_counts(markdown: str, counted: list[Counted]) -> Iterator[tuple[int, str, str, Counted]]:
    """(line, sentence, what it types, the input) of each sentence typing an input's count unbound."""
    for sentence in sentences(markdown) if counted else ():
        if FREE in sentence.text or sentence.text.rstrip("*_ ").endswith("?"):
            continue
        prose = RE_HIDDEN.sub(" ", RE_COMMENT.sub(" ", sentence.text)).replace("*", "")
        for count in counted:
            typed = count.typed(prose)
            if typed and not re.search(rf"<!--\s*attn:\w+\s+{re.escape(count.example)}\s", sentence.text):
                yield sentence.line, sentence.text, typed, count
                break


def typed_message(text: str, typed: str, count: Counted) -> str:
    """The message for a sentence that types an input's count."""
    shown = text if len(text) <= 90 else text[:87] + "…"
    return (f"the sentence '{shown}' types '{typed}', which is {count.example}'s input {count.field} "
            f"({count.value} {count.noun}); compute it (attn:value or attn:word of {count.example}) or check it "
            f"(attn:check {count.example} ... words=...), or mark the sentence {FREE} if it holds whatever the "
            "inputs are")
