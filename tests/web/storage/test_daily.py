"""The daily deal (eightoff/web/storage/daily.py, docs/deal-codes.md section 9): a function of the
UTC date alone, checked against the documented vectors and an independent SplitMix64."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from eightoff import DealCode
from eightoff.web.storage.daily import CELLS, daily_code, day_of, iso, today
from eightoff.winnable import catalogue, is_catalogued

DOC = Path(__file__).resolve().parents[3] / "docs" / "deal-codes.md"
ROW = re.compile(r"^\| (\d{4}-\d\d-\d\d) \| (\d+) \| (\d+) \| `(EO1-C4-[A-Z2-7]{7})` \|$", re.M)


def splitmix_below(seed: int, bound: int) -> int:
    """SplitMix64's first unbiased draw below ``bound``, written again from the page."""
    mask = (1 << 64) - 1
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        if z >= (1 << 64) % bound:
            return z % bound


VECTORS = ROW.findall(DOC.read_text(encoding="utf-8"))


def test_the_page_lists_six_vectors() -> None:
    assert len(VECTORS) == 6


@pytest.mark.parametrize(("day", "number", "index", "code"), VECTORS)
def test_the_documented_vectors(day: str, number: str, index: str, code: str) -> None:
    when = date.fromisoformat(day)
    assert day_of(day) == int(number) == (when - date(1970, 1, 1)).days
    assert splitmix_below(int(number), len(catalogue(4))) == int(index)
    assert daily_code(when) == DealCode.parse(code) == DealCode(catalogue(4)[int(index)], 4)


def test_every_day_of_a_year_is_a_certified_deal_and_days_differ() -> None:
    start = date(2026, 1, 1)
    codes = [daily_code(start + timedelta(days=n)) for n in range(366)]
    assert all(code.cells == CELLS and is_catalogued(code) for code in codes)
    assert len(set(codes)) > 300


def test_the_day_is_the_utc_calendar_day() -> None:
    late_in_new_york = datetime(2026, 11, 30, 22, 0, tzinfo=timezone(timedelta(hours=-5)))
    assert today(late_in_new_york) == date(2026, 12, 1)
    assert today(datetime(2026, 12, 1, 0, 0, tzinfo=UTC)) == date(2026, 12, 1)
    assert isinstance(today(), date)
    assert iso(date(2026, 3, 4)) == "2026-03-04"
