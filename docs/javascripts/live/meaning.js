/* Live pages: the entries of meaning (directives/entries/meaning.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("meaning", function (core) {
  "use strict";
  const { checkedWeights, grid, matmul, parseMatrix, scalar, softmaxRow, style } = core;
  return function (data, inputs) { // one query, of `data.focus` (it), against every word's key
    var TOKENS = data.tokens, FEATURES = data.features, STYLE = style(true, 3), QUERY = [data.focus];
    var K = parseMatrix(inputs.keys), q = parseMatrix([inputs.query])[0], divisor = Math.sqrt(q.length); // (n, d_k), (d_k,)
    var products = K.map(function (row) { return row.map(function (k, f) { return k * q[f]; }); }); // (n, d_k) * (1, d_k)
    var scores = matmul(K, q.map(function (x) { return [x]; })).map(function (row) { return row[0]; }); // (n, d_k) x (d_k,) -> (n,)
    var scaled = scores.map(function (s) { return s / divisor; }), weights = function () { return checkedWeights([softmaxRow(scaled)])[0]; };
    function queryRow(values) { return grid([values], QUERY, TOKENS, STYLE, "query \\ key"); }
    return {
      keys: function () { return grid(K, TOKENS, FEATURES, STYLE, "word \\ feature", inputs.keys); },
      query: function () { return grid([q], QUERY, FEATURES, STYLE, "query \\ feature", [inputs.query]); },
      products: function () { return grid(products, TOKENS, FEATURES, STYLE, "word \\ feature"); },
      scores: function () { return queryRow(scores); },
      weights: function () { return queryRow(weights()); },
      "score-to-weight": function () {
        var w = weights();
        return grid(TOKENS.map(function (_, j) { return [scores[j], scaled[j], w[j]]; }), TOKENS, ["score", "scaled", "weight"], STYLE, "word");
      },
      divisor: function () { return scalar(divisor, STYLE); }
    };
  };
});
