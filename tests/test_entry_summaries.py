"""Entry summaries and pictures that follow their example's data (#31 items 5 and 6).

The reference pages print each entry's summary; a summary that types an input's value ("d_k = 4", "(4 entries)",
"position 2", "from 4 to 1024") goes stale when the input changes. So do a picture's sizes held outside the
example. Each test changes inputs in a fresh process (the engine imported anew, as the mutation test does) and
reads the summaries and figures it then makes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
READER = """
import dataclasses, json, sys
sys.path.insert(0, {tests!r})
import mutations
example, changes, wanted = json.loads(sys.argv[1])
original = mutations.EXAMPLES[example]
changed = dataclasses.replace(original, **{{f: mutations.as_tuples(v) for f, v in changes.items()}})
engine = mutations.fresh_engine({{mutations.constant_of(original): changed}})
from attention_site.directives.registry import load_entries
entries = load_entries()
print(json.dumps({{f"{{e}} {{n}}": (entries[e, n].summary, getattr(entries[e, n].make({{}}), "svg", ""))
                  for e, n in wanted}}))
"""


def summaries(example: str, changes: dict[str, object], *names: str) -> dict[str, tuple[str, str]]:
    """(summary, picture) of the entries `names` of `example` once its inputs are `changes`."""
    script = READER.format(tests=str(TESTS))
    wanted = [(example, name) for name in names]
    done = subprocess.run([sys.executable, "-c", script, json.dumps([example, changes, wanted])],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return {key.split(" ", 1)[1]: tuple(value) for key, value in json.loads(done.stdout).items()}


def test_the_heat_map_s_size_is_the_example_s() -> None:
    """Assert the positions example's heat-map size is its data: 16 by 8 draws and says 16 and 8."""
    (summary, svg), = summaries("positions", {"heatmap_positions": 16, "heatmap_width": 8},
                                "sinusoidal-heatmap").values()
    assert summary == "The sinusoidal table for 16 positions and 8 dimensions as a heat map."
    assert "16 positions by 8 dimensions" in svg


def test_the_growth_chart_s_lengths_are_the_example_s() -> None:
    """Assert the cost example's chart lengths are its data: 2 to 32 draws those and says so."""
    (summary, svg), = summaries("cost", {"chart_lengths": [2, 4, 8, 16, 32]}, "growth-chart").values()
    assert summary == "Score entries n² against n from 2 to 32, on logarithmic axes."
    assert "n = 32: 1,024 entries." in svg and "n = 1024" not in svg


@pytest.mark.parametrize(("example", "changes", "name", "said"), [
    ("scaling", {"query_text": ["1", "1", "1"], "keys_text": [["1", "0", "1"], ["0", "1", "1"]]}, "query",
     "(d_k = 3)"),
    ("positions", {"embeddings_text": [["1", "0", "1"], ["0", "1", "0"], ["1", "1", "0"]],
                   "W_q_text": [["0", "1"], ["1", "0"], ["0", "1"]], "W_k_text": [["1", "0"], ["0", "1"], ["1", "0"]],
                   "W_v_text": [["0", "0"], ["1", "1"], ["0", "1"]]}, "embeddings", "(d_model = 3)"),
    ("red-ball-layer", {"b_1_text": ["0", "0", "0", "0", "0"],
                        "W_1_text": [["1", "0", "0", "0", "0"]] * 3, "W_2_text": [["1", "0", "0"]] * 5},
     "b-1", "(5 entries)"),
    ("exercises", {"query_position": 3}, "causal-columns", "the query at position 3 may use"),
    ("red-ball-rolls", {"calculator_places": 2}, "calculator-places", "(ln 2 as 0.69)"),
    ("red-ball-rolls", {"W_k_text": [["0"], ["ln 3"], ["0"]]}, "w-k", "(ln 3, not 1.099)"),
], ids=["scaling d_k", "positions d_model", "layer b_1", "exercises position", "calculator places", "W_K entry"])
def test_a_summary_states_the_input_the_data_has(example: str, changes: dict[str, object], name: str,
                                                 said: str) -> None:
    """Assert each summary that states an input's value states the changed value."""
    (summary, _), = summaries(example, changes, name).values()
    assert said in summary


def test_the_first_head_s_summaries_follow_its_data() -> None:
    """Assert red ball rolls' summaries of its keys, the focus's scores and the padded sentence follow a changed
    W_K entry, focus and padding."""
    found = summaries("red-ball-rolls", {"W_k_text": [["0"], ["ln 3"], ["0"]], "focus": "ball",
                                         "padding_real": [True, False, False]},
                      "keys", "rolls-scores", "ball-key-decimal", "padding-mask")
    assert "ln 3 stays ln 3" in found["keys"][0]
    assert found["rolls-scores"][0].startswith("The query of ball against each key")
    assert found["ball-key-decimal"][0] == "The key of ball (the second token) as a decimal."
    assert "(red, [pad], [pad])" in found["padding-mask"][0]


def test_summaries_name_the_focus_the_data_has() -> None:
    """Assert the summaries of the focus's tables name the example's focus, not a typed 'rolls'."""
    found = summaries("red-ball-rolls", {"focus": "ball"}, "weighted-sum", "rolls-by-source", "rolls-u-terms",
                      "calculator")
    assert all("rolls" not in summary and "ball" in summary for summary, _ in found.values()), found


def test_exercise_two_names_the_last_token_the_data_has() -> None:
    """Assert exercise 2's summaries name the last token (whose query the exercise scores), renamed with it."""
    found = summaries("exercises", {"tokens": ["red", "ball", "glides"]}, "scores", "softmax")
    assert all("row of glides" in summary for summary, _ in found.values()), found
