"""Tri-Peaks decks for lessons: a deal in which a rule happens on cue.

``TriPeaks.from_deck(cards)`` puts ``cards[0:28]`` on positions 0–27, ``cards[28]`` on the
waste and ``cards[29:]`` in the stock (``cards[29]`` drawn first). These helpers build such
lists from the few cards a lesson cares about.

>>> deck = lesson_deck({18: "6S"}, waste="7D")
>>> deck[18], deck[28], len(set(deck))
('6S', '7D', 52)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

RANKS, SUITS = "A23456789TJQK", "SHDC"
CLEARING_ORDER = (*range(18, 28), *range(9, 18), *range(3, 9), 0, 1, 2)
"""An order in which the whole tableau can be cleared: the bottom row, row 3, row 2, the peaks."""


def lesson_deck(tableau: Mapping[int, str], waste: str, stock: Iterable[str] = ()) -> list[str]:
    """52 wire codes: ``tableau`` maps positions to cards, then the waste and the first stock
    cards; every card not named fills the gaps in deck order (A♠, 2♠, …)."""
    stock = list(stock)
    fixed = [*tableau.values(), waste, *stock]
    if len(set(fixed)) != len(fixed):
        raise ValueError("a lesson deck names a card twice")
    rest = [r + s for s in SUITS for r in RANKS if r + s not in fixed]
    slots = [tableau.get(p) or rest.pop(0) for p in range(28)]
    return [*slots, waste, *stock, *rest]


def perfect_deck() -> list[str]:
    """The waste is A♠; in :data:`CLEARING_ORDER` each card ranks one above the card before
    it (2, 3, …, K, A, 2, …), so the whole tableau is one unbroken run."""
    tableau: dict[int, str] = {}
    used: dict[int, int] = {}
    for k, position in enumerate(CLEARING_ORDER, 1):
        rank = k % 13
        used[rank] = used.get(rank, 0) + 1
        tableau[position] = RANKS[rank] + SUITS[used[rank]]  # A♠ itself stays on the waste
    return lesson_deck(tableau, "AS")
