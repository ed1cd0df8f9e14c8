"""Where the front end's bundle lies: the esbuild output, one ``.js`` and one ``.css`` per
table. The widgets load it into the notebook; a served table's page loads the same files (so
the server need not import the widgets, nor Jupyter).

>>> sorted(path.name for path in STATIC.glob("tripeaks.*"))
['tripeaks.css', 'tripeaks.js']
"""

from __future__ import annotations

import pathlib

STATIC = pathlib.Path(__file__).parent / "static"
"""The esbuild output: one ``.js`` and one ``.css`` per table."""
