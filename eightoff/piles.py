"""Pile references: columns 1–8, cells 1–N, foundations S H D C.

Two notations: the move notation's one character (``3``, ``c``, ``H``) and the page's
key (``column-3``, ``cell-3``, ``foundation-H``).

>>> Pile.parse("c"), Pile.from_key("foundation-H")
(Pile.parse('c'), Pile.parse('H'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .cards import SUITS
from .errors import NotationError

Kind = Literal["column", "cell", "foundation"]
COLUMNS: Final = 8
CELL_LETTERS: Final = "abcdefgh"


@dataclass(frozen=True, slots=True)
class Pile:
    """A pile: ``kind`` and ``index`` (1-based; foundations 1–4 in the order S H D C)."""

    kind: Kind
    index: int

    @classmethod
    def column(cls, index: int) -> Pile:
        return cls("column", index)

    @classmethod
    def cell(cls, index: int) -> Pile:
        return cls("cell", index)

    @classmethod
    def foundation(cls, suit: str) -> Pile:
        return cls("foundation", SUITS.index(suit) + 1)

    @property
    def suit(self) -> str:
        """The suit of a foundation."""
        return SUITS[self.index - 1]

    @classmethod
    def parse(cls, token: str) -> Pile:
        """Read one character: ``1``–``8``, ``a``–``h``, ``S H D C`` (case matters)."""
        if len(token) == 1:
            if token in "12345678":
                return cls("column", int(token))
            if token in CELL_LETTERS:
                return cls("cell", CELL_LETTERS.index(token) + 1)
            if token in SUITS:
                return cls.foundation(token)
        raise NotationError(f"{token!r} is not a pile (columns 1-8, cells a-h, foundations S H D C)")

    def __str__(self) -> str:
        if self.kind == "column":
            return str(self.index)
        if self.kind == "cell":
            return CELL_LETTERS[self.index - 1]
        return self.suit

    def __repr__(self) -> str:
        return f"Pile.parse({str(self)!r})"

    @property
    def key(self) -> str:
        """The page's name of the pile: ``column-3``, ``cell-1``, ``foundation-S``."""
        tail = self.suit if self.kind == "foundation" else str(self.index)
        return f"{self.kind}-{tail}"

    @classmethod
    def from_key(cls, key: str) -> Pile:
        """Read the page's name of a pile (the inverse of :attr:`key`)."""
        kind, _, tail = key.partition("-")
        if kind == "foundation" and len(tail) == 1 and tail in SUITS:
            return cls.foundation(tail)
        if kind in ("column", "cell") and tail in ("1", "2", "3", "4", "5", "6", "7", "8"):
            return cls(kind, int(tail))  # type: ignore[arg-type]
        raise NotationError(f"{key!r} is not a pile name")

    @property
    def is_column(self) -> bool:
        return self.kind == "column"

    @property
    def is_cell(self) -> bool:
        return self.kind == "cell"

    @property
    def is_foundation(self) -> bool:
        return self.kind == "foundation"
