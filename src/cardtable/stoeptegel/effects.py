"""The table in the middle (three rows, the stock, the cards out of the game) and what a card
does when it lands (rules B17–B22).

``Table`` works on plain integers so that the engine and the bots' simulations share it; it
appends JSON-ready events to a list when given one (``None`` skips them, for fast rollouts).
It plays the house rules it is given (``Rules``: the 4's wrap, starting cards that wake, rows
that stay turned, and the legality table the bots and the engine read).

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

from .legality import legal_table
from .rows import CARDS, CLOSED, JOKER, PLAYED, RANK, Row, row_key
from .rules import DEFAULT_RULES, Rules

Event = dict[str, Any]


class Table:
    """Rows (lists of encoded values, bottom first), their keys and counting cards, the stock
    (a list whose *last* item is drawn next) and the cards out of the game this round, under
    the house ``rules``; ``legal`` is their legality table (``legality.legal_table``)."""

    __slots__ = ("_fire", "_until", "_wraps", "counts", "keys", "legal", "out", "rows", "rules",
                 "stock")  # fmt: skip

    def __init__(
        self,
        rows: list[list[int]],
        stock: list[int],
        out: list[int],
        rules: Rules = DEFAULT_RULES,
    ) -> None:
        self.rows = rows
        self.stock = stock
        self.out = out
        self.rules = rules
        self.legal = legal_table(rules)
        self._until = rules.seven_turns_until_cleared
        self._fire = rules.starting_cards_fire
        self._wraps = rules.four_wraps
        self.keys = [0, 0, 0]
        self.counts = [0, 0, 0]
        for r in range(3):
            self.refresh(r)

    def refresh(self, r: int) -> None:
        """Recompute row ``r``'s key and counting card after it changed."""
        self.keys[r], self.counts[r] = row_key(self.rows[r], self._until)

    def copy(self) -> Table:
        """The same rows and rules with an empty stock: for looking one card ahead."""
        return Table([list(row) for row in self.rows], [], [], self.rules)

    def snapshot(self) -> tuple[Row, Row, Row]:
        """The rows as public :class:`Row` objects."""
        a, b, c = (Row._from_encoded(row, self.rules) for row in self.rows)
        return (a, b, c)

    def _put(self, card: int, r: int, events: list[Event] | None) -> None:
        """Lay ``card`` on row ``r`` as a played card; at a table whose starting cards fire
        (house rule, B6) a starting card beneath it wakes first and becomes a played card."""
        row = self.rows[r]
        if self._fire and row[0] < PLAYED:
            row[0] |= PLAYED
            if events is not None:
                events.append(
                    {"type": "wake", "card": CARDS[row[0] & 63].code, "row": r, "rule": "B6"}
                )
        row.append(card | PLAYED)

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
        self._put(card, r, events)
        rank = RANK[card]
        if rank == 4:  # B18: slide to the next open row to the right, once
            for step in (1, 2):
                to = (r + step) % 3
                if to < r and not self._wraps:
                    break  # house rule four_wraps off: nothing to the right of row 3
                if self.keys[to] != CLOSED:
                    row.pop()
                    self.refresh(r)
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
                    self._put(card, to, events)
                    self.refresh(to)
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
            turn = {"type": "turn", "card": CARDS[card].code, "row": r, "rule": "B20"}
            if self._until:  # house rule: the row stays turned until a 10 clears it
                turn["until_cleared"] = True
            events.append(turn)
        self.refresh(r)
