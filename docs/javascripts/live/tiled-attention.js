/* Live pages: the entries of tiled-attention (directives/entries/tiled_attention.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("tiled-attention", function (core) {
  "use strict";
  const { attention, checkedWeights, column, grid, labels, matmul, num, parseEntry, parseMatrix, scalar, style, sum, table, transpose, vec } = core;
  /** cost.tiled_attention: softmax(scale Q K^T) V block by block of keys with a running max m, sum l and output acc
      (Milakov and Gimelshein 2018; Dao et al. 2022), no mask; each block's record kept. */
  function tiledAttention(Q, K, V, block, scale) {
    var runMax = Q.map(function () { return -Infinity; }), runSum = Q.map(function () { return 0; });
    var acc = Q.map(function () { return V[0].map(function () { return 0; }); }), trace = []; // (n,), (n,), (n, d_v)
    for (var start = 0; start < K.length; start += block) {
      var stop = Math.min(start + block, K.length);
      var S = matmul(Q, transpose(K.slice(start, stop))).map(function (row) { return row.map(function (x) { return x * scale; }); }); // (n, b)
      var newMax = runMax.map(function (m, i) { return Math.max(m, Math.max.apply(null, S[i])); });
      var P = S.map(function (row, i) { return row.map(function (x) { return Math.exp(x - (isFinite(newMax[i]) ? newMax[i] : 0)); }); });
      var correction = runMax.map(function (m, i) { return isFinite(m) ? Math.exp(m - newMax[i]) : 0; }); // nothing seen yet: 0
      var PV = matmul(P, V.slice(start, stop)); // (n, b) x (b, d_v) -> (n, d_v)
      runSum = runSum.map(function (l, i) { return l * correction[i] + sum(P[i]); });
      acc = acc.map(function (row, i) { return row.map(function (a, k) { return a * correction[i] + PV[i][k]; }); });
      runMax = newMax;
      trace.push({ block: trace.length, start: start, stop: stop, scores: S, max: runMax, sum: runSum, acc: acc });
    }
    return { trace: trace, output: acc.map(function (row, i) { return row.map(function (a) { return a / runSum[i]; }); }) };
  }

  return function (data, inputs) {
    var TOKENS = data.tokens, STYLE = style(false, 3), EXACT = style(true, 3), ANY = "query \\ key";
    var Q = parseMatrix(inputs.Q), K = parseMatrix(inputs.K), V = parseMatrix(inputs.V), scale = parseEntry(inputs.scale).value;
    var block = inputs.block;
    var result = tiledAttention(Q, K, V, block, scale), naive = attention(Q, K, V, scale);
    function authoredGrid(field, prefix) { return grid(parseMatrix(inputs[field]), TOKENS, labels(prefix, inputs[field][0].length), STYLE, "token", inputs[field]); }
    function row(o) { return TOKENS.indexOf(o.query === undefined ? TOKENS[2] : o.query); }
    return {
      q: function () { return authoredGrid("Q", "q"); },
      k: function () { return authoredGrid("K", "k"); },
      v: function () { return authoredGrid("V", "v"); },
      scores: function () { return grid(naive.scaled, TOKENS, TOKENS, STYLE, ANY); },
      trace: function (o) {
        var i = row(o), rows = result.trace.map(function (step) {
          return [step.block + 1 + ": " + TOKENS.slice(step.start, step.stop).join(", "), vec(step.scores[i], STYLE), num(step.max[i], STYLE),
                  num(step.sum[i], STYLE), vec(step.acc[i], STYLE)];
        });
        rows.push(["output = acc / l", "", "", "", vec(result.output[i], STYLE)]);
        return table([column("block", "block: keys", false), column("scores", "scores in the block"), column("max", "running max m"),
                      column("sum", "running sum l"), column("acc", "running output acc")], rows);
      },
      "tiled-output": function () { return grid(result.output, TOKENS, labels("o", V[0].length), STYLE, "token"); },
      "naive-output": function () { return grid(naive.output, TOKENS, labels("o", V[0].length), STYLE, "token"); },
      "naive-weights": function () { return grid(checkedWeights(naive.weights), TOKENS, TOKENS, STYLE, ANY); },
      "max-difference": function () {
        var most = 0;
        result.output.forEach(function (r, i) { r.forEach(function (o, k) { most = Math.max(most, Math.abs(o - naive.output[i][k])); }); });
        return scalar(most, STYLE);
      },
      running: function (o) {
        var i = row(o), query = TOKENS[i];
        return grid(result.trace.map(function (step) { return [Math.max.apply(null, step.scores[i]), step.max[i], step.sum[i]].concat(step.acc[i]); }),
                    result.trace.map(function (step) { return "block-" + (step.block + 1); }),
                    ["block-max", "max", "sum"].concat(labels("acc", V[0].length)), STYLE, "after block, query " + query);
      },
      "block-size": function () { return scalar(block, EXACT); },
      scale: function () { return scalar(scale, STYLE); }
    };
  };
});
