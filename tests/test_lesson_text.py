"""The lesson as a beginner meets it: key words that give no answer away, words defined where they first appear,
optional parts marked, and a core that ends on what the new vector is for."""

from __future__ import annotations

import re
from pathlib import Path

LESSON = Path(__file__).resolve().parent.parent / "docs" / "lesson" / "index.md"
RE_DIRECTIVE = re.compile(r"<!-- attn:(?:value|tex|word) bus-is-late ([\w-]+)((?: [\w=,-]+)*) -->")
INPUTS = {"query", "queries", "keys", "values"}  # what the student is given, not asked for


def section(text: str, title: str) -> str:
    """The lesson's section under the heading `## title`, up to the next heading of that level."""
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def queries_asked(text: str) -> set[str]:
    """The queries whose results a student works out: late's (no query= option) and each exercise's."""
    return {"late"} | set(re.findall(r"query=([\w,-]+)", section(text, "Exercises")))


def test_the_key_words_show_no_result_the_steps_or_exercises_ask_for() -> None:
    """Assert every computed example in the key-words table is an input, or belongs to a query that no step and no
    exercise asks about (the table once showed late's scores and weights, Step 1's and Step 2's answers)."""
    text = LESSON.read_text("utf-8")
    asked = queries_asked(text)
    shown = [(name, re.search(r"query=([\w,-]+)", options)) for name, options in
             RE_DIRECTIVE.findall(section(text, "Key words"))]
    results = [(name, match[1] if match else "late") for name, match in shown if name not in INPUTS]
    assert len(results) >= 3, shown
    assert [(name, query) for name, query in results if query in asked] == []


GLOSSARY = ("neural network", "transformer", "model", "training", "layer", "head", "representation")
RE_DIRECTIVE_ANY = re.compile(r"<!--.*?-->|\[[^\]]*\]\([^)]*\)|^\*\[.*$", re.MULTILINE)


def prose(text: str) -> str:
    """The lesson without its directives, link targets and abbreviation definitions (they may name a word first)."""
    return RE_DIRECTIVE_ANY.sub("", text)


def test_every_word_of_the_glossary_is_defined_where_it_first_appears_and_listed() -> None:
    """Assert each of transformer, model, training, layer, head, representation and neural network is set in italics
    (the lesson's mark for a word defined there) where the lesson first uses it, and has a row in its glossary."""
    text = prose(LESSON.read_text("utf-8"))
    glossary = section(LESSON.read_text("utf-8"), "Words used in this lesson")
    for word in GLOSSARY:
        first = re.search(rf"(?<![\w-])\*?{word}s?\*?(?![\w-])", text, re.IGNORECASE)
        assert first, word
        assert first[0].startswith("*") and first[0].endswith("*"), (word, text[first.start() - 80 : first.end()])
        assert f"| **{word}** |" in glossary, word


def test_the_optional_parts_say_so_and_the_core_ends_on_what_the_new_vector_is_for() -> None:
    """Assert the parts a class can skip open with "Optional", and the last section before them says what the new
    vector is for."""
    text = LESSON.read_text("utf-8")
    for title in ("All three tokens at once", "The code"):
        assert section(text, title).split("\n\n")[1].startswith("**Optional.**"), title
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    core = headings[: headings.index("All three tokens at once")]
    assert core[-2:] == ["What the new vector is for", "Words used in this lesson"]


def test_each_entry_of_a_key_is_named_explained_and_pinned_to_its_column() -> None:
    """Assert each name the example gives an entry of a key (time, link) is set in bold where the lesson explains
    it and pinned by a check of its column (a renamed entry stops the build there), and that the sentence saying why
    late's query matches bus's key checks both the query's entries and the largest score."""
    from attention_core.examples.bus_is_late import BUS_IS_LATE

    part = section(LESSON.read_text("utf-8"), "Every token has a query, a key and a value")
    for name in BUS_IS_LATE.features:
        assert f"**{name}**" in part and f"key-features col={name} " in part, name
    why = part[part.index("A query uses the same") :]
    for check in ("query col=q1 words=one", "query col=q2 words=zero", "scores row=late largest=bus"):
        assert f"<!-- attn:check bus-is-late {check} -->" in why, check


def test_the_optional_step_with_the_mask_and_the_root_is_collapsed_and_checked() -> None:
    """Assert the step with the causal mask and √d_k is a collapsed box titled and opened as optional, that it
    shows late's divided softmax, its output and the mask's row of bus, and that its word "flatter" is checked."""
    text = LESSON.read_text("utf-8")
    start = text.index('??? example "Optional: the same three steps with the mask')
    box = text[start : text.index("\n## ", start)]
    assert box.split("\n")[1].strip().startswith("**Optional.**")
    for directive in ("table bus-is-late masked-scaled-softmax", "value bus-is-late masked-scaled-output",
                      "value bus-is-late masked-scaled-weights row=bus",
                      "check bus-is-late scaling-compare col=bus greater=unscaled,scaled"):
        assert f"<!-- attn:{directive} -->" in box, directive
    flatter = box[box.index("The weights are flatter") :].split("\n\n")[0]
    assert "greater=scaled,unscaled" in flatter


def test_the_exercises_ask_to_design_a_query_and_to_weigh_a_negative_score() -> None:
    """Assert one exercise asks for a query that makes a given token win, its worked answer checked to win, and
    one gives a query whose scores are negative, its answer checking the signs of a score and of its weight."""
    exercises = section(LESSON.read_text("utf-8"), "Exercises")
    design = exercises[exercises.index("**Design a query.**") : exercises.index("**A negative score.**")]
    worked = re.search(r"attn:table bus-is-late scoring query=([\d,-]+) ", design)
    assert worked, design
    assert re.search(rf"attn:check bus-is-late weights query={worked[1]} largest=\w+ ", design)
    negative = exercises[exercises.index("**A negative score.**") :]
    assert "sign=negative -->" in negative and "sign=positive -->" in negative
