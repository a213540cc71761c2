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

  window.AttentionByHand = { onPage: onPage, el: el, icon: icon, isTyping: isTyping, formatFixed: formatFixed };
})();
