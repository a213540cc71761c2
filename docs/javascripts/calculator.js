/* The live attention calculator: a small view over live.js. The hooks emit
   <div class="attention-calculator" data-calculator='{"tokens", "query_token", "query", "keys",
   "values", "scale", "digits", "output_digits", ...}'> with a fallback paragraph inside; this builds
   a form (query, keys and values editable) and tables of scores, e^s, weights (with bars) and the
   output, updated on every keystroke. Every number comes from live.js (fetched when a calculator comes near,
   as this file is): the boxes are read as a live page's fields are, attention is live.js's mirror of
   attention_core, and the numbers are shown by the site's one policy. This file computes nothing itself. */
(function () {
  "use strict";
  var abh = window.AttentionByHand;
  if (!abh) return;
  var el = abh.el;
  var counter = 0;
  var waiting = []; // updates asked for before live.js arrived: each runs once it has
  var folder = document.currentScript ? document.currentScript.src : location.href; // live.js lies beside this file
  var loading = null;

  /** live.js's calculator (reading the boxes, the arithmetic, the numbers as shown: live/calculator.js), once loaded. */
  function live() { return abh.live && abh.live.calculator; }

  /** Fetch live.js once, without live.css (the calculator needs its arithmetic, not the live page's panel, whose
      stylesheet arrives with it when a reader presses "Change the numbers"; live.js then runs no second time), then
      its part for the calculator. */
  function loadLive() {
    loading = loading || script("live.js").then(function () { return script("live/calculator.js"); });
    return loading;
  }
  function script(path) {
    return new Promise(function (resolve, reject) {
      document.head.appendChild(el("script", { src: new URL(path, folder).href, onload: resolve, onerror: reject }));
    });
  }

  /** Run `update` now if live.js is here, else once it has arrived (it is fetched once, for every calculator). */
  function whenLive(update) {
    if (live()) { update(); return; }
    waiting.push(update);
    loadLive().then(function () { waiting.splice(0).forEach(function (run) { run(); }); }, console.error);
  }

  function numberInput(value, label, onchange) {
    return el("input", {
      type: "text", inputmode: "text", value: String(value), autocomplete: "off", spellcheck: "false", // a minus too
      className: "calculator__input", "aria-label": label, "aria-keyshortcuts": "ArrowUp ArrowDown",
      oninput: onchange, onkeydown: function (event) { step(event, onchange); }
    });
  }

  /** ArrowUp and ArrowDown add or take 1 (0.1 with Shift), keeping the decimals shown. */
  function step(event, onchange) {
    if ((event.key !== "ArrowUp" && event.key !== "ArrowDown") || !live()) return;
    var text = live().stepped(event.target.value, event.key === "ArrowUp", event.shiftKey);
    if (text === null) return;
    event.preventDefault();
    event.target.value = text;
    onchange();
  }

  /** Say which boxes hold no number and what a box accepts; point each bad box at the message. `bad` lists
      {box, reason}, as live.js read the boxes. */
  function reportInvalid(inputs, bad, message) {
    inputs.forEach(function (input) { input.removeAttribute("aria-invalid"); input.removeAttribute("aria-describedby"); });
    bad.forEach(function (item) {
      item.box.setAttribute("aria-invalid", "true");
      item.box.setAttribute("aria-describedby", message.id);
    });
    if (!bad.length) {
      message.textContent = "";
      return false;
    }
    var names = bad.slice(0, 3).map(function (item) {
      return "\u201c" + item.box.value.trim() + "\u201d in " + item.box.getAttribute("aria-label");
    });
    message.textContent = "Not a number: " + names.join("; ") + (bad.length > 3 ? " and " + (bad.length - 3) + " more" : "") +
      ". " + live().accepts + " (" + bad[0].reason + "). The results below wait until every box holds one.";
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

  /** Tokens as a sentence names them: `is`, or `bus and late (a tie)`. */
  function named(tokens) {
    if (tokens.length === 1) return tokens[0];
    return tokens.slice(0, -1).join(", ") + " and " + tokens[tokens.length - 1] + " (a tie)";
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
    var largestCell = el("output", { className: "calculator__largest", "aria-live": "polite" });
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
      el("p", { className: "calculator__output-line" }, ["Largest weight: ", largestCell]),
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
      var own = query.every(function (q, i) { return q === spec.query[i]; });
      var typed = "the query (" + queryInputs.map(function (box) { return box.value.trim(); }).join(", ") + ")";
      form.querySelector(".calculator__title").textContent = "Attention calculator: " + (own ? "the query of \u201c" + queryToken + "\u201d" : typed);
      resultsTable.querySelector(".calculator__asker").textContent = own ? "the query of " + queryToken : typed;
    }

    /** Each group of boxes (the query, the keys, the values) as live.js reads it: {boxes, entries}. */
    function readAll() {
      return [[queryInputs], keyInputs, valueInputs].map(function (boxes) {
        var texts = boxes.map(function (row) { return row.map(function (box) { return box.value; }); });
        return { boxes: boxes, entries: live().readEntries(texts) };
      });
    }

    function update() {
      if (!live()) { whenLive(update); return; }
      var read = readAll(), bad = [];
      read.forEach(function (group) {
        (group.entries.errors || []).forEach(function (error) {
          bad.push({ box: group.boxes[error[0][0]][error[0][1]], reason: error[1] });
        });
      });
      var inputs = queryInputs.concat.apply(queryInputs, keyInputs.concat(valueInputs));
      if (reportInvalid(inputs, bad, message)) return noResult("invalid");
      var query = read[0].entries.values[0];
      var result = live().calculate(query, read[1].entries.values, read[2].entries.values, scale, digits, outputDigits);
      if (result.stale) {
        message.textContent = "Not computed for these numbers: " + result.stale + ".";
        return noResult("invalid");
      }
      nameQuery(query);
      resultCells.forEach(function (cells, row) {
        cells.score.textContent = result.scores[row];
        cells.exp.textContent = result.exponentials[row];
        cells.weightText.textContent = result.weights[row];
        cells.bar.style.width = result.bars[row];
      });
      outputCell.textContent = result.output;
      largestCell.textContent = result.largest ? named(result.largest.map(function (j) { return tokens[j]; })) : "\u2013";
      container.setAttribute("data-state", "ready");
    }

    function noResult(state) {
      showNoResult(resultCells, outputCell);
      largestCell.textContent = "\u2013";
      container.setAttribute("data-state", state);
    }

    var fallback = container.querySelector(".attention-calculator__fallback");
    if (fallback) fallback.hidden = true;
    container.appendChild(form);
    container.setAttribute("data-ready", "");
    // A live page whose numbers the reader changed gives the calculator its query, keys and values (live.js).
    container.addEventListener("attn-calculator-inputs", function (event) { spec = event.detail; reset(); });
    noResult("loading");
    update();
  }

  abh.onPage(function (doc) {
    doc.querySelectorAll(".attention-calculator:not([data-ready])").forEach(build);
  });
})();
