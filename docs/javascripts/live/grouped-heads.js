/* Live pages: the entries of grouped-heads (directives/entries/grouped_heads.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("grouped-heads", function (core) {
  "use strict";
  const { attention, checkedWeights, column, fail, grid, labels, matmul, num, parseMatrix, scalar, style, table, transpose, vec, wholeGrid } = core;
  /** kv_memory.attention_kind: h query heads over g K/V heads. */
  function attentionKind(h, g) { return g === h ? "multi-head" : g === 1 ? "multi-query" : "grouped-query"; }

  return function (data, inputs) { // grouped_query_attention: h query heads over the first g K/V heads
    var TOKENS = data.tokens, STYLE = style(true, 3), X = parseMatrix(inputs.X);
    var W = ["W_q", "W_k", "W_v"].map(function (name) { return transpose(matmul(X, parseMatrix(inputs[name]))); }); // per head: (n,)
    var h = W[0].length, DIMENSIONS = labels("x", inputs.X[0].length), QUERIES = labels("q", h), n = TOKENS.length;
    var KV_HEADS = inputs.kv_heads, bytes = inputs.bytes_per_value; // each arrangement's g; a number's bytes
    var causal = TOKENS.map(function (_, i) { return TOKENS.map(function (__, j) { return j <= i; }); });
    var column1 = function (xs) { return xs.map(function (x) { return [x]; }); }; // one head's (n,) as (n, 1)
    var arrangements = {};
    KV_HEADS.forEach(function (g) {
      var owner = QUERIES.map(function (_, r) { return Math.floor(r / (h / g)); });
      arrangements[g] = { g: g, owner: owner, K: W[1].slice(0, g), V: W[2].slice(0, g), kind: attentionKind(h, g),
        heads: W[0].map(function (q, r) { return attention(column1(q), column1(W[1][owner[r]]), column1(W[2][owner[r]]), 1, causal); }) };
    });
    function arrangement(o) {
      var g = Number(o.g === undefined ? KV_HEADS[0] : o.g);
      if (!arrangements[g]) fail("g=" + g + " is not an arrangement of this example; accepted: " + Object.keys(arrangements).reverse().join(", "));
      return arrangements[g];
    }
    var ORDER = KV_HEADS.filter(function (g, k) { return KV_HEADS.indexOf(g) === k; }) // one per g, as the core's dict keeps them
      .map(function (g) { return arrangements[g]; });
    var kvLabels = function (prefix, g) { return labels(prefix, g); };
    var headsText = function (g) { return g + " K/V head" + (g === 1 ? "" : "s"); };
    var rolls = function (a, r) { return checkedWeights(a.heads[r].weights)[n - 1]; };
    function authoredGrid(name, cols, corner) { return grid(parseMatrix(inputs[name]), name === "X" ? TOKENS : DIMENSIONS, cols, STYLE, corner, inputs[name]); }
    return {
      "query-heads": function () { return scalar(h, STYLE); },
      x: function () { return authoredGrid("X", DIMENSIONS, "token"); },
      "w-q": function () { return authoredGrid("W_q", QUERIES, "input"); },
      "w-k": function () { return authoredGrid("W_k", kvLabels("kv", W[1].length), "input"); },
      "w-v": function () { return authoredGrid("W_v", kvLabels("kv", W[2].length), "input"); },
      sharing: function () {
        return table([column("head", "query head", false)].concat(ORDER.map(function (a) { return column("g" + a.g, headsText(a.g) + " (" + a.kind + ")", false); })),
          QUERIES.map(function (label, r) { return [label].concat(ORDER.map(function (a) { return "kv" + (a.owner[r] + 1); })); }));
      },
      readers: function (o) {
        var a = arrangement(o);
        return wholeGrid([a.K.map(function (_, k) { return a.owner.filter(function (x) { return x === k; }).length; })], ["readers"], kvLabels("kv", a.g), "K/V head");
      },
      cache: function (o) {
        var a = arrangement(o), both = a.K.concat(a.V);
        return grid(TOKENS.map(function (_, t) { return both.map(function (c) { return c[t]; }); }), TOKENS, kvLabels("k", a.g).concat(kvLabels("v", a.g)), STYLE, "token");
      },
      weights: function (o) { var a = arrangement(o); return grid(QUERIES.map(function (_, r) { return rolls(a, r); }), QUERIES, TOKENS, STYLE, "query head \\ key"); },
      "rolls-weights": function () {
        return table([column("head", "query head", false)].concat(ORDER.map(function (a) { return column("g" + a.g, headsText(a.g)); })),
          QUERIES.map(function (label, r) { return [label].concat(ORDER.map(function (a) { return vec(rolls(a, r), STYLE); })); }));
      },
      "cache-size": function () {
        return table([column("kind", "attention", false), column("g", "K/V heads"), column("entries", "numbers cached: 2 \u00d7 K/V heads \u00d7 width \u00d7 tokens", false),
                      column("bytes", "bytes at " + bytes + " per number")], ORDER.map(function (a) {
          var entries = 2 * a.g * n;
          return [a.kind, num(a.g, STYLE), "2 \u00d7 " + a.g + " \u00d7 1 \u00d7 " + n + " = " + entries, num(entries * bytes, STYLE)];
        }));
      }
    };
  };
});
