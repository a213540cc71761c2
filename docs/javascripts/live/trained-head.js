/* Live pages: the entries of trained-head (directives/entries/trained_head.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. The head is
   trained here as attention_core/learning.py trains it, function by function, on flat Float64Arrays (row-major:
   element [b, t, k] of a (B, T, d_k) array at (b * T + t) * d_k + k), summing as NumPy sums where it can (np.mean
   and row totals pairwise). NumPy's exp comes from the CPU (AVX-512's or glibc's), so the last bit may differ; a
   run that settles forgets it, and every printed digit agrees (the parity test holds it, d_k from 2: see the
   example). */
window.AttentionByHand.live.define("trained-head", function (core) {
  "use strict";
  const { checkedWeights, defaultRng, fail, fixed, general, grid, growthCharts, heatmap, heatmapSvg, parseEntry, scalar, style } = core;
  var INIT_SD = 0.1; // learning.INIT_SD
  var WHOLE = style(true, 0), EXACT = style(true, 3), DECIMAL = style(false, 3);

  /** NumPy's float64 sum (np.add.reduce): pairwise, eight running sums for a block of up to 128 numbers. `n`
      numbers of `a` from `start`, `stride` apart. np.mean is this divided by the count. */
  function pairwiseSum(a, start, n, stride) {
    var i, total;
    if (n < 8) {
      for (total = 0, i = 0; i < n; i++) total += a[start + i * stride];
      return total;
    }
    if (n <= 128) {
      var r0 = a[start], r1 = a[start + stride], r2 = a[start + 2 * stride], r3 = a[start + 3 * stride];
      var r4 = a[start + 4 * stride], r5 = a[start + 5 * stride], r6 = a[start + 6 * stride], r7 = a[start + 7 * stride];
      for (i = 8; i < n - (n % 8); i += 8) {
        var at = start + i * stride;
        r0 += a[at]; r1 += a[at + stride]; r2 += a[at + 2 * stride]; r3 += a[at + 3 * stride];
        r4 += a[at + 4 * stride]; r5 += a[at + 5 * stride]; r6 += a[at + 6 * stride]; r7 += a[at + 7 * stride];
      }
      total = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
      for (; i < n; i++) total += a[start + i * stride];
      return total;
    }
    var half = Math.floor(n / 2);
    half -= half % 8;
    return pairwiseSum(a, start, half, stride) + pairwiseSum(a, start + half * stride, n - half, stride);
  }

  /** initialise_head: W_Q, W_K, W_V (d_model, d_k) then W_O (d_k, V), each entry normal with sd INIT_SD. */
  function initialiseHead(rng, dModel, dK, vocabulary) {
    function draw(count) { return Float64Array.from(rng.normal(0, INIT_SD, count)); }
    return { W_Q: draw(dModel * dK), W_K: draw(dModel * dK), W_V: draw(dModel * dK), W_O: draw(dK * vocabulary) };
  }

  /** previous_token_task: `sequences` rows of `length` token ids, each uniform over `vocabulary`, (B, T). */
  function previousTokenTask(rng, sequences, length, vocabulary) {
    return Int32Array.from(rng.integers(vocabulary, sequences * length));
  }

  /** even_weights: causal weights spread evenly, row t giving 1/t to each of its t visible positions, (T, T). */
  function evenWeights(T) {
    var W = new Float64Array(T * T);
    for (var i = 0; i < T; i++) for (var j = 0; j <= i; j++) W[i * T + j] = 1 / (i + 1);
    return W;
  }

  /** one_hot_inputs, as the head reads it: X = [one-hot of the word, one-hot of the position] (B, T, V + T), so that
      a row of X W is W[word] + W[V + t], what X @ W sums (the rest of the row adds exact zeros). A batch: its
      tokens, its sizes, and where each position's row of a table of X W lies (`projected`). */
  function batchOf(tokens, B, T, V, dK) {
    var row = new Int32Array(B * T);
    for (var b = 0; b < B; b++) for (var t = 0; t < T; t++) row[b * T + t] = (tokens[b * T + t] * T + t) * dK;
    return { tokens: tokens, B: B, T: T, V: V, dK: dK, row: row };
  }

  /** X W for every word at every position, (V x T) rows of width d_k: row v * T + t is W[v] + W[V + t]. */
  function projected(W, table, V, T, dK) {
    for (var v = 0; v < V; v++) {
      for (var t = 0; t < T; t++) {
        for (var k = 0; k < dK; k++) table[(v * T + t) * dK + k] = W[v * dK + k] + W[(V + t) * dK + k];
      }
    }
    return table;
  }

  /** Whether every entry of `a` is finite. */
  function finite(a) {
    for (var i = 0; i < a.length; i++) if (a[i] - a[i] !== 0) return false;
    return true;
  }
  function largest(a) { var most = 0; for (var i = 0; i < a.length; i++) most = Math.max(most, Math.abs(a[i])); return most; }

  /** The arrays of one pass over a batch, made once and filled again at every step. */
  function passArrays(batch) {
    var B = batch.B, T = batch.T, V = batch.V, dK = batch.dK;
    function f(n) { return new Float64Array(n); }
    return { Q: f(V * T * dK), K: f(V * T * dK), V: f(V * T * dK), A: f(B * T * T), O: f(B * T * dK), P: f(B * T * V),
             z: f(V), picked: f(B * (T - 1)), shares: f(B * (T - 1)), dO: f(B * T * dK), dZ: f(V), dA: f(T), dS: f(T), dV: f(T * dK), dQ: f(T * dK),
             dK: f(T * dK), grads: { W_Q: f((V + T) * dK), W_K: f((V + T) * dK), W_V: f((V + T) * dK), W_O: f(dK * V) } };
  }

  /** head_forward: the head on a batch, scored against each previous token, into `out` (passArrays). Q, K, V = X W,
      S = Q K^T / sqrt(d_k) under the causal mask, A = softmax(S) (or `weights` (T, T) in its place), O = A V,
      Z = O W_O, P = softmax(Z), the loss the mean of -log P[t, x_{t-1}] over t > 1 (the first position's P, which
      nothing reads, is not computed). Returns the loss and whether every number of the pass, masked scores and the
      first position's logits too, is finite, as NumPy's overflow check sees them. */
  function headForward(p, batch, out, weights) {
    var B = batch.B, T = batch.T, V = batch.V, dK = batch.dK, row = batch.row, tokens = batch.tokens;
    var Q = projected(p.W_Q, out.Q, V, T, dK), K = projected(p.W_K, out.K, V, T, dK), Vs = projected(p.W_V, out.V, V, T, dK);
    var A = out.A, O = out.O, P = out.P, z = out.z, W_O = p.W_O, root = Math.sqrt(dK), ok = finite(Q) && finite(K) && finite(Vs);
    var b, i, j, k, v, s, most, total, at, oi, zi;
    for (b = 0; b < B; b++) {
      for (i = 0; i < T; i++) {
        var qi = row[b * T + i], top = 0;
        at = (b * T + i) * T; // Q (B, T, d_k) x K^T (B, d_k, T) -> S (B, T, T), kept in A until the softmax
        if (weights) { for (j = 0; j <= i; j++) A[at + j] = weights[i * T + j]; }
        else {
          for (most = -Infinity, j = 0; j <= i; j++) {
            var kj = row[b * T + j];
            for (s = 0, k = 0; k < dK; k++) s += Q[qi + k] * K[kj + k];
            A[at + j] = s = s / root;
            if (s - s !== 0) ok = false;
            if (s > most) { most = s; top = j; }
          } // a query sees itself and the positions before it: the rest of the row is -inf, weight 0
          for (j = 0; j <= i; j++) A[at + j] = j === top ? 1 : Math.exp(A[at + j] - most); // e^(s - max): e^0 = 1
          // (the masked entries of A stay 0: nothing writes them)
          total = pairwiseSum(A, at, T, 1);
          for (j = 0; j <= i; j++) A[at + j] /= total;
        }
        oi = (b * T + i) * dK; // A (B, T, T) x V (B, T, d_k) -> O (B, T, d_k); the masked weights, 0, add exact zeros
        for (k = 0; k < dK; k++) {
          for (s = 0, j = 0; j <= i; j++) s += A[at + j] * Vs[row[b * T + j] + k];
          O[oi + k] = s;
        }
        if (i === 0) continue; // its logits are finite if the bound below says so, and its P is never read
        zi = (b * T + i) * V; // O (B, T, d_k) x W_O (d_k, V) -> Z (B, T, V), then P = softmax(Z)
        for (most = -Infinity, v = 0; v < V; v++) {
          for (s = 0, k = 0; k < dK; k++) s += O[oi + k] * W_O[k * V + v];
          z[v] = s;
          if (s - s !== 0) ok = false;
          if (s > most) { most = s; top = v; }
        }
        for (v = 0; v < V; v++) P[zi + v] = v === top ? 1 : Math.exp(z[v] - most);
        total = pairwiseSum(P, zi, V, 1);
        for (v = 0; v < V; v++) P[zi + v] /= total;
        out.picked[b * (T - 1) + i - 1] = -Math.log(P[zi + tokens[b * T + i - 1]]); // P of the previous token
      }
    }
    if (ok && largest(Q) * largest(K) * dK > 1e300) ok = maskedFinite(Q, K, batch, false);
    if (ok && largest(Vs) * largest(W_O) * dK > 1e300) ok = firstLogitsFinite(O, W_O, batch);
    var loss = pairwiseSum(out.picked, 0, out.picked.length, 1) / out.picked.length;
    return { loss: loss, finite: ok && loss - loss === 0 };
  }

  /** Whether the products of rows of `L` and `R` that the causal mask hides (query i, key j > i) are finite too:
      NumPy computes them, scores and dA alike, before the mask sets them aside, and stops on an overflow there.
      Asked only when the largest entries could make one overflow. `byPosition`: L is (B, T, d_k), not a table. */
  function maskedFinite(L, R, batch, byPosition) {
    var T = batch.T, dK = batch.dK;
    for (var b = 0; b < batch.B; b++) {
      for (var i = 0; i < T; i++) {
        for (var j = i + 1; j < T; j++) {
          var s = 0, li = byPosition ? (b * T + i) * dK : batch.row[b * T + i], rj = batch.row[b * T + j];
          for (var k = 0; k < dK; k++) s += L[li + k] * R[rj + k];
          if (s - s !== 0) return false;
        }
      }
    }
    return true;
  }

  /** Whether the first position's logits O W_O are finite (NumPy computes them): asked only when they could overflow. */
  function firstLogitsFinite(O, W_O, batch) {
    var T = batch.T, V = batch.V, dK = batch.dK;
    for (var b = 0; b < batch.B; b++) {
      for (var v = 0; v < V; v++) {
        for (var s = 0, k = 0; k < dK; k++) s += O[b * T * dK + k] * W_O[k * V + v];
        if (s - s !== 0) return false;
      }
    }
    return true;
  }

  /** head_gradients: the forward pass and dL/dW for W_Q, W_K, W_V, W_O (into out.grads) by the chain rule backwards
      from the loss; `finite` says whether every number of the pass was (training stops at the first step where one
      is not). */
  function headGradients(p, batch, out) {
    var run = headForward(p, batch, out), B = batch.B, T = batch.T, V = batch.V, dK = batch.dK, row = batch.row;
    var A = out.A, Q = out.Q, K = out.K, Vs = out.V, O = out.O, P = out.P, W_O = p.W_O, root = Math.sqrt(dK);
    var count = B * (T - 1), dZ = out.dZ, dO = out.dO, dA = out.dA, dS = out.dS, dV = out.dV, dQ = out.dQ, dK_ = out.dK;
    var g = out.grads, gO = g.W_O, gQ = g.W_Q, gK = g.W_K, gV = g.W_V;
    var b, i, j, k, v, s, total;
    gO.fill(0); gQ.fill(0); gK.fill(0); gV.fill(0); // dO's first position stays 0: nothing writes it
    for (b = 0; b < B; b++) {
      for (i = 1; i < T; i++) { // the first position has no previous token: dZ, and so dO, are 0 there
        var zi = (b * T + i) * V, oi = (b * T + i) * dK, y = batch.tokens[b * T + i - 1];
        for (v = 0; v < V; v++) dZ[v] = (v === y ? P[zi + v] - 1 : P[zi + v]) / count; // (P - Y) / count
        for (k = 0; k < dK; k++) {
          var o = O[oi + k];
          for (s = 0, v = 0; v < V; v++) { gO[k * V + v] += o * dZ[v]; s += dZ[v] * W_O[k * V + v]; }
          dO[oi + k] = s; // dZ (B, T, V) x W_O^T (V, d_k) -> dO (B, T, d_k); O^T dZ summed over the batch: dW_O (d_k, V)
        }
      }
      dV.fill(0); dQ.fill(0); dK_.fill(0);
      for (i = 1; i < T; i++) { // the first position, whose dO is 0, adds exact zeros
        var at = (b * T + i) * T, di = (b * T + i) * dK, qi = row[b * T + i];
        for (j = 0; j <= i; j++) { // dO (B, T, d_k) x V^T (B, d_k, T) -> dA (B, T, T)
          var vj = row[b * T + j];
          for (s = 0, k = 0; k < dK; k++) s += dO[di + k] * Vs[vj + k];
          dS[j] = s;
          dA[j] = A[at + j] * s;
        }
        for (j = i + 1; j < T; j++) dA[j] = 0; // the masked weights, 0, times dA
        total = pairwiseSum(dA, 0, T, 1); // (A * dA) summed along the row
        for (j = 0; j <= i; j++) {
          var a = A[at + j], kj = row[b * T + j], d = a * (dS[j] - total); // each row times J = diag(a) - a a^T: dS
          for (k = 0; k < dK; k++) {
            dV[j * dK + k] += a * dO[di + k]; // A^T (B, T, T) x dO (B, T, d_k) -> dV (B, T, d_k)
            dQ[i * dK + k] += d * K[kj + k]; // dS (B, T, T) x K (B, T, d_k) -> dQ (B, T, d_k)
            dK_[j * dK + k] += d * Q[qi + k]; // dS^T (B, T, T) x Q (B, T, d_k) -> dK (B, T, d_k)
          }
        }
      }
      for (i = 0; i < T; i++) { // X^T dQ, X^T dK, X^T dV: each position's row added to its word's row and its position's
        var word = batch.tokens[b * T + i] * dK, place = (V + i) * dK;
        for (k = 0; k < dK; k++) {
          var q = dQ[i * dK + k] / root, kk = dK_[i * dK + k] / root, vv = dV[i * dK + k];
          gQ[word + k] += q; gQ[place + k] += q;
          gK[word + k] += kk; gK[place + k] += kk;
          gV[word + k] += vv; gV[place + k] += vv;
        }
      }
    }
    var ok = run.finite && finite(gQ) && finite(gK) && finite(gV) && finite(gO);
    // |dO| <= 2 max|W_O| / count (a row of P - Y adds up to at most 2 in size): dA could overflow only past this
    if (ok && 2 * largest(W_O) / count * largest(Vs) * dK > 1e300) ok = maskedFinite(dO, Vs, batch, true);
    return { loss: run.loss, grads: g, finite: ok };
  }

  /** previous_token_share: the mean weight a query at t > 1 gives to t - 1, summed as NumPy sums A[:, t, t - 1]
      (position by position, each over the batch). */
  function previousTokenShare(A, B, T, shares) {
    shares = shares || new Float64Array(B * (T - 1));
    for (var t = 1; t < T; t++) for (var b = 0; b < B; b++) shares[(t - 1) * B + b] = A[(b * T + t) * T + t - 1];
    return pairwiseSum(shares, 0, shares.length, 1) / shares.length;
  }

  /** step: every matrix moves by -learning_rate times its gradient (in place: the run keeps its own copy of the
      initial matrices). */
  function step(p, g, rate) {
    ["W_Q", "W_K", "W_V", "W_O"].forEach(function (name) {
      var w = p[name], d = g[name];
      for (var i = 0; i < w.length; i++) w[i] = w[i] - rate * d[i];
    });
    return p;
  }

  /** previous_token_accuracy: the share of positions t > 1 whose most probable word (the first of a tie) is the
      previous token. */
  function previousTokenAccuracy(P, tokens, B, T, V) {
    var right = 0;
    for (var b = 0; b < B; b++) {
      for (var t = 1; t < T; t++) {
        var at = (b * T + t) * V, best = 0;
        for (var v = 1; v < V; v++) if (P[at + v] > P[at + best]) best = v;
        if (best === tokens[b * T + t - 1]) right++;
      }
    }
    return right / (B * (T - 1));
  }

  /** train_head: plain gradient descent on one seeded batch, tested on a second; one generator draws the initial
      weights, the training batch and the held-out batch, in that order. A step whose pass leaves float64 stops it
      (the core's message, in words the browser can say exactly). */
  function trainHead(seed, T, V, dK, steps, rate, B) {
    var rng = defaultRng(seed), initial = initialiseHead(rng, V + T, dK, V);
    var train = batchOf(previousTokenTask(rng, B, T, V), B, T, V, dK), heldOut = batchOf(previousTokenTask(rng, B, T, V), B, T, V, dK);
    var params = {}, losses = [], shares = [], out = passArrays(train);
    Object.keys(initial).forEach(function (name) { params[name] = initial[name].slice(); });
    for (var k = 0; k < steps; k++) {
      var pass = headGradients(params, train, out);
      if (!pass.finite) {
        return { diverged: "training diverged at step " + (k + 1) + " with learning rate " + general(rate) +
                           " (a number of that step is no longer finite); accepted: a smaller learning rate" };
      }
      losses.push(pass.loss);
      shares.push(previousTokenShare(out.A, B, T, out.shares));
      step(params, pass.grads, rate);
    }
    losses.push(headForward(params, train, out).loss);
    shares.push(previousTokenShare(out.A, B, T, out.shares));
    /** The held-out batch through `p` (and `weights` in place of the map): its weights A and probabilities P. */
    function heldOutPass(p, weights) { var arrays = passArrays(heldOut); headForward(p, heldOut, arrays, weights); return arrays; }
    return { initial: initial, final: params, losses: losses, shares: shares, heldOut: heldOut.tokens,
             before: heldOutPass(initial), after: heldOutPass(params), even: heldOutPass(params, evenWeights(T)) };
  }

  /** TrainedHead.curve_steps: np.unique(np.linspace(0, steps, min(points, steps + 1)).round()), rounding half to even. */
  function curveSteps(steps, points) {
    var count = Math.min(points, steps + 1), each = steps / (count - 1), out = [];
    for (var k = 0; k < count; k++) {
      var x = k === count - 1 ? steps : k * each, r = Math.round(x);
      if (r - x === 0.5 && r % 2) r -= 1; // .5 goes to the even neighbour
      if (out.indexOf(r) < 0) out.push(r);
    }
    return out.sort(function (a, b) { return a - b; });
  }

  return function (data, inputs) {
    var TOKENS = data.tokens, V = TOKENS.length, T = inputs.length, dK = inputs.d_k, B = inputs.sequences;
    var seed = inputs.seed, steps = inputs.steps, points = inputs.curve_points, shown = inputs.shown;
    var rate = parseEntry(inputs.learning_rate).value, trained = null;
    var MASK = [], POSITIONS = [];
    for (var i = 0; i < T; i++) { MASK.push([]); for (var j = 0; j < T; j++) MASK[i].push(j <= i); }

    /** The training run, made when an entry first asks; an entry asking for a run that diverged stops as the build's
        entry does, its name before the core's message. */
    function run(entry) {
      trained = trained || trainHead(seed, T, V, dK, steps, rate, B);
      if (trained.diverged) fail("trained-head " + entry + ": " + trained.diverged);
      if (!POSITIONS.length) {
        for (var t = 0; t < T; t++) POSITIONS.push((t + 1) + " " + TOKENS[trained.heldOut[(shown - 1) * T + t]]);
      }
      return trained;
    }
    function count(n) { return scalar(n, WHOLE); }
    function oneRow(values, cols, corner, batch) { return grid([values], [batch || "held out"], cols, DECIMAL, corner); }
    /** The weights of the drawn held-out sequence as a heat map (entries' map_figure). */
    function mapFigure(forward, when, idPrefix) {
      var A = [];
      for (var r = 0; r < T; r++) A.push(Array.from(forward.A.subarray(((shown - 1) * T + r) * T, ((shown - 1) * T + r + 1) * T)));
      var map = heatmap(checkedWeights(A, MASK), POSITIONS, DECIMAL, MASK);
      return { type: "figure", caption: "The head " + when + ": one row per position (the query), one column per position it may look at (the key).",
               svg: heatmapSvg(map, MASK, "The head's weights " + when + ", held-out sequence " + shown, idPrefix) };
    }
    function shares() { var r = run("previous-share"); return [previousTokenShare(r.before.A, B, T), previousTokenShare(r.after.A, B, T)]; }
    function evenShare() {
      var inverses = new Float64Array(T - 1);
      for (var t = 2; t <= T; t++) inverses[t - 2] = 1 / t;
      return pairwiseSum(inverses, 0, T - 1, 1) / (T - 1);
    }
    var BEFORE_AFTER = ["initial", "trained"];

    return {
      "vocabulary-size": function () { return count(V); },
      words: function () { return grid(TOKENS.map(function (_, k) { return [k]; }), TOKENS, ["id"], WHOLE, "word"); },
      length: function () { return count(T); },
      "d-model": function () { return count(V + T); },
      "d-k": function () { return count(dK); },
      sequences: function () { return count(B); },
      steps: function () { return count(steps); },
      "learning-rate": function () { return scalar(rate, EXACT); },
      seed: function () { return count(seed); },
      shown: function () { return count(shown); },
      loss: function () {
        var losses = run("loss").losses, first = losses[0], last = losses[losses.length - 1], chance = Math.log(V);
        return oneRow([first, last, chance, first - chance], BEFORE_AFTER.concat(["chance", "initial-minus-chance"]), "loss", "training");
      },
      "previous-share": function () {
        var s = shares(), even = evenShare();
        return oneRow([s[0], s[1], even, s[0] - even], BEFORE_AFTER.concat(["even", "initial-minus-even"]), "weight on the previous token");
      },
      accuracy: function () {
        var r = run("accuracy");
        return oneRow([r.before, r.after, r.even].map(function (f) { return previousTokenAccuracy(f.P, r.heldOut, B, T, V); }),
                      BEFORE_AFTER.concat(["even-map"]), "right answers");
      },
      "initial-map": function () { return mapFigure(run("initial-map").before, "at initialisation", "th-initial"); },
      "trained-map": function () { return mapFigure(run("trained-map").after, "after training", "th-trained"); },
      "training-curve": function () {
        var r = run("training-curve"), xs = curveSteps(steps, points);
        var series = [["loss", xs.map(function (x) { return r.losses[x]; })], ["weight on previous token", xs.map(function (x) { return r.shares[x]; })]];
        var three = function (values) { return values.map(function (v) { return fixed(v, 3); }).join(", "); };
        var desc = "The training batch's loss and its mean attention weight on the previous token, at each of " + xs.join(", ") +
          " steps. Loss: " + three(series[0][1]) + ". Weight: " + three(series[1][1]) + ".";
        var title = "Training: the loss and the weight on the previous token";
        return { type: "figure", caption: "The loss and the weight on the previous token, on the training batch, as the steps go by.",
                 svg: growthCharts(xs, series, title, desc, "step of gradient descent", "loss, or weight", false, "th-curve") };
      }
    };
  };
});
