"""Program listings bound to the example they teach: read without running, their inputs checked, then shown.

A page shows a program of `docs/programs/` through an entry (`<!-- attn:block bus-is-late one-token-program -->`)
instead of a snippet include. The entry names the program's input variables and the example values they
must equal; the build reads the file, evaluates only those assignments with a tiny evaluator of literals
and a few NumPy constructors (nothing is executed), and stops with the program's line when one differs.
What the program prints is rendered from the core by its own entry, and a test runs the program and
compares the two, so the listing, its inputs and its printout cannot drift apart.
"""

from __future__ import annotations

import ast
import io
import math
import operator
import re
import tokenize
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np

from ..build_cache import read_input
from ..project import project_folder
from .errors import DirectiveError, quoted
from .listing_shapes import check_shapes
from .shown import MarkdownBlock

PROGRAMS = "docs/programs"
MAX_EYE = 1_024  # the largest np.eye(n) an input may make
OPERATORS: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
}
NUMPY_CALLS: dict[str, Callable[..., object]] = {
    "array": np.array, "eye": np.eye, "log": math.log, "sqrt": math.sqrt, "exp": math.exp,
}


def project_root() -> Path:
    """The project folder: the one that holds mkdocs.yml and `docs/programs`."""
    try:
        root = project_folder()
    except FileNotFoundError as error:
        raise DirectiveError(str(error)) from None
    if not (root / PROGRAMS).is_dir():
        raise DirectiveError(f"the programs folder {PROGRAMS}/ is not beside the project's mkdocs.yml")
    return root


def listing(file: str, inputs: Mapping[str, object], title: str | None = None) -> MarkdownBlock:
    """The program `docs/programs/FILE` as a fenced block, after checking each named input against the example."""
    path = f"{PROGRAMS}/{file}"
    text = read_input(project_root() / path)
    assigned = top_level_assignments(text, path)
    problems = []
    for name, expected in inputs.items():
        if name not in assigned:
            raise DirectiveError(f"{path} no longer assigns '{name}' at its top level; the page checks it against "
                                 "the example")
        line, node = assigned[name]
        problems += collected(check_input, path, line, name, evaluated(node, path, line), expected)
    problems += collected(check_prose, path, text, inputs) + collected(check_shapes, path, text, inputs)
    if problems:  # every stale input and sentence of the program at once, not one per build
        raise DirectiveError("; and ".join(problems))
    return MarkdownBlock(f'```python title="{title or file}"\n{text.rstrip()}\n```')


def top_level_assignments(text: str, path: str) -> dict[str, tuple[int, ast.expr]]:
    """The module-level `name = value` statements of a program: name -> (line, value expression)."""
    try:
        tree = ast.parse(text, filename=path)
    except SyntaxError as error:
        raise DirectiveError(f"{path}:{error.lineno}: the program does not parse: {error.msg}") from None
    except (RecursionError, MemoryError):  # an expression nested thousands deep
        raise DirectiveError(f"{path}:1: the program nests an expression too deeply to be read; write it "
                             "in steps") from None
    return {
        node.targets[0].id: (node.lineno, node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
    }


def evaluated(node: ast.expr, path: str, line: int) -> object:
    """An input's value (`literal_value`), or the program's line saying why it has none (a division by zero, a
    logarithm of 0, a list where NumPy wants a number)."""
    try:
        return literal_value(node, path, line)
    except DirectiveError:  # a form the evaluator does not read, said at its line already
        raise
    except (ArithmeticError, ValueError, TypeError, RecursionError) as error:
        raise DirectiveError(f"{path}:{line}: the input does not evaluate ({type(error).__name__}: "
                             f"{quoted(str(error))}); write it with numbers the example has") from None


def literal_value(node: ast.expr, path: str, line: int) -> object:
    """Evaluate a literal, arithmetic on literals, or `np.array/eye/log/sqrt/exp(...)`; refuse anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float | str):
        return node.value
    if isinstance(node, ast.List | ast.Tuple):
        return [literal_value(item, path, line) for item in node.elts]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = literal_value(node.operand, path, line)
        return -value if isinstance(node.op, ast.USub) else value  # type: ignore[operator]
    if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
        left, right = number(literal_value(node.left, path, line)), number(literal_value(node.right, path, line))
        return OPERATORS[type(node.op)](left, right)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "np" and node.func.attr in NUMPY_CALLS and not node.keywords):
        arguments = [literal_value(arg, path, line) for arg in node.args]
        if node.func.attr == "eye" and not all(isinstance(size, int) and 0 < size <= MAX_EYE for size in arguments):
            raise ValueError(f"np.eye takes sizes from 1 to {MAX_EYE}")
        return NUMPY_CALLS[node.func.attr](*arguments)
    raise DirectiveError(f"{path}:{line}: an input must be written with literals, arithmetic and "
                         "np.array/eye/log/sqrt/exp, so that the build can check it without running the program")


def number(value: object) -> float:
    """A value arithmetic may take: a number (a list or a text times a number would be a list or text of any
    length)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"arithmetic takes numbers, not {quoted(shown(value), 40)}")
    return value


def check_input(path: str, line: int, name: str, found: object, expected: object) -> None:
    """Stop when a program's input differs from the example's value."""
    texts = words(expected)
    same = texts == found if texts is not None else same_numbers(expected, found)
    if not same:
        raise DirectiveError(f"{path}:{line}: the program sets {name} = {shown(found)}, but the example has "
                             f"{shown(expected)}; change the program to match the example")


def words(value: object) -> object:
    """A list of words, or a list of such lists (a batch's sequences), as nested lists; None for anything else."""
    if isinstance(value, str):
        return value
    if isinstance(value, tuple | list) and value:
        items = [words(item) for item in value]
        return None if any(item is None for item in items) else items
    return None


def same_numbers(expected: object, found: object) -> bool:
    """Whether a program's value is the example's array of numbers (a text or a ragged list is not)."""
    try:
        want, got = np.asarray(expected, dtype=float), np.asarray(found, dtype=float)
    except (ValueError, TypeError):
        return False
    return want.shape == got.shape and bool(np.allclose(want, got, rtol=0, atol=1e-12))


def collected(check: Callable[..., None], *args: object) -> list[str]:
    """The message of the DirectiveError a check raises, as a list (empty when it passes)."""
    try:
        check(*args)
    except DirectiveError as error:
        return [error.message]
    return []


def prose_lines(text: str) -> list[tuple[int, str]]:
    """(line, text) of every comment and docstring line of a program: the prose a reader takes as true."""
    lines = [(token.start[0], token.string) for token in tokenize.generate_tokens(io.StringIO(text).readline)
             if token.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef):
            continue
        doc = ast.get_docstring(node)
        if doc:
            first = node.body[0].lineno
            lines += [(first + i, line) for i, line in enumerate(doc.split("\n"))]
    return sorted(lines)


def check_prose(path: str, text: str, inputs: Mapping[str, object]) -> None:
    """Stop when a comment or docstring states an input's value that is not the example's: `seed-9` or
    `seed = 9` for a whole-number input, `two-head` for `heads`, or suggests setting an input to the value it has."""
    for line, prose in prose_lines(text):
        for name, expected in inputs.items():
            for said in stated_values(prose, name):
                if isinstance(expected, int) and said != expected:
                    raise DirectiveError(f"{path}:{line}: the program's prose says {name} {said}, but the example has "
                                         f"{expected}; change the comment or docstring to match")
            suggestion = re.search(rf"\bset {re.escape(name)} = (\[[^\]]*\]|-?[0-9.]+)", prose)
            if suggestion and same_value(suggestion[1], expected):
                raise DirectiveError(f"{path}:{line}: the program suggests setting {name} = {suggestion[1]}, which "
                                     "is already the example's value; suggest another")


def stated_values(prose: str, name: str) -> list[int]:
    """The whole numbers a line of prose gives `name`: `seed-9`, `seed 9`, `seed = 9`, and for `heads` `two-head`."""
    said = [int(value) for value in re.findall(rf"\b{re.escape(name)}(?:-| = | )([0-9]+)\b", prose)]
    if name == "heads":
        said += [NUMBER_WORDS.index(word.lower()) for word in re.findall(r"\b([A-Za-z]+)-head\b", prose)
                 if word.lower() in NUMBER_WORDS]
    return said


def same_value(written: str, expected: object) -> bool:
    """Whether a value a comment writes (`[0, 1]`, `2`) equals the example's."""
    try:
        found = ast.literal_eval(written)
        return bool(np.array_equal(np.asarray(found, dtype=float), np.asarray(expected, dtype=float)))
    except (ValueError, SyntaxError, TypeError):
        return False


NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def shown(value: object) -> str:
    """A value for a message: arrays as nested lists with short decimals, cut short when long."""
    if isinstance(value, np.ndarray | list) and not all(isinstance(item, str) for item in value):
        rounded = np.round(np.asarray(value, dtype=float), 4)
        value = rounded.astype(int).tolist() if np.all(rounded == np.round(rounded)) else rounded.tolist()
    text = str(value)
    return text if len(text) <= 120 else text[:120] + "…"
