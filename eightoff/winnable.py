"""Deals that can be won: the certified catalogue for 4 and 2 cells, a solved random deal
for 8.

With 4 cells about one deal in eight can be won, with 2 cells about one in three hundred:
too few to draw at random and solve while the player waits. ``tools/winnable.py`` scanned
deals with :mod:`.solver` and kept those it won, each solution replayed to a win through
:class:`.Game`; they ship in :mod:`.winnable_deals`. With 8 cells almost every deal can
be won, so a random deal is solved before it is shown. Either way the result is an
ordinary :class:`.DealCode`: shared, it gives the same deal to anyone.

>>> code = winnable(4, below=lambda n: 0)
>>> code == DealCode(catalogue(4)[0], 4), is_catalogued(code)
(True, True)
>>> len(catalogue(2)) >= 1
True
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Callable
from functools import cache

from .deal import NUMBERS, DealCode
from .errors import DealCodeError
from .position import check_cells
from .solver import DEFAULT_BUDGET, solve
from .winnable_deals import DEALS

CATALOGUED: tuple[int, ...] = tuple(sorted(DEALS))
"""The cell counts with a catalogue: 4 and 2."""
WORD = 5
"""Bytes per deal number in :data:`.winnable_deals.DEALS` (35 bits)."""
ATTEMPTS = 100
"""Random 8-cell deals tried before :func:`winnable` gives up (each is won with
probability about 0.999, so it never does in practice)."""


@cache
def catalogue(cells: int) -> tuple[int, ...]:
    """The certified deal numbers for ``cells`` (4 or 2), in the order the tool found them."""
    if cells not in DEALS:
        raise ValueError(f"only 4 and 2 cells have a catalogue, not {cells}")
    data = base64.b64decode(DEALS[cells])
    return tuple(int.from_bytes(data[i : i + WORD], "big") for i in range(0, len(data), WORD))


def is_catalogued(code: DealCode) -> bool:
    """Whether ``code`` is in its cell count's catalogue."""
    return code.cells in DEALS and code.number in _numbers(code.cells)


@cache
def _numbers(cells: int) -> frozenset[int]:
    return frozenset(catalogue(cells))


def winnable(
    cells: int, below: Callable[[int], int] = secrets.randbelow, budget: int = DEFAULT_BUDGET
) -> DealCode:
    """A deal that can be won: for 4 or 2 cells one of the catalogue, for 8 a random deal
    the solver wins within ``budget`` positions. ``below(n)`` draws in ``[0, n)``."""
    check_cells(cells, DealCodeError, code="deal-cells")
    if cells in DEALS:
        numbers = catalogue(cells)
        return DealCode(numbers[below(len(numbers))], cells)
    for _ in range(ATTEMPTS):
        code = DealCode(below(NUMBERS), cells)
        if solve(code.deal(), budget).verdict == "solved":
            return code
    raise RuntimeError(f"no deal of {ATTEMPTS} tried was won")  # pragma: no cover - p ≈ 10^-300


__all__ = ["CATALOGUED", "catalogue", "is_catalogued", "winnable"]
