"""A Tri-Peaks table without Jupyter: the one place a client's intent becomes an engine call.

A :class:`TriPeaksSession` holds a game and what the table adds to it: undo's policy, the
hint, the post-game verdict, replay and a new deal, the stats line and the history. Its
:meth:`~TriPeaksSession.handle` takes a client's intents (checked like any untrusted input);
:meth:`~TriPeaksSession.screen` is what the table shows. The widget is a thin adapter around
it (synced traits, focus, lifecycle).

Once a game is over, the player may ask whether the deal could have been cleared and what its
best score was. The solver looks at every card, so undo closes for that deal once the player
asks: nobody replays a deal knowing what the solver saw. The solve, and the search behind a
hint, run in a worker thread when an asyncio loop is running (a kernel's), so the table stays
responsive; each is remembered per position (asked again, it answers at once), and a request
while one is being computed is refused: a client cannot keep the kernel searching.

>>> session = TriPeaksSession(TriPeaks(seed=7))
>>> session.handle({"action": "draw"})
>>> session.screen()["view"]["stock_count"], session.version
(22, 2)
>>> session.handle({"action": "analyse"})
Traceback (most recent call last):
...
cardtable.errors.IllegalMove: The verdict on a deal is shown only once the game is over.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

from .. import _history as history
from .. import i18n
from .._records import record_file
from ..errors import IllegalMove
from ..intents import quote, read_intent
from ..judging import ACTIONS as EXERCISE_INTENTS
from ..judging import Judge, carry_out
from ..messages import message, say
from .deals import DealNumbers, par, par_note
from .game import TriPeaks
from .hints import PublicView
from .review_view import pending, review_screen
from .reviews import Review, review
from .solver import solve
from .texts import grouped, said

ACTIONS: dict[str, dict[str, type]] = {
    "play": {"position": int},
    "draw": {},
    "undo": {},
    "redo": {},
    "hint": {},
    "new": {},
    "replay": {},
    "analyse": {},
    "review": {},
    "download": {},
}
"""The intents a client may send, with their fields (``version`` may come with any); each is
carried out by the session's ``_on_<action>`` method."""
EXERCISE_ACTIONS: dict[str, dict[str, type]] = {
    **EXERCISE_INTENTS,
    "play": {"position": int},
    "draw": {},
    "undo": {},
    "new": {},
    "replay": {},
}
"""The intents of an exercise's table: a try (``play``, ``draw``), the exercise's hint,
starting over (Undo, Replay and New deal pose the exercise again), the kept progress."""
_log = logging.getLogger("cardtable")


def _ignore(*_args: object) -> None:
    """No one listens."""


class TriPeaksSession:
    """One Tri-Peaks table (see the module). ``known_seeds`` are the deals' numbers the player
    already knows (the seed a notebook asked for). With a ``judge`` the session is an
    exercise's (:data:`EXERCISE_ACTIONS`): the tries go to the judge, the view carries no legal
    moves (the learner finds the move) and no finished game is kept in the history.
    ``listen`` is ``(on_change, on_notice)``."""

    def __init__(
        self,
        game: TriPeaks,
        *,
        known_seeds: Iterable[int] = (),
        judge: Judge | None = None,
        listen: tuple[Callable[[], None], Callable[[str, str], None]] | None = None,
        numbers: DealNumbers | None = None,
        deliver: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self._on_change, self._on_notice = listen if listen else (_ignore, _ignore)
        self.lang = "en"
        """The language of the table's sentences (:mod:`cardtable.i18n`)."""
        self.numbers = numbers if numbers is not None else DealNumbers()
        """The numbered deals (``deal=12345``, the deal of the day) this table dealt."""
        self._deliver = deliver  # sends a file to the client (Download record), if it can
        self.review: dict[str, Any] = {}
        """The finished game's review once asked for (``review_view``; pending meanwhile)."""
        self._reviewed: tuple[TriPeaks, Review, str] | None = None  # written in another lang
        self.judge = judge
        self.version = 0
        """Counts the changes of the table; an intent meant for an earlier state is stale."""
        self.hint: int | str | None = None
        """The hint shown for this position (a position, or ``"draw"``), if asked for."""
        self.analysis: dict[str, Any] | None = None
        """The verdict on the finished game's deal once asked for (see :meth:`analyse`)."""
        self.stats: dict[str, Any] = {}
        self._counted: TriPeaks | None = None  # the finished game last kept in the history
        self._known_seeds = set(known_seeds)  # the player knows these deals' numbers
        self._hints: dict[PublicView, Any] = {}  # position -> its hint (the search is slow)
        self._verdicts: dict[str, dict[str, Any]] = {}  # a round's deal -> the solver's verdict
        self._busy: set[str] = set()  # the searches under way (a second is refused)
        self._unsubscribe: Callable[[], None] | None = None
        self.replace(game, notify=False)
        self._read_stats()

    # ------------------------------------------------------------------ the game
    def replace(self, game: TriPeaks, *, notify: bool = True) -> None:
        """Play ``game`` at this table from now on (a game finished elsewhere is not counted)."""
        self.close()
        if game.over:
            self._counted = game
        self.game = game
        self._unsubscribe = game.subscribe(lambda _game: self._changed())
        self._refresh()
        if notify:
            self._on_change()

    def new_game(
        self,
        seed: int | None = None,
        *,
        scoring: str | None = None,
        progressive: bool | None = None,
    ) -> None:
        """Deal a new game with the same options, or the ``scoring`` and ``progressive`` given
        (a fresh random seed unless one is given)."""
        if seed is not None:
            self._known_seeds.add(seed)
        game = self.game
        scoring = game.scoring if scoring is None else scoring
        progressive = game.progressive if progressive is None else progressive
        self.replace(TriPeaks(seed, scoring=scoring, progressive=progressive))

    def close(self) -> None:
        """Let go of the game (no more updates from it)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _changed(self) -> None:
        self._refresh()
        self._on_change()

    def _refresh(self) -> None:
        self.version += 1
        self.hint = None
        if self.game.over:  # the end tells the deal's number; one finished game counts once
            self._known_seeds.add(self.game.seed)
            self._count()
        else:
            self.analysis = None
            self.review, self._reviewed = {}, None
        seed = self.game.seed
        if self.numbers.needs_par(seed):
            self._in_thread(par, seed, lambda best: self._par_solved(seed, best), guarded=False)

    def _par_solved(self, seed: int, best: int | None) -> None:
        self.numbers.set_par(seed, best)
        self._on_change()  # the end banner shows the par beside the score

    def _in_thread(
        self,
        work: Callable[[Any], Any],
        arg: Any,
        done: Callable[[Any], None],
        *,
        kept: Callable[[Any], Any] | None = None,
        failed: str | None = None,
        busy: str | None = None,
        guarded: bool = True,
    ) -> None:
        """``done(work(arg))`` — in the solver's thread when an asyncio loop runs, back on the
        loop (here and now in a script). ``kept(answer)`` sees every answer first and returns
        it (a cache: the answer still holds for its position); ``done`` only one the table still
        waits for: once an undo, a move or a new deal changed the table (``version``), the
        answer is dropped (``guarded=False``: never). When the work fails, the message
        ``failed`` is told (never a traceback) and ``done(None)``. ``busy`` names the work in
        :attr:`_busy` until it ends, so that a second request can be refused meanwhile."""
        version = self.version
        if busy is not None:
            self._busy.add(busy)

        def finish(answer: Any, error: BaseException | None) -> None:
            if busy is not None:
                self._busy.discard(busy)
            if error is None and kept is not None:
                answer = kept(answer)
            if guarded and self.version != version:
                return  # a stale answer: the table moved on
            if error is not None:
                _log.debug("the solver's thread failed", exc_info=error)
                if failed is not None:
                    self._on_notice(say(message(failed), lang=self.lang), "error")
                answer = None
            done(answer)

        loop = _running_loop()
        if loop is None:
            try:
                answer = work(arg)
            except Exception as error:
                finish(None, error)
            else:
                finish(answer, None)
            return

        def settle(future: asyncio.Future[Any]) -> None:
            if not future.cancelled():
                error = future.exception()
                finish(None if error is not None else future.result(), error)

        loop.run_in_executor(_solver_thread(), work, arg).add_done_callback(settle)

    def screen(self) -> dict[str, Any]:
        """What the table shows: ``view`` (``game.view()``, without the legal moves in an
        exercise), ``said``, ``hint``, ``analysis``, ``ending``, ``deal``, ``stats``
        and ``version``."""
        game = self.game
        view = dict(game.view())
        if self.judge is not None:
            view["legal"] = []  # no highlights: the learner finds the move
        known = game.seed in self._known_seeds and not game.fixed_deal()
        lang = self.lang
        deal = i18n.text("tripeaks.deal", lang, number=grouped(game.seed)) if known else ""
        stats = {**self.stats, "text": history.stats_text(self.stats, lang)} if self.stats else {}
        return {
            "view": view,
            "said": said(game.last_events, game.score, lang),
            "hint": self.hint,
            "analysis": _verdict_text(self.analysis, lang),
            "ending": _ending(game, self.numbers, lang),
            "deal": self.numbers.name(game.seed, lang) or deal,
            "review": self._review_in(lang),
            "stats": stats,
            "version": self.version,
        }

    # ------------------------------------------------------------------ intents
    def handle(
        self, content: object, seat: int = 0, settings: Mapping[str, Any] | None = None
    ) -> None:
        """Apply one intent from the client at ``seat`` (Tri-Peaks has one, seat 0), e.g.
        ``{"action": "play", "position": 21}``; see :data:`ACTIONS`. A ``new`` deal is dealt
        with the checked ``settings`` (``scoring``, ``progressive``; ``cardtable.settings``).

        Raises :class:`IllegalMove` (and changes nothing) for anything the rules or the table
        refuse.
        """
        if seat != 0:
            shown = seat if type(seat) is int else quote(seat)
            raise IllegalMove(message("tripeaks.one_player", seat=shown))
        if self.judge is not None:
            intent = read_intent(content, EXERCISE_ACTIONS, self.version)
            if intent["action"] in ("undo", "new", "replay"):
                intent = {"action": "reset"}  # the exercise is posed again
            carry_out(self.judge, intent, intent.get("position", "draw"))
            return
        intent = read_intent(content, ACTIONS, self.version)
        action = intent.pop("action")
        if action == "new":
            intent.update(settings or {})
        getattr(self, f"_on_{action}")(**intent)

    def _on_play(self, position: int) -> None:
        self.game.play(position)

    def _on_draw(self) -> None:
        self.game.draw()

    def _on_undo(self) -> None:
        if self.analysis is not None:
            raise IllegalMove(message("tripeaks.undo_closed"))
        if self.game.undo() is None:
            raise IllegalMove(message("tripeaks.no_undo"))

    def _on_redo(self) -> None:
        if self.game.redo() is None:
            raise IllegalMove(message("tripeaks.no_redo"))

    def _on_hint(self) -> None:
        self.ask_hint()

    def _on_analyse(self) -> None:
        self.analyse()

    def _on_replay(self) -> None:
        self.replace(self.game.replay())

    def _on_new(self, **settings: Any) -> None:
        self.new_game(**settings)

    def _on_review(self) -> None:
        self.review_game()

    def _on_download(self) -> None:
        """Send the finished game's record to the client, which saves it as a file (during
        play it would tell the seed, and so every face-down card)."""
        if not self.game.over:
            raise IllegalMove(message("tripeaks.record_later"))
        if self._deliver is None:
            raise IllegalMove(message("tripeaks.no_files"))
        self._deliver(record_file(self.game.record(), f"tripeaks-{self.game.seed}"))

    def review_game(self) -> None:
        """Open the finished game's review (``review_view``): it counts as asking for the
        verdict, so undo closes for this deal. Computed in the solver's thread."""
        game = self.game
        if not game.over:
            raise IllegalMove(message("tripeaks.review_later"))
        if self.review.get("pending"):
            raise IllegalMove(message("tripeaks.reviewing"))
        self.analyse()
        if self.review:
            return

        lang = self.lang

        def work(copy: TriPeaks) -> tuple[TriPeaks, Review, dict[str, Any]]:
            result = review(copy)
            return copy, result, review_screen(copy, result, lang)

        def shown(found: tuple[TriPeaks, Review, dict[str, Any]] | None) -> None:
            self.review = {} if found is None else found[2]
            self._reviewed = None if found is None else (found[0], found[1], lang)
            self._on_change()

        self.review = pending(lang)
        self._on_change()
        self._in_thread(work, TriPeaks.from_json(game.to_json()), shown,
                        failed="tripeaks.review_failed")  # fmt: skip

    def _review_in(self, lang: str) -> dict[str, Any]:
        """The review as the panel shows it in ``lang`` (written again after a switch)."""
        if self.review.get("pending"):
            return pending(lang)
        if self._reviewed is not None and self._reviewed[2] != lang:
            copy, result, _ = self._reviewed
            self.review, self._reviewed = review_screen(copy, result, lang), (copy, result, lang)
        return self.review

    # ------------------------------------------------------------------ searches
    def analyse(self) -> None:
        """Solve the deal of the finished game's last round: could it be cleared, and its best
        score. Undo closes for this deal from then on."""
        if not self.game.over:
            raise IllegalMove(message("tripeaks.verdict_later"))
        if self.analysis is not None:
            if self.analysis.get("pending"):
                raise IllegalMove(message("tripeaks.solving"))
            return
        start = self.game.initial()
        deal = start.to_json()
        if deal in self._verdicts:
            self._show_verdict(self._verdicts[deal])
            return
        if _running_loop() is not None:  # shown while the solver's thread works
            self._show_verdict({"pending": True})
        self._in_thread(
            _verdict,
            start,
            self._show_verdict,
            kept=lambda verdict: _remember(self._verdicts, deal, verdict),
            failed="tripeaks.verdict_failed",
        )

    def _show_verdict(self, verdict: dict[str, Any] | None) -> None:
        self.analysis = verdict  # None: the search failed, and may be asked for again
        self._on_change()

    def ask_hint(self) -> None:
        """Show the fair hint for this position: a known one at once; otherwise searched in
        the solver's thread when an asyncio loop runs (here and now in a script)."""
        game = self.game
        if not game.legal_moves():
            raise IllegalMove(message("tripeaks.no_hint", "T9"))
        position = PublicView.of(game)  # all the hint depends on (it sees what the player sees)
        if position in self._hints:
            self._show_hint(self._hints[position])
            return
        if "hint" in self._busy:
            raise IllegalMove(message("tripeaks.hinting"))
        copy = TriPeaks.from_json(game.to_json())  # the live game may move on meanwhile
        self._in_thread(
            TriPeaks.hint,
            copy,
            self._show_hint,
            kept=lambda hint: _remember(self._hints, position, hint),
            failed="tripeaks.hint_failed",
            busy="hint",
        )

    def _show_hint(self, hint: int | str | None) -> None:
        self.hint = hint
        self._on_change()

    # ------------------------------------------------------------------ the history
    def _count(self) -> None:
        """A game that just ended is kept in the history once (an undo and the same end again
        do not count twice), and the stats line is read from it (``cardtable.history``). A deal
        given card by card (a lesson's, a test's) is not kept, nor an exercise's game."""
        game = self.game
        if self._counted is game or self.judge is not None or game.fixed_deal():
            return
        self._counted = game
        warning = history.add(game.record(), **self.numbers.history(game.seed))
        self._read_stats()
        if warning:
            self._on_notice(warning, "error")

    def _read_stats(self) -> None:
        line = history.stats("tripeaks", self.game.scoring)
        warning = line.pop("warning", None)
        self.stats = line
        if warning:
            self._on_notice(warning, "error")


def _ending(game: TriPeaks, numbered: DealNumbers, lang: str = "en") -> dict[str, str]:
    """The end banner's sentences once the game is over (else empty), in ``lang``. The deal's
    number (its seed) is told only then: during play it would let anyone rebuild the face-down
    cards."""
    if not game.over:
        return {}
    title = i18n.text("tripeaks.end.won" if game.won else "tripeaks.end.lost", lang)
    seed = game.seed
    deal = (
        i18n.text("tripeaks.end.prepared", lang)
        if game.fixed_deal()
        else numbered.again(seed, lang)
        or i18n.text("tripeaks.end.again", lang, number=grouped(seed), code=grouped(seed, "_"))
    )
    score = i18n.text("tripeaks.end.score", lang, score=game.score)
    if numbered.is_daily(seed):
        score = par_note(game.score, numbered.par(seed), lang)
    return {"title": title, "score": score, "deal": deal}


def _verdict(start: TriPeaks) -> dict[str, Any]:
    solution = solve(start, objective="score")
    return {"winnable": solution.winnable, "best_score": solution.best_score}


def _verdict_text(verdict: dict[str, Any] | None, lang: str) -> dict[str, Any] | None:
    """The verdict as the end banner shows it: with its sentence in ``lang``."""
    if verdict is None:
        return None
    if verdict.get("pending"):
        return {**verdict, "text": i18n.text("tripeaks.verdict.pending", lang)}
    cleared = "tripeaks.verdict.winnable" if verdict["winnable"] else "tripeaks.verdict.lost"
    return {**verdict, "text": i18n.text(cleared, lang, best=verdict["best_score"])}


def _remember(known: dict[Any, Any], key: Any, value: Any) -> Any:
    """``known[key] = value`` (forgetting all once 512 are known), and ``value``."""
    if len(known) >= 512:
        known.clear()
    known[key] = value
    return value


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


@cache
def _solver_thread() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-solver")
