"""What a served table keeps from frame to frame, so that each frame builds only what is new.

A served table builds every seat's state on every change; describing the round's whole log
again each time (a copy and a sentence per event, for every seat) was most of its cost, and
building the parts every seat sees alike once per seat the next. :class:`SharedParts` builds
those (:func:`~.view.public_parts`: the rows, the cards out of the game, the reveal, the house
rules) once per change of the game, for all the seats: they are data, with no word in any
language, so seats that read different languages share them too. A
:class:`SeatLog` keeps the lines one seat was last given and says from which event on the next
frame must describe: the lines it keeps are exactly those a fresh build would give, because
they are kept only while what that seat knows of the earlier events cannot have changed —
the same game, seat, names, language and round window, and the same side of the choice (a recipient
learns its stoeptegel when play starts, rule B4: the choice's line then reads anew).

A ``SeatLog`` belongs to one seat: the lines it holds came from that seat's own view.
:func:`frame_view` is a seat's view built with both.

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

from ..contract import StoeptegelView
from .game import Stoeptegel
from .view import public_parts, seat_view


class SharedParts:
    """The :func:`~.view.public_parts` of one game's latest change (every action adds an
    event, so the event count tells a change), for all the seats of a table."""

    def __init__(self) -> None:
        self._game: Stoeptegel | None = None
        self._key: tuple[int, str, int] | None = None
        self._parts: dict[str, Any] = {}
        self._reveal_of: object = None  # the reveal event whose copy the parts hold

    def parts(self, game: Stoeptegel) -> dict[str, Any]:
        """The parts for ``game`` as it is now (shared: never change them)."""
        state = game._s
        key = (len(state.events), state.phase, state.round)
        if game is not self._game or key != self._key:
            # The last round's reveal (an event: never changed) lasts the whole next round:
            # its copy is kept while it is the same one (it was two fifths of the parts' cost).
            kept = self._parts.get("reveal") if self._reveal_of is state.reveal else None
            self._game, self._key = game, key
            self._parts, self._reveal_of = public_parts(state, kept), state.reveal
        return self._parts


def frame_view(
    game: Stoeptegel, seat: int, since: int | None, shared: SharedParts | None
) -> StoeptegelView:
    """``game.view(seat)``, with the events from ``since`` on only (``None``: all of this
    round's) and the shared parts from ``shared``."""
    if since is None and shared is None:
        return game.view(seat)
    public = shared.parts(game) if shared is not None else None
    return seat_view(game._s, game._seat(seat), since, public)


class SeatLog:
    """The lines of one seat's log (see the module docstring)."""

    def __init__(self) -> None:
        self._game: Stoeptegel | None = None
        self._key: tuple[Any, ...] | None = None
        self._lines: list[dict[str, Any]] = []
        self._context: dict[str, Any] = {}
        self._next: int | None = None

    def resume(
        self, game: Stoeptegel, seat: int, names: Sequence[str], lang: str = "en"
    ) -> tuple[int | None, dict[str, Any]]:
        """From which event on ``seat``'s next frame must be described (``None``: the whole
        window), and the context its sentences continue from (what earlier lines told); the
        lines kept are in ``lang``: another language describes the window anew."""
        state = game._s
        key = (seat, tuple(names), lang, state.window_start, state.round, state.phase == "choose")
        if game is not self._game or key != self._key or (self._next or 0) > len(state.events):
            self._game, self._key, self._lines, self._context, self._next = game, key, [], {}, None
        return self._next, self._context

    def keep(self, view: Mapping[str, Any], lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The whole window's lines: the kept ones, then ``lines`` (those of ``view``'s
        events, built from the index :meth:`resume` gave); all are kept for the next frame."""
        self._lines = self._lines + lines
        self._next = view["events_from"] + len(self._lines)
        return self._lines
