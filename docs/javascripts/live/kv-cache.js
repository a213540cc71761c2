/* Live pages: the entries of kv-cache (directives/entries/kv_cache.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("kv-cache", function (core) {
  "use strict";
  const { attention, checkedWeights, column, formatNumber, formatVector, grid, labels, matmul, parseMatrix, scalar, style, table, unchangedFigure, vec } = core;
  return function (data, inputs) {
    var TOKENS = data.tokens, STYLE = style(true, 3), EXACT = STYLE, X = parseMatrix(inputs.X), MAX_ROWS = 12;
    var W_q = parseMatrix(inputs.W_q), W_k = parseMatrix(inputs.W_k), W_v = parseMatrix(inputs.W_v);
    var Q = matmul(X, W_q), K = matmul(X, W_k), V = matmul(X, W_v); // (n, d_model) x (d_model, d) -> (n, d)
    var scale = 1 / Math.sqrt(K[0].length);
    /** generation.decode_with_cache: step t appends row t's key and value, then its query attends to the cache. */
    var steps = TOKENS.map(function (_, t) {
      var cached = { K: K.slice(0, t + 1), V: V.slice(0, t + 1) }; // (t+1, d_k), (t+1, d_v)
      var r = attention([Q[t]], cached.K, cached.V, scale); // (1, d_k) x (d_k, t+1) -> (1, t+1)
      return { step: t + 1, query: Q[t], cache: cached, weights: r.weights[0], output: r.output[0] };
    });
    var full = attention(Q, K, V, scale, TOKENS.map(function (_, i) { return TOKENS.map(function (_, j) { return j <= i; }); }));
    /** kv_cache.rows_text: rows in one cell, `(1, 0) (0, 2)`, a row never broken inside (`ln 2`). */
    function rowsText(rows) { return rows.map(function (row) { return formatVector(row, STYLE).replace(/ /g, "\u00a0"); }).join(" "); }
    function countText(x) { return formatNumber(x, EXACT); }
    function countGrid(value, label) { return grid([[value]], [label], ["count"], EXACT, "", [[countText(value)]]); }
    /** generation.score_counts: t entries at step t with the cache, t² without; n from the directive (default 3). */
    function counts(o) {
      var n = o.n === undefined ? TOKENS.length : Number(o.n), withCache = 0, without = 0;
      for (var t = 1; t <= n; t++) { withCache += t; without += t * t; }
      return { n: n, withCache: withCache, without: without };
    }
    var STEP = column("step", "step: newest token", false);
    return {
      steps: function () {
        return table([STEP, column("query", "newest query"), column("keys", "cached key rows"), column("values", "cached value rows"),
                      column("weights", "newest weights"), column("output", "newest output")],
          steps.map(function (s) {
            return [s.step + ": " + TOKENS[s.step - 1], rowsText([s.query]), rowsText(s.cache.K), rowsText(s.cache.V),
                    vec(checkedWeights([s.weights])[0], STYLE), vec(s.output, STYLE)];
          }));
      },
      compare: function () {
        return table([STEP, column("cached", "with the cache, one query"), column("full", "full causal attention, same row")],
          TOKENS.map(function (token, t) { return [t + 1 + ": " + token, vec(steps[t].output, STYLE), vec(full.output[t], STYLE)]; }));
      },
      "full-output": function () { return grid(full.output, TOKENS, labels("o", V[0].length), STYLE, "token"); },
      "max-difference": function () {
        var most = 0;
        steps.forEach(function (s, t) { s.output.forEach(function (o, k) { most = Math.max(most, Math.abs(o - full.output[t][k])); }); });
        return scalar(most, EXACT);
      },
      counts: function (o) {
        var c = counts(o), n = c.n, shown = []; // too many steps for a page: the first three and the last, then totals
        for (var step = 1; step <= n; step++) if (n <= MAX_ROWS || step <= 3 || step === n) shown.push(step);
        var rows = shown.map(function (t) { return [countText(t), countText(t), countText(t * t)]; });
        if (n > MAX_ROWS) rows.splice(3, 0, ["\u2026", "\u2026", "\u2026"]);
        rows.push(["total", countText(c.withCache), countText(c.without)]);
        return table([column("step", "step t", false), column("with", "with the cache"), column("without", "without the cache")], rows);
      },
      "total-with-cache": function (o) { return countGrid(counts(o).withCache, "with the cache"); },
      "total-without-cache": function (o) { return countGrid(counts(o).without, "without the cache"); },
      "decoding-steps": unchangedFigure // the steps' shapes and tokens, which no input a reader edits changes
    };
  };
});
