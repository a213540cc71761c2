/* Live pages: the entries of rnn-path (directives/entries/rnn_path.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("rnn-path", function (core) {
  "use strict";
  const { arrowMarker, coordinate, scalar, style, svgFrame, svgLine, svgText } = core;
  /** diagrams._path_row: numbered token circles, the row's name above the first. */
  function pathRow(name, centres, y, radius) {
    return [svgText(centres[0] - radius, y - radius - 14, name, "abh-label", "start", true)].concat([].concat.apply([], centres.map(function (x, k) {
      return ['<circle class="abh-token" cx="' + x + '" cy="' + coordinate(y) + '" r="' + radius + '"/>',
              svgText(x, y, String(k + 1), "abh-token-text", "middle", true)];
    })));
  }
  /** diagrams.path_diagram_svg: token n back to token 1, an RNN's chain of n - 1 steps against attention's one edge. */
  function pathDiagram(n, title, desc, idPrefix) {
    var gap = 54, radius = 15, rnn = 50, att = 144, centres = [];
    for (var k = 0; k < n; k++) centres.push(radius + 9 + k * gap);
    var first = centres[0], last = centres[n - 1], body = [arrowMarker(idPrefix)].concat(pathRow("RNN", centres, rnn, radius));
    centres.slice(1).forEach(function (b, j) { body.push(svgLine(centres[j] + radius, rnn, b - radius - 3, rnn, "abh-edge", idPrefix)); });
    body.push(svgText(last + radius, rnn + 32, (n - 1) + " steps", "abh-note", "end"));
    body = body.concat(pathRow("attention", centres, att, radius));
    var bend = att + 48 + 4 * n, apex = (att + radius + bend) / 2;
    body.push('<path class="abh-edge abh-edge-direct" d="M' + coordinate(last - 4) + " " + (att + radius) + " Q" + coordinate((first + last) / 2) +
              " " + coordinate(bend) + " " + coordinate(first + 4) + " " + (att + radius + 3) + '" marker-end="url(#' + idPrefix + '-arrow)"/>');
    body.push(svgText((first + last) / 2, apex + 20, "1 step", "abh-note", "middle"));
    return svgFrame("abh-paths", last + radius + 9, apex + 30, title, desc, idPrefix, body);
  }

  return function (data, inputs) {
    var n = inputs.length, WHOLE = style(true, 0);
    return {
      tokens: function () { return scalar(n, WHOLE); },
      updates: function () { return scalar(n - 1, WHOLE); },
      paths: function () {
        return { type: "figure", caption: "An RNN carries token 1 to token " + n + " through every update in between; " +
                 "attention scores the pair directly.",
                 svg: pathDiagram(n, "From token 1 to token " + n, "Top: an RNN passes information along the chain 1 to " + n +
                   ", one state update per step. Bottom: attention links token " + n + " to token 1 with a single score.", "rnn-path") };
      }
    };
  };
});
