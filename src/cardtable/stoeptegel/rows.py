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

from dataclasses import dataclass, field

from ..cards import Card, parse_cards
from .rules import DEFAULT_RULES, Rules

PLAYED = 64
"""Flag added to a card's index when it lies on a row as a played card (rule B6)."""
JOKER = 52
CLOSED = 416
"""The key of a closed row (rule B8): no card goes on it. 52 cards × 8 states = 416 open keys."""
TOP5, TURNED, FROM_TURNED = 1, 2, 4
"""The flags of a row key below the counting card (see :func:`row_key`)."""
CARDS = tuple(Card.from_index(i) for i in range(53))

RANK = (*tuple(i % 13 + 1 for i in range(52)), 0)
"""Rank by card index, A=1 … K=13; the joker has rank 0 here."""
SUIT = (*tuple(i // 13 for i in range(52)), 4)
"""Suit number by card index (0–3 in the order S, H, D, C); the joker's is 4, matching nothing."""

_PLAYED_RANK = tuple(RANK[v - PLAYED] if v >= PLAYED and v - PLAYED < 52 else 0 for v in range(128))
"""The rank of a played card by encoded value; 0 for a starting card (its effects never fire)."""


def row_key(row: list[int], until_cleared: bool = False) -> tuple[int, int]:
    """``(key, counting card index)`` of a row given as encoded values, bottom first.

    The key is ``CLOSED`` for a closed row: its top card is a played 2 (rule B8), or its bottom
    one is (a starting 2 that woke under a card, house rule ``starting_cards_fire``). Otherwise
    it is ``8 * C + flags``, ``C`` the counting card (the topmost card that is not a played 5,
    rule B5), with ``TURNED`` when C is a played 7 (B8) or, ``until_cleared`` (house rule
    ``seven_turns_until_cleared``), when a played 7 lies anywhere on the row; ``TOP5`` when the
    top card is a 5 ("on another 5", B12); ``FROM_TURNED`` when C is a played ace laid on a
    row that was turned (B7: high or low, as the house rule ``ace_on_turned_row_is_high`` says).
    """
    top = row[-1]
    top_rank = _PLAYED_RANK[top]
    i = len(row) - 1
    if top_rank == 5:
        while i > 0 and _PLAYED_RANK[row[i]] == 5:
            i -= 1
    value = row[i]
    card = value & 63
    if top_rank == 2 or _PLAYED_RANK[row[0]] == 2:
        return CLOSED, card
    rank = _PLAYED_RANK[value]
    flags = TOP5 if RANK[top & 63] == 5 else 0
    if rank == 7 or (until_cleared and any(_PLAYED_RANK[v] == 7 for v in row)):
        flags |= TURNED
    elif rank == 1 and i > 0:  # an ace: was the row beneath it turned when it landed?
        j = i - 1
        while j > 0 and _PLAYED_RANK[row[j]] == 5:
            j -= 1
        if _PLAYED_RANK[row[j]] == 7:
            flags |= FROM_TURNED
    return card * 8 + flags, card


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
    slid or put down by the stock for a joker. ``rules`` are the house rules the row is read
    under (whether it is turned or closed).
    """

    cards: tuple[Card, ...]
    played: tuple[bool, ...]
    rules: Rules = field(default=DEFAULT_RULES, repr=False, compare=False)

    @classmethod
    def of(cls, text: str | list[object]) -> Row:
        """A row from text, bottom first: the first card is the starting card, the rest played.

        >>> Row.of("KC 4S").cards[-1]
        Card.parse('4S')
        """
        cards = tuple(parse_cards(text))
        return cls(cards, tuple(i > 0 for i in range(len(cards))))

    @classmethod
    def _from_encoded(cls, row: list[int], rules: Rules = DEFAULT_RULES) -> Row:
        return cls(tuple(CARDS[v & 63] for v in row), tuple(v >= PLAYED for v in row), rules)

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

    def _key(self) -> int:
        return row_key(self._encoded(), self.rules.seven_turns_until_cleared)[0]

    @property
    def closed(self) -> bool:
        """True when a played 2 closed the row: nothing more goes on it (rule B8)."""
        return self._key() == CLOSED

    @property
    def turned(self) -> bool:
        """True while a 7 keeps the row turned: a card of its suit must go lower (rules
        B8, B20)."""
        key = self._key()
        return key != CLOSED and bool(key & TURNED)

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
