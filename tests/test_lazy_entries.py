"""The engine loads only what a page asks for: importing it computes nothing, a directive loads its own example."""

from __future__ import annotations

import json
import subprocess
import sys

from attention_site.directives.registry import SHARED_ENTRY_MODULES, load_entries, module_of

# Expand one page in a fresh process; report which entry modules, and whether NumPy and the core, it loaded.
LOADED_BY = """
import json, sys
from attention_site.directives import expand_directives
before = {"numpy": "numpy" in sys.modules, "core": "attention_core" in sys.modules}
text = expand_directives(sys.argv[1], "docs/x.md")
entries = sorted({name.split(".")[3] for name in sys.modules if name.startswith("attention_site.directives.entries.")})
print(json.dumps({"before": before, "text": text, "entries": entries}))
"""
# The registry's order after loading some examples first, then all of them.
ORDER_AFTER = """
import json, sys
from attention_site.directives.registry import load_entries
for example in sys.argv[1:]:
    load_entries(example)
print(json.dumps([" ".join(key) for key in load_entries()]))
"""


def run(probe: str, *args: str) -> object:
    """The JSON a probe prints, run in a fresh process."""
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True, timeout=120)
    return json.loads(done.stdout)


def test_importing_the_engine_loads_no_example_and_a_page_loads_only_its_own() -> None:
    """Assert the engine imports without NumPy or the core, and a bus-is-late page loads that example's module."""
    loaded = run(LOADED_BY, "weights: <!-- attn:value bus-is-late weights row=late col=bus -->")
    assert loaded == {"before": {"numpy": False, "core": False}, "text": "weights: 0.665",
                      "entries": sorted(["bus_is_late", "common", *SHARED_ENTRY_MODULES])}


def test_the_registry_order_does_not_depend_on_which_page_came_first() -> None:
    """Assert the reference page's order of entries is the same whether tiled-attention or bus-is-late loaded first."""
    assert run(ORDER_AFTER, "tiled-attention", "bus-is-late") == run(ORDER_AFTER) == run(ORDER_AFTER, "positions")


def test_every_entry_lives_in_the_module_named_after_its_example() -> None:
    """Assert the rule lazy loading relies on: an entry is registered by its example's module or a shared one."""
    shared = {f"attention_site.directives.entries.{name}" for name in SHARED_ENTRY_MODULES}
    for (example, name), entry in load_entries().items():
        module = entry.build.__module__
        assert module in shared or module == module_of(example) or module.startswith(module_of(example) + "."), (
            f"{example} {name} is registered by {module}")
