"""How a finished game ended, as data (the python-chess way): ``game.outcome()`` on both engines.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel.scenario(["9D", "QH"], ["KC", "8D", "3S"], ["6D", "2C"], scores=[0, 0],
...                            target=1, seed=1)
>>> game.outcome() is None
True
>>> game.play(0, "9D", 1)
>>> game.outcome()
Outcome(termination=<Termination.TARGET: 'target'>, winners=(0,), scores=(1, 0))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Termination(enum.Enum):
    """Why a game is over."""

    CLEARED = "cleared"
    """Tri-Peaks: the 28 tableau cards are played (rule T9): the game is won."""
    BLOCKED = "blocked"
    """Tri-Peaks: no tableau card fits and the stock is empty (rule T9)."""
    TARGET = "target"
    """Stoeptegel: a seat reached the target score (rule B27)."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game: why, who won (seats; Tri-Peaks' one player is seat 0), the scores."""

    termination: Termination
    winners: tuple[int, ...]
    scores: tuple[int, ...]
