/* Live pages: figures/grids.py's heat maps and mask grids drawn whole, a part of live.js for a map whose size or mask
   follows a reader's numbers (live.js mends a map of fixed size and mask in place): the trained head's weights, whose
   positions' words and count change (its MIRROR's parts), positions' sinusoidal map at a reader's sizes, and red ball
   rolls' maps once a reader turns its causal mask off (fetched then: core.fromPart). It adds core.heatmapSvg,
   core.maskGridSvg and core.positionsHeatmap; tests/browser/test_live.py holds what they draw to the build's markup. */
window.AttentionByHand.live.extend(function (core) {
  "use strict";
  const { coordinate, escapeText, fixed, ramp, svgFrame, svgText } = core;
  var CELL = 48, LABEL_WIDTH = 84, HEADER_HEIGHT = 34, LEGEND_HEIGHT = 40, RAMP_WIDTH = 180, LEGEND_LINE = 28, STRONG = 0.3;
  var MAX_TOOLTIPS = 64; // cells of a positions map up to which each cell carries its value as a tooltip

  /** _heat_paint: a cell's opacity and how far its ink has moved along the ramp. */
  function heatPaint(w) { return 'fill-opacity="' + coordinate(0.06 + 0.9 * ramp(w)) + '" style="--abh-ramp: ' + fixed(100 * ramp(w), 0) + '%"'; }
  function hatchPattern(idPrefix) {
    return '<defs><pattern id="' + idPrefix + '-hatch" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">' +
      '<rect class="abh-hatch-ground" width="8" height="8"/><line class="abh-hatch" x1="0" y1="0" x2="0" y2="8"/></pattern></defs>';
  }
  /** _column_labels and _row_label: a grid's tokens above its columns and before its rows. */
  function columnLabels(tokens) {
    return tokens.map(function (label, j) { return svgText(LABEL_WIDTH + (j + 0.5) * CELL, HEADER_HEIGHT - 10, label, "abh-label", "middle"); });
  }
  function rowLabel(label, i) { return svgText(LABEL_WIDTH - 8, HEADER_HEIGHT + (i + 0.5) * CELL, label, "abh-label", "end", true); }
  function gridCell(cls, x, y, paint) {
    return '<rect class="abh-cell ' + cls + '" x="' + coordinate(x) + '" y="' + coordinate(y) + '" width="' + CELL + '" height="' + CELL + '"' + paint + "/>";
  }
  function hatchFill(idPrefix) { return ' fill="url(#' + idPrefix + '-hatch)"'; }

  /** heatmap_svg with cell_text and masked, one row and one column per position; `mask` (allowed cells) or null. */
  core.heatmapSvg = function (shown, mask, title, idPrefix) {
    var n = shown.tokens.length, width = LABEL_WIDTH + n * CELL + 8, body = [hatchPattern(idPrefix)].concat(columnLabels(shown.tokens));
    shown.values.forEach(function (row, i) {
      var y = HEADER_HEIGHT + i * CELL;
      body.push(rowLabel(shown.tokens[i], i));
      row.forEach(function (w, j) {
        var x = LABEL_WIDTH + j * CELL, text = shown.text[i][j], masked = mask !== null && !mask[i][j];
        var tip = shown.tokens[i] + " \u2192 " + shown.tokens[j] + ": " + (masked ? "masked" : text);
        var shape = masked ? gridCell("abh-masked", x, y, hatchFill(idPrefix)) : gridCell("abh-heat", x, y, " " + heatPaint(w));
        var label = text ? svgText(x + CELL / 2, y + CELL / 2, text, "abh-cell-text" + (!masked && w >= STRONG ? " abh-on-strong" : ""), "middle", true) : "";
        body.push("<g><title>" + escapeText(tip) + "</title>" + shape + label + "</g>");
      });
    });
    var x = Math.min(LABEL_WIDTH, width - 8 - RAMP_WIDTH), y = HEADER_HEIGHT + n * CELL + 12, below = y + LEGEND_LINE;
    var legend = [svgText(x + 34, y + 7, "0", "abh-tick", "end", true)];
    for (var k = 0; k < 10; k++) {
      legend.push('<rect class="abh-heat" x="' + coordinate(x + 40 + k * 12) + '" y="' + coordinate(y) + '" width="12" height="14" ' + heatPaint(k / 9) + "/>");
    }
    legend.push(svgText(x + 166, y + 7, "1", "abh-tick", "start", true));
    if (mask !== null) {
      legend.push('<rect class="abh-masked" x="' + coordinate(x + 40) + '" y="' + coordinate(below) + '" width="14" height="14"' +
                  hatchFill(idPrefix) + "/>", svgText(x + 60, below + 7, "masked", "abh-tick", "start", true));
    }
    body.push('<g class="abh-legend">' + legend.join("") + "</g>");
    return svgFrame("abh-heatmap", width, HEADER_HEIGHT + n * CELL + LEGEND_HEIGHT + (mask !== null ? LEGEND_LINE : 0), title, shown.desc,
                    idPrefix, body);
  };

  /** mask_grid_svg: row i may attend to column j where `allowed[i][j]`, hatched where not, (n, n). */
  core.maskGridSvg = function (allowed, tokens, title, desc, idPrefix) {
    var n = tokens.length, body = [hatchPattern(idPrefix)].concat(columnLabels(tokens));
    tokens.forEach(function (query, i) {
      body.push(rowLabel(query, i));
      tokens.forEach(function (key, j) {
        var ok = allowed[i][j], x = LABEL_WIDTH + j * CELL, y = HEADER_HEIGHT + i * CELL;
        body.push("<g><title>" + escapeText(query + " \u2192 " + key + ": " + (ok ? "may attend" : "masked")) + "</title>" +
                  (ok ? gridCell("abh-allowed", x, y, "") : gridCell("abh-masked", x, y, hatchFill(idPrefix))) + "</g>");
      });
    });
    var x = LABEL_WIDTH, y = HEADER_HEIGHT + n * CELL + 12;
    body.push('<g class="abh-legend"><rect class="abh-allowed" x="' + coordinate(x) + '" y="' + coordinate(y) + '" width="14" height="14"/>' +
              svgText(x + 20, y + 7, "may attend", "abh-tick", "start", true) + '<rect class="abh-masked" x="' + coordinate(x) + '" y="' +
              coordinate(y + LEGEND_LINE) + '" width="14" height="14"' + hatchFill(idPrefix) + "/>" +
              svgText(x + 20, y + LEGEND_LINE + 7, "masked", "abh-tick", "start", true) + "</g>");
    return svgFrame("abh-mask", LABEL_WIDTH + n * CELL + 8, HEADER_HEIGHT + n * CELL + LEGEND_HEIGHT + LEGEND_LINE, title, desc, idPrefix, body);
  };

  /** _signed_cell: one cell of a diverging map, its sign picking the colour, its size the strength; a tooltip if named. */
  function signedCell(x, y, size, value, where) {
    var cell = '<rect class="abh-cell ' + (value >= 0 ? "abh-positive" : "abh-negative") + '" x="' + coordinate(x) + '" y="' +
      coordinate(y) + '" width="' + size + '" height="' + size + '" fill-opacity="' + coordinate(Math.abs(value)) + '"';
    return where === null ? cell + "/>" : cell + "><title>" + escapeText(where) + ": " + fixed(value, 3) + "</title></rect>";
  }

  /** _diverging_legend: a diverging map's key, from -1 through 0 to 1. */
  function divergingLegend(x, y) {
    var cells = [];
    for (var k = 0; k <= 10; k++) {
      var v = (k - 5) / 5;
      cells.push('<rect class="' + (v >= 0 ? "abh-positive" : "abh-negative") + '" x="' + coordinate(x + 30 + k * 12) + '" y="' +
                 coordinate(y) + '" width="12" height="14" fill-opacity="' + coordinate(Math.abs(v)) + '"/>');
    }
    return ['<g class="abh-legend">', svgText(x + 24, y + 7, "\u22121", "abh-tick", "end", true)].concat(cells,
      [svgText(x + 96, y + 26, "0", "abh-tick", "middle"), svgText(x + 168, y + 7, "+1", "abh-tick", "start", true), "</g>"]);
  }

  /** positions_heatmap_svg: sinusoidal position encodings, one row per position, one column per dimension, -1 to 1,
      (n_positions, d_model); each cell's value as a tooltip only in a small map. */
  core.positionsHeatmap = function (P, title, desc, idPrefix) {
    var rows = P.length, cols = P[0].length, cell = Math.max(10, Math.min(28, Math.floor(448 / cols))), left = 44, top = HEADER_HEIGHT;
    var body = [svgText(left + cols * cell / 2, 14, "dimension i", "abh-axis-label", "middle"), svgText(4, 14, "pos", "abh-axis-label")];
    for (var j = 0; j < cols; j += Math.ceil(22 / cell)) body.push(svgText(left + (j + 0.5) * cell, top - 6, String(j), "abh-tick", "middle"));
    P.forEach(function (row, i) {
      body.push(svgText(left - 8, top + (i + 0.5) * cell, String(i), "abh-tick", "end", true));
      row.forEach(function (value, k) {
        body.push(signedCell(left + k * cell, top + i * cell, cell, value, rows * cols <= MAX_TOOLTIPS ? "pos " + i + ", i = " + k : null));
      });
    });
    return svgFrame("abh-positions", left + cols * cell + 8, top + rows * cell + LEGEND_HEIGHT + 8, title, desc, idPrefix,
                    body.concat(divergingLegend(left, top + rows * cell + 12)));
  };
});
