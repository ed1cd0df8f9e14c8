"""Building blocks of the exercises: posed positions, and checks of a legal try.

A check is ``check(before, after, move)``: ``None`` when the legal ``move`` meets the goal,
else the sentence that says why not (citing the rule): a :class:`~cardtable.messages.Message`
of the catalogs (``lesson.stoeptegel.*``), written in the exercise's language. The positions
are the same every time they are posed: a fixed deck or table, and a fixed seed for whatever
is dealt later.

>>> setup = tripeaks({18: "6S"}, waste="7D")
>>> setup().card_at(18), setup().waste_top
(Card.parse('6S'), Card.parse('7D'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..cards import SUIT_SYMBOLS, Card
from ..messages import Message, message
from ..stoeptegel import Stoeptegel
from ..tripeaks import TriPeaks
from .decks import lesson_deck
from .tasks import Check, Try, laid

SEED = 1
"""Every posed position's seed: it deals nothing the learner sees before the answer."""


def tripeaks(
    tableau: Mapping[int, str],
    waste: str,
    *,
    stock: Iterable[str] = (),
    played: Iterable[int | str] = (),
    scoring: str = "standard",
    progressive: bool = False,
    last: str | None = None,
) -> Callable[[], TriPeaks]:
    """A Tri-Peaks position: a :func:`~cardtable.lessons.decks.lesson_deck`, then the
    ``played`` moves (positions, or ``"draw"``); ``last`` is the stock's last card."""
    deck = lesson_deck(tableau, waste, stock)
    if last is not None:
        deck.remove(last)
        deck.append(last)
    moves = tuple(played)

    def setup() -> TriPeaks:
        game = TriPeaks.from_deck(deck, scoring=scoring, progressive=progressive, seed=SEED)
        for move in moves:
            game.apply(move)
        return game

    return setup


def stoeptegel(
    hands: list[object], rows: list[object], stoeptegels: list[object], **options: Any
) -> Callable[[], Stoeptegel]:
    """A Stoeptegel table with seat 0 to move (``Stoeptegel.scenario`` and its options)."""
    return lambda: Stoeptegel.scenario(
        hands=hands, rows=rows, stoeptegels=stoeptegels, seed=SEED, **options
    )


def name(code: str) -> str:
    """``"10♥"`` for ``"TH"``."""
    return str(Card.parse(code))


def every(*checks: Check) -> Check:
    """Every check in turn; the first that fails says why."""

    def check(before: Any, after: Any, move: Try) -> str | Message | None:
        for one in checks:
            why = one(before, after, move)
            if why is not None:
                return why
        return None

    return check


def no_draw(why: str | Message) -> Check:
    """A draw misses the goal, for the reason ``why``."""
    return lambda before, after, move: why if move == "draw" else None


def no_pass(why: str = "fits", **fields: Any) -> Check:
    """A pass misses the goal: the message ``lesson.stoeptegel.pass.<why>`` says what to lay."""
    return lambda before, after, move: (
        message(f"lesson.stoeptegel.pass.{why}", **fields) if move == "pass" else None
    )


def on_row(number: int) -> Check:
    """The card must be laid on row ``number`` (1–3)."""

    def check(before: Any, after: Any, move: Try) -> Message | None:
        card, row = laid(move)
        if row == number:
            return None
        return message("lesson.stoeptegel.other_row", card=card, on=row, asked=number)

    return check


def with_card(code: str) -> Check:
    """The card laid must be ``code``."""

    def check(before: Any, after: Any, move: Try) -> Message | None:
        card, row = laid(move)
        if card == code:
            return None
        return message("lesson.stoeptegel.other_card", card=card, on=row, asked=name(code))

    return check


def scores(why: Callable[[Any, Try], Message] | None = None) -> Check:
    """Seat 0's card must score its point (rule B25); ``why(before, move)`` says why it did
    not (by default: no row counts the stoeptegel's suit afterwards)."""

    def check(before: Any, after: Any, move: Try) -> Message | None:
        if after.scores[0] > before.scores[0]:
            return None
        if move == "pass":
            return message("lesson.stoeptegel.pass_scores_nothing")
        if why is not None:
            return why(before, move)
        card, row = laid(move)
        mine = before.stoeptegel(0)
        return message("lesson.stoeptegel.no_point", card=card, on=row,
                       suit=SUIT_SYMBOLS[mine.suit], stoeptegel=mine.code)  # fmt: skip

    return check


ANY: Check = lambda before, after, move: None  # noqa: E731  (every legal try is right)
