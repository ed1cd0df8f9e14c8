"""Constructed Tri-Peaks deals for tests and lessons."""

from __future__ import annotations

from cardtable.cards import RANK_CODES, SUITS

# Bottom row first, then row 3, row 2 and the peak tops: each card is exposed when its turn comes.
CLEARING_ORDER = [*range(18, 28), *range(9, 18), *range(3, 9), 0, 1, 2]


def build_deck(tableau: dict[int, str], waste: str, stock: list[str] | None = None) -> list[str]:
    """A full 52-card deck with the given cards at tableau positions, the waste card and the
    first stock cards; every other card fills the remaining places in deck order."""
    fixed = [*tableau.values(), waste, *(stock or [])]
    rest = [r + s for s in SUITS for r in RANK_CODES if r + s not in fixed]
    slots = [tableau.get(p) for p in range(28)]
    for p, card in enumerate(slots):
        if card is None:
            slots[p] = rest.pop(0)
    return [*slots, waste, *(stock or []), *rest]  # type: ignore[list-item]


def perfect_deal() -> list[str]:
    """A deal that clears in one unbroken run of 28 cards, ace on the waste, going up 2, 3, …"""
    taken = {"AS"}  # the waste
    tableau = {}
    for k, position in enumerate(CLEARING_ORDER, 1):
        rank = RANK_CODES[k % 13]  # the k-th card ranks one above the card before it, K wraps to A
        suits = SUITS[k % 4 :] + SUITS[: k % 4]  # vary the suits so the table looks dealt
        card = next(rank + suit for suit in suits if rank + suit not in taken)
        taken.add(card)
        tableau[position] = card
    return build_deck(tableau, "AS")
