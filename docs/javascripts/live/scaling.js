/* Live pages: the entries of scaling (directives/entries/scaling.py), mirrored for live.js, which loads this file
   on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("scaling", function (core) {
  "use strict";
  const { checkedWeights, column, grid, num, parseMatrix, scalar, softmaxRow, style, table, vec } = core;
  /** attention_core/examples/scaling.py: one query against two keys, raw and divided by sqrt(d_k). */
  function scaling(inputs) {
    var q = parseMatrix([inputs.query])[0], K = parseMatrix(inputs.keys); // (d_k,), (2, d_k)
    var divisor = Math.sqrt(q.length);
    var raw = K.map(function (k) { return k.reduce(function (running, x, i) { return running + x * q[i]; }, 0); }); // (2, d_k) x (d_k,) -> (2,)
    var scaled = raw.map(function (s) { return s / divisor; });
    return { q: q, K: K, d_k: q.length, divisor: divisor, raw: raw, scaled: scaled,
             rawWeights: softmaxRow(raw), scaledWeights: softmaxRow(scaled) };
  }

  return function (data, inputs) {
    var STYLE = data.exact ? style(true, 3) : style(false, 3), WHOLE = style(true, 3); // WHOLE: show 4, not 4.000
    var KEYS = data.tokens.map(function (_, j) { return "k" + (j + 1); }), ex = scaling(inputs);
    var WIDTH = ex.q.map(function (_, k) { return String(k + 1); });
    var KEPT = { kept: true }; // a cell no input changes (its text a formula: divided by sqrt(d_k) = 2): left as built
    function row(label, scores, weights) { return [label].concat(scores.map(function (s) { return num(s, WHOLE); }), [vec(weights, STYLE)]); }
    return {
      comparison: function () {
        var keys = KEYS.map(function (_, j) { return column("key" + (j + 1), null); }); // titles with math, changed by no input
        return table([column("calculation", "calculation", false)].concat(keys, [column("weights", "softmax weights")]), [
          row("raw dot products", ex.raw, checkedWeights([ex.rawWeights])[0]),
          row(KEPT, ex.scaled, checkedWeights([ex.scaledWeights])[0])]);
      },
      query: function () { return grid([ex.q], ["q"], WIDTH, WHOLE, "vector", [inputs.query]); },
      keys: function () { return grid(ex.K, KEYS, WIDTH, WHOLE, "key", inputs.keys); },
      "d-k": function () { return scalar(ex.d_k, WHOLE); },
      divisor: function () { return scalar(ex.divisor, WHOLE); },
      "raw-scores": function () { return grid([ex.raw], ["raw"], KEYS, WHOLE, "scores"); },
      "scaled-scores": function () { return grid([ex.scaled], ["scaled"], KEYS, WHOLE, "scores"); },
      "raw-weights": function () { return grid(checkedWeights([ex.rawWeights]), ["raw"], KEYS, STYLE, "weights"); },
      "scaled-weights": function () { return grid(checkedWeights([ex.scaledWeights]), ["scaled"], KEYS, STYLE, "weights"); },
      weights: function () { return grid(checkedWeights([ex.rawWeights, ex.scaledWeights]), ["raw", "scaled"], KEYS, STYLE, "scores \\ key"); }
    };
  };
});
