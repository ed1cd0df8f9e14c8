"""Deals by number, as players know them from other solitaire apps, and the deal of the day.

*Deal #12345* is one of :data:`DEALS` numbered deals: :func:`numbered_seed` turns its number
into the game's 64-bit seed through SplitMix64 (``cardtable._rng``, fully specified), so the
number deals the same cards on every machine and every Python. The deal of the day is the
numbered deal :func:`daily_number` picks for a UTC date: everyone gets the same one that day.

>>> numbered_seed(12345) == numbered_seed(12345) != numbered_seed(12346)
True
>>> deals = DealNumbers()
>>> deals.name(deals.choose(deal=41, daily=False))
'Deal #41'

>>> import datetime
>>> 1 <= daily_number(datetime.date(2026, 12, 2)) <= DEALS
True
"""

from __future__ import annotations

import datetime
from typing import Any

from .. import i18n
from .._rng import SplitMix64, derive_seed
from .game import TriPeaks
from .solver import solve

DEALS = 1_000_000
"""Deals are numbered 1 to this."""

_NUMBERED = 0x7431_D3A1  # the streams of numbered deals and of the days: fixed for ever
_DAILY = 0x7431_DA11


def check_number(number: object) -> int:
    """``number`` checked: a whole number from 1 to :data:`DEALS`."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"a deal number is a whole number, not {number!r}")
    if not 1 <= number <= DEALS:
        raise ValueError(f"deals are numbered 1 to {DEALS:,}, not {number}")
    return number


def numbered_seed(number: int) -> int:
    """The seed of *Deal #number* (``TriPeaks(seed=numbered_seed(n))`` deals it)."""
    return derive_seed(_NUMBERED, check_number(number))


def today() -> datetime.date:
    """Today's date in UTC: the day the deal of the day belongs to."""
    return datetime.datetime.now(datetime.timezone.utc).date()


def daily_number(date: datetime.date | None = None) -> int:
    """The number of the deal of the day for ``date`` (today in UTC by default)."""
    day = today() if date is None else date
    return SplitMix64(derive_seed(_DAILY, day.toordinal())).below(DEALS) + 1


def deal_name(number: int, day: str | None = None, lang: str = "en") -> str:
    """How a numbered deal is named at the table: ``"Deal #12345"``, or the deal of the day's
    ``"Deal of the day 2026-12-02 · Deal #12345"`` (in ``lang``)."""
    if day:
        return i18n.text("tripeaks.deals.daily", lang, day=day, number=number)
    return i18n.text("tripeaks.deals.name", lang, number=number)


def again(number: int, day: str | None = None, lang: str = "en") -> str:
    """The end banner's line: the deal's name and the code that deals it again.

    >>> again(41)
    'Deal #41 · TriPeaksWidget(deal=41) deals it again'
    >>> again(41, lang="ca")
    'Partida núm. 41 · TriPeaksWidget(deal=41) la torna a repartir'
    """
    return i18n.text("tripeaks.deals.again", lang, name=deal_name(number, day, lang), number=number)


def par_note(score: int, par: int | None, lang: str = "en") -> str:
    """The deal of the day's final score beside its par (the solver's best score).

    >>> par_note(27, 207)
    'Final score: 27 · par 207 (the best score this deal allows)'
    """
    if par is None:
        return i18n.text("tripeaks.deals.par_pending", lang, score=score)
    return i18n.text("tripeaks.deals.par", lang, score=score, par=par)


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

    def name(self, seed: int, lang: str = "en") -> str | None:
        """``"Deal #12345"`` for a numbered deal's seed (in ``lang``), else ``None``."""
        known = self._numbers.get(seed)
        return None if known is None else deal_name(*known, lang)

    def again(self, seed: int, lang: str = "en") -> str | None:
        """The end banner's line: the deal's name and the code that deals it again."""
        known = self._numbers.get(seed)
        return None if known is None else again(*known, lang)

    def is_daily(self, seed: int) -> bool:
        """True for the seed of a deal of the day."""
        return self._numbers.get(seed, (0, None))[1] is not None

    def par(self, seed: int) -> int | None:
        """The deal of the day's par once solved, else ``None``."""
        return self._pars.get(seed)

    def needs_par(self, seed: int) -> bool:
        """True for a deal of the day whose par is neither known nor being solved; from then
        on it counts as being solved (until :meth:`set_par`)."""
        if not self.is_daily(seed) or seed in self._pars or seed in self._solving:
            return False
        self._solving.add(seed)
        return True

    def set_par(self, seed: int, best: int | None) -> None:
        """The par solved for ``seed`` (``None``: the search failed; it may be asked again)."""
        self._solving.discard(seed)
        if best is not None:
            self._pars[seed] = best

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
