"""Seats, the stoeptegel rotation and the deal (rules B1–B3).

>>> recipient(0, 1, 4), recipient(0, 2, 4), recipient(0, 3, 4), recipient(0, 4, 4)
(0, 3, 2, 0)
>>> OFFSET_NAMES[offset_kind(2)]
'right-hand neighbour'
>>> skip = Rules(odd_opposite="skip")
>>> [recipient(0, r, 3, skip) for r in (1, 2, 3, 4)], [recipient(0, r, 4, skip) for r in (1, 2, 3)]
([0, 2, 0, 2], [0, 3, 2])
>>> len(shuffled_deck(7, 1)), shuffled_deck(7, 1) == shuffled_deck(7, 1)
(54, True)
"""

from __future__ import annotations

from .._rng import SplitMix64, derive_seed
from ..cards import parse_cards
from .rows import CARDS, JOKER
from .rules import DEFAULT_RULES, Rules

OFFSET_NAMES = ("self", "right-hand neighbour", "opposite")
"""What rule B3 calls the three places a round's stoeptegel goes, in rotation order."""

_DECK = (*range(52), JOKER, JOKER)
_INDEX = {card: i for i, card in enumerate(CARDS)}


def offset_kind(round_number: int, players: int = 4, rules: Rules = DEFAULT_RULES) -> int:
    """0 (self), 1 (right-hand neighbour) or 2 (opposite) for round ``round_number`` (B3).
    With the house rule ``odd_opposite="skip"`` and an odd number of ``players`` the rotation
    has no opposite round: self, right-hand neighbour, self, …"""
    if rules.odd_opposite == "skip" and players % 2:
        return (round_number - 1) % 2
    return (round_number - 1) % 3


def recipient(seat: int, round_number: int, players: int, rules: Rules = DEFAULT_RULES) -> int:
    """The seat that gets ``seat``'s stoeptegel in that round: yourself, your right-hand
    neighbour (seat-1) or the player opposite (seat + n//2), rules B1 and B3."""
    kind = offset_kind(round_number, players, rules)
    if kind == 0:
        return seat
    if kind == 1:
        return (seat - 1) % players
    return (seat + players // 2) % players


def giver(owner: int, round_number: int, players: int, rules: Rules = DEFAULT_RULES) -> int:
    """The seat whose card ``owner`` gets as its stoeptegel in that round (inverse of B3)."""
    for seat in range(players):
        if recipient(seat, round_number, players, rules) == owner:
            return seat
    raise AssertionError("rule B3 makes the stoeptegels a permutation")


def shuffled_deck(seed: int, round_number: int) -> list[int]:
    """The 54 card indices of a seeded round in deal order (rule B1): portable, one shuffle
    per round derived from the seed and the round number only."""
    cards = list(_DECK)
    SplitMix64(derive_seed(seed, round_number)).shuffle(cards)
    return cards


def split_deal(
    cards: list[int], players: int
) -> tuple[list[list[int]], list[int], list[int], list[int]]:
    """Rule B2 on a deck in deal order: ``(hands, starting cards, stock, removed jokers' rows)``.

    Seat ``s`` gets ``cards[6s:6s+6]``; rows 0, 1, 2 get the next three; the rest is the stock
    with its first card drawn first. The stock is returned as a list whose last item is drawn
    next. A joker among the starting cards leaves the game and the stock's top card takes its
    place, again while that is a joker (rows handled left to right).
    """
    hands = [sorted(cards[6 * s : 6 * s + 6]) for s in range(players)]
    start = 6 * players
    stock = cards[start + 3 :][::-1]
    starting, removed = [], []
    for r, card in enumerate(cards[start : start + 3]):
        while card == JOKER:
            removed.append(r)
            card = stock.pop()
        starting.append(card)
    return hands, starting, stock, removed


def check_players(players: object) -> int:
    """``players`` if it is a whole number from 2 to 6 (rule B1)."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players is a whole number from 2 to 6, not {players!r}")
    if not 2 <= players <= 6:
        raise ValueError(f"Stoeptegel is played by 2 to 6 players, not {players} (rule B1)")
    return players


def check_target(target: object) -> int:
    """``target`` if it is a whole number of points from 1 (rule B27)."""
    if isinstance(target, bool) or not isinstance(target, int):
        raise TypeError(f"target is a whole number of points, not {target!r}")
    if target < 1:
        raise ValueError(f"the target must be at least 1 point, not {target} (rule B27)")
    return target


def check_deck(cards: object) -> list[int]:
    """A fixed round-1 deck as card indices: the 52 cards once each and two jokers (rule B1)."""
    deck = [_INDEX[card] for card in parse_cards(cards)]  # TypeError/ValueError name the card
    if sorted(deck) != sorted(_DECK):
        raise ValueError(
            f"A Stoeptegel deck lists each of the 52 standard cards once and two jokers; got "
            f"{len(deck)} cards (rule B1)."
        )
    return deck
