"""Moves and their compact notation.

A move is a source pile, a destination pile and a card count: ``3a`` (column 3 to cell a),
``a5`` (cell a to column 5), ``3H`` (column 3 to the hearts foundation), ``H3`` (a
take-back), ``26x3`` (three cards from column 2 to column 6). Moves are joined with
spaces or dots in a replay line.

>>> Move.parse("26x3")
Move.parse('26x3')
>>> Move.parse("a5").count
1
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import NotationError, clipped
from .piles import Pile


@dataclass(frozen=True, slots=True)
class Move:
    """Move the top ``count`` cards of ``source`` onto ``target``."""

    source: Pile
    target: Pile
    count: int = 1

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read our notation: two pile characters, then ``x`` and a count for a group."""
        if not isinstance(text, str):
            raise NotationError("a move must be text")
        token = text.strip()
        piles, x, count = token.partition("x")
        if len(piles) != 2 or (
            x and not (count.isdecimal() and count.isascii() and len(count) <= 2 and 2 <= int(count) <= 13)
        ):
            raise NotationError(
                f"{clipped(token)!r} is not a move (write it like 3a, a5, 3H or 26x3)", code="bad-move"
            )
        return cls(Pile.parse(piles[0]), Pile.parse(piles[1]), int(count) if x else 1)

    def __str__(self) -> str:
        suffix = f"x{self.count}" if self.count > 1 else ""
        return f"{self.source}{self.target}{suffix}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def reverse(self) -> Move:
        """The move that puts the cards back (used by undo; it may not be legal play)."""
        return Move(self.target, self.source, self.count)

    @property
    def points(self) -> int:
        """Score: +10 onto a foundation from a column or cell, +5 from a cell onto a
        column, 0 for anything else (SPEC §7)."""
        if self.target.is_foundation and not self.source.is_foundation:
            return 10
        if self.source.is_cell and self.target.is_column:
            return 5
        return 0
