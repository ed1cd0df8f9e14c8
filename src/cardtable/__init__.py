"""cardtable: Tri-Peaks and Stoeptegel as exact rules engines and live Jupyter tables.

The engines (``cardtable.tripeaks``, ``cardtable.stoeptegel``) import only the standard library;
the widgets are loaded lazily so that a script, a bot or a solver worker never imports anywidget.

>>> from cardtable import Card, IllegalMove
>>> Card.parse("AS").rank
1
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from .cards import Card
from .errors import IllegalMove
from .outcome import Outcome, Termination

__version__ = "0.1.0"
__all__ = [
    "Card",
    "IllegalMove",
    "Outcome",
    "StoeptegelWidget",
    "Termination",
    "TriPeaksWidget",
    "__version__",
    "history",
    "review",
    "serve",
]

# A library's logger gets a NullHandler and nothing else: without one, Python's last-resort
# handler would print cardtable's warnings to stderr, which in a kernel is the notebook's output.
# Records may name hidden cards (a bot's failure): shown only where the user turns logging on.
logging.getLogger("cardtable").addHandler(logging.NullHandler())

_LAZY = {
    "history": "cardtable._history",
    "review": "cardtable.widgets.record_review",
    "TriPeaksWidget": "cardtable.widgets.tripeaks",
    "StoeptegelWidget": "cardtable.widgets.stoeptegel",
    "serve": "cardtable.server",
}

if TYPE_CHECKING:
    from ._history import history
    from .server import serve
    from .widgets.record_review import open_review as review
    from .widgets.stoeptegel import StoeptegelWidget
    from .widgets.tripeaks import TriPeaksWidget


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module = importlib.import_module(_LAZY[name])
        return getattr(module, "open_review" if name == "review" else name)
    raise AttributeError(f"module 'cardtable' has no attribute {name!r}")
