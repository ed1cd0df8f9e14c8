"""What this Python can do that the engines' helpers rely on.

>>> has_processes() in (True, False)
True
"""

from __future__ import annotations

import sys

NO_PROCESSES = ("emscripten", "wasi")
"""WebAssembly platforms: no worker processes (Pyodide in JupyterLite, WASI)."""


def has_processes() -> bool:
    """Whether worker processes can be started here (not under WebAssembly)."""
    return sys.platform not in NO_PROCESSES
