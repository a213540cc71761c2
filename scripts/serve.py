"""Start the preview server (`make serve`), or say in one line why it cannot start.

    python scripts/serve.py [PORT]

A port that is taken is the usual reason: MkDocs would print a 30-line traceback, this prints one line. MkDocs
runs in this process, its live-reload script replaced by one the pages' Content Security Policy allows while
serving (see attention_site/live_reload.py).
"""

from __future__ import annotations

import os
import socket
import sys

HOST = "127.0.0.1"


def port_is_free(port: int) -> bool:
    """Tell whether nothing listens on HOST:port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((HOST, port))
        except OSError:
            return False
    return True


def main() -> None:
    """Check the port, then hand the process over to `mkdocs serve`."""
    text = sys.argv[1] if len(sys.argv) > 1 else "8000"
    if not text.isascii() or not text.isdigit() or not 1024 <= int(text) <= 65535:
        sys.exit(f"serve: PORT={text} is not a port number from 1024 to 65535")
    if not port_is_free(int(text)):
        sys.exit(f"serve: port {text} is in use (another `make serve`?); stop it, or run "
                 f"`make serve PORT={int(text) + 1}`")
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    serve_with_allowed_reload(f"{HOST}:{text}")


def serve_with_allowed_reload(address: str) -> None:
    """Run `mkdocs serve` in this process, its reload script written in the form the pages' policy allows while
    serving (attention_site.live_reload), so a saved edit reaches every open tab."""
    from mkdocs import livereload
    from mkdocs.__main__ import cli

    from attention_site.live_reload import with_reload_script

    def inject(server: livereload.LiveReloadServer, content: bytes, epoch: int) -> bytes:
        return with_reload_script(content, epoch, livereload._timestamp())

    livereload.LiveReloadServer._inject_js_into_html = inject  # type: ignore[method-assign]
    # --dirty: a saved page rebuilds that page only; the hooks rebuild every page when the engine, an example or
    # mkdocs.yml changed, so no page is ever left stale.
    cli.main(args=["serve", "--livereload", "--dirty", "-a", address], prog_name="mkdocs")

if __name__ == "__main__":
    main()
