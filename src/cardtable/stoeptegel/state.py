"""What a Stoeptegel game is at one moment, as one record: the round in play and what carries
over (scores, the events). The engine changes it; the one observer (``view.py``) reads it.

It holds no seed, no fixed deck and no scenario: what would rebuild the deal lives in the
game alone, so no view built from a state can carry it.

>>> from cardtable.stoeptegel import Stoeptegel
>>> state = Stoeptegel(players=3, seed=4)._s
>>> state.players, state.round, state.phase, [len(hand) for hand in state.hands]
(3, 1, 'choose', [6, 6, 6])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .effects import Event, Table
from .rules import DEFAULT_RULES, Rules


@dataclass
class RoundState:
    """The game's state; cards are indices into ``rows.CARDS``."""

    players: int
    target: int
    scores: list[int]
    round: int = 0
    dealer: int = 0
    phase: str = "choose"  # "choose", "play" or "over"
    to_move: int | None = None
    winners: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    chosen: list[int | None] = field(default_factory=list)  # by giver
    stoeptegels: list[int | None] = field(default_factory=list)  # by owner, once play starts
    passes: int = 0
    passed: list[bool] = field(default_factory=list)
    laid: list[list[tuple[int, bool]]] = field(default_factory=list)  # (card, scored) per seat
    table: Table = field(init=False)  # set by each deal
    hidden_out: int = 0  # cards a scenario left out: out of the game, seen by nobody
    events: list[Event] = field(default_factory=list)
    reveal: Event | None = None  # the last round_end event
    round_starts: list[tuple[int, int]] = field(default_factory=list)  # (deal event index, round)
    window_start: int = 0  # where a view's events begin: this round, and the last one's end
    last_end: int | None = None  # index of the latest round_end event
    rules: Rules = DEFAULT_RULES  # the house rules the game plays (Part C)

    def new_round(self) -> None:
        """Clear what belongs to one round (rule B3: every round a new stoeptegel)."""
        n = self.players
        self.chosen = [None] * n
        self.stoeptegels = [None] * n
        self.passes = 0
        self.passed = [False] * n
        self.laid = [[] for _ in range(n)]
        self.to_move = None

    def open_window(self) -> None:
        """A round's deal event is about to be appended: views start there from now on, or at
        the end of the round before, whose reveal the players are still looking at."""
        at = len(self.events)
        self.round_starts.append((at, self.round))
        self.window_start = at if self.last_end is None else self.last_end
