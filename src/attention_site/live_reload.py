"""The preview's live reload, in a form the pages' Content Security Policy can allow while serving only.

`mkdocs serve` writes its reload script into every page it serves with the page's build number and a request
number inside the code, so no hash could name it ahead of time, and the policy blocks it: a saved edit never
reached an open tab. `scripts/serve.py` (`make serve`) has MkDocs write `RELOAD_SCRIPT` instead, the same
polling with both numbers read from the tag's data attributes: its text never changes, and the pages built while
serving allow it by hash (`document.secured`). A built site never holds it, nor its hash.
"""

from __future__ import annotations

# MkDocs' own poller (mkdocs/livereload/__init__.py), with its two numbers taken from the tag.
RELOAD_SCRIPT = """(function () {
  var tag = document.currentScript, epoch = Number(tag.dataset.epoch), request = tag.dataset.request;
  var poll, timeout;
  function ask() {
    poll = new XMLHttpRequest();
    poll.onloadend = function () {
      if (parseFloat(this.responseText) > epoch) location.reload();
      else timeout = setTimeout(ask, this.status === 200 ? 0 : 3000);
    };
    poll.open("GET", "/livereload/" + epoch + "/" + request);
    poll.send();
  }
  function stop() {
    if (poll) poll.abort();
    if (timeout) clearTimeout(timeout);
    poll = timeout = undefined;
  }
  window.addEventListener("load", function () { if (document.visibilityState === "visible") ask(); });
  window.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") ask(); else stop();
  });
  window.addEventListener("beforeunload", stop);
})();"""


def with_reload_script(content: bytes, epoch: int, request: int) -> bytes:
    """A served page with the reload script at the end of its body, its numbers as data attributes."""
    end = content.rfind(b"</body>")
    end = len(content) if end < 0 else end
    tag = f'<script data-epoch="{epoch:d}" data-request="{request:d}">{RELOAD_SCRIPT}</script>'.encode()
    return content[:end] + tag + content[end:]
