"""The authority of one served table: the game, its bots (in the server, on rule B23's think
times), one private token per human seat, and the sockets of each seat. Every frame a socket
receives is built by :func:`~cardtable.stoeptegel.session.seat_state` for its own seat only.

>>> import asyncio
>>> async def demo():
...     hub = TableHub(players=2, bots={1: "greedy"}, seed=3, think=None)
...     return sorted(hub.tokens), hub.state(0)["view"]["seat"]
>>> asyncio.run(demo())
([0], 0)
"""

from __future__ import annotations

import hmac
import logging
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import IllegalMove
from ..naming import player
from ..stoeptegel import Rules, Stoeptegel
from ..stoeptegel.log import LogTail
from ..stoeptegel.seat_log import SeatLog, SharedParts
from ..stoeptegel.session import BOT_NAMES, DEFAULT_THINK, TableSession, make_bot, seat_state
from ..stoeptegel.texts import NOTES
from .reviews import ACTIONS as REVIEW_ACTIONS
from .reviews import SeatReviews

_log = logging.getLogger("cardtable")
Send = Callable[[dict[str, Any]], None]


class TableHub:
    """One table: see the module docstring. ``bots`` maps seats to a strength (or a bot)."""

    def __init__(
        self,
        players: int = 4,
        *,
        bots: Mapping[int, Any] | None = None,
        names: list[str] | None = None,
        target: int = 30,
        seed: int | None = None,
        think: tuple[float, float] | None = DEFAULT_THINK,
        rules: Rules | None = None,
    ) -> None:
        self.id = secrets.token_urlsafe(9)
        bots = dict(bots or {})
        for seat in bots:
            if type(seat) is not int or not 0 <= seat < players:
                raise ValueError(f"bots names seats 0 to {players - 1}, not {seat!r}")
        seats = [
            (make_bot(b, None) if isinstance(b, str) else b) if s in bots else None
            for s, b in ((s, bots.get(s)) for s in range(players))
        ]
        # Every screen of a served table calls a human seat the same: Player 1, … (or the name
        # the host gave), never "You"; the bots keep their names.
        pool = iter(BOT_NAMES)
        default = [next(pool) if s in bots else player(s) for s in range(players)]
        given = list(names or [])[:players]
        game = Stoeptegel(players, seed, target=target, rules=rules)
        self.session = TableSession(
            game, bots=seats, names=given + default[len(given):], think=think,
            listen=(self._broadcast, self._notice),
        )  # fmt: skip
        self.tokens = {s: secrets.token_urlsafe(16) for s in self.session.humans}
        self._sockets: dict[int, dict[Send, LogTail]] = {s: {} for s in self.tokens}
        self._messages: dict[int, dict[str, Any]] = {s: {} for s in self.tokens}
        self._logs = {s: SeatLog() for s in self.tokens}  # each seat's own lines, kept
        self._shared = SharedParts()  # what every seat sees alike, once per change
        self._reviews = SeatReviews(lambda: self.session.game, self._push)
        self._notes = 0

    @property
    def game(self) -> Stoeptegel:
        """The live engine."""
        return self.session.game

    # ------------------------------------------------------------------ seats
    def check(self, seat: int, token: str) -> bool:
        """Whether ``token`` is ``seat``'s (in constant time; a token is ASCII, so any other
        text is simply wrong: ``compare_digest`` refuses to compare it)."""
        expected = self.tokens.get(seat) if type(seat) is int else None
        return expected is not None and token.isascii() and hmac.compare_digest(expected, token)

    def reissue(self, seat: int) -> str:
        """A new token for ``seat``: the old link stops working, its sockets are closed."""
        if seat not in self.tokens:
            raise ValueError(f"seat {seat!r} is not a human seat of this table")
        self.tokens[seat] = secrets.token_urlsafe(16)
        for send in list(self._sockets[seat]):
            send({"close": 4403})
        self._sockets[seat] = {}
        return self.tokens[seat]

    def join(self, seat: int, send: Send) -> None:
        """A socket of ``seat`` (authenticated): it gets the seat's state now and on every
        change."""
        tail = self._sockets[seat][send] = LogTail()
        send({**self._cut(self.state(seat), tail, seat), "notes": NOTES})

    def leave(self, seat: int, send: Send) -> None:
        self._sockets.get(seat, {}).pop(send, None)

    @staticmethod
    def _cut(state: dict[str, Any], tail: LogTail, seat: int) -> dict[str, Any]:
        """``state`` with only the log lines that socket lacks (the page appends them)."""
        return dict(state, view=tail.cut(seat, state["view"]))

    # ------------------------------------------------------------------ state out
    def state(self, seat: int) -> dict[str, Any]:
        """What ``seat``'s clients are sent on every change (the local widget's synced traits;
        the sentences that never change, ``notes``, go once, when a socket joins; ``four_color``
        is each screen's own choice)."""
        session = self.session
        built = seat_state(session.game, seat, session.names, log=self._logs[seat],
                           shared=self._shared)  # fmt: skip
        return {
            "view": built["view"],
            "reasons": built["reasons"],
            "names": list(session.names),
            "humans": list(session.humans),
            "handover": {},
            "version": session.version,
            "message": self._messages[seat],
            "review": self._reviews.shown(seat),
        }

    def _broadcast(self) -> None:
        for seat, sockets in getattr(self, "_sockets", {}).items():
            if sockets:
                state = self.state(seat)
                for send, tail in list(sockets.items()):
                    send(self._cut(state, tail, seat))

    def _notice(self, text: str, kind: str) -> None:
        if not hasattr(self, "_messages"):
            return
        self._notes += 1
        for seat in self._messages:
            self._messages[seat] = {"text": text, "kind": kind, "id": self._notes}
        self._broadcast()

    def _say(self, seat: int, text: str, kind: str = "error") -> None:
        self._notes += 1
        self._messages[seat] = {"text": text, "kind": kind, "id": self._notes}
        self._push(seat)

    def _push(self, seat: int) -> None:
        """Send ``seat``'s sockets its state (only its own changed)."""
        state = self.state(seat)
        for send, tail in list(self._sockets[seat].items()):
            send(self._cut(state, tail, seat))

    # ------------------------------------------------------------------ intents in
    def intent(self, seat: int, content: object, send: Send | None = None) -> None:
        """Apply an intent for the authenticated ``seat`` (a ``seat`` field in it is ignored;
        its version too: the engine judges every move). A refusal is said to that seat only;
        ``{"action": "log"}`` from the socket ``send`` resends it the round's whole log."""
        if isinstance(content, dict) and content.get("action") == "log" and send is not None:
            tail = self._sockets[seat].get(send)
            if tail is not None:
                tail.reset()
                send(self._cut(self.state(seat), tail, seat))
            return
        if isinstance(content, dict):
            content = {k: v for k, v in content.items() if k not in ("version", "seat")}
        try:
            self._apply(seat, content, send)
        except IllegalMove as refusal:
            self._say(seat, self.session.told(refusal, seat))
        except Exception:
            _log.debug("a served table could not handle an intent", exc_info=True)
            self._say(seat, "The table could not handle that message, so nothing was changed.")

    def _apply(self, seat: int, content: object, send: Send | None = None) -> None:
        """The session judges the intent (``TableSession.handle`` for ``seat``'s own screen);
        the hub only clears the seat's message line and fans the change out."""
        self._messages[seat] = {}
        action = content.get("action") if isinstance(content, dict) else None
        if action in REVIEW_ACTIONS:  # the seat's own, never the table's
            self._reviews.handle(seat, action, send, list(self.session.names))
            return
        self.session.handle(content, seat)
        if isinstance(content, dict) and content.get("action") in ("log", "ready"):
            self._say(seat, "", "info")  # nothing changed: the seat's screen is sent again

    def close(self) -> None:
        self.session.close()
