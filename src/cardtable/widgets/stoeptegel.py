"""The Stoeptegel table as an anywidget: one human against bots, or friends on one screen.

The widget holds a :class:`~cardtable.stoeptegel.Stoeptegel` engine and syncs what the seat at
the screen may know: ``game.view(seat)`` (this round's events and the end of the last one, each
with a plain-language sentence for the log, sent only once: the browser appends them), the
engine's ``explain()`` reasons
for that seat's own cards on the three rows, and UI-only state (names, a message, the hand-over
screen). Nothing else crosses into the browser: no other hand, no stock card, no stoeptegel the
seat neither owns nor gave (rule B4).

Bots "think" for a random time drawn the same way whether they then lay a card or pass, so the
timing reveals nothing (rule B23); they are scheduled on the kernel's asyncio loop and compute
away from it (``cardtable.stoeptegel.thinking``), so a click is answered as fast whatever the
bots hold. The browser is an untrusted client: it speaks only through intents, and a write to
any synced trait from JavaScript changes nothing (``widgets.base``).
With ``think=None`` they move at once, synchronously (for tests and scripts). The table never
passes for a human and has no clock.

>>> from cardtable import StoeptegelWidget
>>> table = StoeptegelWidget(players=3, seed=5, think=None)
>>> table.view["phase"], len(table.view["hand"]), table.humans
('choose', 6, [0])
>>> table.handle({"action": "choose", "card": table.view["hand"][0]})
>>> table.view["phase"], table.view["stoeptegel"] is not None
('play', True)
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import traitlets

from ..cards import Card
from ..errors import IllegalMove
from ..stoeptegel import Stoeptegel, thinking
from .base import STATIC, TableWidget
from .intents import read_intent
from .stoeptegel_log import Names, describe, round_end_headline

_ACTIONS: dict[str, dict[str, type]] = {
    "choose": {"card": str},
    "play": {"card": str, "row": int},
    "pass": {},
    "ready": {},
    "new": {},
    "log": {},
}
STRENGTHS = {"random": "random", "greedy": "greedy", "sampling": "sampling", "strong": "sampling"}
"""Bot strengths by name (``"strong"`` is the sampling bot), see ``cardtable.stoeptegel.bots``."""
BOT_NAMES = ("Anna", "Bram", "Carla", "Daan", "Eva", "Floor")
DEFAULT_THINK = (0.6, 1.6)

_log = logging.getLogger("cardtable")


def _make_bot(strength: str, seed: int | None) -> Any:
    from ..stoeptegel.bots import BOTS

    try:
        return BOTS[STRENGTHS[strength]](seed=seed)
    except KeyError:
        known = ", ".join(repr(s) for s in STRENGTHS)
        raise ValueError(f"unknown bot strength {strength!r}: use one of {known}") from None


def _check_think(think: object) -> tuple[float, float] | None:
    if think is None:
        return None
    if (
        not isinstance(think, (tuple, list))
        or len(think) != 2
        or not all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in think)
        or not 0 <= think[0] <= think[1]
    ):
        raise ValueError(
            f"think is (shortest, longest) seconds with 0 <= shortest <= longest, not {think!r}"
        )
    return float(think[0]), float(think[1])


class StoeptegelWidget(TableWidget):
    """A live Stoeptegel table. ``widget.game`` is the engine it drives: play on it from Python
    (or assign a new game, e.g. a ``Stoeptegel.scenario(...)`` for a lesson) and the table
    follows.

    ``seat`` is the human seat (default 0), or a list of seats for hot-seat play on one screen;
    ``bots`` is a strength (``"random"``, ``"greedy"``, ``"strong"``) for every other seat, or
    one entry per seat: a bot (anything with ``choose(view)`` and ``turn(view)``) or ``None``
    for a human. ``bots=None`` makes every seat human. ``think=(shortest, longest)`` is the
    bots' thinking time in seconds, drawn from the system's entropy (``think_seed`` fixes it,
    for tests only); ``think=None`` lets them move at once. ``names`` names the seats.

    Without ``seed`` the table draws a random 64-bit one. **A seeded table is replayable by
    anyone who knows the seed**: with it, the seat's own six cards are enough to rebuild every
    hand and the stock. Give a seed for lessons, tests and replays, never for a game whose
    secrets matter.
    """

    _esm = STATIC / "stoeptegel.js"
    _css = STATIC / "stoeptegel.css"

    view = traitlets.Dict().tag(sync=True)
    """What the seat at the screen may know: ``game.view(seat)``, its events (each with a
    ``text`` for the log) only from the first the browser lacks (``events_from``; the round's log
    starts at ``log_from``); empty while the hand-over screen shows."""
    reasons = traitlets.Dict().tag(sync=True)
    """``explain()`` for the seat's own cards on its turn: card code → three reasons (``None``
    where the row takes the card)."""
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    humans = traitlets.List(traitlets.Int()).tag(sync=True)
    handover = traitlets.Dict().tag(sync=True)
    """Hot-seat: ``{"seat", "name"}`` of the player the screen must be passed to, else empty."""
    game = traitlets.Instance(Stoeptegel)

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
        **kwargs: Any,
    ) -> None:
        self.think = _check_think(think)
        self._seed = seed
        # Rule B23: think times from an entropy source independent of the deal's seed (a
        # seeded table's bots would otherwise think in a rhythm the seed predicts).
        self._think_rng = random.SystemRandom() if think_seed is None else random.Random(think_seed)
        self._bot_spec = bots
        self._seat_spec = seat
        self._given_names = None if names is None else list(names)
        self._unsubscribe: Callable[[], None] | None = None
        self._timers: dict[int, _Thought] = {}
        self._epoch = 0
        self._busy = False
        self._again = False
        self._shown: int | None = None
        self._pending_handover: int | None = None
        self._accept_from = 0
        self._screen_key: tuple[Any, ...] | None = None
        self._sent_log: tuple[tuple[int, int] | None, list[dict[str, Any]]] = (None, [])
        self.bots: list[Any] = []
        super().__init__(**kwargs)
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        self.game = game if game is not None else Stoeptegel(players, seed, target=target)

    # ------------------------------------------------------------------ seats and bots
    def _seat_bots(self, players: int) -> tuple[list[int], list[Any]]:
        spec = self._bot_spec
        if spec is None:
            return list(range(players)), [None] * players
        if isinstance(spec, str):
            seats = [self._seat_spec] if isinstance(self._seat_spec, int) else list(self._seat_spec)
            for s in seats:
                if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players:
                    raise ValueError(
                        f"seat {s!r} is not a seat of a {players}-player table (0 to {players - 1})"
                    )
            if not seats or len(set(seats)) != len(seats):
                raise ValueError(f"give each human seat once, not {self._seat_spec!r}")
            base = self._seed if self._seed is not None else None
            bots = [
                None
                if s in seats
                else _make_bot(spec, None if base is None else (base * 7 + s + 1) % (1 << 63))
                for s in range(players)
            ]
            return sorted(seats), bots
        bots = list(spec)
        if len(bots) != players:
            raise ValueError(f"bots lists one entry per seat: {players} seats, {len(bots)} entries")
        for bot in bots:
            if bot is not None and not (hasattr(bot, "choose") and hasattr(bot, "turn")):
                raise TypeError(f"a bot has choose(view) and turn(view); {bot!r} has not")
        humans = [s for s, bot in enumerate(bots) if bot is None]
        if not humans:
            raise ValueError("at least one seat must be human (None in bots)")
        return humans, bots

    def _default_names(self, players: int, humans: list[int]) -> list[str]:
        names, pool = [], iter(BOT_NAMES)
        for s in range(players):
            if s in humans:
                names.append("You" if len(humans) == 1 else f"Player {s + 1}")
            else:
                names.append(next(pool))
        return names

    @traitlets.validate("game")
    def _check_game(self, proposal: dict[str, Any]) -> Stoeptegel:
        game: Stoeptegel = proposal["value"]
        humans, bots = self._seat_bots(game.players)
        names = self._default_names(game.players, humans)
        given = self._given_names or []
        names[: len(given)] = [str(name) for name in given[: game.players]]
        self._humans_bots = (humans, bots, names)
        return game

    @traitlets.observe("game")
    def _follow(self, change: dict[str, Any]) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._cancel_timers()
        humans, self.bots, names = self._humans_bots
        self._shown = None
        self._pending_handover = None
        self._sent_log = (None, [])
        with self.hold_sync():
            self.humans = humans
            self.names = names
            self.message = {}
        self._unsubscribe = change["new"].subscribe(lambda _game: self._changed())
        self._changed()

    # ------------------------------------------------------------------ the screen
    def _wanted_seat(self) -> int:
        """The human seat whose view should be on screen now."""
        game, humans, shown = self.game, self.humans, self._shown
        if game.phase == "choose":
            waiting = [s for s in humans if game.chosen(s) is None]
            if waiting:
                return shown if shown in waiting else waiting[0]
        elif game.phase == "play" and game.to_move in humans:
            return int(game.to_move)
        return shown if shown is not None else humans[0]

    def _changed(self) -> None:
        """The game changed (from the table, a bot or Python): redraw, then let bots move."""
        self._refresh()
        self._schedule_bots()

    def _refresh(self) -> None:
        wanted = self._wanted_seat()
        if self._shown is None:
            self._shown = wanted
        elif wanted != self._shown:
            self._pending_handover = wanted  # hot-seat: the screen goes dark until "ready"
        else:
            self._pending_handover = None
        game = self.game
        with self.hold_sync():
            if self._pending_handover is not None:
                seat = self._pending_handover
                self.view = {}
                self.reasons = {}
                self._sent_log = (None, [])  # the browser drops its log with the hand-over
                self.handover = {"seat": seat, "name": self.names[seat]}
                key: tuple[Any, ...] = ("handover", seat)
            else:
                seat = self._shown
                self.view = self._table_view(seat)
                self.reasons = self._reasons(seat)
                if self.handover:
                    self.handover = {}
                own_turn = game.phase == "play" and game.to_move == seat
                key = (
                    seat,
                    game.phase,
                    game.round,
                    own_turn,
                    game.phase == "choose" and game.chosen(seat) is None,
                )
            self.version += 1
            if key != self._screen_key:
                self._screen_key = key
                self._accept_from = self.version

    def _table_view(self, seat: int, resend: bool = False) -> dict[str, Any]:
        """``game.view(seat)`` with a sentence for each event, carrying only the log lines the
        browser does not have yet: ``events`` start at ``events_from``; the log of this round
        (and the end of the last one) starts at ``log_from``. The browser appends; a line that
        changed (a choice the seat now knows) is sent again from there."""
        view = self.game.view(seat)
        names = Names(self.names, seat)
        context: dict[str, Any] = {}
        lines = []
        for event in view["events"]:
            line = dict(event, text=describe(event, names, context))
            if event["type"] == "round_end":
                line["headline"] = round_end_headline(event, names)
            lines.append(line)
        start = view["events_from"]
        window = (seat, start)
        sent = self._sent_log[1] if not resend and self._sent_log[0] == window else []
        same = 0
        while same < min(len(sent), len(lines)) and sent[same] == lines[same]:
            same += 1
        self._sent_log = (window, lines)
        return dict(view, events=lines[same:], events_from=start + same, log_from=start)

    @property
    def log(self) -> list[dict[str, Any]]:
        """The game log the seat at the screen has: this round's events (and the end of the
        last round), each with its sentence ``text``; empty during a hand-over."""
        return [dict(line) for line in self._sent_log[1]]

    def _reasons(self, seat: int) -> dict[str, list[str | None]]:
        game = self.game
        if game.phase != "play" or game.to_move != seat:
            return {}
        return {
            card.code: [game.explain(seat, card, row) for row in range(3)]
            for card in game.hand(seat)
        }

    # ------------------------------------------------------------------ intents
    def handle(self, content: object) -> None:
        """Apply one intent as the browser sends it, for the seat at the screen:
        ``{"action": "choose", "card": "TH"}``, ``{"action": "play", "card": "TH", "row": 0}``,
        ``{"action": "pass"}``, ``{"action": "ready"}`` (hot-seat hand-over) or
        ``{"action": "new"}`` (a new game once this one is over).

        Raises :class:`IllegalMove` (and changes nothing) for anything the rules or the table
        refuse; the browser shows the reason.
        """
        sent = content.get("version") if isinstance(content, dict) else None
        version = self.version  # a click from this turn (or choice) is not stale
        if type(sent) is int and self._accept_from <= sent <= self.version:
            version = sent
        intent = read_intent(content, _ACTIONS, version)
        action = intent["action"]
        if action == "ready":
            self._ready()
            return
        if action == "log":  # a fresh page (or a second view) asks for this round's log
            if self._pending_handover is None and self._shown is not None:
                self.view = self._table_view(self._shown, resend=True)
            return
        if self._pending_handover is not None:
            raise IllegalMove(
                f"Pass the screen to {self.names[self._pending_handover]} first: "
                "their cards stay hidden until they say they are ready."
            )
        game, seat = self.game, self._shown
        assert seat is not None
        if self.message:
            self.message = {}
        if action == "new":
            if game.phase != "over":
                raise IllegalMove(
                    "This game is still being played: a new one starts once someone has "
                    "reached the target (rule B27)."
                )
            self.new_game()
            return
        mover = game.to_move
        if action in ("play", "pass") and mover is not None and mover != seat:
            raise IllegalMove(f"It is not your turn: {self.names[mover]} is to move (rule B23).")
        if action == "choose":
            game.choose(seat, _card(intent["card"]))
        elif action == "play":
            game.play(seat, _card(intent["card"]), intent["row"])
        else:
            game.pass_turn(seat)

    def _ready(self) -> None:
        if self._pending_handover is None:
            raise IllegalMove("The table is already showing your cards.")
        self._shown = self._pending_handover
        self._pending_handover = None
        self.message = {}
        self._refresh()

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game with the same players, target and bots (a fresh random seed unless
        one is given)."""
        self.game = Stoeptegel(self.game.players, seed, target=self.game.target)

    # ------------------------------------------------------------------ bots
    def _bot_work(self) -> list[int]:
        game = self.game
        if game.phase == "choose":
            return [
                s for s, bot in enumerate(self.bots) if bot is not None and game.chosen(s) is None
            ]
        mover = game.to_move
        if mover is not None and self.bots[mover] is not None:
            return [mover]
        return []

    def _stamp(self) -> tuple[int, int]:
        return self._epoch, len(self.game.actions)

    def _schedule_bots(self) -> None:
        if self._busy:
            self._again = True
            return
        work = [s for s in self._bot_work() if s not in self._timers]
        if not work:
            return
        loop = self._running_loop()
        if self.think is None or loop is None:
            self._run_bots_now()
            return
        for seat in work:
            # Rule B23: the thinking time is drawn before the bot decides, the same way for a
            # play and a pass, from a source the deal's seed does not reach. The bot computes
            # off the loop meanwhile (cardtable.stoeptegel.thinking); if it needs longer than
            # its draw, it moves when done.
            delay = self._think_rng.uniform(*self.think)
            decision = asyncio.wrap_future(
                thinking.submit(self.bots[seat], self.game.view(seat)), loop=loop
            )
            self._timers[seat] = _Thought(
                decision, loop.call_later(delay, self._bot_ready, seat, self._stamp(), decision)
            )

    def _running_loop(self) -> asyncio.AbstractEventLoop | None:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            loop = self._loop
            return loop if loop is not None and loop.is_running() else None

    def _bot_ready(
        self, seat: int, stamp: tuple[int, int], decision: asyncio.Future[thinking.Decision]
    ) -> None:
        """The thinking time is over: move once the decision is in."""
        if not decision.done():
            decision.add_done_callback(lambda _: self._bot_ready(seat, stamp, decision))
            return
        if self._timers.get(seat, None) is None or self._timers[seat].decision is not decision:
            return  # cancelled meanwhile
        del self._timers[seat]
        ok, choice, bot = decision.result()
        if thinking.is_builtin(bot):
            self.bots[seat] = bot  # a worker process's copy carries the bot's new state
        still = stamp[0] == self._epoch and seat in self._bot_work()
        if not still or (self.game.phase == "play" and stamp != self._stamp()):
            self._schedule_bots()  # Python changed the table meanwhile: think again
            return
        self._apply(seat, choice if ok else _FAILED)

    def _decide(self, seat: int) -> Any:
        ok, choice, _bot = thinking.decide(self.bots[seat], self.game.view(seat))
        return choice if ok else _FAILED

    def _apply(self, seat: int, decision: Any) -> None:
        """Carry out a bot's decision; a failed or illegal one becomes a pass (or its first
        card as its stoeptegel), and the table says so without naming any card."""
        game = self.game
        choosing = game.phase == "choose"
        try:
            if decision is _FAILED:
                raise _BotFailed
            if choosing:
                game.choose(seat, decision)
            elif decision is None:
                game.pass_turn(seat)
            else:
                card, row = decision
                game.play(seat, card, row)
            return
        except Exception as error:
            # The engine's reason names the bot's card: the debug log only.
            _log.debug("the bot at seat %d made an illegal move", seat, exc_info=True)
            what = "failed to decide" if isinstance(error, _BotFailed) else "made an illegal move"
        bot = f"{self.names[seat]} (a bot)"
        if choosing and game.phase == "choose" and game.chosen(seat) is None:
            self.say(f"{bot} {what}, so its first card was set aside for it.", "error")
            game.choose(seat, game.hand(seat)[0])
        elif game.phase == "play" and game.to_move == seat:
            self.say(f"{bot} {what}, so it passed instead.", "error")
            game.pass_turn(seat)

    def _run_bots_now(self) -> None:
        """Synchronous mode: let the bots move until a human must act."""
        self._busy = True
        try:
            while True:
                self._again = False
                work = self._bot_work()
                if not work:
                    break
                for seat in work:
                    if seat in self._bot_work():
                        self._apply(seat, self._decide(seat))
        finally:
            self._busy = False

    def _cancel_timers(self) -> None:
        self._epoch += 1
        for thought in self._timers.values():
            thought.timer.cancel()
        self._timers.clear()

    def close(self) -> None:
        """Stop the bots and close the widget."""
        if not hasattr(self, "_timers"):  # __init__ refused its arguments
            super().close()
            return
        self._cancel_timers()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        super().close()

    def __repr__(self) -> str:
        return f"StoeptegelWidget({self.game!r})"


_FAILED = object()
"""A bot's decision when the bot raised instead of deciding."""


class _BotFailed(Exception):
    pass


class _Thought(NamedTuple):
    """A bot thinking: its decision to come, and the timer of its thinking time."""

    decision: asyncio.Future[thinking.Decision]
    timer: asyncio.TimerHandle


def _card(code: str) -> Card:
    try:
        return Card.parse(code)
    except ValueError as error:
        raise IllegalMove(f"{error}.") from None
