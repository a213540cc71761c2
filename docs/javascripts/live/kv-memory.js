/* Live pages: the entries of kv-memory (directives/entries/kv_memory.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("kv-memory", function (core) {
  "use strict";
  const { column, grid, num, scalar, style, table, unchangedTable, wholeGrid } = core;
  return function (data, inputs) { // kv_memory: 2 x layers x KV heads x head width x tokens x bytes
    var MODELS = data.published.models, NAMES = MODELS.map(function (m) { return m.name; }), EXACT = style(true, 3);
    var bytes = inputs.bytes_per_value, contexts = inputs.contexts, GIB = Math.pow(2, 30);
    var CONTEXTS = contexts.map(function (t) { return t % 1024 ? String(t) : t / 1024 + "K"; });
    var perToken = MODELS.map(function (m) { return 2 * m.layers * m.kv_heads * m.head_dim * bytes; });
    function memory(heads, scale) {
      return MODELS.map(function (m) { return contexts.map(function (t) { return 2 * m.layers * m[heads] * m.head_dim * t * bytes / scale; }); });
    }
    var ALL = "model \\ tokens", SIZE = style(false, 3, true);
    return {
      models: unchangedTable, sources: unchangedTable, // published, which no reader changes: as built
      sizes: function () {
        return wholeGrid(MODELS.map(function (m) { return [m.layers, m.query_heads, m.kv_heads, m.head_dim, m.trained_context]; }), NAMES,
                         ["layers", "heads", "kv-heads", "width", "context"], "model");
      },
      "bytes-per-value": function () { return scalar(bytes, EXACT); },
      "per-token": function () {
        return table([column("model", "model", false), column("product", "2 \u00d7 layers \u00d7 KV heads \u00d7 width \u00d7 bytes", false),
                      column("bytes", "bytes per token"), column("kib", "KiB per token")], MODELS.map(function (m, r) {
          return [m.name, ["2", m.layers, m.kv_heads, m.head_dim, bytes].join(" \u00d7 "), num(perToken[r], EXACT), num(perToken[r] / 1024, EXACT)];
        }));
      },
      "bytes-per-token": function () { return wholeGrid(perToken.map(function (b) { return [b]; }), NAMES, ["bytes"], "model"); },
      contexts: function () { return wholeGrid([contexts], ["tokens"], CONTEXTS, "context"); },
      memory: function () { return grid(memory("kv_heads", GIB), NAMES, CONTEXTS, SIZE, ALL); },
      "multi-head-memory": function () { return grid(memory("query_heads", GIB), NAMES, CONTEXTS, SIZE, ALL); },
      ratio: function () { return grid(perToken.map(function (b) { return [perToken[0] / b]; }), NAMES, ["times"], style(false, 3), "model"); },
      gib: function () { return scalar(GIB, EXACT); }
    };
  };
});
