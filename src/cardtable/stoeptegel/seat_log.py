"""One seat's log lines kept from frame to frame, so that a frame describes only what is new.

A served table builds every seat's state on every change; describing the round's whole log
again each time (a copy and a sentence per event, for every seat) was most of its cost. A
:class:`SeatLog` keeps the lines one seat was last given and says from which event on the next
frame must describe: the lines it keeps are exactly those a fresh build would give, because
they are kept only while what that seat knows of the earlier events cannot have changed —
the same game, seat, names and round window, and the same side of the choice (a recipient
learns its stoeptegel when play starts, rule B4: the choice's line then reads anew).

A ``SeatLog`` belongs to one seat: the lines it holds came from that seat's own view.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel(players=2, seed=3)
>>> log = SeatLog()
>>> since, _ = log.resume(game, 0, ["You", "Anna"])
>>> since is None, len(log.keep(game.view(0), [{"text": "dealt"}]))
(True, 1)
>>> game.choose(1, game.hand(1)[0])
>>> log.resume(game, 0, ["You", "Anna"])[0]   # only the choice is new
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .game import Stoeptegel


class SeatLog:
    """The lines of one seat's log (see the module docstring)."""

    def __init__(self) -> None:
        self._game: Stoeptegel | None = None
        self._key: tuple[Any, ...] | None = None
        self._lines: list[dict[str, Any]] = []
        self._context: dict[str, Any] = {}
        self._next: int | None = None

    def resume(
        self, game: Stoeptegel, seat: int, names: Sequence[str]
    ) -> tuple[int | None, dict[str, Any]]:
        """From which event on ``seat``'s next frame must be described (``None``: the whole
        window), and the context its sentences continue from (what earlier lines told)."""
        state = game._s
        key = (seat, tuple(names), state.window_start, state.round, state.phase == "choose")
        if game is not self._game or key != self._key or (self._next or 0) > len(state.events):
            self._game, self._key, self._lines, self._context, self._next = game, key, [], {}, None
        return self._next, self._context

    def keep(self, view: Mapping[str, Any], lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The whole window's lines: the kept ones, then ``lines`` (those of ``view``'s
        events, built from the index :meth:`resume` gave); all are kept for the next frame."""
        self._lines = self._lines + lines
        self._next = view["events_from"] + len(self._lines)
        return self._lines
