"""Playing a position out with a simple rule that only uses what a player would see.

The fair hint scores moves by how such play-outs end in worlds dealt at random from the
unseen cards: a rule that may not peek cannot profit from a world it does not know, so the
score measures how well a real player fares after the move (the exact solver, which does
peek, tends to find every move winning early on).

The rule: of the playable cards, the one that turns up the most face-down cards, then one
that leaves a face-up card to play next, then the one furthest down and right; draw when
nothing is playable. (Played alone on the real cards it clears 54% of deals; breaking its
ties by the face-down cards above a card, or playing the longest run the face-up cards
allow, cleared 53.5–54.3%: no better.)

>>> from cardtable.tripeaks import TriPeaks
>>> from cardtable.tripeaks._position import Position, Tables, lattice
>>> tables = Tables(Position.of(TriPeaks(seed=3)))
>>> origin = (lattice().index[tables.mask0], 0, tables.tops[0])
>>> playout(tables, origin) == (removed_by_playout(tables, origin) == SIZE)
True
"""

from __future__ import annotations

from typing import Protocol

from ._position import FULL, lattice
from .layout import SIZE


class Cards(Protocol):
    """The ranks a play-out reads: a solver's ``Tables``, or a lighter world of a benchmark."""

    @property
    def near(self) -> tuple[int, ...]: ...
    @property
    def rank(self) -> tuple[int, ...]: ...
    @property
    def tops(self) -> tuple[int, ...]: ...
    @property
    def draw_count(self) -> int: ...


def playout(tables: Cards, origin: tuple[int, int, int]) -> bool:
    """Play from ``origin`` (removed set, draws made, waste top rank) by the rule; cleared?"""
    return removed_by_playout(tables, origin) == SIZE


def removed_by_playout(tables: Cards, origin: tuple[int, int, int]) -> int:
    """How many tableau cards are gone when the play-out from ``origin`` ends (28: cleared)."""
    grid = lattice()
    masks, exposed_of, next_of = grid.masks, grid.exposed, grid.next
    near, rank, tops, m = tables.near, tables.rank, tables.tops, tables.draw_count
    i, j, top = origin
    while masks[i] != FULL:
        exposed = exposed_of[i]
        plays = exposed & near[top]
        if plays:
            row = next_of[i]
            best, choice = (-1, -1, -1), -1
            while plays:
                low = plays & -plays
                plays ^= low
                p = low.bit_length() - 1
                turned = (exposed_of[row[p]] & ~exposed).bit_count()
                follow = 1 if exposed & ~low & near[rank[p]] else 0
                key = (turned, follow, p)
                if key > best:
                    best, choice = key, p
            i, top = row[choice], rank[choice]
        elif j < m:
            j += 1
            top = tops[j]
        else:
            return masks[i].bit_count()
    return SIZE
