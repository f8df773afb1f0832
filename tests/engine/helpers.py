"""Shared builders for the engine tests: exact positions from short text."""

from __future__ import annotations

from eightoff import DECK, SUITS, DealCode, Game, Position
from eightoff.cards import RANKS


def board(*columns: str, cells: str = "", found: str = "", n: int = 8) -> Position:
    """A position from its columns (bottom to top), its cells and its foundations.

    ``*`` in a column stands for every card not placed anywhere else, in deck order
    (AS 2S … KC), so a test names only the cards it is about. ``found`` is Freecell
    Solver's foundation text (``"S-K H-3"``); ``cells`` lists cards and ``-``.
    """
    tops = {suit: 0 for suit in SUITS}
    for token in found.split():
        suit, _, rank = token.partition("-")
        tops[suit] = RANKS.index(rank) + 1 if rank != "0" else 0
    named = " ".join(columns).split() + cells.split()
    placed = {token for token in named if token not in ("*", "-")}
    rest = [str(card) for card in DECK if str(card) not in placed and card.rank > tops[card.suit]]
    lines = [f"Foundations: {found}", f"Freecells: {cells}"]
    lines += [": " + column.replace("*", " ".join(rest)) for column in columns]
    return Position.from_fcs("\n".join(lines), cells=n)


def game_at(position: Position) -> Game:
    """A game in progress at ``position`` (its code only matters for restart)."""
    return Game(DealCode(0, len(position.cells)), position)
