"""How Tri-Peaks is played, in the player's words, one line per rule the engine cites (T1–T9):
the table's how-to-play panel.

>>> HELP[0]
('Goal', 'Clear all 28 cards of the three peaks onto the waste (rule T9).')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card

HELP: tuple[tuple[str, str], ...] = (
    ("Goal", "Clear all 28 cards of the three peaks onto the waste (rule T9)."),
    ("T1", "A card is face up and can be played once both cards lying over it are gone."),
    (
        "T2",
        "The deal: 18 cards face down in the peaks, 10 face up below, one on the waste, 23 "
        "in the stock.",
    ),
    (
        "T3",
        "Play a face-up card one rank above or below the waste's top card, whatever its "
        "suit; the ranks wrap round: K, A and 2 follow each other.",
    ),
    (
        "T4",
        "Or draw: the stock's next card goes onto the waste. You may draw even when a card "
        "could be played; the stock is not dealt again.",
    ),
    ("T5", "A run is the cards you play between two draws."),
    (
        "T6",
        "Standard scoring: the 1st card of a run scores 1, the 2nd 2, the 3rd 3 …; a draw "
        "costs 5 (never below 0); a peak top +15, the last one +30.",
    ),
    (
        "T7",
        "Multiplier scoring: the run's cards score 1, 2, 4, 8 …; draws cost nothing; a peak "
        "top +25, the last one +50.",
    ),
    ("T8", "Progressive rounds: a cleared tableau is dealt anew and the score carries on."),
    ("T9", "The game is lost when the stock is empty and no face-up card fits."),
)
"""(rule, sentence) pairs: what the how-to-play panel shows."""

WORDS: dict[str, Any] = {
    "keys": "Click a bright card or the stock · Enter plays the focused card · D draws · "
    "H hints · Ctrl+Z undoes",
    "exercise_keys": "Click a card or the stock · ←/→ walk the cards · Enter plays the focused "
    "one · D draws · H hints",
    "undo_title": "Undo (Ctrl+Z)",
    "redo_title": "Redo (Ctrl+Shift+Z)",
    "hint_title": "Show a good move (H)",
    "new_title": "Deal a new game",
    "score": "Score",
    "run": "Run",
    "round": "Round",
    "waste": "waste: {card}",
    "stock": {"one": "stock: {count} card", "other": "stock: {count} cards"},
    "stock_draw": {"one": "stock: {count} card, click to draw",
                   "other": "stock: {count} cards, click to draw"},
    "mode": {"standard": "standard scoring", "multiplier": "multiplier scoring"},
    "progressive": "{mode} · progressive",
    "peak": "Peak cleared!",
    "last_peak": "All three peaks!",
    "new_round": "Round {round}: a new deal",
    "verdict": "Could this deal be cleared?",
    "verdict_title": "The solver looks at every card; undo then closes for this deal",
    "sure": "Sure? Press again",
}  # fmt: skip
"""The words the Tri-Peaks page writes itself (see :mod:`cardtable.page_words`)."""


def grouped(number: int, sep: str = " ") -> str:
    """A deal number readable at a glance: digits in groups of four from the right (a random
    deal's 64-bit seed has up to 20 digits); five digits or fewer stay whole. With ``sep="_"``
    it is still a Python literal, so the snippet that deals it again can be copied.

    >>> grouped(41), grouped(12345678901234567890), grouped(1234567, "_")
    ('41', '1234 5678 9012 3456 7890', '123_4567')
    """
    digits = str(number)
    if len(digits) <= 5:
        return digits
    head = len(digits) % 4 or 4
    return sep.join([digits[:head], *(digits[i : i + 4] for i in range(head, len(digits), 4))])


def said(events: Sequence[Mapping[str, Any]], score: int) -> str:
    """The last move in words, for a screen reader: what was played or drawn, the run and its
    points, a peak's bonus, a new round or the win, then the score ("" before any move).

    >>> said([{"type": "play", "card": "5H", "run": 3, "points": 3}], 6)
    '5♥ played, run of 3, 3 points. Score 6.'
    >>> said([{"type": "draw", "card": "TC", "points": -5}], 0)
    '10♣ drawn from the stock, -5 points. Score 0.'
    """
    parts = []
    for event in events:
        kind, points = event["type"], event.get("points", 0)
        worth = f"{points} point{'' if abs(points) == 1 else 's'}"
        if kind == "play":
            parts.append(f"{Card.parse(event['card'])} played, run of {event['run']}, {worth}")
        elif kind == "draw":
            parts.append(f"{Card.parse(event['card'])} drawn from the stock" + (
                f", {worth}" if points else ""))  # fmt: skip
        elif kind == "bonus":
            parts.append(f"{'all three peaks' if event['reason'] == 'last peak' else 'a peak'}"
                         f" cleared, {worth} more")  # fmt: skip
        elif kind == "deal":
            parts.append(f"round {event['round']}: a new deal")
        elif kind == "won":
            parts.append("all 28 cards cleared: you won")
    return f"{'; '.join(parts)}. Score {score}." if parts else ""
