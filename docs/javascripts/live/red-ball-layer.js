/* Live pages: the entries of red-ball-layer (directives/entries/red_ball_layer.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("red-ball-layer", function (core) {
  "use strict";
  const { column, feedForward, grid, labels, layerNorm, matmul, multiHead, normStatistics, num, parseMatrix, rowsPlus, style,
          table, unchangedFigure, vec } = core;
  /** transformer_layer, post-norm (Vaswani et al. 2017) or pre-norm (Xiong et al. 2020). */
  function transformerLayer(X, heads, W_o, mask, p, norm) {
    var mh, R, F, Y;
    if (norm === "post") {
      mh = multiHead(X, heads, W_o, mask);
      R = layerNorm(mh.residual);
      F = feedForward(R, p.W_1, p.b_1, p.W_2, p.b_2).output;
      Y = layerNorm(rowsPlus(R, F));
    } else {
      mh = multiHead(layerNorm(X), heads, W_o, mask);
      R = rowsPlus(X, mh.U);
      F = feedForward(layerNorm(R), p.W_1, p.b_1, p.W_2, p.b_2).output;
      Y = rowsPlus(R, F);
    }
    return { X: X, attention: mh, U: mh.U, R: R, F: F, Y: Y, RplusF: rowsPlus(R, F) };
  }

  return function (data, inputs, all) { // built on red ball rolls: its heads and W_O
    var TOKENS = data.tokens, STYLE = style(false, 3), LAST = TOKENS.length - 1, WORDS = data.vocabulary;
    var rolls = all[data.built_on.heads], X = parseMatrix(rolls.X);
    var mask = rolls.causal ? TOKENS.map(function (_, i) { return TOKENS.map(function (_, j) { return j <= i; }); }) : null;
    var heads = [[rolls.W_q, rolls.W_k, rolls.W_v], [rolls.W_q2, rolls.W_k2, rolls.W_v2]];
    var p = { W_1: parseMatrix(inputs.W_1), b_1: parseMatrix([inputs.b_1])[0], W_2: parseMatrix(inputs.W_2),
              b_2: parseMatrix([inputs.b_2])[0] };
    var post = transformerLayer(X, heads, parseMatrix(rolls.W_o), mask, p, "post");
    var pre = transformerLayer(X, heads, parseMatrix(rolls.W_o), mask, p, "pre");
    var result = inputs.norm === "pre" ? pre : post; // the example's own norm, or the reader's
    var ffn = feedForward(result.R, p.W_1, p.b_1, p.W_2, p.b_2);
    var norm1 = normStatistics(result.attention.residual), norm2 = normStatistics(result.RplusF);
    var logits = matmul(result.Y, parseMatrix(inputs.W_vocab)); // (n, d_model) x (d_model, vocab) -> (n, vocab)
    var newest = logits[LAST], next = newest.indexOf(Math.max.apply(null, newest)); // the first index on ties
    function rowsGrid(array, prefix) { return grid(array, TOKENS, labels(prefix, array[0].length), STYLE, "token"); }
    function authoredGrid(field, rows, cols, corner) { return grid(parseMatrix(inputs[field]), rows, cols, STYLE, corner, inputs[field]); }
    function authoredRow(field, label, prefix) {
      return grid(parseMatrix([inputs[field]]), [label], labels(prefix, inputs[field].length), STYLE, "", [inputs[field]]);
    }
    function statsTable(before, s, after, beforeTitle, afterTitle) {
      return table([column("token", "token", false), column("row", beforeTitle), column("mean", "mean"), column("variance", "variance"),
                    column("normalised", afterTitle)],
        TOKENS.map(function (token, i) { return [token, vec(before[i], STYLE), num(s.mean[i], STYLE), num(s.variance[i], STYLE), vec(after[i], STYLE)]; }));
    }
    return {
      x: function () { return rowsGrid(result.X, "x"); },
      u: function () { return rowsGrid(result.U, "u"); },
      "x-plus-u": function () { return rowsGrid(result.attention.residual, "s"); },
      "norm-1-stats": function () { return statsTable(result.attention.residual, norm1, result.R, "row of X + U", "row of R"); },
      "norm-1-mean": function () { return grid(norm1.mean.map(function (m) { return [m]; }), TOKENS, ["mean"], STYLE, "token"); },
      r: function () { return rowsGrid(result.R, "r"); },
      "w-1": function () { return authoredGrid("W_1", labels("r", inputs.W_1.length), labels("h", inputs.W_1[0].length), "row of $W_1$"); },
      "b-1": function () { return authoredRow("b_1", "b_1", "h"); },
      "w-2": function () { return authoredGrid("W_2", labels("h", inputs.W_2.length), labels("f", inputs.W_2[0].length), "row of $W_2$"); },
      "b-2": function () { return authoredRow("b_2", "b_2", "f"); },
      "ffn-pre": function () { return rowsGrid(ffn.pre, "h"); },
      "ffn-hidden": function () { return rowsGrid(ffn.hidden, "h"); },
      f: function () { return rowsGrid(result.F, "f"); },
      "r-plus-f": function () { return rowsGrid(result.RplusF, "s"); },
      "norm-2-stats": function () { return statsTable(result.RplusF, norm2, result.Y, "row of R + F", "row of Y"); },
      y: function () { return rowsGrid(result.Y, "y"); },
      "rolls-steps": function () {
        var steps = [["input", "X", result.X], ["1", "U = MultiHead(X)", result.U], ["2", "R = LayerNorm(X + U)", result.R],
                     ["3", "F = FFN(R)", result.F], ["4", "Y = LayerNorm(R + F)", result.Y]];
        return table([column("step", "step", false), column("array", "array", false), column("rolls", "row of " + TOKENS[LAST])],
          steps.map(function (s) { return [s[0], s[1], vec(s[2][LAST], STYLE)]; }));
      },
      "w-vocab": function () { return authoredGrid("W_vocab", labels("y", inputs.W_vocab.length), WORDS, "row of $W_{\\text{vocab}}$"); },
      logits: function () { return grid(logits, TOKENS, WORDS, STYLE, "row \\ word"); },
      "next-token": function () {
        return table([column("row", "newest row", false), column("logit", "largest logit"), column("word", "next token", false)],
          [[TOKENS[LAST], num(newest[next], STYLE), WORDS[next]]]);
      },
      norms: function () {
        var rows = [["R", post.R, pre.R], ["F", post.F, pre.F], ["Y", post.Y, pre.Y]].map(function (r) {
          return [r[0], vec(r[1][LAST], STYLE), vec(r[2][LAST], STYLE)];
        }); // a one-layer stack's output: post-norm's Y as it is, pre-norm's after its final LayerNorm
        rows.push(["output of a one-layer stack", vec(post.Y[LAST], STYLE), vec(layerNorm(pre.Y)[LAST], STYLE)]);
        return table([column("array", "row of rolls in", false), column("post", "post-norm (2017)"), column("pre", "pre-norm")], rows);
      },
      epsilon: function () { return { type: "scalar", unchanged: true }; }, // layer_norm's default, which no input changes
      "norms-diagram": unchangedFigure // shapes only
    };
  };
});
