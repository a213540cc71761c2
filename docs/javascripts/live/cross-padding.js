/* Live pages: the entries of cross-padding (directives/entries/cross_padding.py), mirrored for live.js, which loads
   this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("cross-padding", function (core) {
  "use strict";
  const { attention, checkedWeights, grid, labels, matmul, parseMatrix, scalar, style, sum, transpose } = core;
  // The example's fixed fields (examples/cross_padding.py), which live.json does not carry: no reader changes them,
  // and the parity test's page as built holds these to the example's.
  var RIGHT_REAL = [true, true, false], LEFT_REAL = [false, true, true], FINITE_FILL = -1e9, PAD = "[pad]";
  var MASKINGS = ["additive", "where"]; // cross.MASKINGS: S + B with B = -inf where masked; where(mask, S, -inf)

  // ---- attention_core/softmax.py and cross.py: masks as booleans, True where a query may use a key ----
  /** causal_mask: key j allowed for query i when j <= i, (n, n). */
  function causalMask(n) {
    var rows = []; for (var i = 0; i < n; i++) { var row = []; for (var j = 0; j < n; j++) row.push(j <= i); rows.push(row); }
    return rows;
  }
  /** padding_mask: key j allowed when it is a real token, for every query, (n,) -> (n, n). */
  function paddingMask(real) { return real.map(function () { return real.slice(); }); }
  /** combine_masks: the logical AND of two masks of one shape. */
  function combineMasks(A, B) { return A.map(function (row, i) { return row.map(function (a, j) { return a && B[i][j]; }); }); }
  /** empty_rows: True for each query that may use no key, (n, m) -> (n,). */
  function emptyRows(mask) { return mask.map(function (row) { return !row.some(Boolean); }); }
  /** filled_softmax: softmax of S with masked scores set to `fill`, unchecked: with -inf a row of no key is 0/0, NaN. */
  function filledSoftmax(S, mask, fill) {
    return S.map(function (row, i) {
      var M = row.map(function (s, j) { return mask[i][j] ? s : fill; }), top = Math.max.apply(null, M);
      var powers = M.map(function (m) { return Math.exp(m - top); }), total = sum(powers);
      return powers.map(function (p) { return p / total; });
    });
  }
  /** nan_zeroed_score_gradient: dL/dS when the NaN weights of softmax over -inf are replaced by 0 before O = A V;
      `where` (masked_fill) writes 0 at every masked entry, `additive` (S + B) keeps the NaN. */
  function nanZeroedScoreGradient(S, mask, V, dO, masking) {
    var A = filledSoftmax(S, mask, -Infinity), G = matmul(dO, transpose(V)); // (n, d_v) x (d_v, m) -> (n, m)
    var dA = A.map(function (row, i) { return row.map(function (a, j) { return isNaN(a) ? 0 : G[i][j]; }); });
    return A.map(function (row, i) {
      var inner = sum(dA[i].map(function (d, j) { return d * row[j]; }));
      return row.map(function (a, j) { var dM = a * (dA[i][j] - inner); return masking === "additive" || mask[i][j] ? dM : 0; });
    });
  }
  function nanCount(A) { return sum(A.map(function (row) { return row.filter(isNaN).length; })); }
  function asNumbers(mask) { return mask.map(function (row) { return row.map(Number); }); }

  return function (data, inputs, all, examples) { // built on red ball rolls: its tokens, X and head 1
    var rolls = all[data.built_on.source], ENCODER = examples[data.built_on.source].tokens, TOKENS = data.tokens;
    var EXACT = style(true, 3), CORNER = "query \\ key";
    var X = parseMatrix(rolls.X), W_q = parseMatrix(rolls.W_q), W_k = parseMatrix(rolls.W_k), W_v = parseMatrix(rolls.W_v);
    var X_dec = parseMatrix(inputs.X_dec), W_q_dec = parseMatrix(inputs.W_q_dec);
    // cross_attention: Q = X_dec W_q (n, d_k), K = X W_k (m, d_k), V = X W_v (m, d_v), each (rows, d_model) x (d_model, ...)
    var cross = attention(matmul(X_dec, W_q_dec), matmul(X, W_k), matmul(X, W_v), 1 / Math.sqrt(W_q_dec[0].length));
    var D_K = cross.Q[0].length, D_V = cross.V[0].length;
    function widthLabels(prefix, width) { return width === 1 ? [prefix] : labels(prefix, width); }
    /** The sequence with [pad] where `real` is False, real tokens in order from red. */
    function paddedTokens(real) { var k = 0; return real.map(function (flag) { return flag ? ENCODER[k++] : PAD; }); }
    /** Its input rows: rolls' rows in order, [pad] taking rolls' last row, (n, d_model). */
    function paddedRows(real) { var k = 0; return real.map(function (flag) { return flag ? X[k++] : X[X.length - 1]; }); }
    function combined(real) { return combineMasks(causalMask(real.length), paddingMask(real)); }
    /** Head 1's scores Q K^T / sqrt(d_k) of the padded sequence, (n, n). */
    function scores(real) {
      var rows = paddedRows(real), Q = matmul(rows, W_q), K = matmul(rows, W_k); // (n, d_model) x (d_model, d_k) -> (n, d_k)
      return matmul(Q, transpose(K)).map(function (row) { return row.map(function (s) { return s / Math.sqrt(Q[0].length); }); });
    }
    function maskGrid(mask, real) { var tokens = paddedTokens(real); return grid(asNumbers(mask), tokens, tokens, EXACT, CORNER); }
    function counts(values, real, col, corner) { return grid(values.map(function (c) { return [c]; }), paddedTokens(real), [col], EXACT, corner); }
    function right() {
      var rows = paddedRows(RIGHT_REAL), Q = matmul(rows, W_q), K = matmul(rows, W_k), V = matmul(rows, W_v); // (n, d_k), (n, d_k), (n, d_v)
      return attention(Q, K, V, 1 / Math.sqrt(Q[0].length), combined(RIGHT_REAL));
    }
    var leftInfinite = filledSoftmax(scores(LEFT_REAL), combined(LEFT_REAL), -Infinity);
    var leftNanCounts = leftInfinite.map(function (row) { return row.filter(isNaN).length; });
    function nanGradients() {
      var rows = paddedRows(LEFT_REAL), K = matmul(rows, W_k), V = matmul(rows, W_v); // (n, d_k), (n, d_v)
      var dO = LEFT_REAL.map(function (flag) { return V[0].map(function () { return flag ? 1 : 0; }); }); // (n, d_v): 1 on real rows
      return MASKINGS.map(function (masking) {
        var dS = nanZeroedScoreGradient(scores(LEFT_REAL), combined(LEFT_REAL), V, dO, masking); // (n, n)
        var dSK = matmul(dS, K).map(function (row) { return row.map(function (x) { return x / Math.sqrt(K[0].length); }); }); // (n, n) x (n, d_k)
        return [nanCount(dS), nanCount(matmul(transpose(rows), dSK))]; // (d_model, n) x (n, d_k) -> (d_model, d_k)
      });
    }
    return {
      "decoder-inputs": function () { return grid(X_dec, TOKENS, labels("x", X_dec[0].length), EXACT, "token", inputs.X_dec); },
      "w-q-decoder": function () {
        return grid(W_q_dec, labels("x", W_q_dec.length), widthLabels("q", D_K), EXACT, "row of $W_Q$", inputs.W_q_dec);
      },
      "decoder-queries": function () { return grid(cross.Q, TOKENS, widthLabels("q", D_K), EXACT, "token"); },
      "cross-scores": function () { return grid(cross.scaled, TOKENS, ENCODER, EXACT, CORNER); },
      "cross-weights": function () { return grid(checkedWeights(cross.weights), TOKENS, ENCODER, EXACT, CORNER); },
      "cross-output": function () { return grid(cross.output, TOKENS, labels("o", D_V), EXACT, "token"); },
      "right-causal": function () { return maskGrid(causalMask(RIGHT_REAL.length), RIGHT_REAL); },
      "right-padding": function () { return maskGrid(paddingMask(RIGHT_REAL), RIGHT_REAL); },
      "right-combined": function () { return maskGrid(combined(RIGHT_REAL), RIGHT_REAL); },
      "right-weights": function () {
        var tokens = paddedTokens(RIGHT_REAL);
        return grid(checkedWeights(right().weights, combined(RIGHT_REAL)), tokens, tokens, EXACT, CORNER);
      },
      "left-combined": function () { return maskGrid(combined(LEFT_REAL), LEFT_REAL); },
      "left-allowed": function () { return counts(combined(LEFT_REAL).map(function (row) { return row.filter(Boolean).length; }), LEFT_REAL, "keys", "query"); },
      "left-empty-rows": function () { return scalar(emptyRows(combined(LEFT_REAL)).filter(Boolean).length, EXACT); },
      "left-nan": function () { return counts(leftNanCounts, LEFT_REAL, "NaN", "query"); },
      "left-finite-weights": function () {
        var tokens = paddedTokens(LEFT_REAL);
        return grid(checkedWeights(filledSoftmax(scores(LEFT_REAL), combined(LEFT_REAL), FINITE_FILL)), tokens, tokens, EXACT, CORNER);
      },
      "left-infinite-weights": function () {
        var tokens = paddedTokens(LEFT_REAL), kept = tokens.map(function (_, i) { return i; }).filter(function (i) { return leftNanCounts[i] === 0; });
        return grid(kept.map(function (i) { return leftInfinite[i]; }), kept.map(function (i) { return tokens[i]; }), tokens, EXACT, CORNER);
      },
      "nan-gradients": function () { return grid(nanGradients(), MASKINGS, ["dS", "dW_Q"], EXACT, "NaN entries in"); },
      "finite-fill": function () { return scalar(FINITE_FILL, EXACT); },
      lengths: function () {
        return grid([RIGHT_REAL, LEFT_REAL].map(function (real) { return [real.filter(Boolean).length, real.length]; }),
                    ["right", "left"], ["real", "n"], EXACT, "padding");
      }
    };
  };
});
