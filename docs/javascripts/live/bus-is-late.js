/* Live pages: the entries of bus-is-late (directives/entries/bus_is_late/), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("bus-is-late", function (core) {
  "use strict";
  const { attention, authored, checkedWeights, column, decimal, fail, fixed, formatNumber, formatVector, grid, heatmap, joined, labels, num, parseEntry, parseMatrix, readerMinus, roundedSumNote, scalar, softmaxSteps, style, sum, table, vec } = core;
  // ---- A fill-in's slack: attention_site/answers.py ----
  function shownNumber(x, places) { return Number(fixed(x, places)); }
  function slackOf(exact, fromShown) { return fromShown.reduce(function (most, v) { return Math.max(most, Math.abs(v - exact)); }, 0); }
  function columnSums(rows) { return rows[0].map(function (_, k) { return sum(rows.map(function (row) { return row[k]; })); }); }

  /** one_query_slacks: how far each answer of softmax-then-mix moves when worked from the numbers shown. */
  function oneQuerySlacks(exponentials, V, places) {
    var e = exponentials.map(function (x) { return shownNumber(x, places[0]); }); // (n,)
    var total = sum(exponentials), a = exponentials.map(function (x) { return x / total; });
    var shownTotal = shownNumber(total, places[0]), eSum = sum(e);
    var products = a.map(function (w, j) { return V[j].map(function (v) { return w * v; }); }); // (n, d_v)
    var worked = a.map(function (w, j) { var s = shownNumber(w, places[1]); return V[j].map(function (v) { return s * v; }); });
    var output = columnSums(products), workedSums = columnSums(worked);
    var shownSums = columnSums(worked.map(function (row) { return row.map(function (x) { return shownNumber(x, places[2]); }); }));
    return {
      total: slackOf(total, [eSum]),
      weights: e.map(function (x, j) { return Math.max(Math.abs(x / shownTotal - a[j]), Math.abs(x / eSum - a[j])); }),
      weightsTotal: slackOf(1, [sum(a.map(function (w) { return shownNumber(w, places[1]); }))]),
      products: worked.map(function (row, j) { return row.map(function (x, k) { return Math.abs(x - products[j][k]); }); }),
      output: output.map(function (o, k) { return Math.max(Math.abs(workedSums[k] - o), Math.abs(shownSums[k] - o)); })
    };
  }

  // ---- Arithmetic on what is printed, as a student does it: bus_is_late.py's Decimal working ----
  /** A number as printed with `digits` places, as an exact integer count of 10^-digits (Decimal(decimal(x, d))). */
  function printed(x, digits) { return BigInt(decimal(x, digits).replace(".", "")); }

  /** An exact decimal (`units` of 10^-scale) without trailing zeros, as Decimal.normalize() prints it. */
  function exactText(units, scale) {
    var digits = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
    var text = (digits.slice(0, -scale) + "." + digits.slice(-scale)).replace(/\.?0+$/, "");
    return (units < 0n ? "-" : "") + text;
  }
  function exactDecimals(xs, scale) { return "(" + xs.map(function (x) { return exactText(x, scale); }).join(", ") + ")"; }

  /** Rounded half up (away from zero, as taught at school) to `places`, its sign kept (Decimal.quantize). */
  function halfUp(units, scale, places) {
    var step = 10n ** BigInt(scale - places), size = units < 0n ? -units : units;
    var kept = ((size + step / 2n) / step).toString().padStart(places + 1, "0");
    return (units < 0n ? "-" : "") + kept.slice(0, -places) + "." + kept.slice(-places);
  }

  var SUPERSCRIPT = { 0: "\u2070", 1: "\u00b9", 2: "\u00b2", 3: "\u00b3", 4: "\u2074", 5: "\u2075", 6: "\u2076", 7: "\u2077",
                      8: "\u2078", 9: "\u2079", "-": "\u207b", ".": "\u00b7" };
  /** e raised to a score as a student writes it: e², e⁰, e⁻¹. */
  function powerOfE(score, s) {
    return "e" + formatNumber(score, s).replace(/\u2212/g, "-").replace(/[0-9.-]/g, function (c) { return SUPERSCRIPT[c]; });
  }


  return function (data, inputs) {
    var TOKENS = data.tokens, FOCUS = data.focus;
    var AS_GIVEN = style(true, 3), POWERS = style(false, 2), WEIGHTS = style(false, 3), OUTPUT = style(false, 2);
    var K = parseMatrix(inputs.keys), V = parseMatrix(inputs.values), Q = parseMatrix(inputs.queries);
    var scale = parseEntry(inputs.scale).value, D_K = K[0].length;
    var focusText = inputs.queries[TOKENS.indexOf(FOCUS)];

    function attentionFor(query) {
      var label, text, row;
      if (query === undefined) { label = FOCUS; text = focusText; row = Q[TOKENS.indexOf(FOCUS)]; }
      else if (TOKENS.indexOf(query) >= 0) { label = query; text = inputs.queries[TOKENS.indexOf(query)]; row = Q[TOKENS.indexOf(query)]; }
      else {
        row = query.split(",").map(Number);
        label = "query " + readerMinus(formatVector(row, AS_GIVEN)); // a header signs as a cell does
        text = row.map(String);
      }
      var result = attention([row], K, V, scale);
      return { label: label, text: text, result: result, steps: softmaxSteps(result.scaled[0]) };
    }
    function scoreStyle(rows) {
      return rows.every(function (row) { return row.every(function (s) { return s % 1 === 0; }); }) ? style(false, 0) : WEIGHTS;
    }
    function inputGrid(matrix, text, prefix) { return grid(matrix, TOKENS, labels(prefix, matrix[0].length), AS_GIVEN, "token", text); }
    function authoredVector(entries) { return authored("(" + entries.join(", ") + ")"); }
    function topIndex(scores) {
      var best = Math.max.apply(null, scores);
      var tied = scores.map(function (s, j) { return Math.abs(s - best) <= 1e-12 + 1e-9 * Math.abs(best) ? j : -1; })
        .filter(function (j) { return j >= 0; });
      if (tied.length > 1) fail(joined(tied.map(function (j) { return TOKENS[j]; })) + " share the largest score; there is no single best match to pick");
      return tied[0];
    }
    function writtenOut(query, key) {
      return query.map(function (q, i) { return q + "\u00a0\u00d7\u00a0" + key[i]; }).join(" + ");
    }
    function slacks(exponentials) { return oneQuerySlacks(exponentials, V, [POWERS.digits, WEIGHTS.digits, OUTPUT.digits]); }
    function outputNote(parts, totals) {
      var notes = totals.map(function (total, k) { return roundedSumNote(parts.map(function (p) { return p[k]; }), total, OUTPUT.digits); });
      return notes.filter(Boolean).join(" ") || null;
    }
    var late = attentionFor(undefined);
    var lateWeights = late.result.weights[0];
    var FOCUS_AT = TOKENS.indexOf(FOCUS), DIVIDED = "s \u00f7 \u221a" + D_K; // the optional step: mask and sqrt(d_k)
    var causal = TOKENS.map(function (_, i) { return TOKENS.map(function (__, j) { return j <= i; }); });
    var maskedScaled = attention(Q, K, V, 1 / Math.sqrt(D_K), causal);
    var maskedSteps = softmaxSteps(maskedScaled.masked[FOCUS_AT]);
    var contributions = V.map(function (row, j) { return row.map(function (v) { return lateWeights[j] * v; }); }); // (n, 1) * (n, d_v)
    var all = attention(Q, K, V, scale);

    return {
      keys: function () { return inputGrid(K, inputs.keys, "k"); },
      values: function () { return inputGrid(V, inputs.values, "v"); },
      queries: function () { return inputGrid(Q, inputs.queries, "q"); },
      inputs: function () {
        return table([column("token", "token", false), column("key", "key (" + data.features.join(", ") + ")"), column("value", "value v")],
          TOKENS.map(function (token, j) { return [token, authoredVector(inputs.keys[j]), authoredVector(inputs.values[j])]; }));
      },
      "key-features": function () { return grid(K, TOKENS, data.features, AS_GIVEN, "key of", inputs.keys); },
      scale: function () { return scalar(scale, AS_GIVEN); },
      divisor: function () { return scalar(Math.sqrt(D_K), WEIGHTS); },
      "masked-scaled-softmax": function () {
        var raw = maskedScaled.scores[FOCUS_AT], A = checkedWeights([maskedSteps.weights])[0], s = scoreStyle([raw]);
        var rows = TOKENS.map(function (token, j) {
          return [token, num(raw[j], s), num(maskedSteps.scores[j], WEIGHTS), num(maskedSteps.exponentials[j], POWERS), num(A[j], WEIGHTS)];
        });
        rows.push(["Total", "", "", num(maskedSteps.totals, POWERS), num(sum(A), WEIGHTS)]);
        var notes = [roundedSumNote(maskedSteps.exponentials, maskedSteps.totals, POWERS.digits), roundedSumNote(A, sum(A), WEIGHTS.digits)];
        return table([column("token", "token", false), column("score", "score s"), column("scaled", DIVIDED),
                      column("exponential", "e^(" + DIVIDED + ")"), column("weight", "weight")], rows, notes.filter(Boolean).join(" ") || null);
      },
      "scaling-compare": function () {
        return grid(checkedWeights([lateWeights, maskedScaled.weights[FOCUS_AT]]), ["unscaled", "scaled"], TOKENS, WEIGHTS, "weights of " + FOCUS);
      },
      "masked-scaled-output": function () { return grid([maskedScaled.output[FOCUS_AT]], [FOCUS], labels("o", V[0].length), OUTPUT, "query"); },
      "masked-scaled-weights": function () { return grid(checkedWeights(maskedScaled.weights, causal), TOKENS, TOKENS, WEIGHTS, "query \\ key"); },
      query: function (o) { var a = attentionFor(o.query); return grid(a.result.Q, [a.label], labels("q", D_K), AS_GIVEN, "query", [a.text]); },
      scores: function (o) { var a = attentionFor(o.query); return grid(a.result.scaled, [a.label], TOKENS, scoreStyle(a.result.scaled), "query \\ key"); },
      exponentials: function (o) { var a = attentionFor(o.query); return grid([a.steps.exponentials], [a.label], TOKENS, POWERS, "query \\ key"); },
      weights: function (o) { var a = attentionFor(o.query); return grid(checkedWeights(a.result.weights), [a.label], TOKENS, WEIGHTS, "query \\ key"); },
      output: function (o) { var a = attentionFor(o.query); return grid(a.result.output, [a.label], labels("o", V[0].length), OUTPUT, "query"); },
      "hard-choice": function (o) {
        var j = topIndex(attentionFor(o.query).result.scaled[0]);
        return grid([V[j]], [TOKENS[j]], labels("v", V[0].length), AS_GIVEN, "top key", [inputs.values[j]]);
      },
      "top-score": function (o) { var s = attentionFor(o.query).result.scaled; return scalar(s[0][topIndex(s[0])], scoreStyle(s)); },
      "top-weight": function (o) { var r = attentionFor(o.query).result; return scalar(checkedWeights(r.weights)[0][topIndex(r.scaled[0])], WEIGHTS); },
      total: function () { return grid([[late.steps.totals]], [FOCUS], ["total"], POWERS, "query"); },
      contributions: function () { return grid(contributions, TOKENS, labels("c", V[0].length), OUTPUT, "token"); },
      scoring: function (o) {
        var a = attentionFor(o.query), s = scoreStyle(a.result.scaled);
        var asker = o.query !== undefined && TOKENS.indexOf(o.query) >= 0 ? "query of " + a.label : a.label;
        return table([column("token", "token", false), column("key", "key"), column("products", asker + " \u00b7 key", false), column("score", "score")],
          TOKENS.map(function (token, j) {
            return [token, authoredVector(inputs.keys[j]), writtenOut(a.text, inputs.keys[j]), num(a.result.scaled[0][j], s)];
          }));
      },
      softmax: function (o) {
        var a = attentionFor(o.query), A = checkedWeights(a.result.weights)[0], steps = a.steps, s = scoreStyle([steps.scores]);
        var slack = slacks(steps.exponentials);
        var rows = TOKENS.map(function (token, j) {
          return [token, num(steps.scores[j], s), num(steps.exponentials[j], POWERS), num(A[j], WEIGHTS, false, slack.weights[j])];
        });
        rows.push(["Total", "", num(steps.totals, POWERS, false, slack.total), num(sum(A), WEIGHTS, false, slack.weightsTotal)]);
        var notes = [roundedSumNote(steps.exponentials, steps.totals, POWERS.digits), roundedSumNote(A, sum(A), WEIGHTS.digits)];
        return table([column("token", "token", false), column("score", "score s"), column("exponential", "e\u02e2"),
                      column("weight", "weight = e\u02e2 \u00f7 total")], rows, notes.filter(Boolean).join(" ") || null);
      },
      mixing: function (o) {
        var A = checkedWeights([lateWeights])[0], output = late.result.output[0], slack = slacks(late.steps.exponentials);
        var rows = TOKENS.map(function (token, j) {
          return [token, num(A[j], WEIGHTS), authoredVector(inputs.values[j]), vec(contributions[j], OUTPUT, slack.products[j])];
        });
        rows.push(["Output", "", "", vec(output, OUTPUT, slack.output)]);
        return table([column("token", "token", false), column("weight", "weight"), column("value", "value"), column("product", "weight \u00d7 value")],
          rows, (o.note || "shown") === "shown" ? outputNote(contributions, output) : null);
      },
      "powers-of-e": function () {
        var scores = late.result.scaled[0].concat([].concat.apply([], all.scaled));
        var x = [];
        for (var k = Math.min(0, Math.floor(Math.min.apply(null, scores))); k <= Math.ceil(Math.max.apply(null, scores)); k++) x.push(k);
        return grid([x.map(Math.exp)], ["e\u02e3"], x.map(String), POWERS, "x");
      },
      "score-asymmetry": function () {
        var S = all.scaled, D = S.map(function (row, i) { return row.map(function (s, j) { return s - S[j][i]; }); });
        return grid(D, TOKENS, TOKENS, scoreStyle(S), "query \\ key");
      },
      "softmax-working": function (o) {
        var a = attentionFor(o.query), A = checkedWeights(a.result.weights)[0], steps = a.steps, s = scoreStyle([steps.scores]);
        var powers = steps.exponentials.map(function (p) { return formatNumber(p, POWERS); }), total = formatNumber(steps.totals, POWERS);
        var rows = TOKENS.map(function (token, j) {
          return [token, num(steps.scores[j], s), powerOfE(steps.scores[j], s) + " = " + powers[j], powers[j] + " \u00f7 " + total, num(A[j], WEIGHTS)];
        });
        rows.push(["Total", "", powers.join(" + ") + " = " + total, "", num(sum(A), WEIGHTS)]);
        return table([column("token", "token", false), column("score", "score s"), column("exponential", "e\u02e2", false),
                      column("division", "e\u02e2 \u00f7 total", false), column("weight", "weight")],
          rows, roundedSumNote(steps.exponentials, steps.totals, POWERS.digits));
      },
      "mixing-as-printed": function () {
        var A = checkedWeights([lateWeights])[0]; // each printed weight times each entry of its value, exactly
        var products = V.map(function (row, j) { return row.map(function (v) { return printed(A[j], WEIGHTS.digits) * printed(v, AS_GIVEN.digits); }); });
        var rows = TOKENS.map(function (token, j) {
          return [token, decimal(A[j], WEIGHTS.digits) + " \u00d7 " + authoredVector(inputs.values[j]).authored, exactDecimals(products[j], 6)];
        });
        var sums = V[0].map(function (_, k) { return products.reduce(function (total, row) { return total + row[k]; }, 0n); });
        var rounded = "(" + sums.map(function (x) { return halfUp(x, 6, OUTPUT.digits); }).join(", ") + ")";
        rows.push(["Output", "sum of the three rows", exactDecimals(sums, 6) + ", rounded " + rounded]);
        return table([column("token", "token", false), column("working", "weight as printed \u00d7 value", false),
                      column("product", "product", false)], rows);
      },
      "all-scores": function () { return grid(all.scaled, TOKENS, TOKENS, scoreStyle(all.scaled), "query \\ key"); },
      "all-weights": function () { return grid(checkedWeights(all.weights), TOKENS, TOKENS, WEIGHTS, "query \\ key"); },
      "all-output": function () { return grid(all.output, TOKENS, labels("o", V[0].length), OUTPUT, "token"); },
      "weights-heatmap": function () { return heatmap(checkedWeights(all.weights), TOKENS, WEIGHTS); }
    };
  };
});
