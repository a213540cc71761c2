/* Slide mode for any page: the title and introduction are slide 1, each <h2> starts the next.
   Enter with the header button or the "v" key, or open a URL with ?slide=N. Nothing moves in
   the DOM: each top-level block of the article gets data-slide, and CSS shows the current one. */
(function () {
  "use strict";
  var abh = window.AttentionByHand;
  if (!abh) return;
  var el = abh.el;

  var ICON_SLIDES = "M3 4h18v2h-1v9H4V6H3V4zm3 2v7h12V6H6zm5 10h2v1.2l3.6 3.6-1.4 1.4-3.2-3.2-3.2 3.2-1.4-1.4 3.6-3.6V16z";
  var ICON_PREVIOUS = "M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z";
  var ICON_NEXT = "M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z";
  var ICON_CLOSE = "M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z";
  var ICON_GEAR = gearPath();
  var BASE_WIDTH = 860; // CSS pixels of text column before the slide is zoomed to fit

  var state = { active: false, index: 0, count: 0, controls: null, opener: null };
  var NEXT_KEYS = { ArrowRight: 1, PageDown: 1, n: 1 };
  var PREVIOUS_KEYS = { ArrowLeft: 1, PageUp: 1, p: 1 };

  /** A gear outline: eight teeth around a ring, drawn from polar points. */
  function gearPath() {
    var points = [];
    for (var tooth = 0; tooth < 8; tooth++) {
      var middle = (tooth * Math.PI) / 4;
      [[-0.2, 7.2], [-0.13, 10], [0.13, 10], [0.2, 7.2], [0.39, 7.2]].forEach(function (corner) {
        var angle = middle + corner[0];
        points.push((12 + corner[1] * Math.cos(angle)).toFixed(2) + " " + (12 + corner[1] * Math.sin(angle)).toFixed(2));
      });
    }
    return "M" + points.join("L") + "ZM12 8.6a3.4 3.4 0 1 0 0 6.8 3.4 3.4 0 1 0 0-6.8z";
  }

  function article() {
    return document.querySelector(".md-content__inner");
  }

  /** Number every top-level block of the article with the slide it belongs to; return the count. */
  function markSlides() {
    var blocks = article() ? article().children : [];
    var index = 0;
    var seenContent = false;
    for (var i = 0; i < blocks.length; i++) {
      var block = blocks[i];
      if (block.tagName === "H2" && seenContent) index += 1;
      if (block.tagName !== "SCRIPT") seenContent = true;
      block.setAttribute("data-slide", String(index));
    }
    return blocks.length ? index + 1 : 0;
  }

  function requestedSlide() {
    var match = /[?&]slide=(\d+)/.exec(location.search);
    return match ? Number(match[1]) : null;
  }

  function setUrl(slideNumber) {
    var url = new URL(location.href);
    if (slideNumber === null) url.searchParams.delete("slide");
    else url.searchParams.set("slide", String(slideNumber));
    url.hash = "";
    history.replaceState(history.state, "", url.pathname + url.search);
  }

  function button(label, path, onclick, className) {
    return el("button", { type: "button", className: "slide-button " + (className || ""), title: label, "aria-label": label, onclick: onclick }, [abh.icon(path)]);
  }

  function buildControls() {
    var position = el("span", { className: "slide-position" });
    var announcer = el("span", { className: "reader-visually-hidden", role: "status", "aria-live": "polite" });
    var gear = button("Slide settings", ICON_GEAR, function (event) {
      if (abh.openSettings) abh.openSettings(event.currentTarget, true);
    }, "slide-button--gear");
    gear.setAttribute("aria-haspopup", "dialog");
    gear.setAttribute("aria-controls", "reader-settings");
    gear.setAttribute("aria-expanded", "false");
    var controls = el("div", { className: "slide-controls" }, [
      el("nav", { className: "slide-controls__move", "aria-label": "Slides" }, [
        button("Previous slide", ICON_PREVIOUS, function () { go(state.index - 1); }, "slide-button--previous"),
        position,
        button("Next slide", ICON_NEXT, function () { go(state.index + 1); }, "slide-button--next")
      ]),
      el("div", { className: "slide-controls__options" }, [
        gear,
        button("Leave slides (Escape)", ICON_CLOSE, function () { leave(); }, "slide-button--leave")
      ]),
      announcer
    ]);
    controls.position = position;
    controls.announcer = announcer;
    document.body.appendChild(controls);
    return controls;
  }

  /** Zoom the article so the current slide fills the screen, never below a readable size. */
  function fit() {
    var inner = article();
    var stage = document.querySelector(".md-content");
    if (!state.active || !inner || !stage) return;
    var style = getComputedStyle(stage);
    var availableWidth = stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    var availableHeight = stage.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    var width = Math.min(BASE_WIDTH, availableWidth);
    inner.style.zoom = "1";
    inner.style.width = width + "px";
    var height = inner.getBoundingClientRect().height;
    var zoom = Math.min(availableWidth / width, availableHeight / Math.max(height, 1), 2.5);
    var smallest = document.documentElement.getAttribute("data-text-size") === "100" ? 0.75 : 1;
    inner.style.zoom = String(Math.max(zoom, smallest));
  }

  function go(index) {
    if (!state.active) return;
    state.count = markSlides(); // blocks that other scripts added since are numbered too
    state.index = Math.max(0, Math.min(state.count - 1, index));
    var blocks = article().children;
    for (var i = 0; i < blocks.length; i++) {
      blocks[i].toggleAttribute("data-slide-current", blocks[i].getAttribute("data-slide") === String(state.index));
    }
    var heading = article().querySelector("[data-slide-current]:is(h1, h2)");
    var title = heading ? heading.textContent.replace(/¶\s*$/, "").trim() : "";
    state.controls.position.textContent = (state.index + 1) + " / " + state.count;
    state.controls.announcer.textContent = "Slide " + (state.index + 1) + " of " + state.count + (title ? ": " + title : "");
    state.controls.querySelector(".slide-button--previous").disabled = state.index === 0;
    state.controls.querySelector(".slide-button--next").disabled = state.index === state.count - 1;
    setUrl(state.index + 1);
    var stage = document.querySelector(".md-content");
    if (stage) stage.scrollTop = 0;
    fit();
  }

  function enter(slideNumber, opener) {
    if (!article()) return;
    state.count = markSlides();
    if (!state.count) return;
    state.active = true;
    state.opener = opener || null;
    var root = document.documentElement;
    root.removeAttribute("data-slides-pending");
    root.setAttribute("data-slides", "");
    if (!state.controls) state.controls = buildControls();
    var stage = document.querySelector(".md-content");
    stage.setAttribute("tabindex", "-1");
    stage.setAttribute("role", "region");
    stage.setAttribute("aria-roledescription", "slides");
    stage.setAttribute("aria-label", document.title);
    go((slideNumber || 1) - 1);
    stage.focus({ preventScroll: true });
  }

  function leave() {
    if (!state.active) return;
    var current = article() && article().querySelector("[data-slide-current]");
    state.active = false;
    document.documentElement.removeAttribute("data-slides");
    if (state.controls) state.controls.remove();
    state.controls = null;
    var inner = article();
    if (inner) {
      inner.style.zoom = "";
      inner.style.width = "";
      Array.prototype.forEach.call(inner.children, function (block) { block.removeAttribute("data-slide-current"); });
    }
    var stage = document.querySelector(".md-content");
    if (stage) ["tabindex", "role", "aria-roledescription", "aria-label"].forEach(function (name) { stage.removeAttribute(name); });
    setUrl(null);
    if (current) current.scrollIntoView({ block: "start" });
    var back = state.opener && document.contains(state.opener) ? state.opener : document.querySelector(".reader-slides-toggle");
    if (back) back.focus({ preventScroll: true });
  }

  function settingsOpen() {
    var dialog = document.getElementById("reader-settings");
    return Boolean(dialog && dialog.open);
  }

  function onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || settingsOpen()) return;
    if (abh.isTyping(event.target) || event.isComposing) return;
    var key = event.key;
    if (!state.active) {
      if (key === "v" && !event.shiftKey && document.querySelector(".md-content__inner")) {
        claim(event);
        enter(1, null);
      }
      return;
    }
    var onControl = event.target.closest && event.target.closest("button, a, summary, input, select, label");
    var direction = 0;
    if (NEXT_KEYS[key] || (key === " " && !event.shiftKey && !onControl)) direction = 1;
    else if (PREVIOUS_KEYS[key] || (key === " " && event.shiftKey && !onControl)) direction = -1;
    if (direction) {
      claim(event);
      go(state.index + direction);
    } else if (key === "Home" || key === "End") {
      claim(event);
      go(key === "Home" ? 0 : state.count - 1);
    } else if (key === "Escape") {
      claim(event);
      leave();
    } else if (key === "f" || key === "s" || key === "/" || key === "," || key === ".") {
      claim(event); // Material's search and page keys: the search is hidden in slide mode
    }
  }

  function claim(event) {
    event.preventDefault();
    event.stopPropagation();
  }

  function addHeaderButton() {
    abh.addHeaderButton("reader-slides-toggle", {
      title: "Present as slides (v)", "aria-label": "Present as slides", "aria-keyshortcuts": "v",
      onclick: function (event) { enter(1, event.currentTarget); }
    }, ICON_SLIDES, [".reader-settings-toggle", "[data-md-component=palette]"]);
  }

  window.addEventListener("keydown", onKey, true);
  window.addEventListener("resize", fit);
  new MutationObserver(fit).observe(document.documentElement, { attributes: true, attributeFilter: ["data-text-size"] });

  abh.onPage(function () {
    addHeaderButton();
    var requested = requestedSlide();
    if (state.active) {
      state.active = false; // a new page arrived: its article has not been marked yet
      if (state.controls) state.controls.remove();
      state.controls = null;
      document.documentElement.removeAttribute("data-slides");
    }
    if (requested !== null) enter(requested, null);
    else document.documentElement.removeAttribute("data-slides-pending");
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(fit);
  });
  abh.slides = { enter: enter, leave: leave, go: go, state: state };
})();
