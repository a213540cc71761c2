"""Example inputs: every declared range is checked where the example is made, and a bad input is named by its
example's file, line and field, never by a line of the core or a page showing nonsense."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from attention_core import EXAMPLES, Example, ExampleInputError
from attention_core.examples.base import MAX_FIGURE_CELLS, Above, Range
from attention_core.examples.bus_is_late import BUS_IS_LATE
from attention_core.examples.exercises import EXERCISES
from attention_core.examples.grouped_heads import GROUPED_HEADS
from attention_core.examples.positions import POSITIONS
from attention_core.examples.red_ball_rolls import RED_BALL_ROLLS
from attention_core.examples.training_step import TRAINING_STEP
from attention_site.mkdocs_adapter.reload import place_of

ROOT = Path(__file__).resolve().parent.parent
RANGED = [(example, item.name, item.metadata["range"]) for example in EXAMPLES.values()
          for item in dataclasses.fields(example) if "range" in item.metadata]


def line_of(path: Path, text: str) -> int:
    """The 1-based line of `path` whose stripped text starts with `text`."""
    return 1 + next(i for i, line in enumerate(path.read_text().splitlines()) if line.strip().startswith(text))


def refused(example: Example, field: str, value: object) -> ExampleInputError:
    """The error making `example` with `field` set to `value` raises."""
    with pytest.raises(ExampleInputError) as caught:
        dataclasses.replace(example, **{field: value})
    return caught.value


def test_ranges_are_declared_for_the_inputs_the_issue_names() -> None:
    """Assert the query position, the calculator's places and the RNN path's length carry declared ranges."""
    names = {(example.name, field) for example, field, _ in RANGED}
    assert {("exercises", "query_position"), ("red-ball-rolls", "calculator_places"), ("rnn-path", "length")} <= names
    assert len(RANGED) >= 25


@pytest.mark.parametrize(("example", "field", "declared"), RANGED, ids=[f"{e.name} {f}" for e, f, _ in RANGED])
def test_every_declared_range_refuses_one_step_outside_it(example: Example, field: str, declared: Range) -> None:
    """Assert one below the low bound and one above the high bound are each refused, naming the field."""
    low, high = declared.limits(example)
    value = getattr(example, field)
    for outside in (int(low) - 1, int(high) + 1):
        bad = (outside,) * len(value) if isinstance(value, tuple) else outside
        error = refused(example, field, bad)
        assert error.field == field
        assert f"{type(example).__name__}.{field}: {outside} is out of range; accepted: " in str(error)


def test_query_position_zero_does_not_wrap_to_the_last_row() -> None:
    """Assert position 0 is refused (Python would read row -1, rolls) and the message says what is accepted."""
    error = refused(EXERCISES, "query_position", 0)
    assert str(error).endswith("a whole number from 1 to 3")


def test_an_input_out_of_range_is_placed_at_its_fields_line() -> None:
    """Assert the build's message names exercises.py at the line of `query_position:`, not base.py."""
    module = ROOT / "src/attention_core/examples/exercises.py"
    place = place_of(refused(EXERCISES, "query_position", 0), ROOT)
    assert place == f"src/attention_core/examples/exercises.py:{line_of(module, 'query_position:')}"


def test_an_impossible_config_is_placed_at_the_examples_line_not_the_validators() -> None:
    """Assert a published model shape the core refuses (3 K/V heads for 32 query heads) is placed at the line of the
    example's module that makes it, not at the core's check in attention_core/kv_memory.py."""
    module = ROOT / "src/attention_core/examples/kv_memory.py"
    code = compile("\n\nModelShape('m', layers=1, query_heads=32, kv_heads=3, head_dim=8, trained_context=8, "
                   "source='s')", str(module), "exec")
    from attention_core.kv_memory import ModelShape

    with pytest.raises(ValueError) as caught:
        exec(code, {"ModelShape": ModelShape})  # the module's own line 3 making the shape, as at import
    assert place_of(caught.value, ROOT) == "src/attention_core/examples/kv_memory.py:3"


@pytest.mark.parametrize(("field", "value", "says"), [
    ("focus", "runs", "'runs' is not a choice; accepted: the token whose query the pages follow: red, ball or rolls"),
    ("causal", 1, "1 is not a choice; accepted: the causal mask"),
    ("padding_real", (True, True), "3 flags"),
    ("padding_real", (False, False, False), "at least one True"),
])
def test_inputs_that_cannot_go_together_are_refused_with_their_field(field: str, value: object, says: str) -> None:
    """Assert the focus must be a token, the causal mask a flag (not 1), and the padding flags one a token with a real
    one among them."""
    error = refused(RED_BALL_ROLLS, field, value)
    assert error.field == field and says in str(error)


@pytest.mark.parametrize(("example", "field", "value", "named", "says"), [
    (POSITIONS, "clip", 2, "a_K_text", "3 rows do not fit clip = 2; accepted: 2 clip + 1 = 5 rows"),
    (TRAINING_STEP, "learning_rate_text", "-2", "learning_rate_text", "“-2” is not above 0; accepted: the learning"),
    (BUS_IS_LATE, "query_text", ("0", "1"), "query_text", "is not its row of queries_text, (1, 0)"),
    (GROUPED_HEADS, "kv_heads", (4, 3), "kv_heads", "3 does not divide 4; accepted: K/V heads of each arrangement"),
], ids=["relative tables and clip", "learning rate", "the lesson's query and Q", "K/V groups"])
def test_an_impossible_config_is_refused_once_at_a_field(example: Example, field: str, value: object, named: str,
                                                          says: str) -> None:
    """Assert inputs each in range that cannot go together are refused when the example is made, naming a field
    (not at every page line by a check of the core, as before)."""
    error = refused(example, field, value)
    assert error.field == named and says in str(error)


def test_a_bound_above_another_input_moves_with_it_and_keeps_the_heat_map_drawable() -> None:
    """Assert positions' heat map, declared to show more positions than the worked table, refuses the table's length
    and takes one more, follows a longer table, and that its ranges' ends keep it within what a figure draws."""
    heat = Range(Above("table_length"), 64, "positions")
    assert heat.refusal(6, POSITIONS) == "6 is out of range; accepted: positions: a whole number from 7 to 64"
    assert heat.refusal(7, POSITIONS) is None
    assert heat.refusal(7, dataclasses.replace(POSITIONS, table_length=8)) is not None
    error = refused(POSITIONS, "table_length", 32)  # the heat map's 32 positions are then not more than the table's
    assert error.field == "heatmap_positions" and "32 is out of range" in str(error)
    assert POSITIONS.range_of("heatmap_positions")[1] * POSITIONS.range_of("heatmap_width")[1] <= MAX_FIGURE_CELLS


@pytest.mark.parametrize(("declared", "value", "says"), [
    (Range(1, 8, "heads", divides=4), 2, None),
    (Range(1, 8, "heads", divides=4), 3, "3 does not divide 4; accepted: heads: a whole number from 1 to 8 that "
                                         "divides 4"),
    (Range(1, 8, "heads", divides=4), 9, "9 is out of range; accepted: heads: a whole number from 1 to 8 that "
                                         "divides 4"),
    (Range(1, 100_000, "batches", rising=True), (1, 16, 64), None),
    (Range(1, 100_000, "batches", rising=True), (1, 16, 16),
     "1, 16, 16 do not rise; accepted: batches: whole numbers from 1 to 100,000, each larger than the one before"),
])
def test_a_range_refuses_what_it_says_it_accepts_nothing_else(declared: Range, value: object, says: str | None) -> None:
    """Assert a range that must divide a number or rise refuses a value that does not, with the reason live.js
    writes beside a reader's field (numbers grouped by thousands, as a reader writes them), and accepts one that
    does."""
    assert declared.refusal(value, GROUPED_HEADS) == says
