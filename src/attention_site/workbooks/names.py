"""Which examples have a workbook, what the files are called, and how a workbook's layout is registered.

An example has a workbook when `books/` holds a module named after it (`books/kv_cache.py` for `kv-cache`) whose
layout function carries `@workbook(EXAMPLE)`. The names a page's links need are read off the folder without
importing a book (books load openpyxl and NumPy); `build.WORKBOOKS` imports them and holds the layouts.
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from attention_core.examples.base import Example

    from .layout import Book

BOOKS = Path(__file__).resolve().parent / "books"
Layout = TypeVar("Layout", bound="Callable[[Any], Book]")


@dataclass(frozen=True)
class Workbook:
    """One example with a workbook: the example as the site uses it and the function laying it out."""

    example: Example
    layout: Callable[[Any], Book]


LAYOUTS: dict[str, Workbook] = {}  # filled as the modules of books/ load: read it through build.WORKBOOKS


def book_module(example_key: str) -> str:
    """The module of books/ that lays out an example's workbook: `kv-cache` -> `kv_cache`."""
    return example_key.replace("-", "_")


def examples_with_workbooks() -> tuple[str, ...]:
    """The key of every example with a workbook, in name order: one a module of books/ (`kv_cache` -> `kv-cache`)."""
    return tuple(sorted(info.name.replace("_", "-") for info in pkgutil.iter_modules([str(BOOKS)])))


def workbook(example: Example) -> Callable[[Layout], Layout]:
    """Register the decorated function as the layout of `example`'s workbook; it must live in books/, in the
    module named after the example, so that the links know of it without importing it."""

    def register(layout: Layout) -> Layout:
        module = layout.__module__.rpartition(".")[2]
        if module != book_module(example.name):
            raise ValueError(f"the workbook of '{example.name}' is laid out in books/{module}.py; "
                             f"accepted: books/{book_module(example.name)}.py, the module named after it")
        LAYOUTS[example.name] = Workbook(example, layout)
        return layout

    return register


def file_names(example_key: str) -> tuple[str, str]:
    """The model's and the practice copy's file names: `red-ball-rolls.xlsx`, `red-ball-rolls-practice.xlsx`."""
    return f"{example_key}.xlsx", f"{example_key}-practice.xlsx"


EXAMPLES_WITH_WORKBOOKS = examples_with_workbooks()
