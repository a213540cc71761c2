/* Fill-in exercises and multiple-choice questions (below). Fill-in: the hooks leave <span class="fill-in" data-answer data-places data-display
   data-label> empty in a table; this turns each into a labelled input and adds, after the table,
   Check / Show answers / Clear / Print answer key, with the rule for "right" in one line. */
(function () {
  "use strict";
  var abh = window.AttentionByHand;
  if (!abh) return;
  var el = abh.el;
  var counter = 0;

  /** Parse "0.665", "-1.5", "−2", "0,67" or "1/4"; return {value, places, fraction} or null. */
  function parseAnswer(text) {
    var cleaned = String(text).trim().replace(/\s+/g, "").replace(/[\u2212\u2013]/g, "-").replace(/^\+/, "");
    var number = "-?(?:\\d+(?:[.,]\\d*)?|[.,]\\d+)";
    var decimal = new RegExp("^" + number + "$");
    var fraction = new RegExp("^(" + number + ")/(" + number + ")$");
    var toNumber = function (part) { return Number(part.replace(",", ".")); };
    if (decimal.test(cleaned)) {
      var point = cleaned.search(/[.,]/);
      return { value: toNumber(cleaned), places: point < 0 ? 0 : cleaned.length - point - 1, fraction: false };
    }
    var parts = fraction.exec(cleaned);
    if (parts && toNumber(parts[2]) !== 0) {
      return { value: toNumber(parts[1]) / toNumber(parts[2]), places: Infinity, fraction: true };
    }
    return null;
  }

  var EXACT = 1e-9; // relative room for binary rounding of the answer itself

  /** The checking rule of src/attention_site/answers.py (`accepts`), on the number typed: within half a unit of its
      last place (p - 1 when it has no more decimals than that, else p) of a value within `slack` of the answer;
      whole numbers (p = 0) exact. tests/test_answers.py runs one list of answers through both and LibreOffice. */
  function isRight(text, answer, places, slack) {
    var typed = parseAnswer(text);
    if (!typed) return false;
    var x = typed.value;
    var scaled = x * Math.pow(10, places - 1);
    var last = Math.abs(scaled - Math.round(scaled)) < EXACT ? places - 1 : places;
    var room = places === 0 ? 0 : 0.5 * Math.pow(10, -last);
    return Math.abs(x - answer) <= room + (slack || 0) + EXACT * Math.max(1, Math.abs(answer));
  }

  /** The one-line rule shown next to the buttons, with a made-up example (never a real answer). */
  function ruleText(places, slack) {
    if (places <= 0) return "Whole numbers must be exact; fractions such as 8/2 and a leading minus are accepted.";
    var example = 0.2468;
    var full = example.toFixed(places);
    var shorter = example.toFixed(places - 1);
    var tooShort = places >= 2 ? example.toFixed(places - 2) : null;
    return "Round to " + places + " decimal places, or one fewer: for " + example + ", both " + full +
      " and " + shorter + " count" + (tooShort ? ", " + tooShort + " does not" : "") +
      ". Exact fractions such as 1/4 and a leading minus are accepted." +
      (slack ? " So is an answer worked from the rounded numbers the page shows." : "");
  }

  function markCell(cell, verdict) {
    var input = cell.querySelector("input");
    var mark = cell.querySelector(".fill-in__mark");
    cell.classList.remove("fill-in--right", "fill-in--wrong", "fill-in--shown");
    input.removeAttribute("aria-invalid");
    mark.textContent = "";
    if (!verdict) return;
    cell.classList.add("fill-in--" + verdict);
    var words = { right: ["\u2713", "right"], wrong: ["\u2717", "wrong"], shown: ["", "answer shown"] }[verdict];
    mark.appendChild(el("span", { "aria-hidden": "true", text: words[0] }));
    mark.appendChild(el("span", { className: "visually-hidden", text: words[1] }));
    if (verdict === "wrong") input.setAttribute("aria-invalid", "true");
  }

  function setUpCell(cell) {
    counter += 1;
    var id = "fill-in-" + counter;
    var label = cell.getAttribute("data-label") || "answer";
    var input = el("input", {
      type: "text", id: id, inputmode: "text", // iOS's decimal pad has no minus or slash
      autocomplete: "off", spellcheck: "false",
      className: "fill-in__input", "aria-label": label, "aria-describedby": id + "-mark",
      oninput: function () { markCell(cell, null); }
    });
    cell.appendChild(input);
    cell.appendChild(el("span", { className: "fill-in__mark", id: id + "-mark" }));
    cell.setAttribute("data-ready", "");
  }

  function cellsOf(scope) {
    return Array.prototype.slice.call(scope.querySelectorAll(".fill-in[data-ready]"));
  }

  function check(scope, status) {
    var cells = cellsOf(scope);
    var right = 0;
    var wrong = [];
    var empty = 0;
    cells.forEach(function (cell) {
      var text = cell.querySelector("input").value;
      if (!text.trim()) {
        markCell(cell, null);
        empty += 1;
        return;
      }
      var ok = isRight(text, Number(cell.getAttribute("data-answer")), Number(cell.getAttribute("data-places")),
        Number(cell.getAttribute("data-slack")) || 0);
      markCell(cell, ok ? "right" : "wrong");
      if (ok) right += 1;
      else wrong.push(cell.getAttribute("data-label"));
    });
    status.textContent = right + " of " + cells.length + " right" +
      (wrong.length ? "; not yet: " + wrong.join(", ") : "") + (empty ? "; " + empty + " empty" : "") + ".";
  }

  function showAnswers(scope, status) {
    cellsOf(scope).forEach(function (cell) {
      cell.querySelector("input").value = cell.getAttribute("data-display");
      markCell(cell, "shown");
    });
    status.textContent = "Answers shown.";
  }

  function clear(scope, status) {
    cellsOf(scope).forEach(function (cell) {
      cell.querySelector("input").value = "";
      markCell(cell, null);
    });
    status.textContent = "Cleared.";
  }

  /** Print the answer key: for this one print, every box shows its answer and every closed
      answer block is opened (and closed again afterwards). */
  function printKey() {
    var root = document.documentElement;
    var opened = Array.prototype.filter.call(document.querySelectorAll(".md-content details:not([open])"), function (details) {
      details.open = true;
      return true;
    });
    root.setAttribute("data-print", "answer-key");
    var done = function () {
      root.removeAttribute("data-print");
      opened.forEach(function (details) { details.open = false; });
      window.removeEventListener("afterprint", done);
    };
    window.addEventListener("afterprint", done);
    window.print();
  }

  /** The table (or Material's scroll wrapper around it) after which the toolbar goes. */
  function blockOf(table) {
    return table.closest(".md-typeset__scrollwrap") || table.closest(".md-typeset__table") || table;
  }

  /** Give every cell its column's name, so that on a phone each row can show as a card of labelled boxes. */
  function labelColumns(table) {
    var names = Array.prototype.map.call(table.querySelectorAll("thead th"), function (th) { return th.textContent.trim(); });
    table.querySelectorAll("tbody tr").forEach(function (row) {
      Array.prototype.forEach.call(row.cells, function (cell, i) {
        if (names[i]) cell.setAttribute("data-column", names[i]);
      });
    });
    table.setAttribute("data-fill-in-table", "");
  }

  function setUpTable(table) {
    labelColumns(table);
    var scope = blockOf(table);
    var cells = Array.prototype.slice.call(table.querySelectorAll(".fill-in:not([data-ready])"));
    cells.forEach(setUpCell);
    var places = cells.reduce(function (most, cell) { return Math.max(most, Number(cell.getAttribute("data-places")) || 0); }, 0);
    var status = el("p", { className: "fill-in-toolbar__status", role: "status", "aria-live": "polite" });
    var toolbar = el("div", { className: "fill-in-toolbar", role: "group", "aria-label": "Check your answers" }, [
      el("div", { className: "fill-in-toolbar__buttons" }, [
        el("button", { type: "button", className: "reader-button", text: "Check", onclick: function () { check(table, status); } }),
        el("button", { type: "button", className: "reader-button reader-button--quiet", text: "Show answers", onclick: function () { showAnswers(table, status); } }),
        el("button", { type: "button", className: "reader-button reader-button--quiet", text: "Clear", onclick: function () { clear(table, status); } }),
        el("button", { type: "button", className: "reader-button reader-button--quiet", text: "Print answer key", onclick: printKey })
      ]),
      el("p", { className: "fill-in-toolbar__rule", text: ruleText(places, cells.some(function (cell) { return Number(cell.getAttribute("data-slack")) > 0; })) }),
      status
    ]);
    scope.parentNode.insertBefore(toolbar, scope.nextSibling);
    table.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || !event.target.classList.contains("fill-in__input")) return;
      event.preventDefault(); // Enter in a box checks the table, as the Check button does
      check(table, status);
    });
  }

  /* ---- Multiple-choice questions -------------------------------------------------------------------------
     The build makes each an open admonition "choice" (its title the stem) holding closed <details class="option">
     blocks, one of them also "right", each opening on its feedback (src/attention_site/directives/choices.py).
     Here the options become a radio group with a Check button, and the details blocks move, hidden, into a polite
     live region: checking writes the verdict there and shows the chosen block's feedback. Every node is moved,
     never copied, so that live.js, which finds each computed number by its mark, keeps the numbers of a page
     whose inputs a reader changes up to date in the options and the feedback alike. */
  var choiceCounter = 0;
  var RE_LIVE_MARK = /^attn-live-\d+$/;

  /** `node` without the marks live.js finds numbers by: a copy that live.js leaves alone. */
  function unmarked(node) {
    if (node.nodeType !== 1) return node;
    [node].concat(Array.prototype.slice.call(node.querySelectorAll("[data-live], [class*='attn-live-']"))).forEach(function (mark) {
      mark.removeAttribute("data-live");
      if (!mark.hasAttribute("class")) return;
      mark.setAttribute("class", mark.getAttribute("class").split(/\s+/).filter(function (name) { return !RE_LIVE_MARK.test(name); }).join(" "));
    });
    return node;
  }

  function markChoice(labels, chosen, right) {
    labels.forEach(function (label) {
      label.classList.remove("choice__option--right", "choice__option--wrong");
      label.querySelector(".choice__mark").textContent = "";
    });
    if (!chosen) return;
    chosen.classList.add(right ? "choice__option--right" : "choice__option--wrong");
    var mark = chosen.querySelector(".choice__mark");
    mark.appendChild(el("span", { "aria-hidden": "true", text: right ? "\u2713" : "\u2717" }));
    mark.appendChild(el("span", { className: "visually-hidden", text: right ? "right" : "not right" }));
  }

  /** The radio button of one option: its text is the summary's own nodes, moved; the summary keeps a copy for the
      printed answer key. */
  function optionLabel(option, name, index) {
    var summary = option.querySelector("summary");
    var text = el("span", { className: "choice__text" });
    while (summary.firstChild) text.appendChild(summary.firstChild);
    Array.prototype.forEach.call(text.childNodes, function (node) { summary.appendChild(unmarked(node.cloneNode(true))); });
    return el("label", { className: "choice__option" }, [
      el("input", { type: "radio", name: name, value: String(index), className: "choice__radio" }),
      text,
      el("span", { className: "choice__mark" })
    ]);
  }

  function setUpChoice(question) {
    choiceCounter += 1;
    var id = "choice-" + choiceCounter;
    var stem = question.querySelector(".admonition-title");
    var options = Array.prototype.filter.call(question.children, function (child) {
      return child.matches("details.option");
    });
    if (!stem || options.length < 2) return;
    stem.id = stem.id || id + "-stem";
    var labels = options.map(function (option, index) { return optionLabel(option, id, index); });
    var group = el("div", { className: "choice__options", role: "radiogroup", "aria-labelledby": stem.id }, labels);
    var verdict = el("p", { className: "choice__verdict" });
    var feedback = el("div", { className: "choice__feedback", role: "status", "aria-live": "polite" }, [verdict]);
    var show = function (chosen) { // the index of the option whose feedback shows, or -1 for none
      options.forEach(function (option, index) {
        option.hidden = index !== chosen;
        if (index === chosen) option.open = true;
      });
    };
    var checkChoice = function () {
      var chosen = group.querySelector("input:checked");
      verdict.textContent = "";
      if (!chosen) {
        show(-1);
        verdict.textContent = "Choose an option first.";
        return;
      }
      var index = Number(chosen.value);
      var right = options[index].classList.contains("right");
      markChoice(labels, chosen.closest("label"), right);
      verdict.appendChild(el("strong", { text: right ? "Right." : "Not this one." }));
      show(index);
    };
    group.addEventListener("change", function () {
      markChoice(labels, null, false);
      verdict.textContent = "";
      show(-1);
    });
    group.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || !event.target.classList.contains("choice__radio")) return;
      event.preventDefault(); // Enter on an option checks it, as the Check button does
      checkChoice();
    });
    var button = el("button", { type: "button", className: "reader-button choice__check", text: "Check", onclick: checkChoice });
    question.insertBefore(group, options[0]);
    question.insertBefore(el("div", { className: "choice__actions" }, [button]), options[0]);
    question.insertBefore(feedback, options[0]);
    show(-1);
    options.forEach(function (option) { feedback.appendChild(option); });
    question.setAttribute("data-ready", "");
  }

  /* A question is built when it first comes within half a screen of the view, so that the page's start is not one
     long task building every question (266 ms on the checks page in Lighthouse's 4x slowdown) and what the reader has
     not reached costs nothing. Before that it works as it does without JavaScript: each option a block that opens on
     its feedback. A print or slides build the rest at once (reader.js's onWholePage). Questions are not built while
     the browser is idle instead: each one built changes the page's height, and each change was a restyle, a layout
     and a repaint of the view, tasks of 30-70 ms at the slowdown one after another as the page starts. */
  var unbuiltChoices = [];
  var choicesNearView = null;

  function buildChoice(question) {
    var place = unbuiltChoices.indexOf(question);
    if (place < 0) return;
    unbuiltChoices.splice(place, 1);
    if (choicesNearView) choicesNearView.unobserve(question);
    setUpChoice(question);
  }

  function buildAllChoices() {
    unbuiltChoices.slice().forEach(buildChoice);
  }

  abh.onPage(function (doc) {
    if (choicesNearView) choicesNearView.disconnect();
    unbuiltChoices = Array.prototype.slice.call(doc.querySelectorAll(".md-content .admonition.choice:not([data-ready])"));
    if (!window.IntersectionObserver) {
      buildAllChoices();
      return;
    }
    choicesNearView = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) { if (entry.isIntersecting) buildChoice(entry.target); });
    }, { rootMargin: "50% 0px" });
    unbuiltChoices.forEach(function (question) { choicesNearView.observe(question); });
  });
  abh.onWholePage(buildAllChoices);

  abh.onPage(function (doc) {
    var tables = [];
    doc.querySelectorAll(".md-content .fill-in:not([data-ready])").forEach(function (cell) {
      var table = cell.closest("table");
      if (table && tables.indexOf(table) < 0) tables.push(table);
    });
    tables.forEach(setUpTable);
    // A fill-in table is laid out anew (a card per row on a phone, which never scrolls sideways): measure again
    // whether its box scrolls, or the "scrolls sideways" cue measured before would stay.
    if (tables.length) abh.refreshScrollBoxes();
  });
  abh.exercises = { parseAnswer: parseAnswer, isRight: isRight };
})();
