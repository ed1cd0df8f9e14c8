"""The two scoring schemes of Tri-Peaks (rules T6 and T7) as data.

>>> STANDARD.run_points(4), MULTIPLIER.run_points(5)
(10, 31)
>>> STANDARD.best_round()
466
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalMove
from ..messages import message
from .layout import SIZE


@dataclass(frozen=True)
class Scoring:
    """How cards, draws and peaks score under one scheme."""

    name: str
    card_points: tuple[int, ...]
    """``card_points[k]`` is what the k-th card of a run scores (index 0 unused)."""
    draw_cost: int
    peak_bonus: int
    last_peak_bonus: int
    rule: str
    """The rule that sets these numbers, named in every scoring event."""

    def run_points(self, length: int) -> int:
        """What a run of ``length`` cards scores in all, bonuses aside."""
        return sum(self.card_points[1 : length + 1])

    def best_round(self) -> int:
        """The most one deal can score: one run of all 28 cards and every bonus."""
        return self.run_points(SIZE) + 2 * self.peak_bonus + self.last_peak_bonus


STANDARD = Scoring(
    "standard", tuple(range(SIZE + 1)), draw_cost=5, peak_bonus=15, last_peak_bonus=30, rule="T6"
)
MULTIPLIER = Scoring(
    "multiplier",
    (0, *(2 ** (k - 1) for k in range(1, SIZE + 1))),
    draw_cost=0,
    peak_bonus=25,
    last_peak_bonus=50,
    rule="T7",
)
SCHEMES = {scheme.name: scheme for scheme in (STANDARD, MULTIPLIER)}


def scheme_named(name: object) -> Scoring:
    """The scheme called ``name`` (``"standard"`` or ``"multiplier"``)."""
    if name not in SCHEMES:
        raise IllegalMove(message("tripeaks.no_scoring", sent=repr(name)))
    return SCHEMES[name]
