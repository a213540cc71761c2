/* Slide mode for any page: the title and introduction start slide 1, each <h2> starts a new one.
   Text keeps a size readable from the back of a room (slides.css); a section too long for one
   screen is cut into several slides between its blocks (paragraphs, tables, figures, admonitions),
   never inside one, and the later ones repeat the section's title. Enter with the header button or
   the "v" key, or open a URL with ?slide=N; move with the keys, the buttons or a swipe. Nothing
   moves in the DOM: each top-level block gets data-slide, and CSS shows the current slide's.
   reader.js adds the header button and loads this file on first use (the button, "v", ?slide=N).
   The class set (?set=class, linked from the teacher's page) keeps only the sections that carry speaker notes
   (the build writes them from the class plan, attention_site/class_plan.py) and leaves out blocks marked
   optional; on any set, "t" or the notes button shows the current slide's notes over its lower part. */
(function () {
  "use strict";
  var abh = window.AttentionByHand;
  if (!abh) return;
  var el = abh.el;

  var ICON_PREVIOUS = "M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z";
  var ICON_NEXT = "M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z";
  var ICON_CLOSE = "M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z";
  var ICON_GEAR = gearPath();
  var ICON_NOTES = "M4 3h16v14H7l-3 3V3zm3 4v2h10V7H7zm0 4v2h7v-2H7z";
  var SWIPE_PIXELS = 60;

  var state = { active: false, index: 0, count: 0, slides: [], laidOut: null, controls: null, opener: null,
    set: "all", notesShown: false };
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

  /** The article's top-level blocks, in order. */
  function blocks() {
    var inner = article();
    return inner ? Array.prototype.filter.call(inner.children, function (block) { return block.tagName !== "SCRIPT"; }) : [];
  }

  /** The page's sections: the title with the introduction, then one from each <h2>. */
  function sections(list) {
    var result = [];
    list.forEach(function (block) {
      if (!result.length || (block.tagName === "H2" && result[result.length - 1].length)) result.push([]);
      result[result.length - 1].push(block);
    });
    return result;
  }

  /** Speaker notes are never a slide's content: the notes view shows them. */
  function isNotes(block) {
    return block.matches(".speaker-notes");
  }

  /** The slide set an address asks for: "class" (?set=class) or every section ("all"). */
  function requestedSet() {
    return /[?&]set=class(?:&|$)/.test(location.search) ? "class" : "all";
  }

  /** The sections of the set, each as the blocks it shows and its notes: the class set keeps the sections that
      have notes, without their blocks marked optional. */
  function chosenSections(list) {
    var inClass = state.set === "class";
    return sections(list).map(function (section) {
      return {
        notes: section.filter(isNotes),
        blocks: section.filter(function (block) { return !isNotes(block) && !(inClass && block.matches(".optional")); })
      };
    }).filter(function (section) { return section.blocks.length && (!inClass || section.notes.length); });
  }

  /** The height a slide's blocks may fill: the stage without its padding. */
  function room() {
    var stage = document.querySelector(".md-content");
    var style = getComputedStyle(stage);
    return stage.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  }

  /** Each block's top and bottom with every block laid out as on a slide (a slide's first and last
      blocks lose their outer margins, so blocks i to j need bottom(j) - top(i)); and, for a block
      taller than `height`, the places where it may be cut. */
  function measure(list, height) {
    var root = document.documentElement;
    root.setAttribute("data-slides-measuring", "");
    var last = 0;
    var boxes = list.map(function (block) {
      if (!block.getClientRects().length) return { top: last, bottom: last }; // display: none
      var box = block.getBoundingClientRect();
      last = box.bottom;
      var measured = { top: box.top, bottom: box.bottom, height: box.height };
      if (box.height > height) tallBlock(block, measured);
      return measured;
    });
    root.removeAttribute("data-slides-measuring");
    return boxes;
  }

  /** Measure a tall block as its windows show it: clipped, so its children's margins stay inside. A table's
      header row is measured too: it is shown again at the top of each later window (slides.css). */
  function tallBlock(block, measured) {
    block.style.overflow = "hidden";
    var box = block.getBoundingClientRect();
    var head = block.matches(".md-typeset__scrollwrap") && block.querySelector("thead");
    measured.height = box.height;
    measured.cuts = cutPoints(block, box.top);
    measured.header = head ? head.getBoundingClientRect().height : 0;
    block.style.overflow = "";
  }

  /** Where a block taller than a slide may be cut, from its top: below a row (not the header row, which
      would be left alone), a paragraph, a line of code. */
  function cutPoints(block, top) {
    var points = [];
    block.querySelectorAll("tr, p, li, dt, dd, h3, h4, h5, .highlight, svg.abh-figure, math[display=block]").forEach(function (node) {
      if (node.parentElement.tagName !== "THEAD") points.push(node.getBoundingClientRect().bottom - top);
    });
    block.querySelectorAll("pre > code").forEach(function (code) {
      points = points.concat(lineGaps(code, top));
    });
    return points.sort(function (a, b) { return a - b; });
  }

  /** The middle of the gap between each two lines of `code`, from `top`: a cut there splits no line. */
  function lineGaps(code, top) {
    var range = document.createRange();
    range.selectNodeContents(code);
    var rects = Array.prototype.filter.call(range.getClientRects(), function (rect) { return rect.height > 0; })
      .sort(function (a, b) { return a.top - b.top; });
    var lines = [];
    rects.forEach(function (rect) {
      var line = lines[lines.length - 1];
      if (line && rect.top < line.bottom - 1) line.bottom = Math.max(line.bottom, rect.bottom);
      else lines.push({ top: rect.top, bottom: rect.bottom });
    });
    return lines.slice(1).map(function (line, i) { return (lines[i].bottom + line.top) / 2 - top; });
  }

  /** Cut a tall block into windows [from, to) of at most `first`, then `height` pixels each; a later window
      onto a table also shows the header row above its rows (`lead` pixels, which the header covers). */
  function windows(box, first, height) {
    var result = [];
    var from = 0;
    var limit = first;
    while (from < box.height - 1) {
      var lead = result.length ? box.header : 0;
      var to = box.cuts.concat([box.height]).filter(function (y) { return y > from + 1 && y <= from + limit - lead; }).pop();
      if (to === undefined) to = Math.min(box.height, from + limit - lead); // nowhere to cut: cut anyway
      result.push({ from: from, to: to, lead: lead });
      from = to;
      limit = height;
    }
    return result;
  }

  /** A heading, or a lead-in ending with a colon, stays on the slide of what follows it. */
  function keepsWithNext(block) {
    return /^H[1-6]$/.test(block.tagName) || (block.tagName === "P" && /:\s*$/.test(block.textContent));
  }

  /** A fill-in table's Check and Show-answers buttons stay on the slide of the table they mark. */
  function keepsWithPrevious(block) {
    return Boolean(block && block.matches(".fill-in-toolbar"));
  }

  function headingText(block) {
    return block && /^H[12]$/.test(block.tagName) ? block.textContent.replace(/¶\s*$/, "").trim() : "";
  }

  /** Cut one section into slides of whole blocks, as many as fit on the screen each. A block taller
      than a slide is shown through windows, one a slide, the first after what precedes it if there
      is room. */
  function pack(section, boxes, height, titleHeight) {
    var title = headingText(section[0]);
    var slides = [];
    var add = function (shown, part) {
      slides.push({ blocks: shown, window: part || null, title: title, continued: slides.length > 0 });
    };
    var addWindows = function (before, index, first) {
      windows(boxes[index], first - 8, height - titleHeight - 8).forEach(function (part, i) {
        add(i ? [section[index]] : before.concat([section[index]]),
          { block: section[index], from: part.from, to: part.to, lead: part.lead });
      });
    };
    var start = 0;
    while (start < section.length) {
      var limit = slides.length ? height - titleHeight : height;
      if (boxes[start].cuts) {
        addWindows([], start, limit);
        start += 1;
        continue;
      }
      var end = start + 1;
      while (end < section.length && !boxes[end].cuts && boxes[end].bottom - boxes[start].top <= limit) end += 1;
      var left = end < section.length && boxes[end].cuts ? limit - (boxes[end].top - boxes[start].top) : 0;
      if (left >= 0.3 * limit && boxes[end].cuts[0] <= left - 8) { // its first window shows something whole
        addWindows(section.slice(start, end), end, left);
        start = end + 1;
        continue;
      }
      while (end - 1 > start && end < section.length && (keepsWithNext(section[end - 1]) || keepsWithPrevious(section[end]))) {
        end -= 1;
      }
      add(section.slice(start, end));
      start = end;
    }
    return slides;
  }

  /** Split the article into slides for the screen as it is now; number each block with its slide. */
  function layout() {
    var list = blocks();
    // One line of slack: what a block's own layout adds once shown alone (a tab set's active panel, a margin
    // kept inside it) must not push the slide past the stage.
    var height = room() - parseFloat(getComputedStyle(article()).fontSize);
    document.documentElement.style.setProperty("--slide-room", Math.floor(height * 0.72) + "px");
    clearWindow();
    var titleHeight = 2.4 * parseFloat(getComputedStyle(article()).fontSize); // "Title (continued)"
    var chosen = chosenSections(list);
    var shown = [].concat.apply([], chosen.map(function (section) { return section.blocks; }));
    list.forEach(function (block) { block.toggleAttribute("data-slide-out", shown.indexOf(block) < 0); });
    var boxes = measure(shown, height - titleHeight);
    var slides = [];
    var offset = 0;
    chosen.forEach(function (section) {
      var sectionBoxes = boxes.slice(offset, offset + section.blocks.length);
      offset += section.blocks.length;
      pack(section.blocks, sectionBoxes, height, titleHeight).forEach(function (slide) {
        slide.blocks.forEach(function (block) { block.setAttribute("data-slide", String(slides.length)); });
        slide.notes = section.notes;
        slides.push(slide);
      });
    });
    state.slides = slides;
    return slides.length;
  }

  /** Show slide `index`: its blocks, the window onto a tall one, and on a continued slide the section's title. */
  function show(index) {
    var slide = state.slides[index];
    blocks().forEach(function (block) {
      block.toggleAttribute("data-slide-current", slide.blocks.indexOf(block) >= 0);
      block.toggleAttribute("data-slide-first", block === slide.blocks[0]);
      block.toggleAttribute("data-slide-last", block === slide.blocks[slide.blocks.length - 1]);
    });
    if (slide.continued && slide.title) article().setAttribute("data-slide-continued", slide.title + " (continued)");
    else article().removeAttribute("data-slide-continued");
    clearWindow();
    if (slide.window) {
      var block = slide.window.block;
      block.setAttribute("data-slide-window", slide.window.lead ? "continued" : "");
      block.style.maxHeight = Math.ceil(slide.window.to - slide.window.from + slide.window.lead) + "px";
      block.scrollTop = slide.window.from - slide.window.lead; // the header row sticks over rows shown already
    }
  }

  /** Show a tall block whole again. */
  function clearWindow() {
    document.querySelectorAll("[data-slide-window]").forEach(function (block) {
      block.removeAttribute("data-slide-window");
      block.style.maxHeight = "";
      block.scrollTop = 0;
    });
  }

  /** The slide that shows `block` (at `from` pixels down, for a tall one) now. */
  function slideOf(block, from) {
    for (var i = 0; i < state.slides.length; i++) {
      var slide = state.slides[i];
      var part = slide.window && slide.window.block === block ? slide.window : null;
      if (slide.blocks.indexOf(block) >= 0 && (!part || from < part.to)) return i;
    }
    return 0;
  }

  function requestedSlide() {
    var match = /[?&]slide=(\d+)/.exec(location.search);
    return match ? Number(match[1]) : null;
  }

  /** Write the slide's number into the address (or take it out, and the set's with it, on leaving). */
  function setUrl(slideNumber) {
    var url = new URL(location.href);
    if (slideNumber === null) {
      url.searchParams.delete("slide");
      url.searchParams.delete("set");
    } else url.searchParams.set("slide", String(slideNumber));
    url.hash = "";
    history.replaceState(history.state, "", url.pathname + url.search);
  }

  function button(label, path, onclick, className) {
    return el("button", { type: "button", className: "slide-button " + (className || ""), title: label, "aria-label": label, onclick: onclick }, [abh.icon(path)]);
  }

  function buildControls() {
    var position = el("span", { className: "slide-position" });
    var announcer = el("span", { className: "visually-hidden", role: "status", "aria-live": "polite" });
    var gear = button("Slide settings", ICON_GEAR, function (event) {
      abh.openSettings(event.currentTarget, true);
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
        hasNotes() ? notesButton() : null,
        gear,
        button("Leave slides (Escape)", ICON_CLOSE, function () { leave(); }, "slide-button--leave")
      ]),
      announcer
    ]);
    controls.position = position;
    controls.announcer = announcer;
    controls.notes = el("aside", { className: "slide-notes", id: "slide-notes", "aria-label": "Teacher's notes", hidden: true });
    document.body.appendChild(controls.notes);
    document.body.appendChild(controls);
    return controls;
  }

  function hasNotes() {
    return Boolean(document.querySelector(".md-content__inner > .speaker-notes"));
  }

  function notesButton() {
    var notes = button("Teacher's notes (t)", ICON_NOTES, function () { toggleNotes(); }, "slide-button--notes");
    notes.setAttribute("aria-controls", "slide-notes");
    notes.setAttribute("aria-keyshortcuts", "t");
    notes.setAttribute("aria-pressed", "false");
    return notes;
  }

  /** Show or hide the notes view; it stays as it is from slide to slide. */
  function toggleNotes() {
    if (!state.active || !hasNotes()) return;
    state.notesShown = !state.notesShown;
    showNotes();
  }

  /** Fill the notes view with the current slide's notes, shown or hidden as the presenter chose. */
  function showNotes() {
    var view = state.controls.notes;
    var slide = state.slides[state.index];
    view.hidden = !state.notesShown;
    var toggle = state.controls.querySelector(".slide-button--notes");
    if (toggle) toggle.setAttribute("aria-pressed", String(state.notesShown));
    view.replaceChildren(el("p", { className: "slide-notes__title", text: "Teacher's notes, slide " + (state.index + 1) }));
    (slide.notes || []).forEach(function (notes) {
      Array.prototype.forEach.call(notes.children, function (child) { view.appendChild(child.cloneNode(true)); });
    });
    if (!slide.notes || !slide.notes.length) view.appendChild(el("p", { text: "No notes for this slide." }));
  }

  /** Lay the slides out again if forced, or if blocks were added or the stage changed size. */
  function layOutIfChanged(force) {
    var key = blocks().length + " " + room();
    if (force || key !== state.laidOut) state.count = layout(); // blocks other scripts added are laid out too
    state.laidOut = key;
  }

  function go(index) {
    if (!state.active) return;
    layOutIfChanged(false);
    state.index = Math.max(0, Math.min(state.count - 1, index));
    show(state.index);
    var slide = state.slides[state.index];
    var title = slide.title + (slide.continued ? " (continued)" : "");
    var controls = state.controls;
    controls.position.textContent = (state.index + 1) + " / " + state.count;
    controls.position.style.minWidth = (2 * String(state.count).length + 3) + "ch";
    controls.announcer.textContent = "Slide " + (state.index + 1) + " of " + state.count + (title ? ": " + title : "");
    controls.querySelector(".slide-button--previous").disabled = state.index === 0;
    controls.querySelector(".slide-button--next").disabled = state.index === state.count - 1;
    setUrl(state.index + 1);
    showNotes();
    var stage = document.querySelector(".md-content");
    if (stage) stage.scrollTop = 0;
  }

  /** Lay the slides out again for a new screen size, text size, font or picture, on the same content. */
  function refit() {
    if (!state.active || !state.slides[state.index]) return;
    var slide = state.slides[state.index];
    var part = slide.window && slide.window.block === slide.blocks[0] ? slide.window : null;
    layOutIfChanged(true);
    go(slideOf(slide.blocks[0], part ? part.from : 0));
  }

  function enter(slideNumber, opener, set) {
    if (!article() || !blocks().length) return;
    state.active = true;
    state.set = set || requestedSet();
    state.notesShown = false;
    state.laidOut = null;
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
    document.documentElement.style.removeProperty("--slide-room");
    removeControls();
    var inner = article();
    if (inner) {
      clearWindow();
      inner.removeAttribute("data-slide-continued");
      blocks().forEach(function (block) {
        block.removeAttribute("data-slide-current");
        block.removeAttribute("data-slide-first");
        block.removeAttribute("data-slide-last");
        block.removeAttribute("data-slide-out");
      });
    }
    var stage = document.querySelector(".md-content");
    if (stage) ["tabindex", "role", "aria-roledescription", "aria-label"].forEach(function (name) { stage.removeAttribute(name); });
    setUrl(null);
    if (current) current.scrollIntoView({ block: "start" });
    var back = state.opener && document.contains(state.opener) ? state.opener : document.querySelector(".reader-slides-toggle");
    if (back) back.focus({ preventScroll: true });
  }

  function removeControls() {
    if (state.controls) {
      state.controls.notes.remove();
      state.controls.remove();
    }
    state.controls = null;
  }

  function settingsOpen() {
    var dialog = document.getElementById("reader-settings");
    return Boolean(dialog && dialog.open);
  }

  function onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || settingsOpen()) return;
    var key = event.key;
    if (key === "Escape" && state.active && !event.isComposing) { // from an answer box too
      claim(event);
      leave();
      return;
    }
    if (abh.isTyping(event.target) || event.isComposing) return;
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
    } else if (key === "t" && !event.shiftKey && hasNotes()) {
      claim(event);
      toggleNotes();
    } else if (key === "Home" || key === "End") {
      claim(event);
      go(key === "Home" ? 0 : state.count - 1);
    } else if (key === "f" || key === "s" || key === "/" || key === "," || key === ".") {
      claim(event); // Material's search and page keys: the search is hidden in slide mode
    }
  }

  function claim(event) {
    event.preventDefault();
    event.stopPropagation();
  }

  /** True when a touch began in something that scrolls sideways itself (a wide table, code). */
  function inSideScroller(target) {
    for (var node = target; node && node.nodeType === 1 && !node.classList.contains("md-content"); node = node.parentNode) {
      if (node.scrollWidth > node.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(node).overflowX)) return true;
    }
    return false;
  }

  var touch = null;
  function onTouchStart(event) {
    var point = event.touches[0];
    touch = state.active && event.touches.length === 1 && !inSideScroller(event.target) ? { x: point.clientX, y: point.clientY } : null;
  }

  /** A swipe to the left shows the next slide, to the right the previous one. */
  function onTouchEnd(event) {
    if (!touch || !state.active) return;
    var point = event.changedTouches[0];
    var dx = point.clientX - touch.x;
    var dy = point.clientY - touch.y;
    touch = null;
    if (Math.abs(dx) >= SWIPE_PIXELS && Math.abs(dx) > 2 * Math.abs(dy)) go(state.index + (dx < 0 ? 1 : -1));
  }

  var pending = null;
  function scheduleRefit() {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(refit);
  }

  /** An answer opened or closed on a slide changes its height: lay the slides out again and show the one that
      holds the block's summary, so that what opened is in view and never runs under the controls. */
  function onToggle(event) {
    var details = event.target;
    if (!state.active || details.tagName !== "DETAILS" || !article() || !article().contains(details)) return;
    var block = details;
    while (block.parentElement !== article()) block = block.parentElement;
    var from = details.getBoundingClientRect().top - block.getBoundingClientRect().top + block.scrollTop;
    layOutIfChanged(true);
    go(slideOf(block, from));
  }

  window.addEventListener("keydown", onKey, true);
  window.addEventListener("resize", scheduleRefit);
  document.addEventListener("toggle", onToggle, true); // toggle does not bubble: listen while it is captured
  window.addEventListener("touchstart", onTouchStart, { passive: true });
  window.addEventListener("touchend", onTouchEnd, { passive: true });
  window.addEventListener("load", scheduleRefit, true); // a picture in the article finished loading
  if (document.fonts && document.fonts.addEventListener) document.fonts.addEventListener("loadingdone", scheduleRefit);
  new MutationObserver(scheduleRefit).observe(document.documentElement, { attributes: true, attributeFilter: ["data-text-size"] });

  abh.onPage(function () {
    var requested = requestedSlide();
    if (state.active) {
      state.active = false; // a new page arrived: its article has not been marked yet
      removeControls();
      document.documentElement.removeAttribute("data-slides");
    }
    if (requested !== null) enter(requested, null);
    else document.documentElement.removeAttribute("data-slides-pending");
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(scheduleRefit);
  });
  abh.slides = { enter: enter, leave: leave, go: go, refit: refit, state: state };
})();
