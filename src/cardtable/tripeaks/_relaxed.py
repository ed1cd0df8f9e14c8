"""An upper bound on what a Tri-Peaks round can still score: the game without its stock.

The relaxation: whenever a run ends, the next one may start from *any* exposed card, as if
the stock always turned up the card wanted, and draws cost nothing. Every real line is a line
of this easier game scoring at least as much (rule T6's draw cost and floor only take points
away), so its best score bounds the real one from above. What stays exact is what limits runs
most: the covering of rule T1 and the rank steps of rule T3. Measured on seeded deals it is
within a few dozen points of the true best, where "every card left in one run" is hundreds
above — which is what lets the score search cut most of its tree.

>>> from cardtable.tripeaks import TriPeaks
>>> from cardtable.tripeaks._position import Position, Tables
>>> position = Position.of(TriPeaks(seed=7))
>>> bound = RelaxedBound(Tables(position), position.scheme)
>>> bound.at(0, position.top, 0) >= 0
True
"""

from __future__ import annotations

from ._position import PEAK_MASK, Tables, lattice
from .scoring import Scoring


class RelaxedBound:
    """The relaxed game's best score from a mid-run state, memoized for one deal.

    ``at(i, top, run)``: the most the cards left can still score from removed set ``i``
    (a lattice index) with ``top`` the waste's rank and ``run`` cards in the current run.
    """

    __slots__ = ("at",)

    def __init__(self, tables: Tables, scheme: Scoring) -> None:
        grid = lattice()
        masks, exposed_of, next_of = grid.masks, grid.exposed, grid.next
        rank, near = tables.rank, tables.near
        points = scheme.card_points
        peak, last_peak = scheme.peak_bonus, scheme.last_peak_bonus
        memo: dict[int, int] = {}
        fresh: dict[int, int] = {}  # set -> best score starting a new run anywhere

        def best_play(i: int, plays: int, run: int) -> int:
            """The best of playing one of ``plays`` from set ``i`` as card ``run + 1``."""
            best = 0
            if not plays:  # also when the tableau is clear and there is no card run + 1
                return best
            row = next_of[i]
            gain = points[run + 1]
            while plays:
                low = plays & -plays
                plays ^= low
                p = low.bit_length() - 1
                after = row[p]
                value = gain + at(after, rank[p], run + 1)
                if p < 3:  # a peak top (T6, T7)
                    value += last_peak if masks[after] & PEAK_MASK == PEAK_MASK else peak
                if value > best:
                    best = value
            return best

        def new_run(i: int) -> int:
            value = fresh.get(i)
            if value is None:
                value = fresh[i] = best_play(i, exposed_of[i], 0)
            return value

        def at(i: int, top: int, run: int) -> int:
            key = (i * 13 + top) << 5 | run
            value = memo.get(key)
            if value is None:
                value = memo[key] = max(new_run(i), best_play(i, exposed_of[i] & near[top], run))
            return value

        self.at = at
