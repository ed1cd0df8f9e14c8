"""A Stoeptegel table without Jupyter: seats, bots, the hot-seat hand-over and the bots' clock.

A :class:`TableSession` holds a game and knows who sits where: which seats are human, which are
bots (and which bot), what each seat is called, whose cards the screen shows, and when the
screen must go dark for a hand-over. It takes a client's intents (checked like any untrusted
input) and lets the bots move on a clock it is given (:class:`Clock`): an asyncio loop in a
kernel, a fake clock in tests, or none at all (the bots then move at once). The widget is a thin
adapter around it; so can a server be.

Rule B23: bots "think" for a random time drawn the same way whether they lay or pass, from an
entropy source the deal's seed does not reach, and compute away from the clock's thread
(:mod:`.thinking`), so nothing about their cards shows in how long anything takes. The table
never passes for a human and has no clock for humans.

>>> from cardtable.stoeptegel import Stoeptegel
>>> session = TableSession(Stoeptegel(players=3, seed=5), think=None)
>>> session.shown, session.humans, session.names
(0, [0], ['You', 'Anna', 'Bram'])
>>> session.handle({"action": "choose", "card": session.game.hand(0)[0].code})
>>> session.game.phase, session.game.to_move
('play', 0)
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..cards import Card
from ..errors import IllegalMove
from ..i18n import text
from ..intents import quote, read_intent
from ..judging import ACTIONS as EXERCISE_INTENTS
from ..judging import Judge, carry_out
from ..messages import Message, message
from ..naming import Names, player
from . import thinking
from .game import Stoeptegel
from .log import describe, points_badge, round_end_headline
from .seat_log import SeatLog, SharedParts, frame_view
from .texts import table_texts

ACTIONS: dict[str, dict[str, type]] = {
    "choose": {"card": str},
    "play": {"card": str, "row": int},
    "pass": {},
    "ready": {},
    "new": {},
    "log": {},
}
"""The intents a client may send, with their fields (``version`` may come with any)."""
EXERCISE_ACTIONS: dict[str, dict[str, type]] = {
    **EXERCISE_INTENTS,
    "play": ACTIONS["play"],
    "pass": {},
    "log": {},
}
"""The intents of an exercise's table: a try (``play``, ``pass``), the exercise's hint,
starting over, the kept progress, and the log asked for again."""
STRENGTHS = {
    "random": "random",
    "greedy": "greedy",
    "sampling": "sampling",
    "strong": "sampling",
    "expert": "expert",
}
"""Bot strengths by name (``"strong"`` is the sampling bot), see ``cardtable.stoeptegel.bots``."""
BOT_NAMES = ("Anna", "Bram", "Carla", "Daan", "Eva", "Floor")
DEFAULT_THINK = (0.6, 1.6)
BOT_START_S = 0.05
"""How long after its turn begins a bot starts computing (within its thinking time)."""

_log = logging.getLogger("cardtable")


class Cancellable(Protocol):
    def cancel(self) -> Any: ...


class Clock(Protocol):
    """Where the bots' thinking times run out."""

    def running(self) -> bool:
        """Can callbacks be scheduled now? If not, the bots move at once."""
        ...

    def schedule(self, delay: float, fn: Callable[[], None]) -> Cancellable:
        """Call ``fn()`` after ``delay`` seconds, on the clock's thread."""
        ...

    def soon(self, fn: Callable[[], None]) -> None:
        """Call ``fn()`` on the clock's thread as soon as possible; callable from any thread."""
        ...


class AsyncioClock:
    """The running asyncio loop (a kernel's), or the one running where the table was made."""

    def __init__(self) -> None:
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None

    def _current(self) -> asyncio.AbstractEventLoop | None:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            loop = self._loop
            return loop if loop is not None and loop.is_running() else None

    def running(self) -> bool:
        return self._current() is not None

    def schedule(self, delay: float, fn: Callable[[], None]) -> Cancellable:
        loop = self._current()
        assert loop is not None, "schedule() needs a running loop"
        self._loop = loop
        return loop.call_later(delay, fn)

    def soon(self, fn: Callable[[], None]) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(fn)


def make_bot(strength: str, seed: int | None) -> Any:
    """A built-in bot by strength name (``"random"``, ``"greedy"``, ``"strong"``, ``"expert"``)."""
    from .bots import BOTS

    try:
        return BOTS[STRENGTHS[strength]](seed=seed)
    except KeyError:
        known = ", ".join(repr(s) for s in STRENGTHS)
        raise ValueError(f"unknown bot strength {strength!r}: use one of {known}") from None


def check_think(think: object) -> tuple[float, float] | None:
    """``(shortest, longest)`` seconds with 0 <= shortest <= longest, or ``None``."""
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


SEAT_TRAITS = (
    "view", "reasons", "names", "humans", "handover", "notes", "version", "message", "review",
    "lang",
)  # fmt: skip
"""A seat's state as its table draws it: the Stoeptegel screen's synced traits (``review`` a
live table's, not an exercise's), what a served table sends each seat (``notes`` once, when a
socket joins; ``lang``, the language its words are in), what a remote seat sets (all but
``lang``: its own language is chosen in the notebook)."""


REVEALED_ONCE = ("stoeptegels", "breakdown", "rows")
"""What a round's end line leaves to the view's ``reveal``, which holds the same (the line
would double the round's last message, issue 28)."""


def seat_state(
    game: Stoeptegel,
    seat: int,
    names: Sequence[str],
    *,
    hints: bool = True,
    log: SeatLog | None = None,
    shared: SharedParts | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """What a client at ``seat`` is sent: ``view`` (``game.view(seat)``, each event with its
    log sentence ``text``; a round's end without the figures its ``reveal`` holds) and
    ``reasons`` (``explain()`` for its own cards on its turn). The one function both the
    widget and a server build a seat's state with. ``hints=False`` (an exercise: the learner
    finds the move) leaves out every help the table is sent: the legal moves, the playable
    cards, the would-score marks, the scoring line, the reasons, and the prompt's "glowing
    rows" and "pass is always allowed" (the front end, on an exercise's table, also leaves
    the rows' "counts", see-through and "lower" marks out).
    For a served table's frames (:mod:`.seat_log`): ``log``, the seat's ``SeatLog``, which
    keeps the log lines of its last state (only the events since are described anew);
    ``shared``, the table's ``SharedParts`` (the parts every seat sees alike, built once:
    they hold no words). Every sentence is written in ``lang``, the seat's language.

    >>> from cardtable.stoeptegel import Stoeptegel
    >>> game = Stoeptegel(players=2, seed=3)
    >>> bare = seat_state(game, 0, ["You", "Anna"], hints=False)
    >>> bare["view"]["legal"], bare["view"]["would_score"], bare["reasons"]
    ([], {}, {})
    """
    log = log if log is not None else SeatLog()
    since, context = log.resume(game, seat, names, lang)
    view = frame_view(game, seat, since, shared)
    if not hints:
        view["legal"], view["would_score"] = [], {}
        view["playable"] = [False] * len(view["hand"])
    who = Names(names, seat, lang)
    lines = []
    for event in view["events"]:
        kind = event["type"]
        line = dict(event, text=describe(event, who, context))  # shallow: the figures shared
        if kind == "round_end":  # its figures travel once, as the view's "reveal"
            for figures in REVEALED_ONCE:
                line.pop(figures, None)
            line["headline"] = round_end_headline(event, who)
        elif kind == "points":
            line["badge"] = points_badge(event, lang)
        lines.append(line)
    lines = log.keep(view, lines)
    reasons: dict[str, list[str | None]] = {}
    if hints and game.phase == "play" and game.to_move == seat:
        reasons = {
            c.code: [game.explain(seat, c, row, lang) for row in range(3)]
            for c in game.hand(seat)
        }
    texts = table_texts(view, names, hints=hints, lang=lang)
    return {"view": dict(view, events=lines, texts=texts), "reasons": reasons}


def _told_at_the_screen(handle: Callable[..., None]) -> Callable[..., None]:
    """A refusal of ``handle`` speaks this table's names, the seat at the screen as "you"."""

    @functools.wraps(handle)
    def told(
        self: TableSession,
        content: object,
        seat: int | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        try:
            handle(self, content, seat, settings)
        except IllegalMove as refusal:
            you = self.shown if seat is None else seat
            raise IllegalMove(refusal.message, Names(self.names, you, self.lang)) from None

    return told


class TableSession:
    """One table: a game, its seats and bots, the screen, the bots' clock (see the module).

    ``seat`` is the human seat, or a list of seats for hot-seat play on one screen; ``bots``
    a strength for every other seat, or one entry per seat (a bot with ``choose(view)`` and
    ``turn(view)``, or ``None`` for a human); ``bots=None`` makes every seat human. ``think``
    is the bots' thinking time in seconds (``None``: at once); ``think_seed`` fixes it (tests
    only); ``bot_seed`` seeds built-in bots. ``clock`` defaults to the running asyncio loop;
    ``submit`` starts a bot's decision (:func:`.thinking.submit`); ``listen`` is
    ``(on_change, on_notice)``, registered before the bots' first moves (a notice is a
    :class:`~cardtable.messages.Message`, for each listener to say in its language). ``lang``
    is the language of the table's default names and of its screen. With a ``judge`` the
    session is an exercise's (:data:`EXERCISE_ACTIONS`): a try goes to the judge, as the
    learner says it (rows 1–3).
    """

    def __init__(
        self,
        game: Stoeptegel,
        *,
        seat: int | Sequence[int] = 0,
        bots: str | Sequence[Any] | None = "greedy",
        names: Sequence[str] | None = None,
        think: tuple[float, float] | None = DEFAULT_THINK,
        think_seed: int | None = None,
        bot_seed: int | None = None,
        clock: Clock | None = None,
        submit: Callable[[Any, Mapping[str, Any]], concurrent.futures.Future[Any]] | None = None,
        listen: tuple[Callable[[], None], Callable[[Message, str], None]] | None = None,
        judge: Judge | None = None,
        lang: str = "en",
    ) -> None:
        self.judge = judge
        self.lang = lang
        self.think = check_think(think)
        # Rule B23: think times from an entropy source independent of the deal's seed (a
        # seeded table's bots would otherwise think in a rhythm the seed predicts).
        self._think_rng = random.SystemRandom() if think_seed is None else random.Random(think_seed)
        self._bot_spec, self._seat_spec, self._bot_seed = bots, seat, bot_seed
        self._given_names = None if names is None else [str(name) for name in names]
        self._clock = clock if clock is not None else AsyncioClock()
        self._submit = submit or thinking.submit
        self._on_change, self._on_notice = listen if listen else (_ignore, _ignore)
        self._timers: dict[int, Cancellable] = {}
        self._epoch = 0
        self._busy = False
        self._unsubscribe: Callable[[], None] | None = None
        self.version = 0
        """Counts the changes of the screen; an intent meant for an earlier one is stale."""
        self._accept_from = 0
        self._screen_key: tuple[Any, ...] | None = None
        self.replace(game, notify=False)

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
            base = self._bot_seed
            bots = [
                None
                if s in seats
                else make_bot(spec, None if base is None else (base * 7 + s + 1) % (1 << 63))
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

    def _names(self, players: int, humans: list[int]) -> list[str]:
        names, pool = [], iter(BOT_NAMES)
        for s in range(players):
            if s in humans:
                alone = len(humans) == 1
                names.append(text("names.you", self.lang) if alone else player(s, self.lang))
            else:
                names.append(next(pool))
        given = self._given_names or []
        names[: len(given)] = given[:players]
        return names

    def replace(self, game: Stoeptegel, *, notify: bool = True) -> None:
        """Play ``game`` at this table from now on (the seats and bots are set up anew)."""
        humans, bots = self._seat_bots(game.players)  # raises before anything changes
        names = self._names(game.players, humans)
        self.close()
        self.game, self.humans, self.bots, self.names = game, humans, bots, names
        self.shown: int | None = None
        """The seat whose cards the screen shows (``None`` during a hand-over)."""
        self.handover: int | None = None
        """Hot seat: the seat the screen must be passed to before its cards show."""
        self._last_shown: int | None = None
        # Each seat's log lines and the parts all seats see, kept from frame to frame: a
        # frame describes only the events since the last (issue 28: a click's reply).
        self._logs: dict[int, SeatLog] = {}
        self._shared = SharedParts()
        self._unsubscribe = game.subscribe(lambda _game: self._changed())
        self._refresh()
        if notify:
            self._notify()
        self._schedule_bots()

    @property
    def strength(self) -> str | None:
        """The strength every bot plays at, or ``None`` (no bots, or bots given one by one)."""
        return self._bot_spec if isinstance(self._bot_spec, str) else None

    def new_game(
        self, seed: int | None = None, *, target: int | None = None, bots: str | None = None
    ) -> None:
        """A new game with the same players, house rules, target and bots, or the ``target``
        and bot strength given (a fresh random seed unless one is given)."""
        game = self.game
        target = game.target if target is None else target
        new = Stoeptegel(game.players, seed, target=target, rules=game.rules)
        if bots is not None:
            make_bot(bots, None)  # an unknown strength raises before anything changes
            self._bot_spec = bots
        self.replace(new)

    def _notify(self) -> None:
        self._on_change()

    def relang(self, lang: str) -> None:
        """Speak ``lang`` from now on: the seats' default names too (the screen is written
        anew at the next :meth:`screen`)."""
        self.lang = lang
        self.names = self._names(self.game.players, self.humans)

    def _say(self, note: Message, kind: str) -> None:
        self._on_notice(note, kind)

    # ------------------------------------------------------------------ the screen
    def _wanted_seat(self) -> int:
        """The human seat whose view should be on screen now."""
        game, humans, shown = self.game, self.humans, self._last_shown
        if game.phase == "choose":
            waiting = [s for s in humans if game.chosen(s) is None]
            if waiting:
                return shown if shown in waiting else waiting[0]
        elif game.phase == "play" and game.to_move in humans:
            return int(game.to_move)
        return shown if shown is not None else humans[0]

    def _changed(self) -> None:
        """The game changed (from a client, a bot or Python): redraw, then let bots move."""
        self._refresh()
        self._notify()
        self._schedule_bots()

    def _refresh(self) -> None:
        wanted = self._wanted_seat()
        if self._last_shown is None or wanted == self._last_shown:
            self._last_shown, self.shown, self.handover = wanted, wanted, None
        else:  # hot seat: the screen goes dark until the next player says "ready"
            self.shown, self.handover = None, wanted
        game = self.game
        if self.shown is None:
            key: tuple[Any, ...] = ("handover", self.handover)
        else:
            key = (
                self.shown,
                game.phase,
                game.round,
                game.phase == "play" and game.to_move == self.shown,
                game.phase == "choose" and game.chosen(self.shown) is None,
            )
        self.version += 1
        if key != self._screen_key:  # a click from this turn (or choice) is not stale
            self._screen_key = key
            self._accept_from = self.version

    def screen(self) -> dict[str, Any]:
        """What the screen shows: ``view``, ``reasons`` and ``handover`` (``{"seat", "name"}``
        or empty); nothing of any seat's cards during a hand-over."""
        if self.shown is None:
            seat = self.handover
            assert seat is not None
            name = self.names[seat]
            handover = {
                "seat": seat,
                "name": name,
                "title": text("stoeptegel.handover.title", self.lang, name=name),
                "text": text("stoeptegel.handover.text", self.lang),
                "ready": text("stoeptegel.handover.ready", self.lang, name=name),
            }
            return {"view": {}, "reasons": {}, "handover": handover}
        seat = self.shown
        log = self._logs.setdefault(seat, SeatLog())
        state = seat_state(
            self.game, seat, self.names, log=log, shared=self._shared, lang=self.lang
        )
        return {**state, "handover": {}}

    # ------------------------------------------------------------------ intents
    @_told_at_the_screen
    def handle(
        self,
        content: object,
        seat: int | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        """Apply one intent from a client: ``{"action": "choose", "card": "TH"}``, ``{"action":
        "play", "card": "TH", "row": 0}``, ``{"action": "pass"}``, ``{"action": "ready"}``
        (hot-seat hand-over), ``{"action": "new"}`` (once the game is over, with the checked
        ``settings`` for it: ``target``, ``bots``) or ``{"action": "log"}`` (a client asks for
        the round's log again: a no-op here).

        ``seat=None`` is the client at the one screen (hot seat: the seat it shows); a ``seat``
        is that seat's own screen (a served table), which no hand-over darkens.

        Raises :class:`IllegalMove` (and changes nothing) for anything the rules or the table
        refuse.
        """
        sent = content.get("version") if isinstance(content, dict) else None
        version = self.version
        if type(sent) is int and self._accept_from <= sent <= self.version:
            version = sent
        if self.judge is not None:
            return self._judged(read_intent(content, EXERCISE_ACTIONS, version))
        if seat is not None and seat not in self.humans:
            raise IllegalMove(message("served.not_a_person"))
        action = read_intent(content, ACTIONS, version)
        kind = action["action"]
        if kind == "log" or (kind == "ready" and seat is not None):
            return
        if kind == "ready":
            if self.handover is None:
                raise IllegalMove(message("stoeptegel.no_handover"))
            self._last_shown = self.handover
            self._refresh()
            self._notify()
            return
        if seat is None:
            if self.handover is not None:
                raise IllegalMove(message("stoeptegel.handover_first", handover=self.handover))
            seat = self.shown
            assert seat is not None
        game = self.game
        if kind == "new":
            if game.phase != "over":
                raise IllegalMove(message("stoeptegel.still_playing", "B27"))
            self.new_game(**(settings or {}))
            return
        mover = game.to_move
        if kind in ("play", "pass") and mover is not None and mover != seat:
            raise IllegalMove(message("stoeptegel.not_your_turn", "B23", seat=seat, to_move=mover))
        if kind == "choose":
            game.choose(seat, _card(action["card"]))
        elif kind == "play":
            game.play(seat, _card(action["card"]), action["row"])
        else:
            game.pass_turn(seat)

    def told(self, refusal: IllegalMove, seat: int | None = None) -> str:
        """A refusal in words for ``seat`` (the seat at the screen by default): players by
        their names at this table, that seat as "you"."""
        return refusal.told(Names(self.names, self.shown if seat is None else seat, self.lang))

    def _judged(self, intent: dict[str, Any]) -> None:
        """An exercise's intent: a try goes to the judge as the learner says it (rows 1–3)."""
        assert self.judge is not None
        kind = intent["action"]
        move: str | tuple[str, int] = "pass"
        if kind == "log":
            return
        if kind == "play":
            if not 0 <= intent["row"] <= 2:
                raise IllegalMove(message("stoeptegel.no_row", "B2", row=intent["row"]))
            move = (intent["card"], intent["row"] + 1)
        carry_out(self.judge, intent, move)

    # ------------------------------------------------------------------ bots
    def _bot_work(self) -> list[int]:
        game = self.game
        if game.phase == "choose":
            return [s for s, b in enumerate(self.bots) if b is not None and game.chosen(s) is None]
        mover = game.to_move
        if mover is not None and self.bots[mover] is not None:
            return [mover]
        return []

    def _stamp(self) -> tuple[int, int]:
        return self._epoch, len(self.game.actions)

    def _schedule_bots(self) -> None:
        if self._busy:
            return  # the synchronous loop below is running and looks again
        work = [s for s in self._bot_work() if s not in self._timers]
        if not work:
            return
        if self.think is None or not self._clock.running():
            self._run_bots_now()
            return
        for seat in work:
            # Rule B23: the thinking time is drawn before the bot decides, the same way for a
            # play and a pass; the bot computes away from the clock's thread meanwhile, and
            # moves when both its time is up and its decision is in.
            delay = self._think_rng.uniform(*self.think)
            stamp = self._stamp()
            decision: concurrent.futures.Future[Any] = concurrent.futures.Future()
            # It starts computing a moment later: the reply to the move that made it its turn
            # goes out and is drawn first, not beside its work on a small machine (issue 28).
            self._clock.schedule(
                min(delay, BOT_START_S), functools.partial(self._start_bot, seat, stamp, decision)
            )
            self._timers[seat] = self._clock.schedule(
                delay, functools.partial(self._bot_ready, seat, stamp, decision)
            )

    def _start_bot(
        self, seat: int, stamp: tuple[int, int], decision: concurrent.futures.Future[Any]
    ) -> None:
        """Start the bot's decision on the table as it is now (a move since its thinking time
        began makes ``_bot_ready`` think again)."""
        if stamp[0] != self._epoch:  # the table was replaced or closed meanwhile
            decision.set_result((False, None, self.bots[seat]))
            return
        started = self._submit(self.bots[seat], self.game.view(seat))
        started.add_done_callback(lambda done: decision.set_result(done.result()))

    def _bot_ready(
        self, seat: int, stamp: tuple[int, int], decision: concurrent.futures.Future[Any]
    ) -> None:
        """The thinking time is over: move once the decision is in."""
        if stamp[0] != self._epoch:
            return  # the table was replaced or closed meanwhile
        if not decision.done():
            decision.add_done_callback(
                lambda _: self._clock.soon(lambda: self._bot_ready(seat, stamp, decision))
            )
            return
        self._timers.pop(seat, None)
        ok, choice, bot = decision.result()
        if thinking.is_builtin(bot):
            self.bots[seat] = bot  # a worker process's copy carries the bot's new state
        if seat not in self._bot_work() or (self.game.phase == "play" and stamp != self._stamp()):
            self._schedule_bots()  # Python changed the table meanwhile: think again
            return
        self._apply(seat, choice if ok else _FAILED)

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
            what = "failed" if isinstance(error, _BotFailed) else "illegal"
        name = self.names[seat]
        if choosing and game.phase == "choose" and game.chosen(seat) is None:
            self._say(message(f"stoeptegel.bot.{what}_choose", name=name), "error")
            game.choose(seat, game.hand(seat)[0])
        elif game.phase == "play" and game.to_move == seat:
            self._say(message(f"stoeptegel.bot.{what}_pass", name=name), "error")
            game.pass_turn(seat)

    def _run_bots_now(self) -> None:
        """No clock: let the bots move until a human must act."""
        self._busy = True
        try:
            while work := self._bot_work():
                for seat in work:
                    if seat in self._bot_work():
                        ok, choice, _bot = thinking.decide(self.bots[seat], self.game.view(seat))
                        self._apply(seat, choice if ok else _FAILED)
        finally:
            self._busy = False

    def close(self) -> None:
        """Stop the bots and let go of the game."""
        self._epoch += 1
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None


def _ignore(*_args: object) -> None:
    """No one listens."""


_FAILED = object()
"""A bot's decision when the bot raised instead of deciding."""


class _BotFailed(Exception):
    pass


def _card(code: str) -> Card:
    try:
        return Card.parse(code)
    except ValueError:
        raise IllegalMove(message("stoeptegel.not_a_card", text=quote(code))) from None
