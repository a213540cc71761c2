"""live.js's random draws in Chromium: np.random.default_rng(seed) mirrored (PCG64 seeded through SeedSequence, and
the Generator methods the core calls), equal to NumPy's draws bit for bit, so that a page whose numbers come from a
seeded generator can follow a reader's seed."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from browser.conftest import Tab
from browser.test_live import LESSON, open_live

pytestmark = pytest.mark.browser

SEEDS = (0, 9, 2026, 2**32 - 1, 2**33 + 7)  # the last one is two 32-bit words of entropy
NORMALS, OTHERS = 20_000, 4_000  # enough standard normals that the ziggurat's tail is drawn (about 5 per seed)
SD = 0.37

# Draw, for each seed, in this order from one generator, what numpy_draws draws; doubles as their bytes (base64).
DRAW = """async ([seeds, normals, others, sd]) => {
  await window.AttentionByHand.load("live/random"); // the part of live.js with NumPy's draws
  let defaultRng = null;
  window.AttentionByHand.live.extend(core => { defaultRng = core.defaultRng; });
  const bytes = xs => btoa(String.fromCharCode(...new Uint8Array(Float64Array.from(xs).buffer)));
  const chunked = xs => {
    let text = "";
    for (let k = 0; k < xs.length; k += 1000) text += bytes(xs.slice(k, k + 1000));
    return text;
  };
  return seeds.map(seed => {
    const rng = defaultRng(seed);
    return {
      standard_normal: chunked(rng.standardNormal(normals)),
      random: chunked(Array.from({length: others}, () => rng.random())),
      normal: chunked(rng.normal(0, sd, others)),
      integers: rng.integers(7, others),
      // an odd count keeps half of a 64-bit draw for the next integers; normals draw whole ones in between
      after: [...rng.integers(3, 5), ...rng.standardNormal(3), ...rng.integers(1000003, others), ...rng.integers(1, 4),
              rng.random()],
    };
  });
}"""


def numpy_draws(seed: int) -> dict[str, Any]:
    """What NumPy draws for DRAW's calls, in the same order from np.random.default_rng(seed)."""
    rng = np.random.default_rng(seed)
    return {
        "standard_normal": rng.standard_normal(NORMALS),
        "random": rng.random(OTHERS),
        "normal": rng.normal(0.0, SD, OTHERS),
        "integers": rng.integers(7, size=OTHERS).tolist(),
        "after": [*rng.integers(3, size=5).tolist(), *rng.standard_normal(3).tolist(),
                  *rng.integers(1000003, size=OTHERS).tolist(), *rng.integers(1, size=4).tolist(), rng.random()],
    }


def doubles(text: str) -> np.ndarray:
    """The doubles DRAW sent as base64 of their bytes, in chunks of 1000 (each its own base64 text)."""
    chunk = len(base64.b64encode(bytes(8 * 1000)))
    return np.concatenate([np.frombuffer(base64.b64decode(text[k:k + chunk]), dtype="<f8")
                           for k in range(0, len(text), chunk)])


def test_live_js_draws_what_numpy_draws_for_the_same_seed_bit_for_bit(tabs: Callable[..., Tab], site_url: str) -> None:
    """Assert, for several seeds, the first draws of standard_normal, random, normal and integers (with the 32-bit
    half NumPy keeps between two calls of integers) equal NumPy's bit for bit, the ziggurat's tail among them."""
    page = tabs(viewport={"width": 1280, "height": 800}).page
    open_live(page, site_url + LESSON)
    drawn = page.evaluate(DRAW, [list(SEEDS), NORMALS, OTHERS, SD])
    tail = 0
    for seed, browser in zip(SEEDS, drawn, strict=True):
        numpy = numpy_draws(seed)
        for name in ("standard_normal", "random", "normal"):
            got, want = doubles(browser[name]), np.asarray(numpy[name])
            assert got.shape == want.shape, f"seed {seed}: {name} drew {got.shape} numbers, NumPy {want.shape}"
            differ = np.flatnonzero(got.view(np.uint64) != want.view(np.uint64))
            assert differ.size == 0, (f"seed {seed}: {name}'s draw {differ[0]} is {got[differ[0]]!r}, "
                                      f"NumPy's {want[differ[0]]!r}")
        assert browser["integers"] == numpy["integers"], f"seed {seed}: integers differ from NumPy's"
        assert [float(x).hex() for x in browser["after"]] == [float(x).hex() for x in numpy["after"]], \
            f"seed {seed}: the draws after an odd count of integers differ from NumPy's"
        tail += int(np.sum(np.abs(numpy["standard_normal"]) > 3.654152885361009))
    assert tail > 0  # the ziggurat's tail (beyond its last layer, r = 3.654...) was drawn and compared
