/* Live pages: the entries of head-width (directives/entries/head_width.py), mirrored for live.js, which loads this
   file on a page of the example; tests/browser/test_live.py holds them to the build's text. Its spreads are millions
   of normal draws (4,000 pairs of q and k at widths 1 to 256: 2.7 million, about 470 ms at 4x CPU throttling), so
   they are drawn in slices between the browser's other work (core.pending): the rest of the page follows the reader at
   once, and what needs the spreads is dimmed until they are ready. */
window.AttentionByHand.live.define("head-width", function (core) {
  "use strict";
  const { column, defaultRng, grid, growthCharts, num, pending, scalar, style, table } = core;

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

  var SLICE = 65536; // numbers drawn between two pauses: about 13 ms at 4x CPU throttling

  /** attention.score_spread for each width in turn, from one generator seeded with `seed`: (raw sd, scaled sd) of q . k
      for `samples` pairs of standard normal d_k-vectors, q's (samples, d_k) drawn before k's, row by row. Drawn
      SLICE numbers at a time with a pause between, so the page answers the reader while millions are drawn; k is
      not kept, each of its numbers added to its row's dot as it comes. NumPy's einsum("sd,sd->s") adds a dot in the
      CPU's vector lanes, with fused multiply-adds where it has them, so a dot may differ from this one in its last bit;
      the spreads are printed to three decimals and drawn to a hundredth of a pixel. */
  function spreadsInSlices(seed, widths, samples) {
    var rng = defaultRng(seed), spreads = [], w = 0, q = null, dots = null, drawn = 0;
    return new Promise(function (resolve) {
      (function slice() {
        for (var left = SLICE; left > 0 && w < widths.length;) {
          var dK = widths[w], size = samples * dK; // q, then k: (samples, d_k) each
          if (!q) { q = new Float64Array(size); dots = new Float64Array(samples); drawn = 0; }
          var numbers = rng.standardNormal(Math.min(left, 2 * size - drawn));
          for (var n = 0, at = drawn; n < numbers.length; n++, at++) {
            if (at < size) q[at] = numbers[n];
            else dots[Math.floor((at - size) / dK)] += q[at - size] * numbers[n];
          }
          drawn += numbers.length; left -= numbers.length;
          if (drawn === 2 * size) { var raw = std(dots); spreads.push([raw, raw / Math.sqrt(dK)]); q = null; w++; }
        }
        if (w < widths.length) setTimeout(slice); else resolve(spreads);
      })();
    });
  }

  var SPREADS = new Map(); // by "seed widths samples": the spreads once drawn, or the promise of them

  /** The spreads for these inputs if they are drawn; else core.pending with the promise of them, drawn once. */
  function spreadsFor(seed, widths, samples) {
    var key = [seed, widths, samples].join(" "), known = SPREADS.get(key);
    if (Array.isArray(known)) return known;
    if (!known) {
      known = spreadsInSlices(seed, widths, samples).then(function (spreads) { SPREADS.set(key, spreads); });
      SPREADS.set(key, known);
    }
    return pending(known);
  }

  return function (data, inputs) {
    var seed = inputs.seed, widths = inputs.widths, samples = inputs.samples;
    var STYLE = style(false, 3), WHOLE = style(true, 3); // WHOLE: widths and their roots here are whole: 4, not 4.000
    function spreads() { return spreadsFor(seed, widths, samples); }
    function measured(k) { return spreads().map(function (s) { return s[k]; }); } // k = 0: raw, 1: scaled
    return {
      spread: function () {
        var raw = measured(0), scaled = measured(1);
        return table([column("d_k", null), column("sqrt", null), column("raw", null), column("scaled", null)], widths.map(function (w, r) {
          return [num(w, WHOLE), num(Math.sqrt(w), WHOLE), num(raw[r], STYLE), num(scaled[r], STYLE)];
        }));
      },
      samples: function () { return scalar(samples, WHOLE); },
      spreads: function () { return grid(spreads(), widths.map(String), ["raw", "scaled"], STYLE, "d_k"); },
      "spread-chart": function () {
        var raw = measured(0), scaled = measured(1);
        var series = [["raw q\u00b7k", raw], ["q\u00b7k / \u221ad\u2096", scaled]], title = "Spread of scores by head width";
        var desc = "Standard deviation of the dot product of random query and key vectors, for each head width d\u2096. " +
          "The raw spread grows like the square root of d_k; divided by the square root of d_k it stays near 1.";
        return { type: "figure", caption: "Raw scores spread out as heads get wider; dividing by \u221ad\u2096 keeps the spread near 1.",
                 svg: growthCharts(widths, series, title, desc, "head width d\u2096", "spread (standard deviation)", true, "head-width") };
      }
    };
  };
});
