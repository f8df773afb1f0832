"""A position: the eight columns, the playable cells and the four foundations.

Positions are immutable and always valid: every constructor checks that the 52 cards are
each exactly once on the table (see :meth:`Position.validate`). They read and write
Freecell Solver's board format, the field's common text notation:

>>> p = Position.from_fcs('''
... Foundations: S-Q H-K D-K C-K
... Freecells: KS
... : ''', cells=2)
>>> p.cells
(Card.parse('KS'), None)
>>> print(p.fcs())
Foundations: S-Q H-K D-K C-K
Freecells: KS -
:
:
:
:
:
:
:
:
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, TypeVar

from .cards import DECK, RANKS, SUITS, Card
from .errors import EightOffError, NotationError, PositionError
from .piles import COLUMNS, Pile

CELL_COUNTS: Final = (8, 4, 2)
"""The cell counts a game may have (SPEC §2), the standard one first."""
Column = tuple[Card, ...]
ErrorType = TypeVar("ErrorType", bound=EightOffError)


def cell_choices(prefix: str = "") -> str:
    """The cell counts in words: ``'8, 4 or 2'`` (``'C8, C4 or C2'`` with ``prefix='C'``)."""
    words = [f"{prefix}{count}" for count in CELL_COUNTS]
    return f"{', '.join(words[:-1])} or {words[-1]}"


def check_cells(count: object, error: type[ErrorType], code: str | None = None) -> int:
    """``count`` if a game may have that many cells; else raise ``error`` (with ``code``)
    saying so, in the one sentence every part of the game uses.

    >>> check_cells(6, PositionError)
    Traceback (most recent call last):
    ...
    eightoff.errors.PositionError: a game has 8, 4 or 2 cells, not 6
    """
    if type(count) is int and count in CELL_COUNTS:
        return count
    raise error(f"a game has {cell_choices()} cells, not {count!r:.20}", code=code)


@dataclass(frozen=True, slots=True)
class Position:
    """``columns`` bottom to top, ``cells`` (``None`` = empty), ``foundations``: the
    rank on top of each foundation in the order S H D C (0 = empty)."""

    columns: tuple[Column, ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[int, int, int, int]

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise :class:`PositionError` unless the 52 cards are each on the table once."""
        if len(self.columns) != COLUMNS:
            raise PositionError(f"a position has 8 columns, not {len(self.columns)}")
        check_cells(len(self.cells), PositionError)
        if len(self.foundations) != 4 or any(not 0 <= r <= 13 for r in self.foundations):
            raise PositionError("each foundation holds 0 to 13 cards")
        seen = [DECK[13 * s + r] for s, top in enumerate(self.foundations) for r in range(top)]
        seen += [card for column in self.columns for card in column]
        seen += [card for card in self.cells if card is not None]
        if not all(isinstance(card, Card) for card in seen):
            raise PositionError("a pile holds something that is not a card")
        counts = Counter(seen)
        doubled = [str(c) for c in DECK if counts[c] > 1]
        if doubled:
            raise PositionError(f"a card appears twice: {', '.join(doubled)}")
        missing = [str(c) for c in DECK if not counts[c]]
        if missing:
            raise PositionError(f"cards are missing: {', '.join(missing)}")

    @classmethod
    def _unchecked(
        cls,
        columns: tuple[Column, ...],
        cells: tuple[Card | None, ...],
        foundations: tuple[int, int, int, int],
    ) -> Position:
        """Build a position the rules produced from a valid one, skipping the check."""
        position = object.__new__(cls)
        object.__setattr__(position, "columns", columns)
        object.__setattr__(position, "cells", cells)
        object.__setattr__(position, "foundations", foundations)
        return position

    # -- queries -------------------------------------------------------------------

    def cards(self, pile: Pile) -> tuple[Card, ...]:
        """The cards of a pile, bottom to top (a foundation's cards from the ace up)."""
        self.check_pile(pile)
        if pile.kind == "column":
            return self.columns[pile.index - 1]
        if pile.kind == "cell":
            card = self.cells[pile.index - 1]
            return () if card is None else (card,)
        top = self.foundations[pile.index - 1]
        return tuple(Card(rank, pile.suit) for rank in range(1, top + 1))

    def top(self, pile: Pile) -> Card | None:
        """The top card of a pile, or ``None`` when it is empty."""
        self.check_pile(pile)
        if pile.kind == "column":
            column = self.columns[pile.index - 1]
            return column[-1] if column else None
        if pile.kind == "cell":
            return self.cells[pile.index - 1]
        top = self.foundations[pile.index - 1]
        return Card(top, pile.suit) if top else None

    def size(self, pile: Pile) -> int:
        """How many cards a pile holds."""
        self.check_pile(pile)
        if pile.kind == "column":
            return len(self.columns[pile.index - 1])
        if pile.kind == "cell":
            return int(self.cells[pile.index - 1] is not None)
        return self.foundations[pile.index - 1]

    def check_pile(self, pile: Pile) -> None:
        """Raise :class:`NotationError` for a pile this game does not have."""
        # Compared, not looked up in a dict built per call: every query of a pile asks this
        # (legal_moves about 600 times a position), and the dict took half of its time.
        kind = pile.kind
        if kind == "column":
            limit = COLUMNS
        elif kind == "cell":
            limit = len(self.cells)
        else:
            limit = 4 if kind == "foundation" else 0
        if not 1 <= pile.index <= limit:
            raise NotationError(f"there is no {pile.kind} {pile.index} in this game", code="no-pile")

    def piles(self) -> Iterator[Pile]:
        """Every pile of the game: columns, then cells, then foundations."""
        yield from (Pile.column(i) for i in range(1, COLUMNS + 1))
        yield from (Pile.cell(i) for i in range(1, len(self.cells) + 1))
        yield from (Pile.foundation(s) for s in SUITS)

    @property
    def free_cells(self) -> int:
        return sum(card is None for card in self.cells)

    @property
    def empty_columns(self) -> int:
        return sum(not column for column in self.columns)

    @property
    def is_won(self) -> bool:
        """All 52 cards are on the foundations."""
        return self.foundations == (13, 13, 13, 13)

    # -- Freecell Solver's board format -------------------------------------------

    def fcs(self) -> str:
        """The position in Freecell Solver's board format, one column a line."""
        tops = (RANKS[r - 1] if r else "0" for r in self.foundations)
        found = " ".join(f"{suit}-{top}" for suit, top in zip(SUITS, tops, strict=False))
        cells = " ".join("-" if c is None else str(c) for c in self.cells)
        lines = [f"Foundations: {found}", f"Freecells: {cells}"]
        lines += [(": " + " ".join(map(str, column))).rstrip() for column in self.columns]
        return "\n".join(lines)

    @classmethod
    def from_fcs(cls, text: str, cells: int | None = None) -> Position:
        """Read Freecell Solver's board format.

        ``Foundations:`` and ``Freecells:`` lines are optional; columns are the other
        non-blank lines, with or without a leading ``:``. ``cells`` sets the number of
        playable cells (trailing empty cells may then be left out); without it, the
        ``Freecells:`` line gives the count.
        """
        if not isinstance(text, str):
            raise NotationError("a position must be text")
        foundations = [0, 0, 0, 0]
        cell_tokens: list[str] = []
        columns: list[Column] = []
        for raw in text.splitlines():
            line = raw.strip()
            head, colon, rest = line.partition(":")
            if colon and head.lower() == "foundations":
                foundations = _read_foundations(rest)
            elif colon and head.lower() == "freecells":
                cell_tokens = rest.split()
            elif line:
                body = rest if colon and not head else line
                columns.append(tuple(Card.parse(token) for token in body.split()))
        if len(columns) > COLUMNS:
            raise NotationError(f"a position has 8 columns, this text has {len(columns)}")
        columns += [()] * (COLUMNS - len(columns))
        count = check_cells(len(cell_tokens) if cells is None else cells, NotationError)
        if len(cell_tokens) > count:
            raise NotationError(f"{len(cell_tokens)} cells are listed for a game of {count}")
        cards = [None if t == "-" else Card.parse(t) for t in cell_tokens]
        cards += [None] * (count - len(cards))
        return cls(
            tuple(columns), tuple(cards), (foundations[0], foundations[1], foundations[2], foundations[3])
        )


def _read_foundations(text: str) -> list[int]:
    found = [0, 0, 0, 0]
    for token in text.split():
        suit, dash, rank = token.upper().partition("-")
        if not dash or suit not in SUITS or not rank:
            raise NotationError(f"{token!r} is not a foundation (write it like H-5 or S-0)")
        if rank.isascii() and rank.isdecimal() and len(rank) <= 2 and int(rank) <= 13:
            found[SUITS.index(suit)] = int(rank)
        elif len(rank) == 1 and rank in RANKS:
            found[SUITS.index(suit)] = RANKS.index(rank) + 1
        else:
            raise NotationError(f"{token!r} is not a foundation (write it like H-5 or S-0)")
    return found
