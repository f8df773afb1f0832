"""Freecell Solver's solution lines, read as our moves.

``fc-solve -g eight_off -m`` prints lines such as ``Move a card from stack 3 to freecell
0``, ``Move 3 cards from stack 2 to stack 5`` and ``Move a card from freecell 2 to the
foundations``; stacks and freecells count from 0. The foundation is the moving card's,
so reading a line needs the position it is played in.

>>> from .deal import DealCode
>>> position = DealCode.parse("EO1-C8-AAAAAFA").deal()
>>> parse_solver_move("Move a card from stack 0 to freecell 4", position)
Move.parse('1e')
"""

from __future__ import annotations

import re
from typing import Final

from .errors import NotationError
from .moves import Move
from .piles import Pile
from .position import Position

_LINE: Final = re.compile(
    r"Move (?:a card|(?P<count>\d{1,2}) cards) from (?P<src>stack|freecell) (?P<i>\d{1,2})"
    r" to (?:(?P<dst>stack|freecell) (?P<j>\d{1,2})|the foundations)"
)


def is_solver_move(line: str) -> bool:
    """Whether a line is written in Freecell Solver's words."""
    return line.strip().startswith("Move ")


def parse_solver_move(line: str, position: Position) -> Move:
    """Read one of Freecell Solver's solution lines as our move in ``position``."""
    match = _LINE.fullmatch(line.strip())
    if match is None:
        raise NotationError(f"{line.strip()!r} is not a Freecell Solver move", code="bad-move")
    source = _pile(match["src"], int(match["i"]))
    if match["dst"]:
        target = _pile(match["dst"], int(match["j"]))
    else:
        card = position.top(source)
        if card is None:
            raise NotationError(f"{line.strip()!r} moves from an empty pile", code="bad-move")
        target = Pile.foundation(card.suit)
    count = int(match["count"] or 1)
    if not 1 <= count <= 13:
        raise NotationError(f"{line.strip()!r} moves {count} cards", code="bad-move")
    return Move(source, target, count)


def _pile(kind: str, index: int) -> Pile:
    if index > 7:
        raise NotationError(f"there is no {kind} {index}", code="bad-move")
    return Pile("column" if kind == "stack" else "cell", index + 1)
