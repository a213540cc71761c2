"""One module per worked example; importing them fills the registry."""

from __future__ import annotations
