"""Observers for the engines: a widget (or a log) follows a game changed from anywhere.

>>> class Game(Observable):
...     def __init__(self): self._listeners = []
>>> game, seen = Game(), []
>>> stop = game.subscribe(seen.append); game._notify(); stop(); game._notify()
>>> len(seen)
1
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

_log = logging.getLogger("cardtable")


class Observable:
    """``subscribe(callback)`` and ``_notify()``; the subclass sets ``self._listeners = []``."""

    _listeners: list[Callable[[Any], None]]

    def subscribe(self, callback: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``callback(game)`` after every change; returns a function that unsubscribes."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def _notify(self) -> None:
        # The move has already happened: an observer that fails must not make it look refused
        # (nothing half-applies), so its error is logged, and the other observers still run.
        for callback in list(self._listeners):
            try:
                callback(self)
            except Exception:
                _log.exception("an observer of %r failed", self)
