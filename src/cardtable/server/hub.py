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
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import IllegalMove
from ..i18n import pick
from ..messages import Message, message, say
from ..naming import Names, player
from ..protocol import spoken
from ..stoeptegel import Rules, Stoeptegel
from ..stoeptegel.log import LogTail
from ..stoeptegel.seat_log import SeatLog, SharedParts
from ..stoeptegel.session import BOT_NAMES, DEFAULT_THINK, TableSession, make_bot, seat_state
from ..stoeptegel.texts import notes
from .reviews import ACTIONS as REVIEW_ACTIONS
from .reviews import SeatReviews

_log = logging.getLogger("cardtable")
Send = Callable[[dict[str, Any]], None]


class _Socket:
    """One client of a seat: the log lines it has, and the language it reads."""

    def __init__(self, lang: str) -> None:
        self.tail, self.lang = LogTail(), lang


class TableHub:
    """One table: see the module docstring. ``bots`` maps seats to a strength (or a bot);
    ``lang`` is the language of a seat whose hello chose none (``None``: the browser's)."""

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
        lang: str | None = None,
    ) -> None:
        self.id = secrets.token_urlsafe(9)
        self.lang = None if lang is None else pick(lang)
        bots = dict(bots or {})
        for seat in bots:
            if type(seat) is not int or not 0 <= seat < players:
                raise ValueError(f"bots names seats 0 to {players - 1}, not {seat!r}")
        seats = [
            (make_bot(b, None) if isinstance(b, str) else b) if s in bots else None
            for s, b in ((s, bots.get(s)) for s in range(players))
        ]
        self._given, self._bots, self._players = list(names or [])[:players], set(bots), players
        game = Stoeptegel(players, seed, target=target, rules=rules)
        self.session = TableSession(
            game, bots=seats, names=self.names("en"), think=think,
            listen=(self._broadcast, self._notice),
        )  # fmt: skip
        self.tokens = {s: secrets.token_urlsafe(16) for s in self.session.humans}
        self._sockets: dict[int, dict[Send, _Socket]] = {s: {} for s in self.tokens}
        self._messages: dict[int, tuple[Message | None, str, int]] = {
            s: (None, "", 0) for s in self.tokens
        }
        self._logs: dict[tuple[int, str], SeatLog] = {}  # each seat's own lines, per language
        self._shared = SharedParts()  # what every seat sees alike (no words), once per change
        self._reviews = SeatReviews(lambda: self.session.game, self._send_seat)
        self._notes = 0

    def names(self, lang: str) -> list[str]:
        """The seats' names on a screen in ``lang``: every screen of a served table calls a
        human seat the same, Player 1, … (or the name the host gave), never "you"; the bots
        keep their names."""
        pool = iter(BOT_NAMES)
        default = [next(pool) if s in self._bots else player(s, lang) for s in range(self._players)]
        return self._given + default[len(self._given) :]

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

    def join(
        self, seat: int, send: Send, lang: str | None = None, langs: Sequence[str] = ()
    ) -> None:
        """A socket of ``seat`` (authenticated): it gets the seat's state now and on every
        change, in its language (see :mod:`cardtable.protocol`: the one its hello chose,
        else the table's, else the browser's ``langs``, else English)."""
        socket = self._sockets[seat][send] = _Socket(lang or self.lang or next(iter(langs), "en"))
        state = self._cut(self.state(seat, socket.lang), socket, seat)
        send({**state, "notes": notes(socket.lang)})

    def leave(self, seat: int, send: Send) -> None:
        self._sockets.get(seat, {}).pop(send, None)

    @staticmethod
    def _cut(state: dict[str, Any], socket: _Socket, seat: int) -> dict[str, Any]:
        """``state`` with only the log lines that socket lacks (the page appends them)."""
        return dict(state, view=socket.tail.cut(seat, state["view"]))

    # ------------------------------------------------------------------ state out
    def state(self, seat: int, lang: str = "en") -> dict[str, Any]:
        """What ``seat``'s clients reading ``lang`` are sent on every change (the local
        widget's synced traits; the sentences that never change, ``notes``, go once, when a
        socket joins; ``four_color`` is each screen's own choice). Only the words differ
        from one language to another: the same fields, the same cards."""
        session, names = self.session, self.names(lang)
        log = self._logs.setdefault((seat, lang), SeatLog())
        built = seat_state(session.game, seat, names, log=log, shared=self._shared, lang=lang)
        note, kind, number = self._messages[seat]
        said = say(note, Names(names, seat, lang)) if note is not None else ""
        return {
            "view": built["view"],
            "reasons": built["reasons"],
            "names": names,
            "humans": list(session.humans),
            "handover": {},
            "version": session.version,
            "message": {"text": said, "kind": kind, "id": number} if number else {},
            "review": self._reviews.shown(seat),
            "lang": lang,
        }

    def _send_seat(self, seat: int) -> None:
        """Each socket of ``seat`` its state, built once per language they read."""
        built: dict[str, dict[str, Any]] = {}
        for send, socket in list(self._sockets[seat].items()):
            if socket.lang not in built:
                built[socket.lang] = self.state(seat, socket.lang)
            send(self._cut(built[socket.lang], socket, seat))

    def _broadcast(self) -> None:
        for seat, sockets in getattr(self, "_sockets", {}).items():
            if sockets:
                self._send_seat(seat)

    def _notice(self, note: Message, kind: str) -> None:
        if not hasattr(self, "_messages"):
            return
        self._notes += 1
        for seat in self._messages:
            self._messages[seat] = (note, kind, self._notes)
        self._broadcast()

    def _say(self, seat: int, note: Message | None, kind: str = "error") -> None:
        self._notes += 1
        self._messages[seat] = (note, kind, self._notes)
        self._send_seat(seat)

    # ------------------------------------------------------------------ intents in
    def intent(self, seat: int, content: object, send: Send | None = None) -> None:
        """Apply an intent for the authenticated ``seat`` (a ``seat`` field in it is ignored;
        its version too: the engine judges every move). A refusal is said to that seat only;
        ``{"action": "log"}`` from the socket ``send`` resends it the round's whole log, and
        ``{"action": "lang", "lang": "ca"}`` the whole table in that language (one cardtable
        does not speak changes nothing)."""
        action = content.get("action") if isinstance(content, dict) else None
        if action == "page_lang":  # the table's page reports its languages (widgets.base
            # PAGE_LANG): its hello told them already
            return
        socket = self._sockets[seat].get(send) if send is not None else None
        if action in ("log", "lang") and socket is not None:
            assert isinstance(content, dict) and send is not None
            lang = spoken(content.get("lang"))[:1]
            if action == "lang" and lang:
                socket.lang = lang[0]
            socket.tail.reset()
            extra = {"notes": notes(socket.lang)} if action == "lang" else {}
            send({**self._cut(self.state(seat, socket.lang), socket, seat), **extra})
            return
        if isinstance(content, dict):
            content = {k: v for k, v in content.items() if k not in ("version", "seat")}
        try:
            self._apply(seat, content, send)
        except IllegalMove as refusal:
            self._say(seat, refusal.message)
        except Exception:
            _log.debug("a served table could not handle an intent", exc_info=True)
            self._say(seat, message("served.could_not"))

    def _apply(self, seat: int, content: object, send: Send | None = None) -> None:
        """The session judges the intent (``TableSession.handle`` for ``seat``'s own screen);
        the hub only clears the seat's message line and fans the change out."""
        self._messages[seat] = (None, "", 0)
        action = content.get("action") if isinstance(content, dict) else None
        if action in REVIEW_ACTIONS:  # the seat's own, never the table's
            socket = self._sockets[seat].get(send) if send is not None else None
            lang = socket.lang if socket is not None else self.lang or "en"
            self._reviews.handle(seat, action, send, self.names(lang), lang)
            return
        self.session.handle(content, seat)
        if isinstance(content, dict) and content.get("action") in ("log", "ready", "lang"):
            self._say(seat, None, "info")  # nothing changed: the seat's screen is sent again

    def close(self) -> None:
        self.session.close()
