/* Live pages: the entries of initialisation (directives/entries/initialisation.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("initialisation", function (core) {
  "use strict";
  const { attention, checkedWeights, column, fail, formatNumber, fromPart, grid, labels, num, scalar, scaledNormalSd, style,
          table } = core;

  /** initialise_heads: W_q of every head, then W_k, then W_v, then W_o, from one generator seeded with `seed` (NumPy's
      draws: live/random.js, fetched the first time a page needs them). */
  function initialiseHeads(seed, dModel, dK, dV, h) {
    var rng = fromPart("random", "defaultRng")(seed), scaledNormal = fromPart("random", "scaledNormal");
    function everyHead(rows, cols) { return Array.from({ length: h }, function () { return scaledNormal(rng, rows, cols); }); }
    var W_q = everyHead(dModel, dK), W_k = everyHead(dModel, dK), W_v = everyHead(dModel, dV); // (d_model, d_k or d_v) each
    return { W_q: W_q, W_k: W_k, W_v: W_v, W_o: scaledNormal(rng, h * dV, dModel) }; // W_o (h*d_v, d_model)
  }

  /** entries/common.py's width_labels: `q` alone for one column, else `q1`, `q2`, ... */
  function widthLabels(prefix, width) { return width === 1 ? [prefix] : labels(prefix, width); }

  return function (data, inputs) {
    var seed = inputs.seed, dModel = inputs.d_model, dK = inputs.d_k, dV = inputs.d_v, h = inputs.h;
    var STYLE = style(false, 3), EXACT = style(true, 3), TOKENS = data.tokens, INPUT_ROWS = labels("x", dModel);
    var drawn = null; // the heads' weights, drawn once the first entry showing them asks
    function W() { return drawn || (drawn = initialiseHeads(seed, dModel, dK, dV, h)); }
    var SHOWN = { W_q: "W_Q", W_k: "W_K", W_v: "W_V", W_o: "W_O" }; // the core's names, as the pages write them
    var KEPT = { kept: true }; // a cell no input changes (the matrix's name, a formula): left as built
    var SHAPES = { W_q: [dModel, dK], W_k: [dModel, dK], W_v: [dModel, dV], W_o: [h * dV, dModel] };
    var SD = { W_q: scaledNormalSd(dModel, dK), W_k: scaledNormalSd(dModel, dK), W_v: scaledNormalSd(dModel, dV),
               W_o: scaledNormalSd(h * dV, dModel) };

    /** The option head=: a whole number from 1 to h (options.py's integer), the default 1. */
    function head(o) {
      var text = o.head === undefined ? "1" : String(o.head);
      if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > h) {
        fail("option head=" + text + " is out of range; accepted: a whole number from 1 to " + h);
      }
      return Number(text) - 1;
    }

    /** The untrained head's causal weights on X = I (multi_head_attention's head, X W = W). */
    function initialWeights(k) {
      var mask = TOKENS.map(function (_, i) { return TOKENS.map(function (__, j) { return j <= i; }); });
      var A = attention(W().W_q[k], W().W_k[k], W().W_v[k], 1 / Math.sqrt(dK), mask).weights; // (n, n)
      return checkedWeights(A, mask);
    }

    return {
      sd: function () {
        return table([column("matrix", "matrix", false), column("shape", "shape", false), column("sd", "standard deviation")],
          Object.keys(SHOWN).map(function (name) {
            return [KEPT, SHAPES[name][0] + "\u00d7" + SHAPES[name][1], num(SD[name], STYLE)];
          }));
      },
      "standard-deviations": function () {
        return grid(Object.keys(SHOWN).map(function (name) { return [SD[name]]; }), Object.values(SHOWN), ["sd"], STYLE, "matrix");
      },
      sizes: function () { // counts.py's count_row: whole numbers, written as count_text writes them
        var values = [dModel, dK, dV, h];
        return grid([values], ["size"], ["d_model", "d_k", "d_v", "h"], STYLE, "",
                    [values.map(function (v) { return formatNumber(v, EXACT); })]);
      },
      "w-q": function (o) { var k = head(o); return grid(W().W_q[k], INPUT_ROWS, widthLabels("q", dK), STYLE, "$W_Q$, head " + (k + 1)); },
      "w-k": function (o) { var k = head(o); return grid(W().W_k[k], INPUT_ROWS, widthLabels("k", dK), STYLE, "$W_K$, head " + (k + 1)); },
      "w-v": function (o) { var k = head(o); return grid(W().W_v[k], INPUT_ROWS, labels("v", dV), STYLE, "$W_V$, head " + (k + 1)); },
      "w-o": function () {
        var rows = W().W_o.map(function (_, r) { return "h" + (Math.floor(r / dV) + 1) + " o" + (r % dV + 1); });
        return grid(W().W_o, rows, labels("u", dModel), STYLE, "row of $W_O$");
      },
      "initial-weights": function (o) { return grid(initialWeights(head(o)), TOKENS, TOKENS, STYLE, "query \\ key"); },
      seed: function () { return scalar(seed, EXACT); }
    };
  };
});
