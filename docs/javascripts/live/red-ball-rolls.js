/* Live pages: the entries of red-ball-rolls (directives/entries/red_ball_rolls/), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("red-ball-rolls", function (core) {
  "use strict";
  const { attention, checkedWeights, column, drawerFrom, equal, fail, grid, heatmap, joined, labels, multiHead, num, onlyColumn, parseMatrix, scalar, style, sum, table, transpose, unchangedFigure, vec, weightedRows } = core;
  // pictures.py's NO_HATCHING and MASK_WORDS: the mask grid's title, text alternative and caption, by whether the head is causal
  var NO_HATCHING = "with no causal mask no cell is hatched";
  var MASK_WORDS = {
    true: ["Causal mask for red ball rolls", "Rows are queries, columns are keys. Each query may use its own column and the columns " +
           "before it; the cells above the diagonal are future positions and are hatched.",
           "Rows are queries, columns are keys; hatched cells are future positions, set to \u2212\u221e."],
    false: ["No mask on red ball rolls", "Rows are queries, columns are keys. With no causal mask each query may use every column, " +
            "the later ones too; no cell is hatched.",
            "Rows are queries, columns are keys; " + NO_HATCHING + " and no score is set to \u2212\u221e."]
  };
  return function (data, inputs) {
    var TOKENS = data.tokens, STYLE = style(true, 3), DECIMAL = style(false, 3), WHOLE = style(true, 0);
    var focus = inputs.focus, causal = inputs.causal;
    var FOCUS = TOKENS.indexOf(focus), ANY = "query \\ key";
    var X = parseMatrix(inputs.X), mask = TOKENS.map(function (_, i) { return TOKENS.map(function (_, j) { return j <= i; }); });
    var mh = multiHead(X, [[inputs.W_q, inputs.W_k, inputs.W_v], [inputs.W_q2, inputs.W_k2, inputs.W_v2]],
                       parseMatrix(inputs.W_o), causal ? mask : null);
    var head = mh.heads[0], head2 = mh.heads[1], allowed = head.mask || mask.map(function (r) { return r.map(function () { return true; }); });
    var Q = head.Q, K = head.K, V = head.V, D_V = V[0].length, WIDTH = X[0].length;
    var steps = { exponentials: head.masked.map(function (row) { return row.map(Math.exp); }) };
    steps.totals = steps.exponentials.map(sum);
    var CONCAT = ["h1 o1", "h1 o2", "h2 o1", "h2 o2"], HEADS = ["head-1", "head-2"];
    var unmasked = attention(Q, K, V, 1 / Math.sqrt(K[0].length), null);
    var contributions = [head, head2].map(function (h) { return weightedRows(h.weights[FOCUS], h.V); });
    var PADDING = data.padding, paddingMask = TOKENS.map(function () { return PADDING.real.slice(); }); // (n,) -> (n, n)
    function padded(withMask) { return attention(Q, K, V, 1 / Math.sqrt(K[0].length), withMask ? paddingMask : null); }

    function weights(h) { return checkedWeights(h.weights, h.mask); }
    function g(values, cols, corner) { return grid(values, TOKENS, cols, STYLE, corner || "token"); }
    function asAuthored(field, rows, cols, corner) { return grid(parseMatrix(inputs[field]), rows, cols, STYLE, corner, inputs[field]); }
    function projections(h) {
      return table([column("token", "token", false), column("query", "query q"), column("key", "key k"), column("value", "value v")],
        TOKENS.map(function (token, i) { return [token, num(h.Q[i][0], STYLE), num(h.K[i][0], STYLE), vec(h.V[i], STYLE)]; }));
    }
    function weightedSum(h, c, title) {
      var A = weights(h), rows = TOKENS.map(function (token, j) { return [token, num(A[FOCUS][j], STYLE), vec(h.V[j], STYLE), vec(c[j], STYLE)]; });
      rows.push(["output", "", "", vec(h.output[FOCUS], STYLE)]);
      return table([column("token", "source token", false), column("weight", title || "weight"), column("value", "value"),
                    column("contribution", "weighted contribution")], rows);
    }
    function topKeys(h) {
      var row = weights(h)[FOCUS], best = Math.max.apply(null, row);
      return joined(TOKENS.filter(function (_, j) { return equal(row[j], best); }));
    }
    function byHead(columns, rows, corner) { return grid(transpose(columns), rows, HEADS, STYLE, corner); } // h x (n,) -> (n, h)
    function difference(a, b) { return a.map(function (row, i) { return row.map(function (x, j) { return x - b[i][j]; }); }); }
    function hardChoice() {
      var row = head.masked[FOCUS], best = Math.max.apply(null, row);
      var top = TOKENS.filter(function (_, j) { return Math.abs(row[j] - best) <= 1e-12 + 1e-9 * Math.abs(best); });
      if (top.length > 1) fail(joined(top) + " share the largest score of " + focus + "; there is no single best match to pick");
      var j = row.indexOf(best);
      return grid([V[j]], [TOKENS[j]], labels("v", D_V), STYLE, "top key");
    }
    var SHAPES = [["X", X], ["W_q", parseMatrix(inputs.W_q)], ["W_k", parseMatrix(inputs.W_k)], ["W_v", parseMatrix(inputs.W_v)],
                  ["Q", Q], ["K", K], ["V", V], ["q", [Q[0]]], ["v", [V[0]]], ["S", head.scaled], [], ["M", head.masked],
                  ["A", head.weights], [], ["O", head.output], ["o", [head.output[0]]], ["W_o", mh.W_o]];
    var KEPT = { kept: true }; // a cell that no input changes (a symbol in a formula, its meaning): left as built
    /** A map of weights: drawn whole by live/grids.js once the mask differs from the page's own (and from then on);
        before, live.js mends the built map's numbers in place. */
    function weightsMap(h, title, idPrefix, caption) {
      var map = heatmap(weights(h), TOKENS, STYLE, h.mask, caption), draw = drawerFrom("grids", "heatmapSvg", causal === data.causal);
      if (draw) map.svg = draw(map, h.mask, title, idPrefix);
      return map;
    }

    return {
      inputs: function () { return asAuthored("X", TOKENS, labels("x", WIDTH), "token"); },
      "w-q": function () { return asAuthored("W_q", TOKENS, ["q"], "row of $W_Q$"); },
      "w-k": function () { return asAuthored("W_k", TOKENS, ["k"], "row of $W_K$"); },
      "w-v": function () { return asAuthored("W_v", TOKENS, labels("v", D_V), "row of $W_V$"); },
      "w-q2": function () { return asAuthored("W_q2", TOKENS, ["q"], "row of $W_Q$ (head 2)"); },
      "w-k2": function () { return asAuthored("W_k2", TOKENS, ["k"], "row of $W_K$ (head 2)"); },
      "w-v2": function () { return asAuthored("W_v2", TOKENS, labels("v", head2.V[0].length), "row of $W_V$ (head 2)"); },
      "w-o": function () { return asAuthored("W_o", CONCAT, labels("u", WIDTH), "row of $W_O$"); },
      projections: function () { return projections(head); },
      "head2-projections": function () { return projections(head2); },
      queries: function () { return g(Q, ["q"]); },
      keys: function () { return g(K, ["k"]); },
      values: function () { return g(V, labels("v", D_V)); },
      "head2-values": function () { return g(head2.V, labels("v", D_V)); },
      scores: function () { return g(head.scaled, TOKENS, ANY); },
      "masked-scores": function () { return grid(head.masked, TOKENS, TOKENS, STYLE, ANY, null, true); },
      "head2-scores": function () { return grid(head2.masked, TOKENS, TOKENS, STYLE, ANY, null, true); },
      mask: function () {
        return table([column("query", ANY, false)].concat(TOKENS.map(function (t) { return column(t, t, false); })),
          TOKENS.map(function (token, i) { return [token].concat(allowed[i].map(function (ok) { return ok ? "allowed" : "future"; })); }));
      },
      exponentials: function () { return g(steps.exponentials, TOKENS, ANY); },
      totals: function () { return grid(steps.totals.map(function (t) { return [t]; }), TOKENS, ["total"], STYLE, "query"); },
      "softmax-rows": function () {
        var A = weights(head);
        return table([column("query", "query row", false), column("exponentials", "permitted e\u02e2"), column("total", "their total"),
                      column("weights", "weight row")],
          TOKENS.map(function (token, i) {
            var permitted = steps.exponentials[i].filter(function (_, j) { return allowed[i][j]; });
            return [token, vec(permitted, STYLE), num(steps.totals[i], STYLE), vec(A[i], STYLE)];
          }));
      },
      weights: function () { return g(weights(head), TOKENS, ANY); },
      "head2-weights": function () { return g(weights(head2), TOKENS, ANY); },
      "unmasked-weights": function () { return g(checkedWeights(unmasked.weights), TOKENS, ANY); },
      output: function () { return g(head.output, labels("o", D_V)); },
      "output-decimals": function () { return grid(head.output, TOKENS, labels("o", D_V), DECIMAL, "token"); },
      "head2-output": function () { return g(head2.output, labels("o", D_V)); },
      "unmasked-output": function () { return g(unmasked.output, labels("o", D_V)); },
      "weighted-sum": function () { return weightedSum(head, contributions[0]); },
      "head2-weighted-sum": function () { return weightedSum(head2, contributions[1], "head 2 weight"); },
      "head1-contributions": function () { return g(contributions[0], labels("c", D_V), "source token"); },
      "head2-contributions": function () { return g(contributions[1], labels("c", D_V), "source token"); },
      "hard-choice": hardChoice,
      "calculator-places": function () { return scalar(inputs.calculator_places, WHOLE); },
      "ball-key-decimal": function () { return scalar(K[TOKENS.indexOf("ball")][0], DECIMAL); },
      divisor: function () { return scalar(1 / head.scale, STYLE); },
      "rolls-scores": function () {
        return table([column("key", "key token", false), column("query", "query of " + focus), column("k", "key"),
                      column("score", "score q \u00d7 k")],
          TOKENS.map(function (token, j) { return [token, num(Q[FOCUS][0], STYLE), num(K[j][0], STYLE), num(head.scores[FOCUS][j], STYLE)]; }));
      },
      dimensions: function () {
        var sizes = [TOKENS.length, WIDTH, K[0].length, D_V];
        return table([column("symbol", null, false), column("size", "worked value"), column("meaning", null, false)],
          sizes.map(function (size) { return [KEPT, num(size, STYLE), KEPT]; }));
      },
      shapes: function () {
        return table([column("symbol", null, false), column("meaning", null, false), column("shape", null, false),
                      column("worked", "in red ball rolls", false)],
          SHAPES.map(function (s) { return [KEPT, KEPT, KEPT, s.length ? s[1].length + "\u00a0\u00d7\u00a0" + s[1][0].length : "one number"]; }));
      },
      "heads-side-by-side": function () {
        return table([column("head", "head", false), column("weights", "weights over " + TOKENS.join(", ")), column("output", "output for " + focus)],
          mh.heads.map(function (h, k) { return ["head " + (k + 1), vec(weights(h)[FOCUS], STYLE), vec(h.output[FOCUS], STYLE)]; }));
      },
      concat: function () { return g(mh.concat, CONCAT); },
      u: function () { return g(mh.U, labels("u", WIDTH)); },
      x: function () { return g(X, labels("x", WIDTH)); },
      residual: function () { return g(mh.residual, labels("r", WIDTH)); },
      "residual-rolls": function () {
        return table([column("entry", "entry", false), column("x", "input x"), column("u", "attention u"), column("sum", "x + u")],
          X[FOCUS].map(function (x, k) { return ["entry " + (k + 1), num(x, STYLE), num(mh.U[FOCUS][k], STYLE), num(mh.residual[FOCUS][k], STYLE)]; }));
      },
      "rolls-by-source": function () {
        var A1 = weights(head), A2 = weights(head2);
        return table([column("token", "source token", false), column("weight1", "head 1 weight"), column("contribution1", "head 1 contribution"),
                      column("weight2", "head 2 weight"), column("contribution2", "head 2 contribution")],
          TOKENS.map(function (token, j) {
            return [token, num(A1[FOCUS][j], STYLE), vec(contributions[0][j], STYLE), num(A2[FOCUS][j], STYLE), vec(contributions[1][j], STYLE)];
          }));
      },
      "keys-by-head": function () { return byHead(mh.heads.map(function (h) { return onlyColumn(h.K, "K"); }), TOKENS, "token"); },
      "queries-head2-minus-head1": function () { return g(difference(head2.Q, Q), labels("q", K[0].length)); },
      "keys-head2-minus-head1": function () { return g(difference(head2.K, K), labels("k", K[0].length)); },
      "values-head2-minus-head1": function () { return g(difference(head2.V, V), labels("v", D_V)); },
      "rolls-weights-by-head": function () { return byHead(mh.heads.map(function (h) { return weights(h)[FOCUS]; }), TOKENS, "key"); },
      "rolls-output-by-head": function () { return byHead(mh.heads.map(function (h) { return h.output[FOCUS]; }), labels("o", D_V), "entry"); },
      "w-o-heads": function () {
        var counts = mh.heads.map(function (_, k) {
          return mh.W_o[0].map(function (_, j) { return mh.W_o.slice(k * D_V, (k + 1) * D_V).filter(function (row) { return row[j] !== 0; }).length; });
        });
        return grid(counts, labels("h", mh.heads.length), labels("u", WIDTH), STYLE, "head \\ column of $W_O$");
      },
      "rolls-u-terms": function () {
        var c = mh.concat[FOCUS], terms = mh.W_o.map(function (row, k) { return row.map(function (w) { return c[k] * w; }); }); // (h d_v, 1) * (h d_v, d_model)
        return grid(terms, CONCAT, labels("u", WIDTH), STYLE, "term");
      },
      "weights-heatmap": function () {
        return weightsMap(head, "Attention weights A for red ball rolls", "rbr-weights", "Each row is one query's weights and sums to 1; " +
          (causal ? "hatched cells are masked and get 0." : NO_HATCHING + "."));
      },
      "head2-heatmap": function () {
        return weightsMap(head2, "Attention weights of head 2 for red ball rolls", "rbr-head2-weights", "Head 2 on the same rows: in the " +
          focus + " row the largest weight goes to " + topKeys(head2) + "; in head 1 it went to " + topKeys(head) + ".");
      },
      "unmasked-heatmap": function () { return heatmap(checkedWeights(unmasked.weights), TOKENS, STYLE, null); },
      // The padding example (variants.py): head 1 with no causal mask, the positions flagged false taken as padding
      "real-tokens": function () { return scalar(PADDING.real.filter(Boolean).length, WHOLE); },
      "padding-mask": function () {
        return grid(paddingMask.map(function (row) { return row.map(Number); }), PADDING.tokens, PADDING.tokens, STYLE, ANY);
      },
      "padded-weights": function () { return grid(checkedWeights(padded(false).weights), PADDING.tokens, PADDING.tokens, STYLE, ANY); },
      "padding-masked-weights": function () {
        return grid(checkedWeights(padded(true).weights, paddingMask), PADDING.tokens, PADDING.tokens, STYLE, ANY);
      },
      "padding-mask-grid": unchangedFigure, // the flags, which a reader does not change
      "mask-grid": function () {
        var draw = drawerFrom("grids", "maskGridSvg", causal === data.causal), words = MASK_WORDS[causal];
        return draw ? { type: "figure", svg: draw(allowed, TOKENS, words[0], words[1], "rbr-mask"), caption: words[2] } : unchangedFigure();
      },
      "flow-diagram": function () { // the arrays' shapes stay; M's and A's cells are hatched where the mask closes them
        var hatched = allowed.map(function (row) { return row.map(function (ok) { return !ok; }); });
        return { type: "figure", hatched: { M: hatched, A: hatched }, caption: "One head from input to output: every grid has the shape " +
                 "of the array the chapters compute; " + (causal ? "hatched cells are future positions." : NO_HATCHING + ".") };
      },
      "heads-diagram": unchangedFigure // the heads' shapes, which no input changes
    };
  };
});
