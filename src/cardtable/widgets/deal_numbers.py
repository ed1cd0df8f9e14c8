"""A Tri-Peaks table's numbered deals (``deal=12345``) and its deal of the day (``daily=True``).

A numbered deal is chosen by the player, so its number shows during play; the deal of the day
also gets its par — the solver's best score for it, solved in the solver's thread while the
player plays — shown beside the final score and kept in the history with the game.

>>> deals = DealNumbers()
>>> seed = deals.choose(deal=41, daily=False)
>>> deals.name(seed)
'Deal #41'
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from ..tripeaks import TriPeaks, solve
from ..tripeaks.deals import (
    again,
    check_number,
    daily_number,
    deal_name,
    numbered_seed,
    today,
)
from .review import compute


def par(seed: int) -> int:
    """The best score the deal of ``seed`` allows (its first round)."""
    best = solve(TriPeaks(seed), objective="score").best_score
    assert best is not None  # the "score" objective always names it
    return best


class DealNumbers:
    """The numbered deals a table dealt: seed → (number, day of the deal of the day)."""

    def __init__(self) -> None:
        self._numbers: dict[int, tuple[int, str | None]] = {}
        self._pars: dict[int, int] = {}
        self._solving: set[int] = set()  # pars being solved in the solver's thread

    def choose(self, *, deal: int | None, daily: bool) -> int | None:
        """The seed of ``deal`` (or of today's deal with ``daily``); ``None`` for neither."""
        if not daily and deal is None:
            return None
        if daily and deal is not None:
            raise TypeError("give a deal number or daily=True, not both")
        date = today()  # one reading of the clock: the number and the day shown agree
        number = daily_number(date) if daily else check_number(deal)
        seed = numbered_seed(number)
        self._numbers[seed] = (number, date.isoformat() if daily else None)
        return seed

    def name(self, seed: int) -> str | None:
        """``"Deal #12345"`` for a numbered deal's seed, else ``None``."""
        known = self._numbers.get(seed)
        return None if known is None else deal_name(*known)

    def again(self, seed: int) -> str | None:
        """The end banner's line: the deal's name and the code that deals it again."""
        known = self._numbers.get(seed)
        return None if known is None else again(*known)

    def is_daily(self, seed: int) -> bool:
        """True for the seed of a deal of the day."""
        return self._numbers.get(seed, (0, None))[1] is not None

    def par(self, seed: int) -> int | None:
        """The deal of the day's par once solved, else ``None``."""
        return self._pars.get(seed)

    def solve_par(self, seed: int, pool: Callable[[], Executor], then: Callable[[], None]) -> None:
        """Solve the par of the deal of the day ``seed`` in ``pool`` (here and now in a
        script); ``then()`` once it is known."""
        if not self.is_daily(seed) or seed in self._pars or seed in self._solving:
            return
        self._solving.add(seed)

        def known(best: int) -> None:
            self._solving.discard(seed)
            self._pars[seed] = best
            then()

        compute(pool, lambda: par(seed), known, lambda: self._solving.discard(seed))

    def history(self, seed: int) -> dict[str, Any]:
        """What the history keeps beside a numbered game's record: its number, and for the
        deal of the day its day and par (solved now if the thread has not yet)."""
        known = self._numbers.get(seed)
        if known is None:
            return {}
        number, day = known
        if day is None:
            return {"deal": number}
        best = self._pars.setdefault(seed, par(seed))
        return {"deal": number, "daily": day, "par": best}
