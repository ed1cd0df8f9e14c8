"""An upper bound on what a Tri-Peaks round can still score: the game without its stock.

The relaxation: whenever a run ends, the next one may start from *any* exposed card, as if
the stock always turned up the card wanted — for one draw's cost. What stays exact is what
limits runs most: the covering of rule T1 and the rank steps of rule T3.

Why it bounds the real game, floor of rule T6 included: a score clamped at 0 ends at the
larger of (the score now + everything that follows) and (everything that follows some later
draw, which landed on 0). The first is at most ``score + at(...)``: every real run after the
current one needs at least one draw. The second is at most ``later(set)``: the best the
relaxed game makes from any removed set still to come, starting with a free run (the draw
that landed on 0 paid for it).

Measured on seeded deals 0–7 it is 9 to 52 points above the true best, where "every card
left in one run" is hundreds above — which is what lets the score search cut most of its tree.

>>> from cardtable.tripeaks import TriPeaks
>>> from cardtable.tripeaks._position import Position, Tables
>>> position = Position.of(TriPeaks(seed=7))
>>> bound = RelaxedBound(Tables(position), position.scheme)
>>> bound.ceiling(0, position.top, 0, 0) >= bound.later(0) >= 0
True
"""

from __future__ import annotations

from ._position import PEAK_MASK, Tables, lattice
from .scoring import Scoring


class RelaxedBound:
    """The relaxed game's best scores for one deal, memoized.

    * ``at(i, top, run)`` — the most the round can still add from removed set ``i`` (a lattice
      index) with ``top`` the waste's rank and ``run`` cards in the current run, draws paid;
    * ``later(i)`` — the most it can make after some later draw from ``i`` on, from 0;
    * ``ceiling(i, top, run, score)`` — so the most the round can end with, floor included.
    """

    __slots__ = ("at", "later")

    def __init__(self, tables: Tables, scheme: Scoring) -> None:
        grid = lattice()
        masks, exposed_of, next_of = grid.masks, grid.exposed, grid.next
        rank, near = tables.rank, tables.near
        points, cost = scheme.card_points, scheme.draw_cost
        peak, last_peak = scheme.peak_bonus, scheme.last_peak_bonus
        memo: dict[int, int] = {}
        unknown = -1 << 62  # below any score: multiplier scores reach 2**28
        fresh = [unknown] * len(masks)  # set -> best score of a free new run anywhere
        restart = [unknown] * len(masks)  # set -> the best ``fresh`` of it or any set after it
        successors = grid.successors

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
                top = rank[p]
                follow = exposed_of[after] & near[top]
                # The run goes on, or it ends there (the common case: no memo entry needed).
                value = gain + (
                    at(after, top, run + 1, follow) if follow else max(new_run(after) - cost, 0)
                )
                if p < 3:  # a peak top (T6, T7)
                    value += last_peak if masks[after] & PEAK_MASK == PEAK_MASK else peak
                if value > best:
                    best = value
            return best

        def new_run(i: int) -> int:
            """The best free new run from set ``i``; also files ``later`` for it."""
            value = fresh[i]
            if value == unknown:
                value = fresh[i] = best_play(i, exposed_of[i], 0)
                after_best = value
                for after in successors[i]:
                    if restart[after] == unknown:
                        new_run(after)
                    if restart[after] > after_best:
                        after_best = restart[after]
                restart[i] = after_best
            return value

        def at(i: int, top: int, run: int, plays: int) -> int:
            """``at`` given the plays open on ``top``: a memo entry per (set, top, run)."""
            key = (i * 13 + top) << 5 | run
            value = memo.get(key)
            if value is None:
                value = memo[key] = max(new_run(i) - cost, best_play(i, plays, run))
            return value

        def later(i: int) -> int:
            new_run(i)
            return restart[i]

        def at_top(i: int, top: int, run: int) -> int:
            return at(i, top, run, exposed_of[i] & near[top])

        self.at, self.later = at_top, later

    def ceiling(self, i: int, top: int, run: int, score: int) -> int:
        """The most the round can end with from this state with ``score`` now."""
        return max(score + self.at(i, top, run), self.later(i))
