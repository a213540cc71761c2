/* Shared helpers for the reader's features (settings, slides, exercises, calculator).
   Every feature runs once per page: on first load and after each instant navigation. */
(function () {
  "use strict";

  /** Run `setup(document)` now and after every page that Material's instant navigation loads. */
  function onPage(setup) {
    var run = function () {
      try {
        setup(document);
      } catch (error) {
        console.error(error);
      }
    };
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(run);
    } else if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", run);
    } else {
      run();
    }
  }

  /** Create an element with attributes (properties for on*, className, textContent) and children. */
  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === null || value === undefined || value === false) return;
      if (name === "text") node.textContent = value;
      else if (name === "className") node.className = value;
      else if (name.slice(0, 2) === "on") node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : value);
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) {
        node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
      }
    });
    return node;
  }

  /** An inline SVG icon from a 24x24 path, hidden from assistive technology. */
  function icon(path) {
    var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    var shape = document.createElementNS("http://www.w3.org/2000/svg", "path");
    shape.setAttribute("d", path);
    svg.appendChild(shape);
    return svg;
  }

  /** Add a button with an icon to Material's header, once, before the first of `before` (selectors) found. */
  function addHeaderButton(className, attributes, iconPath, before) {
    var header = document.querySelector(".md-header__inner");
    if (!header || header.querySelector("." + className)) return;
    var button = el("button", Object.assign({ type: "button", className: "md-header__button md-icon " + className },
      attributes), [icon(iconPath)]);
    var anchor = before.map(function (selector) { return header.querySelector(selector); })
      .filter(Boolean)[0];
    header.insertBefore(button, anchor || null);
  }

  /** True when a key press belongs to a text field, a select or an editable region. */
  function isTyping(target) {
    if (!target || !target.tagName) return false;
    var tag = target.tagName.toLowerCase();
    if (tag === "textarea" || tag === "select" || target.isContentEditable) return true;
    if (tag !== "input") return false;
    return !/^(checkbox|radio|button|submit|reset|range|color)$/i.test(target.type);
  }

  /** Format like Python's f"{x:.{digits}f}": correctly rounded, ties to even. */
  function formatFixed(x, digits) {
    if (!isFinite(x)) return String(x);
    var rounded = x.toFixed(digits);
    if (Math.abs(x) >= 1e21) return rounded;
    // toFixed rounds exact ties away from zero; Python rounds them to even.
    var exact = Math.abs(x).toFixed(100);
    var point = exact.indexOf(".");
    var tail = exact.slice(point + 1 + digits);
    if (tail.charAt(0) === "5" && /^50*$/.test(tail)) {
      var kept = exact.slice(0, point + 1 + digits).replace(/\.$/, "");
      var last = kept.replace(".", "").slice(-1);
      if (Number(last) % 2 === 0) rounded = (x < 0 ? "-" : "") + kept;
    }
    return rounded;
  }

  /** Material sometimes labels a navigation section by an element that is missing or has no text
      (sections with an index page); name it after the section's title instead. */
  function repairNavigationLabels(doc) {
    doc.querySelectorAll("nav[aria-labelledby]").forEach(function (nav) {
      var label = doc.getElementById(nav.getAttribute("aria-labelledby"));
      var title = nav.querySelector(":scope > .md-nav__title");
      if ((!label || !label.textContent.trim()) && title && title.textContent.trim()) {
        nav.setAttribute("aria-label", title.textContent.trim());
        nav.removeAttribute("aria-labelledby");
      }
    });
  }

  /** Let keyboard users scroll boxes that scroll sideways (wide tables, wide math, code) with the arrows,
      and mark every such box so that it shows that it scrolls (Material makes a wide code block focusable only
      on a screen with hover: on a phone with a keyboard, or a switch, it could not be scrolled). Every box is
      measured first and marked after: a mark written between two measurements would make the browser lay the
      page out again. */
  function makeScrollBoxesFocusable() {
    var boxes = Array.prototype.slice.call(document.querySelectorAll(".md-content .md-typeset__scrollwrap, .md-content .arithmatex, .md-content .scroll-box, .md-content figure:has(> svg.abh-figure), .md-content pre > code"));
    var scrolling = boxes.map(function (box) {
      return box.scrollWidth > box.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(box).overflowX);
    });
    boxes.forEach(function (box, index) {
      var scrolls = scrolling[index];
      box.toggleAttribute("data-scrolls", scrolls); // shows a "scrolls sideways" cue (reader.css)
      var focusable = box.querySelector("a[href], button, input, select, textarea, [tabindex]:not([data-scroll-box])");
      if (scrolls && !focusable) {
        if (box.hasAttribute("data-scroll-box")) return;
        var table = box.querySelector("table");
        var caption = box.querySelector("caption, figcaption");
        var kind = table ? "wide table" : box.matches("figure") ? "wide picture" : box.matches("pre") ? "wide text"
          : box.matches("code") ? "wide code" : "wide formula";
        box.setAttribute("tabindex", "0");
        if (!box.matches("figure")) box.setAttribute("role", "group"); // a figure keeps its own role
        box.setAttribute("aria-label", (caption ? caption.textContent.trim() + ", " : "") + kind + ", scrolls sideways");
        box.setAttribute("data-scroll-box", "");
      } else if (box.hasAttribute("data-scroll-box")) {
        ["tabindex", "role", "aria-label", "data-scroll-box"].forEach(function (name) { box.removeAttribute(name); });
      }
    });
  }

  /** Material puts each code block's copy button in an unnamed <nav>; navigation landmarks on one
      page must have names that tell them apart, so number them. */
  function nameCodeToolbars() {
    document.querySelectorAll("nav.md-code__nav").forEach(function (nav, index) {
      nav.setAttribute("aria-label", "Tools for code block " + (index + 1));
    });
  }
  new MutationObserver(function (changes) {
    changes.forEach(function (change) {
      change.addedNodes.forEach(function (node) {
        if (node.nodeType === 1 && (node.matches("nav.md-code__nav") || node.querySelector("nav.md-code__nav"))) {
          nameCodeToolbars();
        }
      });
    });
  }).observe(document.body, { childList: true, subtree: true });

  var scrollCheck = null;
  function scheduleScrollCheck() {
    cancelAnimationFrame(scrollCheck);
    scrollCheck = requestAnimationFrame(makeScrollBoxesFocusable);
  }

  /** Tell each generated figure its natural width in label sizes (viewBox width / 14 units), so that
      CSS never draws its labels smaller than the page's text (figures.css; slides.css). */
  function measureFigures(doc) {
    doc.querySelectorAll(".md-content svg.abh-figure[viewBox]").forEach(function (svg) {
      var width = Number(svg.getAttribute("viewBox").split(/[\s,]+/)[2]);
      if (width > 0) svg.style.setProperty("--abh-figure-ems", String(width / FIGURE_LABEL_UNITS));
    });
  }
  var FIGURE_LABEL_UNITS = 14; // the font size of a figure's labels, in viewBox units (attention_site/figures/frame.py)

  /** Relative luminance of an "rgb(r, g, b)" colour (WCAG 2). */
  function luminance(rgb) {
    return rgb.slice(0, 3).reduce(function (sum, channel, i) {
      var c = channel / 255;
      c = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
      return sum + c * [0.2126, 0.7152, 0.0722][i];
    }, 0);
  }

  /** The 0-255 channels of a computed colour: "rgb(r, g, b)", or "color(srgb r g b)" (0-1) as a
      color-mix() such as a heat cell's computes to. */
  function channels(colour) {
    var numbers = (colour.match(/[\d.]+/g) || ["255", "255", "255"]).map(Number);
    return colour.indexOf("color(") === 0 ? numbers.map(function (c) { return c * 255; }) : numbers;
  }

  /** Write each heat-map number in black or white, whichever reads better on its cell as the
      reader's theme and settings colour it (no halo needed: one of the two is always 4.5:1 or more). */
  function colourCellNumbers() {
    var page = channels(getComputedStyle(document.body).backgroundColor);
    var cells = Array.prototype.map.call(document.querySelectorAll(".md-content svg.abh-figure g > rect.abh-cell"),
      function (cell) { return { rect: cell, text: cell.parentNode.querySelector(".abh-cell-text") }; })
      .filter(function (cell) { return cell.text; });
    var shades = cells.map(function (cell) { // every colour read before any is written: one restyle, not one a cell
      var style = getComputedStyle(cell.rect);
      var alpha = parseFloat(style.fillOpacity);
      var ink = channels(style.fill);
      var seen = ink.slice(0, 3).map(function (c, i) { return alpha * c + (1 - alpha) * page[i]; });
      return luminance(seen) > 0.179 ? "light" : "dark";
    });
    cells.forEach(function (cell, index) { cell.text.setAttribute("data-on", shades[index]); });
  }

  var recolour = null;
  function scheduleRecolour() {
    clearTimeout(recolour);
    recolour = setTimeout(colourCellNumbers, 300); // after Material's colour transitions (0.25 s) have ended
  }
  new MutationObserver(scheduleRecolour).observe(document.documentElement,
    { attributes: true, attributeFilter: ["data-paper", "data-tint", "data-contrast"] });
  new MutationObserver(scheduleRecolour).observe(document.body,
    { attributes: true, attributeFilter: ["data-md-color-scheme"] });

  /** When the reader picks another theme (the header's light/dark toggle, or the settings panel, which checks one of
      its inputs), let the new colours show at once rather than through Material's colour transitions, for the
      next two frames (reader.css: html[data-theme-switching]). Listened for in the capture phase, before
      Material's own handler changes the colours. */
  function switchWithoutTransitions(event) {
    if (!event.target.matches || !event.target.matches("input[data-md-color-media]")) return;
    var root = document.documentElement;
    root.setAttribute("data-theme-switching", "");
    requestAnimationFrame(function () {
      requestAnimationFrame(function () { root.removeAttribute("data-theme-switching"); });
    });
  }
  document.addEventListener("change", switchWithoutTransitions, true);

  // A feature's script is loaded only when it is needed: a calculator's or the fill-in cells' when one comes
  // within a screen of the part of the page in view (or slides or a print need the page whole), the slides' and
  // the reading settings' panel's on first use. Most pages need none of them. Each file is fetched once, beside
  // this one, and subscribes to Material's document$ itself, which replays the page already shown.
  var scriptFolder = document.currentScript ? document.currentScript.src : location.href;
  var loading = {};
  var FEATURES = { calculator: ".md-content .attention-calculator", exercises: ".md-content .fill-in, .md-content .choice" };
  var ICON_SETTINGS = "M3 20 8.6 4h2.3L16.5 20h-2.4l-1.4-4.1H6.8L5.4 20H3zm4.5-6.1h4.5L9.75 7.3 7.5 13.9zM18 4h2v3h2v2h-2v3h-2V9h-2V7h2V4zm-1 11h4v2h-4v-2z";
  var ICON_SLIDES = "M3 4h18v2h-1v9H4V6H3V4zm3 2v7h12V6H6zm5 10h2v1.2l3.6 3.6-1.4 1.4-3.2-3.2-3.2 3.2-1.4-1.4 3.6-3.6V16z";

  var STYLES = { slides: "../stylesheets/slides.css", live: "../stylesheets/live.css" }; // a feature's own stylesheet, loaded with its script

  /** Add a <script> or <link rel=stylesheet> for `url`; the promise settles when it has loaded. */
  function fetchInto(tag, url) {
    return new Promise(function (resolve, reject) {
      var node = document.createElement(tag);
      if (tag === "link") node.rel = "stylesheet";
      node[tag === "link" ? "href" : "src"] = new URL(url, scriptFolder).href;
      node.onload = resolve;
      node.onerror = function () { reject(new Error("could not load " + url)); };
      document.head.appendChild(node);
    });
  }

  /** Load javascripts/NAME.js (and its stylesheet) once; the promise settles when both have arrived. */
  function load(name) {
    if (!loading[name]) {
      var style = STYLES[name] ? fetchInto("link", STYLES[name]) : Promise.resolve();
      // The stylesheet first: the script may lay the page out as soon as it runs (?slide=N).
      loading[name] = style.then(function () { return fetchInto("script", name + ".js"); });
      loading[name].catch(function () { delete loading[name]; });
    }
    return loading[name];
  }

  var pageFeatures = []; // the features the current page has (calculator, exercises)
  var nearView = null; // watches their elements until each feature's script is asked for

  /** Load every feature the page has; the promise settles when their scripts have loaded and run. */
  function loadPageFeatures() {
    return Promise.all(pageFeatures.map(function (name) { return load(name).catch(console.error); }));
  }

  var wholePageBuilders = []; // what builds at once the parts a feature builds as they come into view

  /** A feature that builds its parts as they come into view (the multiple-choice questions) gives here what builds
      every part left: a print and slides need the page whole. */
  function onWholePage(build) {
    wholePageBuilders.push(build);
  }

  function buildWholePage() {
    wholePageBuilders.forEach(function (build) {
      try {
        build(document);
      } catch (error) {
        console.error(error);
      }
    });
  }

  /** Slides are laid out once the page's calculators and exercises are built: they add to its blocks. */
  function loadSlides() {
    return loadPageFeatures().then(function () {
      buildWholePage();
      return load("slides");
    });
  }

  function presentSlides(opener) {
    loadSlides().then(function () { window.AttentionByHand.slides.enter(1, opener); }, console.error);
  }

  /** Open the reading settings' panel (settings.js, loaded on first use); `corner` places it at the bottom
      right, as slide mode's gear does. */
  function openSettings(opener, corner) {
    load("settings").then(function () { window.AttentionByHand.settings.open(opener, corner); }, console.error);
  }

  /** "v" before slides.js is loaded: load it and enter slide mode (slides.js answers the key from then on). */
  function onSlideKey(event) {
    var abh = window.AttentionByHand;
    if (abh.slides || event.key !== "v" || event.shiftKey || event.defaultPrevented || event.ctrlKey || event.metaKey
        || event.altKey || event.isComposing || isTyping(event.target)) return;
    var settings = document.getElementById("reader-settings");
    if ((settings && settings.open) || !document.querySelector(".md-content__inner")) return;
    event.preventDefault();
    event.stopPropagation();
    presentSlides(null);
  }
  window.addEventListener("keydown", onSlideKey, true);

  // The search's documents are fetched when the reader first opens the search, not with every page:
  // tell the search worker (overrides/assets/javascripts/workers/search-on-demand.js) to fetch them.
  var searchOpened = false;
  function openSearch(event) {
    var target = event.target;
    var opened = target.id === "__search" ? target.checked : target.matches && target.matches(".md-search__input");
    if (!opened || searchOpened || !window.BroadcastChannel) return;
    searchOpened = true;
    new BroadcastChannel("search-on-demand").postMessage("open");
  }
  document.addEventListener("focusin", openSearch);
  document.addEventListener("change", openSearch);

  /** Load a feature's script when one of its elements comes within a screen of the view. */
  function watchFeatures(doc) {
    if (nearView) nearView.disconnect();
    if (!window.IntersectionObserver) {
      loadPageFeatures();
      return;
    }
    nearView = new IntersectionObserver(function (entries, observer) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        pageFeatures.forEach(function (name) {
          if (entry.target.matches(FEATURES[name])) load(name).catch(console.error);
        });
        observer.unobserve(entry.target);
      });
    }, { rootMargin: "100% 0px" });
    pageFeatures.forEach(function (name) {
      doc.querySelectorAll(FEATURES[name]).forEach(function (element) { nearView.observe(element); });
    });
  }

  /** A page whose numbers the build marked for live.js gets "Change the numbers" under its title; live.js and
      the page's live.json load on the first press, or at once when the address carries changed numbers. */
  function offerLiveNumbers(doc) {
    var title = doc.querySelector(".md-content h1");
    if (!title || !doc.querySelector(".md-content .attn-live") || doc.querySelector(".attn-live-toggle")) return;
    var button = el("button", { type: "button", className: "attn-live-toggle", text: "Change the numbers",
      "aria-expanded": "false", onclick: function () { openLive(button); } });
    title.parentNode.insertBefore(button, title.nextSibling);
    if (/[?&]set-/.test(location.search)) openLive(button);
  }
  function openLive(button) {
    load("live").then(function () { return window.AttentionByHand.live.open(button); }).catch(console.error);
  }

  /** A page with multiple-choice questions has their stylesheet in its head (overrides/main.html); one reached by
      instant navigation, whose head stays the first page's, gets it here. */
  function styleChoices(doc) {
    if (doc.querySelector(".md-content .choice") && !document.querySelector('link[href*="stylesheets/choices.css"]')) {
      fetchInto("link", "../stylesheets/choices.css").catch(console.error);
    }
  }

  function loadFeatures(doc) {
    offerLiveNumbers(doc);
    styleChoices(doc);
    pageFeatures = Object.keys(FEATURES).filter(function (name) { return doc.querySelector(FEATURES[name]); });
    watchFeatures(doc);
    if (/[?&]slide=\d/.test(location.search)) loadSlides().catch(console.error);
    addHeaderButton("reader-settings-toggle", {
      title: "Reading settings", "aria-label": "Reading settings", "aria-haspopup": "dialog",
      "aria-expanded": "false", "aria-controls": "reader-settings",
      onclick: function (event) { openSettings(event.currentTarget, false); }
    }, ICON_SETTINGS, ["[data-theme-toggle]", "label[for=__search]"]);
    addHeaderButton("reader-slides-toggle", {
      title: "Present as slides (v)", "aria-label": "Present as slides", "aria-keyshortcuts": "v",
      onclick: function (event) { presentSlides(event.currentTarget); }
    }, ICON_SLIDES, [".reader-settings-toggle", "[data-theme-toggle]"]);
  }

  /** Run `read` once the page has been laid out and painted, so that what it measures (computed
      colours, scroll widths) is already known and reading it forces no extra layout on load. */
  function afterPaint(read) {
    requestAnimationFrame(function () { setTimeout(read, 0); });
  }

  onPage(function (doc) {
    measureFigures(doc);
    repairNavigationLabels(doc);
    nameCodeToolbars();
    afterPaint(function () {
      colourCellNumbers();
      makeScrollBoxesFocusable();
    });
  });
  onPage(loadFeatures);
  // A print shows the page whole: build what has not been built yet (the printout waits for no script, so a
  // fill-in cell not yet built prints as the empty box it is drawn as without JavaScript).
  // A feature's script already loaded builds its parts not yet built (the questions), at once: the print is made next.
  window.addEventListener("beforeprint", function () {
    buildWholePage();
    loadPageFeatures();
  });
  // Instant navigation brings a new page: give it the reader's settings (the head script's, overrides/main.html).
  onPage(function () { if (window.readerSettings) window.readerSettings.apply(); });
  window.addEventListener("resize", scheduleScrollCheck);
  // On a screen without hover Material takes a wide code block's tabindex away each time the block is resized
  // (larger text, a turned phone): a box marked as scrolling gets it back.
  new MutationObserver(function (changes) {
    changes.forEach(function (change) {
      var box = change.target;
      if (box.hasAttribute("data-scroll-box") && !box.hasAttribute("tabindex")) box.setAttribute("tabindex", "0");
    });
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["tabindex"] });
  new MutationObserver(scheduleScrollCheck).observe(document.documentElement, { attributes: true, attributeFilter: ["data-text-size"] });

  window.AttentionByHand = { onPage: onPage, refreshScrollBoxes: scheduleScrollCheck, recolourFigures: colourCellNumbers, el: el, icon: icon, addHeaderButton: addHeaderButton, isTyping: isTyping, formatFixed: formatFixed, load: load, loadPageFeatures: loadPageFeatures, onWholePage: onWholePage, openSettings: openSettings };
})();
