"""The best score a round can finish with: a best-first search on an upper bound (A*).

Every open state waits in a priority queue under its *ceiling*: the most any line through it
can finish with (``_relaxed``: the game without a stock, the floor of rule T6 included). The
search always goes on from the state with the highest ceiling. A ceiling never underestimates,
so once no open state's ceiling is above the best finished line, that line is the best there
is. Only states whose ceiling beats the best score are ever expanded, and no guess of the
answer is needed.

A state is a removed set, the layer (draws made), the waste's top rank, the run and the
score. What keeps their number down, the floor at 0 included:

* in the middle of a run, a state is beaten by one with the same set and top that is in no
  later layer, has a run at least as long, and a score at least as high once it pays for the
  extra draws: compared by ``potential`` = score + 5 × layer;
* a run ends with a draw. The set then opens the next layer whose stock card takes one of its
  exposed cards, and the one after that, and so on: an *entry* (first layer, potential), worth
  max(0, potential − 5 × layer) at a layer. At each layer only the entry worth most opens the
  set; ties go to the higher potential, then the older entry. That order is the same at every
  layer, so an entry that beats another one at a layer does open the set there.

Measured on 1,000 deals (``benchmarks/solver.py``): median 0.11–0.12 s, about 40 ms of it the
bound, where searching by layers with a guessed target took 0.33 s.

>>> from cardtable.tripeaks import TriPeaks
>>> from cardtable.tripeaks._position import Position
>>> outcome = best_score(Position.of(TriPeaks(seed=7)))
>>> outcome.score
115
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heappop, heappush

from ._position import FULL, PEAK_MASK, Position, Tables, lattice
from ._relaxed import relaxed_bound
from .game import DRAW, Move

Link = tuple["Link", int] | None
"""A line as a chain back to the start: (the line before, a move), a move being a position
or minus a number of draws; ``None`` is the empty line."""

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
    # Heap items: (-ceiling, order, set, layer, plays, run, score, line, potential, entry),
    # ``plays`` being the cards playable on the waste top: all the top still decides.
    # ``order`` counts up: among equal ceilings the oldest goes first.
    queue: list[tuple[int, int, int, int, int, int, int, Link, int, int]] = []
    order = 0
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

    def next_fitting(i: int, layer: int) -> int:
        """The first layer after ``layer`` whose stock card takes an exposed card of set
        ``i``; -1 when there is none (the round then ends when the stock does)."""
        layers = fitting.get(i)
        if layers is None:
            layers = fitting[i] = tables.fitting(exposed_of[i])
        ahead = layers >> (layer + 1)
        return layer + (ahead & -ahead).bit_length() if ahead else -1

    def draw_on(
        i: int, layer: int, potential: int, entry: int, new: bool, link: Link, cap: int
    ) -> None:
        """Entry ``entry`` of set ``i`` (``new``: made by a run ending at ``layer``) draws:
        it opens the next layer that fits, or draws to the end of the stock when none does
        and the round is over."""
        nonlocal best, best_link, order
        opens = next_fitting(i, layer)
        if opens < 0:
            score = max(0, potential - cost * m)
            if score > best:
                best, best_link = score, (link, layer - m)
            return
        if new:  # filed unless an entry as good opens there too (then nothing beats it)
            if not enter(i, opens, potential, entry):
                return
        elif beaten(i, opens, potential, entry):
            return
        score = max(0, potential - cost * opens)
        restart = later(i)
        if min(cap, score + restart) <= best:
            return  # (a new run's bound, at(i, top, 0), is at most later(i))
        top = tops[opens]
        ceiling = min(cap, max(score + at(i, top, 0), restart))
        plays = exposed_of[i] & near[top]
        if ceiling > best:
            order += 1
            line = (link, layer - opens)
            heappush(queue, (-ceiling, order, i, opens, plays, 0, score, line, potential, entry))

    start = grid.index[tables.mask0]
    score0, run0, top0 = position.score, position.run, position.top
    ceiling0 = max(score0 + at(start, top0, run0), later(start))
    plays0 = exposed_of[start] & near[top0]
    if run0:
        trails[start << 28 | plays0] = [(0, run0, score0)]
        entry0 = _MID_RUN
    else:
        entries[start] = [(0, score0, 0)]
        entry0 = 0
    queue.append((-ceiling0, 0, start, 0, plays0, run0, score0, None, score0, entry0))
    next_entry = 1
    while queue:
        ceiling, _, i, j, plays, k, score, link, potential, entry = heappop(queue)
        ceiling = -ceiling
        if ceiling <= best:
            break  # nothing open can beat the best line: it is the best
        if entry == _MID_RUN:
            if (j, k, potential) not in trails[i << 28 | plays]:
                continue  # beaten since it was queued
        elif j and beaten(i, j, potential, entry):
            continue
        nodes += 1
        if j < m:  # end the run here, or (an opening) draw on
            if entry == _MID_RUN:
                draw_on(i, j, potential, next_entry, True, link, ceiling)
                next_entry += 1
            else:
                draw_on(i, j, potential, entry, False, link, ceiling)
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
            child = later(after)
            if child < ceiling:
                v = gain + at(after, t, run)
                if v > child:
                    child = v if v < ceiling else ceiling
                if child <= best:
                    continue
            else:
                child = ceiling
            reach = gain + cost * j  # the child's potential
            follow = exposed_of[after] & near[t]
            key = after << 28 | follow
            trail = trails.get(key)
            if trail is None:
                trails[key] = [(j, run, reach)]
            else:
                beaten_here = False
                for a, b, c in trail:
                    if a <= j and b >= run and c >= reach:
                        beaten_here = True
                        break
                if beaten_here:
                    continue
                trail[:] = [e for e in trail if e[0] < j or e[1] > run or e[2] > reach]
                trail.append((j, run, reach))
            order += 1
            line = (link, p)
            heappush(queue, (-child, order, after, j, follow, run, gain, line, reach, _MID_RUN))
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
