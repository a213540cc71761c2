/* Live pages: the entries of batched-heads (directives/entries/batched_heads.py), mirrored for live.js, which
   loads this file on a page of the example; tests/browser/test_live.py holds them to the build's text. */
window.AttentionByHand.live.define("batched-heads", function (core) {
  "use strict";
  const { attention, checkedWeights, column, coordinate, fail, formatNumber, grid, labels, matmul, multiHead, parseMatrix, readerMinus, scalar, style,
          svgFrame, svgLine, svgText, table, transpose } = core;
  var PARITY_TOLERANCE = 1e-12, PROJECTIONS = ["W_q", "W_k", "W_v"];

  // ---- figures/reshapes.py: the head split drawn in three panels ----
  var MAX_WIDTH = 340, CELL_HEIGHT = 24, MIN_CELL = 24, CELL_CHAR = 7.5, CHAR = 8, HEAD_GAP = 6, BLOCK_GAP = 16, BAND = 18, TINTS = 4;
  var HEADINGS = ["X W_Q, one row per token", "reshape: each row read in h blocks", "transpose: rows grouped by head"];
  function widest(texts) { return Math.max.apply(null, texts.map(function (t) { return t.length; })); }
  function flatten(nested) { return [].concat.apply([], nested); }

  /** reshapes._cell: one number in a cell tinted by its head (numbered from 1 in the class). */
  function cell(x, y, width, text, head) {
    return '<g class="abh-split-cell abh-head-' + (head + 1) + '"><rect class="abh-cell abh-tint-' + head % TINTS + '" x="' + coordinate(x) +
      '" y="' + coordinate(y) + '" width="' + coordinate(width) + '" height="' + CELL_HEIGHT + '"/>' +
      svgText(x + width / 2, y + CELL_HEIGHT / 2, text, "abh-cell-text", "middle", true) + "</g>";
  }
  /** reshapes._row_block: one sequence's rows full width, each head's label over its columns; `gap` between the
      blocks of a row (after the reshape). Drawn from (x0, y0): [body, width, height]. */
  function rowBlock(b, rows, tokens, geometry, gap, x0, y0) {
    var width = geometry.width, label = geometry.label, dHead = geometry.dHead, heads = rows[0].length / dHead;
    var left = function (j) { return x0 + label + j * width + Math.floor(j / dHead) * gap; };
    var parts = [svgText(x0, y0 + 10, "sequence " + (b + 1), "abh-note")];
    for (var k = 0; k < heads; k++) {
      parts.push(svgText((left(k * dHead) + left((k + 1) * dHead - 1) + width) / 2, y0 + BAND + 10, "h" + (k + 1), "abh-shape", "middle"));
    }
    rows.forEach(function (row, i) {
      var y = y0 + 2 * BAND + 4 + i * CELL_HEIGHT;
      parts.push(svgText(x0 + label - 6, y + CELL_HEIGHT / 2, tokens[i], "abh-shape", "end", true));
      row.forEach(function (text, j) { parts.push(cell(left(j), y, width, text, Math.floor(j / dHead))); });
    });
    return [parts.join(""), left(rows[0].length - 1) + width - x0, 2 * BAND + 4 + rows.length * CELL_HEIGHT];
  }
  /** reshapes._head_block: one sequence after the transpose, for each head its label, then its n rows. */
  function headBlock(b, heads, tokens, geometry, x0, y0) {
    var width = geometry.width, label = geometry.label, parts = [svgText(x0, y0 + 10, "sequence " + (b + 1), "abh-note")], y = y0 + BAND + 4;
    heads.forEach(function (rows, k) {
      parts.push(svgText(x0 + label, y + 10, "h" + (k + 1), "abh-shape"));
      y += BAND;
      rows.forEach(function (row, i) {
        var top = y + i * CELL_HEIGHT;
        parts.push(svgText(x0 + label - 6, top + CELL_HEIGHT / 2, tokens[i], "abh-shape", "end", true));
        row.forEach(function (text, j) { parts.push(cell(x0 + label + j * width, top, width, text, k)); });
      });
      y += rows.length * CELL_HEIGHT + 6;
    });
    return [parts.join(""), label + geometry.dHead * width, y - 6 - y0];
  }
  /** reshapes._shape_line: `(B, n, h, d_head) = (2, 3, 2, 2)`, the part after `_` a subscript. */
  function shapeLine(y, axes, sizes) {
    return '<text class="abh-shape" x="8" y="' + coordinate(y) + '" text-anchor="start">(' + axes.map(function (axis) {
      var part = axis.split("_");
      return part[0] + (part[1] ? '<tspan class="abh-sub" baseline-shift="sub">' + part[1] + '</tspan><tspan baseline-shift="0"></tspan>' : "");
    }).join(", ") + ") = (" + sizes.join(", ") + ")</text>";
  }
  /** reshapes._rich: the first panel's heading with W_Q's Q as a subscript. */
  function rich(y, heading) {
    var part = heading.split("W_Q");
    return '<text class="abh-label" x="8" y="' + coordinate(y) + '" text-anchor="start">' + part[0] +
      'W<tspan class="abh-sub" baseline-shift="sub">Q</tspan><tspan baseline-shift="0">' + part[1] + "</tspan></text>";
  }
  /** reshapes._panel: its heading and shape, then its sequences side by side, wrapping: [body, bottom, right]. */
  function panel(heading, axes, sizes, blocks, top) {
    var parts = [heading.indexOf("W_Q") >= 0 ? rich(top + 12, heading) : svgText(8, top + 12, heading, "abh-label"), shapeLine(top + 32, axes, sizes)];
    var x = 8, y = top + 46, lineHeight = 0, right = 0;
    blocks.forEach(function (block) {
      var size = block(0, 0);
      if (x > 8 && x + size[1] > MAX_WIDTH) { x = 8; y += lineHeight + 8; lineHeight = 0; }
      parts.push(block(x, y)[0]);
      right = Math.max(right, x + size[1]); lineHeight = Math.max(lineHeight, size[2]);
      x += size[1] + BLOCK_GAP;
    });
    return ['<g class="abh-panel">' + parts.join("") + "</g>", y + lineHeight + 20, right];
  }
  /** reshapes.head_split_svg: `full` (B, n, d_model) and `split` (B, h, n, d_head) as cell texts; the reshape
      (B, n, h, d_head) is `full` read in h blocks, the same texts in the same order. */
  function headSplitSvg(full, split, sequences, title, desc, idPrefix) {
    var B = full.length, n = full[0].length, dModel = full[0][0].length, h = split[0].length, dHead = dModel / h;
    var geometry = { width: Math.max(MIN_CELL, Math.ceil(CELL_CHAR * widest(flatten(flatten(full)))) + 8),
                     label: CHAR * widest(flatten(sequences)) + 8, dHead: dHead };
    var each = function (draw) { return full.map(function (_, b) { return draw.bind(null, b); }); };
    var panels = [
      [HEADINGS[0], ["B", "n", "d_model"], [B, n, dModel], each(function (b, x, y) { return rowBlock(b, full[b], sequences[b], geometry, 0, x, y); })],
      [HEADINGS[1], ["B", "n", "h", "d_head"], [B, n, h, dHead],
       each(function (b, x, y) { return rowBlock(b, full[b], sequences[b], geometry, HEAD_GAP, x, y); })],
      [HEADINGS[2], ["B", "h", "n", "d_head"], [B, h, n, dHead], each(function (b, x, y) { return headBlock(b, split[b], sequences[b], geometry, x, y); })]
    ];
    var body = [], y = 8, right = 0;
    panels.forEach(function (p, k) {
      if (k) body.push(svgLine(8, y - 8, MAX_WIDTH - 8, y - 8, "abh-grid"));
      var drawn = panel(p[0], p[1], p[2], p[3], y);
      body.push(drawn[0]);
      y = drawn[1];
      right = Math.max(right, drawn[2]);
    });
    var picture = Math.max.apply(null, [right].concat(HEADINGS.map(function (heading) { return 8 + CHAR * heading.length; }))) + 8;
    var shapes = panels.map(function (p) { return "(" + p[2].join(", ") + ")"; });
    var said = desc + " X W_Q has the shape (B, n, d_model) = " + shapes[0] + ": B = " + B + " sequences of n = " + n + " tokens, d_model = " +
      dModel + " columns, for h = " + h + " heads of d_head = " + dHead + " columns each. The reshape to (B, n, h, d_head) = " + shapes[1] +
      " keeps every number in its place and reads each row as " + h + " blocks of " + dHead + ". The transpose to (B, h, n, d_head) = " +
      shapes[2] + " puts, for each sequence, the " + n + " rows of head 1 together, then those of head 2, and so on.";
    return svgFrame("abh-diagram abh-split", picture, y - 8, title, said, idPrefix, body, true);
  }

  // ---- The example: attention_core/batched.py over examples/batched_heads.py ----
  return function (data, inputs) { // B causal sequences of n tokens, h heads of d_head, in one expression
    var TOKENS = data.tokens, SEQUENCES = data.sequences, EXACT = style(true, 3), DECIMAL = style(false, 3), h = inputs.h;
    var X = parseMatrix(inputs.X), W = {}; // X: (B*n, d_model), the token rows of each sequence in turn
    ["W_q", "W_k", "W_v", "W_o"].forEach(function (name) { W[name] = parseMatrix(inputs[name]); }); // each (d_model, d_model)
    var B = SEQUENCES.length, n = SEQUENCES[0].length, dModel = X[0].length, dHead = dModel / h;
    var HEAD_AT = labels("", h).map(function (_, i) { return i; }), INPUT_ROWS = labels("x", dModel);
    var HEAD_COLUMNS = flatten(HEAD_AT.map(function (i) { return labels("h" + (i + 1) + ".", dHead); })); // column k of head i
    var SPLIT_ROWS = flatten(SEQUENCES.map(function (tokens) { // `red/h1`, ... then head 2, for each sequence
      return flatten(HEAD_AT.map(function (i) { return tokens.map(function (token) { return token + "/h" + (i + 1); }); }));
    }));
    var mask = SEQUENCES[0].map(function (_, i) { return SEQUENCES[0].map(function (__, j) { return j <= i; }); }); // causal, (n, n)

    function sequence(M, b) { return M.slice(b * n, (b + 1) * n); } // sequence b's rows of (B*n, d): (n, d)
    function columnsOf(M, i) { return M.map(function (row) { return row.slice(i * dHead, (i + 1) * dHead); }); } // head i's: (n, d_head)

    /** batched.batched_attention, sequence by sequence and head by head: the same numbers as one expression. */
    var full = {};
    PROJECTIONS.forEach(function (name) { full[name] = matmul(X, W[name]); }); // (B*n, d_model) x (d_model, d_model) -> (B*n, d_model)
    var heads = flatten(SEQUENCES.map(function (_, b) { // split_heads: (B, n, d_model) -> (B, h, n, d_head), then attention per (b, i)
      return HEAD_AT.map(function (i) {
        var part = function (name) { return columnsOf(sequence(full[name], b), i); };
        var Q = part("W_q"), K = part("W_k"), V = part("W_v");
        return attention(Q, K, V, 1 / Math.sqrt(dHead), mask); // scores (n, n), output (n, d_head)
      });
    }));
    function ofSequence(b) { return heads.slice(b * h, (b + 1) * h); }
    function rowsOf(key) { return flatten(heads.map(function (r) { return r[key]; })); } // (B, h, n, k) read row by row: (B*h*n, k)
    var concat = flatten(SEQUENCES.map(function (tokens, b) { // merge_heads: (B, h, n, d_head) -> (B*n, d_model)
      return tokens.map(function (_, t) { return flatten(ofSequence(b).map(function (r) { return r.output[t]; })); });
    }));
    var U = matmul(concat, W.W_o); // (B*n, d_model) x (d_model, d_model) -> (B*n, d_model)

    /** batched.per_head_attention: multi_head_attention on each sequence, the projections cut into head blocks. */
    function perHead() {
      var blocks = HEAD_AT.map(function (i) { return PROJECTIONS.map(function (name) { return columnsOf(inputs[name], i); }); });
      return flatten(SEQUENCES.map(function (_, b) { return multiHead(sequence(X, b), blocks, W.W_o, mask).U; })); // (B*n, d_model)
    }
    function largestDifference(A, C) {
      return Math.max.apply(null, flatten(A.map(function (row, r) { return row.map(function (a, c) { return Math.abs(a - C[r][c]); }); })));
    }
    function parity(difference, what) {
      if (!(difference <= PARITY_TOLERANCE)) fail(what + " differ by " + difference + "; nothing is published");
      return scalar(difference, DECIMAL);
    }
    function count(x) { return function () { return scalar(x, EXACT); }; }
    function projection(name) {
      return grid(W[name], INPUT_ROWS, HEAD_COLUMNS, EXACT, "row of $" + name.slice(0, 2) + name.slice(2).toUpperCase() + "$", inputs[name]);
    }
    function cellTexts(M) { return M.map(function (row) { return row.map(function (x) { return readerMinus(formatNumber(x, EXACT)); }); }); }

    return {
      "w-q": function () { return projection("W_q"); },
      "w-k": function () { return projection("W_k"); },
      "w-v": function () { return projection("W_v"); },
      "w-o": function () { return grid(W.W_o, HEAD_COLUMNS, labels("u", dModel), EXACT, "row of $W_O$", inputs.W_o); },
      inputs: function () { return grid(X, TOKENS, INPUT_ROWS, EXACT, "token", inputs.X); },
      b: count(B), n: count(n), "d-model": count(dModel), h: count(h), "d-head": count(dHead),
      shapes: function () { // the arrays' shapes: h and d_head follow the reader's h; each step's name and meaning kept
        var KEPT = { kept: true }, wide = [B, n, dModel], byHead = [B, h, n, dHead];
        return table([column("step", "step", false), column("meaning", "what it is", false), column("shape", "shape", false)],
          [wide, wide, [B, n, h, dHead], byHead, [B, h, n, n], byHead, wide, wide].map(function (shape) { return [KEPT, KEPT, shape.join(" \u00d7 ")]; }));
      },
      "queries-full": function () { return grid(full.W_q, TOKENS, HEAD_COLUMNS, EXACT, "token"); },
      "queries-split": function () { return grid(rowsOf("Q"), SPLIT_ROWS, labels("d", dHead), EXACT, "token/head"); },
      weights: function () { // checked_batch_weights: the causal mask broadcast over every sequence and head
        return grid(checkedWeights(rowsOf("weights"), rowsOf("mask")), SPLIT_ROWS, labels("k", n), DECIMAL, "query/head \\ key");
      },
      merged: function () { return grid(concat, TOKENS, HEAD_COLUMNS, DECIMAL, "token"); },
      u: function () { return grid(U, TOKENS, labels("u", dModel), DECIMAL, "token"); },
      "per-head-difference": function () { return parity(largestDifference(U, perHead()), "batched and per-head attention"); },
      "w-q-linear": function () { return grid(transpose(W.W_q), HEAD_COLUMNS, INPUT_ROWS, EXACT, "out \\ in"); },
      "linear-difference": function () { // linear(X, W_q^T) = X (W_q^T)^T, as nn.Linear computes it
        return parity(largestDifference(full.W_q, matmul(X, transpose(transpose(W.W_q)))), "x W and x (W^T)^T");
      },
      "head-split": function () {
        var queries = SEQUENCES.map(function (_, b) { return cellTexts(sequence(full.W_q, b)); }); // (B, n, d_model)
        var split = queries.map(function (rows) { return HEAD_AT.map(function (i) { return columnsOf(rows, i); }); }); // Q, (B, h, n, d_head): the same numbers moved
        return { type: "figure", caption: "The reshape prints every number where it was and only reads each row in blocks, one a head; " +
                 "the transpose moves them, so that each head's rows of a sequence come together.",
                 svg: headSplitSvg(queries, split, SEQUENCES, "Splitting the queries of a batch into heads: reshape, then transpose",
                   "The queries of every token of the batch, each cell coloured by the head it belongs to, in three panels: before the " +
                   "split, after the reshape, after the transpose.", "head-split") };
      }
    };
  };
});
