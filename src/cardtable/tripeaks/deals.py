"""Deals by number, as players know them from other solitaire apps, and the deal of the day.

*Deal #12345* is one of :data:`DEALS` numbered deals: :func:`numbered_seed` turns its number
into the game's 64-bit seed through SplitMix64 (``cardtable._rng``, fully specified), so the
number deals the same cards on every machine and every Python. The deal of the day is the
numbered deal :func:`daily_number` picks for a UTC date: everyone gets the same one that day.

>>> numbered_seed(12345) == numbered_seed(12345) != numbered_seed(12346)
True
>>> import datetime
>>> 1 <= daily_number(datetime.date(2026, 12, 2)) <= DEALS
True
"""

from __future__ import annotations

import datetime

from .._rng import SplitMix64, derive_seed

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


def deal_name(number: int, day: str | None = None) -> str:
    """How a numbered deal is named at the table: ``"Deal #12345"``, or the deal of the day's
    ``"Deal of the day 2026-12-02 · Deal #12345"``."""
    return f"Deal of the day {day} · Deal #{number}" if day else f"Deal #{number}"


def again(number: int, day: str | None = None) -> str:
    """The end banner's line: the deal's name and the code that deals it again.

    >>> again(41)
    'Deal #41 · TriPeaksWidget(deal=41) deals it again'
    """
    return f"{deal_name(number, day)} · TriPeaksWidget(deal={number}) deals it again"


def par_note(score: int, par: int | None) -> str:
    """The deal of the day's final score beside its par (the solver's best score).

    >>> par_note(27, 207)
    'Final score: 27 · par 207 (the best score this deal allows)'
    """
    shown = "solving…" if par is None else f"{par} (the best score this deal allows)"
    return f"Final score: {score} · par {shown}"
