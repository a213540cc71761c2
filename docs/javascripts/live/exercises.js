/* Live pages: the entries of exercises (directives/entries/exercises.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("exercises", function (core) {
  "use strict";
  const { checkedWeights, column, grid, labels, matmul, num, parseMatrix, softmaxSteps, style, sum, table, transpose,
          vec } = core;
  var TIMES = "\u00d7", MEANINGS = { Q: "query rows", K: "key rows", V: "value rows", S: "scaled scores",
                                      M: "masked scores", A: "weights", O: "output rows" };

  /** attention.attention_shapes: the shape of every array of one head. */
  function attentionShapes(n, dK, dV) {
    return { Q: [n, dK], K: [n, dK], V: [n, dV], S: [n, n], M: [n, n], A: [n, n], O: [n, dV] };
  }
  function shapeText(shape) { return shape.map(function (k) { return k.toLocaleString("en-US"); }).join(TIMES); }

  /** softmax.causal_mask's row of the query at 1-based `position` of n tokens: key j allowed when j <= position. */
  function causalRow(n, position) { return Array.from({ length: n }, function (_, j) { return j < position; }); }

  return function (data, inputs) {
    var TOKENS = data.tokens, STYLE = style(true, 3);
    var published = data.published;

    function authoredRow(text, label, prefix) { return grid(parseMatrix([text]), [label], labels(prefix, text.length), STYLE, "", [text]); }
    function authoredRows(text, prefix, colPrefix) {
      return grid(parseMatrix(text), labels(prefix, text.length), labels(colPrefix, text[0].length), STYLE, "", text);
    }
    function oneRow(values, label, prefix) { return grid([values], [label], labels(prefix, values.length), STYLE, ""); }
    function givens(given) { return grid([Object.values(given)], ["given"], Object.keys(given), STYLE, ""); }

    /** softmax_rows: score, e^s and weight per key, and a total row; a masked score reads as minus infinity. */
    function softmaxRows(steps, masked) {
      var weights = checkedWeights([steps.weights])[0];
      var rows = steps.scores.map(function (s, j) {
        return ["key " + (j + 1), num(s, STYLE, s === -Infinity), num(steps.exponentials[j], STYLE), num(weights[j], STYLE)];
      });
      rows.push(["total", "", num(steps.totals, STYLE), num(sum(weights), STYLE)]);
      return table([column("key", "key", false), column("score", masked ? "masked score" : "score s"),
                    column("exp", "e\u02e2"), column("weight", "weight")], rows);
    }
    /** weight times value row, and their sum, one row a value row. */
    function weightedSum(weights, V) {
      var A = checkedWeights([weights])[0], contributions = V.map(function (row, j) { return row.map(function (v) { return A[j] * v; }); });
      var output = transpose(contributions).map(sum); // (m, d_v) -> (d_v,)
      var rows = V.map(function (row, j) { return ["row " + (j + 1), num(A[j], STYLE), vec(row, STYLE), vec(contributions[j], STYLE)]; });
      rows.push(["sum", "", "", vec(output, STYLE)]);
      return { output: output, table: table([column("row", "row", false), column("weight", "weight"), column("value", "value"),
                                                column("contribution", "weight \u00d7 value")], rows) };
    }
    function sizes(o) {
      return [Number(o.n || inputs.shape_n), Number(o["d-k"] || inputs.shape_d_k), Number(o["d-v"] || inputs.shape_d_v)];
    }

    // The deck's exercises, on its published numbers: rolls' query is the last row of W_Q (X = I_3).
    var V = parseMatrix(published.values_text), K = parseMatrix(published.W_k_text);
    var q = parseMatrix(published.W_q_text).slice(-1)[0]; // (d_k,)
    var scores = matmul(K, q.map(function (x) { return [x]; })).map(function (row) { return row[0]; }); // (n, d_k) x (d_k, 1)
    var steps = softmaxSteps(scores), deck = function () { return weightedSum(steps.weights, V); };
    var allowed = causalRow(TOKENS.length, inputs.query_position);
    // New inputs for the chapters' exercises.
    var newQuery = matmul(parseMatrix(inputs.new_x), parseMatrix(inputs.new_W_q)); // (1, d_model) x (d_model, d_k)
    var keys = parseMatrix(inputs.new_keys), query = parseMatrix(inputs.new_query); // (m, d_k), (1, d_k)
    var newScores = matmul(query, transpose(keys)).map(function (row) { return row.map(function (s) { return s / Math.sqrt(keys[0].length); }); });
    var raw = parseMatrix([inputs.masked_row])[0], open = causalRow(raw.length, inputs.masked_position);
    var maskedSteps = softmaxSteps(raw.map(function (s, j) { return open[j] ? s : -Infinity; }));
    var newSteps = softmaxSteps(parseMatrix([inputs.new_scores])[0]), newValues = parseMatrix(inputs.new_values);
    var fresh = function () { return weightedSum(newSteps.weights, newValues); };

    return {
      "causal-columns": function () {
        return table([column("column", "key column", false), column("token", "token", false),
                      column("allowed", "may query " + inputs.query_position + " use it?", false)],
          TOKENS.map(function (token, j) { return [String(j + 1), token, allowed[j] ? "yes" : "no, a future position"]; }));
      },
      "permitted-columns": function () {
        var columns = allowed.map(function (ok, j) { return ok ? j + 1 : null; }).filter(function (j) { return j !== null; });
        return oneRow(columns, "columns", "c");
      },
      softmax: function () { return softmaxRows(steps, false); },
      scores: function () { return oneRow(scores, "scores", "s"); },
      weights: function () { return oneRow(checkedWeights([steps.weights])[0], "weights", "a"); },
      "weighted-sum": function () { return deck().table; },
      output: function () { return oneRow(deck().output, "output", "o"); },
      shapes: function (o) {
        var found = attentionShapes.apply(null, sizes(o));
        return table([column("array", "array", false), column("shape", "shape", false), column("meaning", "meaning", false)],
          Object.keys(found).map(function (symbol) { return [symbol, shapeText(found[symbol]), MEANINGS[symbol]]; }));
      },
      shape: function (o) {
        var found = attentionShapes.apply(null, sizes(o)), symbols = Object.keys(found);
        return grid(symbols.map(function () { return [0]; }), symbols, ["shape"], STYLE, "array",
                    symbols.map(function (symbol) { return [shapeText(found[symbol])]; }));
      },
      values: function () { return authoredRows(published.values_text, "row-", "v"); },
      "causal-givens": function () { return givens({ n: TOKENS.length, query: inputs.query_position }); },
      "shape-givens": function () { return givens({ n: inputs.shape_n, d_k: inputs.shape_d_k, d_v: inputs.shape_d_v }); },
      "projection-x": function () { return authoredRow(inputs.new_x[0], "x", "x"); },
      "projection-w-q": function () { return authoredRows(inputs.new_W_q, "row-", "q"); },
      "projection-q": function () { return grid(newQuery, ["q"], labels("q", newQuery[0].length), STYLE, ""); },
      "scores-query": function () { return authoredRow(inputs.new_query[0], "q", "q"); },
      "scores-keys": function () { return authoredRows(inputs.new_keys, "key-", "k"); },
      "scores-scaled": function () { return grid(newScores, ["scores"], labels("key-", newScores[0].length), STYLE, ""); },
      "mask-row": function () { return authoredRow(inputs.masked_row, "scores", "s"); },
      "mask-givens": function () { return givens({ n: raw.length, query: inputs.masked_position }); },
      "mask-softmax": function () { return softmaxRows(maskedSteps, true); },
      "mask-weights": function () { return oneRow(checkedWeights([maskedSteps.weights])[0], "weights", "key-"); },
      "new-scores": function () { return authoredRow(inputs.new_scores, "scores", "key-"); },
      "new-softmax": function () { return softmaxRows(newSteps, false); },
      "new-weights": function () { return oneRow(checkedWeights([newSteps.weights])[0], "weights", "key-"); },
      "new-values": function () { return authoredRows(inputs.new_values, "row-", "v"); },
      "new-weighted-sum": function () { return fresh().table; },
      "new-output": function () { return oneRow(fresh().output, "output", "o"); }
    };
  };
});
