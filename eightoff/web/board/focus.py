"""Where the board's keyboard focus goes (pure Python, no browser import; tested under
CPython).

The board is one tab stop with a roving ``tabindex``: one :class:`Spot` holds it. A spot
is a card of a column (its ``index``, 0 = bottom) or a whole pile (``index`` ``None``:
a cell, a foundation, an empty column). The rows are the piles as the page draws them,
top to bottom, each left to right (:func:`rows_for`); the last row is the columns.

- Left/Right: the neighbouring pile of the row (a column's top card); no wrapping.
- Up/Down: inside a column, the card below/above in the fan; past its first card, Up goes
  to the row above; from another row, the row below/above at the same place across.
- Home/End: the first/last pile of the row (a column's top card, also from inside it).

>>> rows = rows_for(2, 1)
>>> rows[0]
('cell-1', 'cell-2', 'foundation-S', 'foundation-H', 'foundation-D', 'foundation-C')
>>> sizes = {"column-1": 6, "column-2": 0}
>>> step(rows, sizes, Spot("column-1", 5), "ArrowUp")
Spot(pile='column-1', index=4)
>>> step(rows, sizes, Spot("column-1", 5), "ArrowRight")
Spot(pile='column-2', index=None)
>>> step(rows, sizes, Spot("column-1", 0), "ArrowUp")
Spot(pile='cell-1', index=None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...cards import SUITS
from ...piles import COLUMNS
from ...position import Position
from ..actions import NAV_KEYS, NavKey

Rows = Sequence[Sequence[str]]


@dataclass(frozen=True)
class Spot:
    """What holds the board's focus: card ``index`` of a column, or the pile itself."""

    pile: str
    index: int | None = None


def rows_for(cells: int, layout_rows: int) -> tuple[tuple[str, ...], ...]:
    """The piles row by row as drawn: with one top row, the cells then the foundations;
    with two, the foundations above the cells; then the columns.

    >>> [len(row) for row in rows_for(8, 2)]
    [4, 8, 8]
    """
    cell_row = tuple(f"cell-{n}" for n in range(1, cells + 1))
    foundation_row = tuple(f"foundation-{suit}" for suit in SUITS)
    columns = tuple(f"column-{n}" for n in range(1, COLUMNS + 1))
    if layout_rows == 2:
        return foundation_row, cell_row, columns
    return cell_row + foundation_row, columns


def landing(pile: str, sizes: Mapping[str, int], first: bool = False) -> Spot:
    """The spot of ``pile`` that takes the focus: a column's top card (its first card
    with ``first``), or the pile itself when it is no column or is empty."""
    size = sizes.get(pile, 0)
    if not pile.startswith("column-") or not size:
        return Spot(pile)
    return Spot(pile, 0 if first else size - 1)


def settle(spot: Spot, sizes: Mapping[str, int]) -> Spot:
    """The spot again after the piles changed (``sizes``: every pile's): a card index past
    the top becomes the top card, an emptied column the pile itself, a pile the game lacks
    (a cell of a game with more cells) column 1's top card.

    >>> settle(Spot("cell-8"), {"column-1": 6, "cell-1": 1})
    Spot(pile='column-1', index=5)
    """
    if spot.pile not in sizes:
        return landing("column-1", sizes)
    if spot.index is None or spot.index < sizes.get(spot.pile, 0):
        return landing(spot.pile, sizes) if spot.index is None else spot
    return landing(spot.pile, sizes)


def _place(rows: Rows, pile: str) -> tuple[int, int]:
    for r, row in enumerate(rows):
        if pile in row:
            return r, row.index(pile)
    raise ValueError(f"the pile {pile!r} is not on the board")


def _across(index: int, old: int, new: int) -> int:
    """The place in a row of ``new`` piles under place ``index`` of a row of ``old``."""
    return min(new - 1, (2 * index + 1) * new // (2 * old))


def step(rows: Rows, sizes: Mapping[str, int], spot: Spot, key: NavKey) -> Spot:
    """The spot that takes the focus from ``spot`` for the arrow key, Home or End
    (``spot`` itself at an edge). Raises ``ValueError`` for a pile not in ``rows``.

    >>> rows = rows_for(4, 1)
    >>> step(rows, {}, Spot("foundation-C"), "ArrowDown")
    Spot(pile='column-8', index=None)
    >>> step(rows, {"column-3": 2}, Spot("column-8"), "Home")
    Spot(pile='column-1', index=None)
    """
    r, p = _place(rows, spot.pile)
    row = rows[r]
    column = spot.pile.startswith("column-")
    if key in ("Home", "End"):
        return landing(row[0 if key == "Home" else -1], sizes)
    if key in ("ArrowLeft", "ArrowRight"):
        q = max(0, p - 1) if key == "ArrowLeft" else min(len(row) - 1, p + 1)
        return spot if q == p else landing(row[q], sizes)
    if key == "ArrowDown":
        if column and spot.index is not None and spot.index < sizes.get(spot.pile, 0) - 1:
            return Spot(spot.pile, spot.index + 1)
        if r == len(rows) - 1:
            return spot
        below = rows[r + 1]
        return landing(below[_across(p, len(row), len(below))], sizes, first=True)
    if column and spot.index:
        return Spot(spot.pile, spot.index - 1)
    if r == 0:
        return spot
    above = rows[r - 1]
    return landing(above[_across(p, len(row), len(above))], sizes)


def spot_of_card(position: Position, card: str) -> Spot:
    """The spot of ``card`` where it lies: its index in a column, else its pile.

    >>> from eightoff import DealCode
    >>> spot_of_card(DealCode.parse("EO1-C8-AAAAAFA").deal(), "5S")
    Spot(pile='column-1', index=5)
    """
    for pile in position.piles():
        cards = [str(c) for c in position.cards(pile)]
        if card in cards:
            return Spot(pile.key, cards.index(card) if pile.is_column else None)
    raise ValueError(f"{card} is not in the position")


__all__ = ["NAV_KEYS", "NavKey", "Rows", "Spot", "landing", "rows_for", "settle", "spot_of_card", "step"]
