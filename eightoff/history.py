"""Where a game slipped away: the last position of a history from which it can still be won.

Winnability is lost along a history and never regained: a position that can be won was
reached from positions that could be won (the moves that led to it lead on to the win), so
the positions of a game's history are a run of winnable ones followed by a run of lost
ones. :func:`last_winnable` finds the boundary by binary search, one :func:`.solver.solve`
a probe, about seven for the 100 positions undo reaches.

>>> from .deal import DealCode
>>> start = DealCode.parse("EO1-C2-AAAAAAB").deal()  # proved lost from its deal
>>> last_winnable(start, ()).verdict
'lost-before'
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from .moves import Move
from .position import Position
from .rules import apply
from .solver import DEFAULT_BUDGET, solve

SlipVerdict = Literal["found", "lost-before", "gave-up"]

BACK_SECONDS: Final = 2.0
"""The longest :func:`last_winnable` searches in all (each probe gets what is left)."""


@dataclass(frozen=True, slots=True)
class Slip:
    """What :func:`last_winnable` found: its ``verdict`` (``found``; ``lost-before``: even
    the history's first position cannot be won; ``gave-up``: a probe ran out of budget),
    and, when found, ``index``, how many moves of the history lead from its start to the
    last winnable position (the move at ``index`` lost the game), and ``probes``, the
    searches made."""

    verdict: SlipVerdict
    index: int
    probes: int


def positions(start: Position, moves: Sequence[Move]) -> list[Position]:
    """The positions of a history: ``start`` and the one after each move."""
    seen = [start]
    for move in moves:
        seen.append(apply(seen[-1], move))
    return seen


def last_winnable(
    start: Position,
    moves: Sequence[Move],
    budget: int = DEFAULT_BUDGET,
    seconds: float | None = BACK_SECONDS,
) -> Slip:
    """The last winnable position of the history ``moves`` from ``start``, whose last
    position is known to be lost (a hint's search proved it): a binary search, each probe
    a :func:`.solver.solve` of at most ``budget`` positions, all of them within
    ``seconds`` (``None``: no clock)."""
    history = positions(start, moves)
    deadline = None if seconds is None else time.monotonic() + seconds
    low, high, probes = -1, len(history) - 1, 0  # low: winnable (-1: none known); high: lost
    lost: set[bytes] = set()
    """Positions proved lost by a probe: the earlier probes skip them."""
    while high - low > 1:
        middle = (low + high) // 2
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            return Slip("gave-up", 0, probes)
        verdict = solve(history[middle], budget, left, lost).verdict
        probes += 1
        if verdict == "gave-up":
            return Slip("gave-up", 0, probes)
        if verdict == "solved":
            low = middle
        else:
            high = middle
    if low < 0:
        return Slip("lost-before", 0, probes)
    return Slip("found", low, probes)


__all__ = ["BACK_SECONDS", "Slip", "SlipVerdict", "last_winnable", "positions"]
