"""How Tri-Peaks is played, in the player's words and language, one line per rule the engine
cites (T1–T10): the table's how-to-play panel; the words its page writes itself; the last move
as a screen reader hears it. The sentences are the catalogs' ``tripeaks.*`` entries
(:mod:`cardtable.i18n`).

>>> HELP[0]
('Goal', 'Clear all 28 cards of the three peaks onto the waste (rule T9).')
>>> help_lines("nl")[5]
('T5', 'Een reeks is de kaarten die je speelt tussen twee keer trekken.')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import i18n
from ..cards import Card
from ..page_words import entries

RULES = tuple(f"T{n}" for n in range(1, 11))
"""The rules of Part B the how-to-play panel states, in order."""


def help_lines(lang: str = "en") -> tuple[tuple[str, str], ...]:
    """(rule, sentence) pairs in ``lang``: what the how-to-play panel shows, the goal first."""
    goal = (i18n.text("tripeaks.help.goal_tag", lang), i18n.text("tripeaks.help.goal", lang))
    return (goal, *((rule, i18n.text(f"tripeaks.help.{rule}", lang)) for rule in RULES))


HELP = help_lines()
"""The how-to-play panel in English."""

WORDS: dict[str, Any] = entries("tripeaks.page.")
"""The words the Tri-Peaks page writes itself, in English (see :mod:`cardtable.page_words`;
``entries("tripeaks.page.", lang)`` in another language)."""


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


def said(events: Sequence[Mapping[str, Any]], score: int, lang: str = "en") -> str:
    """The last move in words, for a screen reader: what was played or drawn, the run and its
    points, a peak's bonus, a new round or the win, then the score ("" before any move).

    >>> said([{"type": "play", "card": "5H", "run": 3, "points": 3}], 6)
    '5♥ played, run of 3, 3 points. Score 6.'
    >>> said([{"type": "draw", "card": "TC", "points": -5}], 0, "nl")
    '10♣ getrokken van de stapel, -5 punten. Stand: 0.'
    """
    parts = []
    for event in events:
        kind, points = event["type"], event.get("points", 0)
        fields = {**event, "points": points, "count": abs(points)}
        if "card" in event:
            fields["card"] = str(Card.parse(event["card"]))
        if kind == "draw" and not points:
            kind = "draw_free"
        elif kind == "bonus" and event["reason"] == "last peak":
            kind = "last_peak"
        if kind in ("play", "draw", "draw_free", "bonus", "last_peak", "deal", "won"):
            parts.append(i18n.text(f"tripeaks.said.{kind}", lang, **fields))
    if not parts:
        return ""
    return i18n.text("tripeaks.said.line", lang, moves="; ".join(parts), score=score)
