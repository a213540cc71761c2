/* Live pages: the entries of head-width (directives/entries/head_width.py), mirrored for live.js, which loads this
   file on a page of the example; tests/browser/test_live.py holds them to the build's text. Not live yet, so
   entries/head_width.py declares no MIRROR: the example's 4,000 pairs at five widths are 2.7 million normal draws,
   about 470 ms at 4x CPU throttling (the budget is 50 ms), and live.js redraws one <svg> of a figure where
   growth_charts draws two (wide and narrow). */
window.AttentionByHand.live.define("head-width", function (core) {
  "use strict";
  const { column, coordinate, defaultRng, escapeText, grid, num, scalar, style, svgFrame, svgLine, svgText, table } = core;

  /** NumPy's pairwise summation (np.add.reduce over a contiguous float64 array): eight running sums over a block of
      up to 128, the halves of a longer one summed apart; so np.std's sums, mirrored here, add in NumPy's order. */
  function pairwiseSum(xs, start, count) {
    var total, k;
    if (count < 8) {
      for (total = 0, k = 0; k < count; k++) total += xs[start + k];
      return total;
    }
    if (count <= 128) {
      var r = xs.slice(start, start + 8);
      for (k = 8; k < count - count % 8; k += 8) for (var j = 0; j < 8; j++) r[j] += xs[start + k + j];
      total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; k < count; k++) total += xs[start + k];
      return total;
    }
    var half = Math.floor(count / 2);
    half -= half % 8;
    return pairwiseSum(xs, start, half) + pairwiseSum(xs, start + half, count - half);
  }

  /** np.std (ddof 0): the mean, then the mean of the squared deviations, its square root. */
  function std(xs) {
    var mean = pairwiseSum(xs, 0, xs.length) / xs.length;
    var squares = xs.map(function (x) { return (x - mean) * (x - mean); });
    return Math.sqrt(pairwiseSum(squares, 0, squares.length) / xs.length);
  }

  /** attention.score_spread: the sd of q . k for `samples` pairs of standard normal d_k-vectors, and it over sqrt(d_k). */
  function scoreSpread(rng, dK, samples) {
    var q = rng.standardNormal(samples * dK), k = rng.standardNormal(samples * dK); // (samples, d_k) each, row by row
    // einsum("sd,sd->s"): (samples, d_k) . (samples, d_k) -> (samples,). NumPy adds each dot in the CPU's vector
    // lanes, with fused multiply-adds where it has them, so a dot may differ from this loop's in its last bit; the
    // spreads are printed to three decimals and drawn to a hundredth of a pixel.
    var dots = new Array(samples);
    for (var s = 0; s < samples; s++) {
      for (var total = 0, d = s * dK; d < (s + 1) * dK; d++) total += q[d] * k[d];
      dots[s] = total;
    }
    var raw = std(dots);
    return [raw, raw / Math.sqrt(dK)];
  }

  // ---- figures/charts.py: growth_charts, the line chart drawn wide and narrow ----
  var POWERS_FROM = 1e5, WIDE_CHART = 520, NARROW_CHART = 336, LEGEND_LINE = 28, SERIES_DASHES = ["", "7 4", "2 3", "10 3 2 3"];
  var SUPERSCRIPTS = { "-": "\u207b", 0: "\u2070", 1: "\u00b9", 2: "\u00b2", 3: "\u00b3", 4: "\u2074", 5: "\u2075", 6: "\u2076", 7: "\u2077", 8: "\u2078", 9: "\u2079" };

  /** Python's format(value, ",.0f") of a whole number: digits grouped by threes. */
  function grouped(value) {
    var digits = Math.abs(value).toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return (value < 0 ? "-" : "") + digits;
  }
  /** Python's format(value, ".3g"): three significant digits, trailing zeros dropped, an exponent past 10^3. */
  function threeSignificant(value) {
    var exponent = Number(value.toExponential(2).split("e")[1]);
    if (exponent < -4 || exponent >= 3) {
      var parts = value.toExponential(2).split("e");
      return parts[0].replace(/\.?0+$/, "") + "e" + (exponent < 0 ? "-" : "+") + String(Math.abs(exponent)).padStart(2, "0");
    }
    return value.toFixed(2 - exponent).replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");
  }
  /** charts._compact: an axis value as digits, or a power of ten (from 10^5 up, or on an axis asking for powers). */
  function compact(value, powers) {
    if (powers === undefined) powers = Math.abs(value) >= POWERS_FROM;
    if (value === 0 || (!powers && Math.abs(value) >= 1e-3)) return value === Math.round(value) ? grouped(value) : threeSignificant(value);
    var exponent = Math.floor(Math.log10(Math.abs(value))), mantissa = value / Math.pow(10, exponent);
    var power = "10" + String(exponent).split("").map(function (c) { return SUPERSCRIPTS[c]; }).join("");
    return Math.round(mantissa * 100) / 100 === 1 ? power : threeSignificant(mantissa) + "\u00d7" + power;
  }

  function marker(index, x, y) {
    var n = coordinate;
    if (index % 3 === 1) return '<rect x="' + n(x - 4) + '" y="' + n(y - 4) + '" width="8" height="8"/>';
    if (index % 3 === 2) return '<path d="M' + n(x) + " " + n(y - 5) + "L" + n(x + 5) + " " + n(y + 4) + "L" + n(x - 5) + " " + n(y + 4) + 'Z"/>';
    return '<circle cx="' + n(x) + '" cy="' + n(y) + '" r="4"/>';
  }
  function dashOf(index) { return SERIES_DASHES[index] ? ' stroke-dasharray="' + SERIES_DASHES[index] + '"' : ""; }

  /** charts.growth_chart_svg on log axes: every series against xs, its legend, wide or for a phone's column. */
  function growthChart(xs, series, title, desc, xLabel, yLabel, idPrefix, narrow) {
    var n = coordinate, labels = Object.keys(series), all = [].concat.apply([], labels.map(function (l) { return series[l]; }));
    var left = 92, top = 16, bottom = top + 240, width = narrow ? NARROW_CHART : WIDE_CHART, right = width - 24;
    function range(values, nice) {
      var low = Math.min.apply(null, values.map(Math.log10)), high = Math.max.apply(null, values.map(Math.log10));
      if (nice) { low = Math.floor(low); high = Math.ceil(high); }
      return high > low ? [low, high] : [low - 1, high + 1];
    }
    var xRange = range(xs, false), yRange = range(all, true);
    var x = function (v) { return left + 12 + (Math.log10(v) - xRange[0]) / (xRange[1] - xRange[0]) * (right - left - 24); };
    var y = function (v) { return bottom - (Math.log10(v) - yRange[0]) / (yRange[1] - yRange[0]) * 240; };
    var body = [svgLine(left, top, left, bottom, "abh-axis"), svgLine(left, bottom, right, bottom, "abh-axis"),
                svgText((left + right) / 2, bottom + 44, xLabel, "abh-axis-label", "middle"),
                '<text class="abh-axis-label" x="0" y="0" text-anchor="middle" transform="translate(16 ' + n((top + bottom) / 2) +
                ') rotate(-90)">' + escapeText(yLabel) + "</text>"];
    var step = Math.max(1, Math.ceil(xs.length * 64 / (right - left))), shown = xs.filter(function (_, k) { return k % step === 0; });
    var xPowers = Math.max.apply(null, shown.map(Math.abs)) >= POWERS_FROM;
    shown.forEach(function (v) {
      body.push(svgLine(x(v), bottom, x(v), bottom + 5, "abh-axis"), svgText(x(v), bottom + 20, compact(v, xPowers), "abh-tick", "middle"));
    });
    var stride = Math.max(1, Math.ceil((yRange[1] - yRange[0]) / 8)), ticks = [];
    for (var k = yRange[0]; k <= yRange[1]; k += stride) ticks.push(Math.pow(10, k));
    var yPowers = Math.max.apply(null, ticks.map(Math.abs)) >= POWERS_FROM;
    ticks.forEach(function (v) {
      body.push(svgLine(left, y(v), right, y(v), "abh-grid"), svgText(left - 8, y(v), compact(v, yPowers), "abh-tick", "end", true));
    });
    labels.forEach(function (label, index) {
      var ys = series[label], prefix = label ? label + ": " : "";
      body.push('<polyline class="abh-series abh-series-' + index + '" points="' +
                xs.map(function (v, j) { return n(x(v)) + "," + n(y(ys[j])); }).join(" ") + '"' + dashOf(index) + "/>");
      xs.forEach(function (v, j) {
        body.push('<g class="abh-marker abh-series-' + index + '"><title>' + escapeText(prefix + compact(v) + " \u2192 " + compact(ys[j])) +
                  "</title>" + marker(index, x(v), y(ys[j])) + "</g>");
      });
    });
    body.push('<g class="abh-legend">');
    labels.forEach(function (label, index) {
      var at = narrow ? [left, bottom + 70 + LEGEND_LINE * index] : [left + index * 150, bottom + 70];
      body.push('<line class="abh-series abh-series-' + index + '" x1="' + n(at[0]) + '" y1="' + n(at[1]) + '" x2="' + n(at[0] + 28) +
                '" y2="' + n(at[1]) + '"' + dashOf(index) + "/>",
                '<g class="abh-marker abh-series-' + index + '">' + marker(index, at[0] + 14, at[1]) + "</g>",
                svgText(at[0] + 36, at[1], label, "abh-tick", "start", true));
    });
    body.push("</g>");
    var height = bottom + 56 + LEGEND_LINE * (narrow ? labels.length : 1);
    return svgFrame(narrow ? "abh-chart abh-chart-narrow" : "abh-chart abh-chart-wide", width, height, title, desc, idPrefix, body);
  }

  return function (data, inputs) {
    function setting(name) { return name in inputs ? inputs[name] : data.settings[name]; }
    var seed = setting("seed"), widths = setting("widths"), samples = setting("samples");
    var STYLE = style(false, 3), WHOLE = style(true, 3); // WHOLE: widths and their roots here are whole: 4, not 4.000
    var rng = defaultRng(seed), spreads = widths.map(function (dK) { return scoreSpread(rng, dK, samples); });
    var raw = spreads.map(function (s) { return s[0]; }), scaled = spreads.map(function (s) { return s[1]; });
    return {
      spread: function () {
        return table([column("d_k", null), column("sqrt", null), column("raw", null), column("scaled", null)], widths.map(function (w, r) {
          return [num(w, WHOLE), num(Math.sqrt(w), WHOLE), num(raw[r], STYLE), num(scaled[r], STYLE)];
        }));
      },
      samples: function () { return scalar(samples, WHOLE); },
      spreads: function () { return grid(spreads, widths.map(String), ["raw", "scaled"], STYLE, "d_k"); },
      "spread-chart": function () {
        var series = { "raw q\u00b7k": raw, "q\u00b7k / \u221ad\u2096": scaled }, title = "Spread of scores by head width";
        var desc = "Standard deviation of the dot product of random query and key vectors, for each head width d\u2096. " +
          "The raw spread grows like the square root of d_k; divided by the square root of d_k it stays near 1.";
        var draw = function (idPrefix, narrow) {
          return growthChart(widths, series, title, desc, "head width d\u2096", "spread (standard deviation)", idPrefix, narrow);
        };
        return { type: "figure", caption: "Raw scores spread out as heads get wider; dividing by \u221ad\u2096 keeps the spread near 1.",
                 svg: draw("head-width", false) + draw("head-width-narrow", true) };
      }
    };
  };
});
