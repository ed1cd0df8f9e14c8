"""Tri-Peaks, exactly as GNOME Aisleriot plays it (``rules/tripeaks.md``, rules T1–T10).

>>> game = TriPeaks(seed=42)
>>> game.play(game.legal_moves()[0]) if game.legal_moves()[0] != "draw" else game.draw()
>>> len(game.moves)
1
"""

from .game import TriPeaks, shuffled_deal
from .hints import aisleriot_hint, fair_hint
from .layout import COVERED_BY, COVERS, DRAW, PEAKS, SIZE, Move
from .reviews import MoveReview, Review, review
from .scoring import MULTIPLIER, STANDARD, Scoring
from .solver import Solution, solve, solve_many

__all__ = [
    "COVERED_BY",
    "COVERS",
    "DRAW",
    "MULTIPLIER",
    "PEAKS",
    "SIZE",
    "STANDARD",
    "Move",
    "MoveReview",
    "Review",
    "Scoring",
    "Solution",
    "TriPeaks",
    "aisleriot_hint",
    "fair_hint",
    "review",
    "shuffled_deal",
    "solve",
    "solve_many",
]
