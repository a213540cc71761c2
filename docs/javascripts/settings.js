/* Reading settings: paper, tint, contrast, text size, motion and Material's light/dark.
   The head script in overrides/main.html stores and applies them (window.readerSettings), from the
   data in overrides/partials/reading-settings.json; this file, loaded when the reader first opens the
   settings (reader.js adds the header button), builds the panel that changes them from the same data. */
(function () {
  "use strict";
  var abh = window.AttentionByHand;
  var store = window.readerSettings;
  if (!abh || !store) return;
  var el = abh.el;

  // Names, values, labels and defaults: overrides/partials/reading-settings.json, read by the head script.
  var DATA = store.data;
  var THEME_MEDIA = {
    auto: "(prefers-color-scheme)",
    light: "(prefers-color-scheme: light)",
    dark: "(prefers-color-scheme: dark)"
  };

  var dialog = null;
  var returnFocus = null;

  /* The header's light/dark toggle (overrides/partials/palette.html): its radio inputs, and the choice,
     stored as Material stores it. */
  function paletteInputs() {
    return Array.prototype.slice.call(document.querySelectorAll("[data-theme-toggle] input[data-md-color-media]"));
  }

  function currentTheme() {
    var inputs = paletteInputs();
    var saved = typeof window.__md_get === "function" ? window.__md_get("__palette") : null;
    var index = saved && typeof saved.index === "number" ? saved.index : 0;
    var media = inputs[index] ? inputs[index].getAttribute("data-md-color-media") : THEME_MEDIA.auto;
    return Object.keys(THEME_MEDIA).filter(function (name) { return THEME_MEDIA[name] === media; })[0] || "auto";
  }

  function setTheme(name) {
    var input = paletteInputs().filter(function (candidate) {
      return candidate.getAttribute("data-md-color-media") === THEME_MEDIA[name];
    })[0];
    if (input) {
      input.checked = true;
      input.dispatchEvent(new Event("change"));
      return;
    }
    // No palette toggle configured: set Material's scheme attribute directly.
    var dark = name === "dark" || (name === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
    document.body.setAttribute("data-md-color-scheme", dark ? "slate" : "default");
  }

  function choose(name, value) {
    if (name === "theme") {
      setTheme(value);
      return;
    }
    var stored = store.load();
    stored[name] = value;
    store.save(stored);
  }

  function resetAll() {
    try {
      localStorage.removeItem(store.key);
    } catch {
      /* nothing stored */
    }
    store.apply({});
    setTheme("auto");
    syncPanel();
  }

  function group(name) {
    var spec = DATA.settings[name];
    var options = spec.options.map(function (option) {
      var id = "reader-" + name + "-" + option[0];
      var input = el("input", {
        type: "radio", name: "reader-" + name, id: id, value: option[0], "data-setting": name,
        onchange: function (event) { choose(name, event.target.value); }
      });
      var swatch = spec.swatches
        ? el("span", { className: "reader-swatch reader-swatch--" + option[0], "aria-hidden": "true" })
        : null;
      return el("label", { className: "reader-option", for: id }, [input, swatch, el("span", { text: option[1] })]);
    });
    return el("fieldset", { className: "reader-group reader-group--" + name }, [el("legend", { text: spec.legend })].concat(options));
  }

  function buildPanel() {
    var close = el("button", { type: "button", className: "reader-button", onclick: function () { dialog.close(); } }, ["Close"]);
    var reset = el("button", { type: "button", className: "reader-button reader-button--quiet", onclick: resetAll }, ["Reset to the defaults"]);
    dialog = el("dialog", {
      id: "reader-settings", className: "reader-settings", "aria-labelledby": "reader-settings-title",
      "aria-describedby": "reader-settings-note"
    }, [
      el("h2", { id: "reader-settings-title", text: "Reading settings" }),
      el("p", {
        id: "reader-settings-note", className: "reader-settings__note",
        text: "Applies to every page and is remembered in this browser. Until you choose, contrast, motion and theme follow your system."
      }),
      el("form", { method: "dialog", className: "reader-settings__form" },
        DATA.order.map(group)),
      el("div", { className: "reader-settings__actions" }, [reset, close])
    ]);
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close(); // a click on the backdrop
    });
    dialog.addEventListener("close", function () {
      document.querySelectorAll("[aria-controls=reader-settings]").forEach(function (button) {
        button.setAttribute("aria-expanded", "false");
      });
      dialog.classList.remove("reader-settings--corner");
      if (returnFocus && document.contains(returnFocus)) returnFocus.focus();
      returnFocus = null;
    });
    document.body.appendChild(dialog);
  }

  function syncPanel() {
    if (!dialog) return;
    var resolved = store.resolve(store.load());
    resolved.theme = currentTheme();
    dialog.querySelectorAll("input[data-setting]").forEach(function (input) {
      input.checked = resolved[input.getAttribute("data-setting")] === input.value;
    });
  }

  /** Open the panel; `corner` places it at the bottom right (slide mode's gear). */
  function openPanel(opener, corner) {
    if (!dialog || !document.body.contains(dialog)) buildPanel();
    if (dialog.open) return;
    syncPanel();
    returnFocus = opener || document.activeElement;
    dialog.classList.toggle("reader-settings--corner", Boolean(corner));
    if (opener) opener.setAttribute("aria-expanded", "true");
    dialog.showModal();
    var first = dialog.querySelector("input:checked") || dialog.querySelector("input");
    if (first) first.focus();
  }

  // The head script (overrides/main.html) applies the settings again when the system's preferences or
  // another tab change them; an open panel shows the new state.
  Object.keys(DATA.settings).forEach(function (name) {
    var system = DATA.settings[name].system;
    var media = system && window.matchMedia ? matchMedia(system.query) : null;
    if (media && media.addEventListener) media.addEventListener("change", syncPanel);
  });
  window.addEventListener("storage", function (event) {
    if (event.key === store.key) syncPanel();
  });

  abh.settings = { open: openPanel };
})();
