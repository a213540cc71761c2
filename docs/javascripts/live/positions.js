/* Live pages: the entries of positions (directives/entries/positions.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("positions", function (core) {
  "use strict";
  const { attention, checkedWeights, column, drawerFrom, fromPart, grid, matmul, num, parseMatrix, scalar, softmaxRow, style,
          table, transpose, unchangedFigure, vec } = core;

  function range(count) { var out = []; for (var k = 0; k < count; k++) out.push(k); return out; }

  /** learned_position_table: scaled_normal(default_rng(seed), n, d_model), (n, d_model) (NumPy's draws: live/random.js,
      fetched the first time a page shows the learned table). */
  function learnedTable(seed, n, dModel) { return fromPart("random", "scaledNormal")(fromPart("random", "defaultRng")(seed), n, dModel); }

  /** sinusoidal_positions: PE[pos, 2i] = sin(pos / 10000^(2i/d_model)), PE[pos, 2i+1] = cos of the same angle. */
  function sinusoidalPositions(n, dModel) {
    var rates = range(Math.ceil(dModel / 2)).map(function (i) { return Math.pow(10000, 2 * i / dModel); }); // the values 10000^(2i/d_model)
    return range(n).map(function (pos) {
      return range(dModel).map(function (k) { var angle = pos / rates[k >> 1]; return k % 2 ? Math.cos(angle) : Math.sin(angle); });
    }); // (n, d_model)
  }

  /** add_positions: E + P[:n]. */
  function addPositions(E, P) { return E.map(function (row, i) { return row.map(function (e, k) { return e + P[i][k]; }); }); }
  /** permute_rows: row i of the result is X[order[i]]. */
  function permuteRows(X, order) { return order.map(function (i) { return X[i]; }); }

  /** relative_position_indices: clip(j - i, -k, k) for query i and key j. */
  function relativeIndices(n, clip) {
    return range(n).map(function (i) { return range(n).map(function (j) { return Math.max(-clip, Math.min(clip, j - i)); }); }); // (n, n)
  }

  /** check_permutation: f(X) against f(X reordered); equivariant when the largest difference is at most 1e-9. */
  function checkPermutation(f, X, order) {
    var output = f(X), permuted = f(permuteRows(X, order)), reordered = permuteRows(output, order), most = 0;
    permuted.forEach(function (row, i) { row.forEach(function (x, k) { most = Math.max(most, Math.abs(x - reordered[i][k])); }); });
    return { output: output, permutedOutput: permuted, maxDifference: most, equivariant: most <= 1e-9 };
  }

  /** Column labels counted from 0, as on the page: p0, p1, ... */
  function dims(prefix, count) { return range(count).map(function (k) { return prefix + k; }); }
  /** A sentence as a column title. */
  function phrase(tokens) { return "in \u201c" + tokens.join(" ") + "\u201d"; }

  return function (data, inputs) {
    var TOKENS = data.tokens, STYLE = style(!!data.exact, 3), EXACT = style(true, 3), ANY = "query \\ key";
    var OTHER_TOKENS = ["man", "bites", "dog"]; // Positions.other_tokens, which live.json does not carry and no reader changes
    var ORDER = OTHER_TOKENS.map(function (token) { return TOKENS.indexOf(token); }); // row i of the second sentence is row ORDER[i]
    var E = parseMatrix(inputs.embeddings), W_q = parseMatrix(inputs.W_q), W_k = parseMatrix(inputs.W_k), W_v = parseMatrix(inputs.W_v);
    var a_K = parseMatrix(inputs.a_K), a_V = parseMatrix(inputs.a_V), clip = inputs.clip, rows = inputs.table_length;
    var TABLES = { sinusoidal: function () { return sinusoidalPositions(rows, E[0].length); },
                   learned: function () { return learnedTable(inputs.learned_seed, rows, E[0].length); } }, made = {};
    /** The position table of that name, (table_length, d_model), made the first time an entry asks. */
    function positionTable(name) { return made[name] || (made[name] = TABLES[name]()); }
    var distances = relativeIndices(TOKENS.length, clip);

    /** relative_position_attention (Shaw et al. 2018): s_ij = q_i (k_j + a^K_ij), scaled by 1/sqrt(d_k), softmax,
        z_i = sum_j alpha_ij (v_j + a^V_ij), with a^K_ij = a_K[clip(j - i) + k], likewise a^V. */
    function relativeAttention(X) {
      var Q = matmul(X, W_q), K = matmul(X, W_k), V = matmul(X, W_v); // (n, d_model) x (d_model, d) -> (n, d)
      var A_K = distances.map(function (line) { return line.map(function (d) { return a_K[d + clip]; }); }); // (n, n, d_k)
      var A_V = distances.map(function (line) { return line.map(function (d) { return a_V[d + clip]; }); }); // (n, n, d_v)
      var scale = 1 / Math.sqrt(K[0].length);
      var S = matmul(Q, transpose(K)).map(function (line, i) { // (n, d_k) x (d_k, n) -> (n, n), then + q_i . a^K_ij
        return line.map(function (s, j) { return s + Q[i].reduce(function (total, q, d) { return total + q * A_K[i][j][d]; }, 0); });
      });
      var scaled = S.map(function (line) { return line.map(function (s) { return s * scale; }); });
      var weights = scaled.map(softmaxRow); // (n, n)
      var output = matmul(weights, V).map(function (line, i) { // (n, n) x (n, d_v) -> (n, d_v), then + sum_j alpha_ij a^V_ij
        return line.map(function (z, d) { return z + weights[i].reduce(function (total, w, j) { return total + w * A_V[i][j][d]; }, 0); });
      });
      return { Q: Q, K: K, V: V, scores: S, weights: weights, output: output };
    }
    /** attention_without_positions: one unmasked head on X, or on X + P[:n] (P the position table named). */
    function withoutPositions(P) {
      return function (X) {
        var rowsIn = P ? addPositions(X, positionTable(P)) : X;
        var Q = matmul(rowsIn, W_q), K = matmul(rowsIn, W_k), V = matmul(rowsIn, W_v); // (n, d_model) x (d_model, d) -> (n, d)
        return attention(Q, K, V, 1 / Math.sqrt(K[0].length)).output; // (n, d_v)
      };
    }
    var METHODS = { none: withoutPositions(null), sinusoidal: withoutPositions("sinusoidal"), learned: withoutPositions("learned"),
                    relative: function (X) { return relativeAttention(X).output; } };
    var checks = {};
    function check(method) { return checks[method] || (checks[method] = checkPermutation(METHODS[method], E, ORDER)); }
    var relative = relativeAttention(E);
    function methodOf(o) { return o.method || "none"; }
    function tableOf(o) { return positionTable(o.table || "sinusoidal"); }
    function projection(text, prefix) { return grid(parseMatrix(text), dims("e", text.length), dims(prefix, text[0].length), STYLE, "", text); }
    function relativeTable(A, text, prefix) {
      return grid(A, range(2 * clip + 1).map(function (k) { return String(k - clip); }), dims(prefix, A[0].length), STYLE, "distance $d$", text);
    }

    return {
      embeddings: function () { return grid(E, TOKENS, dims("e", E[0].length), STYLE, "token", inputs.embeddings); },
      "w-q": function () { return projection(inputs.W_q, "q"); },
      "w-k": function () { return projection(inputs.W_k, "k"); },
      "w-v": function () { return projection(inputs.W_v, "v"); },
      outputs: function (o) {
        var c = check(methodOf(o));
        return table([column("token", "token", false), column("first", phrase(TOKENS)), column("second", phrase(OTHER_TOKENS))],
          TOKENS.map(function (token) {
            return [token, vec(c.output[TOKENS.indexOf(token)], STYLE), vec(c.permutedOutput[OTHER_TOKENS.indexOf(token)], STYLE)];
          }));
      },
      output: function (o) {
        var c = check(methodOf(o)), first = o.sentence !== "second", out = first ? c.output : c.permutedOutput;
        return grid(out, first ? TOKENS : OTHER_TOKENS, dims("o", out[0].length), STYLE, "token");
      },
      "max-difference": function (o) { return scalar(check(methodOf(o)).maxDifference, STYLE); },
      equivariance: function () {
        return table([column("method", "positions", false), column("difference", "largest difference"), column("same", "same rows, only reordered?", false)],
          Object.keys(METHODS).map(function (method) {
            var c = check(method);
            return [method, num(c.maxDifference, STYLE), c.equivariant ? "yes" : "no"];
          }));
      },
      "position-table": function (o) {
        var P = tableOf(o);
        return grid(P, P.map(function (_, i) { return "pos " + i; }), dims("p", P[0].length), STYLE, "position");
      },
      "e-plus-p": function (o) { // the titles name e_i and p_i in formulas, which no input changes: kept
        var P = tableOf(o), summed = addPositions(E, P);
        return table([column("token", "position: token", false), column("e", null), column("p", null), column("sum", null)],
          TOKENS.map(function (token, i) { return [i + ": " + token, vec(E[i], STYLE), vec(P[i], STYLE), vec(summed[i], STYLE)]; }));
      },
      "sinusoidal-heatmap": function () { // as built, till a reader's sizes need live/grids.js (then drawn by it)
        var n = inputs.heatmap_positions, d = inputs.heatmap_width;
        var draw = drawerFrom("grids", "positionsHeatmap", n === data.settings.heatmap_positions && d === data.settings.heatmap_width);
        if (!draw) return unchangedFigure(); // else up to 64 x 64 cells: drawn when the figure is (far: when idle)
        return { type: "figure", caption: "Each row is one position's encoding: fast waves on the left, slow waves on the right.",
                 svg: function () {
                   return draw(sinusoidalPositions(n, d), "Sinusoidal position encodings, " + n + " positions by " + d + " dimensions",
                     "One row per position, one column per dimension, both counted from 0. Even dimensions hold sines, odd " +
                     "dimensions cosines; the first columns change quickly from row to row, the last columns hardly at all.",
                     "positions-sinusoidal");
                 } };
      },
      distances: function () { return grid(distances, TOKENS, TOKENS, EXACT, ANY); },
      "key-table": function () { return relativeTable(a_K, inputs.a_K, "k"); },
      "value-table": function () { return relativeTable(a_V, inputs.a_V, "v"); },
      "pair-keys": function () {
        var pairs = [].concat.apply([], distances.map(function (line, i) {
          return line.map(function (d, j) { return { label: TOKENS[i] + "-" + TOKENS[j], row: a_K[d + clip] }; });
        }));
        return grid(pairs.map(function (p) { return p.row; }), pairs.map(function (p) { return p.label; }), dims("k", a_K[0].length), EXACT, "query-key");
      },
      clip: function () { return scalar(clip, EXACT); },
      queries: function () { return grid(relative.Q, TOKENS, dims("q", relative.Q[0].length), EXACT, "token"); },
      keys: function () { return grid(relative.K, TOKENS, dims("k", relative.K[0].length), EXACT, "token"); },
      values: function () { return grid(relative.V, TOKENS, dims("v", relative.V[0].length), EXACT, "token"); },
      "plain-scores": function () { return grid(matmul(relative.Q, transpose(relative.K)), TOKENS, TOKENS, EXACT, ANY); }, // (n, d_k) x (d_k, n)
      "relative-scores": function () { return grid(relative.scores, TOKENS, TOKENS, EXACT, ANY); },
      "relative-weights": function () { return grid(checkedWeights(relative.weights), TOKENS, TOKENS, STYLE, ANY); },
      "relative-output": function () { return grid(relative.output, TOKENS, dims("z", relative.output[0].length), STYLE, "token"); }
    };
  };
});
