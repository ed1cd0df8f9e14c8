"""The best score a round can finish with: an exact search, layer by layer.

A layer is the play between two draws: one run. The search keeps, for each removed set at the
start of a layer, the best score that reaches it, and expands every run from there. What
makes that exact despite the draw penalty's floor at 0 (rule T6):

* a higher score is never worse in the same position, so the best one per position is enough;
* a position reached with fewer draws can draw its way to the later one, paying 5 a draw but
  never going below 0 — so (draws, score) pairs are compared with exactly that rule, the
  floor included, and only pairs no other pair beats are kept;
* in the middle of a run, a longer run so far is never worse (every later card of the run
  scores more), so (draws, run, score) triples are compared the same way.

Positions that cannot beat the best score found, even in the game without a stock
(``_relaxed``: any card may start the next run for one draw's cost), are cut. That bound is
tight enough to cut most of the tree once a good line is known, so the search first asks for
a high score (a share of the relaxed ceiling) and lowers its aim only when no line reaches
it. Measured on 1,000 deals: median 0.33 s, where one search cutting with "every card left
in one run" took 2.3 s (``benchmarks/solver.py``).

>>> from cardtable.tripeaks import TriPeaks
>>> from cardtable.tripeaks._position import Position
>>> outcome = best_score(Position.of(TriPeaks(seed=7)))
>>> outcome.score > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ._position import PEAK_MASK, Position, Tables, file_by_layer, lattice
from ._relaxed import RelaxedBound
from .game import DRAW, Move
from .layout import SIZE

ASPIRATIONS = (90, 80, 70, 55, 35, 0)
"""Per cent of the relaxed ceiling the exact search asks for, in turn: asking much cuts most
of the tree and usually finds the best line at once; when no line reaches it, ask for less.
At 0 any line will do, so the last search always answers."""

Link = tuple["Link", int] | None
"""A line as a chain back to the start: (the line before, a move), a move being a position
or minus a number of draws; ``None`` is the empty line."""


@dataclass(frozen=True)
class ScoreOutcome:
    """The best final score from a position and a line that reaches it."""

    score: int
    moves: list[Move]
    nodes: int


def best_score(position: Position) -> ScoreOutcome:
    """The highest score with which the round can finish from ``position``, and a line."""
    tables = Tables(position)
    relaxed = RelaxedBound(tables, position.scheme)
    start = lattice().index[tables.mask0]
    ceiling = relaxed.ceiling(start, position.top, position.run, position.score)
    nodes = 0
    for share in ASPIRATIONS:
        found, tried = _search(position, tables, relaxed, ceiling * share // 100)
        nodes += tried
        if found is not None:
            return ScoreOutcome(found.score, found.moves, nodes)
    raise AssertionError("unreachable: the last aspiration, 0, accepts any line")


def _search(
    position: Position, tables: Tables, relaxed: RelaxedBound, floor: int
) -> tuple[ScoreOutcome | None, int]:
    """The best line scoring at least ``floor`` (``None`` when there is none), and the nodes
    the search took."""
    at, later = relaxed.at, relaxed.later
    scheme = position.scheme
    points = scheme.card_points
    cost = scheme.draw_cost
    peak, last_peak = scheme.peak_bonus, scheme.last_peak_bonus
    rank, near, tops = tables.rank, tables.near, tables.tops
    layers_for = tables.layers_for
    m = tables.draw_count
    grid = lattice()
    masks, exposed_of, next_of = grid.masks, grid.exposed, grid.next
    start = grid.index[tables.mask0]
    full = grid.index[(1 << SIZE) - 1]

    best = floor - 1
    best_link: Link = None
    nodes = 0
    # Set -> the (potential, layer, line) of the scores it opens a layer with. A score s after
    # d draws is worth max(0, s - cost * (L - d)) at layer L, so entries compare by their
    # potential s + cost * d; a score of 0 is matched by any earlier entry (the floor).
    entries: dict[int, list[tuple[int, int, Link]]] = {}
    buckets: list[list[int]] = [[] for _ in range(m + 1)]

    def arrive(i: int, layer: int, score: int, link: Link) -> None:
        """Record that set ``i`` opens ``layer`` with ``score``, unless something beats it."""
        potential = score + cost * layer
        found = entries.get(i)
        if found is None:
            entries[i] = [(potential, layer, link)]
            file_by_layer(buckets, i, exposed_of[i], layers_for, layer)
            return
        for old_potential, old_layer, _ in found:
            if old_layer <= layer and (old_potential >= potential or not score):
                return
        found[:] = [
            entry
            for entry in found
            if entry[1] < layer or (entry[0] > potential and entry[0] > cost * entry[1])
        ]
        found.append((potential, layer, link))

    def opening(i: int, layer: int) -> tuple[int, Link]:
        """The best score set ``i`` can open ``layer`` with, and its line (draws included)."""
        potential, link, drawn = -1, None, 0
        for old_potential, old_layer, old_link in entries[i]:
            if old_layer <= layer and old_potential > potential:
                potential, link, drawn = old_potential, old_link, old_layer
        if layer > drawn:
            link = (link, drawn - layer)
        return max(0, potential - cost * layer), link

    arrive(start, 0, position.score, None)
    # Mid-run states: (set << 4 | top rank) -> (layer, run, potential) triples, none beaten.
    seen: dict[int, list[tuple[int, int, int]]] = {}
    for j in range(m + 1):
        top0 = tops[j]
        for i0 in buckets[j]:
            score0, link0 = opening(i0, j)
            k0 = position.run if j == 0 and i0 == start else 0
            stack = [(i0, top0, k0, score0, link0)]
            while stack:
                i, top, k, score, link = stack.pop()
                mask = masks[i]
                # relaxed.ceiling(...) <= best, spelt out: this line runs once per node.
                if score + at(i, top, k) <= best and later(i) <= best:
                    continue
                plays = exposed_of[i] & near[top]
                if i != i0:
                    key = i << 4 | top
                    potential = score + cost * j
                    trail = seen.get(key)
                    if trail is None:
                        seen[key] = [(j, k, potential)]
                    else:
                        beaten = False
                        for a, b, c in trail:
                            if a <= j and b >= k and c >= potential:
                                beaten = True
                                break
                        if beaten:
                            continue
                        trail[:] = [
                            (a, b, c) for a, b, c in trail if a < j or b > k or c > potential
                        ]
                        trail.append((j, k, potential))
                nodes += 1
                if j < m:
                    if k:  # end the run here: draw
                        arrive(i, j + 1, max(0, score - cost), (link, -1))
                elif not plays and score > best:  # stock empty, nothing playable: over
                    best, best_link = score, link
                row = next_of[i]
                while plays:
                    low = plays & -plays
                    plays ^= low
                    p = low.bit_length() - 1
                    gain = points[k + 1]
                    if p < 3:
                        gain += last_peak if (mask | low) & PEAK_MASK == PEAK_MASK else peak
                    after = row[p]
                    if after == full:
                        if score + gain > best:
                            best, best_link = score + gain, (link, p)
                    else:
                        stack.append((after, rank[p], k + 1, score + gain, (link, p)))
    # Sets no later stock card can play on: after the last draw the round ends there.
    last = near[tops[m]]
    for i in entries:
        if not exposed_of[i] & last:
            score, link = opening(i, m)
            if score > best:
                best, best_link = score, link
    if best < floor:
        return None, nodes
    return ScoreOutcome(best, _moves(best_link), nodes), nodes


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
