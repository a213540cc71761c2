/* Live pages: the claims with a tolerance (directives/measures.py: close=, ratio=, slope=), a part of live.js loaded
   on a page that states one (live.json's parts); the rest of the claims, and within= for same= and differs=, are
   live.js's own. tests/browser/test_live.py holds every verdict to the build's. */
window.AttentionByHand.live.extend(function (core, relations, claims) {
  "use strict";
  const { fail, general, joined, sum } = core;
  const { allows, listing, numberOption, otherSubject, refuseWide, stale } = claims;

  /** measures.least_squares_slope: the slope of the straight line that fits the points best. */
  function leastSquaresSlope(xs, ys) {
    var mx = sum(xs) / xs.length, my = sum(ys) / ys.length;
    var spread = sum(xs.map(function (x) { return (x - mx) * (x - mx); }));
    return spread ? sum(xs.map(function (x, i) { return (x - mx) * (ys[i] - my); })) / spread : Infinity;
  }

  relations.close = function (subject, said, context) {
    var x = numberOption(said), t = context.tolerance;
    refuseWide(context, x, subject, "close");
    for (var i = 0; i < subject.values.length; i++) {
      if (!allows(t, subject.values[i], x)) {
        return stale(subject, "the entries are within " + t.text + " of " + general(x), (subject.labels[i] ? subject.labels[i] + " is " : "it is ") + subject.text[i]);
      }
    }
    return null;
  };
  relations.ratio = function (subject, said, context) {
    var x = numberOption(said), t = context.tolerance, values = subject.values;
    if (context.options.of !== undefined) { // every entry is x times the same entry of the one of= names
      var other = otherSubject(context.options.of, context), ys = other.values;
      var holds = ys.length === values.length && values.every(function (v, i) { return allows(t, v, x * ys[i]); });
      return holds ? null : stale(subject, "the numbers are " + general(x) + " times those of " + other.about, "that has " + listing(other));
    }
    if (values.length !== 2) fail("ratio= compares two entries; " + subject.about + " has " + values.length + ": pick two");
    refuseWide(context, x, subject, "ratio");
    var actual = values[1] ? values[0] / values[1] : Infinity;
    return allows(t, actual, x) ? null : stale(subject, "the first entry is " + general(x) + " times the second (within " + t.text + ")",
                                                 "it is " + general(actual, 3) + " times");
  };
  relations.slope = function (subject, said, context) {
    var x = numberOption(said), t = context.tolerance, axes = context.options.axes || "linear";
    refuseWide(context, x, subject, "slope");
    if (subject.values.length < 2 || subject.labels[0].indexOf("/") >= 0) fail("'slope' compares the entries of one row or column; pick one with row= or col=");
    var xs = subject.labels.map(Number), ys = subject.values.slice();
    if (subject.labels.some(function (label, i) { return !label.trim() || isNaN(xs[i]); })) {
      fail("slope= needs labels that are numbers; " + subject.about + " has " + joined(subject.labels.slice(0, 4)));
    }
    if (axes === "log") {
      if (Math.min.apply(null, xs) <= 0 || Math.min.apply(null, ys) <= 0) return stale(subject, "the entries lie on logarithmic axes", "some entry or label is not positive");
      xs = xs.map(Math.log); ys = ys.map(Math.log);
    }
    var actual = leastSquaresSlope(xs, ys);
    return allows(t, actual, x) ? null : stale(subject, "the slope on " + axes + " axes is " + general(x) + " (within " + t.text + ")", "it is " + general(actual, 3));
  };
});
