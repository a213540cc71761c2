"""A page's HTML after Markdown: its tables boxed (`page_body`), its head (`page_head`: the Content Security Policy
and the sharing tags), what it loads (`page_assets`, with Material's stylesheets trimmed by `css_trim`), and stage 6
of the pipeline on the whole document (`document`). Pure functions on text; none imports the engine."""
