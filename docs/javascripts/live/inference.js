/* Live pages: the entries of inference (directives/entries/inference.py), mirrored for live.js, which loads this
   file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("inference", function (core) {
  "use strict";
  const { attention, column, grid, num, parseEntry, parseMatrix, scalar, style, sum, table } = core;
  // ---- attention_core/inference.py: counts of weights and multiply-adds, exact below 2^53 ----
  /** layer_parameters: one layer's attention weights (W_Q, W_O: d x h d_head; W_K, W_V: d x g d_head) and its
      feed-forward's (two or three d x d_ff matrices). */
  function layerParameters(shape, widths) {
    var d = widths.d_model, queryWidth = shape.query_heads * shape.head_dim, kvWidth = shape.kv_heads * shape.head_dim;
    return [2 * d * queryWidth + 2 * d * kvWidth, (widths.gated_ffn ? 3 : 2) * d * widths.d_ff];
  }
  /** model_parameters: the layers, the embedding, and the output map unless it is tied. */
  function modelParameters(shape, widths) {
    return shape.layers * sum(layerParameters(shape, widths)) + (widths.tied ? 1 : 2) * widths.vocab * widths.d_model;
  }
  /** layer_macs: one token's (projections, FFN, attention) multiply-adds in one layer at `context` tokens. */
  function layerMacs(shape, widths, context) {
    return layerParameters(shape, widths).concat([2 * context * shape.query_heads * shape.head_dim]);
  }
  /** crossover_context: the context at which attention's 2 n h d_head MACs equal the projections' and FFN's. */
  function crossoverContext(shape, widths) {
    var macs = layerMacs(shape, widths, 1);
    return (macs[0] + macs[1]) / (2 * shape.query_heads * shape.head_dim);
  }
  /** ModelShape.cache_bytes: 2 x layers x KV heads x head width x tokens x bytes per value. */
  function cacheBytes(shape, tokens, bytes) { return 2 * shape.layers * shape.kv_heads * shape.head_dim * tokens * bytes; }

  // ---- StepTraffic: its bytes and FLOPs pass 2^53 (a batch of long contexts), so held exact as BigInt ----
  function bits(n) { return n.toString(2).length; }
  /** a / b of two positive whole numbers, rounded once to the nearest double, as Python's int / int. */
  function quotient(a, b) {
    var shift = bits(b) - bits(a) + 64; // a quotient of 64 bits or more, its remainder kept as a last bit
    var top = shift > 0 ? a << BigInt(shift) : a, bottom = shift < 0 ? b << BigInt(-shift) : b;
    var q = top / bottom, rest = top % bottom ? 1n : 0n;
    return Number(q * 2n + rest) * Math.pow(2, -shift - 1);
  }
  function traffic(weightBytes, cachedBytes, flops, tokens) {
    var moved = weightBytes + cachedBytes;
    return { weightBytes: weightBytes, cacheBytes: cachedBytes, bytesPerToken: quotient(moved, tokens),
             flopsPerByte: quotient(flops, moved) };
  }
  /** decode_traffic: the weights read once for the batch, each sequence's cache, 2 FLOPs per weight and per
      attention MAC for every sequence. */
  function decodeTraffic(shape, widths, context, batch, bytes) {
    var P = BigInt(modelParameters(shape, widths)), attentionMacs = BigInt(layerMacs(shape, widths, context)[2]), B = BigInt(batch);
    var flops = B * (2n * P + 2n * BigInt(shape.layers) * attentionMacs);
    return traffic(P * BigInt(bytes), B * BigInt(cacheBytes(shape, context, bytes)), flops, B);
  }
  /** prefill_traffic: the weights read once for the prompt, its cache written, the causal pairs' attention. */
  function prefillTraffic(shape, widths, prompt, bytes) {
    var P = BigInt(modelParameters(shape, widths)), n = BigInt(prompt), pairs = n * (n + 1n) / 2n;
    var flops = 2n * P * n + 2n * BigInt(shape.layers) * 2n * pairs * BigInt(shape.query_heads * shape.head_dim);
    return traffic(P * BigInt(bytes), BigInt(cacheBytes(shape, prompt, bytes)), flops, n);
  }

  // ---- FlashAttention's stored L, from tiled-attention's scores ----
  /** log_sum_exp: L = max + log sum exp(s - max) of each row, (n,). */
  function logSumExp(scores) {
    return scores.map(function (row) {
      var top = Math.max.apply(null, row);
      return top + Math.log(sum(row.map(function (s) { return Math.exp(s - top); })));
    });
  }
  /** cost.tiled_attention's running max m and sum l after its last block of keys, from the full scores (n, m):
      m + log l, (n,). */
  function runningLogSumExp(scores, block) {
    return scores.map(function (row) {
      var runMax = -Infinity, runSum = 0;
      for (var start = 0; start < row.length; start += block) {
        var S = row.slice(start, start + block), newMax = Math.max(runMax, Math.max.apply(null, S));
        var P = S.map(function (s) { return Math.exp(s - (isFinite(newMax) ? newMax : 0)); });
        runSum = runSum * (isFinite(runMax) ? Math.exp(runMax - newMax) : 0) + sum(P);
        runMax = newMax;
      }
      return runMax + Math.log(runSum);
    });
  }
  function largestDifference(A, B) {
    var most = 0;
    A.forEach(function (row, i) { row.forEach(function (a, j) { most = Math.max(most, Math.abs(a - B[i][j])); }); });
    return most;
  }

  return function (data, inputs, all, examples) { // built on kv-memory (the models, bytes per value), tiled-attention
    var kv = data.built_on.kv_source, tiled = data.built_on.tiled_source, GIB = Math.pow(2, 30);
    var MODELS = examples[kv].published.models, NAMES = MODELS.map(function (m) { return m.name; });
    var WIDTHS = data.published.widths, BASE = data.published.base, bytes = all[kv].bytes_per_value;
    var context = inputs.context, prompt = inputs.prompt, batches = inputs.batches;
    var BATCHES = batches.map(String), BY_BATCH = "model \\ batch";
    var SIZE = style(false, 3, true), DECIMAL = style(false, 3), WHOLE = style(true, 0);
    function eachModel(f) { return MODELS.map(function (m, r) { return f(m, WIDTHS[r]); }); }
    function perModel(values, cols, corner, s) { return grid(values, NAMES, cols, s || SIZE, corner || "model"); }
    function decode(batch) { return eachModel(function (m, w) { return decodeTraffic(m, w, context, batch, bytes); }); }
    var parameters = eachModel(function (m, w) { return layerParameters(m, w).concat([modelParameters(m, w)]); });
    var prefill = eachModel(function (m, w) { return prefillTraffic(m, w, prompt, bytes); });
    var decodes = batches.map(decode), ridge = data.published.peak_tflops * 1e12 / (data.published.bandwidth_gb_s * 1e9);
    var byBatch = function (f) { return MODELS.map(function (_, r) { return decodes.map(function (steps) { return f(steps[r]); }); }); };
    var shapes = [BASE].concat(eachModel(function (m, w) { return [m, w]; }));
    var crossovers = shapes.map(function (pair) { return crossoverContext(pair[0], pair[1]); });
    var crossoverModels = shapes.map(function (pair) { return pair[0].name; });
    var crossoverWidths = crossovers.map(function (n, r) { return n / shapes[r][1].d_model; });
    var source = all[tiled], TOKENS = examples[tiled].tokens;
    var block = source.block;
    var naive = attention(parseMatrix(source.Q), parseMatrix(source.K), parseMatrix(source.V), parseEntry(source.scale).value);
    var L = logSumExp(naive.scaled), running = runningLogSumExp(naive.scaled, block);
    var recomputed = naive.scaled.map(function (row, i) { return row.map(function (s) { return Math.exp(s - L[i]); }); });
    return {
      parameters: function () {
        return perModel(parameters.map(function (p) { return [p[0] / 1e6, p[1] / 1e6, p[2] / 1e9]; }), ["attention", "ffn", "billions"]);
      },
      context: function () { return scalar(context, WHOLE); },
      prompt: function () { return scalar(prompt, WHOLE); },
      "weights-and-cache": function () {
        return perModel(decode(1).map(function (s) { return [Number(s.weightBytes) / GIB, Number(s.cacheBytes) / GIB]; }), ["weights", "cache"]);
      },
      "bytes-per-token": function () { return perModel(byBatch(function (s) { return s.bytesPerToken / GIB; }), BATCHES, BY_BATCH); },
      caches: function () { return perModel(byBatch(function (s) { return Number(s.cacheBytes) / GIB; }), BATCHES, BY_BATCH); },
      "cache-wins": function () {
        return perModel(eachModel(function (m, w) {
          return [Math.floor(modelParameters(m, w) * bytes / cacheBytes(m, context, bytes)) + 1];
        }), ["batch"], "model", WHOLE);
      },
      intensity: function () {
        return perModel(byBatch(function (s) { return s.flopsPerByte; }).map(function (row, r) { return row.concat([prefill[r].flopsPerByte]); }),
                        BATCHES.concat(["prefill"]), BY_BATCH);
      },
      "against-ridge": function () {
        var largest = decodes[decodes.length - 1];
        return perModel(prefill.map(function (p, r) { return [p.flopsPerByte, largest[r].flopsPerByte, ridge]; }),
                        ["prefill", "decode", "ridge"], "model", DECIMAL);
      },
      ridge: function () { return scalar(ridge, DECIMAL); },
      "peak-tflops": function () { return scalar(data.published.peak_tflops, WHOLE); },
      bandwidth: function () { return scalar(data.published.bandwidth_gb_s, WHOLE); },
      macs: function () {
        return perModel(eachModel(function (m, w) { return layerMacs(m, w, context).map(function (x) { return x / 1e6; }); }),
                        ["projections", "ffn", "attention"]);
      },
      crossover: function () { return grid(crossovers.map(function (n) { return [n]; }), crossoverModels, ["tokens"], WHOLE, "model"); },
      "crossover-width": function () {
        return grid(crossoverWidths.map(function (r) { return [r]; }), crossoverModels, ["per-d-model"], SIZE, "model");
      },
      crossovers: function () {
        return table([column("model", "model", false), column("tokens", "crossover n (tokens)"), column("width", "n / d_model")],
                     crossoverModels.map(function (name, r) { return [name, num(crossovers[r], WHOLE), num(crossoverWidths[r], SIZE)]; }));
      },
      "log-sum-exp": function () { return grid(L.map(function (l, i) { return [l, running[i]]; }), TOKENS, ["all-scores", "running"], DECIMAL, "row"); },
      "recomputed-weights": function () { return grid(recomputed, TOKENS, TOKENS, DECIMAL, "query \\ key"); },
      "rebuild-error": function () {
        var lse = Math.max.apply(null, L.map(function (l, i) { return Math.abs(l - running[i]); }));
        return grid([[largestDifference(recomputed, naive.weights), lse]], ["largest"], ["weights", "L"], DECIMAL, "difference");
      }
    };
  };
});
