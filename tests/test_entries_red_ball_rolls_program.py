"""Tests for the code page's printed output (entries/red_ball_rolls/program.py)."""

from __future__ import annotations

import textwrap

import pytest

from attention_site.directives import DirectiveError, expand_directives


def test_program_output_block_reads_like_a_terminal() -> None:
    """Assert the block prints A and O with four decimals, one labelled line per token."""
    rendered = expand_directives("<!-- attn:block red-ball-rolls program-output -->", "docs/x.md")
    assert rendered == textwrap.dedent("""
        ```text
        A: weights (rows are queries, columns are keys)
          red     1.0000  0.0000  0.0000
          ball    0.5000  0.5000  0.0000
          rolls   0.2500  0.5000  0.2500
        O = A V: one output row per token
          red     1.0000  0.0000
          ball    0.5000  1.0000
          rolls   0.5000  1.2500
        ```
        """)


def test_block_must_stand_alone() -> None:
    """Assert the block inside a sentence stops with page:line."""
    with pytest.raises(DirectiveError, match=r"docs/x\.md:1: attn:block must stand alone on its line"):
        expand_directives("see <!-- attn:block red-ball-rolls program-output --> here", "docs/x.md")
