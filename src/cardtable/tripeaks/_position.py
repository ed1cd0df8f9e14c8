"""A Tri-Peaks position reduced to what the solvers need, and the bit tables they search with.

Only ranks matter to the rules (T3 ignores suits), so a position is the rank at each tableau
slot (``-1`` once played), the rank on top of the waste, the ranks still to be drawn, the run
and the score. Sets of positions are 28-bit masks: bit ``p`` stands for position ``p``.

>>> from cardtable.tripeaks import TriPeaks
>>> position = Position.of(TriPeaks(seed=7))
>>> len(position.draws), position.run, position.score
(23, 0, 0)
>>> tables = Tables(position)
>>> tables.draw_count, len(tables.tops)  # layer j opens with tops[j]: 24 layers
(23, 24)
>>> bin(lattice().exposed[0]).count("1")  # nothing removed: the ten cards of the bottom row
10
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from .layout import COVERED_BY, COVERS, SIZE
from .scoring import Scoring

if TYPE_CHECKING:
    from .game import TriPeaks

FULL = (1 << SIZE) - 1
"""The mask with every tableau position removed: a cleared tableau."""
COVER_MASK = tuple(sum(1 << q for q in COVERED_BY[p]) for p in range(SIZE))
"""For each position, the mask of the (up to two) positions whose cards lie on it."""
NEIGHBOURS = tuple((1 << (r + 1) % 13) | (1 << (r - 1) % 13) for r in range(13))
"""For each rank (0 = ace … 12 = king), the ranks one above and below it, K–A–2 wrapping (T3)."""
PEAK_MASK = 0b111


def _cone(position: int) -> int:
    cone = 0
    for parent in COVERS[position]:
        cone |= 1 << parent | _cone(parent)
    return cone


CONE = tuple(_cone(p) for p in range(SIZE))
"""For each position, every position above it: none of them is exposed while it is there."""


def support(ranks: int) -> int:
    """The ranks a card could be played on if the cards of ``ranks`` were on the waste.

    >>> bin(support(0b1))  # an ace supports kings and twos
    '0b1000000000010'
    """
    return (ranks << 1 | ranks >> 1 | ranks >> 12 | (ranks & 1) << 12) & 0x1FFF


def exposed_in(mask: int) -> int:
    """The positions exposed once the positions of ``mask`` have been played (rule T1)."""
    exposed = 0
    for p in range(SIZE):
        if not mask >> p & 1 and mask & COVER_MASK[p] == COVER_MASK[p]:
            exposed |= 1 << p
    return exposed


class Lattice:
    """Every removed set the rules allow, numbered, with its exposed cards and the plays from it.

    A card goes only once both cards on it have gone (T1), so removed sets are closed
    downwards: there are just 22,932 of them, the same for every deal. Searches index them
    instead of hashing masks and recomputing what each play exposes. They are numbered by
    size (breadth first), so every set a play leads to is numbered above the set it leaves.
    """

    __slots__ = ("exposed", "index", "masks", "next", "plays")

    def __init__(self) -> None:
        self.index = {0: 0}
        self.masks = [0]
        self.exposed = [exposed_in(0)]
        self.next: list[list[int]] = []  # next[i][p]: the set after playing p from set i
        # plays[i]: (position, set after) for each card exposed in set i — next[i] without gaps.
        self.plays: list[tuple[tuple[int, int], ...]] = []
        i = 0
        while i < len(self.masks):
            mask, exposed = self.masks[i], self.exposed[i]
            row = [-1] * SIZE
            rest = exposed
            while rest:
                low = rest & -rest
                rest ^= low
                p = low.bit_length() - 1
                new_mask = mask | low
                k = self.index.get(new_mask)
                if k is None:
                    k = self.index[new_mask] = len(self.masks)
                    self.masks.append(new_mask)
                    new_exposed = exposed ^ low
                    for parent in COVERS[p]:
                        if new_mask & COVER_MASK[parent] == COVER_MASK[parent]:
                            new_exposed |= 1 << parent
                    self.exposed.append(new_exposed)
                row[p] = k
            self.next.append(row)
            self.plays.append(tuple((p, k) for p, k in enumerate(row) if k >= 0))
            i += 1


@cache
def lattice() -> Lattice:
    """The lattice of removed sets, built once per process (about 0.07 s).

    >>> len(lattice().masks)
    22932
    """
    return Lattice()


@dataclass(frozen=True)
class Position:
    """One moment of a round, as ranks: everything the rules need to go on from here."""

    ranks: tuple[int, ...]
    """The rank (0 = ace … 12 = king) at each tableau position, ``-1`` once played."""
    top: int
    """The rank on top of the waste."""
    draws: tuple[int, ...]
    """The ranks of the stock, in the order they will be drawn."""
    run: int
    score: int
    scheme: Scoring

    @classmethod
    def of(cls, game: TriPeaks) -> Position:
        """The position ``game`` is in now (hidden cards included: solvers may look)."""
        return cls(
            ranks=tuple(card % 13 if card >= 0 else -1 for card in game._tableau),
            top=game._waste[-1] % 13,
            draws=tuple(card % 13 for card in reversed(game._stock)),
            run=game._run,
            score=game._score,
            scheme=game._scheme,
        )


class Tables:
    """Bit tables for one position, built once per search.

    Layer ``j`` is the stretch of play after ``j`` more draws; ``tops[j]`` is the rank on
    top of the waste when it begins.
    """

    __slots__ = (
        "after",
        "draw_count",
        "layers_for",
        "mask0",
        "near",
        "rank",
        "rank_chunks",
        "rank_positions",
        "tops",
    )

    def __init__(self, position: Position) -> None:
        rank = self.rank = position.ranks
        self.mask0 = sum(1 << p for p in range(SIZE) if rank[p] < 0)
        m = self.draw_count = len(position.draws)
        tops = self.tops = (position.top, *position.draws)
        # after[j]: the ranks still in the stock during layer j (each can become a base).
        after = [0] * (m + 1)
        for j in range(m - 1, -1, -1):
            after[j] = after[j + 1] | 1 << tops[j + 1]
        self.after = tuple(after)
        self.rank_positions = tuple(
            sum(1 << p for p in range(SIZE) if rank[p] == r) for r in range(13)
        )
        # near[t]: the positions whose card may go on a waste top of rank t.
        self.near = tuple(
            sum(self.rank_positions[r] for r in range(13) if NEIGHBOURS[t] >> r & 1)
            for t in range(13)
        )
        # layers_for[p]: the layers whose opening top card accepts the card at p, as bits.
        self.layers_for = tuple(
            sum(1 << j for j in range(m + 1) if rank[p] >= 0 and NEIGHBOURS[tops[j]] >> rank[p] & 1)
            for p in range(SIZE)
        )
        # The ranks left on the tableau, looked up 7 positions at a time: a mask is 4 lookups.
        self.rank_chunks = tuple(_ranks_left(rank, 7 * chunk) for chunk in range(4))

    def fitting(self, exposed: int) -> int:
        """The layers whose opening stock card takes one of the ``exposed`` positions, as bits.

        >>> from cardtable.tripeaks import TriPeaks
        >>> tables = Tables(Position.of(TriPeaks(seed=7)))
        >>> tables.fitting(lattice().exposed[0]) & 1  # the waste card takes a bottom card
        1
        """
        layers_for = self.layers_for
        layers = 0
        while exposed:
            low = exposed & -exposed
            exposed ^= low
            layers |= layers_for[low.bit_length() - 1]
        return layers

    def ranks_left(self, mask: int) -> int:
        """The set of ranks (as bits) of the cards still on the tableau."""
        c0, c1, c2, c3 = self.rank_chunks
        return c0[mask & 127] | c1[mask >> 7 & 127] | c2[mask >> 14 & 127] | c3[mask >> 21]

    def positions_of(self, ranks: int) -> int:
        """The positions holding a card of one of ``ranks`` (played or not)."""
        positions = 0
        for r in range(13):
            if ranks >> r & 1:
                positions |= self.rank_positions[r]
        return positions

    def stranded(self, mask: int, j: int, top_bit: int) -> int:
        """Positions whose cards can never be played from layer ``j`` on: they stay for good.

        A card needs a base one rank away (T3): a card still on the tableau, one still in the
        stock, or the waste top (``top_bit``: its rank as a bit, or 0 to leave it out). A card
        with none is stranded, and so is everything above it.
        """
        need = self.ranks_left(mask)
        dead = need & ~support(need | self.after[j] | top_bit)
        if not dead:
            return 0
        stuck = self.positions_of(dead) & ~mask
        cone = stuck
        while stuck:
            low = stuck & -stuck
            stuck ^= low
            cone |= CONE[low.bit_length() - 1]
        return cone & ~mask


def _ranks_left(rank: tuple[int, ...], first: int) -> tuple[int, ...]:
    """For each set ``sub`` of removed positions among ``first`` … ``first + 6``: the ranks
    (as bits) of the cards of those 7 positions still on the tableau."""
    present = [0] * 128  # by the positions present, built from the set minus its lowest one
    for sub in range(1, 128):
        low = sub & -sub
        p = first + low.bit_length() - 1
        present[sub] = present[sub ^ low] | (1 << rank[p] if rank[p] >= 0 else 0)
    return tuple(present[127 ^ sub] for sub in range(128))
