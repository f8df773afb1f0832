"""Deals that can be won, and their levels: a catalogue per cell count, certified at build
time.

``tools/winnable.py`` scanned deals with :mod:`.solver`, kept those it won (each solution
replayed to a win through :class:`.Game`) and certified each one's measure
(:mod:`.levels`: the fewest cards its cells must hold at once, then the fewest cards put
into cells at that cap); deals whose measure a search could not certify were left out.
Each cell count's catalogue is a module of its own (``winnable_deals_8``, ``_4``, ``_2``),
imported the first time that cell count is asked for: this module imports none. Its
cuts divide it into Easy, Medium and Hard, as near thirds as ties allow
(:func:`.levels.cut`). Nothing is solved on the player's device: whatever this module
answers was decided by the build. A deal drawn is an ordinary :class:`.DealCode`: shared,
it gives the same deal to anyone.

>>> code = winnable(4, below=lambda n: 0)
>>> code == DealCode(catalogue(4)[0], 4), is_catalogued(code)
(True, True)
>>> hard = winnable(8, level="hard", below=lambda n: 0)
>>> level_of(hard), level_of(DealCode(hard.number, 2))
('hard', None)
>>> measure_of(hard) > cuts(8)[1]
True
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Final

from .deal import DealCode
from .errors import DealCodeError
from .levels import LEVELS, Level, Measure
from .levels import level as level_at
from .position import check_cells

CATALOGUED: Final = (2, 4, 8)
"""The cell counts the page draws a winnable deal from the catalogue for: every cell count
in :data:`.position.CELL_COUNTS` has one."""
WORD: Final = 6
"""Bytes per deal in a catalogue's ``DEALS``: a 48-bit big-endian word, ``fills << 40 |
cap << 35 | number`` (the deal number in 35 bits, the cap in 5, the fills in 8)."""
NUMBER_BITS: Final = 35
CAP_BITS: Final = 5


def _module(cells: int) -> ModuleType:
    """The catalogue module of ``cells`` cells, imported now if not yet."""
    if cells == 8:
        from . import winnable_deals_8

        return winnable_deals_8
    if cells == 4:
        from . import winnable_deals_4

        return winnable_deals_4
    from . import winnable_deals_2

    return winnable_deals_2


@cache
def _entries(cells: int) -> tuple[tuple[int, Measure], ...]:
    """Each deal of the catalogue of ``cells`` with its measure, in the stored order."""
    check_cells(cells, DealCodeError, code="deal-cells")
    data = base64.b64decode(_module(cells).DEALS)
    entries = []
    for at in range(0, len(data), WORD):
        word = int.from_bytes(data[at : at + WORD], "big")
        number = word & ((1 << NUMBER_BITS) - 1)
        cap = word >> NUMBER_BITS & ((1 << CAP_BITS) - 1)
        entries.append((number, Measure(cap, word >> (NUMBER_BITS + CAP_BITS))))
    return tuple(entries)


@cache
def catalogue(cells: int) -> tuple[int, ...]:
    """The certified deal numbers for ``cells`` (8, 4 or 2), in the order the tool found
    them (the daily deal draws from the 4-cell one by its place: docs/deal-codes.md §9)."""
    return tuple(number for number, _ in _entries(cells))


@cache
def _measures(cells: int) -> dict[int, Measure]:
    return dict(_entries(cells))


@cache
def _by_level(cells: int, wanted: Level) -> tuple[int, ...]:
    edges = cuts(cells)
    return tuple(number for number, measure in _entries(cells) if level_at(measure, edges) == wanted)


def cuts(cells: int) -> tuple[Measure, Measure]:
    """Where the catalogue of ``cells`` divides: the last measure of Easy and the last of
    Medium (:func:`.levels.cut`, chosen by the tool and stored with the catalogue)."""
    check_cells(cells, DealCodeError, code="deal-cells")
    easy, medium = _module(cells).CUTS
    return Measure(*easy), Measure(*medium)


def measure_of(code: DealCode) -> Measure | None:
    """The certified measure of ``code``, or ``None`` for a deal outside its catalogue."""
    return _measures(code.cells).get(code.number)


def level_of(code: DealCode) -> Level | None:
    """``"easy"``, ``"medium"`` or ``"hard"`` for a deal of its cell count's catalogue,
    ``None`` for any other deal (its level was never certified)."""
    measure = measure_of(code)
    return None if measure is None else level_at(measure, cuts(code.cells))


def is_catalogued(code: DealCode) -> bool:
    """Whether ``code`` is in its cell count's catalogue."""
    return measure_of(code) is not None


def winnable(
    cells: int,
    below: Callable[[int], int] = secrets.randbelow,
    *,
    level: Level | None = None,
    budget: int | None = None,
) -> DealCode:
    """A deal of the catalogue of ``cells`` cells, of ``level`` (``None``: any level).
    ``below(n)`` draws in ``[0, n)``, the place in the level's deals in stored order (with
    no level, in :func:`catalogue`). ``budget`` is not used (no deal is solved here); the
    page's worker still passes it."""
    del budget
    check_cells(cells, DealCodeError, code="deal-cells")
    if level is None:
        numbers = catalogue(cells)
    elif level in LEVELS:
        numbers = _by_level(cells, level)
    else:
        raise ValueError(f"a level is one of {', '.join(LEVELS)}, not {level!r}")
    return DealCode(numbers[below(len(numbers))], cells)


__all__ = [
    "CATALOGUED",
    "catalogue",
    "cuts",
    "is_catalogued",
    "level_of",
    "measure_of",
    "winnable",
]
