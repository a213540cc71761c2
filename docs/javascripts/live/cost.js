/* Live pages: the entries of cost (directives/entries/cost.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("cost", function (core) {
  "use strict";
  const { column, drawerFrom, formatNumber, grid, style, table, unchangedFigure } = core;
  return function (data, inputs) {
    var D_K = inputs.d_k, D_V = inputs.d_v, EXACT = style(true, 3);
    /** counts.count_text: a whole number with thousands separators, 1,048,576. */
    function countText(x) { return formatNumber(x, EXACT); }
    /** attention_core.attention_cost: one head on n tokens (n² scores, their bytes, the multiply-adds). */
    function attentionCost(n) {
      var scores = n * n;
      return { n: n, scores: scores, float32: 4 * scores, float16: 2 * scores, qk: scores * D_K, av: scores * D_V };
    }
    function lengths(o) { return (o.n ? o.n.split(",").map(Number) : inputs.lengths).map(attentionCost); }
    return {
      table: function (o) {
        return table([column("n", "tokens n"), column("scores", "score entries n\u00b2"), column("float32", "bytes, float32"),
                      column("float16", "bytes, float16"), column("qk", "multiply-adds $QK^\\top$ ($d_k$ = " + D_K + ")"),
                      column("av", "multiply-adds $AV$ ($d_v$ = " + D_V + ")")],
          lengths(o).map(function (c) { return [c.n, c.scores, c.float32, c.float16, c.qk, c.av].map(countText); }));
      },
      scores: function (o) {
        return table([column("n", "tokens n"), column("scores", "scores per head n\u00b2")],
          lengths(o).map(function (c) { return [countText(c.n), countText(c.scores)]; }));
      },
      "score-count": function (o) {
        var n = Number(o.n || inputs.lengths[0]), scores = attentionCost(n).scores;
        return grid([[scores]], ["n = " + n], ["count"], EXACT, "", [[countText(scores)]]);
      },
      "growth-chart": function () { // as built, till a reader's lengths need live/charts.js (then drawn by it)
        var xs = inputs.chart_lengths, growthCharts = drawerFrom("charts", "growthCharts", String(xs) === String(data.settings.chart_lengths));
        if (!growthCharts) return unchangedFigure();
        var costs = xs.map(attentionCost);
        var desc = "On logarithmic axes, n squared is a straight line twice as steep as n: each doubling of the sequence length " +
          "multiplies the score entries by four. " + costs.map(function (c) { return "n = " + c.n + ": " + countText(c.scores) + " entries."; }).join(" ");
        return { type: "figure", caption: "Each doubling of n multiplies the score entries by four: twice the slope of n itself.",
                 svg: growthCharts(xs, [["score entries n\u00b2", costs.map(function (c) { return c.scores; })], ["tokens n", xs]],
                                   "Score entries per head as the sequence grows", desc, "tokens n", "count", true, "cost-growth") };
      },
      "head-widths": function () { return grid([[D_K, D_V]], ["width"], ["d_k", "d_v"], EXACT, ""); }
    };
  };
});
