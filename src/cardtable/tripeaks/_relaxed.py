"""Upper bounds on what a Tri-Peaks round can still score: the game without its stock.

The relaxation: whenever a run ends, the next one may start from *any* exposed card, as if
the stock always turned up the card wanted — for one draw's cost. What stays exact is what
limits runs most: the covering of rule T1 and the rank steps of rule T3.

Why it bounds the real game, floor of rule T6 included: a score clamped at 0 ends at the
larger of (the score now + everything that follows) and (everything that follows some later
draw, which landed on 0). The first is at most ``score + at(...)``: every real run after the
current one needs at least one draw. The second is at most ``later(set)``: the best the
relaxed game makes from any removed set still to come, starting with a free run (the draw
that landed on 0 paid for it).

Two ways to compute it, both behind ``at``, ``later`` and ``ceiling``:

* :class:`LinearBound`, for standard scoring (T6, a card scores one more than the card
  before it in the run): one pass over the 119,364 plays of the lattice, about 45 ms a deal;
* :class:`RelaxedBound`, any scoring (the multiplier of T7 too): the relaxed game's exact
  values, memoized per (set, waste top, run) — about 150,000 of them, four times slower.

``relaxed_bound`` picks. On seeded deals 0–7 the root bound is 17 to 54 points above the true
best (the exact relaxed values: 11 to 52), where "every card left in one run" is hundreds
above: that is what lets the score search expand only a few thousand states on most deals.

>>> from cardtable.tripeaks import TriPeaks
>>> from cardtable.tripeaks._position import Position, Tables
>>> position = Position.of(TriPeaks(seed=7))
>>> bound = relaxed_bound(Tables(position), position.scheme)
>>> type(bound).__name__, bound.ceiling(0, position.top, 0, 0) >= bound.later(0) >= 0
('LinearBound', True)
"""

from __future__ import annotations

from collections.abc import Callable
from threading import Lock

from ._position import PEAK_MASK, Tables, lattice
from .scoring import Scoring


class Bound:
    """What the score search asks of a bound, for lattice set ``i``:

    * ``at(i, top, run)`` — at least the most the round can still add from set ``i`` with
      ``top`` the waste's rank and ``run`` cards in the current run, draws paid;
    * ``later(i)`` — at least the most it can make after some later draw from ``i`` on, from 0;
    * ``ceiling(i, top, run, score)`` — so at least the most the round can end with.

    A new run is among the free new runs ``later`` counts: ``at(i, top, 0) <= later(i)``.
    """

    __slots__ = ("at", "later")
    at: Callable[[int, int, int], int]
    later: Callable[[int], int]

    def ceiling(self, i: int, top: int, run: int, score: int) -> int:
        """The most the round can end with from this state with ``score`` now."""
        return max(score + self.at(i, top, run), self.later(i))


KEPT = 2
"""Bounds kept for the positions that come next: a review solves every position of one game."""
_kept: list[tuple[tuple[int, ...], int, Scoring, Bound]] = []  # the latest first
_keeping = Lock()  # (``solve_many`` may solve in threads)


def relaxed_bound(tables: Tables, scheme: Scoring) -> Bound:
    """The fastest bound that holds for ``scheme``; a linear one is reused from an earlier
    position of the same deal when there is one.

    A bound's values at a removed set depend only on the ranks of the cards still there (and
    on the sets after it), so a bound built for an earlier position of the same tableau holds
    exactly for this one: its first removed set lies inside this one's, and every card still
    here has the same rank there. (Measured: a sweep costs about 60% of a median deal's solve.)

    >>> from cardtable.tripeaks import TriPeaks
    >>> from cardtable.tripeaks._position import Position
    >>> game = TriPeaks(seed=7)
    >>> first = relaxed_bound(Tables(Position.of(game)), game._scheme)
    >>> game.apply(game.legal_moves()[0])
    >>> relaxed_bound(Tables(Position.of(game)), game._scheme) is first
    True
    """
    rank, mask0 = tables.rank, tables.mask0
    with _keeping:
        for entry in _kept:
            ranks, first, kept_scheme, bound = entry
            if (
                kept_scheme == scheme
                and first & mask0 == first
                and all(r < 0 or r == k for r, k in zip(rank, ranks, strict=True))
            ):
                _kept.remove(entry)
                _kept.insert(0, entry)
                return bound
    points = scheme.card_points
    if not all(points[k + 1] - points[k] == 1 for k in range(1, len(points) - 1)):
        return RelaxedBound(tables, scheme)  # (filled as it is asked: not shared by threads)
    bound = LinearBound(tables, scheme)
    with _keeping:
        _kept.insert(0, (rank, mask0, scheme, bound))
        del _kept[KEPT:]
    return bound


def forget() -> None:
    """Drop the bounds kept for reuse (a benchmark timing cold solves calls it)."""
    with _keeping:
        _kept.clear()


class LinearBound(Bound):
    """The relaxation bounded in one pass, when each card of a run scores one more than the
    card before it (standard scoring, T6).

    Then going on for L more cards from a run of r scores L × r more than from a run of 0,
    so the relaxed value at run r ≥ 1 is at most its value at run 1 plus r − 1 times the
    longest run that can follow. Those two numbers are filed per (set, rank of a card that
    can be played next): the top's two neighbour ranks give them for any top. A new run
    scores at least one less than the same cards played after a run of 1. The sets are done
    largest first, each from the sets one play later, so no memo is needed. Compared with
    the exact relaxed values it is a few points looser and four times faster.

    >>> from cardtable.tripeaks import TriPeaks
    >>> from cardtable.tripeaks._position import Position
    >>> position = Position.of(TriPeaks(seed=7))
    >>> bound = LinearBound(Tables(position), position.scheme)
    >>> bound.at(0, position.top, 2) - bound.at(0, position.top, 1) >= 0
    True
    """

    def __init__(self, tables: Tables, scheme: Scoring) -> None:
        grid = lattice()
        masks, plays_of = grid.masks, grid.plays
        rank, mask0 = tables.rank, tables.mask0
        first, cost = scheme.card_points[1], scheme.draw_cost
        peak, last_peak = scheme.peak_bonus, scheme.last_peak_bonus
        size = len(masks)
        # Filed at set * 13 + r, over the exposed cards q of rank r: the most playing q makes
        # as a later card of a run, counted at run 1 with the longest run after it counted
        # once more (``follow``); and that longest run, q included (``length``).
        follow = [0] * (size * 13)
        length = [0] * (size * 13)
        rest = [0] * size  # what a set is worth once the run ends: a new run for a draw, or 0
        restart = [0] * size  # the best free new run from a set or any set after it
        above = [(r + 1) % 13 for r in rank]  # by position: its neighbour ranks
        below = [(r - 1) % 13 for r in rank]
        # The sets are numbered by size, so the sets that can follow this position's are all
        # numbered above it: the sweep starts there, which is cheap late in a game.
        start = grid.index[mask0]
        for x in range(size - 1, start - 1, -1):  # a set after every set it leads to
            if masks[x] & mask0 != mask0:
                continue  # never reached from this position (and its played cards have no rank)
            base = x * 13
            fresh = later = 0
            for p, after in plays_of[x]:
                a = after * 13
                hi, lo = a + above[p], a + below[p]
                value = rest[after]  # the bound at run 1 after playing p, then:
                v = follow[hi]
                if v > value:
                    value = v
                v = follow[lo]
                if v > value:
                    value = v
                longest = length[hi]
                v = length[lo]
                if v > longest:
                    longest = v
                value += first
                if p < 3:  # a peak top (T6)
                    value += last_peak if masks[after] & PEAK_MASK == PEAK_MASK else peak
                if value > fresh:
                    fresh = value
                slot = base + rank[p]
                v = value + 1 + longest  # p as the second card or later: one more, and more
                if v > follow[slot]:
                    follow[slot] = v
                longest += 1
                if longest > length[slot]:
                    length[slot] = longest
                v = restart[after]
                if v > later:
                    later = v
            rest[x] = fresh - cost if fresh > cost else 0
            restart[x] = later if later > fresh else fresh
        up = [(t + 1) % 13 for t in range(13)]
        down = [(t - 1) % 13 for t in range(13)]

        def at(i: int, top: int, run: int) -> int:
            base = i * 13
            hi, lo = base + up[top], base + down[top]
            going = follow[hi]  # the score search's hottest call: no builtins
            v = follow[lo]
            if v > going:
                going = v
            if not run:  # a new run: a point less for each card, and no more than later(i)
                going -= 1
                v = restart[i]
                if v < going:
                    going = v
            elif run > 1:
                longest = length[hi]
                v = length[lo]
                going += (run - 1) * (v if v > longest else longest)
            v = rest[i]  # or end the run here
            return going if going > v else v

        self.at, self.later = at, restart.__getitem__


class RelaxedBound(Bound):
    """The relaxed game's best scores for one deal, exact and memoized: any scoring."""

    def __init__(self, tables: Tables, scheme: Scoring) -> None:
        grid = lattice()
        masks, exposed_of, next_of, plays_of = grid.masks, grid.exposed, grid.next, grid.plays
        rank, near = tables.rank, tables.near
        points, cost = scheme.card_points, scheme.draw_cost
        peak, last_peak = scheme.peak_bonus, scheme.last_peak_bonus
        memo: dict[int, int] = {}
        unknown = -1 << 62  # below any score: multiplier scores reach 2**28
        fresh = [unknown] * len(masks)  # set -> best score of a free new run anywhere
        restart = [unknown] * len(masks)  # set -> the best ``fresh`` of it or any set after it

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
                for _, after in plays_of[i]:
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
