"""The Tri-Peaks table as an anywidget.

The widget holds a :class:`~cardtable.tripeaks.TriPeaks` engine, syncs ``game.view()`` (plus
UI-only state: a hint, a message, the post-game verdict, the drawing geometry) and turns the
browser's intents into engine calls. Everything interesting happens in the engine.

Once a game is over, the player may ask whether the deal could have been cleared and what its
best score was. The solver looks at every card, so undo closes for that deal once the player
asks: nobody replays a deal knowing what the solver saw. The solve, and the search behind a
hint, run in a worker thread when the kernel's event loop is running, so the table stays
responsive; each is remembered per position (asked again, it answers at once), and a request
while one is being computed is refused: the browser cannot keep the kernel searching.

>>> from cardtable import TriPeaksWidget
>>> table = TriPeaksWidget(seed=7)
>>> table.view["stock_count"]
23
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

import traitlets

from .. import _history as history
from ..errors import IllegalMove
from ..intents import read_intent
from ..tripeaks import TriPeaks, solve
from ..tripeaks.deals import par_note
from ..tripeaks.hints import PublicView
from ..tripeaks.layout import ROW_OF, SIZE, x_slot
from ..tripeaks.review_view import PENDING, review_screen
from ..tripeaks.texts import HELP, grouped, said
from .base import STATIC, TableWidget
from .deal_numbers import DealNumbers
from .review import compute, record_file

_ACTIONS: dict[str, dict[str, type]] = {
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
UNDO_CLOSED = "Undo is closed for this deal: the solver's verdict was shown. Deal again!"
"""Why Undo is refused (and disabled, as its tooltip) once the verdict was asked for."""
GEOMETRY = {"x": [x_slot(p) for p in range(SIZE)], "row": list(ROW_OF)}
"""Where each position is drawn: in card widths from the left, and its row (rule T1)."""


class TriPeaksWidget(TableWidget):
    """A live Tri-Peaks table. ``widget.game`` is the engine it drives: play on it from Python
    (or assign a new game) and the table follows. ``four_color=True`` colours diamonds blue and
    clubs green; ``show_positions=True`` labels the 28 positions (for lessons)."""

    _esm = STATIC / "tripeaks.js"
    _css = STATIC / "tripeaks.css"

    view = traitlets.Dict().tag(sync=True)
    """``game.view()``: all the browser knows of the game."""
    hint = traitlets.Union(
        [traitlets.Int(), traitlets.Unicode()], allow_none=True, default_value=None
    ).tag(sync=True)
    analysis = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    """Asked for once the game is over: ``{"pending": true, "text"}``, then ``{"winnable",
    "best_score", "text"}`` for the deal of the last round."""
    geometry = traitlets.Dict(GEOMETRY).tag(sync=True)
    ending = traitlets.Dict().tag(sync=True)
    """Once the game is over, the end banner's sentences: ``{"title", "score", "deal"}``; else
    empty. The deal's number (its seed) is told only then: during play it would let anyone
    rebuild the face-down cards."""
    notes = traitlets.Dict(
        {
            "help": [list(line) for line in HELP],
            "undo_closed": UNDO_CLOSED,
            "hint": {"play": "Hint: play {card}.", "draw": "Hint: draw from the stock."},
        }
    ).tag(sync=True)
    """The sentences that never change: the how-to-play panel's rules, why Undo is disabled
    once the verdict closed it, and the hint as announced (the page fills in ``{card}``)."""
    deal = traitlets.Unicode("").tag(sync=True)
    """The deal's number ("Deal 41") once the player knows it: the seed the notebook asked
    for, or one shown at the end of a game; a random deal's number stays home during play (it
    would rebuild the face-down cards)."""
    said = traitlets.Unicode("").tag(sync=True)
    """The last move in words ("5♥ played, run of 3, 3 points. Score 6."): what the table
    announces to a screen reader."""
    show_positions = traitlets.Bool(False).tag(sync=True)
    """Label every position with its number (0–27, rule T1), for lessons."""
    stats = traitlets.Dict().tag(sync=True)
    review = traitlets.Dict().tag(sync=True)
    """Once a finished game's review was asked for: ``review_view.PENDING``, then
    ``review_view.review_screen(game)``; else empty."""
    keeps_history = True
    """A game finished here is kept in the history (an exercise's table keeps none)."""
    """This table's games so far: ``{"games", "won", "best", "streak", "text"}``."""
    game = traitlets.Instance(TriPeaks)

    def __init__(
        self,
        seed: int | None = None,
        *,
        scoring: str = "standard",
        progressive: bool = False,
        game: TriPeaks | None = None,
        show_positions: bool = False,
        deal: int | None = None,
        daily: bool = False,
        **kwargs: Any,
    ) -> None:
        self._numbered = DealNumbers()  # deal=12345 and daily=True (widgets.deal_numbers)
        if (deal is not None or daily) and (seed is not None or game is not None):
            raise TypeError("give one of seed=, deal=, daily=True or game=")
        seed = self._numbered.choose(deal=deal, daily=daily) if seed is None else seed
        self._counted: TriPeaks | None = None  # the finished game last kept in the history
        self._known_seeds: set[int] = set() if seed is None else {seed}  # the player knows these
        self._hints: dict[PublicView, Any] = {}  # position -> its hint (the search is slow)
        self._verdicts: dict[str, dict[str, Any]] = {}  # a round's deal -> the solver's verdict
        self._hinting = False
        super().__init__(**kwargs)
        self.show_positions = show_positions
        self.game = (
            game if game is not None else TriPeaks(seed, scoring=scoring, progressive=progressive)
        )
        self._read_stats()

    @traitlets.observe("game")
    def _follow(self, change: dict[str, Any]) -> None:
        if change["new"].over:  # finished elsewhere: not a game played at this table
            self._counted = change["new"]
        self._let_go_with(change["new"].subscribe(lambda _game: self._refresh()))
        self._refresh()

    def _refresh(self) -> None:
        game = self.game
        with self.hold_sync():
            self.view = self._table_view(game)
            self.said = said(game.last_events, game.score)
            self.version += 1
            self.hint = None
            self.ending = _ending(game, self._numbered)
            if game.over:  # the end tells the deal's number; one finished game counts once
                self._known_seeds.add(game.seed)
                self._count()
            else:
                self.analysis = None  # type: ignore[assignment]  # allow_none: traitlets stubs lag
                self.review = {}
            known = game.seed in self._known_seeds and not game.fixed_deal()
            self.deal = self._numbered.name(game.seed) or (
                f"Deal {grouped(game.seed)}" if known else ""
            )
        self._numbered.solve_par(game.seed, _solver_thread, self._par_known)

    def _par_known(self) -> None:
        """The deal of the day's par arrived: the end banner shows it beside the score."""
        if self.game.over:
            self.ending = _ending(self.game, self._numbered)

    def _table_view(self, game: TriPeaks) -> dict[str, Any]:
        return dict(game.view())

    def analyse(self) -> None:
        """Solve the deal of the finished game's last round: could it be cleared, and its best
        score. Undo closes for this deal from then on."""
        if not self.game.over:
            raise IllegalMove("The verdict on a deal is shown only once the game is over.")
        if self.analysis is not None:
            if self.analysis.get("pending"):
                raise IllegalMove("Still solving the deal.")
            return
        start, version = self.game.initial(), self.version
        deal = start.to_json()
        if deal in self._verdicts:
            self.analysis = self._verdicts[deal]
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a script or a test: solve here and now
            self.analysis = _remember(self._verdicts, deal, _verdict(start))
            return
        self.analysis = {"pending": True, "text": "Solving the deal…"}
        future = loop.run_in_executor(_solver_thread(), _verdict, start)
        future.add_done_callback(lambda done: self._analysed(deal, version, done))

    def _analysed(self, deal: str, version: int, done: asyncio.Future[dict[str, Any]]) -> None:
        if done.cancelled():
            return
        verdict = _remember(self._verdicts, deal, done.result())
        if self.version == version:  # still the same finished game
            self.analysis = verdict

    def _ask_hint(self) -> None:
        """Show the fair hint for this position: a known one at once; otherwise searched in
        the solver's thread when the kernel's loop runs (here and now in a script)."""
        game = self.game
        if not game.legal_moves():
            raise IllegalMove("The game is over: there is no move to hint (rule T9).")
        position = PublicView.of(game)  # all the hint depends on (it sees what the player sees)
        if position in self._hints:
            self.hint = self._hints[position]
            return
        if self._hinting:
            raise IllegalMove("Still thinking about the last hint.")
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.hint = _remember(self._hints, position, game.hint())
            return
        self._hinting, version = True, self.version
        copy = TriPeaks.from_json(game.to_json())  # the live game may move on meanwhile
        future = loop.run_in_executor(_solver_thread(), copy.hint)
        future.add_done_callback(lambda done: self._hint_found(position, version, done))

    def _hint_found(self, position: PublicView, version: int, done: asyncio.Future[Any]) -> None:
        self._hinting = False
        if done.cancelled():
            return
        hint = _remember(self._hints, position, done.result())
        if self.version == version:  # no move was made meanwhile
            self.hint = hint

    # ------------------------------------------------------------------ intents
    def handle(self, content: object) -> None:
        """Apply one intent as the browser sends it, e.g. ``{"action": "play", "position": 21}``.

        Raises :class:`IllegalMove` (and changes nothing) for anything the rules or the table
        refuse; the browser shows the reason.
        """
        intent = read_intent(content, _ACTIONS, self.version)
        action = intent["action"]
        game = self.game
        if self.message:
            self.message = {}
        if action == "play":
            game.play(intent["position"])
        elif action == "draw":
            game.draw()
        elif action == "undo":
            if self.analysis is not None:
                raise IllegalMove(UNDO_CLOSED)
            if game.undo() is None:
                raise IllegalMove("There is nothing to undo.")
        elif action == "redo":
            if game.redo() is None:
                raise IllegalMove("There is nothing to redo.")
        elif action == "hint":
            self._ask_hint()
        elif action == "analyse":
            self.analyse()
        elif action == "review":
            self.review_game()
        elif action == "download":
            self.download_game()
        elif action == "replay":
            self.game = game.replay()
        else:
            self.new_game()

    def review_game(self) -> None:
        """Open the finished game's review (``review_view``): it counts as asking for the
        verdict, so undo closes for this deal. Computed in the solver's thread."""
        game = self.game
        if not game.over:
            raise IllegalMove("The review opens once the game is over: the solver sees every card.")
        if self.review.get("pending"):
            raise IllegalMove("Still reviewing the game.")
        self.analyse()
        if self.review:
            return
        copy, version = TriPeaks.from_json(game.to_json()), self.version

        def shown(screen: dict[str, Any]) -> None:
            if self.version == version:  # still the same finished game
                self.review = screen

        def failed() -> None:
            self.review = {}
            self.say("The review could not be computed.", "error")

        if compute(_solver_thread, lambda: review_screen(copy), shown, failed):
            self.review = PENDING

    def download_game(self) -> None:
        """Send the finished game's record to the page, which saves it as a file (during
        play it would tell the seed, and so every face-down card)."""
        if not self.game.over:
            raise IllegalMove("The record can be downloaded once the game is over.")
        self.send(record_file(self.game.record(), f"tripeaks-{self.game.seed}"))

    def _count(self) -> None:
        """A game that just ended is kept in the history once (an undo and the same end again
        do not count twice), and the stats line is read from it (``cardtable.history``). A deal
        given card by card (a lesson's, a test's) is not kept, nor an exercise's game."""
        game = self.game
        if self._counted is game or not self.keeps_history or game.fixed_deal():
            return
        self._counted = game
        warning = history.add(game.record(), **self._numbered.history(game.seed))
        self._read_stats()
        if warning:
            self.say(warning, "error")

    def _read_stats(self) -> None:
        line = history.stats("tripeaks", self.game.scoring)
        warning = line.pop("warning", None)
        self.stats = line
        if warning:
            self.say(warning, "error")

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game with the same options (a fresh random seed unless one is given)."""
        if seed is not None:
            self._known_seeds.add(seed)
        self.game = TriPeaks(seed, scoring=self.game.scoring, progressive=self.game.progressive)

    def __repr__(self) -> str:
        return f"TriPeaksWidget({self.game!r})"


def _ending(game: TriPeaks, numbered: DealNumbers) -> dict[str, str]:
    if not game.over:
        return {}
    title = "You cleared all three peaks!" if game.won else "No moves left (rule T9)"
    deal = (
        "A prepared deal (given card by card)"
        if game.fixed_deal()
        else numbered.again(game.seed)
        or f"Deal {grouped(game.seed)} · "
        f"TriPeaksWidget(seed={grouped(game.seed, '_')}) deals it again"
    )
    score = f"Final score: {game.score}"
    if numbered.is_daily(game.seed):
        score = par_note(game.score, numbered.par(game.seed))
    return {"title": title, "score": score, "deal": deal}


def _verdict(start: TriPeaks) -> dict[str, Any]:
    solution = solve(start, objective="score")
    cleared = "This deal could be cleared" if solution.winnable else "No play could clear this deal"
    return {
        "winnable": solution.winnable,
        "best_score": solution.best_score,
        "text": f"{cleared} · best possible score {solution.best_score}",
    }


def _remember(known: dict[Any, Any], key: Any, value: Any) -> Any:
    """``known[key] = value`` (forgetting all once 512 are known), and ``value``."""
    if len(known) >= 512:
        known.clear()
    known[key] = value
    return value


@cache
def _solver_thread() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-solver")
