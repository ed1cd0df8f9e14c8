"""The Tri-Peaks table as an anywidget.

A thin adapter around :class:`~cardtable.tripeaks.session.TriPeaksSession`, which owns what the
table adds to the engine (undo's policy, the hint, the verdict, replay, the stats): the
session's screen becomes the synced traits (``game.view()`` plus a hint, a message, the
post-game verdict, the drawing geometry), the browser's intents go to the session. Everything
interesting happens in the engine.

>>> from cardtable import TriPeaksWidget
>>> table = TriPeaksWidget(seed=7)
>>> table.view["stock_count"]
23
"""

from __future__ import annotations

from typing import Any

import traitlets

from .. import i18n
from .._bundle import STATIC
from ..page_words import entries, words
from ..settings import Setting, panel, take, tripeaks_settings
from ..tripeaks import TriPeaks
from ..tripeaks.deals import DealNumbers
from ..tripeaks.layout import ROW_OF, SIZE, x_slot
from ..tripeaks.session import TriPeaksSession
from ..tripeaks.texts import help_lines
from .base import TableWidget

GEOMETRY = {"x": [x_slot(p) for p in range(SIZE)], "row": list(ROW_OF)}
"""Where each position is drawn: in card widths from the left, and its row (rule T1)."""


def table_notes(lang: str = "en") -> dict[str, Any]:
    """The table's sentences that never change, in ``lang`` (the ``notes`` trait)."""
    return {
        "help": [list(line) for line in help_lines(lang)],
        "undo_closed": i18n.text("tripeaks.undo_closed", lang) + ".",
        "hint": {"play": i18n.entry("tripeaks.hint_play", lang),  # the page fills {card}
                 "draw": i18n.text("tripeaks.hint_draw", lang)},
        "tableau": i18n.entry("tripeaks.tableau", lang),  # the page fills {down}
        "words": words(entries("tripeaks.page.", lang), lang),
    }  # fmt: skip


class TriPeaksWidget(TableWidget):
    """A live Tri-Peaks table. ``widget.game`` is the engine it drives: play on it from Python
    (or assign a new game) and the table follows. ``four_color=True`` colours diamonds blue and
    clubs green; ``show_positions=True`` labels the 28 positions (for lessons).
    ``deal=12345`` deals *Deal #12345* (1 to 1,000,000, named during play); ``daily=True``
    the deal of the day (the same for everyone on a UTC date; its par is shown at the end)."""

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
    notes = traitlets.Dict(table_notes()).tag(sync=True)
    """The sentences that never change: the how-to-play panel's rules, why Undo is disabled
    once the verdict closed it, the hint as announced (the page fills in ``{card}``) and the
    peaks' spoken label (``{down}``: how many cards lie face down; only the face-up ones are
    controls) and the words the page writes itself (labels, tooltips, what a screen reader
    hears)."""
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
    """This table's games so far: ``{"games", "won", "best", "streak", "text"}``."""
    settings = traitlets.Dict().tag(sync=True)
    """The settings panel (``cardtable.settings.panel``): scoring, rounds and deck for the next
    deal, with the values in force; empty where the table offers none (an exercise)."""
    offers_settings = True
    """The table has a settings panel (an exercise's table has none)."""
    review = traitlets.Dict().tag(sync=True)
    """Once a finished game's review was asked for: ``review_view.PENDING``, then
    ``review_view.review_screen(game)``; else empty."""
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
        if (deal is not None or daily) and (seed is not None or game is not None):
            raise TypeError("give one of seed=, deal=, daily=True or game=")
        self._numbers = DealNumbers()  # deal=12345 and daily=True (tripeaks.deals)
        seed = self._numbers.choose(deal=deal, daily=daily) if seed is None else seed
        super().__init__(**kwargs)
        self.show_positions = show_positions
        if game is None:
            game = TriPeaks(seed, scoring=scoring, progressive=progressive)
        self.session = self._session(game, seed)
        self._let_go_with(self.session.close)
        self.game = game
        self.relang()

    def relang(self) -> None:
        """Write the table in :attr:`lang`: its notes, the session's sentences, the settings."""
        session = getattr(self, "session", None)
        if session is None:  # lang= is set before the session exists
            return
        with self.hold_sync():
            session.lang = self.lang
            self.notes = table_notes(self.lang)
            self._sync()

    def _session(self, game: TriPeaks, seed: int | None) -> TriPeaksSession:
        """The session this table adapts (an exercise's table makes its own)."""
        known = () if seed is None else (seed,)
        return TriPeaksSession(
            game,
            known_seeds=known,
            listen=(self._sync, self.say),
            numbers=self._numbers,
            deliver=lambda message: self.send(message),
        )

    @traitlets.observe("game")
    def _follow(self, change: dict[str, Any]) -> None:
        session = getattr(self, "session", None)
        if session is not None and change["new"] is not session.game:  # assigned from Python
            session.replace(change["new"])

    def _sync(self) -> None:
        """The session's screen into the synced traits, in one message."""
        session = getattr(self, "session", None)
        if session is None:
            return
        screen = session.screen()
        with self.hold_sync():
            if self.game is not session.game:  # replay or a new deal
                self.game = session.game
            self.view, self.said, self.hint = screen["view"], screen["said"], screen["hint"]
            self.analysis = screen["analysis"]
            self.ending, self.deal, self.stats = screen["ending"], screen["deal"], screen["stats"]
            self.review = screen["review"]
            self.version = screen["version"]
            self._show_settings()

    def _offered(self) -> tuple[Setting, ...]:
        """The settings this table offers for its next deal (none before its session)."""
        session = getattr(self, "session", None)
        if not self.offers_settings or session is None:
            return ()
        game = session.game
        return tripeaks_settings(game.scoring, game.progressive, self.four_color, self.lang)

    @traitlets.observe("four_color")
    def _show_settings(self, _change: object = None) -> None:
        self.settings = panel(self._offered(), "tripeaks", self.lang)

    def analyse(self) -> None:
        """Solve the deal of the finished game's last round: could it be cleared, and its best
        score. Undo closes for this deal from then on."""
        self.session.analyse()

    def review_game(self) -> None:
        """Open the finished game's review (see ``TriPeaksSession.review_game``)."""
        self.session.review_game()

    def handle(self, content: object) -> None:
        """Apply one intent as the browser sends it, e.g. ``{"action": "play", "position": 21}``
        (see ``TriPeaksSession.handle``).

        Raises :class:`IllegalMove` (and changes nothing) for anything the rules or the table
        refuse; the browser shows the reason.
        """
        if self.message:
            self.message = {}
        content, chosen = take(content, self._offered())  # a new deal may bring new settings
        four_color = chosen.pop("four_color", self.four_color)
        with self.hold_sync():
            self.session.handle(content, settings=chosen)
            self.four_color = four_color

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game with the same options (a fresh random seed unless one is given)."""
        self.session.new_game(seed)

    def __repr__(self) -> str:
        return f"TriPeaksWidget({self.game!r})"
