/* The attention calculator's arithmetic: a part of live.js that calculator.js fetches after it (a live page without a
   calculator never loads it). It reads the boxes as a live page's fields are read and computes with live.js's mirror
   of the core and its number policy: one query against the keys and values a reader types. */
window.AttentionByHand.live.extend(function (core) {
  "use strict";
  const { attention, authoredText, checkedWeights, decimal, fixed, formatNumber, formatVector, parseEntry, readerMinus, style } = core;

  var ACCEPTS = "Each box takes one number, such as 2, -0.5, 1.25, 1/4 or ln 2";

  /** Each box's entry read as a live page's fields read theirs: {values} (rows of numbers, shaped as the texts), or
      {errors} ([place, reason] for every box whose text is not an entry, place as [row, col]). */
  function readEntries(texts) {
    var errors = [], values = texts.map(function (row, i) {
      return row.map(function (text, j) {
        var parsed = parseEntry(authoredText(text));
        if (parsed.error) errors.push([[i, j], parsed.error]);
        return parsed.value;
      });
    });
    return errors.length ? { errors: errors } : { values: values };
  }

  /** The places of a row's largest entry, every one of them when they tie (to float64's rounding). */
  function largestAt(row) {
    var top = Math.max.apply(null, row);
    return row.map(function (x, j) { return Math.abs(x - top) <= 1e-12 ? j : -1; }).filter(function (j) { return j >= 0; });
  }

  /** One query's attention as the calculator shows it, by the site's number policy: each key's score and e^score
      to `digits` places (e^score "too large" past float64: the weights subtract the largest score first, as the
      core's softmax does), each weight and its bar's length, and the output to `outputDigits`; or {stale}. */
  function calculate(query, K, V, scale, digits, outputDigits) {
    try {
      var result = attention([query], K, V, scale); // (1, d_k) x (d_k, n) -> (1, n); (1, n) x (n, d_v) -> (1, d_v)
      var A = checkedWeights(result.weights)[0], s = style(false, digits);
      var shown = function (x) { return readerMinus(formatNumber(x, s)); };
      return {
        scores: result.scaled[0].map(shown),
        exponentials: result.scaled[0].map(function (x) { return isFinite(Math.exp(x)) ? shown(Math.exp(x)) : "too large"; }),
        weights: A.map(shown),
        bars: A.map(function (a) { return fixed(100 * a, 2) + "%"; }),
        largest: largestAt(A), // the keys whose weight is largest: several when they tie (the lesson's "design a query")
        output: readerMinus(formatVector(result.output[0], style(false, outputDigits)))
      };
    } catch (error) {
      if (error instanceof core.Stale) return { stale: error.message };
      throw error;
    }
  }

  /** The text of a box after ArrowUp or ArrowDown: one more or less (a tenth with Shift), keeping its decimals;
      null when the box holds no entry. */
  function stepped(text, up, tenth) {
    var parsed = parseEntry(authoredText(text));
    if (parsed.error) return null;
    var size = tenth ? 0.1 : 1, places = Math.max((/\.(\d+)$/.exec(String(text).trim()) || ["", ""])[1].length, tenth ? 1 : 0);
    return decimal(parsed.value + (up ? size : -size), places);
  }

  window.AttentionByHand.live.calculator = { readEntries: readEntries, calculate: calculate, stepped: stepped, accepts: ACCEPTS };
});
