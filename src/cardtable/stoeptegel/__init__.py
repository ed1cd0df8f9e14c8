"""Stoeptegel, the Dutch shedding game with secret cards (``rules/stoeptegel.md``, B1–B27).

>>> game = Stoeptegel(players=2, seed=1)
>>> for seat in range(2):
...     game.choose(seat, game.hand(seat)[-1])
>>> plays = game.legal_plays(0)
>>> game.play(0, *plays[0]) if plays else game.pass_turn(0)
>>> game.to_move in (0, 1)
True
"""

from . import refusals as _refusals  # noqa: F401  (registers the English sentences)
from .deal import OFFSET_NAMES, giver, recipient, shuffled_deck
from .game import Action, Stoeptegel
from .legality import LEGAL, why_not
from .reviews import Decision, SeatReview, review
from .rows import Row
from .rules import Rules
from .saves import SAVE_FORMAT
from .view import seat_events, seat_view

__all__ = [
    "LEGAL",
    "OFFSET_NAMES",
    "SAVE_FORMAT",
    "Action",
    "Decision",
    "Row",
    "Rules",
    "SeatReview",
    "Stoeptegel",
    "giver",
    "recipient",
    "review",
    "seat_events",
    "seat_view",
    "shuffled_deck",
    "why_not",
]
