/* Live pages: the entries of alibi (directives/entries/alibi.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("alibi", function (core) {
  "use strict";
  const { checkedWeights, column, fail, grid, num, parseMatrix, scalar, softmaxRow, style, table } = core;
  var ALIBI_SPAN = 8; // Press et al. (2021): the slopes of h heads run from 2^(-8/h) down to 2^-8

  // ---- attention_core/rotary.py ----
  function powersOfTwo(rs, h) { return rs.map(function (r) { return Math.pow(2, -ALIBI_SPAN * r / h); }); }
  function oneTo(n, step) { var out = []; for (var r = 1; r <= n; r += step || 1) out.push(r); return out; }
  /** alibi_slopes: 2^(-8r/h), r = 1..h, for h a power of two; else those of the largest power of two p below h, then
      every other slope of 2p's sequence (its 1st, 3rd, ...) until there are h. */
  function alibiSlopes(h) {
    var p = Math.pow(2, Math.floor(Math.log2(h))), ours = powersOfTwo(oneTo(p), p);
    return p === h ? ours : ours.concat(powersOfTwo(oneTo(2 * p, 2), 2 * p).slice(0, h - p));
  }
  /** causal_distances: i - j where key j <= query i, -inf where the causal mask hides it, (n, n). */
  function causalDistances(n) {
    return oneTo(n).map(function (i) { return oneTo(n).map(function (j) { return j <= i ? i - j : -Infinity; }); });
  }

  return function (data, inputs) {
    var TOKENS = data.tokens, N = TOKENS.length, CORNER = "query \\ key", EXACT = style(true, 3), DECIMAL = style(false, 3);
    var SLOPE = style(false, 4); // 1/256 needs four places to show more than zeros
    var heads = inputs.heads, head = inputs.head, S = parseMatrix(inputs.scores), slopes = alibiSlopes(heads);
    var HEADS = oneTo(heads).map(function (k) { return "head" + k; }), distances = causalDistances(N);
    function slope() {
      if (!(head >= 1 && head <= heads)) fail("head must be one of 1.." + heads + ", got " + head);
      return slopes[head - 1];
    }
    /** alibi_bias: -slope (i - j) below and on the diagonal, -inf above it. */
    function bias() { var m = slope(); return distances.map(function (row) { return row.map(function (d) { return d === -Infinity ? d : -m * d; }); }); }
    function biased() { return bias().map(function (row, i) { return row.map(function (b, j) { return S[i][j] + b; }); }); } // (n, n) + (n, n)
    var masked = S.map(function (row, i) { return row.map(function (s, j) { return j <= i ? s : -Infinity; }); }); // apply_mask
    function make(values, s, masks) { return grid(values, TOKENS, TOKENS, s, CORNER, null, masks); }
    function column1(xs) { return xs.map(function (x) { return [x]; }); }
    return {
      heads: function () { return scalar(heads, EXACT); },
      "slope-span": function () { return scalar(ALIBI_SPAN, EXACT); },
      head: function () { return scalar(head, EXACT); },
      slopes: function () { return grid(column1(slopes), HEADS, ["m"], SLOPE, "head"); },
      "formula-slopes": function () { return grid(column1(powersOfTwo(oneTo(heads), heads)), HEADS, ["m"], SLOPE, "head"); },
      "slope-table": function () { // its titles hold for any h: kept
        return table([column("head", null, false), column("exponent", null), column("slope", null)], slopes.map(function (m, r) {
          return [HEADS[r], num(Math.log2(m), EXACT), num(m, SLOPE)];
        }));
      },
      slope: function () { return scalar(slope(), EXACT); },
      scores: function () { return grid(S, TOKENS, TOKENS, EXACT, CORNER, inputs.scores); },
      distances: function () { return make(distances, EXACT, true); },
      "distance-table": function () {
        return table([column("query", CORNER, false)].concat(TOKENS.map(function (key) { return column(key, key); })), distances.map(function (row, i) {
          return [TOKENS[i]].concat(row.map(function (d) { return d === -Infinity ? "masked" : num(d, EXACT); }));
        }));
      },
      bias: function () { return make(bias(), EXACT, true); },
      biased: function () { return make(biased(), EXACT, true); },
      weights: function () { return make(checkedWeights(masked.map(softmaxRow)), DECIMAL); },
      "biased-weights": function () { return make(checkedWeights(biased().map(softmaxRow)), DECIMAL); }
    };
  };
});
