"""The Stoeptegel table as an anywidget: one human against bots, or friends on one screen.

A thin adapter around :class:`~cardtable.stoeptegel.session.TableSession`, which owns the seats,
the bots and their clock, and the hot-seat hand-over: the session's screen becomes the synced
traits, the browser's intents go to the session. What crosses into the browser is what the seat
at the screen may know: ``game.view(seat)`` (each event with its log sentence, sent once: the
browser appends to its log), the engine's ``explain()`` reasons for that seat's own cards, and
the names. No other hand, no stock card, no stoeptegel the seat neither owns nor gave (B4).

The browser is an untrusted client: it speaks only through intents, and a write to any synced
trait from JavaScript changes nothing (``widgets.base``). Bots think away from the kernel's
event loop (``cardtable.stoeptegel.thinking``), for a random time drawn the same way whether
they lay or pass, so timing reveals nothing (rule B23).

>>> from cardtable import StoeptegelWidget
>>> table = StoeptegelWidget(players=3, seed=5, think=None)
>>> table.view["phase"], len(table.view["hand"]), table.humans
('choose', 6, [0])
>>> table.handle({"action": "choose", "card": table.view["hand"][0]})
>>> table.view["phase"], table.view["stoeptegel"] is not None
('play', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import traitlets

from .. import _history as history
from .._records import record_file
from ..errors import IllegalMove
from ..messages import Message, message, say
from ..settings import Setting, panel, stoeptegel_settings, take
from ..stoeptegel import Rules, Stoeptegel
from ..stoeptegel.log import LogTail
from ..stoeptegel.review_view import seat_record
from ..stoeptegel.reviewing import open_review
from ..stoeptegel.sent_once import house_in_notes
from ..stoeptegel.session import DEFAULT_THINK, TableSession
from ..stoeptegel.texts import notes
from .screen import StoeptegelScreen


class StoeptegelWidget(StoeptegelScreen):
    """A live Stoeptegel table. ``widget.game`` is the engine it drives: play on it from Python
    (or assign a new game, e.g. a ``Stoeptegel.scenario(...)`` for a lesson) and the table
    follows.

    ``seat`` is the human seat (default 0), or a list of seats for hot-seat play on one screen;
    ``bots`` is a strength (``"random"``, ``"greedy"``, ``"strong"``, ``"expert"``) for every
    other seat, or one entry per seat: a bot (anything with ``choose(view)`` and ``turn(view)``)
    or ``None`` for a human. ``bots=None`` makes every seat human. ``think=(shortest, longest)``
    is the bots' thinking time in seconds, drawn from the system's entropy (``think_seed`` fixes it,
    for tests only); ``think=None`` lets them move at once. ``names`` names the seats;
    ``four_color=True`` colours diamonds blue and clubs green. ``rules`` are the table's house
    rules (:class:`~cardtable.stoeptegel.Rules`; Part B by default): the help panel lists them
    and the table shows a "house rules" tag when any differs from Part B. ``lang`` is the
    language of every sentence on the table (``"en"``, ``"nl"``, ``"ca"``; without it, the
    page's); ``table.lang = "nl"`` writes the view, the log and the help again in Dutch.

    Without ``seed`` the table draws a random 64-bit one. **A seeded table is replayable by
    anyone who knows the seed**: with it, the seat's own six cards are enough to rebuild every
    hand and the stock. Give a seed for lessons, tests and replays, never for a game whose
    secrets matter.
    """

    game = traitlets.Instance(Stoeptegel)
    review = traitlets.Dict().tag(sync=True)
    """The seat's review of the round just ended, once asked for: ``review_view.pending``
    while the bots' worker weighs it, then ``review_view.screen``; else empty."""

    def __init__(
        self,
        players: int = 4,
        seed: int | None = None,
        *,
        seat: int | Sequence[int] = 0,
        bots: str | Sequence[Any] | None = "greedy",
        think: tuple[float, float] | None = DEFAULT_THINK,
        names: Sequence[str] | None = None,
        target: int = 30,
        game: Stoeptegel | None = None,
        think_seed: int | None = None,
        rules: Rules | None = None,
        **kwargs: Any,
    ) -> None:
        self._tail = LogTail()
        self._kept: Stoeptegel | None = None  # the finished game last kept in the history
        super().__init__(**kwargs)
        if game is not None and rules is not None and rules != game.rules:
            raise ValueError(
                f"the game plays {game.rules!r}, not {rules!r}: give the rules to the game "
                "(Stoeptegel(..., rules=...)) or to the widget, not both"
            )
        first = game if game is not None else Stoeptegel(players, seed, target=target, rules=rules)
        if first.phase == "over":  # finished elsewhere: not a game played at this table
            self._kept = first
        self.session = TableSession(
            first,
            seat=seat,
            bots=bots,
            names=names,
            think=think,
            think_seed=think_seed,
            bot_seed=seed,
            listen=(self._sync, self._notice),
            lang=self.lang,
        )
        self._let_go_with(self.session.close)
        self.game = first
        self.notes = notes(self.lang)
        self._sync()

    def _notice(self, note: Message, kind: str) -> None:
        """The session's notice (a bot's failure), said in the table's language."""
        self.say(say(note, lang=self.lang), kind)

    def relang(self) -> None:
        """Write the table again in :attr:`lang`: its default names, the view and the whole
        log (the page replaces its lines), the help and the page's words, the settings."""
        session = getattr(self, "session", None)
        if session is None:  # the language given to the constructor: the session speaks it
            return
        session.relang(self.lang)
        self.message, self.review = {}, {}
        self.notes = notes(self.lang)
        self._tail.reset()
        self._sync()

    @property
    def bots(self) -> list[Any]:
        """One entry per seat: its bot, or ``None`` for a human."""
        return self.session.bots

    @property
    def log_lines(self) -> list[dict[str, Any]]:
        """The game log the seat at the screen has: this round's events (and the end of the
        last round), each with its sentence ``text``; empty during a hand-over."""
        return self._tail.lines

    @traitlets.validate("game")
    def _check_game(self, proposal: dict[str, Any]) -> Stoeptegel:
        game: Stoeptegel = proposal["value"]
        if game is not self.session.game:  # from Python: the table sits down to it anew
            if game.phase == "over":
                self._kept = game
            self.message = {}
            self.session.replace(game)  # raises (and the old game stays) if the seats don't fit
        return game

    @property
    def stats(self) -> dict[str, Any]:
        """Your games at this table's seat name, read from the history (``cardtable.history``):
        ``games``, ``won``, ``best`` (score), ``streak`` and the ``text`` line."""
        return history.stats("stoeptegel", player=self.session.names[self.humans[0]])

    def _keep(self, game: Stoeptegel) -> None:
        """A game that ended at this table is kept in the history once (a posed or given
        deal, a lesson's, is not)."""
        if self._kept is game or game.fixed_deal():
            return
        self._kept = game
        warning = history.add(game.record(self.session.names))
        if warning:
            self.say(warning, "error")

    def _sync(self) -> None:
        """The session's screen into the synced traits, in one message."""
        session = getattr(self, "session", None)
        if session is None:  # bots moving while the session is made: synced right after
            return
        try:
            self._send_screen(session)
        finally:
            # A finished game is kept once the message that shows its end has gone (the click
            # that ended it waits on no disk), and kept even if that message failed.
            if session.game.phase == "over":
                self._keep(session.game)

    def _send_screen(self, session: TableSession) -> None:
        """The session's screen into the synced traits, in one message (``hold_sync``)."""
        screen = session.screen()
        with self.hold_sync():
            if self.game is not session.game:  # a new game began at the table
                self.game = session.game
            # The house rules' texts go once, in the notes (``stoeptegel.sent_once``).
            view, self.notes = house_in_notes(screen["view"], self.notes)
            if session.shown is None:
                self._tail.reset()  # the browser drops its log with the hand-over
                self.view = view
            else:
                self.view = self._tail.cut(session.shown, view)
            self.reasons = screen["reasons"]
            self.handover = screen["handover"]
            self.humans, self.names = session.humans, session.names
            if self.review and self.review.get("seat") != session.shown:
                self.review = {}  # a hand-over, or a new game: the review was that seat's
            self.version = session.version
            self._show_settings()

    def _offered(self) -> tuple[Setting, ...]:
        """The settings this table offers for its next game (none before its session)."""
        session = getattr(self, "session", None)
        if session is None:
            return ()
        return stoeptegel_settings(
            session.game.target, session.strength, self.four_color, self.lang
        )

    @traitlets.observe("four_color")
    def _show_settings(self, _change: object = None) -> None:
        self.settings = panel(self._offered(), "stoeptegel", self.lang)

    def handle(self, content: object) -> None:
        """Apply one intent as the browser sends it (see ``TableSession.handle``); raises
        :class:`~cardtable.IllegalMove` (and changes nothing) for anything refused."""
        if self.message:
            self.message = {}
        action = content.get("action") if isinstance(content, dict) else None
        if action in ("review", "download"):
            if action == "review":
                self.review_round()
            else:
                self.download_record()
            return
        resend = action == "log"
        if resend:  # a fresh page asks for the round's log: send it whole
            self._tail.reset()
        content, chosen = take(content, self._offered())  # a new game may bring new settings
        four_color = chosen.pop("four_color", self.four_color)
        self.session.handle(content, settings=chosen)
        self.four_color = four_color
        if resend:
            self._sync()

    def review_round(self) -> None:
        """Review the round that just ended for the seat at the screen, from its own views
        only (``stoeptegel.reviewing.open_review``)."""
        seat, game = self.session.shown, self.session.game

        def show(shown: dict[str, Any]) -> None:
            if self.session.shown == seat and self.session.game is game:  # else: too late
                self.review = shown

        open_review(game, seat, self.review, show, self.lang)

    def download_record(self) -> None:
        """Send the seat at the screen its record (``review_view.seat_record``: what it saw,
        never another hand); the page saves it as a file."""
        seat = self.session.shown
        if seat is None:
            raise IllegalMove(message("stoeptegel.review.no_record"))
        record = seat_record(self.session.game, seat, self.session.names)
        self.send(record_file(record, f"stoeptegel-{self.session.names[seat]}"))

    @staticmethod
    def join(link: str, lang: str | None = None) -> Any:
        """Play one seat of a served table (``cardtable.serve``) from this notebook: ``link``
        is the seat's private link; ``lang`` the seat's language (without it, the notebook
        page's). The kernel talks to the table; nothing of other seats reaches it."""
        from .remote import RemoteSeat

        return RemoteSeat(link) if lang is None else RemoteSeat(link, lang=lang)

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game with the same players, target and bots (a fresh random seed unless
        one is given)."""
        self.session.new_game(seed)

    def __repr__(self) -> str:
        return f"StoeptegelWidget({self.game!r})"
