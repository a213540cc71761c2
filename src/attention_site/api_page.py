"""The API page of `attention_core`, generated from its signatures and docstrings.

Nothing here runs code from a page: it reads the docstrings and signatures of `attention_core`'s public names.
The reference's `attn:block reference api` (`directives/entries/reference.py`) shows it.
"""

from __future__ import annotations

import functools
import html
import inspect
from collections.abc import Callable

import attention_core
from attention_core.examples import defined_examples, example_modules

# The core's modules about what surrounds attention (training it, the model around it, running it), shown on a page
# of their own: one page of every public name weighed more than a page's budget of HTML (tests/test_site.py).
AROUND_ATTENTION = frozenset({"gradients", "inference", "language_model", "learning", "sampling"})
PARTS = ("core", "around", "examples")  # the pages: attention itself; training, the model and inference; examples


def api_page(part: str) -> str:
    """The Markdown of one page of the API: `core`, the package's introduction and the public names of attention
    itself; `around`, those of the modules in AROUND_ATTENTION; `examples`, the worked examples' inputs."""
    public = {name: (getattr(attention_core, name), "") for name in attention_core.__all__
              if page_of(getattr(attention_core, name)) == part}
    if part == "examples":
        public |= each_example()
    sections = [module_summary()] if part == "core" else []
    for name in sorted(public, key=str.lower):
        obj, module = public[name]
        sections.append(api_section(name, obj, module))
    return "\n\n".join(sections)


def each_example() -> dict[str, tuple[object, str]]:
    """Every example's constant and class, with the module that holds them (`attention_core.examples.kv_cache`)."""
    found: dict[str, tuple[object, str]] = {}
    for module_name in example_modules():
        module = f"{attention_core.__name__}.examples.{module_name}"
        for constant, example in defined_examples(module_name).items():
            found[constant] = (example, module)
            found[type(example).__name__] = (type(example), module)
    return found


def page_of(obj: object) -> str:
    """Which page of the API shows a public name of the package: the page of the module that defines it."""
    if is_example_input(obj):
        return "examples"
    return "around" if defining_module(obj).rsplit(".", 1)[-1] in AROUND_ATTENTION else "core"


def defining_module(obj: object) -> str:
    """The module that defines a class, a function or (by its type) a constant."""
    return (obj if inspect.isclass(obj) or inspect.isfunction(obj) else type(obj)).__module__


def is_example_input(obj: object) -> bool:
    """Whether a public name is part of the worked examples' inputs (attention_core.examples): a class or instance."""
    return defining_module(obj).startswith(f"{attention_core.__name__}.examples")


def module_summary() -> str:
    """The package docstring, as the page's introduction."""
    return inspect.cleandoc(attention_core.__doc__ or "")


def api_section(name: str, obj: object, module: str = "") -> str:
    """One public name: its signature (for functions and classes) and its docstring, as written; for a class, its
    own properties and methods too; for a name not at the package's top, the module that holds it."""
    heading = f"## `{name}`" + (f"\n\nIn `{module}`." if module else "")
    if inspect.isfunction(obj) or inspect.isclass(obj):
        doc = inspect.getdoc(obj) or "(no docstring)"
        parts = [heading, preformatted(compact_signature(name, obj)), preformatted(doc)]
        members = member_texts(obj) if inspect.isclass(obj) else []
        if members:
            parts += ["Properties and methods:", preformatted("\n".join(members))]
        return "\n\n".join(parts)
    return "\n\n".join([heading, f"A constant: `{type(obj).__name__}`."])


def member_texts(cls: type) -> list[str]:
    """The public properties and methods a class defines itself, in source order, each as `.name` or
    `.name(parameters) -> returns` with its docstring indented below (AttentionResult.S, KVCache.append)."""
    texts = []
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(member, property | functools.cached_property):
            shown, doc = f".{name}", inspect.getdoc(member)
        elif inspect.isfunction(member) or isinstance(member, classmethod | staticmethod):
            function = member if inspect.isfunction(member) else member.__func__
            bound = not isinstance(member, staticmethod)  # self or cls is not shown
            shown, doc = compact_signature(f".{name}", function, bound), inspect.getdoc(function)
        else:
            continue
        texts.append(shown + "".join(f"\n    {line}" if line else "\n" for line in (doc or "").splitlines()))
    return texts


def preformatted(text: str) -> str:
    """Text shown as written, in a plain <pre> block: never read as Markdown, and without the per-line anchors and
    colour spans a fenced block gets (which made the page 33 KB gzip). No <code> inside: Material's bundle gives
    every `pre > code` a copy button and a size watcher as it starts, 168 of them on the API page (a phone's main
    thread blocked longest there); reader.css draws `pre.abh-text` as a code block and reader.js makes it
    scrollable with the keyboard when it is wider than the column (`scroll-box`)."""
    return f'<pre class="abh-text scroll-box">{html.escape(text, quote=False)}</pre>'


ONE_LINE = 88  # a signature longer than this shows one parameter a line
LONG_DEFAULT = 40  # a default written longer than this (an example's inputs) is cut, with "…"


class Written:
    """A value that `inspect` prints as the given text (an annotation without quotes, a default cut short)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def compact_signature(name: str, obj: Callable[..., object], bound: bool = False) -> str:
    """The call signature as a reader scans it: annotations without quotes, long defaults cut short, and one
    parameter a line when it would not fit on one; `bound` leaves out a method's first parameter (self, cls)."""
    signature = inspect.signature(obj)
    parts = parameter_texts(list(signature.parameters.values())[bound:])
    returns = signature.return_annotation
    arrow = "" if returns is inspect.Signature.empty or inspect.isclass(obj) else f" -> {annotation_text(returns)}"
    one_line = f"{name}({', '.join(parts)}){arrow}"
    if len(one_line) <= ONE_LINE:
        return one_line
    return f"{name}(\n" + "".join(f"    {part},\n" for part in parts) + f"){arrow}"


def parameter_texts(parameters: list[inspect.Parameter]) -> list[str]:
    """Each parameter as written in a def, with the `/` and `*` markers where Python would print them."""
    kinds = [parameter.kind for parameter in parameters]
    parts: list[str] = []
    for at, parameter in enumerate(parameters):
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY and inspect.Parameter.VAR_POSITIONAL not in kinds \
                and inspect.Parameter.KEYWORD_ONLY not in kinds[:at]:
            parts.append("*")
        parts.append(str(shown_parameter(parameter)))
        last_positional_only = inspect.Parameter.POSITIONAL_ONLY not in kinds[at + 1:]
        if parameter.kind is inspect.Parameter.POSITIONAL_ONLY and last_positional_only:
            parts.append("/")
    return parts


def shown_parameter(parameter: inspect.Parameter) -> inspect.Parameter:
    """The parameter with its annotation unquoted and its default cut to LONG_DEFAULT characters."""
    if parameter.annotation is not inspect.Parameter.empty:
        parameter = parameter.replace(annotation=Written(annotation_text(parameter.annotation)))
    if parameter.default is not inspect.Parameter.empty:
        default = repr(parameter.default)
        parameter = parameter.replace(default=Written(cut_short(default)))
    return parameter


def cut_short(written: str) -> str:
    """A default as written, cut after its last ", " within LONG_DEFAULT characters (or at the limit), with "…"."""
    if len(written) <= LONG_DEFAULT:
        return written
    head = written[:LONG_DEFAULT - 1]
    return (head[:head.rfind(", ") + 2] if ", " in head else head) + "…"


def annotation_text(annotation: object) -> str:
    """An annotation as written in the source (they are strings under `from __future__ import annotations`)."""
    return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)
