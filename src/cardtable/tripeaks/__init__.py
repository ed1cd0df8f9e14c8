"""Tri-Peaks, exactly as GNOME Aisleriot plays it (``rules/tripeaks.md``, rules T1–T10).

>>> game = TriPeaks(seed=42)
>>> game.play(game.legal_moves()[0]) if game.legal_moves()[0] != "draw" else game.draw()
>>> len(game.moves)
1
"""

from .game import DRAW, Move, TriPeaks, shuffled_deal
from .hints import aisleriot_hint
from .layout import COVERED_BY, COVERS, PEAKS, SIZE
from .scoring import MULTIPLIER, STANDARD, Scoring

__all__ = [
    "COVERED_BY",
    "COVERS",
    "DRAW",
    "MULTIPLIER",
    "PEAKS",
    "SIZE",
    "STANDARD",
    "Move",
    "Scoring",
    "TriPeaks",
    "aisleriot_hint",
    "shuffled_deal",
]
