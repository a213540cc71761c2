/* The live attention calculator. The hooks emit
   <div class="attention-calculator" data-calculator='{"tokens", "query_token", "query", "keys",
   "values", "scale", "digits", "output_digits", ...}'> with a fallback paragraph inside; this builds
   a form (query, keys and values editable) and tables of scores, e^s, weights (with bars) and the
   output, updated on every keystroke. Softmax subtracts the largest score, like attention_core. */
(function () {
  "use strict";
  var abh = window.AttentionByHand;
  if (!abh) return;
  var el = abh.el;
  var format = abh.formatFixed;
  var counter = 0;

  /** Scores s_j = scale * (q . k_j), e^s_j, and weights softmax(s) computed with the max subtracted. */
  function attend(query, keys, values, scale) {
    var scores = keys.map(function (key) {
      return scale * key.reduce(function (sum, entry, i) { return sum + entry * query[i]; }, 0);
    });
    var largest = Math.max.apply(null, scores);
    var shifted = scores.map(function (score) { return Math.exp(score - largest); });
    var total = shifted.reduce(function (sum, x) { return sum + x; }, 0);
    var weights = shifted.map(function (x) { return x / total; });
    var output = values[0].map(function (_, column) {
      return weights.reduce(function (sum, weight, row) { return sum + weight * values[row][column]; }, 0);
    });
    return { scores: scores, exps: scores.map(Math.exp), weights: weights, output: output };
  }

  /** e^s for display: fixed places while readable, else scientific notation. */
  function formatExp(x, digits) {
    if (!isFinite(x)) return "too large";
    if (x !== 0 && (x >= 1e7 || x < Math.pow(10, -digits))) return x.toExponential(Math.max(digits - 1, 2));
    return format(x, digits);
  }

  function numberInput(value, label, onchange) {
    return el("input", {
      type: "text", inputmode: "text", value: String(value), autocomplete: "off", spellcheck: "false", // a minus too
      className: "calculator__input", "aria-label": label, "aria-keyshortcuts": "ArrowUp ArrowDown",
      oninput: onchange, onkeydown: function (event) { step(event, onchange); }
    });
  }

  function parseNumber(text) {
    var cleaned = String(text).trim().replace(/[\u2212\u2013]/g, "-").replace(",", ".");
    return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned) ? Number(cleaned) : NaN;
  }

  /** ArrowUp and ArrowDown add or take 1 (0.1 with Shift), keeping the decimals shown. */
  function step(event, onchange) {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    var value = parseNumber(event.target.value);
    if (!isFinite(value)) return;
    event.preventDefault();
    var size = event.shiftKey ? 0.1 : 1;
    var places = Math.max((String(event.target.value).split(".")[1] || "").length, event.shiftKey ? 1 : 0);
    event.target.value = format(value + (event.key === "ArrowUp" ? size : -size), places).replace(/^-(0\.?0*)$/, "$1");
    onchange();
  }

  function readNumber(input) {
    var value = parseNumber(input.value);
    if (isFinite(value)) input.removeAttribute("aria-invalid");
    else input.setAttribute("aria-invalid", "true");
    return value;
  }

  /** Say which boxes hold no number and what a box accepts; point each bad box at the message. */
  function reportInvalid(inputs, message) {
    var bad = inputs.filter(function (input) { return input.getAttribute("aria-invalid") === "true"; });
    inputs.forEach(function (input) { input.removeAttribute("aria-describedby"); });
    bad.forEach(function (input) { input.setAttribute("aria-describedby", message.id); });
    if (!bad.length) {
      message.textContent = "";
      return false;
    }
    var names = bad.slice(0, 3).map(function (input) {
      return "\u201c" + input.value.trim() + "\u201d in " + input.getAttribute("aria-label");
    });
    message.textContent = "Not a number: " + names.join("; ") + (bad.length > 3 ? " and " + (bad.length - 3) + " more" : "") +
      ". Each box takes one number, such as 2, -0.5, 1.25 or 6.9e-1. The results below wait until every box holds one.";
    return true;
  }

  /** Blank the results: old numbers must not stand next to inputs that no longer give them. */
  function showNoResult(resultCells, outputCell) {
    resultCells.forEach(function (cells) {
      cells.score.textContent = cells.exp.textContent = cells.weightText.textContent = "\u2013";
      cells.bar.style.width = "0";
    });
    outputCell.textContent = "\u2013";
  }

  function headerRow(cells) {
    return el("tr", {}, cells.map(function (content) {
      return el("th", { scope: "col" }, Array.isArray(content) ? content : [content]);
    }));
  }

  /** The editable table: one row per token with its key and value boxes. */
  function buildInputsTable(tokens, keyInputs, valueInputs) {
    return el("table", { className: "calculator__table calculator__inputs" }, [
      el("caption", { text: "Keys and values (editable)" }),
      el("thead", {}, [headerRow(["token", "key", "value"])]),
      el("tbody", {}, tokens.map(function (token, row) {
        return el("tr", {}, [
          el("th", { scope: "row", text: token }),
          el("td", { "data-column": "key" }, [el("span", { className: "calculator__vector" }, keyInputs[row])]),
          el("td", { "data-column": "value" }, [el("span", { className: "calculator__vector" }, valueInputs[row])])
        ]);
      }))
    ]);
  }

  /** The results table: score, e^s and weight (with a bar) for each token; `resultCells` are filled by update. */
  function buildResultsTable(tokens, resultCells, scale, queryToken) {
    var scoreHeading = scale === 1 ? "score q·k" : "score " + scale + " × q·k";
    return el("table", { className: "calculator__table calculator__results" }, [
      el("caption", {}, ["Scores, e", el("sup", { text: "s" }), " and weights for ", el("span", { className: "calculator__asker", text: "the query of " + queryToken })]),
      el("thead", {}, [headerRow(["token", scoreHeading, ["e", el("sup", { text: "s" })], "weight"])]),
      el("tbody", {}, tokens.map(function (token, row) {
        var cells = resultCells[row];
        return el("tr", {}, [
          el("th", { scope: "row", text: token }), cells.score, cells.exp,
          el("td", { className: "calculator__weight-cell" }, [
            el("span", { className: "calculator__bar", "aria-hidden": "true" }, [cells.bar]), cells.weightText
          ])
        ]);
      }))
    ]);
  }

  function build(container) {
    var spec;
    try {
      spec = JSON.parse(container.getAttribute("data-calculator"));
    } catch (error) {
      console.error("attention-calculator: data-calculator is not JSON", error);
      return;
    }
    counter += 1;
    var id = "attention-calculator-" + counter;
    var tokens = spec.tokens;
    var digits = spec.digits === undefined ? 3 : spec.digits;
    var outputDigits = spec.output_digits === undefined ? digits : spec.output_digits;
    var scale = spec.scale === undefined ? 1 : spec.scale;
    var queryToken = spec.query_token || tokens[tokens.length - 1];

    var queryInputs = spec.query.map(function (value, i) {
      return numberInput(value, "query of " + queryToken + ", entry " + (i + 1), update);
    });
    var keyInputs = spec.keys.map(function (key, row) {
      return key.map(function (value, i) { return numberInput(value, "key of " + tokens[row] + ", entry " + (i + 1), update); });
    });
    var valueInputs = spec.values.map(function (vector, row) {
      return vector.map(function (value, i) { return numberInput(value, "value of " + tokens[row] + ", entry " + (i + 1), update); });
    });

    var resultCells = tokens.map(function () {
      return { score: el("td"), exp: el("td"), weightText: el("span", { className: "calculator__weight" }), bar: el("span", { className: "calculator__bar-fill" }) };
    });
    var outputCell = el("output", { className: "calculator__output", "aria-live": "polite" });
    var message = el("p", { className: "calculator__message", id: id + "-message", role: "alert" });

    var inputsTable = buildInputsTable(tokens, keyInputs, valueInputs);
    var resultsTable = buildResultsTable(tokens, resultCells, scale, queryToken);

    var form = el("form", { className: "calculator", id: id, "aria-labelledby": id + "-title", onsubmit: function (event) { event.preventDefault(); } }, [
      el("p", { className: "calculator__title", id: id + "-title" }),
      el("fieldset", { className: "calculator__query" }, [
        el("legend", { text: "Query" }),
        el("span", { className: "calculator__vector" }, queryInputs)
      ]),
      el("div", { className: "calculator__scroll", tabindex: "0", role: "region", "aria-label": "Keys and values" }, [inputsTable]),
      message,
      el("div", { className: "calculator__scroll", tabindex: "0", role: "region", "aria-label": "Results" }, [resultsTable]),
      el("p", { className: "calculator__output-line" }, ["Output, the weighted sum of the values: ", outputCell]),
      el("button", { type: "button", className: "reader-button reader-button--quiet", text: "Reset", onclick: reset })
    ]);

    function reset() {
      spec.query.forEach(function (value, i) { queryInputs[i].value = String(value); });
      spec.keys.forEach(function (key, row) { key.forEach(function (value, i) { keyInputs[row][i].value = String(value); }); });
      spec.values.forEach(function (vector, row) { vector.forEach(function (value, i) { valueInputs[row][i].value = String(value); }); });
      update();
    }

    /** The title and the results' caption say whose query this is: the token's while it is the page's, else the
        reader's own numbers (#33 correction 9: the title kept "the query of late" after the query changed). */
    function nameQuery(query) {
      var own = query.every(function (q, i) { return q === Number(spec.query[i]); });
      var asker = own ? "the query of \u201c" + queryToken + "\u201d" : "the query (" + query.join(", ") + ")";
      form.querySelector(".calculator__title").textContent = "Attention calculator: " + asker;
      resultsTable.querySelector(".calculator__asker").textContent = own ? "the query of " + queryToken : "the query (" + query.join(", ") + ")";
    }

    function update() {
      var query = queryInputs.map(readNumber);
      var keys = keyInputs.map(function (row) { return row.map(readNumber); });
      var values = valueInputs.map(function (row) { return row.map(readNumber); });
      var inputs = queryInputs.concat.apply(queryInputs, keyInputs.concat(valueInputs));
      if (reportInvalid(inputs, message)) {
        showNoResult(resultCells, outputCell);
        container.setAttribute("data-state", "invalid");
        return;
      }
      nameQuery(query);
      var result = attend(query, keys, values, scale);
      resultCells.forEach(function (cells, row) {
        cells.score.textContent = format(result.scores[row], digits);
        cells.exp.textContent = formatExp(result.exps[row], digits);
        cells.weightText.textContent = format(result.weights[row], digits);
        cells.bar.style.width = (100 * result.weights[row]).toFixed(2) + "%";
      });
      outputCell.textContent = "(" + result.output.map(function (x) { return format(x, outputDigits); }).join(", ") + ")";
      container.setAttribute("data-state", "ready");
    }

    var fallback = container.querySelector(".attention-calculator__fallback");
    if (fallback) fallback.hidden = true;
    container.appendChild(form);
    container.setAttribute("data-ready", "");
    update();
  }

  abh.onPage(function (doc) {
    doc.querySelectorAll(".attention-calculator:not([data-ready])").forEach(build);
  });
  abh.calculator = { attend: attend };
})();
