"""Sphinx configuration for cardtable's API reference (built by tests/test_docs.py with warnings
as errors: ``python -m sphinx -W -b html docs/api docs/api/_build``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

import cardtable

project = "cardtable"
author = "cardtable developers"
release = version = cardtable.__version__
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.viewcode"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path: list[str] = []
suppress_warnings = ["ref.python"]  # several classes of the same name (Move) in two games
