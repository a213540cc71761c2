"""The MkDocs adapter's rooms, one concern each; `attention_site.mkdocs_hooks` holds the events that call them.

Nothing here is reloaded while serving (see `reload`), and nothing here computes a page: that is the page
pipeline's (`attention_site.pipeline`).
"""
