"""Stoeptegel lessons in plain words: what happened, and the rows, numbered 1–3 as the tables
number them (the engine's Python API counts rows from 0).

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel.scenario(["4S 9D", "QH"], ["KC", "8D", "3S"], ["6D", "2C"])
>>> lay(game, 0, "4S", row=3)
Player 1 laid 4♠ on row 3.
4♠ slid from row 3 to row 1 (rule B18).
Player 1 scored 1 point: ♦ counts on row 2 and Player 1's stoeptegel is 6♦ (rule B25).
>>> show(game)
row 1: K♣ · 4♠   counts 4♠
row 2: 8♦   counts 8♦
row 3: 3♠   counts 3♠
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..naming import Names, player
from ..stoeptegel import Stoeptegel
from ..stoeptegel.log import describe
from ..stoeptegel.rows import Row


def seat_names(players: int) -> list[str]:
    """``["Player 1", "Player 2", …]``: how the lessons name the seats (seat 0 is Player 1)."""
    return [player(s) for s in range(players)]


def tell(events: Iterable[Mapping[str, Any]], players: int = 6) -> None:
    """Print one sentence per engine event (the tables' log sentences)."""
    names = Names(seat_names(players), you=None)
    context: dict[str, Any] = {}
    for event in events:
        print(describe(event, names, context))


def lay(game: Stoeptegel, seat: int, card: str, row: int) -> None:
    """``seat`` lays ``card`` on ``row`` (1–3, left to right), and the lesson prints what
    happened. Raises :class:`~cardtable.IllegalMove` (and changes nothing) if it may not."""
    before = len(game.events)
    game.play(seat, card, _engine_row(row))
    tell(game.events[before:], game.players)


def pass_turn(game: Stoeptegel, seat: int) -> None:
    """``seat`` passes, and the lesson prints what happened (the end of a round included)."""
    before = len(game.events)
    game.pass_turn(seat)
    tell(game.events[before:], game.players)


def row(game: Stoeptegel, number: int) -> Row:
    """Row ``number`` (1–3) of the table."""
    return game.rows[_engine_row(number)]


def counting(game: Stoeptegel, number: int) -> str:
    """The counting card of row ``number`` (1–3), e.g. ``"9♥"`` (rule B5)."""
    return str(row(game, number).counting_card)


def show(game: Stoeptegel) -> None:
    """Print the rows (cards bottom first), each row's counting card and its state."""
    for number, r in enumerate(game.rows, 1):
        state = " (closed)" if r.closed else " (turned around)" if r.turned else ""
        print(f"row {number}: {r}   counts {r.counting_card}{state}")


def plays(game: Stoeptegel, seat: int) -> list[str]:
    """What ``seat`` may lay now, as ``["K♦ on row 2", …]`` (rows 1–3)."""
    return [f"{card} on row {r + 1}" for card, r in sorted(game.legal_plays(seat), key=_order)]


def _order(play: tuple[Any, int]) -> tuple[int, str]:
    return play[1], str(play[0])


def why_not(game: Stoeptegel, seat: int, card: str, row: int) -> str | None:
    """The engine's reason ``seat`` may not lay ``card`` on ``row`` (1–3), or ``None``."""
    return game.explain(seat, card, _engine_row(row))


def _engine_row(number: int) -> int:
    if type(number) is not int or not 1 <= number <= 3:
        raise ValueError(f"rows are numbered 1, 2 and 3, left to right; not {number!r}")
    return number - 1
