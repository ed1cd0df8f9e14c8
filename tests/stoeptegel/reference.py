"""An independent reading of Part B (rules B5–B26), written from the rules text alone: cards as
(rank, suit) pairs, rows as lists of (card, played), every rule a plain ``if``. It shares no
code with the engine (no keys, no tables) and knows only Part B's readings: the differential
tests play the engine against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Card = tuple[int, str]  # rank 1 (ace) … 13 (king), 0 for the joker; suit "S", "H", "D", "C" or ""
Row = list[tuple[Card, bool]]  # bottom first; False for the inert starting card (B6)
RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def card(code: str) -> Card:
    if code == "JK":
        return (0, "")
    return (RANKS.get(code[0]) or int(code[0]), code[1])


def up(rank: int) -> int:
    """B7 going up: 2 < … < K < A."""
    return 14 if rank == 1 else rank


def counting(row: Row) -> int:
    """B5: the topmost card that is not a played 5."""
    i = len(row) - 1
    while i > 0 and row[i][1] and row[i][0][0] == 5:
        i -= 1
    return i


def closed(row: Row) -> bool:
    """B8: the top card is a played 2."""
    (rank, _), played = row[-1]
    return played and rank == 2


def turned(row: Row) -> bool:
    """B8: the counting card is a played 7."""
    (rank, _), played = row[counting(row)]
    return played and rank == 7


def may_lay(x: Card, row: Row) -> bool:
    """B9–B16: may card ``x`` go on ``row``?"""
    if closed(row):
        return False
    if x[0] == 0:
        return True  # B16
    c = row[counting(row)][0]
    t = row[-1][0]
    down = turned(row)
    rank, suit = x
    same_suit = suit == c[1]
    if rank == 1:  # B11
        return down or (c[0] == 13 and same_suit)
    if rank == 5:  # B12
        return same_suit or 5 in (c[0], t[0])
    if rank == 7:  # B13
        return same_suit or 7 in (c[0], t[0])
    if rank == 10:  # B14
        return same_suit
    if rank == 11:  # B15
        return not down and (2 <= up(c[0]) <= 10 or (c[0] == 11 and not same_suit))
    if rank == c[0] and not same_suit:  # B9: the same rank in another suit
        return True
    if down:
        return same_suit and rank < c[0]  # going down the ace is the lowest (B7)
    return same_suit and up(rank) > up(c[0])


@dataclass
class Table:
    rows: list[Row]
    stock: list[Card]  # next card first
    out: list[Card] = field(default_factory=list)

    def land(self, x: Card, r: int) -> None:
        """B17–B22: ``x`` lands on row ``r`` as a played card and does what it does."""
        if x[0] == 0:  # B22
            self.out.append(x)
            if self.stock:
                self.land(self.stock.pop(0), r)
            return
        self.rows[r].append((x, True))
        if x[0] == 4:  # B18: to the next open row to the right, after row 3 row 1
            for step in (1, 2):
                to = (r + step) % 3
                if not closed(self.rows[to]):
                    self.rows[r].pop()
                    self.rows[to].append((x, True))
                    return
        if x[0] == 10:  # B21
            self.out.extend(c for c, _ in self.rows[r][:-1])
            del self.rows[r][:-1]


@dataclass
class Round:
    """One round of play from its start: hands, stoeptegels (by owner), the table, scores."""

    hands: list[list[Card]]
    stoeptegels: list[Card]
    table: Table
    scores: list[int]
    to_move: int
    target: int
    passes: int = 0
    over: str | None = None  # "passes", "out" or "target"

    def legal(self, seat: int) -> set[tuple[Card, int]]:
        if self.over or seat != self.to_move:
            return set()
        return {
            (x, r) for x in self.hands[seat] for r in range(3) if may_lay(x, self.table.rows[r])
        }

    def counts(self, seat: int) -> bool:
        """B25: the suit of ``seat``'s stoeptegel is the suit of a row's counting card."""
        suit = self.stoeptegels[seat][1]
        return bool(suit) and any(row[counting(row)][0][1] == suit for row in self.table.rows)

    def play(self, seat: int, x: Card, r: int) -> None:
        self.hands[seat].remove(x)
        self.table.land(x, r)
        self.passes = 0
        if self.counts(seat):
            self.scores[seat] += 1
            if self.scores[seat] >= self.target:  # B27: the game ends at once
                self.over = "target"
                return
        self._next(seat)

    def pass_turn(self, seat: int) -> None:
        self.passes += 1
        self._next(seat)

    def _next(self, seat: int) -> None:
        n = len(self.hands)
        nxt = (seat + 1) % n
        if self.passes >= n:
            self._end("passes")
        elif not self.hands[nxt]:
            self._end("out")
        else:
            self.to_move = nxt

    def _end(self, reason: str) -> None:
        """B26: each stoeptegel alone against the rows as they lie."""
        self.over = reason
        for owner, x in enumerate(self.stoeptegels):
            if any(may_lay(x, row) for row in self.table.rows):
                self.scores[owner] += 1
