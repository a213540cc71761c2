/* Live pages: the entries of head-width (directives/entries/head_width.py), for live.js, which loads this file on a
   page of the example. Its spreads are 2.7 million normal draws from the example's seed (4,000 pairs of q and k at
   widths 1 to 256), about 470 ms at 4x CPU throttling in the browser, ten times the recompute budget: so no reader
   is offered its seed or sample count, nothing else changes them, and every entry keeps what the build wrote while
   the rest of its page (scaling, red ball rolls) follows the reader. */
window.AttentionByHand.live.define("head-width", function (core) {
  "use strict";
  const { asBuilt } = core;
  return function () {
    return { samples: asBuilt, spread: asBuilt, spreads: asBuilt, "spread-chart": asBuilt };
  };
});
