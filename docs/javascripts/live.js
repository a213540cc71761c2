/* Live pages: the reader changes an example's inputs and every table, value, word, formula, check and picture
   the build computed from them follows. The build (src/attention_site/live.py) marks where each directive of a
   live example landed and writes live.json beside the page: each directive's request and each example's inputs.
   This file, loaded only when the reader asks to change the numbers, mirrors what the build does function by
   function: the core's arithmetic (attention_core), the one number policy (directives/formatting.py), the
   renderers and claims (directives/render.py, claims.py); the entries of each example (directives/entries/) are
   mirrored by live/<example>.js, fetched for a page of that example only. tests/browser/test_live.py holds them
   to the build's text, directive by directive. */
(function () {
  "use strict";
  var abh = window.AttentionByHand;
  if (!abh || abh.live) return;
  var el = abh.el;
  var MATHML = "http://www.w3.org/1998/Math/MathML";

  /** A directive that cannot be computed for these numbers: the build would stop with this message. */
  function Stale(message) { this.message = message; }
  function fail(message) { throw new Stale(message); }
  /** What an example computes apart, in slices between the browser's other work (head width's millions of draws):
      compute's result for what needs it, which waits dimmed (aria-busy) till `promise` is kept and the page written
      again. */
  function pending(promise) { throw { pending: promise }; }
  /** What part NAME of live.js adds (`what`), fetching live/NAME.js first where the page's live.json does not name it
      (the cost chart, once a reader's lengths differ from the page's): meanwhile what needs it waits, as pending. */
  function fromPart(name, what) { return SHARED[what] || pending(abh.load("live/" + name)); }
  /** A figure's drawer from part NAME (`what`), or null while the figure stays as built: its numbers are the page's own
      (`asBuilt`) and the part has not come (once here, it draws every change, the way back to the page's own too). */
  function drawerFrom(name, what, asBuilt) { return SHARED[what] || (asBuilt ? null : fromPart(name, what)); }

  // ---- The number policy: directives/formatting.py ----
  var MAX_DENOMINATOR = 64, GROUPED_FROM = 1000, EXACT_TOLERANCE = 1e-9;
  function style(exact, digits, significant) { return { exact: exact, digits: digits, significant: !!significant }; }

  /** A double as the exact fraction it is (numerator and denominator as BigInt), like Python's Fraction(x). */
  function exactFraction(x) {
    var view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, x);
    var high = view.getUint32(0), low = view.getUint32(4);
    var exponent = (high >>> 20) & 0x7ff;
    var mantissa = (BigInt(high & 0xfffff) << 32n) + BigInt(low);
    if (exponent) mantissa += 1n << 52n;
    var power = (exponent || 1) - 1075;
    var sign = high >>> 31 ? -1n : 1n;
    if (mantissa === 0n) return [0n, 1n];
    if (power >= 0) return [sign * (mantissa << BigInt(power)), 1n];
    var denominator = 1n << BigInt(-power);
    while (mantissa % 2n === 0n && denominator > 1n) { mantissa /= 2n; denominator /= 2n; }
    return [sign * mantissa, denominator];
  }

  function floorDiv(a, b) { var q = a / b; return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q; }

  /** Fraction.limit_denominator, as Python computes it on the exact value. */
  function limitDenominator(fraction, most) {
    var n = fraction[0], d = fraction[1], max = BigInt(most);
    if (d <= max) return fraction;
    var p0 = 0n, q0 = 1n, p1 = 1n, q1 = 0n, d0 = d;
    for (;;) {
      var a = floorDiv(n, d), q2 = q0 + a * q1;
      if (q2 > max) break;
      var p2 = p0 + a * p1;
      p0 = p1; q0 = q1; p1 = p2; q1 = q2;
      var rest = n - a * d; n = d; d = rest;
    }
    var k = floorDiv(max - q0, q1);
    if (2n * d * (q0 + k * q1) <= d0) return [p1, q1];
    return [p0 + k * p1, q0 + k * q1];
  }

  function asFraction(x) {
    var f = limitDenominator(exactFraction(x), MAX_DENOMINATOR);
    return Math.abs(Number(f[0]) / Number(f[1]) - x) <= EXACT_TOLERANCE ? f : null;
  }

  /** Python's f"{x:.{digits}f}": toFixed, which rounds the exact value too, except at an exact tie (half to even
      there: reader.js's formatFixed, whose exact expansion is only worth its cost near a tie). */
  function fixed(x, digits) {
    var scaled = Math.abs(x) * Math.pow(10, digits);
    return Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6 ? x.toFixed(digits) : abh.formatFixed(x, digits);
  }

  function decimal(x, digits) {
    var text = fixed(x, digits);
    return text.charAt(0) === "-" && Number(text) === 0 ? text.slice(1) : text;
  }

  function asLogarithm(x) {
    if (x > 40 || x < -40) return null;
    var f = asFraction(Math.exp(x));
    if (f === null || (f[0] === 1n && f[1] === 1n)) return null;
    return Math.abs(Math.log(Number(f[0]) / Number(f[1])) - x) <= EXACT_TOLERANCE ? f : null;
  }

  /** Python's f"{x:.{digits}g}" (6 digits: f"{x:g}") for the numbers a claim's message quotes: trailing zeros
      dropped, an exponent (1e-05, 1e+06) below 1e-4 or from 10^digits on, inf for an infinity. */
  function general(x, digits) {
    digits = digits || 6;
    if (!isFinite(x)) return isNaN(x) ? "nan" : x < 0 ? "-inf" : "inf";
    if (x === 0) return 1 / x < 0 ? "-0" : "0"; // Python keeps the sign of a negative zero
    var bare = function (t) { return t.indexOf(".") < 0 ? t : t.replace(/\.?0+$/, ""); };
    var parts = x.toExponential(digits - 1).split("e"), power = Number(parts[1]);
    if (power >= -4 && power < digits) return bare(fixed(x, digits - 1 - power)); // half to even at an exact tie, as Python
    return bare(parts[0]) + "e" + (power < 0 ? "-" : "+") + (Math.abs(power) < 10 ? "0" : "") + Math.abs(power);
  }

  function grouped(x) { return BigInt(x).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
  function fractionText(f) { return f[1] === 1n ? String(f[0]) : f[0] + "/" + f[1]; }

  function formatNumber(x, s) {
    if (!isFinite(x)) fail("the value to show is " + x + "; a page never shows a NaN or an infinity");
    var fraction = s.exact ? asFraction(x) : null;
    if (Number.isInteger(x) && Math.abs(x) >= GROUPED_FROM && (s.exact || s.digits === 0)) return grouped(x);
    if (fraction === null) {
      var log = s.exact ? asLogarithm(x) : null;
      if (log === null) return decimal(x, s.significant && x ? Math.max(0, s.digits - 1 - Math.floor(Math.log10(Math.abs(x)))) : s.digits);
      return log[1] === 1n ? "ln " + log[0] : "ln(" + fractionText(log) + ")";
    }
    return fractionText(fraction);
  }

  function formatVector(xs, s) { return "(" + xs.map(function (x) { return formatNumber(x, s); }).join(", ") + ")"; }
  function authoredText(entry) { return String(entry).trim().split(/\s+/).join(" "); }

  function roundTo(x, digits) { return Number(fixed(x, digits)); }

  function roundedSumNote(parts, total, digits) {
    var shown = parts.reduce(function (running, part) { return running + roundTo(part, digits); }, 0);
    if (roundTo(shown, digits) === roundTo(total, digits)) return null;
    return "The rounded parts add up to " + decimal(shown, digits) + "; the total " + decimal(total, digits) +
      " is computed from the unrounded values.";
  }

  // ---- Authored entries: attention_core/exact.py ----
  var RE_ENTRY = /^(-)?\s*(?:(ln|sqrt)\s*(\d+(?:\.\d+)?)|(\d+)\s*\/\s*(\d+)|(\d+(?:\.\d+)?))$/;

  /** The value of one authored entry ("-1/2", "ln 2", "3"), or a message saying what is accepted. */
  function parseEntry(text) {
    var m = RE_ENTRY.exec(String(text).trim().replace(/\u2212/g, "-"));
    var accepted = "write a whole number (2), a decimal (0.5), a fraction (1/4), ln N or sqrt N, with an optional -";
    if (!m) return { error: accepted };
    var value;
    if (m[2]) {
      if (Number(m[3]) <= 0) return { error: "the number after " + m[2] + " must be positive" };
      value = m[2] === "ln" ? Math.log(Number(m[3])) : Math.sqrt(Number(m[3]));
    } else if (m[4]) {
      if (Number(m[5]) === 0) return { error: "a fraction cannot divide by zero" };
      value = Number(m[4]) / Number(m[5]);
    } else value = Number(m[6]);
    return { value: m[1] ? -value : value };
  }

  function parseMatrix(rows) { return rows.map(function (row) { return row.map(function (t) { return parseEntry(t).value; }); }); }

  // ---- The core's arithmetic: attention_core/softmax.py and attention.py ----
  function matmul(A, B) { // (n, k) x (k, m) -> (n, m)
    return A.map(function (row) {
      return B[0].map(function (_, j) { return row.reduce(function (running, a, k) { return running + a * B[k][j]; }, 0); });
    });
  }
  function transpose(A) { return A[0].map(function (_, j) { return A.map(function (row) { return row[j]; }); }); }
  function sum(xs) { return xs.reduce(function (total, x) { return total + x; }, 0); }

  /** softmax of one row: exp(x - max) over its total; -inf gets exactly 0. */
  function softmaxRow(row) {
    var largest = Math.max.apply(null, row);
    var powers = row.map(function (x) { return Math.exp(x - largest); });
    var total = sum(powers);
    return powers.map(function (p) { return p / total; });
  }

  /** softmax_steps of one row: e^s without the max subtracted, its total, and the weights. */
  function softmaxSteps(scores) {
    var exponentials = scores.map(Math.exp);
    if (!exponentials.every(isFinite)) fail("e^score overflows float64 for a score this large; use softmax");
    return { scores: scores, exponentials: exponentials, totals: sum(exponentials), weights: softmaxRow(scores) };
  }

  /** scaled_dot_product_attention: S = Q K^T, scaled, M = S with -inf where `mask` (or null) forbids, A = softmax(M),
      O = A V. */
  function attention(Q, K, V, scale, mask) {
    var S = matmul(Q, transpose(K)); // (n, d_k) x (d_k, m) -> (n, m)
    var scaled = S.map(function (row) { return row.map(function (s) { return s * scale; }); });
    var M = mask ? scaled.map(function (row, i) { return row.map(function (s, j) { return mask[i][j] ? s : -Infinity; }); }) : scaled;
    var A = M.map(softmaxRow); // (n, m)
    return { Q: Q, K: K, V: V, scores: S, scale: scale, scaled: scaled, masked: M, weights: A, mask: mask || null,
             output: matmul(A, V) }; // (n, m) x (m, d_v) -> (n, d_v)
  }

  /** multi_head_attention: each head [W_q, W_k, W_v] (as authored) on X, concat, U = concat W_O, residual X + U. */
  function multiHead(X, projections, W_o, mask) {
    var heads = projections.map(function (W) {
      var Q = matmul(X, parseMatrix(W[0])), K = matmul(X, parseMatrix(W[1])); // (n, d_model) x (d_model, d_k) -> (n, d_k)
      var V = matmul(X, parseMatrix(W[2])); // (n, d_model) x (d_model, d_v) -> (n, d_v)
      return attention(Q, K, V, 1 / Math.sqrt(K[0].length), mask);
    });
    var concat = X.map(function (_, i) { return [].concat.apply([], heads.map(function (h) { return h.output[i]; })); }); // (n, h*d_v)
    var U = matmul(concat, W_o); // (n, h*d_v) x (h*d_v, d_model) -> (n, d_model)
    return { heads: heads, concat: concat, W_o: W_o, U: U,
             residual: X.map(function (row, i) { return row.map(function (x, k) { return x + U[i][k]; }); }) };
  }

  /** One query's weighted value rows a_j v_j, (m, d_v): they add up to its output row. */
  function weightedRows(weights, V) { return V.map(function (row, j) { return row.map(function (v) { return weights[j] * v; }); }); }

  // ---- The layer: attention_core/layer.py (gains 1, biases as given) ----
  var LAYER_NORM_EPS = 1e-5; // layer_norm's default, which transformer_layer uses
  function rowsPlus(A, B) { return A.map(function (row, i) { return row.map(function (a, k) { return a + B[i][k]; }); }); }
  /** layer_norm_statistics: each row's mean and population variance, (n,) each. */
  function normStatistics(x) {
    var mean = x.map(function (row) { return sum(row) / row.length; });
    return { mean: mean, variance: x.map(function (row, i) {
      return sum(row.map(function (v) { return (v - mean[i]) * (v - mean[i]); })) / row.length; }) };
  }
  /** layer_norm with gain 1 and bias 0 (Ba et al. 2016): each row to mean 0 and variance 1. */
  function layerNorm(x) {
    var s = normStatistics(x);
    return x.map(function (row, i) { return row.map(function (v) { return (v - s.mean[i]) / Math.sqrt(s.variance[i] + LAYER_NORM_EPS) * 1 + 0; }); });
  }
  /** feed_forward_steps: x W_1 + b_1, the ReLU, then hidden W_2 + b_2. */
  function feedForward(x, W_1, b_1, W_2, b_2) {
    var pre = matmul(x, W_1).map(function (row) { return row.map(function (v, k) { return v + b_1[k]; }); }); // (n, d_model) x (d_model, d_ff) -> (n, d_ff)
    var hidden = pre.map(function (row) { return row.map(function (v) { return Math.max(0, v); }); });
    return { pre: pre, hidden: hidden, output: matmul(hidden, W_2).map(function (row) { return row.map(function (v, k) { return v + b_2[k]; }); }) }; // (n, d_ff) x (d_ff, d_model)
  }

  // ---- Drawn weights: attention_core/initialisation.py (the draws themselves: live/random.js) ----
  /** scaled_normal_sd: sqrt(2 / (rows + cols)), the standard deviation of a (rows, cols) matrix's draws. */
  function scaledNormalSd(rows, cols) { return Math.sqrt(2 / (rows + cols)); }

  // ---- What entries build: directives/shown.py, and entries/common.py ----
  function grid(values, rows, cols, s, corner, written, masked) {
    return { type: "grid", values: values, rows: rows, cols: cols, style: s, corner: corner || "",
             authored: written || null, masked: !!masked };
  }
  function num(value, s, masked, slack) { return { number: value, style: s, masked: !!masked, slack: slack || 0 }; }
  function vec(values, s, slacks) { return { vector: values, style: s, slacks: slacks || [] }; }
  function authored(text) { return { authored: text }; }
  function column(key, title, numeric) { return { key: key, title: title, numeric: numeric !== false }; }
  function table(columns, rows, note) { return { type: "table", columns: columns, rows: rows, note: note || null }; }
  function scalar(value, s) { return { type: "scalar", value: value, style: s }; }
  function labels(prefix, count) { var out = []; for (var k = 1; k <= count; k++) out.push(prefix + k); return out; }
  /** A grid in the exact style (fractions where exact, else three places), as sizes and counts are shown. */
  function wholeGrid(values, rows, cols, corner) { return grid(values, rows, cols, style(true, 3), corner); }

  function checkedWeights(A, mask) {
    if (!A.every(function (row) { return row.every(isFinite); })) fail("the weights contain a NaN or an infinity; nothing is published");
    A.forEach(function (row, i) {
      var total = sum(row);
      if (Math.abs(total - 1) > 1e-9) fail("weight row " + (i + 1) + " sums to " + total.toPrecision(6) + ", not 1; nothing is published");
    });
    if (mask && A.some(function (row, i) { return row.some(function (a, j) { return !mask[i][j] && a !== 0; }); })) {
      fail("a masked weight is not exactly 0; nothing is published");
    }
    return A;
  }

  /** The single column of an (n, 1) array such as K when d_k = 1. */
  function onlyColumn(A, what) {
    if (A[0].length !== 1) fail(what + " has " + A[0].length + " columns; this side-by-side view needs d_k = 1");
    return A.map(function (row) { return row[0]; });
  }

  function joined(words) {
    return words.length === 1 ? words[0] : words.slice(0, -1).join(", ") + " and " + words[words.length - 1];
  }

  // ---- Renderers: directives/render.py ----
  var HIDDEN_CORNER_TEXT = "row";

  // formatting.py's reader_minus: a reader sees a negative number with a true minus sign; data keeps ASCII.
  var RE_SIGN = /(?<![\w.\-/"'=`])-(?=\.?\d|ln\b|sqrt\b|\u221e|\u221a)/g;
  function readerMinus(text) { return text.replace(RE_SIGN, "\u2212"); }

  function numberText(value, s, masked) { return masked && value === -Infinity ? "\u2212\u221e" : formatNumber(value, s); }

  function cellText(cell) {
    if (typeof cell === "string") return cell;
    if ("number" in cell) return numberText(cell.number, cell.style, cell.masked);
    if ("vector" in cell) return formatVector(cell.vector, cell.style);
    return authoredText(cell.authored);
  }

  function gridAsTable(g) {
    var columns = [column("row", g.corner || HIDDEN_CORNER_TEXT, false)].concat(g.cols.map(function (c) { return column(c, c); }));
    var rows = g.rows.map(function (label, i) {
      return [label].concat(g.cols.map(function (_, j) {
        return g.authored ? authored(g.authored[i][j]) : num(g.values[i][j], g.style, g.masked);
      }));
    });
    return table(columns, rows);
  }

  /** A table as text: header titles, rows of cells (a blank is {blank: answer, places, display}), its note. */
  function renderTable(shown, options) {
    var t = shown.type === "grid" ? gridAsTable(shown) : shown;
    var blanks = options.blanks ? options.blanks.split(",") : [];
    return {
      header: t.columns.map(function (c) { return c.title; }),
      rows: t.rows.map(function (row) {
        return row.map(function (cell, j) {
          if (cell.kept) return null; // written by the build, changed by no input
          if (blanks.indexOf(t.columns[j].key) < 0 || typeof cell === "string" || "authored" in cell) {
            return readerMinus(cellText(cell));
          }
          if ("number" in cell) {
            return { blank: [cell.number], places: cell.style.digits, slack: [cell.slack],
                     display: [readerMinus(numberText(cell.number, cell.style))] };
          }
          return { blank: cell.vector, places: cell.style.digits, slack: cell.slacks,
                   display: cell.vector.map(function (x) { return readerMinus(formatNumber(x, cell.style)); }) };
        });
      }),
      note: t.note && readerMinus(t.note)
    };
  }

  /** difflib.SequenceMatcher(None, a, b).ratio() without junk (strings this short have none): 2 M / T, M the
      characters of the matching blocks, each the longest match of its part, earliest in a, then in b. */
  function matchRatio(a, b) {
    function matched(alo, ahi, blo, bhi) {
      var best = [alo, blo, 0], lengths = {};
      for (var i = alo; i < ahi; i++) {
        var next = {};
        for (var j = blo; j < bhi; j++) {
          if (a[i] !== b[j]) continue;
          var k = next[j] = (lengths[j - 1] || 0) + 1;
          if (k > best[2]) best = [i - k + 1, j - k + 1, k];
        }
        lengths = next;
      }
      if (!best[2]) return 0;
      return best[2] + matched(alo, best[0], blo, best[1]) + matched(best[0] + best[2], ahi, best[1] + best[2], bhi);
    }
    return a.length + b.length ? 2 * matched(0, a.length, 0, b.length) / (a.length + b.length) : 1;
  }
  /** errors.did_you_mean: the (at most three) closest of `choices` by difflib.get_close_matches, else all of them. */
  function didYouMean(word, choices) {
    choices = choices.slice().sort();
    var close = choices.map(function (c) { return [matchRatio(c, word.slice(0, 60)), c]; })
      .filter(function (p) { return p[0] >= 0.5; })
      .sort(function (p, q) { return q[0] - p[0] || (q[1] < p[1] ? -1 : q[1] > p[1] ? 1 : 0); }).slice(0, 3);
    if (close.length) return "did you mean " + close.map(function (p) { return "'" + p[1] + "'"; }).join(" or ") + "?";
    return "expected one of " + choices.map(function (c) { return "'" + c + "'"; }).join(", ");
  }

  /** The label an option names: itself, its place (`@last`, `@first`, `@2`), or `h1-o2` for `h1 o2` (labels.py). */
  function labelOf(wanted, names, key) {
    if (wanted === undefined || names.indexOf(wanted) >= 0) return wanted;
    if (wanted.charAt(0) === "@") {
      var place = wanted === "@first" ? 1 : wanted === "@last" ? names.length : Number(wanted.slice(1));
      if (!(place >= 1 && place <= names.length)) fail(key + "=" + wanted + " names no place of this matrix");
      return names[place - 1];
    }
    var spaced = wanted.replace(/-/g, " ");
    if (names.indexOf(spaced) >= 0) return spaced;
    fail(key + "=" + wanted + " is not a label of this matrix; " + didYouMean(wanted, names));
  }

  function select(g, row, col) {
    row = labelOf(row, g.rows, "row");
    col = labelOf(col, g.cols, "col");
    var rows = row === undefined ? g.rows.map(function (_, i) { return i; }) : [g.rows.indexOf(row)];
    var cols = col === undefined ? g.cols.map(function (_, j) { return j; }) : [g.cols.indexOf(col)];
    var pick = function (m) { return rows.map(function (i) { return cols.map(function (j) { return m[i][j]; }); }); };
    return grid(pick(g.values), rows.map(function (i) { return g.rows[i]; }), cols.map(function (j) { return g.cols[j]; }),
                g.style, g.corner, g.authored && pick(g.authored), g.masked);
  }

  function renderValue(shown, options) {
    if (shown.type === "scalar") return numberText(shown.value, shown.style);
    var g = select(shown, options.row, options.col);
    var text = function (x) { return numberText(x, g.style, g.masked); };
    if (g.rows.length === 1 && g.cols.length === 1) return g.authored ? authoredText(g.authored[0][0]) : text(g.values[0][0]);
    if (g.rows.length === 1) return "(" + g.values[0].map(text).join(", ") + ")";
    return "(" + g.values.map(function (r) { return text(r[0]); }).join(", ") + ")";
  }

  /** What attn:tex shows: one entry, a picked row as `(a, b)`, or else the whole selection as a matrix. */
  function renderTex(shown, options) {
    if (shown.type === "scalar") return { text: renderValue(shown, options) };
    var g = select(shown, options.row, options.col);
    if ((g.rows.length === 1 && g.cols.length === 1) || (g.rows.length === 1 && options.row !== undefined)) {
      return { text: renderValue(g, {}) };
    }
    return { text: g, matrix: g };
  }

  // ---- Claims: directives/claims.py ----
  var TOLERANCE = 1e-9, LISTED = 9;
  function equal(a, b) { return a === b || Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b)); }

  function subjectOf(shown, about, row, col) {
    if (shown.type === "scalar") {
      return { about: about, labels: [], values: [shown.value], shape: [1, 1], text: [formatNumber(shown.value, shown.style)],
               rowLabels: [], colLabels: [], picked: "", unit: Number("1e-" + shown.style.digits) };
    }
    var g = select(shown, row, col);
    var where = row || col ? " (" + [["row", row], ["col", col]].filter(function (p) { return p[1]; })
      .map(function (p) { return p[0] + " " + p[1]; }).join(", ") + ")" : "";
    var flat = [].concat.apply([], g.values);
    var names = g.rows.length === 1 ? g.cols : g.cols.length === 1 ? g.rows : [].concat.apply([], g.rows.map(function (r) {
      return g.cols.map(function (c) { return r + "/" + c; });
    }));
    return { about: "'" + about + "'" + where, labels: names, values: flat, shape: [shown.rows.length, shown.cols.length],
             rowLabels: g.rows, colLabels: g.cols, picked: row && col ? "cell" : row ? "row" : col ? "col" : "",
             unit: Number("1e-" + g.style.digits), // one unit of the last decimal shown: the least shown as not 0
             text: flat.map(function (x) { return x === -Infinity ? "\u2212\u221e" : formatNumber(x, g.style); }) };
  }

  function listing(subject) {
    if (subject.values.length === 1) return subject.text[0];
    var pairs = subject.labels.map(function (label, i) { return label + " " + subject.text[i]; });
    return pairs.slice(0, LISTED).join(", ") + (pairs.length > LISTED ? ", \u2026 " + (pairs.length - LISTED) + " more" : "");
  }

  function extreme(subject, question) {
    var best = question === "largest" ? Math.max.apply(null, subject.values) : Math.min.apply(null, subject.values);
    return subject.labels.filter(function (_, i) { return equal(subject.values[i], best); });
  }

  var QUESTIONS = {
    largest: function (s) { return extreme(s, "largest"); },
    smallest: function (s) { return extreme(s, "smallest"); },
    tied: function (s) { var w = extreme(s, "largest"); return w.length > 1 ? w : []; },
    nonzero: function (s) { return s.labels.filter(function (_, i) { return !equal(s.values[i], 0); }); },
    sign: function (s) { var x = s.values[0]; return equal(x, 0) ? "zero" : x < 0 ? "negative" : "positive"; },
    shape: function (s) { return s.shape[0] + " \u00d7 " + s.shape[1]; },
    rows: function (s) { return String(s.shape[0]); },
    cols: function (s) { return String(s.shape[1]); }
  };
  var SMALL_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
  var PARTS = { 2: ["half", "halves"], 3: ["third", "thirds"], 4: ["quarter", "quarters"], 5: ["fifth", "fifths"],
                6: ["sixth", "sixths"], 8: ["eighth", "eighths"], 10: ["tenth", "tenths"] };

  /** `x` as a fraction with a denominator of at most 12, or null (claims.simple_fraction). */
  function simpleFraction(x) {
    var f = isFinite(x) ? limitDenominator(exactFraction(x), 12) : null;
    return f && equal(Number(f[0]) / Number(f[1]), x) ? f : null;
  }

  /** One simple fraction or small whole number in words (claims.in_words); null when it has no short name. */
  function inWords(subject) {
    var f = simpleFraction(subject.values[0]);
    if (!f) return null;
    var n = Number(f[0]), d = Number(f[1]);
    if (n < 0 || n > 12 || (d !== 1 && !PARTS[d])) return null;
    return d === 1 ? SMALL_WORDS[n] : SMALL_WORDS[n] + " " + PARTS[d][n === 1 ? 0 : 1];
  }
  /** The labels along the entry, in order: its columns when a row is picked, else its rows (questions.py). */
  function lineLabels(s, question) {
    if (s.picked === "cell" || !s.rowLabels.length) fail("'" + question + "' lists the labels along a row or column; pick at most one of row=, col=");
    return (s.picked === "row" ? s.colLabels : s.rowLabels).slice();
  }
  QUESTIONS.label = function (s) {
    if (s.picked === "row" || s.picked === "col") return (s.picked === "row" ? s.rowLabels : s.colLabels)[0];
    fail("'label' names the label of one row or column; pick one with row= or col=");
  };
  QUESTIONS.labels = function (s) { return lineLabels(s, "labels"); };
  QUESTIONS.sequence = function (s) { return lineLabels(s, "sequence").join(" "); };
  QUESTIONS.words = function (s) {
    var said = inWords(s);
    if (said === null) fail(s.about + " is " + s.text[0] + ", which has no short name in words");
    return said;
  };

  var WHAT = { words: "value in words", largest: "largest entry", smallest: "smallest entry", tied: "tie for the largest entry",
               nonzero: "set of non-zero entries", sign: "sign", shape: "shape", rows: "number of rows",
               cols: "number of columns" };

  function renderWord(shown, about, options) {
    var subject = subjectOf(shown, about, options.row, options.col);
    var answer = QUESTIONS[options.pick](subject);
    if (typeof answer === "string") return answer;
    if ((options.pick === "largest" || options.pick === "smallest") && answer.length > 1) {
      fail("the " + options.pick + " entry of " + subject.about + " is not unique: " + joined(answer) + " tie (" +
           listing(subject) + "); write the sentence with pick=tied, or change the inputs");
    }
    return answer.length ? joined(answer) : "none";
  }

  function stale(subject, said, actual) {
    return "the page says that in " + subject.about + " " + said + "; with these inputs " + actual + " (" + listing(subject) + ")";
  }

  /** subjects.index_of: where one label's entry is (`Llama-2-7B` names `Llama 2 7B`), or the build's error. */
  function indexOfLabel(subject, label) {
    var spaced = label.replace(/-/g, " ");
    if (subject.labels.indexOf(label) >= 0) return subject.labels.indexOf(label);
    if (subject.labels.indexOf(spaced) >= 0) return subject.labels.indexOf(spaced);
    fail("'" + label + "' is not a label of " + subject.about + "; " + didYouMean(label, subject.labels));
  }
  function valueOf(subject, label) { return subject.values[indexOfLabel(subject, label)]; }
  function textOf(subject, label) { return subject.text[indexOfLabel(subject, label)]; }

  var RELATIONS = {
    greater: function (subject, labelsSaid) {
      for (var i = 0; i + 1 < labelsSaid.length; i++) {
        var a = labelsSaid[i], b = labelsSaid[i + 1], x = valueOf(subject, a), y = valueOf(subject, b);
        if (x < y || equal(x, y)) return stale(subject, a + " is larger than " + b, a + " is " + textOf(subject, a) + " and " + b + " is " + textOf(subject, b));
      }
      return null;
    },
    equal: function (subject, labelsSaid) {
      var names = labelsSaid.join() === "all" ? subject.labels : labelsSaid;
      var values = names.map(function (label) { return valueOf(subject, label); });
      return values.every(function (x) { return equal(values[0], x); }) ? null : stale(subject, joined(names) + " are equal", "they differ");
    },
    labels: function (subject, said) {
      var actual = lineLabels(subject, "labels");
      var spoken = said.map(function (word) { return actual.indexOf(word) >= 0 ? word : word.replace(/-/g, " "); });
      return spoken.join() === actual.join() ? null : stale(subject, "the labels are " + joined(spoken), "they are " + joined(actual));
    },
    fractions: function (subject) {
      var odd = subject.text.filter(function (_, i) { var x = subject.values[i]; return x !== -Infinity && !simpleFraction(x); });
      return odd.length ? stale(subject, "every entry is a simple fraction", odd[0] + " is not") : null;
    },
    same: function (subject, said, context) { return compared(subject, said, context, true); },
    differs: function (subject, said, context) { return compared(subject, said, context, false); },
    size: function (subject, said, context) {
      var m = context.data.magnitudes.filter(function (d) { return d.word === said; })[0];
      var low = m.low === null ? -Infinity : m.low, high = m.high === null ? Infinity : m.high, xs = subject.values;
      var within = function (x) { return low <= x && x <= high; };
      if (m.of === "share-zero") {
        var share = xs.filter(function (x) { return x === 0; }).length / xs.length;
        return within(share) ? null : stale(subject, "the entries are " + said + " (" + m.meaning + ")", "the share of zeros is " + general(share, 3));
      }
      var outside = xs.filter(function (x) { return !within(x); });
      return outside.length ? stale(subject, "the entries are " + said + " (" + m.meaning + ")", "an entry is " + general(outside[0], 6)) : null;
    },
    published: function () { return null; }, // a published input is never one a reader may change (live.py refuses it)
    zero: function (subject, said) {
      var nonzero = subject.text.filter(function (_, i) { return !equal(subject.values[i], 0); });
      if (said === "all" && nonzero.length) return stale(subject, "every entry is 0", nonzero[0] + " is not");
      if (said === "not-all" && !nonzero.length) return stale(subject, "some entry is not 0", "every entry is 0");
      return null;
    }
  };
  var LIST_CLAIMS = ["largest", "smallest", "tied", "nonzero", "greater", "equal", "labels"];
  var GENERIC = ["row", "col", "digits", "blanks", "pick"];

  /** relations.other_subject: the entry same=, differs= or of= names (NAME, or EXAMPLE:NAME of another example, whose
      inputs live.json then carries), picked as this claim picks its own. */
  function otherSubject(said, context) {
    var parts = said.split(":"), name = parts.pop(), example = parts.pop() || context.example, o = context.options;
    return subjectOf(context.entriesOf(example)[name]({}), example + " " + name, o["other-row"] || o.row, o["other-col"] || o.col);
  }

  /** same= and differs= (relations.compared): the other entry's numbers equal these entry by entry within within=
      (up to rounding without it), or not. */
  function compared(subject, said, context, claimedSame) {
    var other = otherSubject(said, context), t = context.tolerance;
    refuseWide(context, Math.max.apply(null, other.values.map(Math.abs).concat([0])), subject, claimedSame ? "same" : "differs",
               "the largest number");
    var same = other.values.length === subject.values.length && subject.values.every(function (x, i) { return allows(t, x, other.values[i]); });
    if (claimedSame && !same) return stale(subject, "the numbers are the same as in " + other.about, "that has " + listing(other));
    if (!claimedSame && same) return stale(subject, "the numbers differ from those of " + other.about, "they are the same, " + listing(other));
    return null;
  }

  // ---- Claims with a tolerance: directives/measures.py ----
  /** measures.number_option: 1, -2, 0.2, 1/2 or -1e9 (the build refused any other). */
  function numberOption(text) { var parts = String(text).split("/"); return Number(parts[0]) / (parts.length > 1 ? Number(parts[1]) : 1); }

  /** subjects.Tolerance, read from within= (an amount, or with % a share of the named number); none is 0. */
  function toleranceOf(text) {
    if (text === undefined) return { amount: 0, relative: false, text: "0" };
    var relative = /%$/.test(text), amount = numberOption(text.replace(/%$/, "")) / (relative ? 100 : 1);
    return { amount: amount, relative: relative, text: relative ? general(amount * 100) + "%" : general(amount) };
  }
  function allows(t, actual, said) {
    var limit = t.relative ? t.amount * Math.abs(said) : t.amount;
    return Math.abs(actual - said) <= limit + TOLERANCE * Math.max(1, Math.abs(said));
  }

  /** measures.refuse_wide: a within= as wide as the number named (for 0, as one unit of the last decimal shown) lets
      the claim hold of anything; the build refuses it. */
  function refuseWide(context, named, subject, claim, what) {
    if (context.options.within === undefined) return;
    var t = context.tolerance, width = t.relative ? t.amount * Math.abs(named) : t.amount, size = general(Math.abs(named));
    if (named !== 0 && width >= Math.abs(named)) {
      fail("within=" + t.text + " is not smaller than " + (what || "the number") + " " + claim + "= names (" + size + "): the claim " +
           "would hold of 0 too, so it says nothing of the size it names; accepted: a tolerance smaller than " + size + " (or than 100%)");
    }
    if (named === 0 && width >= subject.unit) {
      fail("within=" + t.text + " is not smaller than one unit of the last decimal " + subject.about + " is shown with (" +
           general(subject.unit) + "): " + claim + "=0 would hold of numbers the page shows as not 0; accepted: a tolerance smaller than " +
           general(subject.unit));
    }
  }

  /** null when every claim of a check holds for these numbers, else what the build's error says. */
  function renderCheck(shown, about, options, context) {
    var subject = subjectOf(shown, about, options.row, options.col);
    context.tolerance = toleranceOf(options.within);
    var claims = Object.keys(options).filter(function (key) { return GENERIC.indexOf(key) < 0 && key in WHAT || key in RELATIONS; });
    for (var i = 0; i < claims.length; i++) {
      var key = claims[i], said = options[key];
      var listed = LIST_CLAIMS.indexOf(key) >= 0 ? said.split(",") : null;
      if (key in RELATIONS) {
        var broken = RELATIONS[key](subject, listed || said, context);
        if (broken) return broken;
        continue;
      }
      var actual = QUESTIONS[key](subject);
      if (listed) {
        var saidLabels = listed.filter(function (label) { return label !== "none"; });
        if (saidLabels.slice().sort().join() !== actual.slice().sort().join()) {
          return stale(subject, "the " + WHAT[key] + " is " + (saidLabels.length ? joined(saidLabels) : "none"),
                       "it is " + (actual.length ? joined(actual) : "none"));
        }
      } else {
        var normal = key === "shape" ? said.replace("x", " \u00d7 ") : key === "words" ? said.replace(/-/g, " ") : said;
        if (actual !== normal) return stale(subject, "the " + WHAT[key] + " is " + normal, "it is " + actual);
      }
    }
    return null;
  }

  // ---- The entries of each live example: javascripts/live/<example>.js, each mirroring directives/entries/ ----
  var ENTRIES = {}; // by example, each registered by its own file (define), fetched for a page of that example

  /** Register an example's entries: `make` is handed what the files share (SHARED, with what the page's parts add)
      and returns the function that makes, for the example's data and a reader's inputs, its entries by name. It is
      made on first use, once every file of the page has arrived, in whatever order they came. */
  function define(example, make) {
    ENTRIES[example] = function () { ENTRIES[example] = make(SHARED); return ENTRIES[example].apply(null, arguments); };
  }

  /** A part of live.js that only some pages load (live.json's parts: live/charts.js, live/measures.js; calculator.js
      fetches live/calculator.js) adds what it mirrors: `add` is handed SHARED, the claims' RELATIONS and the claims' helpers it may need. */
  function extend(add) {
    add(SHARED, RELATIONS, { allows: allows, listing: listing, numberOption: numberOption, otherSubject: otherSubject, refuseWide: refuseWide, stale: stale });
  }

  /** The entries of every example of `manifest`, each file (javascripts/live/NAME.js) fetched once by reader.js's
      load; the promise settles when all are here. */
  function loadEntries(manifest) {
    return Promise.all((manifest.parts || []).concat(Object.keys(manifest.examples)).map(function (name) {
      if (!/^[a-z0-9-]+$/.test(name)) return Promise.reject(new Error("not the name of a file of live/: " + name));
      return abh.load("live/" + name); // each fetched once
    }));
  }

  // ---- Pictures: figures.py (the heat map's cells, redrawn in place) ----
  var RAMP_SCALE = 0.25, STRONG = 0.3;
  function ramp(w) { w = Math.max(0, Math.min(1, w)); return Math.expm1(-w / RAMP_SCALE) / Math.expm1(-1 / RAMP_SCALE); }
  function coordinate(x) { var t = fixed(x, 2); return t.indexOf(".") >= 0 ? t.replace(/\.?0+$/, "") : t; }

  /** weights_figure: the heat map's numbers, its cells' text ("" where masked) and its text alternative. */
  function heatmap(A, tokens, s, mask, caption) {
    var text = A.map(function (row, i) { return row.map(function (a, j) { return mask && !mask[i][j] ? "" : formatNumber(a, s); }); });
    var rows = tokens.map(function (token, i) {
      return token + ": " + text[i].map(function (cell) { return cell || "masked"; }).join(", ") + ".";
    }).join(" ");
    return { type: "figure", values: A, text: text, tokens: tokens, caption: caption || null,
             desc: "One row per query, one column per key; a more strongly coloured cell carries more weight. " + rows };
  }

  // ---- Drawings made again: figures/frame.py and diagrams.py, as markup the build would write ----
  function escapeText(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  }
  /** frame._svg: a scalable, labelled <svg> of natural size width x height around `body`. */
  function svgFrame(kind, width, height, title, desc, idPrefix, body, keep) { // keep: never narrower (shrink=False)
    return '<svg xmlns="http://www.w3.org/2000/svg" class="abh-figure ' + kind + '" role="img" viewBox="0 0 ' + coordinate(width) +
      " " + coordinate(height) + '" width="100%" style="' + (keep ? "--abh-floor: " + coordinate(width) + "px; " : "") + "max-width: " +
      coordinate(width) + 'px" font-size="14" aria-labelledby="' +
      idPrefix + "-title " + idPrefix + '-desc"><title id="' + idPrefix + '-title">' + escapeText(title) + '</title><desc id="' +
      idPrefix + '-desc">' + escapeText(desc) + "</desc>" + body.join("") + "</svg>";
  }
  function svgText(x, y, text, cls, anchor, middle) {
    return '<text class="' + cls + '" x="' + coordinate(x) + '" y="' + coordinate(y) + '" text-anchor="' + (anchor || "start") + '"' +
      (middle ? ' dominant-baseline="central"' : "") + ">" + escapeText(text) + "</text>";
  }
  function svgLine(x1, y1, x2, y2, cls, idPrefix) {
    return '<line class="' + cls + '" x1="' + coordinate(x1) + '" y1="' + coordinate(y1) + '" x2="' + coordinate(x2) + '" y2="' +
      coordinate(y2) + '"' + (idPrefix ? ' marker-end="url(#' + idPrefix + '-arrow)"' : "") + "/>";
  }
  function arrowMarker(idPrefix) {
    return '<defs><marker id="' + idPrefix + '-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" ' +
      'orient="auto-start-reverse"><path class="abh-arrowhead" d="M0 0L10 5L0 10Z"/></marker></defs>';
  }

  var DRAWN = new WeakMap(); // each drawing's markup as last drawn, and each of its <svg>s cut into its tags and texts
  var LABEL_UNITS = 14; // frame.py's font size, which reader.js measures a figure's width in (--abh-figure-ems)
  var DRAWINGS = /(?=<svg[\s>])/; // where a figure drawn twice (wide, then narrow for a phone's column) starts its next
  /** A drawing made again: each of its <svg>s mended in place when its markup changed (a new one replacing it when
      their elements differ), measured as reader.js measures a figure, its caption set. The markup may be a function,
      called only now: a large map far from view costs nothing until it is drawn. */
  function drawAgain(figure, shown) {
    var drawn = DRAWN.get(figure), markup = typeof shown.svg === "function" ? shown.svg() : shown.svg;
    if (!(drawn && drawn.markup === markup)) {
      var drawings = markup.split(DRAWINGS), tokens = drawings.map(function (part) { return part.match(TAGS_AND_TEXTS); });
      figure.querySelectorAll(":scope > svg").forEach(function (svg, k) {
        if (!mended(svg, tokens[k], drawn && drawn.tokens[k])) {
          var fresh = document.importNode(new DOMParser().parseFromString(drawings[k], "image/svg+xml").documentElement, true);
          svg.replaceWith(fresh);
          svg = fresh;
        }
        var ems = String(Number(svg.getAttribute("viewBox").split(" ")[2]) / LABEL_UNITS);
        if (svg.style.getPropertyValue("--abh-figure-ems") !== ems) svg.style.setProperty("--abh-figure-ems", ems);
      });
      DRAWN.set(figure, { markup: markup, tokens: tokens }); // kept beside the node, not as an attribute restyled at each change
    }
    if (typeof shown.caption === "string") setText(figure.querySelector("figcaption"), shown.caption); // null: the built one stays
  }
  // A figure's measures (figures.css and slides.css read them on the <svg> alone) not inherited: a drawing whose
  // width changed restyles its <svg>, not its hundreds of elements.
  if (window.CSS && CSS.registerProperty) {
    ["--abh-floor", "--abh-figure-ems"].forEach(function (name) {
      try { CSS.registerProperty({ name: name, syntax: "*", inherits: false }); } catch (error) { if (error.name !== "InvalidModificationError") throw error; }
    });
  }

  var TAGS_AND_TEXTS = /<[^>]*>|[^<]+/g, NAME = /^<([\w:-]+)/, ATTRIBUTE = /([\w:-]+)="([^"]*)"/g; // the markup svgFrame writes
  var ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'" };
  function unescaped(text) { return text.replace(/&(amp|lt|gt|quot|#x27);/g, function (_, name) { return ENTITIES[name]; }); }
  function tokenKind(token) { return token[0] !== "<" ? "text" : token[1] === "/" ? "end" : token[token.length - 2] === "/" ? "empty" : "element"; }
  /** Make `svg` what `tokens` draw without new nodes, when both have the same elements and texts in the same order
      (new numbers, new widths): only texts and attributes that differ are set, so a large drawing keeps its nodes
      and only what changed is restyled and laid out again. With `before`, the tokens `svg` was drawn from, only
      the tags and texts that differ from them are read. False, part mended, where they differ. */
  function mended(svg, tokens, before) {
    if (before && before.length !== tokens.length) return false;
    var next = svg, parents = [];
    for (var k = 0; k < tokens.length; k++) {
      var token = tokens[k], kind = tokenKind(token), same = before && before[k] === token;
      if (before && !same && tokenKind(before[k]) !== kind) return false; // in step with `before`, node for node
      if (kind === "end") { // no child left over
        if (next || !parents.length) return false;
        next = parents.pop();
        if (!parents.length) return k === tokens.length - 1;
        next = next.nextSibling;
        continue;
      }
      if (!next) return false;
      if (kind === "text") {
        if (next.nodeType !== 3) return false;
        if (!same && next.data !== unescaped(token)) next.data = unescaped(token);
      } else if (!same && !(before ? changedAttributes(next, token, before[k]) : next.nodeName === NAME.exec(token)[1] && sameAttributes(next, token))) {
        return false;
      }
      if (kind === "element") { parents.push(next); next = next.firstChild; } else if (kind === "empty" && next.firstChild) return false; else next = next.nextSibling;
    }
    return false;
  }
  /** Give `node` the attributes `tag` writes, false if it has others. reader.js's own are kept: data-on (the
      contrast of a number on its cell, set again after each change) and, in the style, the figure's measure. */
  function sameAttributes(node, tag) {
    var count = 0, attribute;
    ATTRIBUTE.lastIndex = 0;
    while ((attribute = ATTRIBUTE.exec(tag))) {
      if (attribute[1] === "style") setStyle(node, unescaped(attribute[2])); else setAttribute(node, attribute[1], unescaped(attribute[2]));
      count++;
    }
    return node.getAttributeNames().filter(function (name) { return name.slice(0, 5) !== "data-"; }).length === count;
  }
  /** Give `node`, drawn from the tag `was`, the attributes of `tag` that differ from it (none read from the node);
      false if the two tags differ in name or attribute names. Cut at their quotes, a tag's even parts are its name
      and attribute names, its odd parts their values. */
  function changedAttributes(node, tag, was) {
    var now = tag.split('"'), then = was.split('"');
    if (now.length !== then.length) return false;
    for (var k = 0; k < now.length; k += 2) if (now[k] !== then[k]) return false;
    for (k = 1; k < now.length; k += 2) {
      if (now[k] === then[k]) continue;
      var name = /([\w:-]+)=$/.exec(now[k - 1])[1], value = unescaped(now[k]);
      if (name === "style") setStyle(node, value); else node.setAttribute(name, value);
    }
    return true;
  }
  function setStyle(node, text) {
    text.split(";").forEach(function (rule) {
      var colon = rule.indexOf(":"), name = rule.slice(0, colon).trim(), value = rule.slice(colon + 1).trim();
      if (colon > 0 && node.style.getPropertyValue(name).trim() !== value) node.style.setProperty(name, value);
    });
  }

  /** A figure that draws only what no input changes (the heads' shapes, the padding flags): it stays as built. */
  function unchangedFigure() { return { type: "figure", unchanged: true }; }
  function unchangedTable() { return { type: "table", unchanged: true }; }

  function drawHeatmap(figure, shown) {
    var n = shown.tokens.length;
    figure.querySelectorAll("rect.abh-cell").forEach(function (rect, k) {
      if (rect.classList.contains("abh-masked")) return; // hatched by the mask as built (a map whose mask changes is drawn whole)
      var i = Math.floor(k / n), j = k % n, w = shown.values[i][j];
      var group = rect.parentNode, label = group.querySelector("text");
      setAttribute(rect, "fill-opacity", coordinate(0.06 + 0.9 * ramp(w)));
      rect.style.setProperty("--abh-ramp", fixed(100 * ramp(w), 0) + "%");
      setText(group.querySelector("title"), shown.tokens[i] + " \u2192 " + shown.tokens[j] + ": " + shown.text[i][j]);
      if (label) {
        setText(label, shown.text[i][j]);
        label.classList.toggle("abh-on-strong", w >= STRONG);
      }
    });
    var desc = figure.querySelector("svg > desc");
    if (desc) setText(desc, shown.desc);
    if (shown.caption) setText(figure.querySelector("figcaption"), shown.caption);
  }

  var MAX_DRAWN = 8; // diagrams.py's cells drawn along a side of an array
  /** A diagram of arrays (diagrams.flow_diagram_svg) whose shapes stay and whose hatching follows a mask: the cells of
      each array named in `shown.hatched` (by symbol, as its tooltip starts) hatched where its matrix is true, as
      _grid_group draws them. */
  function hatchArrays(figure, shown) {
    var fill = "url(#" + figure.querySelector("pattern").id + ")";
    figure.querySelectorAll("g.abh-array").forEach(function (group) {
      var hatched = shown.hatched[group.querySelector("title").textContent.split(":")[0]];
      if (!hatched) return;
      var cols = Math.min(hatched[0].length, MAX_DRAWN);
      group.querySelectorAll("rect.abh-cell").forEach(function (rect, k) {
        var on = hatched[Math.floor(k / cols)][k % cols];
        setAttribute(rect, "class", "abh-cell " + (on ? "abh-masked" : "abh-slot"));
        if (on) setAttribute(rect, "fill", fill); else rect.removeAttribute("fill");
      });
    });
    setText(figure.querySelector("figcaption"), shown.caption);
  }

  // ---- A page's calculators follow its numbers: the blocks' inputs (bus_is_late/programs.py, red_ball_rolls/head.py) ----
  var CALCULATORS = {
    "bus-is-late": function (data, inputs) { // late's query, the keys and the values, as given
      return { query: parseMatrix([inputs.query])[0], keys: parseMatrix(inputs.keys), values: parseMatrix(inputs.values) };
    },
    "red-ball-rolls": function (data, inputs) { // head 1 for the focus: its query, and the keys (rounded) and values it may use
      var X = parseMatrix(inputs.X), focus = data.tokens.indexOf(inputs.focus), places = inputs.calculator_places;
      var project = function (field) { return matmul(X, parseMatrix(inputs[field])).slice(0, focus + 1); }; // (i+1, d)
      return { query: matmul([X[focus]], parseMatrix(inputs.W_q))[0], values: project("W_v"),
               keys: project("W_k").map(function (row) { return row.map(function (k) { return roundTo(k, places); }); }) };
    }
  };

  /** Give each calculator of the page the query, keys and values of the page's numbers now (calculator.js resets its
      boxes to them; one not built yet finds them in its data-calculator). */
  function followCalculators(state) {
    document.querySelectorAll(".md-content .attention-calculator[data-calculator]").forEach(function (box) {
      var spec = JSON.parse(box.getAttribute("data-calculator")), name = spec.example;
      if (!state.manifest.examples[name] || !CALCULATORS[name]) return;
      Object.assign(spec, CALCULATORS[name](state.manifest.examples[name], settled(state.manifest, state.inputs)[name]));
      box.setAttribute("data-calculator", JSON.stringify(spec));
      box.dispatchEvent(new CustomEvent("attn-calculator-inputs", { detail: spec }));
    });
  }

  /** Each example's inputs with the settings the page does not offer filled in (live.json's `settings`: positions'
      clip where no entry reading it is shown, red ball rolls' focus and mask): all an example's entries read. */
  function settled(manifest, inputs) {
    var every = {};
    Object.keys(inputs).forEach(function (name) { every[name] = Object.assign({}, manifest.examples[name].settings, inputs[name]); });
    return every;
  }

  // ---- One directive, computed: directives/engine.py's render ----
  /** {text} (a string, a table, or a figure), {claim: null | message} for a check, or {stale: message}. */
  function compute(request, manifest, inputs, made) {
    var example = request.example, data = manifest.examples[example];
    try {
      var entriesOf = function (name) {
        return made[name] || (made[name] = ENTRIES[name](manifest.examples[name], inputs[name], inputs, manifest.examples));
      };
      var entries = entriesOf(example), build = entries[request.name];
      if (!build) return { missing: "live.js does not mirror '" + example + " " + request.name + "'" };
      var o = request.options, shown = build(o), about = example + " " + request.name;
      if (shown.unchanged) return { unchanged: true }; // written by the build from what no input changes
      if (o.digits !== undefined) shown = restyled(shown, Number(o.digits));
      switch (request.kind) {
        case "table": return { text: renderTable(shown, o) };
        case "value": return { text: readerMinus(renderValue(shown, o)) };
        case "tex": return renderTex(shown, o);
        case "word": return { text: renderWord(shown, about, o) };
        case "check": return { claim: renderCheck(shown, about, o, { data: data, entriesOf: entriesOf, example: example, options: o }) };
        case "figure": return { text: shown };
      }
    } catch (error) {
      if (error instanceof Stale) return { stale: error.message }; // as the build's DirectiveError says it
      if (error.pending) return error;
      throw error;
    }
    return { missing: "attn:" + request.kind + " is not live" };
  }

  function restyled(shown, digits) {
    var again = function (s) { return style(s.exact, digits, s.significant); };
    if (shown.type === "table") {
      shown.rows = shown.rows.map(function (row) {
        return row.map(function (cell) { return cell && cell.style ? Object.assign({}, cell, { style: again(cell.style) }) : cell; });
      });
      return shown;
    }
    if (shown.style) shown.style = again(shown.style);
    return shown;
  }

  /** Every live directive of the page, computed for `inputs`: {id: result}. */
  function computeAll(manifest, inputs) {
    var results = {}, made = {}; // each example's entries made once for these inputs
    inputs = settled(manifest, inputs);
    manifest.directives.forEach(function (request) { results[request.id] = compute(request, manifest, inputs, made); });
    return results;
  }

  // ---- Writing the results into the page (only what changed: an unchanged node is not touched) ----
  function setText(node, text) { if (node.textContent !== text) node.textContent = text; }
  function setAttribute(node, name, value) { if (node.getAttribute(name) !== value) node.setAttribute(name, value); }

  /** Every mark of the page by its directive's number, found in one pass. */
  function marksOf(doc) {
    var marks = {};
    doc.querySelectorAll(".md-content [data-live]").forEach(function (node) { marks[node.getAttribute("data-live")] = node; });
    doc.querySelectorAll('.md-content [class*="attn-live-"]').forEach(function (node) {
      var number = /(?:^|\s)attn-live-(\d+)(?:\s|$)/.exec(node.getAttribute("class"));
      if (number) marks[number[1]] = node;
    });
    return marks;
  }

  function mathElement(tag, content) {
    var node = document.createElementNS(MATHML, tag);
    if (typeof content === "string") node.textContent = content;
    else (content || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }

  /** One entry as MathML, as latex2mathml writes the build's LaTeX for it: -, ln, sqrt, fractions, numbers. */
  function entryNodes(text) {
    var m = /^(-?)(?:(ln|sqrt) ?(.+)|(\d+)\/(\d+)|(.*))$/.exec(text), nodes = [];
    if (m[1]) nodes.push(mathElement("mo", "\u2212"));
    if (m[2] === "ln") { // ln, the function application mathml.py writes after it, then its argument: 2 or 1/2
      nodes.push(mathElement("mi", "ln"), mathElement("mo", "\u2061"));
      nodes = nodes.concat(entryNodes(m[3].replace(/^\((.*)\)$/, "$1")));
    }
    else if (m[2]) nodes.push(mathElement("msqrt", [mathElement("mn", m[3])]));
    else if (m[4]) nodes.push(mathElement("mfrac", [mathElement("mn", m[4]), mathElement("mn", m[5])]));
    else nodes.push(mathElement(/^[\d.,]+$/.test(m[6]) ? "mn" : "mi", m[6]));
    return nodes;
  }

  /** A number, a row `(a, b)` or a word as MathML. */
  function mathNode(text) {
    var inner = text.replace(/^\((.*)\)$/, "$1"), row = [];
    inner.split(", ").forEach(function (part, k) {
      if (k) row.push(mathElement("mo", ","));
      row = row.concat(entryNodes(part));
    });
    if (inner !== text) row = [mathElement("mo", "(")].concat(row, [mathElement("mo", ")")]);
    return mathElement("mrow", row);
  }

  /** A matrix as a MathML pmatrix, its entries as the build writes them. */
  function matrixNode(g) {
    var rows = g.rows.map(function (_, i) {
      return mathElement("mtr", g.cols.map(function (_, j) {
        var text = g.authored ? authoredText(g.authored[i][j]) : numberText(g.values[i][j], g.style, g.masked);
        return mathElement("mtd", entryNodes(text));
      }));
    });
    return mathElement("mrow", [mathElement("mo", "("), mathElement("mtable", rows), mathElement("mo", ")")]);
  }

  function writeTable(mark, result) {
    var tableNode = mark.closest("table"), t = result.text;
    if (!tableNode) return;
    reshape(tableNode, t);
    tableNode.querySelectorAll("thead th").forEach(function (th, j) { if (j > 0 && t.header[j] !== null) writeHeader(th, t.header[j]); });
    tableNode.querySelectorAll("tbody tr").forEach(function (tr, i) {
      tr.querySelectorAll("td").forEach(function (td, j) { writeCell(td, t.rows[i][j]); });
    });
    writeNote(tableNode, t.note);
  }

  /** A column's title as the build writes it: the numbers of its words (`d_k = 64`) and of a formula in it (`interpolated $p / 4$`)
      set in the MathML the build made of that formula, whose other symbols no input changes. */
  function writeHeader(th, title) {
    var parts = title.split("$"), RE_NUMBER = /\d+(?:\.\d+)?/g;
    if (parts.length === 1) { setText(th, title); return; }
    var numbers = function (odd) { return parts.filter(function (_, i) { return i % 2 === odd; }).join(" ").match(RE_NUMBER) || []; };
    var inMath = numbers(1), wordNumbers = numbers(0), k = 0;
    th.querySelectorAll("mn").forEach(function (mn, i) { setText(mn, inMath[i]); });
    th.childNodes.forEach(function (node) { // the words around the formulas: their numbers, in order (the build may
      // have moved punctuation next to a formula into the formula's span, so the words are not taken whole)
      if (node.nodeType === 3) setText(node, node.data.replace(RE_NUMBER, function () { return wordNumbers[k++]; }));
    });
  }

  /** A table whose columns or rows grow or shrink with the inputs (the teacher's powers of e): its header after the
      first cell (which holds the mark) and its body made again to the new shape, right-aligned as the build's. */
  function reshape(tableNode, t) {
    var head = tableNode.querySelector("thead tr"), body = tableNode.querySelector("tbody");
    var rows = body.querySelectorAll("tr");
    if (head.cells.length === t.header.length && rows.length === t.rows.length) return;
    var right = function (node) { node.style.textAlign = "right"; return node; }; // CSSOM: the CSP allows no style attribute
    if (head.cells.length !== t.header.length) { // new columns; the same columns keep their titles, formulas and all
      while (head.cells.length > 1) head.deleteCell(-1);
      t.header.slice(1).forEach(function (title) { head.appendChild(right(el("th", { text: title || "" }))); });
    }
    body.replaceChildren.apply(body, t.rows.map(function (row) {
      return el("tr", {}, row.map(function (_, j) { return j ? right(el("td")) : el("td"); }));
    }));
  }

  function writeCell(td, cell) {
    if (cell === null) return;
    if (typeof cell === "string") { setText(td, cell); return; }
    td.querySelectorAll(".fill-in").forEach(function (blank, k) {
      setAttribute(blank, "data-answer", String(cell.blank[k]));
      setAttribute(blank, "data-display", cell.display[k]);
      setAttribute(blank, "data-places", String(cell.places));
      if (cell.slack[k]) setAttribute(blank, "data-slack", String(cell.slack[k]));
      else blank.removeAttribute("data-slack");
    });
  }

  /** The note printed under a table, if any (inside a list or a details block Markdown leaves an empty <p> first). */
  function noteAfter(box) {
    var next = box.nextElementSibling;
    while (next && next.tagName === "P" && !next.className && !next.textContent.trim()) next = next.nextElementSibling;
    return next && next.classList.contains("table-note") ? next : null;
  }

  function writeNote(tableNode, note) {
    var box = tableNode.closest(".md-typeset__scrollwrap") || tableNode;
    var existing = noteAfter(box);
    if (!note) { if (existing) existing.hidden = true; return; }
    if (!existing) { existing = el("p", { className: "table-note" }); box.parentNode.insertBefore(existing, box.nextSibling); }
    existing.hidden = false;
    existing.textContent = note;
  }

  function writeStale(mark, message) {
    var note = mark.querySelector(".attn-live-stale") || el("mark", { className: "attn-live-stale" });
    note.textContent = "No longer true for these numbers: " + message + ".";
    mark.appendChild(note);
    var sentence = mark.closest("p, li, td, .admonition");
    if (sentence) sentence.classList.add("attn-live-claim-broken");
  }

  function clearStale(mark) {
    var note = mark.querySelector(".attn-live-stale");
    if (note) note.remove();
  }

  /** Write one directive's result where the build put it. Returns 1 when a claim no longer holds, else 0. */
  function write(request, result, mark) {
    if (!mark || result.missing || result.unchanged) return 0;
    var box = request.kind === "table" ? mark.closest("table") : mark; // a table's mark is an empty span in it
    if (result.pending) return box.setAttribute("aria-busy", true), 0;
    box.removeAttribute("aria-busy");
    if (request.kind === "check") {
      clearStale(mark);
      if (result.claim) { writeStale(mark, result.claim); return 1; }
      if (result.stale) { writeStale(mark, result.stale); return 1; }
      return 0;
    }
    if (result.stale) return writeCannot(request, mark, result.stale);
    if (mark.hasAttribute("data-cannot")) uncannot(request, mark);
    if (request.kind === "table") writeTable(mark, result);
    else if (request.kind === "figure") (result.text.svg ? drawAgain : result.text.hatched ? hatchArrays : drawHeatmap)(mark, result.text);
    else if (mark.namespaceURI === MATHML) writeMath(mark, result.matrix ? matrixNode(result.matrix) : mathNode(result.text));
    else setText(mark, result.text);
    return 0;
  }

  /** A formula's part, replaced only when its text changed (the build's MathML is latex2mathml's own). */
  function writeMath(mark, node) {
    var only = mark.children.length === 1 ? mark.firstElementChild : null;
    if (only && only.localName === "mtext") setText(only, node.textContent); // a word inside \text{…}
    else if (mark.textContent !== node.textContent) mark.replaceChildren(node);
  }

  /** A directive the build could not compute for these numbers: its place says why, never an old number. */
  function writeCannot(request, mark, message) {
    mark.setAttribute("data-cannot", message);
    var said = "Not computed for these numbers: " + message + ".";
    if (request.kind === "table") writeNote(mark.closest("table"), said);
    else if (request.kind === "figure") {
      var caption = mark.querySelector("figcaption");
      if (!mark.hasAttribute("data-caption")) mark.setAttribute("data-caption", caption.textContent);
      caption.textContent = said;
    }
    else if (mark.namespaceURI === MATHML) mark.replaceChildren(mathNode("?"));
    else mark.replaceChildren(el("mark", { className: "attn-live-stale", text: said }));
    return 1;
  }

  /** Undo writeCannot once the numbers can be computed again. */
  function uncannot(request, mark) {
    mark.removeAttribute("data-cannot");
    if (request.kind === "figure") mark.querySelector("figcaption").textContent = mark.getAttribute("data-caption") || "";
  }

  /** The pictures far from the reader's view (more than a screen away), measured before a change writes anything:
      measured after, they would force the browser to lay the page out once more. */
  function farFigures(manifest, marks) {
    var screen = window.innerHeight;
    return manifest.directives.filter(function (request) {
      var mark = marks[request.id], box = request.kind === "figure" && mark && mark.getBoundingClientRect();
      return box && box.height && (box.bottom < -screen || box.top > 2 * screen);
    });
  }

  /** Write every result where the build put it; return how many claims no longer hold. A picture `far` from the
      reader's view is drawn in the next idle moment instead (drawLater): what the reader sees follows at once, and
      the drawings of hundreds of elements further down do not hold it up. */
  function writeAll(manifest, results, marks, far) {
    document.querySelectorAll(".attn-live-claim-broken").forEach(function (node) { node.classList.remove("attn-live-claim-broken"); });
    return manifest.directives.reduce(function (broken, request) {
      var result = results[request.id], mark = marks[request.id];
      if (far.indexOf(request) < 0) { LATER.delete(request.id); return broken + write(request, result, mark); }
      drawLater(request, result, mark);
      return broken + (mark && result.stale ? 1 : 0);
    }, 0);
  }

  var LATER = new Map(), whenDrawn = null; // pictures to draw, by directive; the promise drawn() hands out
  function drawLater(request, result, mark) {
    LATER.set(request.id, [request, result, mark]);
    if (whenDrawn) return;
    whenDrawn = new Promise(function (resolve) {
      var idle = window.requestIdleCallback || function (then) { return setTimeout(then, 50); };
      idle(function () { drawPending(); resolve(); }, { timeout: 300 });
    });
  }
  /** Draw every picture left for later, now (before the page is printed, or for a bench to time). */
  function drawPending() {
    var pictures = Array.from(LATER.values());
    LATER.clear();
    whenDrawn = null;
    pictures.forEach(function (args) { write.apply(null, args); });
    if (pictures.length) { abh.refreshScrollBoxes(); abh.recolourFigures(); }
  }
  /** A promise kept once everything of the last change is computed and every picture of it drawn. */
  function allDrawn() { return Promise.resolve(computing).then(function () { return whenDrawn; }); }
  window.addEventListener("beforeprint", drawPending);

  // ---- The reader's inputs: fields, ranges, the URL, undo and reset ----
  function copy(value) { return JSON.parse(JSON.stringify(value)); }

  function ownInputs(manifest) {
    var inputs = {};
    Object.keys(manifest.examples).forEach(function (name) { inputs[name] = copy(manifest.examples[name].inputs); });
    return inputs;
  }

  /** Keep the inputs that depend on an edited one equal to it (the lesson's query of late is late's row of Q). */
  function linked(manifest, inputs) {
    Object.keys(inputs).forEach(function (name) {
      var data = manifest.examples[name], own = inputs[name];
      if (data.focus && own.queries && own.query) own.query = own.queries[data.tokens.indexOf(data.focus)].slice();
      Object.keys(data.rows).forEach(function (field) { // a row per number from -N to N, resized with N (positions' clip)
        var by = data.rows[field].centred, rows = own[field], n = own[by], was = rows && (rows.length - 1) / 2;
        if (!by || !(by in own) || was === n) return;
        own[field] = Array.from({ length: 2 * n + 1 }, function (_, k) { return rows[Math.max(-was, Math.min(was, k - n)) + was].slice(); });
      });
    });
    return inputs;
  }

  /** Why `text` cannot stand in a field whose entries must follow `rule` (null when it can), as the example refuses
      it when made (attention_core/examples/base.py): a whole number within the range the example declares for it
      (`ranged`), else an entry the core parses (exact.py), of at most `rule.entry` characters. */
  function entryError(text, rule) {
    var written = authoredText(text);
    if (rule.entry !== undefined) {
      return written.length > rule.entry ? "an entry has at most " + rule.entry + " characters" : parseEntry(written).error || null;
    }
    return /^-?\d+$/.test(written) ? null : "\u201c" + written + "\u201d is not a whole number; accepted: " + acceptedText(rule);
  }
  /** base.py's rises: whether each number is larger than the one before. */
  function rises(numbers) { return numbers.every(function (x, i) { return i === 0 || x > numbers[i - 1]; }); }
  /** base.py's Range.accepted: what a ranged input accepts, in a reader's words. */
  function acceptedText(rule) {
    return rule.meaning + ": " + (rule.rising ? "whole numbers" : "a whole number") + " from " + grouped(rule.low) + " to " +
      grouped(rule.high) + (rule.divides ? " that divides " + grouped(rule.divides) : "") + (rule.rising ? ", each larger than the one before" : "");
  }
  /** A ranged input's rule among these inputs of its example: a bound naming another input is read from them (and
      what it adds to it: Above's 1). */
  function ruleAmong(rule, inputs) {
    var resolved = Object.assign({}, rule);
    Object.keys(rule.bounds || {}).forEach(function (side) {
      var bound = rule.bounds[side], value = inputs[bound[0]];
      resolved[side] = (Array.isArray(value) ? value.length : value) + bound[1];
    });
    return resolved;
  }
  /** base.py's Range.refusal: why a ranged value is refused (out of range, not a divisor, not rising), or null. */
  function rangeRefusal(value, rule) {
    var numbers = rowsOf(value)[0].map(Number), accepted = acceptedText(rule);
    for (var k = 0; k < numbers.length; k++) {
      var x = numbers[k];
      if (!(x >= rule.low && x <= rule.high)) return x + " is out of range; accepted: " + accepted;
      if (rule.divides && rule.divides % x) return x + " does not divide " + rule.divides + "; accepted: " + accepted;
    }
    return rule.rising && !rises(numbers) ? numbers.join(", ") + " do not rise; accepted: " + accepted : null;
  }
  /** base.py's Entries.refusal: why an authored input's numbers are refused (not above its least, above its most,
      not rising), or null. */
  function entriesRefusal(value, rule) {
    var texts = rowsOf(value)[0], limits = [];
    if (rule.above !== null) limits.push("above " + general(rule.above)); // Python's {:g}, as base.py writes them
    if (rule.at_most !== null) limits.push("at most " + general(rule.at_most));
    var accepted = rule.says + ": " + (texts.length === 1 ? "a number " : "numbers ") + limits.join(" and ") +
      (rule.rising ? ", each larger than the one before" : "");
    var numbers = texts.map(function (text) { return parseEntry(text).value; }), reason = null;
    texts.forEach(function (text, i) {
      var quoted = "\u201c" + text + "\u201d", x = numbers[i];
      if (reason) return;
      if (rule.above !== null && !(x > rule.above)) reason = quoted + " is not above " + general(rule.above) + "; accepted: " + accepted;
      else if (rule.at_most !== null && !(x <= rule.at_most)) reason = quoted + " is above " + general(rule.at_most) + "; accepted: " + accepted;
    });
    return reason || (rule.rising && !rises(numbers) ? texts.join(", ") + " do not rise; accepted: " + accepted : null);
  }
  /** Why the example refuses `value` for `field` beyond parsing, or null: an authored input's declared numbers, a
      ranged one's range among the example's other inputs (refusalAmong). */
  function refusalOf(data, inputs, field, value) {
    var rule = data.ranges[field];
    return rule.meaning ? refusalAmong(data, inputs, field, value) : rule.says ? entriesRefusal(value, rule) : null;
  }
  /** Why the example refuses `value` for its ranged input `field` among its other inputs: that input's range, then
      the range of each input bounded by it (ALiBi's head shown, at most its number of heads), as the example checks
      them when made; null if it takes it. */
  function refusalAmong(data, inputs, field, value) {
    var next = Object.assign({}, inputs), reason = null;
    next[field] = value;
    data.editable.forEach(function (other) {
      var rule = data.ranges[other], bounds = rule.bounds || {};
      var bounded = other === field || Object.keys(bounds).some(function (side) { return bounds[side][0] === field; });
      if (!reason && rule.meaning && bounded) reason = rangeRefusal(next[other], ruleAmong(rule, next));
    });
    return reason;
  }

  /** A field's value as rows of entries (a ranged whole number as one entry), and the value with one entry set. */
  function rowsOf(value) {
    if (!Array.isArray(value)) return [[String(value)]];
    return Array.isArray(value[0]) ? value : [value.map(String)]; // a tuple of ranged whole numbers: one row
  }
  function withEntry(value, i, j, text) {
    if (!Array.isArray(value)) return typeof value === "string" ? text : Number(text); // one authored entry, or a whole number
    if (Array.isArray(value[0])) value[i][j] = text;
    else value[j] = oneRow(value) ? text : Number(text);
    return value;
  }
  /** An authored input of one row (the query of it, a bias): entries as written, not whole numbers. */
  function oneRow(value) { return Array.isArray(value) && typeof value[0] === "string"; }
  /** A field's value from rows of entries, shaped as `like` (rows, a tuple of whole numbers, or one). */
  function fromRows(rows, like) {
    if (!Array.isArray(like)) return typeof like === "string" ? rows[0][0] : Number(rows[0][0]);
    return Array.isArray(like[0]) ? rows : oneRow(like) ? rows[0] : rows[0].map(Number);
  }

  function fromUrl(manifest, inputs) {
    var params = new URLSearchParams(location.search), changed = false;
    Object.keys(manifest.examples).forEach(function (name) {
      manifest.examples[name].editable.forEach(function (field) {
        var text = params.get(paramOf(manifest, name, field)), own = rowsOf(inputs[name][field]), rule = manifest.examples[name].ranges[field];
        var chosen = (rule.choices || []).filter(function (option) { return String(option) === text; });
        if (chosen.length) { inputs[name][field] = chosen[0]; changed = true; } // set-focus=ball
        if (text === null || rule.choices) return;
        var rows = text.split(";").map(function (row) { return row.split(",").map(authoredText); });
        var fits = rows.length === own.length && rows.every(function (row) { return row.length === own[0].length; });
        if (fits && rows.every(function (row) { return row.every(function (t) { return !entryError(t, rule); }); })) {
          inputs[name][field] = fromRows(rows, inputs[name][field]);
          linked(manifest, inputs); // a table resized with a number before it (positions' clip, then w^K)
          changed = true;
        }
      });
      var data = manifest.examples[name], own = ownInputs(manifest)[name];
      data.editable.forEach(function (field) { // what the example refuses among the others: the page's own
        if (refusalOf(data, inputs[name], field, inputs[name][field])) inputs[name][field] = own[field];
      });
    });
    return changed;
  }

  /** The address with the changed inputs as `set-keys=2,1;0,2;1,1` (commas and semicolons left readable). */
  function toUrl(manifest, inputs) {
    var own = ownInputs(manifest), kept = [];
    new URLSearchParams(location.search).forEach(function (value, key) {
      if (key.indexOf(PARAM) !== 0) kept.push(encodeURIComponent(key) + "=" + encodeURIComponent(value));
    });
    Object.keys(manifest.examples).forEach(function (name) {
      manifest.examples[name].editable.forEach(function (field) {
        if (JSON.stringify(inputs[name][field]) === JSON.stringify(own[name][field])) return;
        var rows = rowsOf(inputs[name][field]).map(function (row) { return row.map(encodeURIComponent).join(","); });
        kept.push(paramOf(manifest, name, field) + "=" + rows.join(";"));
      });
    });
    history.replaceState(history.state, "", location.pathname + (kept.length ? "?" + kept.join("&") : "") + location.hash);
  }

  var PARAM = "set-"; // ?set-keys=2,1;0,2;1,1 (reader.js opens the fields when the address has one)
  /** The address's name of an input: `set-keys`, or `set-batched-heads.X` where another example of the page has an X. */
  function paramOf(manifest, name, field) { return PARAM + (shared(manifest, name, field) ? name + "." : "") + field; }
  /** Whether another example of the page has an input named `field` too (the PyTorch page's two X). */
  function shared(manifest, name, field) {
    return Object.keys(manifest.examples).some(function (other) { return other !== name && manifest.examples[other].editable.indexOf(field) >= 0; });
  }
  var FIELD_NAMES = { queries: "query", keys: "key", values: "value" };

  /** A row of an input: a token's for inputs with a row per token, a place's for a projection (W_q's rows are the
      model's dimensions). */
  function rowName(data, field, i, one, count) {
    var rows = data.rows[field]; // a matrix whose rows are not the tokens' (the whole model's embedding: its vocabulary)
    if (rows && rows.centred) return rows.word + " " + readerMinus(String(i - (count - 1) / 2)); // "distance −1"
    if (rows) return rows.names.length ? rows.names[i] : rows.each + " " + (i + 1);
    return one ? queryOf(data, field) || field : /^W/.test(field) ? "row " + (i + 1) : data.tokens[i];
  }
  /** What each row of a matrix input stands for, in its caption: none for rows named by number ("key 1"). */
  function rowMeaning(data, field) {
    var rows = data.rows[field];
    return !rows ? " (one row per token)" : rows.names.length || rows.centred ? " (one row per " + rows.each + ")" : "";
  }
  /** The word whose query a one-row input is (the query of it), or null (a bias). */
  function queryOf(data, field) { return field === "query" && data.focus; }

  /** One entry's field and, after it, the message that says why an entry is not used: [input, message]. */
  function entryField(state, name, field, i, j, label) {
    var id = "attn-live-" + name + "-" + field + "-" + i + "-" + j;
    var message = el("span", { className: "attn-live-panel__error", id: id + "-error", role: "status" });
    var input = el("input", { type: "text", id: id, value: rowsOf(state.inputs[name][field])[i][j], inputmode: "decimal",
      autocomplete: "off", spellcheck: "false", className: "attn-live-panel__input", "aria-label": label,
      "aria-describedby": id + "-error", "data-field": field, "data-row": String(i), "data-col": String(j), "data-example": name });
    input.addEventListener("change", function () { edit(state, input, message); });
    input.addEventListener("keydown", function (event) { if (event.key === "Enter") edit(state, input, message); });
    return [input, message];
  }

  /** A ranged whole number's field (or one per number of a tuple of them), named by its declared meaning
      ("decimal places of the keys …", "sequence lengths n, entry 2"). */
  function settingField(state, name, field) {
    var rule = state.manifest.examples[name].ranges[field], meaning = rule.meaning || rule.says;
    var entries = rowsOf(state.inputs[name][field])[0];
    var parts = entries.map(function (_, j) {
      return el("span", { className: "attn-live-panel__entry" },
                entryField(state, name, field, 0, j, meaning + (entries.length > 1 ? ", entry " + (j + 1) : "")));
    });
    var title = meaning.charAt(0).toUpperCase() + meaning.slice(1), one = entries.length === 1;
    var id = "attn-live-" + name + "-" + field;
    var label = el(one ? "label" : "span", { className: "attn-live-panel__label", id: id + "-label", "for": one ? id + "-0-0" : null, text: title });
    return el("div", { className: "attn-live-panel__setting", role: one ? null : "group", "aria-labelledby": one ? null : label.id },
              [label].concat(parts)); // one number: its label names it; several: they are a group, each its entry
  }

  /** A choice (red ball rolls' focus, the layer's norm): a list to pick from, named by what it is; a flag (red ball
      rolls' causal mask): a box to tick. Neither can be wrong, so neither has a message. */
  function choiceField(state, name, field) {
    var rule = state.manifest.examples[name].ranges[field], id = "attn-live-" + name + "-" + field + "-0-0";
    var flag = typeof rule.choices[0] === "boolean", where = { id: id, "data-field": field, "data-row": "0", "data-col": "0", "data-example": name };
    var control = flag ? el("input", Object.assign({ type: "checkbox", className: "attn-live-panel__flag" }, where))
      : el("select", Object.assign({ className: "attn-live-panel__input" }, where), rule.choices.map(function (option) { return el("option", { text: option }); }));
    showChoice(control, state.inputs[name][field]);
    control.addEventListener("change", function () {
      state.history.push(copy(state.inputs));
      state.inputs[name][field] = flag ? control.checked : rule.choices[control.selectedIndex];
      apply(state, "Recomputed for " + rule.title.split(":")[0] + " = " + aloud(state.inputs[name][field])); // "the causal mask = off"
    });
    var label = el("label", { className: "attn-live-panel__label", "for": id, text: rule.title.charAt(0).toUpperCase() + rule.title.slice(1) });
    return el("div", { className: "attn-live-panel__setting" + (flag ? " attn-live-panel__setting--flag" : "") }, flag ? [control, label] : [label, control]);
  }
  function aloud(value) { return typeof value === "boolean" ? (value ? "on" : "off") : String(value); } // a flag as a reader says it
  function showChoice(control, value) { if (control.type === "checkbox") control.checked = value; else control.value = String(value); }

  function fieldTable(state, name, field) {
    var data = state.manifest.examples[name], one = oneRow(state.inputs[name][field]);
    if (data.ranges[field].choices) return choiceField(state, name, field);
    if (data.ranges[field].meaning || data.ranges[field].says) return settingField(state, name, field); // named numbers
    var body = el("tbody"), named = !one || queryOf(data, field); // "query of it, entry 1"; a bias: "b_1, entry 1"
    var titled = data.titles[field], short = titled ? titled.split(",")[0] : field; // "w^K" of "w^K, the relative key table"
    var count = rowsOf(state.inputs[name][field]).length;
    rowsOf(state.inputs[name][field]).forEach(function (row, i) {
      var tr = el("tr"), rowTitle = rowName(data, field, i, one, count);
      tr.appendChild(el("th", { scope: "row", text: rowTitle }));
      row.forEach(function (_, j) {
        var label = (/^W/.test(field) || !named ? short + ", " : (FIELD_NAMES[field] || short) + " of ") +
          (named ? rowTitle + ", " : "") + "entry " + (j + 1); // "key of is, entry 1", "W_k, row 2, entry 1"
        tr.appendChild(el("td", {}, entryField(state, name, field, i, j, label)));
      });
      body.appendChild(tr);
    });
    var captionText = (titled || field.charAt(0).toUpperCase() + field.slice(1)) + (/^W/.test(field) || one ? "" : rowMeaning(data, field));
    var tableNode = el("table", { className: "attn-live-panel__table", "data-input": name + " " + field });
    tableNode.appendChild(el("caption", { text: captionText }));
    tableNode.appendChild(body);
    return tableNode;
  }

  function edit(state, input, message) {
    var name = input.getAttribute("data-example"), field = input.getAttribute("data-field");
    var i = Number(input.getAttribute("data-row")), j = Number(input.getAttribute("data-col"));
    var data = state.manifest.examples[name], rule = data.ranges[field];
    var error = entryError(input.value, rule.meaning ? ruleAmong(rule, state.inputs[name]) : rule);
    var value = error ? null : withEntry(copy(state.inputs[name][field]), i, j, authoredText(input.value));
    error = error || refusalOf(data, state.inputs[name], field, value);
    input.toggleAttribute("aria-invalid", !!error);
    if (error) { input.setAttribute("aria-invalid", "true"); message.textContent = "Not used: " + error + "."; return; }
    message.textContent = "";
    if (authoredText(input.value) === rowsOf(state.inputs[name][field])[i][j]) return;
    state.history.push(copy(state.inputs));
    state.inputs[name][field] = value;
    apply(state, "Recomputed for " + input.getAttribute("aria-label") + " = " + authoredText(input.value));
  }

  var computing = null; // the promise of what the last change computes apart (pending), then of its page written again
  function apply(state, what) {
    var marks = marksOf(document), far = farFigures(state.manifest, marks); // before the panel or the page change
    linked(state.manifest, state.inputs);
    refit(state);
    var results = computeAll(state.manifest, state.inputs), asked = JSON.stringify(state.inputs);
    var broken = writeAll(state.manifest, results, marks, far);
    var waiting = Object.keys(results).map(function (id) { return results[id].pending; }).filter(Boolean);
    computing = waiting.length ? Promise.all(waiting).then(function () {
      if (JSON.stringify(state.inputs) === asked) apply(state, what); // else a later change computes its own
    }) : null;
    followCalculators(state);
    toUrl(state.manifest, state.inputs);
    var own = ownInputs(state.manifest), changed = JSON.stringify(state.inputs) !== JSON.stringify(own);
    document.querySelectorAll("[data-live-block]").forEach(function (note) { // under a program that keeps its numbers
      var name = note.getAttribute("data-live-block");
      note.hidden = JSON.stringify(state.inputs[name]) === JSON.stringify(own[name]);
      setText(note, note.hidden ? "" : "Not recomputed: this shows the page's own numbers, not the ones you changed.");
    });
    document.documentElement.toggleAttribute("data-live-changed", changed);
    writeSummary(state);
    state.undo.disabled = state.history.length === 0;
    state.status.textContent = what + ". " + (waiting.length ? "Part of the page is still being computed (dimmed)." :
      broken === 0 ? "Every checked sentence still holds." :
      broken + (broken === 1 ? " checked sentence no longer holds; it is marked." : " checked sentences no longer hold; they are marked."));
    abh.refreshScrollBoxes();
    requestAnimationFrame(abh.recolourFigures); // it reads computed colours: after the frame's own style pass
  }

  /** The reader's numbers in one line, "Numbers changed by the reader: keys (2, 1), (3, 2), (1, 1).", outside the
      article so that every slide and every printed page carries it (live.css); hidden while the page is as built. */
  function writeSummary(state) {
    var own = ownInputs(state.manifest), parts = [];
    Object.keys(state.manifest.examples).forEach(function (name) {
      state.manifest.examples[name].editable.forEach(function (field) {
        if (JSON.stringify(state.inputs[name][field]) === JSON.stringify(own[name][field])) return;
        var value = state.inputs[name][field], data = state.manifest.examples[name], rule = data.ranges[field];
        var named = shared(state.manifest, name, field) ? field + " (" + data.title + ")" : field; // "X (a batch of sequences, …)"
        parts.push(!rule.meaning && !rule.says && !rule.choices ?
          named + " " + rowsOf(value).map(function (row) { return "(" + row.join(", ") + ")"; }).join(", ")
          : named.replace(/_/g, " ") + " " + (Array.isArray(value) ? "(" + value.join(", ") + ")" : aloud(value))); // "W_k (0), (ln 2), (1)", "calculator places 6", "causal off"
      });
    });
    var summary = document.querySelector(".attn-live-summary");
    if (!summary) {
      var content = document.querySelector(".md-content");
      summary = el("p", { className: "attn-live-summary" });
      content.insertBefore(summary, content.firstChild);
    }
    summary.hidden = parts.length === 0;
    summary.textContent = parts.length ? "Numbers changed by the reader: " + parts.join("; ") + "." : "";
  }

  /** Make again the fields of an input whose rows changed in number (positions' relative tables, with the clip). */
  function refit(state) {
    state.panel.querySelectorAll("table[data-input]").forEach(function (node) {
      var input = node.getAttribute("data-input").split(" "), rows = rowsOf(state.inputs[input[0]][input[1]]);
      if (node.tBodies[0].rows.length !== rows.length) node.replaceWith(fieldTable(state, input[0], input[1]));
    });
  }

  /** The fields showing the reader's numbers (after apply, which makes a resized input's fields again). */
  function refill(state) {
    state.panel.querySelectorAll("[data-field]").forEach(function (input) {
      var value = state.inputs[input.getAttribute("data-example")][input.getAttribute("data-field")];
      if (input.localName === "select" || input.type === "checkbox") return showChoice(input, value);
      input.value = rowsOf(value)[Number(input.getAttribute("data-row"))][Number(input.getAttribute("data-col"))];
      input.removeAttribute("aria-invalid");
      input.nextSibling.textContent = "";
    });
  }

  var OPEN_EXAMPLES = 2; // a page of more examples opens with only its main one's fields showing (the exercises: nine)
  /** The example most of the page's live directives compute (the page's own), of those `offering` inputs. */
  function mainExample(manifest, offering) {
    var count = {};
    manifest.directives.forEach(function (d) { count[d.example] = (count[d.example] || 0) + 1; });
    return offering.reduce(function (best, name) { return (count[name] || 0) > (count[best] || 0) ? name : best; }, offering[0]);
  }

  function panelFor(state) {
    var panel = el("section", { className: "attn-live-panel", "aria-label": "Change the numbers" });
    panel.appendChild(el("p", { text: "Change any entry and press Enter or leave the field: every table, value, word, " +
      "formula and picture of this page that comes from these numbers is recomputed, and a checked sentence that no " +
      "longer holds is marked. The address of the page keeps your numbers, to share." }));
    var offering = Object.keys(state.manifest.examples).filter(function (name) { return state.manifest.examples[name].editable.length; });
    var own = ownInputs(state.manifest), main = mainExample(state.manifest, offering);
    offering.forEach(function (name) { // each example's fields under its title, folded away on a page of many
      var data = state.manifest.examples[name], title = "attn-live-" + name + "-title";
      var group = el("fieldset", { className: "attn-live-panel__fields", "aria-labelledby": title });
      data.editable.forEach(function (field) { group.appendChild(fieldTable(state, name, field)); });
      var shown = offering.length <= OPEN_EXAMPLES || name === main || JSON.stringify(state.inputs[name]) !== JSON.stringify(own[name]);
      panel.appendChild(el("details", { className: "attn-live-panel__example", open: shown }, [
        el("summary", { id: title, text: data.title.charAt(0).toUpperCase() + data.title.slice(1) }), group]));
    });
    state.undo = el("button", { type: "button", className: "md-button", text: "Undo", disabled: true, onclick: function () {
      state.inputs = state.history.pop();
      apply(state, "Undone");
      refill(state);
    } });
    var reset = el("button", { type: "button", className: "md-button", text: "Reset to the page's numbers", onclick: function () {
      state.history.push(copy(state.inputs));
      state.inputs = ownInputs(state.manifest);
      apply(state, "Reset to the page's own numbers");
      refill(state);
    } });
    state.status = el("p", { className: "attn-live-panel__status", role: "status", "aria-live": "polite" });
    var buttons = el("p", { className: "attn-live-panel__buttons" });
    buttons.appendChild(state.undo);
    buttons.appendChild(reset);
    panel.appendChild(buttons);
    panel.appendChild(state.status);
    state.panel = panel;
    return panel;
  }

  /** The page's live.json, once the entries of each of its examples have arrived. */
  function loadManifest() {
    var embedded = document.getElementById("attn-live-data");
    var manifest = embedded ? Promise.resolve(JSON.parse(embedded.textContent)) :
      fetch(new URL("live.json", location.href)).then(function (response) {
        if (!response.ok) throw new Error("live.json: " + response.status);
        return response.json();
      });
    return manifest.then(function (data) { return loadEntries(data).then(function () { return data; }); });
  }

  var current = null; // the open page's manifest, inputs, history and panel

  /** Show the page for `inputs` (by example, as authored; an example or a field not given keeps the page's own), as
      if the reader had typed them. */
  function show(inputs) {
    current.history.push(copy(current.inputs));
    var own = ownInputs(current.manifest);
    Object.keys(inputs).forEach(function (name) { Object.assign(own[name], copy(inputs[name])); });
    current.inputs = own;
    apply(current, "Numbers changed");
    refill(current);
  }

  /** Open the fields under `button` (the page's "Change the numbers"), and apply numbers from the address. */
  function open(button) {
    var existing = document.querySelector(".attn-live-panel");
    if (existing) { existing.hidden = !existing.hidden; button.setAttribute("aria-expanded", String(!existing.hidden)); return Promise.resolve(); }
    return loadManifest().then(function (manifest) {
      var state = current = { manifest: manifest, inputs: linked(manifest, ownInputs(manifest)), history: [] };
      var fromAddress = fromUrl(manifest, state.inputs); // before the fields: an example the address changes shows open
      var panel = panelFor(state);
      button.parentNode.insertBefore(panel, button.nextSibling);
      button.setAttribute("aria-expanded", "true");
      button.setAttribute("aria-controls", panel.id = "attn-live-panel");
      if (fromAddress) apply(state, "Numbers taken from the address");
      var first = panel.querySelector("[open] input, [open] select");
      if (first && button === document.activeElement) first.focus();
    });
  }

  /** The names of the entries live.js mirrors, by example of the manifest (each example's MIRROR must say the same: directives/mirror.py). */
  function mirrored(manifest) {
    var names = {};
    var own = settled(manifest, ownInputs(manifest));
    Object.keys(manifest.examples).forEach(function (name) {
      names[name] = Object.keys(ENTRIES[name](manifest.examples[name], own[name], own, manifest.examples)).sort();
    });
    return names;
  }

  // What the example files share, by the name each uses.
  var SHARED = {
    arrowMarker: arrowMarker, attention: attention, authored: authored, authoredText: authoredText, checkedWeights: checkedWeights,
    column: column, coordinate: coordinate, decimal: decimal, equal: equal, escapeText: escapeText, fail: fail, fixed: fixed,
    formatNumber: formatNumber, formatVector: formatVector, general: general, grid: grid, heatmap: heatmap, joined: joined, pending: pending,
    labels: labels, matmul: matmul, multiHead: multiHead, num: num, onlyColumn: onlyColumn, parseEntry: parseEntry, fromPart: fromPart, drawerFrom: drawerFrom,
    parseMatrix: parseMatrix, ramp: ramp, readerMinus: readerMinus, roundedSumNote: roundedSumNote, scalar: scalar,
    softmaxRow: softmaxRow, softmaxSteps: softmaxSteps, style: style, sum: sum, svgFrame: svgFrame, svgLine: svgLine,
    svgText: svgText, table: table, transpose: transpose, unchangedFigure: unchangedFigure,
    feedForward: feedForward, layerNorm: layerNorm, normStatistics: normStatistics, rowsPlus: rowsPlus,
    scaledNormalSd: scaledNormalSd,
    unchangedTable: unchangedTable, vec: vec, weightedRows: weightedRows, wholeGrid: wholeGrid, Stale: Stale
  };

  abh.live = {
    define: define, extend: extend, loadEntries: loadEntries, open: open, show: show, drawn: allDrawn, drawPending: drawPending, computeAll: computeAll, noteAfter: noteAfter, mirrored: mirrored, ownInputs: ownInputs, linked: linked, loadManifest: loadManifest,
    formatNumber: formatNumber, parseEntry: parseEntry
  };
})();
