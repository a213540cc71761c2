"""attention_site: the build-time engine of "Attention by Hand".

- `attention_site.directives`: finds `<!-- attn:... -->` directives in a page's Markdown, computes them with
  `attention_core` and writes Markdown (tables, values, LaTeX, figures); errors read `page:line`.
- `attention_site.mathml`: LaTeX to MathML, so readers load no math JavaScript.
- `attention_site.figures`: SVG pictures drawn from the same numbers.
- `attention_site.pipeline`: a page's stages in their one order (safety, expand, leftovers, tables, MathML,
  head), which both routes below call.
- `attention_site.mkdocs_hooks`: the MkDocs adapter, loaded through the one-line hook file in `hooks/`.
- `attention_site.extension`: the same pipeline as a Python-Markdown extension, for builds that run extensions
  but not MkDocs hooks (Zensical).

None of these but the MkDocs adapter imports MkDocs. This module imports nothing, so that the adapter can
reload every other part without reloading itself.
"""
