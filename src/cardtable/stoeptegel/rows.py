"""The three rows: how cards lie on them, which card counts, and the public ``Row`` object.

Inside the engine a card is a small integer (``Card.index``: suit-major 0–51, the joker 52) and
a card on a row carries the flag ``PLAYED`` (64) unless it is an inert starting card (rule B6).
A row's state, as far as the legality rules care, fits in one integer, its *key* (see
:func:`row_key`), so that ``legality.LEGAL[card][key]`` answers "may this card go here?".

>>> row = Row.of("9H 5H")
>>> row.counting_card, row.turned, row.closed
(Card.parse('9H'), False, False)
>>> Row.of("9H 7H 5H").turned
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, parse_cards

PLAYED = 64
"""Flag added to a card's index when it lies on a row as a played card (rule B6)."""
JOKER = 52
CLOSED = 208
"""The key of a closed row (rule B8): no card goes on it. 52 cards × 4 states = 208 open keys."""
CARDS = tuple(Card.from_index(i) for i in range(53))

RANK = (*tuple(i % 13 + 1 for i in range(52)), 0)
"""Rank by card index, A=1 … K=13; the joker has rank 0 here."""
SUIT = (*tuple(i // 13 for i in range(52)), 4)
"""Suit number by card index (0–3 in the order S, H, D, C); the joker's is 4, matching nothing."""

_PLAYED_RANK = tuple(RANK[v - PLAYED] if v >= PLAYED and v - PLAYED < 52 else 0 for v in range(128))
"""The rank of a played card by encoded value; 0 for a starting card (its effects never fire)."""


def row_key(row: list[int]) -> tuple[int, int]:
    """``(key, counting card index)`` of a row given as encoded values, bottom first.

    The key is ``CLOSED`` for a closed row (top card a played 2, rule B8); otherwise
    ``4 * C + 2 * turned + top5`` where ``C`` is the counting card (the topmost card that is
    not a played 5, rule B5), ``turned`` says C is a played 7 (B8) and ``top5`` says the top
    card is a 5 ("on another 5", B12).
    """
    top = row[-1]
    top_rank = _PLAYED_RANK[top]
    i = len(row) - 1
    if top_rank == 5:
        while i > 0 and _PLAYED_RANK[row[i]] == 5:
            i -= 1
    value = row[i]
    card = value & 63
    if top_rank == 2:
        return CLOSED, card
    turned = 2 if _PLAYED_RANK[value] == 7 else 0
    top5 = 1 if RANK[top & 63] == 5 else 0
    return card * 4 + turned + top5, card


def counting_position(row: list[int]) -> int:
    """The index (bottom = 0) of a row's counting card (rule B5)."""
    i = len(row) - 1
    while i > 0 and _PLAYED_RANK[row[i]] == 5:
        i -= 1
    return i


@dataclass(frozen=True)
class Row:
    """One row as players see it: a snapshot, bottom card first.

    ``played[i]`` is False for the inert starting card (rule B6) and True for every card laid,
    slid or put down by the stock for a joker.
    """

    cards: tuple[Card, ...]
    played: tuple[bool, ...]

    @classmethod
    def of(cls, text: str | list[object]) -> Row:
        """A row from text, bottom first: the first card is the starting card, the rest played.

        >>> Row.of("KC 4S").cards[-1]
        Card.parse('4S')
        """
        cards = tuple(parse_cards(text))
        return cls(cards, tuple(i > 0 for i in range(len(cards))))

    @classmethod
    def _from_encoded(cls, row: list[int]) -> Row:
        return cls(tuple(CARDS[v & 63] for v in row), tuple(v >= PLAYED for v in row))

    def _encoded(self) -> list[int]:
        return [
            c.index + (PLAYED if p else 0) for c, p in zip(self.cards, self.played, strict=True)
        ]

    @property
    def top(self) -> Card:
        """The last card placed."""
        return self.cards[-1]

    @property
    def counting_index(self) -> int:
        """Where the counting card lies (0 = bottom)."""
        return counting_position(self._encoded())

    @property
    def counting_card(self) -> Card:
        """The topmost card that is not a played 5: the card the rules compare with (rule B5)."""
        return self.cards[self.counting_index]

    @property
    def closed(self) -> bool:
        """True when the top card is a played 2: nothing more goes on this row (rule B8)."""
        return self.played[-1] and self.cards[-1].rank == 2

    @property
    def turned(self) -> bool:
        """True while the counting card is a played 7: a card of its suit must go lower
        (rules B8, B9)."""
        i = self.counting_index
        return self.played[i] and self.cards[i].rank == 7

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: wire codes bottom first, flags, and the counting card."""
        i = self.counting_index
        return {
            "cards": [c.code for c in self.cards],
            "played": list(self.played),
            "top": self.top.code,
            "counting": self.cards[i].code,
            "counting_index": i,
            "closed": self.closed,
            "turned": self.turned,
        }

    def __str__(self) -> str:
        return " · ".join(str(c) for c in self.cards)
