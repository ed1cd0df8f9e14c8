"""What every cardtable table shares: the message line, the change counter, intents coming in.

A table subclasses :class:`TableWidget`, points ``_esm``/``_css`` at its bundle in
:data:`STATIC`, and implements :meth:`TableWidget.handle`; a refused intent's reason then shows
in the table instead of a traceback in the output area.
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

from ..errors import IllegalMove

STATIC = pathlib.Path(__file__).parent.parent / "static"
"""The esbuild output: one ``.js`` and one ``.css`` per table."""


class TableWidget(anywidget.AnyWidget):
    """Base of the tables: ``message`` and ``version`` traits, and the intent loop."""

    message = traitlets.Dict().tag(sync=True)
    """The last refusal or notice: ``{"text", "kind", "id"}``."""
    version = traitlets.Int(0).tag(sync=True)
    """Counts the changes of the table; an intent meant for an earlier state is stale."""

    def __init__(self, **kwargs: Any) -> None:
        self._notes = 0
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        try:
            self.handle(content)
        except IllegalMove as error:
            self.say(str(error), "error")

    def handle(self, content: object) -> None:
        """Apply one intent as the browser sends it; raise :class:`IllegalMove` to refuse it."""
        raise NotImplementedError

    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` in the table's message line."""
        self._notes += 1
        self.message = {"text": text, "kind": kind, "id": self._notes}
