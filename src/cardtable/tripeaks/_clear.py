"""Can the tableau be cleared? An exact search, and the longest line when it can't.

Two stages. Depth-first searches, restarted with shuffled move orders and sharing what they
learn, find a clearing line within a few thousand nodes on most deals. When they run out of
budget, a search by layers (a layer is the play between two draws) settles the position: it
expands each (removed set, card) move at most once, so even a deal that cannot be cleared is
done after about 100,000 steps, and it finds the most cards that can be removed.

Why remembering is cheap: the future of a position depends only on the removed set, the
cards playable on the waste top and how many cards were drawn — and with the same removed set
and playable cards, having drawn fewer is never worse (one can always draw up to the other
count). So one number per (removed set, playable cards) records a failure: the fewest draws
known to lose.

>>> from cardtable.tripeaks import TriPeaks
>>> from cardtable.tripeaks._position import Position
>>> outcome = clear(Position.of(TriPeaks(seed=7)))
>>> outcome.winnable, outcome.removed
(True, 28)
"""

from __future__ import annotations

from dataclasses import dataclass

from .._rng import SplitMix64
from ._position import FULL, Position, Tables, lattice, support
from .layout import DRAW, SIZE, Move

RESTART_NODES = 1000
"""Nodes per depth-first attempt: search times are heavy-tailed, so short restarts with new
move orders beat one long search (measured: a third fewer deals need the layered stage)."""
DFS_BUDGET = 8000
"""Depth-first nodes in all (about 15 ms) before the layered search takes over."""

_NEVER = 1 << 30


@dataclass(frozen=True)
class ClearOutcome:
    """The answer for one position: winnable, a line, the tableau cards removed in all."""

    winnable: bool
    moves: list[Move]
    removed: int
    nodes: int


def clear(position: Position, budget: int = DFS_BUDGET) -> ClearOutcome:
    """Solve ``position`` exactly: a clearing line, or one that removes the most cards."""
    tables = Tables(position)
    origin = (lattice().index[tables.mask0], 0, tables.tops[0])
    found, moves, removed, nodes = _restarts(tables, origin, budget, {})
    if found:
        return ClearOutcome(True, moves, removed, nodes)
    # No clear found (or proved impossible: its search skipped stranded states, so the most
    # cards it removed is only a floor): the layered search settles both questions.
    return _by_layers(tables, moves, removed, nodes)


class Probe:
    """Quick verdicts on the moves open in one position: does the tableau still clear after
    each? Depth-first only, within a node budget, so the answer may be ``None`` (unsettled).
    The moves share what the searches learn. Cheap and deterministic: the fair hint's tool.

    >>> from cardtable.tripeaks import TriPeaks
    >>> Probe(Position.of(TriPeaks(seed=7))).clears_after(27, 2000)
    True
    """

    def __init__(self, position: Position) -> None:
        self.tables = Tables(position)
        self.lost: dict[int, int] = {}
        self.nodes = 0

    def after(self, move: Move) -> tuple[int, int, int]:
        """The state after ``move`` (a legal move): (removed set, draws made, waste top rank)."""
        tables = self.tables
        start = lattice().index[tables.mask0]
        if move == DRAW:
            return start, 1, tables.tops[1]
        p = int(move)
        return lattice().next[start][p], 0, tables.rank[p]

    def clears_after(self, move: Move, budget: int) -> bool | None:
        """True or False when a search of at most ``budget`` nodes settles whether the tableau
        can be cleared after ``move`` (a legal move), None when it runs out first."""
        found, _, _, nodes = _restarts(self.tables, self.after(move), budget, self.lost)
        self.nodes += nodes
        return found


def _restarts(
    tables: Tables, origin: tuple[int, int, int], budget: int, lost: dict[int, int]
) -> tuple[bool | None, list[Move], int, int]:
    """Depth-first attempts of ``RESTART_NODES`` each, the first bottom row first, the others in
    shuffled orders; failures found by one attempt prune the next (they are proofs)."""
    rng = SplitMix64(len(tables.tops))
    priority = list(range(SIZE))
    nodes = 0
    best, best_line = -1, []
    while True:
        attempt = min(RESTART_NODES, budget - nodes)
        found, line, removed, used = _depth_first(tables, origin, attempt, lost, priority)
        nodes += used
        if removed > best:
            best, best_line = removed, line
        if found is not None:
            return found, line if found else best_line, best, nodes
        if nodes >= budget:
            return None, best_line, best, nodes
        rng.shuffle(priority)


def _depth_first(
    tables: Tables,
    origin: tuple[int, int, int],
    budget: int,
    lost: dict[int, int],
    priority: list[int],
) -> tuple[bool | None, list[Move], int, int]:
    """Iterative depth-first search for a clearing line (depth ≤ 28 plays + 23 draws) from
    ``origin``: (removed set, draws made, waste top rank).

    Plays are tried highest ``priority`` first, the draw last. Returns True, False or None
    (budget spent), a line (the clearing one, else the one removing most cards), how many
    tableau cards that line leaves removed, and the nodes visited.
    """
    rank, near, tops, after = tables.rank, tables.near, tables.tops, tables.after
    m = tables.draw_count
    c0, c1, c2, c3 = tables.rank_chunks
    grid = lattice()
    masks, exposed_of, next_of = grid.masks, grid.exposed, grid.next
    best = masks[origin[0]].bit_count()
    best_line: list[Move] = []
    line: list[Move] = []
    # A frame: [removed set, draws made, top rank, plays left to try, drew yet].
    stack: list[list[int]] = []
    nodes = 0
    pending: tuple[int, int, int] | None = origin
    while True:
        if pending is not None:
            i, j, top = pending
            pending = None
            nodes += 1
            mask = masks[i]
            if mask == FULL:
                return True, line, SIZE, nodes
            if nodes > budget:
                return None, best_line, best, nodes
            plays = exposed_of[i] & near[top]
            need = c0[mask & 127] | c1[mask >> 7 & 127] | c2[mask >> 14 & 127] | c3[mask >> 21]
            if lost.get(i << 28 | plays, _NEVER) <= j or need & ~support(
                need | after[j] | 1 << top
            ):
                if line:
                    line.pop()
                if not stack:
                    return False, best_line, best, nodes
                continue
            count = mask.bit_count()
            if count > best:
                best, best_line = count, list(line)
            stack.append([i, j, top, plays, 0])
        frame = stack[-1]
        i, j, top, plays, drew = frame
        if plays:
            p = plays.bit_length() - 1
            if plays ^ 1 << p:  # more than one play: pick by priority
                rest = plays
                while rest:
                    low = rest & -rest
                    rest ^= low
                    q = low.bit_length() - 1
                    if priority[q] > priority[p]:
                        p = q
            frame[3] = plays ^ 1 << p
            line.append(p)
            pending = (next_of[i][p], j, rank[p])
        elif not drew and j < m:
            frame[4] = 1
            line.append(DRAW)
            pending = (i, j + 1, tops[j + 1])
        else:
            key = i << 28 | exposed_of[i] & near[top]
            if lost.get(key, _NEVER) > j:
                lost[key] = j
            stack.pop()
            if not stack:
                return False, best_line, best, nodes
            line.pop()


def _by_layers(tables: Tables, best_line: list[Move], best: int, nodes: int) -> ClearOutcome:
    """Exhaustive search layer by layer, with the most removed cards as the fallback goal.

    Within a layer the waste top is the card just played, so a state is (removed set, the
    cards playable on it). Reaching a removed set in an earlier layer is never worse, so each
    (removed set, card) move is expanded once, in the earliest layer where it is possible;
    removed sets are carried to the later layers whose opening stock card can take one of
    their exposed cards. States whose stranded cards show they cannot beat the best count
    so far are cut.
    """
    rank, near, tops = tables.rank, tables.near, tables.tops
    fitting, stranded = tables.fitting, tables.stranded
    m = tables.draw_count
    grid = lattice()
    masks, exposed_of, next_of = grid.masks, grid.exposed, grid.next
    start = grid.index[tables.mask0]
    full = grid.index[FULL]
    size = len(masks)
    done = [0] * size  # the cards already played from each set
    bound = [-1] * size  # the most cards each set could lead to (-1: not reached yet)
    bound[start] = SIZE
    # Lists, not dicts: some 100,000 entries are filed on a hard deal, and a dict that big
    # keeps growing and rehashing.
    first = [0] * size  # set -> the move (set << 5 | card) that first reached it
    came = [0] * (size << 5)  # move -> layer << 5 | (card played just before it, + 1)
    buckets: list[list[int]] = [[] for _ in range(m + 1)]
    # The buckets of a set of layers (as bits): few distinct sets, many sets to file.
    targets: dict[int, list[list[int]]] = {}

    def carry(i: int, layer: int) -> None:
        """File set ``i`` in the bucket of every layer from ``layer`` on that fits it."""
        layers = fitting(exposed_of[i]) >> layer << layer
        into = targets.get(layers)
        if into is None:
            into = targets[layers] = [buckets[j] for j in range(m + 1) if layers >> j & 1]
        for bucket in into:
            bucket.append(i)

    carry(start, 0)
    best_set = -1
    for j in range(m + 1):
        opening = near[tops[j]]
        stack = [  # (most filed sets have no card left to play on this stock card)
            (i, plays, 0)
            for i in buckets[j]
            if bound[i] > best and (plays := exposed_of[i] & opening & ~done[i])
        ]
        while stack:
            i, plays, via = stack.pop()
            plays &= ~done[i]
            if not plays:
                continue
            done[i] |= plays
            row = next_of[i]
            while plays:
                low = plays & -plays
                plays ^= low
                p = low.bit_length() - 1
                nodes += 1
                move = i << 5 | p
                came[move] = j << 5 | via
                k = row[p]
                if k == full:
                    return ClearOutcome(True, _line(tables, first, came, move), SIZE, nodes)
                limit = bound[k]
                if limit < 0:
                    first[k] = move
                    count = masks[k].bit_count()
                    if count > best:
                        best, best_set = count, k
                    # Counted without the waste top: later arrivals come with other tops.
                    limit = bound[k] = SIZE - stranded(masks[k], j, 0).bit_count()
                    if limit > best:
                        carry(k, j + 1)
                if limit <= best and (
                    SIZE - stranded(masks[k], j, 1 << rank[p]).bit_count() <= best
                ):
                    continue  # even this arrival's waste top saves nothing that counts
                stack.append((k, exposed_of[k] & near[rank[p]], p + 1))
    if best_set >= 0:
        best_line = _line(tables, first, came, first[best_set])
    return ClearOutcome(False, best_line, best, nodes)


def _line(tables: Tables, first: list[int], came: list[int], move: int) -> list[Move]:
    """The moves, from the start, of a line ending with ``move`` (set << 5 | card)."""
    grid = lattice()
    start = grid.index[tables.mask0]
    moves: list[Move] = []
    while True:
        i, p = move >> 5, move & 31
        layer, via = came[move] >> 5, (came[move] & 31) - 1
        moves.append(p)
        if via >= 0:  # played on the card just before, in the same layer
            move = grid.index[grid.masks[i] ^ 1 << via] << 5 | via
            continue
        if i == start:
            moves.extend([DRAW] * layer)
            break
        move = first[i]
        moves.extend([DRAW] * (layer - (came[move] >> 5)))
    moves.reverse()
    return moves
