"""The best score a round can finish with: a best-first search on an upper bound (A*).

Every open state waits in a queue under its *ceiling*: the most any line through it can
finish with (``_relaxed``: the game without a stock, the floor of rule T6 included). The
search always goes on from the state with the highest ceiling (the oldest among equals). A
state's ceiling is never above its parent's, so the queue is a list of states per ceiling,
worked through from the top down: cheaper than a heap of all of them. A ceiling never
underestimates, so once no open state's ceiling is above the best finished line, that line
is the best there is. Only states whose ceiling beats the best score are ever expanded, and
no guess of the answer is needed.

A state is a removed set, the layer (draws made), the waste's top rank, the run and the
score. What keeps their number down, the floor at 0 included:

* in the middle of a run, a state is beaten by one with the same set and top that is in no
  later layer, has a run at least as long, and a score at least as high once it pays for the
  extra draws: compared by ``potential`` = score + 5 × layer;
* a mid-run state whose lines can beat the best score only by falling to the floor at some
  later draw (its ``own`` bound, the lines that never do, is no higher) is beaten by any
  state with the same set and top in the same or an earlier layer, whatever its score and
  run: that one can play the same cards, draw the extra cards when the run ends, and reach
  the same fall with a score of at least 0, after which both go on alike;
* a run ends with a draw. The set then opens the next layer whose stock card takes one of its
  exposed cards, and the one after that, and so on: an *entry* (first layer, potential), worth
  max(0, potential − 5 × layer) at a layer. At each layer only the entry worth most opens the
  set; ties go to the higher potential, then the older entry. That order is the same at every
  layer, so an entry that beats another one at a layer does open the set there.

Measured on 1,000 deals (``benchmarks/solver.py``): median 72–78 ms on this project's
machine at its usual speed (91 ms in an hour when it ran at half speed), about half of it the
bound. The same search with a heap, dominance on potential alone and the cycle collector
running took 0.11–0.12 s; searching by layers with a guessed target, 0.33 s.

>>> from cardtable.tripeaks import TriPeaks
>>> from cardtable.tripeaks._position import Position
>>> outcome = best_score(Position.of(TriPeaks(seed=7)))
>>> outcome.score
115
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from heapq import heappop, heappush

from ._position import FULL, PEAK_MASK, Position, Tables, lattice
from ._relaxed import relaxed_bound
from .layout import DRAW, Move

Link = tuple["Link", int] | None
"""A line as a chain back to the start: (the line before, a move), a move being a position
or minus a number of draws; ``None`` is the empty line."""

_State = tuple[int, int, int, int, int, Link, int, int, int]
"""An open state: (set, layer, plays, run, score, line, potential, entry, own)."""


class _Levels(dict[int, "deque[_State]"]):
    """The queue: ceiling -> its open states, oldest first. A ceiling seen for the first time
    also goes on ``lower``, a heap (of minus the ceilings) of the levels still to work on."""

    def __init__(self) -> None:
        super().__init__()
        self.lower: list[int] = []

    def __missing__(self, ceiling: int) -> deque[_State]:
        level = self[ceiling] = deque()
        heappush(self.lower, -ceiling)
        return level


_MID_RUN = -1
"""The entry number of a state in the middle of a run (entries are numbered from 0)."""


@dataclass(frozen=True)
class ScoreOutcome:
    """The best final score from a position and a line that reaches it."""

    score: int
    moves: list[Move]
    nodes: int


def best_score(position: Position) -> ScoreOutcome:
    """The highest score with which the round can finish from ``position``, and a line."""
    tables = Tables(position)
    bound = relaxed_bound(tables, position.scheme)
    at, later = bound.at, bound.later
    scheme = position.scheme
    points, cost = scheme.card_points, scheme.draw_cost
    peak, last_peak = scheme.peak_bonus, scheme.last_peak_bonus
    rank, near, tops = tables.rank, tables.near, tables.tops
    m = tables.draw_count
    grid = lattice()
    masks, exposed_of, next_of = grid.masks, grid.exposed, grid.next
    full = grid.index[FULL]

    best, best_link = -1, None
    nodes = 0
    # The queue, by ceiling: a child's ceiling is never above its parent's, so the search
    # works down through the ceilings, taking each level's states oldest first. States are
    # (set, layer, plays, run, score, line, potential, entry, own), ``plays`` being the cards
    # playable on the waste top (all the top still decides) and ``own`` the bound of a
    # mid-run state's lines that never fall to the floor again (0 for an opening).
    levels = _Levels()
    lower = levels.lower
    # set << 28 | the cards playable on the top -> (layer, run, potential): the top matters no
    # more than that.
    trails: dict[int, list[tuple[int, int, int]]] = {}
    entries: dict[int, list[tuple[int, int, int]]] = {}  # set -> (first layer, potential, entry)
    fitting: dict[int, int] = {}  # set -> the layers whose stock card takes an exposed card

    def beaten(i: int, layer: int, potential: int, entry: int) -> bool:
        """Does another entry open set ``i`` at ``layer`` first? The one with the highest
        potential (then the oldest) among those open by then: an entry's worth at a layer,
        max(0, potential − 5 × layer), never beats a higher potential's."""
        for first, other_potential, other in entries[i]:
            if first <= layer and (
                other_potential > potential or (other_potential == potential and other < entry)
            ):
                return True
        return False

    def enter(i: int, first: int, potential: int, entry: int) -> bool:
        """File a new entry of set ``i`` opening from layer ``first`` (a layer that fits);
        False when an older entry opening no later is worth as much at every layer: its
        potential is no lower, or the new one is worth 0 (the floor) from the start."""
        found = entries.get(i)
        if found is None:
            entries[i] = [(first, potential, entry)]
            return True
        worthless = potential <= cost * first
        for a, c, _ in found:
            if a <= first and (c >= potential or worthless):
                return False
        found[:] = [e for e in found if e[0] < first or e[1] >= potential]
        found.append((first, potential, entry))
        return True

    start = grid.index[tables.mask0]
    score0, run0, top0 = position.score, position.run, position.top
    own0 = score0 + at(start, top0, run0)
    plays0 = exposed_of[start] & near[top0]
    if run0:
        trails[start << 28 | plays0] = [(0, run0, score0)]
        entry0 = _MID_RUN
    else:
        entries[start] = [(0, score0, 0)]
        entry0 = 0
    # A line can fall to the floor only at a draw made with less than one draw's cost: from a
    # score of at least ``cost`` × the draws left, none can, and ``own`` is the whole bound.
    ceiling = own0 if score0 >= cost * m else max(own0, later(start))
    waiting = levels[ceiling]
    waiting.append((start, 0, plays0, run0, score0, None, score0, entry0, own0))
    heappop(lower)  # (the current level is not among those below it)
    next_entry = 1
    while True:
        if not waiting:
            del levels[ceiling]
            if not lower:
                break
            ceiling = -heappop(lower)
            waiting = levels[ceiling]
        if ceiling <= best:
            break  # nothing open can beat the best line: it is the best
        i, j, plays, k, score, link, potential, entry, own = waiting.popleft()
        if entry == _MID_RUN:
            recorded = trails[i << 28 | plays]
            if (j, k, potential) not in recorded:
                continue  # beaten since it was queued
            # Only the floor can help it: does a state of an earlier layer get there too?
            # (Strictly earlier, unlike at the push: two queued states of one layer would
            # otherwise prune each other.)
            if own <= best:
                earlier = False
                for a, _, _ in recorded:
                    if a < j:
                        earlier = True
                        break
                if earlier:
                    continue
        elif j and beaten(i, j, potential, entry):
            continue
        nodes += 1

        # End the run here (or, from an opening, skip this layer): draw on to the next layer
        # whose stock card fits, or to the end of the stock when none does. (Inline, like
        # the rest of the loop, without builtins: this runs for every state.)
        if j < m:
            layers = fitting.get(i)
            if layers is None:
                layers = fitting[i] = tables.fitting(exposed_of[i])
            ahead = layers >> (j + 1)
            if not ahead:  # the round is over when the stock is
                final = potential - cost * m
                if final < 0:
                    final = 0
                if final > best:
                    best, best_link = final, (link, j - m)
            else:
                opens = j + (ahead & -ahead).bit_length()
                if entry == _MID_RUN:  # a new entry, filed unless one as good opens there too
                    entry = next_entry
                    next_entry += 1
                    go = enter(i, opens, potential, entry)
                else:
                    go = not beaten(i, opens, potential, entry)
                if go:
                    opened = potential - cost * opens
                    if opened < 0:
                        opened = 0
                    restart = later(i)  # (a new run's bound, at(i, top, 0), is at most later(i))
                    if opened + restart > best:
                        top = tops[opens]  # cap: min(ceiling, max(opened + at(...), restart))
                        cap = opened + at(i, top, 0)
                        if cap < restart and opened < cost * (m - opens):
                            cap = restart
                        if cap > ceiling:
                            cap = ceiling
                        if cap > best:
                            line = (link, j - opens)
                            fits = exposed_of[i] & near[top]
                            levels[cap].append(
                                (i, opens, fits, 0, opened, line, potential, entry, 0)
                            )
        elif not plays:  # stock empty, nothing playable: over
            if score > best:
                best, best_link = score, link
            continue
        mask = masks[i]
        row = next_of[i]
        run = k + 1
        for_card = points[run]
        while plays:
            low = plays & -plays
            plays ^= low
            p = low.bit_length() - 1
            after = row[p]
            gain = score + for_card
            if p < 3:  # a peak top (T6, T7)
                gain += last_peak if (mask | low) & PEAK_MASK == PEAK_MASK else peak
            if after == full:  # the tableau is clear: won, over
                if gain > best:
                    best, best_link = gain, (link, p)
                continue
            t = rank[p]
            # A line through the child is a line through this state: at most ``ceiling``.
            own = gain + at(after, t, run)
            child = own
            if gain < cost * (m - j):  # (a fall to the floor is still possible)
                v = later(after)
                if v > child:
                    child = v
            if child > ceiling:
                child = ceiling
            if child <= best:
                continue
            reach = gain + cost * j  # the child's potential
            follow = exposed_of[after] & near[t]
            key = after << 28 | follow
            trail = trails.get(key)
            if trail is None:
                trails[key] = [(j, run, reach)]
            else:
                beaten_here = False
                if own <= best:  # only the floor can help it: any state no later does as well
                    for a, _, _ in trail:
                        if a <= j:
                            beaten_here = True
                            break
                else:
                    for a, b, c in trail:
                        if a <= j and b >= run and c >= reach:
                            beaten_here = True
                            break
                if beaten_here:
                    continue
                trail[:] = [e for e in trail if e[0] < j or e[1] > run or e[2] > reach]
                trail.append((j, run, reach))
            line = (link, p)
            levels[child].append((after, j, follow, run, gain, line, reach, _MID_RUN, own))
    return ScoreOutcome(best, _moves(best_link), nodes)


def _moves(link: Link) -> list[Move]:
    moves: list[Move] = []
    while link is not None:
        link, move = link
        if move < 0:
            moves.extend([DRAW] * -move)
        else:
            moves.append(move)
    moves.reverse()
    return moves
