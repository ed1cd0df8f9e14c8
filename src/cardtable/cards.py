"""Cards: an immutable value object, wire codes, parsing and decks.

>>> card = Card.parse("10♥")
>>> card.code, str(card), card.rank, card.suit
('TH', '10♥', 10, 'H')
>>> Card.parse("joker").code
'JK'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import total_ordering

SUITS = "SHDC"
"""Suit letters in deck order: spades, hearts, diamonds, clubs."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_CODES = "A23456789TJQK"
"""Rank letters on the wire, index = rank - 1 (A=1 … K=13)."""
JOKER_CODE = "JK"

_RANK_NAMES = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
_SYMBOL_TO_SUIT = {
    **{sym: letter for letter, sym in SUIT_SYMBOLS.items()},
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}
_RANK_TEXT = {**{code: i + 1 for i, code in enumerate(RANK_CODES)}, "10": 10}


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One playing card, or a joker (``rank`` and ``suit`` both ``None``).

    Build one with :meth:`parse`; its ``repr`` pastes back as code.

    >>> Card.parse("q♠")
    Card.parse('QS')
    >>> sorted([Card.parse("KH"), Card.parse("AS")])
    [Card.parse('AS'), Card.parse('KH')]
    """

    rank: int | None
    suit: str | None

    def __post_init__(self) -> None:
        _check_fields(self.rank, self.suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"TH"``, ``"10H"``, ``"10♥"``, ``"q♠"``, ``"AS"``, ``"JK"`` or ``"joker"``.

        >>> Card.parse("bogus")
        Traceback (most recent call last):
        ...
        ValueError: not a card: 'bogus' (write it like 'TH', '10♥', 'AS' or 'JK')
        """
        if isinstance(text, Card):
            return _canonical(text)
        if not isinstance(text, str):
            raise TypeError(f"a card is written as text like 'TH', not {type(text).__name__}")
        card = _PARSED.get(text.strip().upper()) if len(text) <= 16 else None
        if card is None:
            shown = repr(text) if len(text) <= 16 else repr(text[:12]) + "…"  # no 2 MB echoes
            raise ValueError(f"not a card: {shown} (write it like 'TH', '10♥', 'AS' or 'JK')")
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` in :func:`standard_deck` order; 52 is the joker."""
        return _BY_INDEX[index]

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is None

    @property
    def code(self) -> str:
        """The two-character wire code: ``'TH'``, ``'AS'``, ``'JK'``."""
        if self.rank is None:
            return JOKER_CODE
        return RANK_CODES[self.rank - 1] + str(self.suit)

    @property
    def index(self) -> int:
        """A small integer for engines: suit-major 0–51, the joker 52."""
        if self.rank is None:
            return 52
        return SUITS.index(str(self.suit)) * 13 + self.rank - 1

    def __str__(self) -> str:
        if self.rank is None:
            return "Joker"
        return _RANK_NAMES.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[str(self.suit)]

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index


def _check_fields(rank: object, suit: object) -> None:
    """Exact types (``1.0`` and ``True`` are not ranks), then values; raises on anything else."""
    if rank is None and suit is None:
        return
    if rank is None or suit is None:
        raise ValueError(f"not a card: rank={rank!r}, suit={suit!r} (a joker has neither)")
    if type(rank) is not int or type(suit) is not str:
        raise TypeError(
            f"a card's rank is an int and its suit a str, not {type(rank).__name__} and "
            f"{type(suit).__name__}"
        )
    if not 1 <= rank <= 13 or suit not in _SUIT_LETTERS:
        raise ValueError(f"not a card: rank={rank!r}, suit={suit!r}")


_SUIT_LETTERS = frozenset(SUITS)
_RANK_SLOT = Card.__dict__["rank"]
_SUIT_SLOT = Card.__dict__["suit"]


def _canonical(card: Card) -> Card:
    """The one shared instance of ``card``, read from its own slots: a subclass that lies about
    its rank, suit, equality or hash still parses to the card its slots hold."""
    rank, suit = _RANK_SLOT.__get__(card), _SUIT_SLOT.__get__(card)
    _check_fields(rank, suit)
    return JOKER if rank is None else _BY_INDEX[SUITS.index(suit) * 13 + rank - 1]


JOKER = Card(None, None)
_BY_INDEX = (*(Card(rank, suit) for suit in SUITS for rank in range(1, 14)), JOKER)


def _spellings() -> dict[str, Card]:
    table = {"JK": JOKER, "JOKER": JOKER}
    for card in _BY_INDEX[:52]:
        suit = str(card.suit)
        for rank_text, rank in _RANK_TEXT.items():
            if rank == card.rank:
                table[rank_text + suit] = card
                table[rank_text + SUIT_SYMBOLS[suit]] = card
    for symbol, suit in _SYMBOL_TO_SUIT.items():
        for rank_text, rank in _RANK_TEXT.items():
            table[rank_text + symbol] = _BY_INDEX[SUITS.index(suit) * 13 + rank - 1]
    return table


_PARSED = _spellings()


def standard_deck() -> list[Card]:
    """The 52 cards, spades, hearts, diamonds, clubs, each from ace to king.

    >>> len(standard_deck()), standard_deck()[0].code, standard_deck()[-1].code
    (52, 'AS', 'KC')
    """
    return list(_BY_INDEX[:52])


def deck_with_jokers(jokers: int = 2) -> list[Card]:
    """The standard deck followed by ``jokers`` jokers (Stoeptegel plays with two)."""
    return standard_deck() + [JOKER] * jokers


def parse_cards(cards: object) -> list[Card]:
    """Parse a list of cards given as ``Card`` objects or text; a string is split on spaces.

    >>> [c.code for c in parse_cards("AS 10h jk")]
    ['AS', 'TH', 'JK']
    """
    if isinstance(cards, str):
        cards = cards.split()
    if not isinstance(cards, (list, tuple)):
        raise TypeError(f"expected a list of cards, not {type(cards).__name__}")
    return [Card.parse(card) for card in cards]
