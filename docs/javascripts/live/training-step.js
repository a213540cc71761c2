/* Live pages: the entries of training-step (directives/entries/training_step.py), mirrored for live.js, which loads
   this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("training-step", function (core) {
  "use strict";
  const { attention, checkedWeights, fail, grid, labels, matmul, parseEntry, parseMatrix, scalar, softmaxRow, style, sum, transpose } = core;

  /** Python's repr of a float, as an error message of the build quotes one: 2.0, 0.125, 1e-05, 1e+16. */
  function pythonRepr(x) {
    if (!isFinite(x)) return isNaN(x) ? "nan" : x < 0 ? "-inf" : "inf";
    if (x === 0) return 1 / x < 0 ? "-0.0" : "0.0";
    var parts = x.toExponential().split("e"), power = Number(parts[1]); // the shortest digits that read back as x
    if (power < -4 || power >= 16) return parts[0] + "e" + (power < 0 ? "-" : "+") + (Math.abs(power) < 10 ? "0" : "") + Math.abs(power);
    var text = String(x);
    return text.indexOf(".") < 0 ? text + ".0" : text;
  }

  // ---- attention_core/gradients.py ----
  function matrixVector(A, x) { return A.map(function (row) { return row.reduce(function (running, a, k) { return running + a * x[k]; }, 0); }); }

  /** softmax_jacobian: J = diag(a) - a a^T, the derivative of softmax at weights a. (m,) -> (m, m) */
  function softmaxJacobian(a) {
    if (!a.every(isFinite) || a.some(function (x) { return x < 0; }) || Math.abs(sum(a) - 1) > 1e-9) {
      fail("the weights a must be finite, at least 0 and sum to 1, got sum " + pythonRepr(sum(a)));
    }
    return a.map(function (ai, i) { return a.map(function (aj, j) { return (i === j ? ai : 0) - ai * aj; }); }); // (m, m) - (m, 1) x (1, m)
  }

  /** dot_product_jacobian: da/dr for a = softmax(r / divisor), the chain rule's 1 / divisor counted. (m,) -> (m, m) */
  function dotProductJacobian(r, divisor) {
    var J = softmaxJacobian(softmaxRow(r.map(function (x) { return x / divisor; })));
    return J.map(function (row) { return row.map(function (x) { return x / divisor; }); });
  }

  /** query_gradient: every step of the backward pass from L = 1/2 |O[row] - target|^2 to W_q. */
  function queryGradient(X, W_q, W_k, W_v, row, target, mask) {
    var Q = matmul(X, W_q), K = matmul(X, W_k), V = matmul(X, W_v); // (n, d_model) x (d_model, d) -> (n, d)
    var head = attention(Q, K, V, 1 / Math.sqrt(K[0].length), mask);
    var dO = head.output.map(function (o, i) { return o.map(function (x, k) { return i === row ? x - target[k] : 0; }); }); // (n, d_v)
    var loss = 0.5 * dO[row].reduce(function (running, d) { return running + d * d; }, 0); // (d_v,) . (d_v,) -> ()
    var dA = matmul(dO, transpose(V)); // (n, d_v) x (d_v, n) -> (n, n)
    var dM = head.weights.map(function (a, i) { return matrixVector(softmaxJacobian(a), dA[i]); }); // n x (n, n)(n,) -> (n, n)
    var dQ = matmul(dM, K).map(function (r) { return r.map(function (x) { return head.scale * x; }); }); // (n, n) x (n, d_k) -> (n, d_k)
    return { head: head, loss: loss, dO: dO, dA: dA, jacobian: softmaxJacobian(head.weights[row]), dM: dM, dQ: dQ,
             dW_q: matmul(transpose(X), dQ) }; // (d_model, n) x (n, d_k) -> (d_model, d_k)
  }

  /** query_step: one step W_q <- W_q - learning_rate dL/dW_q, and the gradient again after it. */
  function queryStep(X, W_q, W_k, W_v, row, target, learningRate, mask) {
    var before = queryGradient(X, W_q, W_k, W_v, row, target, mask);
    var W_q_after = W_q.map(function (r, i) { return r.map(function (w, k) { return w - learningRate * before.dW_q[i][k]; }); }); // (d_model, d_k)
    return { before: before, W_q_after: W_q_after, after: queryGradient(X, W_q_after, W_k, W_v, row, target, mask) };
  }

  // ---- attention_core/examples/scaling.py: the weights the Jacobians are taken at ----
  function scalingScores(inputs) {
    var q = parseMatrix([inputs.query])[0], K = parseMatrix(inputs.keys); // (d_k,), (2, d_k)
    var raw = K.map(function (k) { return k.reduce(function (running, x, i) { return running + x * q[i]; }, 0); }); // (2, d_k) x (d_k,) -> (2,)
    var divisor = Math.sqrt(q.length);
    return { raw: raw, divisor: divisor, rawWeights: softmaxRow(raw), scaledWeights: softmaxRow(raw.map(function (s) { return s / divisor; })) };
  }

  function largestSize(J) { return Math.max.apply(null, J.map(function (row) { return Math.max.apply(null, row.map(Math.abs)); })); }
  function column(values) { return values.map(function (x) { return [x]; }); } // (n,) -> (n, 1)

  return function (data, inputs, all) { // built on red ball rolls (head 1) and scaling (the Jacobians' weights)
    var EXACT = style(true, 3), DECIMAL = style(false, 3), FIGURES = style(false, 3, true); // FIGURES: 0.000335
    var TOKENS = data.tokens, ROW = TOKENS.indexOf(data.focus), FOCUS = [data.focus];
    var CORNER = "weight \\ score", ONE_ROW = "row \\ key";
    var rolls = all[data.built_on.head_source], weighed = scalingScores(all[data.built_on.weights_source]);
    var KEYS = weighed.raw.map(function (_, j) { return "k" + (j + 1); });
    var X = parseMatrix(rolls.X), W_q = parseMatrix(rolls.W_q), target = parseMatrix([inputs.target])[0];
    var mask = rolls.causal ? TOKENS.map(function (_, i) { return TOKENS.map(function (_, j) { return j <= i; }); }) : null;
    var learningRate = parseEntry(inputs.learning_rate).value, saturated = parseMatrix([inputs.saturated])[0];
    var OUTPUT = labels("o", target.length), WIDTH = W_q[0].length === 1 ? ["q"] : labels("q", W_q[0].length);
    var made = null;
    /** The backward pass and the step, computed when a directive first asks. */
    function step() {
      return made || (made = queryStep(X, W_q, parseMatrix(rolls.W_k), parseMatrix(rolls.W_v), ROW, target, learningRate, mask));
    }
    var raw = softmaxJacobian(weighed.rawWeights), scaled = softmaxJacobian(weighed.scaledWeights);
    var largest = [largestSize(raw), largestSize(scaled)];
    var saturatedScores = [saturated, saturated.map(function (s) { return s / weighed.divisor; })]; // (2, m)
    var gradients = [weighed.raw, saturated].map(function (r) { // (2, 2): unscaled, scaled
      return [1, weighed.divisor].map(function (d) { return largestSize(dotProductJacobian(r, d)); });
    });
    function jacobianGrid(J) { return grid(J, KEYS, KEYS, DECIMAL, CORNER); }
    function rowGrid(values, cols, s, corner) { return grid([values], FOCUS, cols, s, corner); }
    return {
      "raw-jacobian": function () { return jacobianGrid(raw); },
      "scaled-jacobian": function () { return jacobianGrid(scaled); },
      "largest-entries": function () { return grid(column(largest), ["raw", "scaled"], ["largest"], DECIMAL, "Jacobian"); },
      "largest-growth": function () { // the largest |J_ij| raw minus |J_ij| scaled over the entries
        return scalar(Math.max.apply(null, [].concat.apply([], raw.map(function (r, i) {
          return r.map(function (x, j) { return Math.abs(x) - Math.abs(scaled[i][j]); });
        }))), DECIMAL);
      },
      "largest-ratio": function () { return scalar(largest[0] / largest[1], DECIMAL); },
      "saturated-scores": function () { return grid(saturatedScores, ["raw", "scaled"], KEYS, EXACT, "scores"); },
      "saturated-weights": function () { return grid(checkedWeights(saturatedScores.map(softmaxRow)), ["raw", "scaled"], KEYS, FIGURES, "weights"); },
      "dot-product-gradients": function () {
        var table = gradients.map(function (g) { return [g[0], g[1], g[1] / g[0]]; }); // (2, 2) and (2,) -> (2, 3)
        return grid(table, ["mild", "saturated"], ["unscaled", "scaled", "ratio"], FIGURES, "raw pair");
      },
      "rolls-jacobian": function () { return grid(step().before.jacobian, TOKENS, TOKENS, EXACT, CORNER); },
      target: function () { return grid([target], ["target"], OUTPUT, EXACT, "row", [inputs.target]); },
      error: function () { return rowGrid(step().before.dO[ROW], OUTPUT, EXACT, "row"); },
      "d-weights": function () { return rowGrid(step().before.dA[ROW], TOKENS, EXACT, ONE_ROW); },
      "d-scores": function () { return rowGrid(step().before.dM[ROW], TOKENS, EXACT, ONE_ROW); },
      "d-queries": function () { return grid(step().before.dQ, TOKENS, WIDTH, DECIMAL, "token"); },
      "d-w-q": function () { return grid(step().before.dW_q, TOKENS, WIDTH, DECIMAL, "row of $W_Q$"); },
      "learning-rate": function () { return scalar(learningRate, EXACT); },
      "w-q-after": function () { return grid(step().W_q_after, TOKENS, WIDTH, DECIMAL, "row of $W_Q$"); },
      "weights-after": function () { return grid(checkedWeights([step().after.head.weights[ROW]]), FOCUS, TOKENS, DECIMAL, "query \\ key"); },
      "weights-change": function () {
        var before = step().before.head.weights[ROW], after = step().after.head.weights[ROW]; // (n,) each
        return rowGrid(after.map(function (a, j) { return a - before[j]; }), TOKENS, DECIMAL, "query \\ key");
      },
      "output-after": function () { return rowGrid(step().after.head.output[ROW], OUTPUT, DECIMAL, "row"); },
      loss: function () {
        var s = step(), before = s.before.loss, after = s.after.loss;
        if (!(after < before)) {
          fail("the step did not lower the loss (" + pythonRepr(before) + " before, " + pythonRepr(after) + " after); nothing is published");
        }
        return grid([[before, after]], ["loss"], ["before", "after"], DECIMAL, "");
      },
      "target-distance": function () { // |v_j - t| for each value row of head 1, (n, d_v) - (d_v,) -> (n,)
        return grid(column(step().before.head.V.map(function (v) {
          return Math.sqrt(v.reduce(function (running, x, k) { return running + (x - target[k]) * (x - target[k]); }, 0));
        })), TOKENS, ["distance"], DECIMAL, "token");
      }
    };
  };
});
