/* Live pages: the entries of whole-model (directives/entries/whole_model.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("whole-model", function (core) {
  "use strict";
  const { arrowMarker, attention, checkedWeights, coordinate, defaultRng, escapeText, fail, feedForward, grid,
          heatmap, labels, layerNorm, matmul, parseEntry, parseMatrix, rowsPlus, scalar, scaledNormal, softmaxRow,
          style, sum, svgFrame, svgLine, svgText, transpose } = core;

  function zeros(count) { return new Array(count).fill(0); } // the layers' biases, which initialise_stack sets to 0
  function range(count) { var out = []; for (var k = 0; k < count; k++) out.push(k); return out; }
  /** np.argmax: the first index of the largest entry. */
  function argmax(xs) { var best = 0; xs.forEach(function (x, k) { if (x > xs[best]) best = k; }); return best; }

  // ---- The weights: attention_core/initialisation.py and language_model.initialise_stack ----
  /** _drawn_layer: h query, h key and h value matrices (d_model, d_k), W_O, W_1, W_2, in this order; biases 0. */
  function drawnLayer(rng, dModel, dK, h, dFf) {
    function everyHead() { return range(h).map(function () { return scaledNormal(rng, dModel, dK); }); }
    var W_q = everyHead(), W_k = everyHead(), W_v = everyHead();
    var W_o = scaledNormal(rng, h * dK, dModel); // (h*d_k, d_model)
    var W_1 = scaledNormal(rng, dModel, dFf), W_2 = scaledNormal(rng, dFf, dModel); // (d_model, d_ff), (d_ff, d_model)
    return { W_q: W_q, W_k: W_k, W_v: W_v, W_o: W_o, W_1: W_1, W_2: W_2 };
  }
  /** initialise_stack: `layers` layers drawn from one generator seeded with `seed`. */
  function initialiseStack(seed, layers, dModel, h, dFf) {
    if (dModel % h) fail(h + " heads cannot split d_model=" + dModel + " evenly; accepted: a divisor of " + dModel);
    var rng = defaultRng(seed);
    return range(layers).map(function () { return drawnLayer(rng, dModel, dModel / h, h, dFf); });
  }

  // ---- The layer: attention_core/layer.py and multihead.py (post-norm, gains 1, biases 0) ----
  /** multi_head_attention: each head on X, the heads side by side, U = concat W_O. */
  function multiHead(X, p, mask) {
    var heads = p.W_q.map(function (W_q, i) {
      var Q = matmul(X, W_q), K = matmul(X, p.W_k[i]), V = matmul(X, p.W_v[i]); // (n, d_model) x (d_model, d_k) -> (n, d_k)
      return attention(Q, K, V, 1 / Math.sqrt(K[0].length), mask);
    });
    var concat = X.map(function (_, i) { return [].concat.apply([], heads.map(function (head) { return head.output[i]; })); }); // (n, h*d_k)
    return { heads: heads, U: matmul(concat, p.W_o) }; // (n, h*d_k) x (h*d_k, d_model) -> (n, d_model)
  }
  /** transformer_layer, post-norm: U = MultiHead(X), R = LayerNorm(X + U), F = FFN(R), Y = LayerNorm(R + F). */
  function transformerLayer(X, p, mask) {
    var attended = multiHead(X, p, mask), R = layerNorm(rowsPlus(X, attended.U));
    return { attention: attended, Y: layerNorm(rowsPlus(R, feedForward(R, p.W_1, zeros(p.W_1[0].length), p.W_2, zeros(R[0].length)).output)) };
  }

  // ---- The model: attention_core/language_model.py and positions.py ----
  /** sinusoidal_positions: PE[pos, 2i] = sin(pos / 10000^(2i/d_model)), PE[pos, 2i+1] = cos of the same angle. */
  function sinusoidalPositions(n, dModel) {
    var rates = range(Math.ceil(dModel / 2)).map(function (i) { return Math.pow(10000, 2 * i / dModel); });
    return range(n).map(function (pos) {
      return range(dModel).map(function (k) { var angle = pos / rates[k >> 1]; return k % 2 ? Math.cos(angle) : Math.sin(angle); });
    }); // (n, d_model)
  }
  /** run_model: E[ids] sqrt(d_model), the positions, every layer with a causal mask, the tied logits Y E^T. */
  function runModel(ids, E, stack) {
    var n = ids.length, dModel = E[0].length, scale = Math.sqrt(dModel);
    var embedded = ids.map(function (i) { return E[i].map(function (e) { return e * scale; }); }); // (n, d_model)
    var positions = sinusoidalPositions(n, dModel), mask = range(n).map(function (i) { return range(n).map(function (j) { return j <= i; }); });
    var rows = rowsPlus(embedded, positions), X = rows, layers = [];
    stack.forEach(function (p) { layers.push(transformerLayer(rows, p, mask)); rows = layers[layers.length - 1].Y; });
    var logits = matmul(rows, transpose(E)); // (n, d_model) x (d_model, vocab) -> (n, vocab)
    return { embedded: embedded, positions: positions, X: X, layers: layers, mask: mask, logits: logits, last: logits[n - 1] };
  }
  /** cross_entropy: logsumexp(z) - z[target]. */
  function crossEntropy(z, target) {
    var top = Math.max.apply(null, z);
    return top + Math.log(sum(z.map(function (v) { return Math.exp(v - top); }))) - z[target];
  }

  // ---- Choosing the next token: attention_core/sampling.py ----
  function withTemperature(z, T) { return softmaxRow(z.map(function (v) { return v / T; })); }
  /** _by_probability: indices from the most to the least probable, equal ones in vocabulary order (a stable sort). */
  function byProbability(p) { return range(p.length).sort(function (a, b) { return p[b] - p[a] || a - b; }); }
  /** The probabilities of the tokens `order` keeps, the rest 0, over their total. */
  function keptOnly(p, order) {
    var kept = p.map(function () { return 0; });
    order.forEach(function (k) { kept[k] = p[k]; });
    var total = sum(kept);
    return kept.map(function (v) { return v / total; });
  }
  function topK(p, k) { return keptOnly(p, byProbability(p).slice(0, k)); }
  /** top_p_filter: the fewest most probable tokens whose running total reaches top_p (less 1e-12). */
  function topP(p, top) {
    var order = byProbability(p), running = 0, count = 0;
    while (count < p.length) { running += p[order[count]]; if (running >= top - 1e-12) break; count++; }
    return keptOnly(p, order.slice(0, Math.min(count + 1, p.length)));
  }
  /** draw_index: the first index whose running total exceeds u, never past the last token of probability above 0. */
  function drawIndex(p, u) {
    var running = 0, index = 0;
    while (index < p.length) { running += p[index]; if (running > u) break; index++; }
    var last = p.length - 1;
    while (last > 0 && p[last] === 0) last--;
    return Math.min(index, last);
  }
  function runningTotals(row) { var running = 0; return row.map(function (v) { return (running += v); }); }

  // ---- The stack diagram: figures/diagrams.py's residual_stream_svg, one column ----
  var COLUMN = 170, BOX = 116, NODE = 26, STEP = 42;
  /** diagrams._symbol: what follows `_` as a subscript. */
  function symbol(x, y, text, anchor) {
    var cut = text.indexOf("_"), main = cut < 0 ? text : text.slice(0, cut), sub = cut < 0 ? "" : text.slice(cut + 1);
    return '<text class="abh-symbol" x="' + coordinate(x) + '" y="' + coordinate(y) + '" text-anchor="' + anchor + '" dominant-baseline="central">' +
      escapeText(main) + (sub ? '<tspan class="abh-sub" baseline-shift="sub">' + escapeText(sub) + "</tspan>" : "") + "</text>";
  }
  function shapeText(node) { return node.rows + " \u00d7 " + node.cols; }
  /** diagrams._stream_node: an array with its shape, or an operation. */
  function streamNode(node, centre, y) {
    var cls = typeof node === "string" ? "abh-op" : "abh-array-box";
    var box = '<rect class="' + cls + '" x="' + coordinate(centre - BOX / 2) + '" y="' + coordinate(y) + '" width="' + BOX + '" height="' + NODE + '" rx="4"/>';
    if (typeof node === "string") return '<g class="abh-step">' + box + svgText(centre, y + NODE / 2, node, "abh-op-text", "middle", true) + "</g>";
    return '<g class="abh-array"><title>' + escapeText(node.symbol + ": " + shapeText(node) + (node.note ? ", " + node.note : "")) + "</title>" + box +
      symbol(centre - BOX / 2 + 10, y + NODE / 2, node.symbol, "start") + svgText(centre + BOX / 2 - 10, y + NODE / 2, shapeText(node), "abh-shape", "end", true) + "</g>";
  }
  function nodeText(node) { return typeof node === "string" ? node : node.symbol + " (" + shapeText(node) + (node.note ? ", " + node.note : "") + ")"; }
  function residualStream(heading, nodes, title, desc, idPrefix) {
    var centre = COLUMN * 0.58, top = 40, body = [arrowMarker(idPrefix), svgText(centre - 10, 18, heading, "abh-label", "middle")];
    nodes.forEach(function (node, k) {
      var y = top + k * STEP;
      body.push(streamNode(node, centre, y));
      if (k) body.push(svgLine(centre, y - STEP + NODE + 2, centre, y - 2, "abh-edge", idPrefix));
    });
    var bottom = top + nodes.length * STEP - (STEP - NODE);
    return svgFrame("abh-diagram abh-stream", COLUMN, bottom + 8, title, desc + " " + heading + ": " + nodes.map(nodeText).join(" \u2192 ") + ".",
                    idPrefix, body, true);
  }
  function shaped(symbolText, rows, cols, note) { return { symbol: symbolText, rows: rows, cols: cols, note: note || "" }; }

  return function (data, inputs) {
    var TOKENS = data.tokens, WORDS = data.vocabulary, DECIMAL = style(false, 3), EXACT = style(true, 3), WHOLE = style(true, 0);
    var LABELS = ["low", "middle", "high"], KEPT = ["all", "top-k", "top-p"], CHOICES = ["greedy", "drawn", "top-k", "top-p"];
    var E = parseMatrix(inputs.embedding), dModel = E[0].length, layers = inputs.layers, h = inputs.h;
    var ids = TOKENS.map(function (token) { return WORDS.indexOf(token); }), target = WORDS.indexOf(data.target);
    var cache = {};
    /** The example's cached properties, each computed when an entry first asks (a bad input then stops there). */
    function once(name, make) { return name in cache ? cache[name] : (cache[name] = make()); }
    function model() { return once("run", function () { return runModel(ids, E, initialiseStack(inputs.weight_seed, layers, dModel, h, inputs.d_ff)); }); }
    function temperatures() { return inputs.temperatures.map(function (t) { return parseEntry(t).value; }); }
    function tempered() { return once("tempered", function () { return temperatures().map(function (T) { return withTemperature(model().last, T); }); }); }
    function sampling() {
      return once("sampling", function () {
        var z = model().last, p = withTemperature(z, parseEntry(inputs.temperature).value);
        var keptK = topK(p, inputs.top_k), keptP = topP(p, parseEntry(inputs.top_p).value), u = defaultRng(inputs.draw_seed).random();
        return { probabilities: p, topK: keptK, topP: keptP, u: u, greedy: argmax(z), drawn: drawIndex(p, u), drawnTopK: drawIndex(keptK, u),
                 drawnTopP: drawIndex(keptP, u) };
      });
    }
    function distributions() { var s = sampling(); return [s.probabilities, s.topK, s.topP]; }
    function oneHot(k) { return WORDS.map(function (_, j) { return j === k ? 1 : 0; }); }
    function softmaxLast() { return softmaxRow(model().last); }
    function tokenRows(array, prefix) { return grid(array, TOKENS, labels(prefix, array[0].length), DECIMAL, "token"); }
    function overVocabulary(array, rows, corner) { return grid(array, rows, WORDS, DECIMAL, corner); }
    /** The option layer= or head= (options.py's integer, default 1), checked against the example's count. */
    function counted(o, name, count) {
      var k = o[name] === undefined ? 1 : Number(o[name]);
      if (k > count) fail("option " + name + "=" + k + " is out of range; accepted: a " + name + " from 1 to " + count);
      return k;
    }
    function layerOf(o) { return model().layers[counted(o, "layer", layers) - 1]; }
    function loss() { return crossEntropy(model().last, target); }

    return {
      embedding: function () { return grid(E, WORDS, labels("e", dModel), EXACT, "word", inputs.embedding); },
      "token-ids": function () { return grid(ids.map(function (i) { return [i]; }), TOKENS, ["id"], EXACT, "token"); },
      "d-model": function () { return scalar(dModel, WHOLE); },
      "vocabulary-size": function () { return scalar(WORDS.length, WHOLE); },
      "embedding-scale": function () { return scalar(Math.sqrt(dModel), EXACT); },
      embedded: function () { return tokenRows(model().embedded, "x"); },
      positions: function () { return tokenRows(model().positions, "p"); },
      x: function () { return tokenRows(model().X, "x"); },
      layers: function () { return scalar(layers, WHOLE); },
      heads: function () { return scalar(h, WHOLE); },
      "d-ff": function () { return scalar(inputs.d_ff, WHOLE); },
      "layer-output": function (o) { return tokenRows(layerOf(o).Y, "y"); },
      "last-output": function () { return tokenRows(model().layers[layers - 1].Y, "y"); },
      "layer-weights": function (o) {
        var heads = layerOf(o).attention.heads, layer = counted(o, "layer", layers), head = counted(o, "head", heads.length);
        return heatmap(checkedWeights(heads[head - 1].weights, model().mask), TOKENS, DECIMAL, model().mask,
                       "Layer " + layer + ", head " + head + ": each token attends to itself and the tokens before it.");
      },
      logits: function () { return overVocabulary(model().logits, TOKENS, "position \\ word"); },
      temperatures: function () {
        return grid(temperatures().map(function (t) { return [t]; }), LABELS, ["T"], EXACT, "temperature",
                    inputs.temperatures.map(function (t) { return [t]; }));
      },
      tempered: function () { return overVocabulary(checkedWeights(tempered()), LABELS, "T \\ word"); },
      peak: function () { return grid(tempered().map(function (row) { return [Math.max.apply(null, row)]; }), LABELS, ["largest"], DECIMAL, "temperature"); },
      temperature: function () { return scalar(parseEntry(inputs.temperature).value, EXACT); },
      "top-k": function () { return scalar(inputs.top_k, WHOLE); },
      "top-p": function () { return scalar(parseEntry(inputs.top_p).value, EXACT); },
      u: function () { return scalar(sampling().u, DECIMAL); },
      distributions: function () { return overVocabulary(checkedWeights(distributions()), KEPT, "kept \\ word"); },
      cumulative: function () { return overVocabulary(distributions().map(runningTotals), KEPT, "running total \\ word"); },
      choices: function () {
        var s = sampling();
        return grid([s.greedy, s.drawn, s.drawnTopK, s.drawnTopP].map(oneHot), CHOICES, WORDS, EXACT, "way \\ word");
      },
      target: function () { return grid([oneHot(target)], ["y"], WORDS, EXACT, "row \\ word"); },
      "target-probability": function () { return scalar(Math.exp(-loss()), DECIMAL); },
      loss: function () { return scalar(loss(), DECIMAL); },
      "loss-gradient": function () {
        var y = oneHot(target);
        return overVocabulary([softmaxLast().map(function (p, k) { return p - y[k]; })], ["gradient"], "p - y \\ word");
      },
      "stack-diagram": function () {
        var s = sampling(), nodes = [shaped("ids", TOKENS.length, 1, "token ids"), "E[ids] \u00d7 \u221a" + dModel, shaped("X", TOKENS.length, dModel, "with positions")];
        range(layers).forEach(function (k) { nodes.push("layer " + (k + 1), shaped("Y_" + (k + 1), TOKENS.length, dModel)); });
        nodes.push("\u00d7 E\u1d40 (tied)", shaped("Z", TOKENS.length, WORDS.length, "logits"), "softmax(z / T)",
                   shaped("p", 1, WORDS.length, "the last row's"), "greedy: " + WORDS[s.greedy]);
        return { type: "figure", svg: residualStream("the model end to end", nodes, "The whole model: token ids to the next word",
                   "Every array of the forward pass, top to bottom, with its shape.", "wm-stack"),
                 caption: "The prompt's ids become rows, the rows pass every layer, the tied embedding turns the last layer's rows into logits, " +
                   "and the last row's softmax gives the next word." };
      }
    };
  };
});
