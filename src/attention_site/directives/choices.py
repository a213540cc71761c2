"""Multiple-choice questions: a stem, three or four options, one of them right, and feedback on every option.

A page writes one as an open admonition of the class `choice`, its options as closed details blocks inside it, each
with its feedback as its body (Markdown as everywhere, so numbers and words in it are directives):

    !!! question choice "In head 1, which key does the query of *rolls* weight most?"

        ??? option "*rolls* itself"

            Feedback that says what this misconception gets wrong.

        ??? option right "*ball*"

            Feedback that says why it is right.

Without JavaScript each option opens on its own feedback; exercises.js turns the options into a radio group that
shows the feedback of the option chosen. Either way the verdict, 'Right.' or 'Not this one.', heads the feedback's
first sentence, so the feedback begins with one. A question that is not one of these shapes (no right option, two,
an option without feedback, an option outside a question, one that starts open, feedback that begins with a table)
stops the build at its line here, before Markdown runs, so a malformed question never reaches a page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import DirectiveError, did_you_mean, quoted
from .syntax import outside_code

CHOICE, OPTION, RIGHT = "choice", "option", "right"
FEWEST, MOST = 3, 4
SHAPE = ('!!! question choice "STEM", then 3 or 4 options indented under it, each \'??? option "TEXT"\' '
         '(one of them \'??? option right "TEXT"\') with its feedback indented under it')
RE_BLOCK = re.compile(r'^(?P<indent> *)(?P<marker>!!!|\?\?\?\+?)(?P<rest>[ \t].*|)$')
RE_NOT_PROSE = re.compile(r"^\s*(?:<!-- attn:(?:table|figure|block) |\$\$|\||```|~~~|[-*+] |\d+\. |!!!|\?\?\?)")
RE_HEAD = re.compile(r'^\s*(?P<classes>[\w-]+(?:[ \t]+[\w-]+)*)?\s*(?:"(?P<title>.*)")?\s*$')


@dataclass
class Block:
    """An admonition or details block: where it starts, how it is written and the lines of its body."""

    line: int  # 1-based
    indent: int
    marker: str
    classes: list[str]
    title: str
    body: list[int] = field(default_factory=list)  # 0-based indexes of its non-blank lines

    @property
    def is_choice(self) -> bool:
        return CHOICE in self.classes

    @property
    def is_option(self) -> bool:
        return OPTION in self.classes


def check_choices(markdown: str, page: str = "<page>", line_offset: int = 0) -> list[DirectiveError]:
    """Every malformed multiple-choice question of a page, each as `page:line: what is wrong; what is accepted`."""
    if OPTION not in markdown and CHOICE not in markdown:  # most pages: nothing to read
        return []
    lines = markdown.split("\n")
    blocks = blocks_of(lines)
    problems = [problem for block in blocks for problem in block_problems(block, blocks, lines)]
    return [DirectiveError(message, page=page, line=line_offset + line) for line, message in problems]


def blocks_of(lines: list[str]) -> list[Block]:
    """The admonition and details blocks outside code, each with the non-blank lines of its body."""
    outside = dict(outside_code(lines))
    blocks = []
    for index, line in outside.items():
        match = RE_BLOCK.match(line)
        head = RE_HEAD.match(match["rest"]) if match else None
        if match is None or head is None:
            continue
        classes = (head["classes"] or "").split()
        block = Block(index + 1, len(match["indent"]), match["marker"], classes, (head["title"] or "").strip())
        block.body = body_of(lines, index, block.indent)
        blocks.append(block)
    return blocks


def body_of(lines: list[str], start: int, indent: int) -> list[int]:
    """The non-blank lines under the block that starts at `start`: those indented deeper than it, up to the first
    line that is not."""
    body = []
    for index in range(start + 1, len(lines)):
        text = lines[index]
        if not text.strip():
            continue
        if len(text) - len(text.lstrip(" ")) <= indent:
            break
        body.append(index)
    return body


def block_problems(block: Block, blocks: list[Block], lines: list[str]) -> list[tuple[int, str]]:
    """What is wrong with one block, if it is a question or an option: (line, message) pairs."""
    if block.is_option:
        return option_problems(block, blocks, lines)
    if block.is_choice:
        return choice_problems(block, blocks)
    return []


def options_of(choice: Block, blocks: list[Block]) -> list[Block]:
    """The options standing directly in a question: blocks of its body one level (4 spaces) in."""
    inside = set(choice.body)
    return [block for block in blocks
            if block.is_option and block.line - 1 in inside and block.indent == choice.indent + 4]


def parent_of(option: Block, blocks: list[Block]) -> Block | None:
    """The question an option stands in, or None."""
    return next((block for block in blocks if block.is_choice and option in options_of(block, blocks)), None)


def choice_problems(choice: Block, blocks: list[Block]) -> list[tuple[int, str]]:
    """A question that starts closed, has no stem, too few or too many options, or not exactly one right."""
    problems = []
    if choice.marker != "!!!":
        problems.append((choice.line, f"a multiple-choice question stands open, its options in view: write "
                                      f"'!!! {' '.join(choice.classes)} \"...\"', not '{choice.marker}'; {SHAPE}"))
    if not choice.title:
        problems.append((choice.line, f"a multiple-choice question needs its stem as its title, in quotes; {SHAPE}"))
    options = options_of(choice, blocks)
    right = [option for option in options if RIGHT in option.classes]
    if not FEWEST <= len(options) <= MOST:
        problems.append((choice.line, f"a multiple-choice question has {FEWEST} or {MOST} options; this one has "
                                      f"{len(options)}; {SHAPE}"))
    if not right:
        problems.append((choice.line, "no option of this multiple-choice question is marked right: write "
                                      f"'??? option right \"...\"' for the one right answer; {SHAPE}"))
    elif len(right) > 1:
        places = ", ".join(str(option.line) for option in right)
        problems.append((choice.line, f"{len(right)} options of this multiple-choice question are marked right "
                                      f"(lines {places}); exactly one is right, the others are misconceptions; "
                                      f"{SHAPE}"))
    return problems


def option_problems(option: Block, blocks: list[Block], lines: list[str]) -> list[tuple[int, str]]:
    """An option outside a question, open, with other classes, without text or without feedback."""
    problems = []
    if parent_of(option, blocks) is None:
        problems.append((option.line, "an option stands only directly inside a multiple-choice question, indented 4 "
                                      f"spaces under it; {SHAPE}"))
    if option.marker != "???":
        problems.append((option.line, f"an option starts closed, so its feedback is read only once chosen: write "
                                      f"'??? {' '.join(option.classes)} \"...\"', not '{option.marker}'"))
    others = [name for name in option.classes if name not in (OPTION, RIGHT)]
    if others:
        problems.append((option.line, f"an option is written '??? option \"TEXT\"' or '??? option right \"TEXT\"'; "
                                      f"'{quoted(others[0], 30)}' is not accepted: "
                                      f"{did_you_mean(others[0], (OPTION, RIGHT))}"))
    elif option.classes[0] != OPTION:
        problems.append((option.line, "an option is written '??? option right \"TEXT\"', 'option' first, so that "
                                      "it looks like every other option"))
    if not option.title:
        problems.append((option.line, "an option needs its text as its title, in quotes: '??? option \"TEXT\"'"))
    what = f"the option '{quoted(option.title, 40)}'" if option.title else "this option"
    if not option.body:
        problems.append((option.line, f"{what} has no feedback: indent under it, 4 spaces in, why it is right or "
                                      "what the misconception it stands for gets wrong"))
    elif RE_NOT_PROSE.match(lines[option.body[0]]):
        problems.append((option.body[0] + 1, f"the feedback of {what} begins with a sentence, which the verdict "
                                             "('Right.' or 'Not this one.') heads; put a table, a formula, a "
                                             "figure or code after it"))
    return problems
