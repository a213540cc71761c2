"""Shape comments of a program listing, checked against the shapes its example's arrays give.

A listing writes the shape at the end of each matmul line, as nanoGPT does (`Q = X @ W_q  # (3, 3) x (3, 1) ->
(3, 1)`). Those numbers are the example's sizes, so they go stale when the example changes. The build works the
shapes out without running anything: each input the listing's entry checks takes the shape of the example's array,
and a small reading of the program's top-level assignments carries shapes through `@`, `.T`, arithmetic,
`np.exp`/`np.where`/`np.tril` and `.sum(axis=..., keepdims=True)`. A comment whose shapes are not those stops the
build at the program's line; a shape comment on a line whose shape cannot be worked out stops it too.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Mapping

import numpy as np

from .errors import DirectiveError

Shape = tuple[int, ...]
RE_NAMED_SHAPE = re.compile(r"\(([A-Za-z_]\w*(?:,\s*[A-Za-z_]\w*)*)\)\s*=\s*\(\d")  # (n, d_model) = (3, 3)
RE_STATED_SIZE = re.compile(r"\b([A-Za-z_]\w*) = (\d+)\b")  # d_k = 1
RE_SHAPE = re.compile(r"\((\d+(?:,\s*\d+)*)\)")  # (3, 1): a shape written with numbers only, not (n, d_model)
ELEMENTWISE = ("exp", "log", "sqrt", "tril", "triu", "abs")  # NumPy functions that keep their argument's shape
REDUCTIONS = ("sum", "max", "min", "mean")


def check_shapes(path: str, text: str, inputs: Mapping[str, object]) -> None:
    """Stop at each program line whose shape comment differs from the shapes the example's inputs give."""
    comments = {token.start[0]: token.string for token in tokenize.generate_tokens(io.StringIO(text).readline)
                if token.type == tokenize.COMMENT}
    shapes = input_shapes(inputs)
    problems: list[str] = []
    sizes: dict[str, int] = {}  # what the comments name the sizes: `(n, d_model) = (3, 3)` beside X names n, d_model
    for statement in ast.parse(text).body:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        targets = target_names(statement.targets[0])
        values = statement.value.elts if isinstance(statement.value, ast.Tuple) and len(targets) > 1 else [
            statement.value]
        worked = [shapes[name] if name in inputs and name in shapes else shape_of(value, shapes)
                  for name, value in zip(targets, values * len(targets) if len(values) == 1 else values, strict=False)]
        shapes.update((name, shape) for name, shape in zip(targets, worked, strict=False) if shape is not None)
        comment = comments.get(statement.end_lineno or statement.lineno, "")
        if RE_SHAPE.search(comment):
            problems += stale_comment(path, statement, comment, dict(zip(targets, worked, strict=False)), shapes)
        named = RE_NAMED_SHAPE.search(comment)
        if named and len(worked) == 1 and worked[0] is not None and len(named[1].split(",")) == len(worked[0]):
            sizes.update(zip((symbol.strip() for symbol in named[1].split(",")), worked[0], strict=True))
    problems += stale_sizes(path, text, comments, sizes)
    if problems:
        raise DirectiveError("; and ".join(problems))


def stale_sizes(path: str, text: str, comments: dict[int, str], sizes: dict[str, int]) -> list[str]:
    """A message for each size the docstring or a comment states (`d_k = 1`) that is not the size the example's
    arrays give the symbol the shape comments name."""
    module = ast.parse(text)
    doc = ast.get_docstring(module, clean=False) or ""
    first = module.body[0].lineno if doc else 0
    lines = [(first + i, line) for i, line in enumerate(doc.split("\n"))] if doc else []
    problems = []
    for line, prose in sorted([*lines, *comments.items()]):
        for symbol, said in RE_STATED_SIZE.findall(prose):
            if symbol in sizes and int(said) != sizes[symbol]:
                problems.append(f"{path}:{line}: the program's prose says {symbol} = {said}, but the example's "
                                f"arrays give {sizes[symbol]}; change the comment or docstring to match")
    return problems


def input_shapes(inputs: Mapping[str, object]) -> dict[str, Shape]:
    """The shape of each numeric input, from the example's array (tokens and other texts have none)."""
    shapes = {}
    for name, value in inputs.items():
        try:
            shapes[name] = tuple(np.asarray(value, dtype=float).shape)
        except (ValueError, TypeError):
            continue
    return shapes


def target_names(target: ast.expr) -> list[str]:
    """The names an assignment binds: `Q` or `Q, K, V` (anything else binds nothing checked)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple) and all(isinstance(item, ast.Name) for item in target.elts):
        return [item.id for item in target.elts]  # type: ignore[attr-defined]
    return []


def stale_comment(path: str, statement: ast.Assign, comment: str, worked: dict[str, Shape | None],
                  shapes: dict[str, Shape]) -> list[str]:
    """The messages for one commented line: its result shape, and a matmul's operands when written `a x b -> c`."""
    line = statement.end_lineno or statement.lineno
    before, arrow, after = comment.partition("->")
    said = [parsed(match) for match in RE_SHAPE.findall(after if arrow else comment)]
    problems = []
    for name, shape in worked.items() if "each" in comment or len(worked) == 1 else ():
        if shape is None:
            problems.append(f"{path}:{line}: the comment gives {name} a shape, but the build cannot work out {name}'s "
                            f"shape from the example's inputs; write the line with @, .T, arithmetic or np.exp/where")
        elif said and said[0] != shape:
            problems.append(f"{path}:{line}: the comment says {name} is {written(said[0])}, but the example's inputs "
                            f"give {written(shape)}; change the comment to match")
    product = first_matmul(statement.value)
    operands = [parsed(match) for match in RE_SHAPE.findall(before)] if arrow else []
    if product is not None and len(operands) == 2:
        actual = [shape_of(product.left, shapes), shape_of(product.right, shapes)]
        if operands != actual:
            problems.append(f"{path}:{line}: the comment multiplies {written(operands[0])} x {written(operands[1])}, "
                            f"but the example's inputs give {' x '.join(map(written, actual))}; change the comment")
    return problems


def parsed(match: str) -> Shape:
    """`3, 1` as (3, 1)."""
    return tuple(int(part) for part in match.split(","))


def written(shape: Shape | None) -> str:
    """A shape as the comments write it: `(3, 1)`."""
    return "an unknown shape" if shape is None else "(" + ", ".join(map(str, shape)) + ")"


def first_matmul(node: ast.expr) -> ast.BinOp | None:
    """The first `a @ b` in an expression, outermost first."""
    return next((item for item in ast.walk(node) if isinstance(item, ast.BinOp)
                 and isinstance(item.op, ast.MatMult)), None)


def shape_of(node: ast.expr, shapes: dict[str, Shape]) -> Shape | None:
    """The shape of an expression from the shapes of the names it uses, or None when it cannot be read."""
    if isinstance(node, ast.Name):
        return shapes.get(node.id)
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return ()
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "np":
        return () if node.attr in ("inf", "pi", "e") else None  # -np.inf: a number
    if isinstance(node, ast.Attribute) and node.attr == "T":
        inner = shape_of(node.value, shapes)
        return None if inner is None else inner[::-1]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
        return ()  # X.shape[1]: a number
    if isinstance(node, ast.UnaryOp):
        return shape_of(node.operand, shapes)
    if isinstance(node, ast.BinOp):
        left, right = shape_of(node.left, shapes), shape_of(node.right, shapes)
        return matmul(left, right) if isinstance(node.op, ast.MatMult) else broadcast(left, right)
    if isinstance(node, ast.Call):
        return call_shape(node, shapes)
    return None


def call_shape(node: ast.Call, shapes: dict[str, Shape]) -> Shape | None:
    """The shape of `np.f(...)` or of a reduction `x.sum(axis=1, keepdims=True)`."""
    if not isinstance(node.func, ast.Attribute):
        return None
    owner, name = node.func.value, node.func.attr
    if isinstance(owner, ast.Name) and owner.id == "np":
        return numpy_shape(name, node.args, shapes)
    if name in REDUCTIONS:
        return reduced(shape_of(owner, shapes), {k.arg: k.value for k in node.keywords})
    return None


def numpy_shape(name: str, args: list[ast.expr], shapes: dict[str, Shape]) -> Shape | None:
    """The shape `np.NAME(args)` gives."""
    if name in ("array", *ELEMENTWISE) and len(args) == 1:
        return shape_of(args[0], shapes)
    if name == "where" and len(args) == 3:
        return broadcast(shape_of(args[1], shapes), shape_of(args[2], shapes))
    if name == "ones" and args and isinstance(args[0], ast.Attribute) and args[0].attr == "shape":
        return shape_of(args[0].value, shapes)
    if name == "eye" and len(args) == 1 and isinstance(args[0], ast.Constant) and isinstance(args[0].value, int):
        return (args[0].value, args[0].value)
    return None


def reduced(shape: Shape | None, keywords: dict[str | None, ast.expr]) -> Shape | None:
    """The shape of a reduction along `axis=`, kept as 1 with `keepdims=True`."""
    axis, keep = keywords.get("axis"), keywords.get("keepdims")
    if shape is None or not (isinstance(axis, ast.Constant) and isinstance(axis.value, int)):
        return None
    kept = isinstance(keep, ast.Constant) and keep.value is True
    index = axis.value % len(shape) if shape else 0
    return tuple(1 if i == index else n for i, n in enumerate(shape)) if kept else shape[:index] + shape[index + 1:]


def matmul(left: Shape | None, right: Shape | None) -> Shape | None:
    """The shape of `a @ b` for matrices whose inner sizes agree."""
    if left is None or right is None or len(left) != 2 or len(right) != 2 or left[1] != right[0]:
        return None
    return (left[0], right[1])


def broadcast(left: Shape | None, right: Shape | None) -> Shape | None:
    """The shape NumPy broadcasts two shapes to, or None when they do not broadcast."""
    if left is None or right is None:
        return None
    try:
        return tuple(np.broadcast_shapes(left, right))
    except ValueError:
        return None
