"""The daily deal: one deal per calendar day (UTC), the same for everybody, and winnable
(pure Python, no browser import; tested under CPython).

The deal of a day is a function of the date alone (docs/deal-codes.md, "9. The daily
deal"): the day's number since 1970-01-01 seeds :class:`~eightoff.deal.SplitMix64`, whose
first unbiased draw below the size of the certified 4-cell catalogue
(:func:`eightoff.winnable.catalogue`) picks the deal. Nothing is fetched: every page
computes the same code.

>>> from datetime import date
>>> daily_code(date(2026, 11, 30))
DealCode.parse('EO1-C4-V6B5AGZ')
>>> day_of("2026-11-30"), iso(date(2026, 11, 30))
(20787, '2026-11-30')
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Final

from ...deal import DealCode, SplitMix64
from ...winnable import catalogue

CELLS: Final = 4
"""The daily deal's cell count: the certified catalogue's (4 and 2 cells have one; 4 is
the middle difficulty)."""
EPOCH: Final = date(1970, 1, 1)
catalogue(CELLS)  # decoded at import, so the memory snapshot holds it: every start asks today's deal


def daily_code(day: date) -> DealCode:
    """The deal of ``day`` (a UTC calendar date)."""
    numbers = catalogue(CELLS)
    draw = SplitMix64((day - EPOCH).days).below(len(numbers))
    return DealCode(numbers[draw], CELLS)


def today(now: datetime | None = None) -> date:
    """The UTC calendar date now (or at ``now``, an aware time).

    >>> from datetime import timedelta
    >>> today(datetime(2026, 11, 30, 23, 59, tzinfo=UTC) + timedelta(minutes=2))
    datetime.date(2026, 12, 1)
    """
    return (now or datetime.now(UTC)).astimezone(UTC).date()


def iso(day: date) -> str:
    """The date as the record stores it, ``YYYY-MM-DD``."""
    return day.isoformat()


def day_of(text: str) -> int:
    """The day number since 1970-01-01 of an ISO date."""
    return (date.fromisoformat(text) - EPOCH).days


__all__ = ["CELLS", "daily_code", "day_of", "iso", "today"]
