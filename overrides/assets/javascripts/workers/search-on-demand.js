/* Material's search worker, started only when a reader opens the search.
   Material creates its worker on every page load and sends it the search index, which it fetches at once.
   The site serves Material a small index (its configuration, no documents) and names this file as the
   worker (src/attention_site/postprocess/page_assets.py): it answers "ready" at once, so the search box works, and
   only when the reader focuses the search (a message on the "search-on-demand" channel, from reader.js)
   or types a query does it fetch the documents and load Material's own worker beside it (?worker=NAME),
   which then answers every message. Queries asked in the meantime are answered once its index is built. */
(function () {
  "use strict";
  var SETUP = 0, READY = 1, QUERY = 2;
  var here = new URL(self.location.href);
  var worker = new URL(here.searchParams.get("worker"), here).href;
  var documents = new URL(here.searchParams.get("documents"), here).href;
  var setup = null;
  var queued = [];
  var state = "waiting"; // then "loading", then "started" (Material's worker answers)
  var wanted = false; // the reader opened the search before the page had set it up
  var post = self.postMessage.bind(self);

  /** Hand a message to Material's worker, as if it had come from the page. */
  function deliver(data) {
    self.dispatchEvent(new MessageEvent("message", { data: data }));
  }

  function start() {
    wanted = true;
    if (state !== "waiting" || !setup) return;
    state = "loading";
    fetch(documents).then(function (response) {
      if (!response.ok) throw new Error("search documents: HTTP " + response.status);
      return response.json();
    }).then(function (index) {
      // Material's worker says "ready" once more when its index is built: the page heard it already,
      // so that is kept back, and the queries asked meanwhile go in then.
      self.postMessage = function (message) {
        if (!message || message.type !== READY) return post(message);
        queued.forEach(deliver);
        queued = [];
      };
      importScripts(worker);
      state = "started";
      deliver({ type: SETUP, data: { config: setup.config, docs: index.docs, options: setup.options } });
    }).catch(function (error) {
      state = "waiting";
      console.error(error);
    });
  }

  self.addEventListener("message", function (event) {
    if (state === "started") return; // Material's own listener answers
    var message = event.data;
    if (message.type === SETUP) {
      setup = message.data;
      post({ type: READY });
      if (wanted) start();
    } else if (message.type === QUERY) {
      queued = [message]; // only the latest query matters
      if (message.data) start();
    }
  });

  if (self.BroadcastChannel) {
    new BroadcastChannel("search-on-demand").onmessage = start;
  }
})();
