"""A deal's level: the measure the solver certifies, and the cuts into Easy, Medium, Hard.

A deal's *measure* is two numbers, both exact (docs/levels.md):

- ``cap``: the fewest cards the cells must hold at once for a win. A card may go into a
  cell only if the cells then hold at most ``cap`` cards, and a group may count as free
  only the cells the cap leaves free (``solve(…, cap=…)``, "The cap, and the fewest fills"
  in :mod:`.solver`); cards leave the cells freely, and the cards dealt there break no
  cap. The deal is won under its cap, and proved lost under one card less (or the cap is
  0). An 8-cell deal under a cap of 4 is exactly its 4-cell deal.
- ``fills``: of the wins under that cap, the fewest cards put into a cell (a uniform-cost
  search, ``fewest_fills=True``), which tells apart the many deals of one cap.

Measures compare as the pair ``(cap, fills)``. :func:`certify` finds a deal's measure, or
``None`` when a search gave up within its budget (such a deal is left out of the
catalogues). :func:`cut` chooses where a catalogue's measures divide into three levels as
near thirds as whole measures allow, and :func:`level` names a measure's level.

>>> from .deal import DealCode
>>> found = certify(DealCode.parse("EO1-C2-AAAAAFI").deal())
>>> found.measure
Measure(cap=1, fills=2)
>>> cuts = cut([Measure(4, 6)] * 3 + [Measure(4, 9)] * 2 + [Measure(3, 8)] * 2 + [Measure(4, 7)])
>>> cuts
(Measure(cap=3, fills=8), Measure(cap=4, fills=6))
>>> level(Measure(4, 7), cuts), level(Measure(2, 30), cuts)
('hard', 'easy')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from .moves import Move
from .position import Position
from .solver import fills, solve

Level = Literal["easy", "medium", "hard"]
LEVELS: Final[tuple[Level, ...]] = ("easy", "medium", "hard")
CERTIFY_BUDGET: Final = 200_000
"""Positions each of :func:`certify`'s searches may take before it gives up."""


class Measure(NamedTuple):
    """A deal's measure: the cards its cells must hold at once (``cap``), then the fewest
    cards put into cells in a win under that cap (``fills``). Ordered as the pair."""

    cap: int
    fills: int


@dataclass(frozen=True, slots=True)
class Certified:
    """A certified measure and the win that shows it (the proofs below it are the
    solver's: each lower cap searched to its end)."""

    measure: Measure
    moves: tuple[Move, ...]
    positions: int
    """The positions the searches took, in all."""


def certify(position: Position, budget: int = CERTIFY_BUDGET) -> Certified | None:
    """The measure of ``position``: caps from 0 up, each searched for its win with the
    fewest fills, until one is won; ``None`` if a search gave up (or, uncapped, the
    position is lost)."""
    spent = 0
    for cap in range(len(position.cells) + 1):
        result = solve(position, budget, cap=cap, fewest_fills=True)
        spent += result.positions
        if result.verdict == "solved":
            return Certified(Measure(cap, fills(result.moves)), result.moves, spent)
        if result.verdict == "gave-up":
            return None
    return None


def cut(measures: Iterable[Measure]) -> tuple[Measure, Measure]:
    """Where a catalogue's ``measures`` divide into levels: the last measure of Easy and
    the last of Medium. Deals of one measure always share a level, so the three sizes are
    as near thirds as the ties allow: of the cuts between distinct measures, the one with
    the least sum of squared distances of the sizes from a third (on a tie, the one with
    the fewest deals in Easy, then in Medium)."""
    counts = Counter(measures)
    distinct = sorted(counts)
    if len(distinct) < 3:
        raise ValueError(f"three levels need three distinct measures, not {len(distinct)}")
    total = sum(counts.values())
    before = [0]
    for measure in distinct:
        before.append(before[-1] + counts[measure])

    def spread(cuts: tuple[int, int]) -> int:
        easy, medium = before[cuts[0]], before[cuts[1]] - before[cuts[0]]
        hard = total - before[cuts[1]]
        return sum((3 * size - total) ** 2 for size in (easy, medium, hard))

    choices = [(i, j) for i in range(1, len(distinct) - 1) for j in range(i + 1, len(distinct))]
    easy, medium = min(choices, key=spread)
    return distinct[easy - 1], distinct[medium - 1]


def level(measure: Measure, cuts: tuple[Measure, Measure]) -> Level:
    """The level of ``measure`` in a catalogue cut at ``cuts`` (:func:`cut`)."""
    if measure <= cuts[0]:
        return "easy"
    return "medium" if measure <= cuts[1] else "hard"


__all__ = ["CERTIFY_BUDGET", "LEVELS", "Certified", "Level", "Measure", "certify", "cut", "level"]
