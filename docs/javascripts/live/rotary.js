/* Live pages: the entries of rotary (directives/entries/rotary.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("rotary", function (core) {
  "use strict";
  const { arrowMarker, column, coordinate, fail, formatNumber, grid, matmul, num, parseMatrix, readerMinus, scalar, style, svgFrame,
          svgLine, svgText, table, transpose } = core;
  var ROPE_BASE = 10000; // the sinusoidal table's base (rotary.ROPE_BASE)

  // ---- attention_core/rotary.py ----
  /** rope_exponents: -2i/d for i = 0 .. d/2 - 1, (d/2,). */
  function ropeExponents(d) { var out = []; for (var i = 0; 2 * i < d; i++) out.push(-(2 * i) / d); return out; }
  /** rope_frequencies: theta_i = base^(-2i/d), (d/2,). */
  function ropeFrequencies(d, base) { return ropeExponents(d).map(function (e) { return Math.pow(base, e); }); }
  /** rope_wavelengths: 2 pi / theta_i, the positions pair i takes to turn once, (d/2,). */
  function ropeWavelengths(d, base) { return ropeFrequencies(d, base).map(function (t) { return 2 * Math.PI / t; }); }
  /** rotate: row r of X, pair i, turned by positions[r] * theta_i; (n, d), (n,) -> (n, d). The browser's Math.cos and
      Math.sin may differ from the C library's, which NumPy calls, in the last bit (about 3 angles in 100); far below
      the digits a page prints, which the parity test holds to the build's for every mutation. */
  function rotate(X, positions, base) {
    var theta = ropeFrequencies(X[0].length, base); // (d/2,)
    return X.map(function (row, r) {
      var out = row.slice();
      theta.forEach(function (t, i) {
        var angle = positions[r] * t, cos = Math.cos(angle), sin = Math.sin(angle), even = row[2 * i], odd = row[2 * i + 1];
        out[2 * i] = even * cos - odd * sin;
        out[2 * i + 1] = even * sin + odd * cos;
      });
      return out;
    });
  }
  /** Python's round(x): to the nearest whole number, a half to the even one. */
  function roundHalfEven(x) { var r = Math.round(x); return Math.abs(x - Math.trunc(x)) === 0.5 && r % 2 ? r - 1 : r; }
  function count(n) { var out = []; for (var k = 0; k < n; k++) out.push(k); return out; }
  /** rope_scores: rotated queries against rotated keys at their positions (default 0 .. n-1), not divided by sqrt(d). */
  function ropeScores(Q, K, qPositions, kPositions, base) {
    var pQ = qPositions || count(Q.length), pK = kPositions || count(K.length), theta = ropeFrequencies(Q[0].length, base);
    var Qrot = rotate(Q, pQ, base), Krot = rotate(K, pK, base); // (n, d), (m, d)
    return { theta: theta, qPositions: pQ, anglesQ: pQ.map(function (p) { return theta.map(function (t) { return p * t; }); }),
             Qrot: Qrot, Krot: Krot, scores: matmul(Qrot, transpose(Krot)) }; // (n, d) x (d, m) -> (n, m)
  }
  function largestGap(A, B) { // max |A - B| over every entry
    return Math.max.apply(null, A.map(function (row, i) { return Math.max.apply(null, row.map(function (a, j) { return Math.abs(a - B[i][j]); })); }));
  }
  /** check_rope_offsets: the scores at 0 .. n-1 and at shift .. shift + n - 1, equal to 1e-12 of the largest (at least 1). */
  function checkRopeOffsets(Q, K, shift, base) {
    var plain = ropeScores(Q, K, null, null, base), moved = count(Q.length).map(function (p) { return p + shift; });
    var shifted = ropeScores(Q, K, moved, moved, base), difference = largestGap(shifted.scores, plain.scores);
    var size = Math.max(1, Math.max.apply(null, plain.scores.map(function (row) { return Math.max.apply(null, row.map(Math.abs)); })));
    return { scores: plain.scores, shiftedScores: shifted.scores, maxDifference: difference, invariant: difference <= 1e-12 * size };
  }
  /** ntk_aware_base: base * factor^(d / (d - 2)). */
  function ntkAwareBase(base, factor, d) { return base * Math.pow(factor, d / (d - 2)); }
  /** positions.sinusoidal_positions: PE[pos, 2i] = sin(pos / 10000^(2i/d)), PE[pos, 2i+1] = cos(...), one row. */
  function sinusoidalRow(pos, d) {
    var row = [];
    for (var e = 0; e < d; e += 2) {
      var angle = pos / Math.pow(10000, e / d);
      row.push(Math.sin(angle), Math.cos(angle));
    }
    return row;
  }
  /** sinusoid_shift_as_rotation: the rows of p and p + k, and the row of p turned by -k theta_i. */
  function sinusoidShiftAsRotation(p, k, d) {
    var pe = sinusoidalRow(p, d), peShifted = sinusoidalRow(p + k, d), turned = rotate([pe], [-k], ROPE_BASE)[0];
    return { pe: pe, peShifted: peShifted, turned: turned, maxDifference: largestGap([turned], [peShifted]) };
  }

  // ---- figures/rotations.py: each pair of red's query, an arrow from the origin, turned to each position ----
  var PANEL = 260, RADIUS = 76, TOP = 40, MERGE_BELOW = 0.35, CHAR = 7;
  /** math.remainder(x, y): x less the multiple of y nearest it. */
  function remainder(x, y) { return x - roundHalfEven(x / y) * y; }
  /** _labels: `p = 0`, or `p = 1, 2, 3` for arrows that nearly coincide, each at its group's first angle. */
  function arrowLabels(pair) {
    var groups = [];
    pair.positions.forEach(function (position, k) {
      var angle = Math.atan2(pair.points[k][1], pair.points[k][0]);
      var near = groups.filter(function (g) { return Math.abs(remainder(angle - g[1], 2 * Math.PI)) < MERGE_BELOW; });
      if (near.length) near[0][0].push(position);
      else groups.push([[position], angle]);
    });
    return groups.map(function (g) { return ["p = " + g[0].join(", "), g[1]]; });
  }
  /** _label: just outside the circle at `angle`, or centred under it when it would leave its panel. */
  function arrowLabel(cx, cy, label, angle) {
    var x = cx + (RADIUS + 14) * Math.cos(angle), y = cy - (RADIUS + 14) * Math.sin(angle);
    var anchor = Math.cos(angle) > 0.3 ? "start" : Math.cos(angle) < -0.3 ? "end" : "middle", width = CHAR * label.length;
    var left = anchor === "start" ? x : anchor === "end" ? x - width : x - width / 2;
    if (left < cx - PANEL / 2 + 2 || left + width > cx + PANEL / 2 - 2) { x = cx; y = cy + RADIUS + 24; anchor = "middle"; }
    return svgText(x, y, label, "abh-shape", anchor, true);
  }
  /** _panel: one pair's heading, circle, axes, arrows (the first position's on top) and labels, centred at (cx, cy). */
  function panel(cx, cy, pair, idPrefix) {
    var length = Math.max.apply(null, pair.points.map(function (p) { return Math.hypot(p[0], p[1]); })) || 1, scale = RADIUS / length * 0.97;
    var parts = [svgText(cx, cy - PANEL / 2 - 8, pair.heading, "abh-label", "middle"),
                 '<circle class="abh-edge abh-skip" cx="' + coordinate(cx) + '" cy="' + coordinate(cy) + '" r="' + RADIUS + '"/>',
                 svgLine(cx - RADIUS - 10, cy, cx + RADIUS + 10, cy, "abh-axis"), svgLine(cx, cy - RADIUS - 10, cx, cy + RADIUS + 10, "abh-axis")];
    for (var k = pair.points.length - 1; k >= 0; k--) {
      var p = pair.points[k];
      parts.push(svgLine(cx, cy, cx + p[0] * scale, cy - p[1] * scale, "abh-series abh-series-" + (k ? 1 : 0), idPrefix));
    }
    return parts.concat(arrowLabels(pair).map(function (l) { return arrowLabel(cx, cy, l[0], l[1]); }));
  }
  /** rotation_svg: the panels in `columns` columns (0: all in one row). */
  function rotationSvg(pairs, title, desc, idPrefix, columns) {
    columns = columns || pairs.length;
    var body = [arrowMarker(idPrefix)];
    pairs.forEach(function (pair, index) {
      var row = Math.floor(index / columns), col = index % columns;
      body = body.concat(panel(col * PANEL + PANEL / 2, row * (PANEL + TOP) + TOP + PANEL / 2, pair, idPrefix));
    });
    var kind = columns === pairs.length && columns > 1 ? "abh-rotation abh-chart-wide" : "abh-rotation abh-chart-narrow";
    return svgFrame(kind, PANEL * columns, Math.ceil(pairs.length / columns) * (PANEL + TOP), title, desc, idPrefix, body);
  }
  /** rotation_figures: the pairs side by side, then one under another for a phone's column. */
  function rotationFigures(pairs, title, desc, idPrefix) {
    return rotationSvg(pairs, title, desc, idPrefix) + rotationSvg(pairs, title, desc, idPrefix + "-narrow", 1);
  }

  return function (data, inputs) {
    var TOKENS = data.tokens, CORNER = "query \\ key", EXACT = style(true, 3), DECIMAL = style(false, 3);
    var SIZE = style(false, 3, true), WHOLE = style(true, 0), POSITION = style(false, 2);
    var Q = parseMatrix(inputs.Q), K = parseMatrix(inputs.K), D = Q[0].length, base = inputs.base;
    var shift = inputs.shift, offset = inputs.offset, starts = inputs.offset_starts, figureP = inputs.figure_p;
    var headD = inputs.head_d, largerBase = inputs.larger_base, trainedL = inputs.trained_L;
    var factor = inputs.extension_s, sinusoidP = inputs.sinusoid_p, sinusoidK = inputs.sinusoid_k;
    var theta = ropeFrequencies(D, base), rope = ropeScores(Q, K, null, null, base), offsets = checkRopeOffsets(Q, K, shift, base);
    var PAIRS = theta.map(function (_, i) { return String(i); }), extended = factor * trainedL;
    var realTheta = ropeFrequencies(headD, base), ntk = ntkAwareBase(base, factor, headD);
    var wavelengths = [ropeWavelengths(headD, base), ropeWavelengths(headD, largerBase)]; // (2, d/2): transposed below
    var rotation = sinusoidShiftAsRotation(sinusoidP, sinusoidK, D);

    function dims(prefix) { return count(D).map(function (k) { return prefix + k; }); }
    function make(values, rows, cols, s, corner) { return grid(values, rows, cols, s, corner); }
    function authoredGrid(field, prefix) { return grid(parseMatrix(inputs[field]), TOKENS, dims(prefix), EXACT, "token", inputs[field]); }
    function column1(xs) { return xs.map(function (x) { return [x]; }); }
    /** wavelength_number: whole and grouped from 100 up (54,410), else two places (6.28). */
    function wavelengthNumber(x) { return Math.abs(x) >= 100 ? num(roundHalfEven(x), WHOLE) : num(x, POSITION); }
    /** position_number: whole and grouped (8,191), or two places when squeezed between two (2047.75). */
    function positionNumber(x) { return Number.isInteger(x) ? num(x, WHOLE) : num(x, POSITION); }
    /** moved_pair: red's query and rolls' key placed at (s, s + offset) for each start s, (starts,). */
    function movedPair() {
      return starts.map(function (s) { return ropeScores(Q.slice(0, 1), K.slice(-1), [s], [s + offset], base).scores[0][0]; });
    }
    /** interpolated: positions 0, 1, the trained length and the last extended position, and each divided by the factor. */
    function interpolated() { return [0, 1, trainedL, extended - 1].map(function (p) { return [p, p / factor]; }); }
    function sinusoidRows() {
      var shown = rotation.pe.map(function (_, e) { return (e % 2 ? "cos" : "sin") + Math.floor(e / 2); });
      return grid(rotation.pe.map(function (x, e) { return [x, rotation.peShifted[e], rotation.turned[e]]; }), shown,
                  ["at-p", "at-p+k", "turned"], DECIMAL, "entry");
    }
    function rotationFigure() {
      var token = TOKENS[0], positions = figureP.map(String);
      var rows = rotate(figureP.map(function () { return Q[0]; }), figureP, base); // (P, d)
      var turned = theta.map(function (t, i) {
        return { heading: "pair " + i + ": \u03b8" + String(i).replace(/\d/g, function (c) { return String.fromCharCode(0x2080 + Number(c)); }) +
                   " = " + formatNumber(t, SIZE), positions: positions, points: rows.map(function (row) { return [row[2 * i], row[2 * i + 1]]; }) };
      });
      var listing = [].concat.apply([], turned.map(function (pair, i) {
        return pair.points.map(function (p, k) {
          return "pair " + i + " at p = " + positions[k] + ": (" + formatNumber(p[0], DECIMAL) + ", " + formatNumber(p[1], DECIMAL) + ")";
        });
      })).join("; ");
      return { type: "figure", svg: rotationFigures(turned, "The query of " + token + " turned by its position, pair by pair",
                 "Each pair of entries is an arrow from the origin, turned by p times its theta: " + readerMinus(listing) + ".", "rope-turn"),
               caption: "The query of " + token + " placed at positions " + positions.join(", ") +
                 ": each pair i is the same arrow turned by p times its \u03b8." };
    }

    return {
      base: function () { return scalar(base, EXACT); },
      frequencies: function () { return make(ropeExponents(D).map(function (e, i) { return [e, theta[i]]; }), PAIRS, ["exponent", "theta"], EXACT, "pair $i$"); },
      queries: function () { return authoredGrid("Q", "q"); },
      keys: function () { return authoredGrid("K", "k"); },
      positions: function () { return make(column1(rope.qPositions), TOKENS, ["p"], EXACT, "token"); },
      angles: function () { return make(rope.anglesQ, TOKENS, PAIRS.map(function (i) { return "angle" + i; }), DECIMAL, "token"); },
      "rotated-queries": function () { return make(rope.Qrot, TOKENS, dims("q"), DECIMAL, "token"); },
      "rotated-keys": function () { return make(rope.Krot, TOKENS, dims("k"), DECIMAL, "token"); },
      "plain-scores": function () { return make(matmul(Q, transpose(K)), TOKENS, TOKENS, EXACT, CORNER); }, // (n, d) x (d, n)
      scores: function () { return make(offsets.scores, TOKENS, TOKENS, DECIMAL, CORNER); },
      shift: function () { return scalar(shift, EXACT); },
      "shifted-positions": function () { return make(column1(rope.qPositions.map(function (p) { return p + shift; })), TOKENS, ["p"], EXACT, "token"); },
      "shifted-scores": function () { return make(offsets.shiftedScores, TOKENS, TOKENS, DECIMAL, CORNER); },
      "offset-difference": function () {
        if (!offsets.invariant) fail("moving every position by " + shift + " changed a rotary score by " + offsets.maxDifference + "; nothing is published");
        return scalar(offsets.maxDifference, DECIMAL);
      },
      "moved-pair": function () {
        return make(column1(movedPair()), starts.map(function (s) { return s + "-" + (s + offset); }), ["score"], DECIMAL, "positions");
      },
      offset: function () { return scalar(offset, EXACT); },
      "unrotated-pair": function () { return scalar(matmul(Q.slice(0, 1), transpose(K.slice(-1)))[0][0], EXACT); }, // (d,) . (d,)
      "rotation-figure": rotationFigure,
      "head-width": function () { return scalar(headD, WHOLE); },
      "pair-count": function () { return scalar(headD / 2, WHOLE); },
      "long-base": function () { return scalar(largerBase, WHOLE); },
      wavelengths: function () {
        return make(realTheta.map(function (t, i) { return [t, wavelengths[0][i], wavelengths[1][i]]; }), realTheta.map(function (_, i) { return String(i); }),
                    ["theta", "wavelength", "longer-base"], SIZE, "pair $i$");
      },
      "wavelength-table": function () { // the frequency's title is a formula of no input: kept
        return table([column("pair", null, false), column("theta", null), column("wavelength", "wavelength, base " + formatNumber(base, WHOLE)),
                      column("longer", "wavelength, base " + formatNumber(largerBase, WHOLE))],
          inputs.shown_i.map(function (i) {
            return [String(i), num(realTheta[i], SIZE), wavelengthNumber(wavelengths[0][i]), wavelengthNumber(wavelengths[1][i])];
          }));
      },
      "trained-length": function () { return scalar(trainedL, WHOLE); },
      "extension-factor": function () { return scalar(factor, WHOLE); },
      "extended-length": function () { return scalar(extended, WHOLE); },
      interpolation: function () {
        var rows = interpolated();
        return make(rows.map(function (r) { return [r[0], r[1], trainedL]; }), rows.map(function (r) { return String(r[0]); }),
                    ["position", "interpolated", "trained"], POSITION, "position");
      },
      "last-position": function () { return scalar(extended - 1, WHOLE); },
      "interpolation-table": function () { // titles with a formula of the factor, which no reader changes here: kept
        return table([column("position", null), column("interpolated", "interpolated $p / " + factor + "$")],
          interpolated().map(function (r) { return [positionNumber(r[0]), positionNumber(r[1])]; }));
      },
      "ntk-base": function () { return scalar(roundHalfEven(ntk), WHOLE); },
      "ntk-theta": function () {
        var before = ropeFrequencies(headD, base), after = ropeFrequencies(headD, ntk), last = headD / 2 - 1;
        return make([[before[0], after[0]], [before[last], after[last]]], ["0", String(last)], ["trained", "ntk"], SIZE, "pair $i$");
      },
      "sinusoid-position": function () { return scalar(sinusoidP, WHOLE); },
      "sinusoid-shift": function () { return scalar(sinusoidK, WHOLE); },
      "sinusoid-moved": function () { return scalar(sinusoidP + sinusoidK, WHOLE); },
      "sinusoid-shift-rows": sinusoidRows,
      "sinusoid-shift-table": function () { // titles naming p and k
        var shown = sinusoidRows();
        return table([column("entry", null, false), column("at-p", "row of position " + sinusoidP),
                      column("at-p+k", "row of position " + (sinusoidP + sinusoidK)),
                      column("turned", "row of " + sinusoidP + " turned by $-" + sinusoidK + "\\,\\theta_i$")],
          shown.rows.map(function (label, e) { return [label].concat(shown.values[e].map(function (v) { return num(v, DECIMAL); })); }));
      },
      "sinusoid-difference": function () {
        if (rotation.maxDifference > 1e-12) {
          fail("turning the sinusoidal row of " + sinusoidP + " by " + sinusoidK + " positions missed the row of " + (sinusoidP + sinusoidK) +
               " by " + rotation.maxDifference + "; nothing is published");
        }
        return scalar(rotation.maxDifference, DECIMAL);
      },
      "longest-wavelength": function () { return scalar(roundHalfEven(wavelengths[1][headD / 2 - 1]), WHOLE); }
    };
  };
});
