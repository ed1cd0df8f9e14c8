"""Hints for Tri-Peaks (rule T10).

>>> from cardtable.tripeaks import TriPeaks
>>> aisleriot_hint(TriPeaks(seed=3)) in TriPeaks(seed=3).legal_moves()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Move, TriPeaks


def aisleriot_hint(game: TriPeaks) -> Move | None:
    """Aisleriot's own rule: the playable card furthest down and right, else draw (rule T10).

    Positions are numbered top to bottom and left to right, so that is the highest playable
    position. ``None`` when the game is over.
    """
    moves = game.legal_moves()
    playable = [move for move in moves if isinstance(move, int)]
    if playable:
        return max(playable)
    return moves[0] if moves else None
