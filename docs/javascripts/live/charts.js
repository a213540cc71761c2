/* Live pages: figures/charts.py's growth_charts, a part of live.js loaded on a page whose examples draw line charts
   (their MIRROR's parts: head width's spreads on log axes, the trained head's curve on linear ones). It adds
   core.growthCharts, which every such example's file calls; tests/browser/test_live.py holds what it draws to the
   build's markup. */
window.AttentionByHand.live.extend(function (core) {
  "use strict";
  const { coordinate: n, escapeText, fail, fixed, formatNumber, general, style, svgFrame, svgLine, svgText } = core;
  var POWERS_FROM = 1e5, WIDE = 520, NARROW = 336, LEGEND_LINE = 28, DASHES = ["", "7 4", "2 3", "10 3 2 3"];
  var SUPERSCRIPTS = "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079", WHOLE = style(true, 0);

  /** 10.0 ** k as Python computes it: exact for k >= 0, correctly rounded below (1 / an exact power). */
  function powerOfTen(k) { return k >= 0 ? Math.pow(10, k) : 1 / Math.pow(10, -k); }

  /** _nice_step: the round step (1, 2, 2.5 or 5 times a power of ten) nearest above `rough`. */
  function niceStep(rough) {
    var power = powerOfTen(Math.floor(Math.log10(rough)));
    return [1, 2, 2.5, 5, 10].map(function (f) { return f * power; }).filter(function (x) { return x >= rough * (1 - 1e-9); })[0];
  }

  /** _compact: an axis value, with separators, or as a power of ten (from 100,000 on, or on an axis asking for
      powers, every value but 0). */
  function compact(value, powers) {
    powers = powers === undefined ? Math.abs(value) >= POWERS_FROM : powers;
    if (value === 0 || (!powers && Math.abs(value) >= 1e-3)) return value === Math.round(value) ? formatNumber(value, WHOLE) : general(value, 3);
    var exponent = Math.floor(Math.log10(Math.abs(value))), mantissa = value / powerOfTen(exponent);
    var power = "10" + String(exponent).split("").map(function (c) { return SUPERSCRIPTS["-0123456789".indexOf(c)]; }).join("");
    return Number(fixed(mantissa, 2)) === 1 ? power : general(mantissa, 3) + "\u00d7" + power;
  }

  /** _marker: a point whose shape tells series apart without colour. */
  function marker(index, x, y) {
    if (index % 3 === 1) return '<rect x="' + n(x - 4) + '" y="' + n(y - 4) + '" width="8" height="8"/>';
    if (index % 3 === 2) return '<path d="M' + n(x) + " " + n(y - 5) + "L" + n(x + 5) + " " + n(y + 4) + "L" + n(x - 5) + " " + n(y + 4) + 'Z"/>';
    return '<circle cx="' + n(x) + '" cy="' + n(y) + '" r="4"/>';
  }
  function dash(index) { return DASHES[index] ? ' stroke-dasharray="' + DASHES[index] + '"' : ""; }

  /** growth_chart_svg: each series ([label, values]) against xs, on log axes or linear ones, wide or for a phone's
      column (`narrow`: its legend one entry a line). */
  function growthChart(xs, series, title, desc, xLabel, yLabel, log, idPrefix, narrow) {
    xs.concat.apply(xs, series.map(function (s) { return s[1]; })).forEach(function (value) {
      if (!isFinite(value) || (log && value <= 0)) fail("cannot plot " + general(value) + ": " + (log ? "a log scale needs positive values" : "values must be finite"));
    });
    var scaled = log ? Math.log10 : Number, width = narrow ? NARROW : WIDE, left = 92, top = 16, bottom = 256, right = width - 24;
    /** _Plot._range: the scaled (low, high) of `values`, widened to whole decades, or to round steps and 0, when `nice`. */
    function span(values, nice) {
      var low = Math.min.apply(null, values.map(scaled)), high = Math.max.apply(null, values.map(scaled));
      if (nice && log) { low = Math.floor(low); high = Math.ceil(high); }
      else if (nice && high > Math.min(low, 0)) {
        var each = niceStep((high - Math.min(low, 0)) / 5);
        low = Math.floor(Math.min(low, 0) / each) * each;
        high = Math.ceil(high / each) * each;
      }
      return high > low ? [low, high] : [low - 1, high + 1];
    }
    var xr = span(xs, false), yr = span([].concat.apply([], series.map(function (s) { return s[1]; })), true);
    function px(value) { return left + 12 + (scaled(value) - xr[0]) / (xr[1] - xr[0]) * (right - left - 24); }
    function py(value) { return bottom - (scaled(value) - yr[0]) / (yr[1] - yr[0]) * 240; }
    var body = [svgLine(left, top, left, bottom, "abh-axis"), svgLine(left, bottom, right, bottom, "abh-axis"),
                svgText((left + right) / 2, bottom + 44, xLabel, "abh-axis-label", "middle"),
                '<text class="abh-axis-label" x="0" y="0" text-anchor="middle" transform="translate(16 ' + n((top + bottom) / 2) +
                ') rotate(-90)">' + escapeText(yLabel) + "</text>"];
    var every = Math.max(1, Math.ceil(xs.length * 64 / (right - left))), shownXs = xs.filter(function (_, k) { return k % every === 0; });
    var xPowers = Math.max.apply(null, shownXs.map(Math.abs)) >= POWERS_FROM;
    shownXs.forEach(function (value) {
      body.push(svgLine(px(value), bottom, px(value), bottom + 5, "abh-axis"), svgText(px(value), bottom + 20, compact(value, xPowers), "abh-tick", "middle"));
    });
    var ticks = [], k; // y_ticks: every decade (at most 8) on log axes, about five round steps on linear ones
    if (log) for (k = yr[0]; k <= yr[1]; k += Math.max(1, Math.ceil((yr[1] - yr[0]) / 8))) ticks.push(powerOfTen(k));
    else for (var each = niceStep((yr[1] - yr[0]) / 5), tick = 0; tick <= Math.round((yr[1] - yr[0]) / each); tick++) ticks.push(Number(fixed(yr[0] + each * tick, 12)));
    var yPowers = Math.max.apply(null, ticks.map(Math.abs)) >= POWERS_FROM;
    ticks.forEach(function (value) {
      body.push(svgLine(left, py(value), right, py(value), "abh-grid"), svgText(left - 8, py(value), compact(value, yPowers), "abh-tick", "end", true));
    });
    series.forEach(function (s, index) {
      var prefix = s[0] ? s[0] + ": " : "";
      body.push('<polyline class="abh-series abh-series-' + index + '" points="' +
                xs.map(function (x, j) { return n(px(x)) + "," + n(py(s[1][j])); }).join(" ") + '"' + dash(index) + "/>");
      xs.forEach(function (x, j) {
        body.push('<g class="abh-marker abh-series-' + index + '"><title>' + escapeText(prefix + compact(x) + " \u2192 " + compact(s[1][j])) +
                  "</title>" + marker(index, px(x), py(s[1][j])) + "</g>");
      });
    });
    body.push('<g class="abh-legend">'); // _series_legend: side by side, or one a line when narrow
    series.forEach(function (s, index) {
      var x = narrow ? left : left + index * 150, y = narrow ? bottom + 70 + LEGEND_LINE * index : bottom + 70;
      body.push('<line class="abh-series abh-series-' + index + '" x1="' + n(x) + '" y1="' + n(y) + '" x2="' + n(x + 28) + '" y2="' + n(y) + '"' + dash(index) + "/>",
                '<g class="abh-marker abh-series-' + index + '">' + marker(index, x + 14, y) + "</g>", svgText(x + 36, y, s[0], "abh-tick", "start", true));
    });
    body.push("</g>");
    return svgFrame("abh-chart abh-chart-" + (narrow ? "narrow" : "wide"), width, bottom + 56 + LEGEND_LINE * (narrow ? series.length : 1),
                    title, desc, idPrefix, body);
  }

  /** growth_charts: the chart drawn wide, then narrow with its ids prefixed `idPrefix`-narrow, as a figure's `svg`.
      Every series is labelled here (the site's live charts all have a legend). */
  core.growthCharts = function (xs, series, title, desc, xLabel, yLabel, log, idPrefix) {
    return growthChart(xs, series, title, desc, xLabel, yLabel, log, idPrefix, false) +
      growthChart(xs, series, title, desc, xLabel, yLabel, log, idPrefix + "-narrow", true);
  };
});
