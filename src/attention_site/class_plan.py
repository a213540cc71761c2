"""The 45-minute class on the lesson, as one record: the teacher's page shows it as the plan and the questions to
ask, and the lesson carries each part's speaker notes, which the class slide set (slides.js, `?set=class`) shows.

A part names the lesson's sections it covers, by their heading's anchor ("" is the lesson's title and
introduction, the first slide). Its texts are Markdown without links (they are shown on both pages) and may name
the lesson's words as `{focus}` (the token whose new vector the lesson works out) and `{largest}` (the token it
gives the largest weight), which the entry fills in from the example.
"""

from __future__ import annotations

from dataclasses import dataclass

LESSON, TEACHERS = "lesson/index.md", "teachers/index.md"
CLASS_MINUTES = 45


@dataclass(frozen=True)
class Section:
    """A section of a page: its heading's anchor and the short title the plan gives it."""

    anchor: str
    title: str
    page: str = LESSON


@dataclass(frozen=True)
class ClassPart:
    """One row of the plan: how long it takes, the sections it covers, what the class does, what to ask."""

    key: str
    minutes: int
    sections: tuple[Section, ...]
    does: str
    ask: str
    listen_for: str


TITLE = Section("", "")  # the lesson's first slide: its title and introduction, not a row of the plan's table
PLAN = (
    ClassPart("question", 4, (TITLE, Section("which-earlier-words-matter-for-this-one",
                                             "Which earlier words matter for this one?")),
              "Ask the room which word *{focus}* is about in \u201cthe bus is late\u201d. Everybody knows; the class "
              "is about how numbers find it out.",
              "\u201cIn *the bus is late*, what is late?\u201d",
              "the bus, not *is*: the class is about how numbers find that out"),
    ClassPart("words", 5, (Section("key-words", "Key words"),
                           Section("every-token-has-a-query-a-key-and-a-value",
                                   "every token has a query, a key and a value")),
              "Read the six words together. A query is a question, a key is a label on a drawer, a value is what is "
              "in the drawer.",
              "\u201cWhich of the three vectors is the question, and which is the answer to it?\u201d",
              "the query asks; keys are matched against it; values are what gets passed on"),
    ClassPart("step-1", 7, (Section("step-1-score-the-query-of-late-against-each-key", "Step 1: score the query"),),
              "Students fill in the score column of the handout alone, then compare with a neighbour.",
              "\u201cWhich key lines up best with the query of *{focus}*?\u201d",
              "the one with the largest score; a dot product is large when the entries agree"),
    ClassPart("step-2", 10, (Section("step-2-from-scores-to-weights-with-softmax", "Step 2: softmax"),),
              "Show the $e^x$ key first (the teacher's page says where it is). Students fill in $e^s$, the total and "
              "the weights, and check that the weights add up to 1.",
              "\u201cWhy take $e^s$ instead of the scores themselves?\u201d",
              "every power is positive, and a larger score pulls further ahead"),
    ClassPart("step-3", 8, (Section("step-3-mix-the-values", "Step 3: mix the values"),),
              "Students multiply and add. Tell them to keep every digit until the end, and accept an answer one off "
              "in the last place.",
              "\u201cBefore you add anything up: which value will the new vector look most like?\u201d",
              "the value with the largest weight"),
    ClassPart("mistake", 4, (Section("a-common-mistake", "A common mistake"),),
              "Ask the question below and answer it with the numbers of the first mistake to expect (attention "
              "picks one word).",
              "\u201cSo did *{focus}* choose *{largest}*?\u201d",
              "no: every value counts, in its share"),
    ClassPart("exercise", 4, (Section("exercises", "Exercise 1"),),
              "In pairs: the same keys with another query. Exercises 2 to 6 are for later.",
              "\u201cWhich key wins now, with the same keys?\u201d",
              "a different query asks a different question, so the same keys share out the weight differently"),
    ClassPart("exit", 3, (Section("what-the-new-vector-is-for", "What the new vector is for"),
                          Section("exit-ticket", "the exit ticket", TEACHERS)),
              "Read the last slide together, then hand out two or three questions of the exit ticket, answered on a "
              "slip of paper as they leave.",
              "\u201cWhat happens to the new vector next?\u201d",
              "the next layer takes it; at the end it helps choose the next word"),
)
PARTS = {part.key: part for part in PLAN}


def starts() -> dict[str, int]:
    """The minute of the class at which each part begins."""
    result, minute = {}, 0
    for part in PLAN:
        result[part.key] = minute
        minute += part.minutes
    return result


def link(section: Section, page: str) -> str:
    """A Markdown link to `section` from `page` (both paths under docs/)."""
    if section.page == page:
        return f"[{section.title}](#{section.anchor})"
    return f"[{section.title}](../{section.page}#{section.anchor})"


def titled(part: ClassPart, page: str, linked: bool = True) -> str:
    """The sections a part covers, as the plan names them ("Key words and every token has ...")."""
    shown = [link(s, page) if linked else f"*{s.title}*" for s in part.sections if s.title]
    return ", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]


def filled(text: str, words: dict[str, str]) -> str:
    """A part's text with the example's words put in."""
    return text.format(**words)


def plan_table(words: dict[str, str]) -> str:
    """The teacher's page's 45-minute plan: minutes, the parts of the lesson (linked), what the class does."""
    rows = ["| minutes | part of the lesson | what the class does |", "|---:|:---|:---|"]
    rows += [f"| {part.minutes} | {titled(part, TEACHERS)} | {filled(part.does, words)} |" for part in PLAN]
    return "\n".join(rows)


def questions_table(words: dict[str, str]) -> str:
    """The teacher's page's questions for the room, part by part."""
    rows = ["| part | ask the room | listen for |", "|:---|:---|:---|"]
    for part in PLAN:
        rows.append(f"| {titled(part, TEACHERS, linked=False)} | {filled(part.ask, words)} | "
                    f"{filled(part.listen_for, words)} |")
    return "\n".join(rows)


def speaker_notes(key: str, words: dict[str, str]) -> str:
    """One part's notes on the lesson, hidden until a presenter shows them in slide mode (`t`)."""
    part, start = PARTS[key], starts()[key]
    return (f'<div class="speaker-notes" hidden markdown>\n\n'
            f"**Minute {start} of {CLASS_MINUTES}, for {part.minutes} minutes:** {titled(part, LESSON)}.\n\n"
            f"{filled(part.does, words)}\n\n"
            f"**Ask:** {filled(part.ask, words)} **Listen for:** {filled(part.listen_for, words)}.\n\n</div>")
