"""No stale number can hide: change one input of an example and every number that depends on it changes.

The input changed is the key of *ball* in red ball rolls, from ln 2 to ln 3 (`RED_BALL_W_K` in
src/attention_core/examples/base.py, shared by every example built on red ball rolls). The test knows, independently
of the code, which entries do not depend on that key; every other entry of those examples must change, and
entries of unrelated examples must not.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, project_env

# One worker runs these together under `pytest -n`, so the module's renderings are made once.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("new-ball-key")]

BUILT_ON_RED_BALL_ROLLS = (
    "red-ball-rolls", "red-ball-layer", "kv-cache", "exercises", "cross-padding", "training-step",
)
# Entries of those examples that must NOT change, and why.
INDEPENDENT_OF_THE_BALL_KEY = {
    **dict.fromkeys(
        ["red-ball-rolls " + name for name in (
            "inputs", "x", "w-q", "w-v", "queries", "values", "mask", "mask-grid", "dimensions", "shapes",
            "divisor", "padding-mask", "padding-mask-grid", "real-tokens", "calculator-places",
        )],
        "inputs, sizes and masks do not involve the keys",
    ),
    **dict.fromkeys(
        ["red-ball-rolls " + name for name in (
            "w-q2", "w-k2", "w-v2", "head2-projections", "head2-scores", "head2-weights", "head2-heatmap",
            "head2-values", "head2-weighted-sum", "head2-output", "head2-contributions", "w-o",
        )],
        "head 2 has its own key projection",
    ),
    "red-ball-rolls hard-choice": "ball still has the top score, so the hard choice is still ball's value",
    **dict.fromkeys(["red-ball-rolls queries-head2-minus-head1", "red-ball-rolls values-head2-minus-head1"],
                    "both heads' query or value projections, neither a key"),
    "red-ball-rolls w-o-heads": "which heads each column of W_O takes from: W_O alone",
    "red-ball-layer epsilon": "LayerNorm's epsilon, a constant of the layer",
    **dict.fromkeys(["cross-padding " + name for name in (
        "decoder-inputs", "decoder-queries", "w-q-decoder", "lengths", "finite-fill", "right-causal", "right-padding",
        "right-combined", "left-allowed", "left-combined", "left-empty-rows", "left-nan", "left-finite-weights",
        "left-infinite-weights", "nan-gradients",
    )], "the decoder's own inputs and queries, the masks, and left-padded rows whose queries are zero"),
    **dict.fromkeys(["training-step " + name for name in (
        "raw-jacobian", "scaled-jacobian", "largest-entries", "largest-growth", "largest-ratio", "learning-rate",
        "target", "target-distance", "saturated-scores", "saturated-weights", "dot-product-gradients",
    )], "the Jacobians come from the scaling example; the target, the step size and the saturated pair are chosen"),
    **dict.fromkeys(["kv-cache decoding-steps", "red-ball-rolls flow-diagram",
                     "red-ball-rolls heads-diagram", "red-ball-layer norms-diagram"],
                    "diagrams of shapes, which a key's value does not change"),
    **dict.fromkeys(["red-ball-rolls spreadsheet", "red-ball-layer spreadsheet", "kv-cache spreadsheet"],
                    "a link to the workbook: the file's cells change, the link does not"),
    **dict.fromkeys(["exercises causal-givens", "exercises shape-givens"], "the exercises' given sizes"),
    **dict.fromkeys(
        ["exercises " + name for name in (
            "projection-x", "projection-w-q", "projection-q", "scores-query", "scores-keys", "scores-scaled",
            "mask-givens", "mask-row", "mask-weights", "mask-softmax", "new-scores", "new-weights", "new-softmax",
            "new-values", "new-output", "new-weighted-sum",
        )],
        "the exercises that transfer pose numbers of their own, declared in the exercises example",
    ),
    **dict.fromkeys(
        ["red-ball-layer " + name for name in ("x", "w-1", "b-1", "w-2", "b-2", "w-vocab")],
        "the layer's own inputs",
    ),
    "red-ball-layer norm-1-mean": "each row of X + U is normalised; its mean does not depend on U's first head",
    "red-ball-layer y": "rounded to three places, the normalised rows come out the same",
    "red-ball-layer logits": "computed from Y, which is unchanged at the shown places",
    "red-ball-layer next-token": "the largest logit stays with the same token",
    **dict.fromkeys(
        ["exercises " + name for name in ("causal-columns", "permitted-columns", "shape", "shapes", "values")],
        "mask columns, shapes and value rows do not involve the keys",
    ),
    **dict.fromkeys(
        ["kv-cache " + name for name in ("counts", "total-with-cache", "total-without-cache", "max-difference")],
        "counts depend on n only; the cache still equals the full computation",
    ),
}
RENDER_EVERY_ENTRY = """
import json
from attention_site.directives.registry import load_entries
from attention_site.directives.entries.reference import built, live_preview
REGISTRY = load_entries()
rendered = {}
for (example, name), entry in REGISTRY.items():
    if example != "reference":
        shown = live_preview(entry) if entry.shape != "block" else str(built(entry))  # a block with its sample
        rendered[f"{example} {name}"] = shown
print(json.dumps(rendered))
"""
OLD_FIGURES = ["(1/2, 5/4)", "(1/4, 1/2, 1/4)", "(1/2, 5/4, 3/4, 3/4)"]


def render_every_entry(project: Path) -> dict[str, str]:
    """What every registered entry renders with its default options, for the project at `project`."""
    done = subprocess.run([sys.executable, "-c", RENDER_EVERY_ENTRY], capture_output=True, text=True,
                          check=True, timeout=300, env=project_env(project))
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def before_and_after(site_with_a_new_ball_key: Path) -> tuple[Path, dict[str, str], dict[str, str]]:
    """The project copy with ball's key changed, and every entry rendered before (from this checkout) and after
    the change (from the copy)."""
    return site_with_a_new_ball_key, render_every_entry(ROOT), render_every_entry(site_with_a_new_ball_key)


def test_every_dependent_entry_changes_and_nothing_else(before_and_after) -> None:
    """Assert exactly the entries built on ball's key change: all of them, and no other entry anywhere."""
    _, before, after = before_and_after
    changed = {key for key in before if before[key] != after[key]}
    related = {key for key in before if key.split()[0] in BUILT_ON_RED_BALL_ROLLS}
    assert sorted(related - set(INDEPENDENT_OF_THE_BALL_KEY) - changed) == [], "dependent entries left unchanged"
    assert sorted(changed - related) == [], "entries of unrelated examples changed"
    assert sorted(changed & set(INDEPENDENT_OF_THE_BALL_KEY)) == [], "entries listed as independent changed"


def test_no_old_number_survives_on_the_pages(before_and_after) -> None:
    """Assert the built pages that use red ball rolls no longer show numbers derived from the old key."""
    project, _, _ = before_and_after
    pages = [page for page in (project / "docs").rglob("*.md") if "attn:" in page.read_text()
             and any(f" {example} " in page.read_text() for example in BUILT_ON_RED_BALL_ROLLS)]
    assert len(pages) >= 10
    for page in pages:
        built = project / "site" / page.relative_to(project / "docs").with_suffix("") / "index.html"
        if page.name == "index.md":
            built = built.parent.parent / "index.html"
        text = " ".join(re.sub(r"<[^>]+>", " ", built.read_text()).split())
        assert [figure for figure in OLD_FIGURES if figure in text] == [], page.relative_to(project)
