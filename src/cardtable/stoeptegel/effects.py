"""The table in the middle (three rows, the stock, the cards out of the game) and what a card
does when it lands (rules B17–B22).

``Table`` works on plain integers so that the engine and the bots' simulations share it; it
appends JSON-ready events to a list when given one (``None`` skips them, for fast rollouts).

>>> from cardtable.cards import Card
>>> C = lambda text: Card.parse(text).index
>>> table = Table([[C("KC")], [C("8D")], [C("3S")]], stock=[], out=[])
>>> events = []
>>> table.land(C("4S"), 2, events)  # the worked example of rule B18
>>> [str(r) for r in table.snapshot()], events[0]["type"], events[0]["to"]
(['K♣ · 4♠', '8♦', '3♠'], 'slide', 0)
"""

from __future__ import annotations

from typing import Any

from .rows import CARDS, CLOSED, JOKER, PLAYED, RANK, Row, row_key

Event = dict[str, Any]


class Table:
    """Rows (lists of encoded values, bottom first), their keys and counting cards, the stock
    (a list whose *last* item is drawn next) and the cards out of the game this round."""

    __slots__ = ("counts", "keys", "out", "rows", "stock")

    def __init__(self, rows: list[list[int]], stock: list[int], out: list[int]) -> None:
        self.rows = rows
        self.stock = stock
        self.out = out
        self.keys = [0, 0, 0]
        self.counts = [0, 0, 0]
        for r in range(3):
            self.refresh(r)

    def refresh(self, r: int) -> None:
        """Recompute row ``r``'s key and counting card after it changed."""
        self.keys[r], self.counts[r] = row_key(self.rows[r])

    def snapshot(self) -> tuple[Row, Row, Row]:
        """The rows as public :class:`Row` objects."""
        a, b, c = (Row._from_encoded(row) for row in self.rows)
        return (a, b, c)

    def land(self, card: int, r: int, events: list[Event] | None) -> None:
        """Put ``card`` (an index) on row ``r`` as a played card and let its power fire."""
        if card == JOKER:  # B22: the joker leaves; the stock's top card takes its place
            self.out.append(JOKER)
            replacement = self.stock.pop() if self.stock else None
            if events is not None:
                events.append(
                    {
                        "type": "joker",
                        "row": r,
                        "replacement": None if replacement is None else CARDS[replacement].code,
                        "stock_count": len(self.stock),
                        "rule": "B22",
                    }
                )
            if replacement is not None:
                self.land(replacement, r, events)
            return
        row = self.rows[r]
        row.append(card | PLAYED)
        rank = RANK[card]
        if rank == 4:  # B18: slide to the next open row to the right, once
            for step in (1, 2):
                to = (r + step) % 3
                if self.keys[to] != CLOSED:
                    row.pop()
                    self.rows[to].append(card | PLAYED)
                    self.refresh(r)
                    self.refresh(to)
                    if events is not None:
                        events.append(
                            {
                                "type": "slide",
                                "card": CARDS[card].code,
                                "from": r,
                                "to": to,
                                "rule": "B18",
                            }
                        )
                    return
            if events is not None:
                events.append(
                    {"type": "slide", "card": CARDS[card].code, "from": r, "to": r, "rule": "B18"}
                )
        elif rank == 2:  # B17
            if events is not None:
                events.append({"type": "close", "card": CARDS[card].code, "row": r, "rule": "B17"})
        elif rank == 10:  # B21
            removed = [value & 63 for value in row[:-1]]
            del row[:-1]
            self.out.extend(removed)
            if events is not None:
                events.append(
                    {
                        "type": "clear",
                        "card": CARDS[card].code,
                        "row": r,
                        "removed": [CARDS[c].code for c in removed],
                        "rule": "B21",
                    }
                )
        elif rank == 7 and events is not None:  # B20
            events.append({"type": "turn", "card": CARDS[card].code, "row": r, "rule": "B20"})
        self.refresh(r)
